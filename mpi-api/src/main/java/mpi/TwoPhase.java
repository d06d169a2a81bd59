package mpi;

/**
 * The arithmetic of two-phase collective I/O: the file range the ranks' pieces cover is cut
 * into one contiguous <em>file domain</em> per aggregator, and every rank's pieces are split at
 * the domain boundaries, so that each aggregator reads or writes its domain in large
 * contiguous calls. Pure functions; {@link File} does the exchanges.
 */
final class TwoPhase {
    /** Domain boundaries are rounded to this many bytes (a file system block) when domains are larger. */
    static final long ALIGNMENT = 4096;
    /**
     * Bytes of file an aggregator moves per round (the {@code cb_buffer_size} hint overrides it):
     * a domain larger than this is done in several rounds, so that the exchange buffer stays
     * bounded whatever the file's size.
     */
    static final long BUFFER_SIZE = 32L << 20;

    private TwoPhase() {
    }

    /**
     * Boundaries of {@code aggregators} domains covering {@code [low, high)}: domain {@code a} is
     * {@code [bounds[a], bounds[a + 1])}; the first starts at {@code low}, the last ends at
     * {@code high}; the inner ones are of near-equal size, rounded to {@link #ALIGNMENT} when each
     * domain holds at least that much. Domains may be empty (equal bounds).
     */
    static long[] domains(long low, long high, int aggregators) {
        long[] bounds = new long[aggregators + 1];
        long span = Math.max(0, high - low);
        long each = (span + aggregators - 1) / aggregators;
        boolean align = each >= ALIGNMENT;
        bounds[0] = low;
        for (int a = 1; a < aggregators; a++) {
            long b = low + each * a;
            if (align) {
                b = (b + ALIGNMENT / 2) / ALIGNMENT * ALIGNMENT;
            }
            bounds[a] = Math.max(bounds[a - 1], Math.min(high, b));
        }
        bounds[aggregators] = Math.max(bounds[aggregators - 1], high);
        return bounds;
    }

    /** The rank that aggregates domain {@code a} of {@code aggregators} among {@code size} ranks. */
    static int aggregatorRank(int a, int aggregators, int size) {
        return (int) ((long) a * size / aggregators);
    }

    /** Rounds needed so that no domain's window exceeds {@code chunk} bytes (at least 1). */
    static int rounds(long[] bounds, long chunk) {
        long largest = 0;
        for (int a = 0; a + 1 < bounds.length; a++) {
            largest = Math.max(largest, bounds[a + 1] - bounds[a]);
        }
        return (int) Math.max(1, (largest + chunk - 1) / chunk);
    }

    /** Round {@code round}'s window of each domain: {@code [low[a], high[a])}, at most {@code chunk} bytes, maybe empty. */
    static void windows(long[] bounds, long chunk, int round, long[] low, long[] high) {
        for (int a = 0; a + 1 < bounds.length; a++) {
            long lo = Math.min(bounds[a] + round * chunk, bounds[a + 1]);
            low[a] = lo;
            high[a] = Math.min(lo + chunk, bounds[a + 1]);
        }
    }

    /**
     * Splits ascending {@code pieces} at the domain {@code bounds} (one round covering every
     * domain whole): see {@link #split(FilePieces, long[], long[], FilePieces[], long[], int[])}.
     */
    static void split(FilePieces pieces, long[] bounds, FilePieces[] out, int[] streamBytes) {
        int domains = bounds.length - 1;
        long[] low = java.util.Arrays.copyOf(bounds, domains);
        long[] high = java.util.Arrays.copyOfRange(bounds, 1, domains + 1);
        split(pieces, low, high, out, new long[domains], streamBytes);
    }

    /**
     * Splits ascending {@code pieces} at the ascending, disjoint windows {@code [low[a], high[a])}:
     * {@code out[a]} gets the parts inside window {@code a}; {@code streamBytes[a]} the bytes of them,
     * which are one contiguous segment of the rank's data starting {@code streamStart[a]} bytes in
     * (0 for an empty one). Parts outside every window are left out (another round's).
     */
    static void split(FilePieces pieces, long[] low, long[] high, FilePieces[] out, long[] streamStart,
                      int[] streamBytes) {
        int windows = low.length;
        for (int a = 0; a < windows; a++) {
            out[a].clear();
            streamBytes[a] = 0;
            streamStart[a] = -1;
        }
        int first = 0;
        long pos = 0;
        for (int i = 0; i < pieces.count; i++) {
            long o = pieces.offsets[i];
            long end = o + pieces.lengths[i];
            while (first < windows && high[first] <= o) {
                first++;
            }
            for (int a = first; a < windows && low[a] < end; a++) {
                long s = Math.max(o, low[a]);
                long e = Math.min(end, high[a]);
                if (s < e) {
                    if (streamStart[a] < 0) {
                        streamStart[a] = pos + (s - o);
                    }
                    out[a].add(s, e - s);
                    streamBytes[a] += (int) (e - s);
                }
            }
            pos += pieces.lengths[i];
        }
        for (int a = 0; a < windows; a++) {
            if (streamStart[a] < 0) {
                streamStart[a] = 0;
            }
        }
    }
}

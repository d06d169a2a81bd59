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

    /**
     * Splits ascending {@code pieces} at the domain {@code bounds}: {@code out[a]} gets the parts
     * inside domain {@code a}; {@code streamBytes[a]} the bytes of them (which are one contiguous
     * segment of the rank's data, segments in domain order).
     */
    static void split(FilePieces pieces, long[] bounds, FilePieces[] out, int[] streamBytes) {
        int domains = bounds.length - 1;
        for (int a = 0; a < domains; a++) {
            out[a].clear();
            streamBytes[a] = 0;
        }
        int a = 0;
        for (int i = 0; i < pieces.count; i++) {
            long o = pieces.offsets[i];
            long l = pieces.lengths[i];
            while (l > 0) {
                while (a < domains - 1 && o >= bounds[a + 1]) {
                    a++;
                }
                long n = a == domains - 1 ? l : Math.min(l, bounds[a + 1] - o);
                out[a].add(o, n);
                streamBytes[a] += (int) n;
                o += n;
                l -= n;
            }
        }
    }
}

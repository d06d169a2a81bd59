package org.atollmpi.bench.osu;

import java.lang.management.ManagementFactory;

import mpi.Comm;
import mpi.MPI;

/**
 * What the OSU point-to-point benchmarks share: ranks in pairs (rank r and r + n/2, so 0 and 1 on
 * two ranks), the table of OSU's figures per size, the {@code --percentiles} columns, the optional
 * JIT warm-up pass and the {@code -g} allocation probe. A subclass runs one message size at a time.
 *
 * <p>By default each size is measured as OSU measures it: its skip iterations untimed, then the
 * timed ones, in one loop. {@code --jit-warmup} adds, before the first size, one untimed pass over
 * every size (our earlier default; see {@link #warmUpTheJit}).
 *
 * <p>With {@code --percentiles}, each row ends in p50, p99 and max of rank 0's per-iteration
 * times ({@link IterationTimes}) in microseconds, after the OSU columns so that OSU's parsers
 * still read the mean; what one iteration is, each benchmark says ({@link #lapDescription}).
 */
abstract class PairBenchmark extends OsuBenchmark {
    static final int TAG_DATA = 1;
    static final int TAG_REPORT = 2;

    /** Whether this rank is the first of its pair (it pings, or sends the windows). */
    final boolean sender;
    /** The other rank of the pair. */
    final int peer;
    /** This rank's per-iteration times under {@code --percentiles}; what the columns report. */
    final IterationTimes laps;

    PairBenchmark(OsuOptions options, Comm comm) {
        super(options, comm);
        int pairs = comm.getSize() / 2;
        sender = rank < pairs;
        peer = sender ? rank + pairs : rank - pairs;
        laps = new IterationTimes(options.percentiles, mostIterations(options));
    }

    /** The largest timed iteration count of any size: the room {@link IterationTimes} needs. */
    static int mostIterations(OsuOptions options) {
        int most = 1;
        for (int size : options.sizes()) {
            most = Math.max(most, options.iterations(size));
        }
        return most;
    }

    /** The sizes of the rows: those of {@code -m}; a benchmark of whole elements starts at one. */
    int[] sizes() {
        return options.sizes();
    }

    /** The column headers after the size, formatted: {@code field("Latency (us)")}. */
    abstract String columns();

    /** The figures of a row after the size, formatted; by default the one value. */
    String figures(int size, double value) {
        return field(value);
    }

    /** What one timed iteration is, for the percentiles note: "half a round trip". */
    abstract String lapDescription();

    /** A lap in microseconds of what {@link #lapDescription} names; by default the whole lap. */
    double lapMicros(long nanos) {
        return nanos / 1e3;
    }

    /**
     * Runs one size: warm-up, timed loop (calling {@link #startTiming} at its start and
     * {@code laps.lap()} after each timed iteration). Returns the value for the row (rank 0 only).
     */
    abstract double measure(int size, int iterations, int warmup);

    /** Checks the data of {@code size}-byte messages; returns the errors this rank saw. */
    abstract long validate(int size, int iterations);

    @Override
    void printNotes() {
        if (options.percentiles) {
            out.println("# Percentiles: p50, p99 and max of " + lapDescription() + " on rank 0, in us");
        }
    }

    @Override
    final void run() {
        printPreamble(sizeHeader() + columns()
                + (options.percentiles ? field("P50 (us)") + field("P99 (us)") + field("Max (us)") : ""));
        if (options.jitWarmup) {
            warmUpTheJit();
        }
        boolean probed = false;
        int[] sizes = sizes();
        for (int k = 0; k < sizes.length; k++) {
            int size = sizes[k];
            progress(size, k, sizes.length);
            int iterations = options.iterations(size);
            int warmup = options.warmup(size);
            boolean probe = options.allocation && size == OsuOptions.ALLOCATION_PROBE_SIZE;
            probing = probe;
            double value = measure(size, iterations, warmup);
            long allocated = probe ? allocatedSinceStart() : 0;
            long errors = options.validate ? sumOverRanks(validate(size, Math.min(iterations, 100))) : 0;
            printRow(sizeField(size) + figures(size, value) + percentiles(), size, errors);
            if (probe) {
                probed = true;
                reportAllocation(allocated, iterations);
            }
        }
        if (options.allocation && !probed && rank == 0) {
            out.println("# -g: size " + OsuOptions.ALLOCATION_PROBE_SIZE + " is not in the range, nothing measured");
        }
        printSummary();
    }

    /** The percentile columns of the size just measured, or nothing without {@code --percentiles}. */
    private String percentiles() {
        if (!options.percentiles) {
            return "";
        }
        return field(lapMicros(laps.percentile(50))) + field(lapMicros(laps.percentile(99)))
                + field(lapMicros(laps.percentile(100)));
    }

    /**
     * {@code --jit-warmup}: one untimed pass over every size before any is measured. A C
     * benchmark starts at full speed; a JVM interprets, then compiles, and its compiler threads
     * take the cores that two spinning ranks need, so without this the first sizes of a run
     * measure the JIT, not the library. OSU has no such pass, and users' benchmarks do not
     * either, so it is off by default: the default shows what they see. The timed iterations per
     * size stay the OSU (and C reference) counts.
     */
    private void warmUpTheJit() {
        boolean first = true;
        for (int size : sizes()) {
            // The first size warms the path every small message shares long enough for C2 to
            // compile it (tens of thousands of calls, then the compile itself); later sizes warm
            // their own protocol: small ones by count, large ones by about 256 MiB moved each.
            int messages = first ? 100_000 : (int) Math.max(20, Math.min(10_000, (256L << 20) / Math.max(1, size)));
            if (first && size > 65536) {
                messages = (int) Math.max(20, (256L << 20) / size);
            }
            // Many short calls, not one long one: the timed call is a new invocation, and it must find
            // measure() itself compiled, not only an on-stack-replacement of one long loop.
            int iterations = Math.max(1, messages / messagesPerIteration());
            int perCall = Math.max(1, Math.min(iterations, 500));
            for (int done = 0; done < iterations; done += perCall) {
                measure(size, perCall, 0);
            }
            first = false;
        }
        comm.barrier();
    }

    /** Messages one iteration of {@link #measure} sends each way (a bandwidth window, or one). */
    int messagesPerIteration() {
        return 1;
    }

    // ---- timing and the allocation probe -------------------------------------------------

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private boolean probing;
    private long allocationStart;
    private long probeOverhead;

    /**
     * Barrier, then the start time; with {@code -g} at the probe size, the allocation counter too;
     * with {@code --percentiles}, the first lap starts.
     */
    final double startTiming() {
        comm.barrier();
        return startClock();
    }

    /**
     * {@link #startTiming} without the barrier: for a loop that only one rank of the pair runs
     * (one-sided passive target), after a barrier before the loop.
     */
    final double startClock() {
        if (probing) {
            long a = THREADS.getCurrentThreadAllocatedBytes();
            long b = THREADS.getCurrentThreadAllocatedBytes();
            probeOverhead = b - a;
            allocationStart = THREADS.getCurrentThreadAllocatedBytes();
        }
        laps.start();
        return MPI.wtime();
    }

    private long allocatedSinceStart() {
        long end = THREADS.getCurrentThreadAllocatedBytes();
        return Math.max(0, end - allocationStart - probeOverhead);
    }

    /** Rank 1 sends its count to rank 0, which prints both. */
    private void reportAllocation(long allocated, int iterations) {
        long[] other = new long[1];
        if (rank == 1) {
            other[0] = allocated;
            comm.send(other, 1, MPI.LONG, 0, TAG_REPORT);
            return;
        }
        comm.recv(other, 1, MPI.LONG, 1, TAG_REPORT);
        out.println(String.format("# Allocated at %d bytes, timed loop of %d iterations:"
                        + " rank 0 %d bytes (%.2f per iteration), rank 1 %d bytes (%.2f per iteration)",
                OsuOptions.ALLOCATION_PROBE_SIZE, iterations,
                allocated, (double) allocated / iterations, other[0], (double) other[0] / iterations));
        out.flush();
    }
}

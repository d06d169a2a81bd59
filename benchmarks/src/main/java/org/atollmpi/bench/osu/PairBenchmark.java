package org.atollmpi.bench.osu;

import java.lang.management.ManagementFactory;

import mpi.Comm;
import mpi.MPI;

/**
 * What the two OSU point-to-point benchmarks share: the two-rank table of one figure per size, the
 * JIT warm-up pass and the {@code -g} allocation probe. A subclass runs one message size at a time.
 */
abstract class PairBenchmark extends OsuBenchmark {
    static final int TAG_DATA = 1;
    static final int TAG_REPORT = 2;

    PairBenchmark(OsuOptions options, Comm comm) {
        super(options, comm);
    }

    /** Column header: "Latency (us)" or "Bandwidth (MB/s)". */
    abstract String column();

    /**
     * Runs one size: warm-up, timed loop (calling {@link #startTiming} at its start) and, with
     * {@code -c}, validation. Returns the value for the row (rank 0 only).
     */
    abstract double measure(int size, int iterations, int warmup);

    /** Checks the data of {@code size}-byte messages; returns the errors this rank saw. */
    abstract long validate(int size, int iterations);

    @Override
    final void run() {
        printPreamble(sizeHeader() + field(column()));
        warmUpTheJit();
        boolean probed = false;
        for (int size : options.sizes()) {
            int iterations = options.iterations(size);
            int warmup = options.warmup(size);
            boolean probe = options.allocation && size == OsuOptions.ALLOCATION_PROBE_SIZE;
            probing = probe;
            double value = measure(size, iterations, warmup);
            long allocated = probe ? allocatedSinceStart() : 0;
            long errors = options.validate ? sumOverRanks(validate(size, Math.min(iterations, 100))) : 0;
            printRow(sizeField(size) + field(value), size, errors);
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

    /**
     * One untimed pass over every size before any is measured. A C benchmark starts at full
     * speed; a JVM interprets, then compiles, and its compiler threads take the cores that two
     * spinning ranks need, so without this the first sizes of a run measure the JIT, not the
     * library. The timed iterations per size stay the OSU (and C reference) counts.
     */
    private void warmUpTheJit() {
        boolean first = true;
        for (int size : options.sizes()) {
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

    /** Barrier, then the start time; with {@code -g} at the probe size, the allocation counter too. */
    final double startTiming() {
        comm.barrier();
        if (probing) {
            long a = THREADS.getCurrentThreadAllocatedBytes();
            long b = THREADS.getCurrentThreadAllocatedBytes();
            probeOverhead = b - a;
            allocationStart = THREADS.getCurrentThreadAllocatedBytes();
        }
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

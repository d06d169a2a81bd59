package org.atollmpi.bench.osu;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;

import mpi.Comm;
import mpi.MPI;

/**
 * What the two OSU point-to-point benchmarks share: option parsing, the two-rank check, the
 * header, the rows, validation bookkeeping and the {@code -g} allocation probe. A subclass runs
 * one message size at a time.
 */
abstract class OsuBenchmark {
    /** The OSU micro-benchmarks release whose Java tests this output follows. */
    static final String OSU_VERSION = "v7.5";
    static final int FIELD_WIDTH = 18;

    static final int TAG_DATA = 1;
    static final int TAG_REPORT = 2;

    final OsuOptions options;
    final Comm comm;
    final int rank;
    final PrintStream out = System.out;
    int failedSizes;

    OsuBenchmark(OsuOptions options, Comm comm) {
        this.options = options;
        this.comm = comm;
        this.rank = comm.getRank();
    }

    /** Title word: "Latency" or "Bandwidth". */
    abstract String title();

    /** Column header: "Latency (us)" or "Bandwidth (MB/s)". */
    abstract String column();

    /**
     * Runs one size: warm-up, timed loop (calling {@link #startTiming} at its start) and, with
     * {@code -c}, validation. Returns the value for the row (rank 0 only).
     */
    abstract double measure(int size, int iterations, int warmup);

    /** Checks the data of {@code size}-byte messages; returns the errors this rank saw. */
    abstract long validate(int size, int iterations);

    /** The benchmark's main: Init, two-rank check, all sizes, Finalize, exit status. */
    static void main(OsuOptions.Kind kind, String program, String[] args,
                     java.util.function.BiFunction<OsuOptions, Comm, OsuBenchmark> factory) {
        args = MPI.Init(args);
        Comm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int status = 0;
        OsuOptions options = null;
        try {
            options = OsuOptions.parse(kind, args);
        } catch (IllegalArgumentException e) {
            if (rank == 0) {
                System.err.println(program + ": " + e.getMessage());
                System.err.print(OsuOptions.usage(kind, program));
            }
            status = 1;
        }
        if (options != null && options.help) {
            if (rank == 0) {
                System.out.print(OsuOptions.usage(kind, program));
            }
        } else if (options != null && world.getSize() != 2) {
            if (rank == 0) {
                System.err.println("This test requires exactly two processes");
            }
            status = 1;
        } else if (options != null) {
            OsuBenchmark benchmark = factory.apply(options, world);
            benchmark.run();
            status = benchmark.failedSizes == 0 ? 0 : 1;
        }
        System.out.flush();
        MPI.Finalize();
        if (status != 0) {
            System.exit(status);
        }
    }

    final void run() {
        if (rank == 0) {
            out.println("# OSU MPI-Java " + title() + " Test " + OSU_VERSION);
            out.println("# Buffers: " + (options.buffers == OsuOptions.BufferKind.ARRAYS
                    ? "byte[] arrays" : "direct buffers from MPI.newByteBuffer"));
            out.print(String.format("%-10s%" + FIELD_WIDTH + "s", "# Size", column()));
            out.println(options.validate ? String.format("%" + FIELD_WIDTH + "s", "Validation") : "");
            out.flush();
        }
        warmUpTheJit();
        boolean probed = false;
        for (int size : options.sizes()) {
            int iterations = options.iterations(size);
            int warmup = options.warmup(size);
            boolean probe = options.allocation && size == OsuOptions.ALLOCATION_PROBE_SIZE;
            probing = probe;
            double value = measure(size, iterations, warmup);
            long allocated = probe ? allocatedSinceStart() : 0;
            String verdict = "";
            if (options.validate) {
                long errors = sumOverRanks(validate(size, Math.min(iterations, 100)));
                verdict = String.format("%" + FIELD_WIDTH + "s", errors == 0 ? "Pass" : "Fail");
                if (errors != 0) {
                    failedSizes++;
                    if (rank == 0) {
                        System.err.println("# validation: " + errors + " wrong bytes at size " + size);
                    }
                }
            }
            if (rank == 0) {
                out.println(String.format("%-10d%" + FIELD_WIDTH + ".2f", size, value) + verdict);
            }
            if (probe) {
                probed = true;
                reportAllocation(allocated, iterations);
            }
            if (rank == 0) {
                out.flush();
            }
        }
        if (options.allocation && !probed && rank == 0) {
            out.println("# -g: size " + OsuOptions.ALLOCATION_PROBE_SIZE + " is not in the range, nothing measured");
        }
        if (failedSizes != 0 && rank == 0) {
            out.println("# Validation failed for " + failedSizes + " sizes");
        }
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
    }

    /** Rank 0 gets the sum of both ranks' {@code value} (rank 1 gets its own). */
    private long sumOverRanks(long value) {
        long[] cell = {value};
        if (rank == 1) {
            comm.send(cell, 1, MPI.LONG, 0, TAG_REPORT);
            return value;
        }
        comm.recv(cell, 1, MPI.LONG, 1, TAG_REPORT);
        return value + cell[0];
    }
}

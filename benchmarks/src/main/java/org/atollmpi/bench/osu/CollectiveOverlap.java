package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * A nonblocking OSU collective test ({@code osu_iallreduce}, ...): how much of the collective's
 * time a computation started after it can hide, measured as OSU's in two passes per size.
 * <ol>
 * <li>Pure communication: start, wait at once; this rank's mean is its "Pure Comm." time.</li>
 * <li>Overlap: start (its time is "Coll. Init"), compute for about the pure time ("Compute"),
 *     wait ("MPI_Wait"); the whole is "Overall".</li>
 * </ol>
 * Each iteration is followed by an untimed barrier (none for {@code iBarrier}, as OSU's). The
 * figures are averaged over the ranks ({@code MPI.SUM} to rank 0), then
 * {@code Overlap(%) = 100 * (1 - (Overall - Compute) / Pure)}, clamped to 0..100: 100 when the
 * wait costs nothing after the compute, 0 when nothing moved during it.
 *
 * <p>The compute is OSU's {@code dummy_compute}: a busy loop that calls nothing in MPI, so
 * whatever overlap shows is the library progressing on its own ({@code mpirun --async-progress}).
 *
 * <pre>
 * # Size           Overall(us)       Compute(us)   [Coll. Init(us)      MPI_Wait(us)]   Pure Comm.(us)        Overlap(%)
 * </pre>
 */
final class CollectiveOverlap extends CollectiveBenchmark {
    private static final int OVERALL = 0;
    private static final int COMPUTE = 1;
    private static final int INIT = 2;
    private static final int WAIT = 3;
    private static final int PURE = 4;

    private final double[] figures = new double[5];
    private final double[] sums = new double[5];
    /** Where the compute loop leaves its result, so the JIT cannot drop the loop. */
    private double sink;

    CollectiveOverlap(OsuOptions options, Comm comm, String title, Collective collective) {
        super(options, comm, title, collective);
    }

    @Override
    void printNotes() {
        out.println("# Overall = Coll. Init + Compute + MPI_Wait");
    }

    @Override
    String columns() {
        String columns = firstColumns("Overall(us)") + field("Compute(us)");
        if (options.full) {
            columns += field("Coll. Init(us)") + field("MPI_Wait(us)");
        }
        return columns + field("Pure Comm.(us)") + field("Overlap(%)");
    }

    @Override
    double[] measure(int size, int iterations, int warmup) {
        final Collective c = collective;
        comm.barrier();
        double pure = 0;
        for (int i = 0; i < iterations + warmup; i++) {
            double start = MPI.wtime();
            c.start(size).waitFor();
            double elapsed = MPI.wtime() - start;
            if (i >= warmup) {
                pure += elapsed;
            }
            separate();
        }
        double computeSeconds = pure / iterations;

        comm.barrier();
        double overall = 0;
        double compute = 0;
        double init = 0;
        double wait = 0;
        for (int i = 0; i < iterations + warmup; i++) {
            double t0 = MPI.wtime();
            Request request = c.start(size);
            double t1 = MPI.wtime();
            compute(computeSeconds);
            double t2 = MPI.wtime();
            request.waitFor();
            double t3 = MPI.wtime();
            if (i >= warmup) {
                init += t1 - t0;
                compute += t2 - t1;
                wait += t3 - t2;
                overall += t3 - t0;
            }
            separate();
        }
        double perIteration = 1e6 / iterations;
        figures[OVERALL] = overall * perIteration;
        figures[COMPUTE] = compute * perIteration;
        figures[INIT] = init * perIteration;
        figures[WAIT] = wait * perIteration;
        figures[PURE] = pure * perIteration;
        return figures;
    }

    /**
     * OSU's {@code dummy_compute}: arithmetic until {@code seconds} have passed, reading only the
     * clock, never MPI.
     */
    private void compute(double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        double x = sink;
        do {
            for (int k = 0; k < 64; k++) {
                x = x * 0.999999 + 1.0;
            }
        } while (System.nanoTime() < end);
        sink = x;
    }

    @Override
    String report(int size, double[] mine, int iterations) {
        comm.reduce(mine, sums, mine.length, MPI.DOUBLE, MPI.SUM, 0);
        double overall = sums[OVERALL] / ranks;
        double compute = sums[COMPUTE] / ranks;
        double pure = sums[PURE] / ranks;
        String row = firstFields(size, overall) + field(compute);
        if (options.full) {
            row += field(sums[INIT] / ranks) + field(sums[WAIT] / ranks);
        }
        return row + field(pure) + field(overlap(overall, compute, pure));
    }

    /** OSU's overlap percentage: the share of the pure time that the compute hid, 0 to 100. */
    static double overlap(double overall, double compute, double pure) {
        if (pure <= 0) {
            return 0;
        }
        return Math.max(0, Math.min(100, 100 * (1 - (overall - compute) / pure)));
    }

    @Override
    void complete(int size) {
        collective.start(size).waitFor();
    }
}

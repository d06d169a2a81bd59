package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;

/**
 * A blocking OSU collective latency test ({@code osu_allreduce}, ...), measured as OSU's: each
 * iteration times the call alone, then a barrier (not timed) keeps one iteration's skew out of the
 * next; each rank's latency is its mean over the timed iterations, and the row gives the mean,
 * minimum and maximum of that over the ranks ({@code MPI.SUM}, {@code MIN}, {@code MAX} reduced
 * to rank 0).
 *
 * <pre>
 * # Size       Avg Latency(us)   [Min Latency(us)   Max Latency(us)  Iterations]   [Validation]
 * </pre>
 */
final class CollectiveLatency extends CollectiveBenchmark {
    private static final int ITERATIONS_WIDTH = 12;
    private final double[] latency = new double[1];
    private final double[] min = new double[1];
    private final double[] max = new double[1];
    private final double[] sum = new double[1];

    CollectiveLatency(OsuOptions options, Comm comm, String title, Collective collective) {
        super(options, comm, title, collective);
    }

    @Override
    String columns() {
        String columns = firstColumns("Avg Latency(us)");
        if (options.full) {
            columns += field("Min Latency(us)") + field("Max Latency(us)")
                    + String.format("%" + ITERATIONS_WIDTH + "s", "Iterations");
        }
        return columns;
    }

    @Override
    double[] measure(int size, int iterations, int warmup) {
        final Collective c = collective;
        comm.barrier();
        double total = 0;
        for (int i = 0; i < iterations + warmup; i++) {
            double start = MPI.wtime();
            c.call(size);
            double elapsed = MPI.wtime() - start;
            if (i >= warmup) {
                total += elapsed;
            }
            separate();
        }
        latency[0] = total * 1e6 / iterations;
        return latency;
    }

    @Override
    String report(int size, double[] figures, int iterations) {
        comm.reduce(figures, min, 1, MPI.DOUBLE, MPI.MIN, 0);
        comm.reduce(figures, max, 1, MPI.DOUBLE, MPI.MAX, 0);
        comm.reduce(figures, sum, 1, MPI.DOUBLE, MPI.SUM, 0);
        String row = firstFields(size, sum[0] / ranks);
        if (options.full) {
            row += field(min[0]) + field(max[0]) + String.format("%" + ITERATIONS_WIDTH + "d", iterations);
        }
        return row;
    }

    @Override
    void complete(int size) {
        collective.call(size);
    }
}

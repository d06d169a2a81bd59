package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java multiple bandwidth / message rate test: the ranks form n/2 pairs, rank r sending
 * windows of {@code -W} messages (64) to rank r + n/2, each window acknowledged, all pairs at
 * once ({@link WindowBenchmark}, as {@code osu_mbw_mr}). The row is the pairs' aggregate: MB/s
 * (10^6 bytes) and messages per second, from the bytes all senders sent and the senders' mean
 * time. A {@code --percentiles} lap is one window of the first pair (rank 0), in us.
 *
 * <pre>bin/mpirun -np 4 osu_mbw_mr [-m [min:]max] [-i n] [-x n] [-W n] [-a buffer|direct|arrays] [-c]
 *     [--percentiles] [--jit-warmup]</pre>
 */
public final class OsuMbwMr extends WindowBenchmark {
    private final int pairs;

    OsuMbwMr(OsuOptions options, Comm comm) {
        super(options, comm, false);
        pairs = comm.getSize() / 2;
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.MESSAGE_RATE, "osu_mbw_mr", args, OsuMbwMr::new);
    }

    @Override
    String title() {
        return "Multiple Bandwidth / Message Rate";
    }

    @Override
    String columns() {
        return field("MB/s") + field("Messages/s");
    }

    @Override
    String figures(int size, double value) {
        return field(value) + field(value * 1e6 / size);
    }

    /** MB/s of all pairs: every sender's bytes over the senders' mean time (the same on every rank). */
    @Override
    double figure(int size, int iterations, double seconds) {
        double meanSeconds = sumOverRanks(sender ? seconds : 0) / pairs;
        return (double) pairs * size * iterations * options.windowSize / meanSeconds / 1e6;
    }
}

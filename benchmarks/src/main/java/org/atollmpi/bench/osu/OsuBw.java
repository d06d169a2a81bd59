package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java bandwidth test: windows of {@code -W} nonblocking messages (64) from rank 0 to
 * rank 1, each acknowledged ({@link WindowBenchmark}, as {@code osu_bw}). The row is MB/s
 * (10^6 bytes); a {@code --percentiles} lap is one window and its acknowledgement, in us.
 *
 * <pre>bin/mpirun -np 2 osu_bw [-m [min:]max] [-i n] [-x n] [-W n] [-a buffer|direct|arrays] [-c] [-g]
 *     [--percentiles] [--jit-warmup]</pre>
 */
public final class OsuBw extends WindowBenchmark {
    OsuBw(OsuOptions options, Comm comm) {
        super(options, comm, false);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.BANDWIDTH, "osu_bw", args, OsuBw::new);
    }

    @Override
    String title() {
        return "Bandwidth";
    }

    @Override
    String columns() {
        return field("Bandwidth (MB/s)");
    }

    @Override
    double figure(int size, int iterations, double seconds) {
        return (double) size * iterations * options.windowSize / seconds / 1e6;
    }
}

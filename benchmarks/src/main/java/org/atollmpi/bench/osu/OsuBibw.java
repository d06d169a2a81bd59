package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java bidirectional bandwidth test: in each iteration both ranks post a window of
 * {@code -W} {@code iRecv}s (64), then one of {@code iSend}s, and wait for both
 * ({@link WindowBenchmark}, as {@code osu_bibw}). The row is the bytes both ranks sent, in MB/s
 * (10^6 bytes); a {@code --percentiles} lap is one window each way, in us.
 *
 * <pre>bin/mpirun -np 2 osu_bibw [-m [min:]max] [-i n] [-x n] [-W n] [-a buffer|direct|arrays] [-c] [-g]
 *     [--percentiles] [--jit-warmup]</pre>
 */
public final class OsuBibw extends WindowBenchmark {
    OsuBibw(OsuOptions options, Comm comm) {
        super(options, comm, true);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.BANDWIDTH, "osu_bibw", args, OsuBibw::new);
    }

    @Override
    String title() {
        return "Bi-Directional Bandwidth";
    }

    @Override
    String columns() {
        return field("Bandwidth (MB/s)");
    }

    @Override
    double figure(int size, int iterations, double seconds) {
        return 2.0 * size * iterations * options.windowSize / seconds / 1e6;
    }
}

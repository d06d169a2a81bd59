package org.atollmpi.bench.osu;

import java.util.EnumSet;

import mpi.Comm;

/**
 * OSU MPI-Java Put Bi-directional Bandwidth test ({@code osu_put_bibw}): each iteration both
 * ranks put a window of {@code -W} messages (64) on the other's window at once, synchronised by
 * {@code Win.post/start/complete/waitFor} (the default) or {@code Win.fence}, OSU's two choices.
 * The row is MB/s (10^6 bytes) of both directions.
 *
 * <pre>bin/mpirun -np 2 osu_put_bibw [-m [min:]max] [-i n] [-x n] [-W n] [-a buffer|direct|arrays]
 *     [-s fence|pscw] [-w create|allocate|dynamic] [-c] [--percentiles]</pre>
 */
public final class OsuPutBibw extends RmaTransfer {
    OsuPutBibw(OsuOptions options, Comm comm) {
        super(options, comm, Direction.PUT, RmaEpochs.Traffic.BOTH_WAYS, options.windowSize,
                EnumSet.of(RmaSync.FENCE, RmaSync.PSCW), RmaSync.PSCW);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.RMA_BANDWIDTH, "osu_put_bibw", args, OsuPutBibw::new);
    }

    @Override
    String title() {
        return "Put Bi-directional Bandwidth";
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

package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java Put Bandwidth test ({@code osu_put_bw}): each iteration rank 0 puts a window of {@code -W} messages (64)
 * on rank 1's window, then synchronises as chosen (default {@code Win.flush} in one shared lock;
 * {@code lock_all} flushes with {@code flushAll}), as OSU's. The row is MB/s (10^6 bytes); a
 * {@code --percentiles} lap is one window with its synchronisation, in us.
 *
 * <pre>bin/mpirun -np 2 osu_put_bw [-m [min:]max] [-i n] [-x n] [-W n] [-a buffer|direct|arrays]
 *     [-s lock|flush|flush_local|lock_all|fence|pscw] [-w create|allocate|dynamic] [-c] [--percentiles]</pre>
 */
public final class OsuPutBw extends RmaTransfer {
    OsuPutBw(OsuOptions options, Comm comm) {
        super(options, comm, Direction.PUT, RmaEpochs.Traffic.ONE_WAY, options.windowSize, ALL_SYNCS, RmaSync.FLUSH);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.RMA_BANDWIDTH, "osu_put_bw", args, OsuPutBw::new);
    }

    @Override
    String title() {
        return "Put Bandwidth";
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

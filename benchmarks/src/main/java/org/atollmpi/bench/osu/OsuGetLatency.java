package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java Get Latency test ({@code osu_get_latency}): rank 0 gets the message of each size on rank 1's window, one
 * an iteration with the chosen synchronisation (default {@code Win.flush} in one shared lock);
 * under fence and pscw the ranks take turns, as OSU's. The row is the mean time of one operation
 * with its synchronisation, in microseconds.
 *
 * <pre>bin/mpirun -np 2 osu_get_latency [-m [min:]max] [-i n] [-x n] [-a buffer|direct|arrays]
 *     [-s lock|flush|flush_local|lock_all|fence|pscw] [-w create|allocate|dynamic] [-c] [--percentiles]</pre>
 */
public final class OsuGetLatency extends RmaTransfer {
    OsuGetLatency(OsuOptions options, Comm comm) {
        super(options, comm, Direction.GET, RmaEpochs.Traffic.TURNS, 1, ALL_SYNCS, RmaSync.FLUSH);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.RMA_LATENCY, "osu_get_latency", args, OsuGetLatency::new);
    }

    @Override
    String title() {
        return "Get Latency";
    }

    @Override
    String columns() {
        return field("Latency (us)");
    }

    @Override
    double figure(int size, int iterations, double seconds) {
        return latency(seconds, iterations);
    }
}

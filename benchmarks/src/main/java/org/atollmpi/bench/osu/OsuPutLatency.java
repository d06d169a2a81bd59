package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java Put Latency test ({@code osu_put_latency}): rank 0 puts the message of each size on rank 1's window, one
 * an iteration with the chosen synchronisation (default {@code Win.flush} in one shared lock);
 * under fence and pscw the ranks take turns, as OSU's. The row is the mean time of one operation
 * with its synchronisation, in microseconds.
 *
 * <pre>bin/mpirun -np 2 osu_put_latency [-m [min:]max] [-i n] [-x n] [-a buffer|direct|arrays]
 *     [-s lock|flush|flush_local|lock_all|fence|pscw] [-w create|allocate|dynamic] [-c] [--percentiles]</pre>
 */
public final class OsuPutLatency extends RmaTransfer {
    OsuPutLatency(OsuOptions options, Comm comm) {
        super(options, comm, Direction.PUT, RmaEpochs.Traffic.TURNS, 1, ALL_SYNCS, RmaSync.FLUSH);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.RMA_LATENCY, "osu_put_latency", args, OsuPutLatency::new);
    }

    @Override
    String title() {
        return "Put Latency";
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

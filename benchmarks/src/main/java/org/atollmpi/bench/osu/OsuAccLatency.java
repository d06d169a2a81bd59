package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java Accumulate Latency test ({@code osu_acc_latency}): rank 0 accumulates (MPI.SUM) size / 8 MPI.LONGs on rank 1's window, one an iteration with the
 * chosen synchronisation (default {@code Win.flush} in one shared lock); under fence and pscw the
 * ranks take turns, as OSU's. The row is the mean time of one call with its synchronisation, in
 * microseconds.
 *
 * <pre>bin/mpirun -np 2 osu_acc_latency [-m [min:]max] [-i n] [-x n] [-a buffer|direct|arrays]
 *     [-s lock|flush|flush_local|lock_all|fence|pscw] [-w create|allocate|dynamic] [-c] [--percentiles]</pre>
 */
public final class OsuAccLatency extends RmaAtomic {
    OsuAccLatency(OsuOptions options, Comm comm) {
        super(options, comm, Call.ACCUMULATE);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.RMA_LATENCY, "osu_acc_latency", args, OsuAccLatency::new);
    }

    @Override
    String title() {
        return "Accumulate Latency";
    }
}

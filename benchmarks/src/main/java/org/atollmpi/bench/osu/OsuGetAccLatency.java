package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java Get_accumulate Latency test ({@code osu_get_acc_latency}): rank 0 get-accumulates (MPI.SUM) size / 8 MPI.LONGs on rank 1's window, one an iteration with the
 * chosen synchronisation (default {@code Win.flush} in one shared lock); under fence and pscw the
 * ranks take turns, as OSU's. The row is the mean time of one call with its synchronisation, in
 * microseconds.
 *
 * <pre>bin/mpirun -np 2 osu_get_acc_latency [-m [min:]max] [-i n] [-x n] [-a buffer|direct|arrays]
 *     [-s lock|flush|flush_local|lock_all|fence|pscw] [-w create|allocate|dynamic] [-c] [--percentiles]</pre>
 */
public final class OsuGetAccLatency extends RmaAtomic {
    OsuGetAccLatency(OsuOptions options, Comm comm) {
        super(options, comm, Call.GET_ACCUMULATE);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.RMA_LATENCY, "osu_get_acc_latency", args, OsuGetAccLatency::new);
    }

    @Override
    String title() {
        return "Get_accumulate Latency";
    }
}

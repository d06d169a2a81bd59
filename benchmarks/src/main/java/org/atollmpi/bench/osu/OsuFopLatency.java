package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java Fetch_and_op Latency test ({@code osu_fop_latency}): rank 0 fetches and adds (MPI.SUM) one MPI.LONG on rank 1's window, one an iteration with the
 * chosen synchronisation (default {@code Win.flush} in one shared lock); under fence and pscw the
 * ranks take turns, as OSU's. The row is the mean time of one call with its synchronisation, in
 * microseconds.
 *
 * <pre>bin/mpirun -np 2 osu_fop_latency [-i n] [-x n] [-a buffer|direct|arrays]
 *     [-s lock|flush|flush_local|lock_all|fence|pscw] [-w create|allocate|dynamic] [-c] [--percentiles]</pre>
 */
public final class OsuFopLatency extends RmaAtomic {
    OsuFopLatency(OsuOptions options, Comm comm) {
        super(options, comm, Call.FETCH_AND_OP);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.RMA_ATOMIC, "osu_fop_latency", args, OsuFopLatency::new);
    }

    @Override
    String title() {
        return "Fetch_and_op Latency";
    }
}

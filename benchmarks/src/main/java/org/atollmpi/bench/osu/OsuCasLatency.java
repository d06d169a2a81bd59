package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java Compare_and_swap Latency test ({@code osu_cas_latency}): rank 0 compares and swaps one MPI.LONG on rank 1's window, one an iteration with the
 * chosen synchronisation (default {@code Win.flush} in one shared lock); under fence and pscw the
 * ranks take turns, as OSU's. The row is the mean time of one call with its synchronisation, in
 * microseconds.
 *
 * <pre>bin/mpirun -np 2 osu_cas_latency [-i n] [-x n] [-a buffer|direct|arrays]
 *     [-s lock|flush|flush_local|lock_all|fence|pscw] [-w create|allocate|dynamic] [-c] [--percentiles]</pre>
 */
public final class OsuCasLatency extends RmaAtomic {
    OsuCasLatency(OsuOptions options, Comm comm) {
        super(options, comm, Call.COMPARE_AND_SWAP);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.RMA_ATOMIC, "osu_cas_latency", args, OsuCasLatency::new);
    }

    @Override
    String title() {
        return "Compare_and_swap Latency";
    }
}

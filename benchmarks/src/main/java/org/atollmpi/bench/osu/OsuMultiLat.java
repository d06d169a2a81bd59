package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java multi-pair latency test, as {@code osu_multi_lat}: the ranks form n/2 pairs, rank
 * r ping-ponging with rank r + n/2 with blocking {@code send}/{@code recv}, every pair at once.
 * Every rank times its own loop; the row is the mean over all ranks of half the round trip in
 * microseconds (OSU sums the ranks' latencies to rank 0 and divides by the rank count). Each size
 * runs its skip iterations, then its timed ones, as {@code osu_latency}; a {@code --percentiles}
 * lap is one of rank 0's iterations, as half its round trip.
 *
 * <pre>bin/mpirun -np 4 osu_multi_lat [-m [min:]max] [-i n] [-x n] [-a buffer|direct|arrays] [-c]
 *     [--percentiles] [--jit-warmup]</pre>
 */
public final class OsuMultiLat extends LatencyBenchmark {
    private final PingPong pingPong;
    private final Runnable startTiming = this::startTiming;

    OsuMultiLat(OsuOptions options, Comm comm) {
        super(options, comm);
        pingPong = new PingPong(comm, options, sender, peer, TAG_DATA, this::spoils);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.MULTI_LATENCY, "osu_multi_lat", args, OsuMultiLat::new);
    }

    @Override
    String title() {
        return "Multi Latency";
    }

    @Override
    String lapDescription() {
        return "half the round trip of each iteration";
    }

    @Override
    double measure(int size, int iterations, int warmup) {
        double mine = iterations == 0 ? 0
                : pingPong.time(size, iterations, warmup, startTiming, laps) / 1e3 / iterations / 2;
        return sumOverRanks(mine) / comm.getSize();
    }

    @Override
    long validate(int size, int iterations) {
        return pingPong.validate(size, iterations);
    }
}

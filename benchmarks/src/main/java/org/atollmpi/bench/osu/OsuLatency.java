package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * OSU MPI-Java latency test: ping-pong between two ranks with blocking {@code send}/{@code recv};
 * the row is half the round trip in microseconds, averaged over the timed iterations (as
 * {@code osu_latency} and {@code shared/bench/c_reference.c latency}). Each size runs its skip
 * iterations and then its timed ones in one loop, as OSU's; {@code --jit-warmup} adds a pass over
 * every size first. A {@code --percentiles} lap is one iteration, reported as half its round trip.
 *
 * <pre>bin/mpirun -np 2 osu_latency [-m [min:]max] [-i n] [-x n] [-a buffer|direct|arrays] [-c] [-g]
 *     [--percentiles] [--jit-warmup]</pre>
 */
public final class OsuLatency extends LatencyBenchmark {
    private final PingPong pingPong;
    /** {@link #startTiming} for the loop to call when the timing starts. */
    private final Runnable startTiming = this::startTiming;

    OsuLatency(OsuOptions options, Comm comm) {
        super(options, comm);
        pingPong = new PingPong(comm, options, sender, peer, TAG_DATA, this::spoils);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.LATENCY, "osu_latency", args, OsuLatency::new);
    }

    @Override
    String title() {
        return "Latency";
    }

    @Override
    String lapDescription() {
        return "half the round trip of each iteration";
    }

    @Override
    double measure(int size, int iterations, int warmup) {
        return pingPong.time(size, iterations, warmup, startTiming, laps) / 1e3 / iterations / 2;
    }

    @Override
    long validate(int size, int iterations) {
        return pingPong.validate(size, iterations);
    }
}

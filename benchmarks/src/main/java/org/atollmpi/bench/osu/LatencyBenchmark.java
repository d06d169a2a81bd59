package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * What the ping-pong benchmarks ({@code osu_latency}, {@code osu_latency_mt}) print: one column
 * of latency, half the round trip in microseconds, and the percentiles of the same half round
 * trips.
 */
abstract class LatencyBenchmark extends PairBenchmark {
    LatencyBenchmark(OsuOptions options, Comm comm) {
        super(options, comm);
    }

    @Override
    final String columns() {
        return field("Latency (us)");
    }

    @Override
    final double lapMicros(long nanos) {
        return nanos / 2e3;
    }
}

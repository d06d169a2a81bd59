package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * One rank's side of a ping-pong with its peer on one tag, with its own message memory: the
 * exchange {@code osu_latency} times, once per rank, and {@code osu_latency_mt}, once per thread
 * (each thread on its own tag). The side that pings sends first.
 */
final class PingPong {
    private final Comm comm;
    private final Payload sendBuffer;
    private final Payload recvBuffer;
    private final boolean pings;
    private final int peer;
    private final int tag;
    /** Whether this side damages one byte it receives before checking it: {@link OsuBenchmark#spoils}. */
    private final java.util.function.IntPredicate spoils;

    PingPong(Comm comm, OsuOptions options, boolean pings, int peer, int tag,
             java.util.function.IntPredicate spoils) {
        this.comm = comm;
        this.spoils = spoils;
        int capacity = Math.max(options.maxSize, 1);
        this.sendBuffer = Payload.allocate(options.buffers, capacity);
        this.recvBuffer = Payload.allocate(options.buffers, capacity);
        this.pings = pings;
        this.peer = peer;
        this.tag = tag;
    }

    /**
     * {@code warmup} untimed round trips of {@code size}-byte messages, then {@code atStart},
     * then {@code iterations} timed ones, in one loop as OSU's, with a lap after each; returns
     * the nanoseconds of the timed ones (0 for none).
     */
    long time(int size, int iterations, int warmup, Runnable atStart, IterationTimes laps) {
        long start = 0;
        for (int i = 0; i < iterations + warmup; i++) {
            if (i == warmup) {
                atStart.run();
                start = System.nanoTime();
            }
            roundTrip(size);
            laps.lap();
        }
        return iterations == 0 ? 0 : System.nanoTime() - start;
    }

    /** One round trip of {@code size}-byte messages. */
    private void roundTrip(int size) {
        if (pings) {
            sendBuffer.send(comm, size, peer, tag);
            recvBuffer.recv(comm, size, peer, tag);
        } else {
            recvBuffer.recv(comm, size, peer, tag);
            sendBuffer.send(comm, size, peer, tag);
        }
    }

    /**
     * {@code iterations} round trips of patterned messages, each with its own pattern (which
     * depends on the tag too, so a message delivered to the wrong thread fails); returns the
     * wrong bytes this side received.
     */
    long validate(int size, int iterations) {
        long errors = 0;
        for (int i = 0; i < iterations; i++) {
            int ping = 2 * i + size + tag * 1_000_003;
            int pong = ping + 1;
            recvBuffer.clear(size);
            if (pings) {
                sendBuffer.fill(size, ping);
                sendBuffer.send(comm, size, peer, tag);
                recvBuffer.recv(comm, size, peer, tag);
                spoil(size);
                errors += recvBuffer.check(size, pong);
            } else {
                recvBuffer.recv(comm, size, peer, tag);
                spoil(size);
                errors += recvBuffer.check(size, ping);
                sendBuffer.fill(size, pong);
                sendBuffer.send(comm, size, peer, tag);
            }
        }
        return errors;
    }

    /** The seam that proves validation can fail: one received byte inverted, where asked and there is one. */
    private void spoil(int size) {
        if (size > 0 && spoils.test(size)) {
            recvBuffer.spoil(size / 2);
        }
    }
}

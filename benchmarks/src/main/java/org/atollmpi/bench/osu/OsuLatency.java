package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;

/**
 * OSU MPI-Java latency test: ping-pong between two ranks with blocking {@code send}/{@code recv};
 * the row is half the round trip in microseconds, averaged over the timed iterations (as
 * {@code osu_latency} and {@code shared/bench/c_reference.c latency}).
 *
 * <pre>bin/mpirun -np 2 osu_latency [-m [min:]max] [-i n] [-x n] [-a buffer|arrays] [-c] [-g]</pre>
 */
public final class OsuLatency extends PairBenchmark {
    private final Payload sendBuffer;
    private final Payload recvBuffer;

    OsuLatency(OsuOptions options, Comm comm) {
        super(options, comm);
        int capacity = Math.max(options.maxSize, 1);
        sendBuffer = Payload.allocate(options.buffers, capacity);
        recvBuffer = Payload.allocate(options.buffers, capacity);
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.LATENCY, "osu_latency", args, OsuLatency::new);
    }

    @Override
    String title() {
        return "Latency";
    }

    @Override
    String column() {
        return "Latency (us)";
    }

    @Override
    double measure(int size, int iterations, int warmup) {
        final Payload s = sendBuffer;
        final Payload r = recvBuffer;
        double start = 0;
        for (int i = 0; i < iterations + warmup; i++) {
            if (i == warmup) {
                start = startTiming();
            }
            if (rank == 0) {
                s.send(comm, size, 1, TAG_DATA);
                r.recv(comm, size, 1, TAG_DATA);
            } else {
                r.recv(comm, size, 0, TAG_DATA);
                s.send(comm, size, 0, TAG_DATA);
            }
        }
        return (MPI.wtime() - start) * 1e6 / iterations / 2;
    }

    @Override
    long validate(int size, int iterations) {
        long errors = 0;
        for (int i = 0; i < iterations; i++) {
            int ping = 2 * i + size;
            int pong = ping + 1;
            if (rank == 0) {
                sendBuffer.fill(size, ping);
                recvBuffer.clear(size);
                sendBuffer.send(comm, size, 1, TAG_DATA);
                recvBuffer.recv(comm, size, 1, TAG_DATA);
                errors += recvBuffer.check(size, pong);
            } else {
                recvBuffer.clear(size);
                recvBuffer.recv(comm, size, 0, TAG_DATA);
                errors += recvBuffer.check(size, ping);
                sendBuffer.fill(size, pong);
                sendBuffer.send(comm, size, 0, TAG_DATA);
            }
        }
        return errors;
    }
}

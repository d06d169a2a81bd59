package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * OSU MPI-Java bandwidth test: rank 0 starts a window of nonblocking sends ({@code iSend} on a
 * direct buffer, or the MVAPICH2-J array form {@code iSend(byte[] ...)}), waits for all, then
 * receives a 4-byte acknowledgement; rank 1 posts as many {@code iRecv}s, waits, and sends the ack
 * (as {@code osu_bw} and {@code shared/bench/c_reference.c bw}). The window is 64 messages, or
 * {@code -W N} as OSU's. The row is MB/s (10^6 bytes).
 *
 * <pre>bin/mpirun -np 2 osu_bw [-m [min:]max] [-i n] [-x n] [-W n] [-a buffer|arrays] [-c] [-g]</pre>
 */
public final class OsuBw extends PairBenchmark {
    static final int TAG_WINDOW = 100;
    static final int TAG_ACK = 101;
    static final int ACK_BYTES = 4;
    /** Memory for a validation window of distinct messages: at most this many bytes in all. */
    static final int VALIDATION_BYTES = 16 << 20;

    private final Payload sendBuffer;
    private final Payload recvBuffer;
    private final Payload validationBuffer;
    /** One window's requests: {@code -W} of them. */
    private final Request[] requests;

    OsuBw(OsuOptions options, Comm comm) {
        super(options, comm);
        requests = new Request[options.windowSize];
        int capacity = Math.max(options.maxSize, ACK_BYTES);
        sendBuffer = Payload.allocate(options.buffers, capacity);
        recvBuffer = Payload.allocate(options.buffers, capacity);
        validationBuffer = options.validate && options.buffers == OsuOptions.BufferKind.BUFFER
                ? Payload.allocate(options.buffers, Math.max(capacity, VALIDATION_BYTES)) : null;
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.BANDWIDTH, "osu_bw", args, OsuBw::new);
    }

    @Override
    String title() {
        return "Bandwidth";
    }

    @Override
    String column() {
        return "Bandwidth (MB/s)";
    }

    @Override
    int messagesPerIteration() {
        return requests.length;
    }

    @Override
    double measure(int size, int iterations, int warmup) {
        final Payload s = sendBuffer;
        final Payload r = recvBuffer;
        final Request[] window = requests;
        double start = 0;
        for (int i = 0; i < iterations + warmup; i++) {
            if (i == warmup) {
                start = startTiming();
            }
            if (rank == 0) {
                for (int w = 0; w < window.length; w++) {
                    window[w] = s.iSend(comm, size, 1, TAG_WINDOW);
                }
                Request.waitAll(window);
                r.recv(comm, ACK_BYTES, 1, TAG_ACK);
            } else {
                for (int w = 0; w < window.length; w++) {
                    window[w] = r.iRecv(comm, size, 0, TAG_WINDOW);
                }
                Request.waitAll(window);
                s.send(comm, ACK_BYTES, 0, TAG_ACK);
            }
        }
        double seconds = MPI.wtime() - start;
        return (double) size * iterations * window.length / seconds / 1e6;
    }

    /** Windows of distinct messages, each with its own pattern, received into distinct buffers. */
    @Override
    long validate(int size, int iterations) {
        int count = Math.max(1, Math.min(requests.length, VALIDATION_BYTES / Math.max(size, 1)));
        Payload[] parts = validationBuffer != null
                ? validationBuffer.split(size, count)
                : sendBuffer.split(size, count);
        Request[] window = new Request[count];
        int rounds = Math.max(1, Math.min(iterations, 10));
        long errors = 0;
        for (int round = 0; round < rounds; round++) {
            if (rank == 0) {
                for (int w = 0; w < count; w++) {
                    parts[w].fill(size, seed(size, round, w, count));
                    window[w] = parts[w].iSend(comm, size, 1, TAG_WINDOW);
                }
                Request.waitAll(window);
                recvBuffer.recv(comm, ACK_BYTES, 1, TAG_ACK);
            } else {
                for (int w = 0; w < count; w++) {
                    parts[w].clear(size);
                    window[w] = parts[w].iRecv(comm, size, 0, TAG_WINDOW);
                }
                Request.waitAll(window);
                for (int w = 0; w < count; w++) {
                    errors += parts[w].check(size, seed(size, round, w, count));
                }
                sendBuffer.send(comm, ACK_BYTES, 0, TAG_ACK);
            }
        }
        return errors;
    }

    private static int seed(int size, int round, int w, int count) {
        return size * 131 + round * count + w;
    }
}

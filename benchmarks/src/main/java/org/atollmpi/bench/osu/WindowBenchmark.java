package org.atollmpi.bench.osu;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * What the OSU window benchmarks share ({@code osu_bw}, {@code osu_bibw}, {@code osu_mbw_mr}):
 * each iteration moves a window of {@code -W} nonblocking messages (64, OSU's default) between the
 * ranks of a pair. One way ({@link #bidirectional} false), the first rank of the pair starts the
 * window of {@code iSend}s (on a direct buffer, or the MVAPICH2-J array form), waits for all, then
 * receives a 4-byte acknowledgement; its peer posts as many {@code iRecv}s, waits, and sends the
 * ack (as {@code osu_bw} and {@code shared/bench/c_reference.c bw}). Both ways, each rank posts a
 * window of {@code iRecv}s, then one of {@code iSend}s, and waits for both (as {@code osu_bibw}).
 * Subclasses turn the timed loop's seconds into their figures.
 *
 * <p>A {@code --percentiles} lap is one window, acknowledgement included, on rank 0.
 */
abstract class WindowBenchmark extends PairBenchmark {
    static final int TAG_WINDOW = 100;
    static final int TAG_ACK = 101;
    static final int ACK_BYTES = 4;
    /** Memory for a validation window of distinct messages: at most this many bytes each way. */
    static final int VALIDATION_BYTES = 16 << 20;

    private final boolean bidirectional;
    /** Whether this rank sends windows (or receives them, or both). */
    private final boolean sends;
    private final boolean receives;
    private final Payload sendBuffer;
    private final Payload recvBuffer;
    /** Room for a validation window of distinct messages (direct buffers); null for arrays or without -c. */
    private final Payload sendValidation;
    private final Payload recvValidation;
    /** One window's requests: {@code -W} of each kind. */
    private final Request[] sendRequests;
    private final Request[] recvRequests;

    WindowBenchmark(OsuOptions options, Comm comm, boolean bidirectional) {
        super(options, comm);
        this.bidirectional = bidirectional;
        sends = bidirectional || sender;
        receives = bidirectional || !sender;
        sendRequests = new Request[options.windowSize];
        recvRequests = new Request[options.windowSize];
        int capacity = Math.max(options.maxSize, ACK_BYTES);
        sendBuffer = Payload.allocate(options.buffers, capacity);
        recvBuffer = Payload.allocate(options.buffers, capacity);
        boolean views = options.validate && options.buffers != OsuOptions.BufferKind.ARRAYS;
        int room = Math.max(capacity, VALIDATION_BYTES);
        sendValidation = views && sends ? Payload.allocate(options.buffers, room) : null;
        recvValidation = views && receives ? Payload.allocate(options.buffers, room) : null;
    }

    /** Turns the seconds of this rank's timed loop into the row's value (rank 0's counts). */
    abstract double figure(int size, int iterations, double seconds);

    @Override
    String lapDescription() {
        return "the time of each window of " + options.windowSize + " messages"
                + (bidirectional ? " each way" : " and its acknowledgement");
    }

    @Override
    int messagesPerIteration() {
        return sendRequests.length;
    }

    @Override
    final double measure(int size, int iterations, int warmup) {
        return figure(size, iterations, bidirectional ? exchange(size, iterations, warmup) : stream(size, iterations, warmup));
    }

    /** One way: windows from the first rank of the pair to the second, each acknowledged; the seconds timed. */
    private double stream(int size, int iterations, int warmup) {
        final Payload s = sendBuffer;
        final Payload r = recvBuffer;
        final Request[] window = sender ? sendRequests : recvRequests;
        final IterationTimes l = laps;
        double start = 0;
        for (int i = 0; i < iterations + warmup; i++) {
            if (i == warmup) {
                start = startTiming();
            }
            if (sender) {
                for (int w = 0; w < window.length; w++) {
                    window[w] = s.iSend(comm, size, peer, TAG_WINDOW);
                }
                Request.waitAll(window);
                r.recv(comm, ACK_BYTES, peer, TAG_ACK);
            } else {
                for (int w = 0; w < window.length; w++) {
                    window[w] = r.iRecv(comm, size, peer, TAG_WINDOW);
                }
                Request.waitAll(window);
                s.send(comm, ACK_BYTES, peer, TAG_ACK);
            }
            l.lap();
        }
        return MPI.wtime() - start;
    }

    /** Both ways: each rank receives a window and sends one; the seconds timed. */
    private double exchange(int size, int iterations, int warmup) {
        final Payload s = sendBuffer;
        final Payload r = recvBuffer;
        final Request[] sent = sendRequests;
        final Request[] received = recvRequests;
        final IterationTimes l = laps;
        double start = 0;
        for (int i = 0; i < iterations + warmup; i++) {
            if (i == warmup) {
                start = startTiming();
            }
            for (int w = 0; w < received.length; w++) {
                received[w] = r.iRecv(comm, size, peer, TAG_WINDOW);
            }
            for (int w = 0; w < sent.length; w++) {
                sent[w] = s.iSend(comm, size, peer, TAG_WINDOW);
            }
            Request.waitAll(sent);
            Request.waitAll(received);
            l.lap();
        }
        return MPI.wtime() - start;
    }

    /**
     * Windows of distinct messages, each with its own pattern (which names the sending rank),
     * received into distinct buffers; at most 10 rounds, and at most {@link #VALIDATION_BYTES} a
     * window each way.
     */
    @Override
    long validate(int size, int iterations) {
        int count = Math.max(1, Math.min(sendRequests.length, VALIDATION_BYTES / Math.max(size, 1)));
        Payload[] out = sends ? parts(sendValidation, sendBuffer, size, count) : new Payload[0];
        Payload[] in = receives ? parts(recvValidation, recvBuffer, size, count) : new Payload[0];
        Request[] window = new Request[out.length + in.length];
        int rounds = Math.max(1, Math.min(iterations, 10));
        long errors = 0;
        for (int round = 0; round < rounds; round++) {
            for (int w = 0; w < in.length; w++) {
                in[w].clear(size);
                window[w] = in[w].iRecv(comm, size, peer, TAG_WINDOW);
            }
            for (int w = 0; w < out.length; w++) {
                out[w].fill(size, seed(size, round, w, rank));
                window[in.length + w] = out[w].iSend(comm, size, peer, TAG_WINDOW);
            }
            Request.waitAll(window);
            if (in.length > 0 && spoils(size)) {
                in[0].spoil(size / 2); // the seam that proves validation can fail (tests only)
            }
            for (int w = 0; w < in.length; w++) {
                errors += in[w].check(size, seed(size, round, w, peer));
            }
            if (!bidirectional && sender) {
                recvBuffer.recv(comm, ACK_BYTES, peer, TAG_ACK);
            } else if (!bidirectional) {
                sendBuffer.send(comm, ACK_BYTES, peer, TAG_ACK);
            }
        }
        return errors;
    }

    /** {@code count} distinct payloads of {@code size} bytes: views of {@code room}, or fresh arrays. */
    private static Payload[] parts(Payload room, Payload arrays, int size, int count) {
        return (room != null ? room : arrays).split(size, count);
    }

    private static int seed(int size, int round, int w, int origin) {
        return size * 131 + round * 4099 + w + origin * 65_599;
    }
}

package org.atollmpi.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineConfig;
import org.atollmpi.engine.Operation;
import org.atollmpi.nic.Memory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Matching with deep queues: one 8-byte message through two engines on one board (as
 * {@link PointToPointAllocation}'s {@code engineNonblocking}), while the receiver's posted-receive
 * queue or unexpected-message queue holds {@code depth} entries, and the message matches the
 * entry at the head of that queue or the one at its tail. Matching is first fit in arrival order
 * ({@code MatchQueues}), so a match at the tail walks the whole queue, one at the head none of it:
 * the tail's time grows with the depth, the head's should not. One operation is one message,
 * both of its ends; {@code -prof gc} shows what it allocates (the goal: nothing).
 * Parameters: {@code queue} (posted or unexpected), {@code depth}, {@code position} (head or tail).
 *
 * <ul>
 * <li>{@code posted}, tail: {@code depth - 1} receives of a tag no message has stay posted; each
 *     operation posts the receive that matches (behind them), sends, and the arrival walks past
 *     them to it.</li>
 * <li>{@code posted}, head: {@code depth} receives of the message's tag are posted; each message
 *     matches the oldest, which is then posted again at the tail.</li>
 * <li>{@code unexpected}, tail: {@code depth - 1} messages of a tag no receive asks for are held;
 *     each operation sends, lets the arrival be held behind them, then posts the receive, which
 *     walks past them to it.</li>
 * <li>{@code unexpected}, head: {@code depth} messages of the receive's tag are held; each receive
 *     takes the oldest, and one more message is sent to be held at the tail.</li>
 * </ul>
 *
 * <pre>java -jar benchmarks/target/jmh.jar MatchingDepth -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MatchingDepth {
    static final int BYTES = 8;
    static final int TAG = 1;
    /** A tag the measured messages never carry: the entries a match at the tail walks past. */
    static final int DECOY_TAG = 2;
    static final int CONTEXT = 0;
    static final long BASE = Memory.BYTE_ARRAY_BASE;

    /** Two engines on one board and the standing entries of the queue a benchmark measures. */
    @State(Scope.Thread)
    public static class Queues {
        /** Entries in the queue when a message (posted) or a receive (unexpected) is matched. */
        @Param({"1", "64", "1024"})
        public int depth;

        /** Where the matching entry is: the oldest ({@code head}) or the newest ({@code tail}). */
        @Param({"head", "tail"})
        public String position;

        /** Which queue is deep: the receiver's {@code posted} receives or its {@code unexpected} messages. */
        @Param({"posted", "unexpected"})
        public String queue;

        BoardPair pair;
        Engine sender;
        Engine receiver;
        final byte[] out = new byte[BYTES];
        final byte[] in = new byte[BYTES];
        /** Posted receives that stay: the decoys (tail) or the matching ones, oldest first from {@link #oldest} (head). */
        Operation[] posted;
        int oldest;
        boolean atHead;

        @Setup(Level.Trial)
        public void setUp() {
            pair = new BoardPair("matching-depth");
            EngineConfig config = EngineConfig.forNode(2, Runtime.getRuntime().availableProcessors());
            sender = new Engine(pair.rank0, config, false);
            receiver = new Engine(pair.rank1, config, false);
            atHead = position.equals("head");
            if (!atHead && !position.equals("tail")) {
                throw new IllegalArgumentException("position " + position + ": expected head or tail");
            }
            switch (queue) {
                case "posted" -> postStanding();
                case "unexpected" -> holdStanding();
                default -> throw new IllegalArgumentException("queue " + queue + ": expected posted or unexpected");
            }
        }

        /** Posts the receives the posted benchmark keeps: {@code depth} matching (head) or {@code depth - 1} decoys (tail). */
        void postStanding() {
            int standing = atHead ? depth : depth - 1;
            posted = new Operation[standing];
            for (int i = 0; i < standing; i++) {
                posted[i] = receiver.irecv(in, BASE, BYTES, 0, atHead ? TAG : DECOY_TAG, CONTEXT);
            }
            oldest = 0;
        }

        /** Sends the messages the unexpected benchmark keeps held: {@code depth} matching (head) or {@code depth - 1} decoys (tail). */
        void holdStanding() {
            int standing = atHead ? depth : depth - 1;
            for (int i = 0; i < standing; i++) {
                sendAndHold(atHead ? TAG : DECOY_TAG);
            }
        }

        /**
         * Sends one message and has the receiver take it in; with no receive posted for it, the
         * receiver holds it as unexpected. An 8-byte send completes on the sender's side at once.
         */
        void sendAndHold(int tag) {
            Operation send = sender.isend(Engine.MODE_STANDARD, out, BASE, BYTES, 1, tag, CONTEXT);
            while (receiver.progress() == 0) {
                Thread.onSpinWait();
            }
            sender.await(send);
            sender.release(send);
        }

        @TearDown(Level.Trial)
        public void tearDown() throws InterruptedException {
            if (posted != null) {
                for (Operation op : posted) {
                    receiver.cancel(op);
                    receiver.release(op);
                }
            }
            pair.close();
        }
    }

    /** One message matched in the deep queue, at its head or its tail. */
    @Benchmark
    public int match(Queues q) {
        return q.queue.equals("posted") ? posted(q) : unexpected(q);
    }

    /** A message arrives and is matched against the posted receives at the head or the tail. */
    private static int posted(Queues q) {
        Engine receiver = q.receiver;
        Operation recv;
        if (q.atHead) {
            // the oldest standing receive matches; a new one takes its place at the tail
            recv = q.posted[q.oldest];
        } else {
            recv = receiver.irecv(q.in, BASE, BYTES, 0, TAG, CONTEXT);
        }
        Operation send = q.sender.isend(Engine.MODE_STANDARD, q.out, BASE, BYTES, 1, TAG, CONTEXT);
        q.sender.await(send);
        q.sender.release(send);
        receiver.await(recv);
        int received = recv.byteCount();
        receiver.release(recv);
        if (q.atHead) {
            q.posted[q.oldest] = receiver.irecv(q.in, BASE, BYTES, 0, TAG, CONTEXT);
            q.oldest = q.oldest + 1 == q.posted.length ? 0 : q.oldest + 1;
        }
        return received;
    }

    /** A receive is posted and matched against the held messages at the head or the tail. */
    private static int unexpected(Queues q) {
        Engine receiver = q.receiver;
        if (!q.atHead) {
            q.sendAndHold(TAG);
        }
        Operation recv = receiver.irecv(q.in, BASE, BYTES, 0, TAG, CONTEXT);
        if (!recv.isComplete()) {
            throw new IllegalStateException("the receive found no held message: the benchmark measures the wrong path");
        }
        int received = recv.byteCount();
        receiver.release(recv);
        if (q.atHead) {
            q.sendAndHold(TAG);
        }
        return received;
    }
}

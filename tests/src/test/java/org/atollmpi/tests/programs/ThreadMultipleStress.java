package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.that;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.atollmpi.tests.programs.StressTraffic.Channel;
import org.atollmpi.tests.programs.StressTraffic.Message;

/**
 * {@code MPI_THREAD_MULTIPLE} under load, any number of ranks: on every rank, {@code threads}
 * sending threads (default 8) each send {@code messages} messages (default 10 000) to the other
 * ranks in turn, of every size and protocol ({@link StressTraffic}), from heap arrays and board
 * memory, with {@code send}, {@code sSend}, {@code iSend} and {@code isSend}; as many receiving
 * threads take them at once, through receives that name source and tag, receives with
 * {@code ANY_SOURCE} that two threads share per tag, and {@code ANY_SOURCE}/{@code ANY_TAG}
 * receives that every thread posts into one pool.
 *
 * <p>Every received message is checked against what its identity says it must be (destination,
 * channel, size, header and pattern); a receive that names source and tag must get the sender's
 * messages in send order (MPI's non-overtaking rule). At the end the ranks exchange how many each
 * thread sent to each rank on each channel, and every rank checks that each message it is owed
 * arrived exactly once, across all its receiving threads.
 *
 * <p>Sending and receiving are separate threads so that the program is safe in MPI's sense: a
 * standard send may wait for its match, and a thread waiting in one cannot post receives. Each
 * receiving thread keeps a receive posted on each of its streams until the stream's count (taken
 * from the traffic plan) is in, completing them with {@code waitAny}, {@code waitSome} and
 * {@code testAny} polling, so every send finds its receive and the job cannot hang.
 *
 * <p>Arguments: {@code messages=N}, {@code threads=T}. Rank 0 prints
 * {@code THREAD_MULTIPLE ranks=... threads=... messages=... received=... seconds=...}.
 */
public final class ThreadMultipleStress {
    /** Nonblocking sends a sending thread keeps in flight. */
    static final int WINDOW = 8;
    /** Receives a receiving thread keeps posted per stream. */
    static final int POSTED = 2;

    public static void main(String[] args) throws InterruptedException {
        int provided = Check.initThread(args, MPI.THREAD_MULTIPLE);
        equal(MPI.THREAD_MULTIPLE, provided, "thread level provided");
        Check.needRanks(2);
        int threads = intArgument(args, "threads", 8);
        int messages = intArgument(args, "messages", 10_000);
        StressTraffic traffic = new StressTraffic(Check.size(), threads, messages);
        Intracomm[] comms = new Intracomm[Channel.values().length];
        for (int c = 0; c < comms.length; c++) {
            comms[c] = MPI.COMM_WORLD.dup();
        }
        Ledger ledger = new Ledger(traffic, Check.rank());
        int[][] sent = new int[threads][];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> running = new ArrayList<>();
        MPI.COMM_WORLD.barrier();
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            running.add(guarded("send-" + t, failure, () -> sent[thread] = new Sender(traffic, comms, thread).run()));
            running.add(guarded("receive-" + t, failure, () -> new Receiver(traffic, comms, ledger, thread).run()));
        }
        for (Thread t : running) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("rank " + Check.rank() + ": " + failure.get(), failure.get());
        }
        double seconds = Check.millisSince(start) / 1000.0;
        ledger.verify(gatherSent(traffic, sent));
        long[] received = {ledger.received()};
        MPI.COMM_WORLD.allReduce(received, 1, MPI.LONG, MPI.SUM);
        equal((long) Check.size() * threads * messages, received[0], "messages received in all");
        if (Check.rank() == 0) {
            System.out.printf("THREAD_MULTIPLE ranks=%d threads=%d messages=%d received=%d seconds=%.1f%n",
                    Check.size(), threads, messages, received[0], seconds);
        }
        for (Intracomm c : comms) {
            c.free();
        }
        Check.done();
    }

    private static int intArgument(String[] args, String name, int otherwise) {
        for (String a : args) {
            if (a.startsWith(name + "=")) {
                return Integer.parseInt(a.substring(name.length() + 1));
            }
        }
        return otherwise;
    }

    private static Thread guarded(String name, AtomicReference<Throwable> failure, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.start();
        return t;
    }

    /**
     * All-to-all of the sending threads' counts: element {@code [s][t][c]} of the result is how many
     * messages thread {@code t} of rank {@code s} says it sent here on channel {@code c}.
     */
    private static int[] gatherSent(StressTraffic traffic, int[][] sent) {
        int block = traffic.threads * Channel.values().length;
        int[] out = new int[traffic.ranks * block];
        for (int t = 0; t < traffic.threads; t++) {
            for (int d = 0; d < traffic.ranks; d++) {
                for (int c = 0; c < Channel.values().length; c++) {
                    out[d * block + t * Channel.values().length + c] = sent[t][d * Channel.values().length + c];
                }
            }
        }
        int[] in = new int[traffic.ranks * block];
        MPI.COMM_WORLD.allToAll(out, block, MPI.INT, in, block, MPI.INT);
        return in;
    }

    /** One sending thread: its messages in order, a window of nonblocking sends in flight. */
    static final class Sender {
        private final StressTraffic traffic;
        private final Intracomm[] comms;
        private final int thread;
        private final int me = Check.rank();
        private final Request[] window = new Request[WINDOW];
        /** A board-memory buffer per window slot, and one for blocking sends (the last). */
        private final ByteBuffer[] board = new ByteBuffer[WINDOW + 1];
        private int waits;

        Sender(StressTraffic traffic, Intracomm[] comms, int thread) {
            this.traffic = traffic;
            this.comms = comms;
            this.thread = thread;
            for (int i = 0; i < board.length; i++) {
                board[i] = MPI.newByteBuffer(StressTraffic.BOARD_EAGER);
            }
        }

        /** Sends every message; returns the counts sent, {@code [dest * channels + channel]}. */
        int[] run() {
            int[] sent = new int[traffic.ranks * Channel.values().length];
            for (int seq = 0; seq < traffic.messages; seq++) {
                Message m = traffic.message(me, thread, seq);
                boolean blocking = m.mode() == StressTraffic.Mode.SEND || m.mode() == StressTraffic.Mode.SSEND;
                int slot = blocking ? WINDOW : freeSlot();
                Object buffer = buffer(m, slot);
                Intracomm comm = comms[m.channel().ordinal()];
                int tag = traffic.tag(m);
                switch (m.mode()) {
                    case SEND -> comm.send(buffer, m.size(), MPI.BYTE, m.dest(), tag);
                    case SSEND -> comm.sSend(buffer, m.size(), MPI.BYTE, m.dest(), tag);
                    case ISEND -> window[slot] = comm.iSend(buffer, m.size(), MPI.BYTE, m.dest(), tag);
                    case ISSEND -> window[slot] = comm.isSend(buffer, m.size(), MPI.BYTE, m.dest(), tag);
                }
                sent[m.dest() * Channel.values().length + m.channel().ordinal()]++;
            }
            Request.waitAll(window);
            return sent;
        }

        /** A window slot with no send in flight, waiting for one (or some) to complete if none is. */
        private int freeSlot() {
            for (int i = 0; i < window.length; i++) {
                if (window[i] == null) {
                    return i;
                }
            }
            if (waits++ % 2 == 0) {
                int i = Request.waitAny(window);
                window[i] = null;
                return i;
            }
            int[] done = Request.waitSome(window);
            for (int i : done) {
                window[i] = null;
            }
            return done[0];
        }

        /** The payload in a fresh array, or in board memory: the slot's buffer, or a new one if larger. */
        private Object buffer(Message m, int slot) {
            byte[] payload = StressTraffic.payload(m);
            if (!m.direct()) {
                return payload;
            }
            ByteBuffer b = m.size() <= StressTraffic.BOARD_EAGER ? board[slot] : MPI.newByteBuffer(m.size());
            b.put(0, payload);
            return b;
        }
    }

    /** A run of receives of one pattern that a receiving thread posts until its count is in. */
    static final class Stream {
        final Channel channel;
        final Intracomm comm;
        final int source;
        final int tag;
        /** ORDERED: the sequence numbers the source sends here with this tag, in send order. */
        final int[] seqs;
        final int count;
        int posted;

        Stream(Channel channel, Intracomm comm, int source, int tag, int[] seqs, int count) {
            this.channel = channel;
            this.comm = comm;
            this.source = source;
            this.tag = tag;
            this.seqs = seqs;
            this.count = count;
        }

        boolean more() {
            return posted < count;
        }
    }

    /** One receiving thread: its streams, {@value #POSTED} receives posted on each. */
    static final class Receiver {
        private final StressTraffic traffic;
        private final Ledger ledger;
        private final int thread;
        private final int me = Check.rank();
        private final List<Stream> streamOfSlot = new ArrayList<>();
        private final List<Object> bufferOfSlot = new ArrayList<>();
        private int[] expectedSeq;

        Receiver(StressTraffic traffic, Intracomm[] comms, Ledger ledger, int thread) {
            this.traffic = traffic;
            this.ledger = ledger;
            this.thread = thread;
            for (int s = 0; s < traffic.ranks; s++) {
                if (s != me) {
                    int[] seqs = ledger.orderedSeqs(s, thread);
                    add(new Stream(Channel.ORDERED, comms[Channel.ORDERED.ordinal()], s, thread, seqs, seqs.length));
                }
            }
            // Tag t is shared by receiving threads t and t - 1: t takes the larger half.
            Intracomm any = comms[Channel.ANY_SOURCE.ordinal()];
            int own = ledger.owedWithTag(thread);
            int next = (thread + 1) % traffic.threads;
            add(new Stream(Channel.ANY_SOURCE, any, MPI.ANY_SOURCE, thread, null, own - own / 2));
            add(new Stream(Channel.ANY_SOURCE, any, MPI.ANY_SOURCE, next, null, ledger.owedWithTag(next) / 2));
            int pool = ledger.owedToPool();
            int share = pool / traffic.threads + (thread < pool % traffic.threads ? 1 : 0);
            add(new Stream(Channel.ANY_TAG, comms[Channel.ANY_TAG.ordinal()], MPI.ANY_SOURCE, MPI.ANY_TAG, null, share));
        }

        private void add(Stream stream) {
            for (int i = 0; i < POSTED; i++) {
                streamOfSlot.add(stream);
                bufferOfSlot.add(bufferOfSlot.size() % 2 == 0 ? new byte[StressTraffic.LARGEST]
                        : MPI.newByteBuffer(StressTraffic.LARGEST));
            }
        }

        void run() {
            int slots = streamOfSlot.size();
            Request[] posted = new Request[slots];
            expectedSeq = new int[slots];
            int active = 0;
            for (int i = 0; i < slots; i++) {
                if (streamOfSlot.get(i).more()) {
                    posted[i] = post(i);
                    active++;
                }
            }
            for (int round = 0; active > 0; round++) {
                for (Status s : complete(posted, round)) {
                    int i = s.getIndex();
                    check(i, s);
                    if (streamOfSlot.get(i).more()) {
                        posted[i] = post(i);
                    } else {
                        posted[i] = null;
                        active--;
                    }
                }
            }
        }

        /** Completes at least one receive, by {@code waitAny}, {@code waitSome} or polling {@code testAny}. */
        private static Status[] complete(Request[] posted, int round) {
            switch (round % 8) {
                case 3, 7:
                    return Request.waitSomeStatus(posted);
                case 5:
                    for (Status s; ; Thread.yield()) {
                        if ((s = Request.testAnyStatus(posted)) != null) {
                            return new Status[] {s};
                        }
                    }
                default:
                    return new Status[] {Request.waitAnyStatus(posted)};
            }
        }

        private Request post(int slot) {
            Stream stream = streamOfSlot.get(slot);
            if (stream.channel == Channel.ORDERED) {
                expectedSeq[slot] = stream.seqs[stream.posted];
            }
            stream.posted++;
            Object buffer = bufferOfSlot.get(slot);
            return buffer instanceof ByteBuffer b
                    ? stream.comm.iRecv(b, StressTraffic.LARGEST, MPI.BYTE, stream.source, stream.tag)
                    : stream.comm.iRecv(buffer, StressTraffic.LARGEST, MPI.BYTE, stream.source, stream.tag);
        }

        /** Checks a received message against the message its identity names, and records it. */
        private void check(int slot, Status status) {
            Stream stream = streamOfSlot.get(slot);
            int size = status.getCount(MPI.BYTE);
            byte[] got = new byte[size];
            Object buffer = bufferOfSlot.get(slot);
            if (buffer instanceof ByteBuffer b) {
                b.get(0, got);
            } else {
                System.arraycopy(buffer, 0, got, 0, size);
            }
            int source = status.getSource();
            int tag = status.getTag();
            that(source >= 0 && source < traffic.ranks && source != me, "thread %d: %s receive from source %d",
                    thread, stream.channel, source);
            int from;
            int seq;
            switch (stream.channel) {
                case ORDERED -> {
                    that(source == stream.source && tag == stream.tag, "thread %d: the receive of (%d, %d) got (%d, %d)",
                            thread, stream.source, stream.tag, source, tag);
                    from = tag;
                    seq = expectedSeq[slot];
                    int arrived = size < StressTraffic.HEADER ? seq : StressTraffic.seqInHeader(got);
                    that(arrived == seq, "thread %d: from rank %d thread %d message %d arrived where %d was due",
                            thread, source, from, arrived, seq);
                }
                case ANY_SOURCE -> {
                    that(tag == stream.tag && size >= StressTraffic.HEADER, "thread %d: ANY_SOURCE tag %d got tag %d, %d B",
                            thread, stream.tag, tag, size);
                    from = tag;
                    seq = StressTraffic.seqInHeader(got);
                }
                default -> {
                    from = traffic.threadOfPoolTag(tag);
                    seq = traffic.seqOfPoolTag(tag);
                }
            }
            that(from >= 0 && from < traffic.threads && seq >= 0 && seq < traffic.messages,
                    "thread %d: %s message names thread %d, message %d", thread, stream.channel, from, seq);
            Message m = traffic.message(source, from, seq);
            that(m.dest() == me && m.channel() == stream.channel, "thread %d: %s received on %s at rank %d", thread, m,
                    stream.channel, me);
            that(m.size() == size, "thread %d: %s arrived with %d B", thread, m, size);
            that(Arrays.equals(StressTraffic.payload(m), got), "thread %d: %s arrived with a wrong payload (%s)", thread, m,
                    buffer instanceof ByteBuffer ? "board memory" : "array");
            ledger.record(m);
        }
    }

    /** What this rank is owed by the traffic plan, and what it received. */
    static final class Ledger {
        private final StressTraffic traffic;
        private final int me;
        /** {@code [source * threads + thread]}: how often each message arrived. */
        private final AtomicIntegerArray[] receipts;
        /** {@code [(source * threads + thread) * channels + channel]}: owed by the plan. */
        private final int[] owed;
        private final AtomicIntegerArray received;

        Ledger(StressTraffic traffic, int me) {
            this.traffic = traffic;
            this.me = me;
            int channels = Channel.values().length;
            receipts = new AtomicIntegerArray[traffic.ranks * traffic.threads];
            owed = new int[traffic.ranks * traffic.threads * channels];
            received = new AtomicIntegerArray(owed.length);
            for (int s = 0; s < traffic.ranks; s++) {
                for (int t = 0; t < traffic.threads; t++) {
                    receipts[s * traffic.threads + t] = new AtomicIntegerArray(traffic.messages);
                    for (int i = 0; i < traffic.messages; i++) {
                        Message m = traffic.message(s, t, i);
                        if (s != me && m.dest() == me) {
                            owed[(s * traffic.threads + t) * channels + m.channel().ordinal()]++;
                        }
                    }
                }
            }
        }

        /** The ORDERED messages thread {@code thread} of rank {@code source} sends here, in send order. */
        int[] orderedSeqs(int source, int thread) {
            int[] seqs = new int[owed[(source * traffic.threads + thread) * Channel.values().length]];
            int n = 0;
            for (int i = 0; i < traffic.messages; i++) {
                Message m = traffic.message(source, thread, i);
                if (m.dest() == me && m.channel() == Channel.ORDERED) {
                    seqs[n++] = i;
                }
            }
            return seqs;
        }

        /** The ANY_SOURCE messages sent here with tag {@code thread}, from every rank. */
        int owedWithTag(int thread) {
            int n = 0;
            for (int s = 0; s < traffic.ranks; s++) {
                n += owed[(s * traffic.threads + thread) * Channel.values().length + Channel.ANY_SOURCE.ordinal()];
            }
            return n;
        }

        /** The ANY_TAG messages sent here, from every thread of every rank. */
        int owedToPool() {
            int n = 0;
            for (int st = 0; st < traffic.ranks * traffic.threads; st++) {
                n += owed[st * Channel.values().length + Channel.ANY_TAG.ordinal()];
            }
            return n;
        }

        void record(Message m) {
            int st = m.source() * traffic.threads + m.thread();
            int times = receipts[st].incrementAndGet(m.seq());
            that(times == 1, "%s arrived %d times", m, times);
            received.incrementAndGet(st * Channel.values().length + m.channel().ordinal());
        }

        long received() {
            long n = 0;
            for (int i = 0; i < received.length(); i++) {
                n += received.get(i);
            }
            return n;
        }

        /**
         * Every message owed here arrived exactly once, none other did, and the counts the senders
         * report ({@code sent[(source * threads + thread) * channels + channel]}) are the plan's.
         */
        void verify(int[] sent) {
            for (int i = 0; i < owed.length; i++) {
                int st = i / Channel.values().length;
                String what = "rank " + st / traffic.threads + " thread " + st % traffic.threads + " "
                        + Channel.values()[i % Channel.values().length];
                equal(owed[i], sent[i], what + ": messages sent here");
                equal(owed[i], received.get(i), what + ": messages received");
            }
            for (int s = 0; s < traffic.ranks; s++) {
                for (int t = 0; t < traffic.threads; t++) {
                    for (int i = 0; i < traffic.messages; i++) {
                        int expected = s != me && traffic.message(s, t, i).dest() == me ? 1 : 0;
                        equal(expected, receipts[s * traffic.threads + t].get(i),
                                "arrivals of message " + i + " of rank " + s + " thread " + t);
                    }
                }
            }
        }
    }
}

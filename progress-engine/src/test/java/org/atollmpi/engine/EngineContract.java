package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardLimits;
import org.atollmpi.nic.HostPort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the engine promises, whatever board it runs on: matching, every protocol, ordering,
 * back-pressure, cancellation, completion hooks, and liveness when resources are scarce. Ranks
 * are threads, each with its own engine over its own port of one board. Every board of the
 * {@link org.atollmpi.nic.BoardMatrix} runs the whole suite, one subclass each, which adds what
 * only its board can show ({@link LocalBoardEngineTest}, {@link ShmBoardEngineTest},
 * {@link LateCompletionEngineTest}, {@link TcpBoardEngineTest}, {@link RouterBoardEngineTest}).
 */
@Timeout(90)
abstract class EngineContract {
    static final long B = Addresses.BYTE_ARRAY_BASE;
    static final int CTX = 0;
    static final int[] SIZES = {0, 1, 8, 40, 41, 1000, 1024, 1025, 4096, 4097, 12288, 12289, 100_000};

    /** A board of {@code ranks} ports holding {@code limits}: the subclass's board of the matrix. */
    abstract Board board(int ranks, BoardLimits limits);

    interface RankBody {
        void run(Engine e) throws Exception;
    }

    void run(int ranks, RankBody... bodies) throws Exception {
        run(ranks, BoardLimits.DEFAULT, false, config(1024), bodies);
    }

    /** Runs one body per rank, each on its own thread and engine; rethrows the first failure. */
    void run(int ranks, BoardLimits limits, boolean threadSafe, EngineConfig config, RankBody... bodies)
        throws Exception {
        run(ranks, limits, threadSafe, config, (rank, port) -> port, bodies);
    }

    /** What a test puts between a rank's engine and its port (a counting or refusing port). */
    interface PortWrapper {
        HostPort wrap(int rank, HostPort port);
    }

    /** As {@link #run(int, BoardLimits, boolean, EngineConfig, RankBody...)}, each port passed through {@code ports}. */
    void run(int ranks, BoardLimits limits, boolean threadSafe, EngineConfig config, PortWrapper ports,
             RankBody... bodies) throws Exception {
        Board board = board(ranks, limits);
        try {
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(ranks);
            for (int r = 0; r < ranks; r++) {
                Engine e = new Engine(ports.wrap(r, board.open(r)), config, threadSafe);
                RankBody body = bodies[Math.min(r, bodies.length - 1)];
                Thread t = new Thread(() -> {
                    try {
                        body.run(e);
                    } catch (Throwable ex) {
                        failure.compareAndSet(null, ex);
                    } finally {
                        done.countDown();
                    }
                }, "rank-" + r);
                t.setDaemon(true);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            boolean finished = done.await(80, TimeUnit.SECONDS);
            if (failure.get() != null) {
                if (failure.get() instanceof Exception ex) {
                    throw ex;
                }
                throw new AssertionError(failure.get());
            }
            assertTrue(finished, "ranks did not finish");
        } finally {
            board.close();
        }
    }

    static EngineConfig config(int eagerLimit) {
        return config(eagerLimit, eagerLimit, 4096, 3);
    }

    /** With data outside board memory sent through the ring (FRAG records). */
    static EngineConfig config(int eagerLimit, int stagedEagerLimit, int chunkBytes, int slots) {
        return new EngineConfig(eagerLimit, stagedEagerLimit, chunkBytes, slots, EngineConfig.IdleMode.BACKOFF,
            EngineConfig.HeapRendezvous.RING);
    }

    /** As {@link #config(int, int, int, int)}, with data outside board memory staged (RMA Gets) instead of sent through the ring. */
    static EngineConfig staging(int eagerLimit, int stagedEagerLimit, int chunkBytes, int slots) {
        return new EngineConfig(eagerLimit, stagedEagerLimit, chunkBytes, slots, EngineConfig.IdleMode.BACKOFF,
            EngineConfig.HeapRendezvous.STAGING);
    }

    static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    /** Memory for a message: board memory from the engine when the board has native memory, else an array. */
    record Buf(Object base, long offset, int length, Object keep) {
        static Buf of(byte[] a) {
            return new Buf(a, B, a.length, a);
        }

        static Buf board(Engine e, int n) {
            ByteBuffer b = e.allocateBuffer(n);
            return b == null ? of(new byte[n]) : new Buf(null, Addresses.addressOf(b), n, b);
        }

        void fill(byte[] data) {
            Addresses.copy(data, B, base, offset, data.length);
        }

        byte[] read() {
            byte[] out = new byte[length];
            Addresses.copy(base, offset, out, B, length);
            return out;
        }
    }

    // ------------------------------------------------------------------------------------------
    // Matching and protocols
    // ------------------------------------------------------------------------------------------

    @Test
    void everyProtocolDeliversIntact() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                for (int n : SIZES) {
                    e.send(Engine.MODE_STANDARD, pattern(n, n), B, n, 1, n, CTX);
                }
            } else {
                for (int n : SIZES) {
                    byte[] got = new byte[n];
                    Operation op = e.recv(got, B, n, 0, n, CTX);
                    assertEquals(0, op.error(), op.errorMessage());
                    assertEquals(n, op.byteCount());
                    assertEquals(0, op.source());
                    assertEquals(n, op.tag());
                    assertArrayEquals(pattern(n, n), got, "size " + n);
                }
            }
        });
    }

    @Test
    void boardMemoryGoesInPlaceAndIntact() throws Exception {
        int[] sizes = {2000, 5000, 100_000, 1 << 20};
        run(2, BoardLimits.DEFAULT, false, config(1024, 64 * 1024, 8192, 2), e -> {
            for (int n : sizes) {
                Buf buf = Buf.board(e, n);
                if (e.rank() == 0) {
                    buf.fill(pattern(n, 5));
                    e.send(Engine.MODE_STANDARD, buf.base(), buf.offset(), n, 1, 1, CTX);
                } else {
                    e.recv(buf.base(), buf.offset(), n, 0, 1, CTX);
                    assertArrayEquals(pattern(n, 5), buf.read(), "size " + n);
                }
            }
        });
    }

    @Test
    void unexpectedMessagesOfEveryProtocolAreKeptUntilReceived() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                List<Operation> ops = new ArrayList<>();
                for (int n : SIZES) {
                    ops.add(e.isend(Engine.MODE_STANDARD, pattern(n, 7), B, n, 1, 5, CTX));
                }
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 1, 99, CTX); // "all sent"
                for (Operation op : ops) {
                    e.await(op);
                }
            } else {
                e.recv(new byte[0], B, 0, 0, 99, CTX); // tag 99 overtakes nothing: matching is per tag
                for (int n : SIZES) {
                    byte[] got = new byte[n];
                    Operation op = e.recv(got, B, n, 0, 5, CTX);
                    assertEquals(n, op.byteCount());
                    assertArrayEquals(pattern(n, 7), got);
                }
            }
        });
    }

    @Test
    void sameTagMessagesOfMixedSizesArriveInSendOrder() throws Exception {
        int count = 3000;
        run(2, e -> {
            if (e.rank() == 0) {
                List<Operation> ops = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    int n = (i % 7 == 0) ? 9000 : (i % 3 == 0 ? 500 : 4);
                    byte[] data = new byte[Math.max(n, 4)];
                    Addresses.copy(new int[] {i}, Addresses.INT_ARRAY_BASE, data, B, 4);
                    ops.add(e.isend(Engine.MODE_STANDARD, data, B, n, 1, 3, CTX));
                }
                for (Operation op : ops) {
                    e.await(op);
                }
            } else {
                byte[] got = new byte[9000];
                int[] first = new int[1];
                for (int i = 0; i < count; i++) {
                    Operation op = e.recv(got, B, got.length, Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);
                    Addresses.copy(got, B, first, Addresses.INT_ARRAY_BASE, 4);
                    assertEquals(i, first[0], "message " + i + " out of order");
                    assertEquals((i % 7 == 0) ? 9000 : (i % 3 == 0 ? 500 : 4), op.byteCount());
                }
            }
        });
    }

    /**
     * Two senders into one receiver over the smallest queues: the receiver starts taking only once
     * each sender's board has refused it a deposit (each sender's first two messages are fast
     * sends, and a pair has one slot), so back-pressure is always met, and then every message
     * arrives once, in order per sender.
     */
    @Test
    void backPressureLosesNothing() throws Exception {
        int count = 2000;
        CountDownLatch bothRefused = new CountDownLatch(2);
        AtomicInteger[] refusals = {new AtomicInteger(), new AtomicInteger()};
        PortWrapper counting = (rank, port) -> rank == 2 ? port : new RefusalCounter(port, refusals[rank], bothRefused);
        run(3, BoardLimits.TINY_QUEUES, false, config(1024), counting, e -> {
            if (e.rank() == 2) {
                int[] next = new int[2];
                byte[] got = new byte[2048];
                int[] first = new int[1];
                assertTrue(bothRefused.await(60, TimeUnit.SECONDS), "a sender never met a full target");
                for (int i = 0; i < 2 * count; i++) {
                    Operation op = e.recv(got, B, got.length, Engine.ANY_SOURCE, 1, CTX);
                    int src = op.source();
                    Addresses.copy(got, B, first, Addresses.INT_ARRAY_BASE, 4);
                    assertEquals(next[src]++, first[0], "from " + src);
                }
                assertEquals(count, next[0]);
                assertEquals(count, next[1]);
            } else {
                byte[] data = new byte[1500];
                for (int i = 0; i < count; i++) {
                    Addresses.copy(new int[] {i}, Addresses.INT_ARRAY_BASE, data, B, 4);
                    e.send(Engine.MODE_STANDARD, data, B, i < 2 ? 4 : 4 + (i % 3) * 700, 2, 1, CTX);
                }
            }
        });
        assertTrue(refusals[0].get() > 0 && refusals[1].get() > 0, refusals[0] + " and " + refusals[1] + " refusals");
    }

    /**
     * Counts the deposits the board refused this port once one was taken (the target full, not a
     * link being opened); the first one counts {@code firstRefusal} down.
     */
    private static final class RefusalCounter extends org.atollmpi.nic.ForwardingHostPort {
        private final AtomicInteger refusals;
        private final CountDownLatch firstRefusal;

        RefusalCounter(HostPort port, AtomicInteger refusals, CountDownLatch firstRefusal) {
            super(port);
            this.refusals = refusals;
            this.firstRefusal = firstRefusal;
        }

        /** Whether a deposit was taken: a network board refuses too while its link is opened. */
        private volatile boolean linkUp;

        private boolean counted(boolean taken) {
            if (taken) {
                linkUp = true;
            } else if (linkUp && refusals.getAndIncrement() == 0) {
                firstRefusal.countDown();
            }
            return taken;
        }

        @Override
        public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
            return counted(port.fastSend(target, header0, header1, srcBase, srcOffset, length));
        }

        @Override
        public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
            return counted(port.send(target, header0, header1, srcBase, srcOffset, length));
        }

        @Override
        public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
            return counted(port.notify(target, type, arg0, arg1, arg2));
        }
    }

    @Test
    void anySourceAnyTagAndContextsAreSeparateMatchingSpaces() throws Exception {
        run(3, e -> {
            if (e.rank() > 0) {
                e.send(Engine.MODE_STANDARD, new byte[] {(byte) e.rank()}, B, 1, 0, 10 + e.rank(), 1);
                e.send(Engine.MODE_STANDARD, new byte[] {(byte) (e.rank() + 100)}, B, 1, 0, 10 + e.rank(), CTX);
            } else {
                byte[] b = new byte[1];
                int seen = 0;
                for (int i = 0; i < 2; i++) {
                    Operation op = e.recv(b, B, 1, Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);
                    assertEquals(op.source() + 100, b[0], "context 0 must not see context 1 traffic");
                    assertEquals(10 + op.source(), op.tag());
                    seen |= 1 << op.source();
                }
                assertEquals(6, seen);
                for (int src = 1; src <= 2; src++) {
                    Operation op = e.recv(b, B, 1, src, Engine.ANY_TAG, 1);
                    assertEquals(src, b[0]);
                }
            }
        });
    }

    @Test
    void synchronousSendCompletesOnlyAfterTheMatch() throws Exception {
        run(2, e -> {
            for (int n : new int[] {8, 800, 20_000}) {
                if (e.rank() == 0) {
                    Operation op = e.isend(Engine.MODE_SYNCHRONOUS, pattern(n, 1), B, n, 1, n, CTX);
                    for (int i = 0; i < 200; i++) {
                        assertFalse(e.test(op), "ssend of " + n + " completed before the receive was posted");
                    }
                    e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 1, 0, CTX);
                    e.await(op);
                } else {
                    e.recv(new byte[0], B, 0, 0, 0, CTX);
                    byte[] got = new byte[n];
                    e.recv(got, B, n, 0, n, CTX);
                    assertArrayEquals(pattern(n, 1), got);
                }
            }
        });
    }

    @Test
    void truncationIsReportedAndTheSenderStillCompletes() throws Exception {
        run(2, e -> {
            for (int n : new int[] {30, 900, 50_000}) {
                for (boolean board : new boolean[] {false, true}) {
                    if (e.rank() == 0) {
                        Buf buf = board ? Buf.board(e, n) : Buf.of(new byte[n]);
                        buf.fill(pattern(n, 2));
                        e.send(Engine.MODE_STANDARD, buf.base(), buf.offset(), n, 1, 4, CTX);
                    } else {
                        byte[] got = new byte[10];
                        Operation op = e.recv(got, B, 10, 0, 4, CTX);
                        assertEquals(ErrorClass.TRUNCATE, op.error());
                        assertTrue(op.errorMessage().contains(n + " bytes"), op.errorMessage());
                        assertEquals(10, op.byteCount());
                        assertArrayEquals(Arrays.copyOf(pattern(n, 2), 10), got);
                    }
                }
            }
            if (e.rank() == 1) {
                // An empty receive buffer takes a rendezvous too: nothing travels, both complete.
                Operation op = e.recv(new byte[0], B, 0, 0, 5, CTX);
                assertEquals(ErrorClass.TRUNCATE, op.error());
                assertEquals(0, op.byteCount());
            } else {
                e.send(Engine.MODE_STANDARD, new byte[50_000], B, 50_000, 1, 5, CTX);
            }
        });
    }

    @Test
    void probeDescribesTheNextMessage() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                e.send(Engine.MODE_STANDARD, pattern(300, 0), B, 300, 1, 8, CTX);
                e.send(Engine.MODE_STANDARD, pattern(9000, 0), B, 9000, 1, 9, CTX);
            } else {
                Operation p = e.probe(Engine.ANY_SOURCE, 9, CTX);
                assertEquals(9000, p.byteCount());
                assertEquals(0, p.source());
                p = e.probe(0, Engine.ANY_TAG, CTX);
                assertEquals(300, p.byteCount());
                assertEquals(8, p.tag());
                assertNull(e.iprobe(0, 77, CTX));
                byte[] got = new byte[9000];
                assertEquals(300, e.recv(got, B, 9000, 0, Engine.ANY_TAG, CTX).byteCount());
                assertEquals(9000, e.recv(got, B, 9000, 0, Engine.ANY_TAG, CTX).byteCount());
            }
        });
    }

    @Test
    void matchedProbeReceivesEveryProtocolInSendOrder() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                List<Operation> ops = new ArrayList<>();
                for (int n : SIZES) {
                    ops.add(e.isend(Engine.MODE_STANDARD, pattern(n, 3), B, n, 1, n % 7, CTX));
                }
                Buf board = Buf.board(e, 300_000);
                board.fill(pattern(300_000, 4));
                e.send(Engine.MODE_STANDARD, board.base(), board.offset(), 300_000, 1, 6, CTX);
                for (Operation op : ops) {
                    e.await(op);
                }
            } else {
                int i = 0;
                for (int n : SIZES) {
                    MatchedMessage m = (i++ & 1) == 0 ? e.mprobe(Engine.ANY_SOURCE, Engine.ANY_TAG, CTX)
                        : pollImprobe(e, 0, Engine.ANY_TAG);
                    assertEquals(0, m.source());
                    assertEquals(n % 7, m.tag());
                    assertEquals(n, m.byteCount(), "size " + n);
                    assertFalse(m.isReceived());
                    byte[] got = new byte[n];
                    Operation op = (i & 1) == 0 ? e.mrecv(m, got, B, n) : awaited(e, e.imrecv(m, got, B, n));
                    assertTrue(m.isReceived());
                    assertEquals(0, op.error(), op.errorMessage());
                    assertEquals(n, op.byteCount());
                    assertEquals(0, op.source());
                    assertEquals(n % 7, op.tag());
                    assertArrayEquals(pattern(n, 3), got, "size " + n);
                }
                MatchedMessage m = e.mprobe(0, 6, CTX);
                assertEquals(300_000, m.byteCount());
                Buf into = Buf.board(e, 300_000);
                Operation op = e.imrecv(m, into.base(), into.offset(), 300_000, into.keep());
                e.await(op);
                assertEquals(300_000, op.byteCount());
                assertArrayEquals(pattern(300_000, 4), into.read());
            }
        });
    }

    private static MatchedMessage pollImprobe(Engine e, int source, int tag) {
        MatchedMessage m;
        while ((m = e.improbe(source, tag, CTX)) == null) {
            e.idle(0);
        }
        return m;
    }

    private static Operation awaited(Engine e, Operation op) {
        e.await(op);
        return op;
    }

    @Test
    void aMatchedMessageIsNotStolenByLaterReceivesOrProbes() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                Operation big = e.isend(Engine.MODE_STANDARD, pattern(100_000, 1), B, 100_000, 1, 1, CTX); // rendezvous
                e.send(Engine.MODE_STANDARD, pattern(10, 2), B, 10, 1, 1, CTX);
                e.send(Engine.MODE_STANDARD, pattern(2000, 3), B, 2000, 1, 2, CTX);
                e.recv(new byte[0], B, 0, 1, 9, CTX);
                e.await(big);
            } else {
                assertNull(e.improbe(0, 77, CTX));
                MatchedMessage big = e.mprobe(0, 1, CTX);
                assertEquals(100_000, big.byteCount());
                MatchedMessage small = e.mprobe(Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);
                assertEquals(10, small.byteCount());
                // Neither a probe nor a wildcard receive sees the two matched messages any more.
                Operation p = e.probe(Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);
                assertEquals(2, p.tag());
                assertEquals(2000, p.byteCount());
                byte[] got = new byte[100_000];
                Operation r = e.irecv(got, B, got.length, Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);
                e.await(r);
                assertEquals(2, r.tag());
                assertEquals(2000, r.byteCount());
                Operation later = e.irecv(new byte[100_000], B, 100_000, Engine.ANY_SOURCE, 1, CTX);
                for (int i = 0; i < 50; i++) {
                    e.progress();
                }
                assertFalse(later.isComplete());
                e.cancel(later);
                e.await(later);
                assertTrue(later.isCancelled());
                // Received in the other order than probed, the big one truncated to show only the wanted bytes travel.
                byte[] s = new byte[10];
                assertEquals(10, e.mrecv(small, s, B, 10).byteCount());
                assertArrayEquals(pattern(10, 2), s);
                byte[] part = new byte[60_000];
                Operation op = e.imrecv(big, part, B, part.length);
                e.await(op);
                assertEquals(ErrorClass.TRUNCATE, op.error());
                assertArrayEquals(Arrays.copyOf(pattern(100_000, 1), 60_000), part);
                EngineException twice = assertThrows(EngineException.class, () -> e.imrecv(big, part, B, 10));
                assertEquals(ErrorClass.REQUEST, twice.errorClass());
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 0, 9, CTX);
            }
        });
    }

    @Test
    void matchedProbeFromAnySourceTakesEachMessageOnce() throws Exception {
        int per = 20;
        run(4, e -> {
            if (e.rank() != 0) {
                for (int i = 0; i < per; i++) {
                    int n = SIZES[(i + e.rank()) % SIZES.length];
                    byte[] data = pattern(n, e.rank() * 100 + i);
                    e.send(i % 3 == 0 ? Engine.MODE_SYNCHRONOUS : Engine.MODE_STANDARD, data, B, n, 0, i, CTX);
                }
            } else {
                int[] next = new int[4];
                for (int k = 0; k < 3 * per; k++) {
                    MatchedMessage m = e.mprobe(Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);
                    int src = m.source();
                    assertEquals(next[src], m.tag(), "messages of one sender in order");
                    int n = SIZES[(next[src] + src) % SIZES.length];
                    byte[] got = new byte[n];
                    Operation op = e.mrecv(m, got, B, n);
                    assertEquals(n, op.byteCount());
                    assertArrayEquals(pattern(n, src * 100 + next[src]), got);
                    next[src]++;
                }
                assertNull(e.improbe(Engine.ANY_SOURCE, Engine.ANY_TAG, CTX));
            }
        });
    }

    @Test
    void bufferedSendsUseTheAttachedBuffer() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                byte[] attached = new byte[3 * (2000 + Engine.BSEND_OVERHEAD)];
                e.attachBuffer(attached, B, attached.length);
                byte[] data = pattern(2000, 3);
                for (int i = 0; i < 3; i++) {
                    Operation op = e.isend(Engine.MODE_BUFFERED, data, B, 2000, 1, i, CTX);
                    assertTrue(op.isComplete(), "a buffered send completes at once");
                }
                EngineException full = assertThrows(EngineException.class,
                    () -> e.isend(Engine.MODE_BUFFERED, data, B, 2000, 1, 3, CTX));
                assertEquals(ErrorClass.BUFFER, full.errorClass());
                Arrays.fill(data, (byte) 0); // the copies must not change
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 1, 50, CTX);
                assertEquals(attached, e.detachBuffer());
            } else {
                e.recv(new byte[0], B, 0, 0, 50, CTX);
                for (int i = 0; i < 3; i++) {
                    byte[] got = new byte[2000];
                    e.recv(got, B, 2000, 0, i, CTX);
                    assertArrayEquals(pattern(2000, 3), got);
                }
            }
        });
    }

    @Test
    void exchangingLargeMessagesBothWaysDoesNotDeadlock() throws Exception {
        int n = 1 << 20;
        run(2, e -> {
            int peer = 1 - e.rank();
            for (int round = 0; round < 3; round++) {
                Operation s = e.isend(Engine.MODE_STANDARD, pattern(n, e.rank()), B, n, peer, 1, CTX);
                byte[] got = new byte[n];
                e.recv(got, B, n, peer, 1, CTX);
                e.await(s);
                assertArrayEquals(pattern(n, peer), got);
            }
        });
    }

    @Test
    void selfMessagesOfEveryProtocol() throws Exception {
        run(1, e -> {
            for (int n : SIZES) {
                Operation s = e.isend(Engine.MODE_STANDARD, pattern(n, 9), B, n, 0, 2, CTX);
                byte[] got = new byte[n];
                e.recv(got, B, n, 0, 2, CTX);
                e.await(s);
                assertArrayEquals(pattern(n, 9), got);
            }
        });
    }

    @Test
    void quiesceDrainsPendingTraffic() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                Operation op = e.isend(Engine.MODE_STANDARD, pattern(50_000, 4), B, 50_000, 1, 1, CTX);
                e.await(op);
                e.quiesce();
            } else {
                byte[] got = new byte[50_000];
                e.recv(got, B, got.length, 0, 1, CTX);
                e.quiesce();
                assertArrayEquals(pattern(50_000, 4), got);
            }
        });
    }

    /**
     * The staging path (data outside board memory through staging chunks the receiver Gets, the
     * NIC completing them in any order): every size, truncation, many messages in reverse order,
     * and both directions at once, with a three-slot pipeline of 4 KiB chunks.
     */
    @Test
    void stagedRendezvousDeliversIntact() throws Exception {
        int[] sizes = {1025, 4096, 4097, 12289, 100_000, 1 << 20};
        run(2, BoardLimits.DEFAULT, false, staging(1024, 1024, 4096, 3), e -> {
            int peer = 1 - e.rank();
            for (int n : sizes) {
                Operation s = e.isend(Engine.MODE_STANDARD, pattern(n, e.rank() + n), B, n, peer, 1, CTX);
                byte[] got = new byte[n];
                Operation r = e.recv(got, B, n, peer, 1, CTX);
                assertEquals(n, r.byteCount());
                assertArrayEquals(pattern(n, peer + n), got, "size " + n);
                e.await(s);
            }
            if (e.rank() == 0) {
                Operation[] ops = new Operation[60];
                for (int i = 0; i < ops.length; i++) {
                    ops[i] = e.isend(Engine.MODE_STANDARD, pattern(20_000, i), B, 20_000, 1, i, CTX);
                }
                e.send(Engine.MODE_STANDARD, pattern(50_000, 3), B, 50_000, 1, 100, CTX);
                for (Operation op : ops) {
                    e.await(op);
                }
                EngineCounters c = e.counters();
                assertEquals(sizes.length + 61, c.stagedSends(), c.toString());
            } else {
                byte[] got = new byte[20_000];
                for (int i = 59; i >= 0; i--) {
                    e.recv(got, B, got.length, 0, i, CTX);
                    assertArrayEquals(pattern(20_000, i), got, "message " + i);
                }
                byte[] small = new byte[10];
                Operation t = e.recv(small, B, 10, 0, 100, CTX);
                assertEquals(ErrorClass.TRUNCATE, t.error());
                assertArrayEquals(Arrays.copyOf(pattern(50_000, 3), 10), small);
            }
        });
    }

    // ------------------------------------------------------------------------------------------
    // Never stall
    // ------------------------------------------------------------------------------------------

    /**
     * Many rendezvous sends from one buffer, received in reverse order: every RTS is out before
     * the first match, so nothing may be held for a send nobody has asked for yet. Staged, with
     * 64 KiB of board memory: some transfers find staging, the others go through the ring.
     */
    @Test
    void manyRendezvousSendsReceivedInReverseOrder() throws Exception {
        int count = 400;
        int n = 20_000;
        run(2, BoardLimits.SCARCE, false, staging(1024, 1024, 4096, 2), e -> {
            if (e.rank() == 0) {
                byte[] data = pattern(n, 6);
                Operation[] ops = new Operation[count];
                for (int i = 0; i < count; i++) {
                    ops[i] = e.isend(Engine.MODE_STANDARD, data, B, n, 1, i, CTX);
                }
                for (Operation op : ops) {
                    e.await(op);
                    assertEquals(ErrorClass.SUCCESS, op.error());
                }
                EngineCounters c = e.counters();
                assertEquals(count, c.stagedSends() + c.ringSends(), c.toString());
            } else {
                byte[] got = new byte[n];
                for (int i = count - 1; i >= 0; i--) {
                    Arrays.fill(got, (byte) 0);
                    Operation op = e.recv(got, B, n, 0, i, CTX);
                    assertEquals(n, op.byteCount());
                    assertArrayEquals(pattern(n, 6), got, "message " + i);
                }
            }
        });
    }

    /** The same from board memory, with 8 window descriptors for 300 in-place sends. */
    @Test
    void manyBoardMemorySendsWithFewWindowsReceivedInReverseOrder() throws Exception {
        int count = 300;
        int n = 6000;
        run(2, BoardLimits.SCARCE.withHeapBytes(4L << 20), false, config(1024, 1024, 4096, 2), e -> {
            Buf buf = Buf.board(e, n);
            if (e.rank() == 0) {
                buf.fill(pattern(n, 8));
                Operation[] ops = new Operation[count];
                for (int i = 0; i < count; i++) {
                    ops[i] = e.isend(Engine.MODE_STANDARD, buf.base(), buf.offset(), n, 1, i, CTX);
                }
                for (Operation op : ops) {
                    e.await(op);
                }
                EngineCounters c = e.counters();
                assertEquals(count, c.rendezvousSends(), c.toString());
                if (buf.base() == null) { // board memory: RTS windows while descriptors last, then in place after a CTS
                    assertTrue(c.rtsWindows() > 0 && c.inPlaceSends() > 0, c.toString());
                    assertEquals(count, c.rtsWindows() + c.inPlaceSends() + c.ringSends(), c.toString());
                }
            } else {
                for (int i = count - 1; i >= 0; i--) {
                    buf.fill(new byte[n]);
                    e.recv(buf.base(), buf.offset(), n, 0, i, CTX);
                    assertArrayEquals(pattern(n, 8), buf.read(), "message " + i);
                }
            }
        });
    }

    /** Small messages and a barrier's worth of traffic are never stuck behind unmatched large sends. */
    @Test
    void smallMessagesPassUnmatchedRendezvous() throws Exception {
        int count = 200;
        int n = 100_000;
        run(2, BoardLimits.SCARCE, false, config(1024, 1024, 4096, 2), e -> {
            if (e.rank() == 0) {
                Operation[] ops = new Operation[count];
                for (int i = 0; i < count; i++) {
                    ops[i] = e.isend(Engine.MODE_STANDARD, pattern(n, i), B, n, 1, 1, CTX);
                }
                e.send(Engine.MODE_STANDARD, new byte[8], B, 8, 1, 2, CTX);
                e.recv(new byte[8], B, 8, 1, 3, CTX);
                for (Operation op : ops) {
                    e.await(op);
                }
            } else {
                e.recv(new byte[8], B, 8, 0, 2, CTX); // passes all 200 RTSs
                e.send(Engine.MODE_STANDARD, new byte[8], B, 8, 0, 3, CTX);
                byte[] got = new byte[n];
                for (int i = 0; i < count; i++) {
                    e.recv(got, B, n, 0, 1, CTX);
                    assertArrayEquals(pattern(n, i), got, "message " + i);
                }
            }
        });
    }

    /**
     * Large messages from private direct buffers: where the board lets the receiver read the
     * sender's memory (the shm board), the RTS names the buffer itself and the receiver reads it
     * with one copy, into an array or a direct buffer; elsewhere they go through the board. The
     * data arrives whole either way, and the counters say which way it went.
     */
    @Test
    void largeDirectSendsAreReadFromTheSendersMemoryWhereThePeerCan() throws Exception {
        int[] sizes = {70_000, 1 << 20, 3 << 20};
        run(2, BoardLimits.DEFAULT, false, staging(1024, 128 * 1024, 64 * 1024, 4), e -> {
            boolean readsUs = e.port().exposesProcessMemoryTo(1 - e.rank());
            for (int n : sizes) {
                if (e.rank() == 0) {
                    ByteBuffer out = ByteBuffer.allocateDirect(n);
                    out.put(pattern(n, n)).clear();
                    e.send(Engine.MODE_STANDARD, null, Addresses.addressOf(out), n, 1, 5, CTX);
                    java.lang.ref.Reference.reachabilityFence(out);
                } else {
                    byte[] got = new byte[n];
                    e.recv(got, B, n, 0, 5, CTX);
                    assertArrayEquals(pattern(n, n), got, n + " bytes into an array");
                }
                if (e.rank() == 1) {
                    ByteBuffer out = ByteBuffer.allocateDirect(n);
                    out.put(pattern(n, n + 1)).clear();
                    e.send(Engine.MODE_SYNCHRONOUS, null, Addresses.addressOf(out), n, 0, 6, CTX);
                    java.lang.ref.Reference.reachabilityFence(out);
                } else {
                    ByteBuffer in = ByteBuffer.allocateDirect(n);
                    e.recv(null, Addresses.addressOf(in), n, 1, 6, CTX);
                    byte[] got = new byte[n];
                    in.get(got);
                    assertArrayEquals(pattern(n, n + 1), got, n + " bytes into a direct buffer");
                }
            }
            assertEquals(readsUs ? sizes.length : 0, e.counters().crossMemorySends(), e.counters().toString());
            assertEquals(0, e.counters().crossMemoryRefused(), e.counters().toString());
        });
    }

    /**
     * Board buffers the program drops go back to the board: twenty times the board's memory in
     * buffers, each dropped at once, all come from the board. A call that finds no room returns
     * at once (the caller would take ordinary memory) while a collection runs elsewhere; asking
     * again finds the memory back, and the board is never said to be full.
     */
    @Test
    void droppedBoardBuffersReturnToTheBoard() throws Exception {
        run(1, BoardLimits.DEFAULT.withHeapBytes(1 << 20), false, config(1024), e -> {
            if (e.allocateBuffer(4096) == null) {
                return; // this board's memory cannot back direct buffers (the in-process board)
            }
            AtomicInteger saidFull = new AtomicInteger();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            for (int i = 0; i < 80; i++) {
                ByteBuffer b;
                while ((b = e.allocateBuffer(256 << 10, capacity -> saidFull.incrementAndGet())) == null) {
                    assertEquals(0, saidFull.get(), "allocation " + i + ": the board did not take dropped buffers back");
                    assertTrue(System.nanoTime() < deadline, "allocation " + i + ": no memory came back");
                    Thread.yield();
                }
                b.put(0, (byte) i);
            }
            assertEquals(0, saidFull.get(), "the board was said to be full");
        });
    }

    /**
     * A board full of buffers the program holds is said to be full once, by the collection that
     * gave nothing back, and from then on a call that finds no room says so at once and starts
     * no collection.
     */
    @Test
    void aBoardFullOfHeldBuffersIsSaidToBeFull() throws Exception {
        run(1, BoardLimits.DEFAULT.withHeapBytes(1 << 20), false, config(1024), e -> {
            if (e.allocateBuffer(4096) == null) {
                return; // this board's memory cannot back direct buffers (the in-process board)
            }
            CountDownLatch said = new CountDownLatch(1);
            AtomicInteger capacitySaid = new AtomicInteger();
            IntConsumer whenFull = capacity -> {
                capacitySaid.set(capacity);
                said.countDown();
            };
            List<ByteBuffer> held = new ArrayList<>();
            for (ByteBuffer b; (b = e.allocateBuffer(64 << 10, whenFull)) != null; ) {
                held.add(b);
            }
            assertTrue(said.await(20, TimeUnit.SECONDS), "the collection never said the board was full");
            assertEquals(64 << 10, capacitySaid.get());
            AtomicReference<Thread> sayer = new AtomicReference<>();
            assertNull(e.allocateBuffer(64 << 10, capacity -> sayer.set(Thread.currentThread())));
            assertSame(Thread.currentThread(), sayer.get(), "a known-full board is said to be full in the call");
            assertTrue(held.size() >= 8, "only " + held.size() + " buffers fitted");
        });
    }

    /**
     * A board buffer lives as long as any view of it: a typed view or a slice, with the buffer
     * that {@code allocateBuffer} returned dropped at once (as {@code MPI.newIntBuffer} does), keeps
     * its memory; buffers allocated after a collection never share it.
     */
    @Test
    void boardBuffersLiveAsLongAsAnyView() throws Exception {
        run(1, BoardLimits.DEFAULT.withHeapBytes(1 << 20), false, config(1024), e -> {
            if (e.allocateBuffer(64) == null) {
                return; // this board's memory cannot back direct buffers (the in-process board)
            }
            IntBuffer view = e.allocateBuffer(4096).asIntBuffer();
            ByteBuffer slice = e.allocateBuffer(4096).slice(16, 64);
            view.put(0, 42);
            slice.put(0, (byte) 7);
            for (int i = 0; i < 4; i++) {
                System.gc();
                Thread.sleep(20);
            }
            List<ByteBuffer> more = new ArrayList<>();
            for (ByteBuffer b; (b = e.allocateBuffer(4096)) != null; ) {
                b.put(0, (byte) -1).put(16, (byte) -1);
                more.add(b);
            }
            assertEquals(42, view.get(0), "the typed view's memory was given to another buffer");
            assertEquals(7, slice.get(0), "the slice's memory was given to another buffer");
            assertTrue(more.size() > 100, "only " + more.size() + " buffers fitted");
        });
    }

    /** With no board memory for staging at all, large sends still complete (as FRAG records). */
    @Test
    void largeSendsCompleteWithoutBoardMemory() throws Exception {
        int[] sizes = {5000, 100_000, 3 << 20};
        run(2, BoardLimits.DEFAULT.withHeapBytes(0), false, config(1024, 1024, 4096, 3), e -> {
            int peer = 1 - e.rank();
            for (int n : sizes) {
                Operation s = e.isend(Engine.MODE_STANDARD, pattern(n, e.rank() + n), B, n, peer, 7, CTX);
                byte[] got = new byte[n];
                Operation r = e.recv(got, B, n, peer, 7, CTX);
                assertEquals(n, r.byteCount());
                assertArrayEquals(pattern(n, peer + n), got, "size " + n);
                e.await(s);
            }
            assertEquals(sizes.length, e.counters().ringSends(), e.counters().toString());
        });
    }

    // ------------------------------------------------------------------------------------------
    // Cancellation
    // ------------------------------------------------------------------------------------------

    @Test
    void cancelCompletesAPendingReceive() throws Exception {
        run(1, e -> {
            Operation op = e.irecv(new byte[4], B, 4, 0, 1, CTX);
            assertFalse(e.test(op));
            e.cancel(op);
            assertTrue(op.isComplete());
            assertTrue(op.isCancelled());
            // a message sent afterwards is not swallowed by the cancelled receive
            e.send(Engine.MODE_STANDARD, new byte[] {1, 2, 3, 4}, B, 4, 0, 1, CTX);
            byte[] got = new byte[4];
            e.recv(got, B, 4, 0, 1, CTX);
            assertArrayEquals(new byte[] {1, 2, 3, 4}, got);
        });
    }

    /**
     * Unmatched synchronous and rendezvous sends are taken back by the receiver's engine: the wait
     * returns cancelled, the receiver never sees them, and what they held is free again.
     */
    @Test
    void cancelledUnmatchedSendsAreTakenBackAndReleaseEverything() throws Exception {
        int rounds = 40;
        CountDownLatch cancelled = new CountDownLatch(1);
        run(2, BoardLimits.SCARCE.withHeapBytes(1L << 20), false, config(1024, 1024, 4096, 2), e -> {
            if (e.rank() == 0) {
                Buf board = Buf.board(e, 50_000);
                for (int i = 0; i < rounds; i++) {
                    Operation sync = e.isend(Engine.MODE_SYNCHRONOUS, pattern(100, i), B, 100, 1, 1, CTX);
                    Operation big = e.isend(Engine.MODE_STANDARD, pattern(50_000, i), B, 50_000, 1, 1, CTX);
                    Operation inPlace = e.isend(Engine.MODE_STANDARD, board.base(), board.offset(), 50_000, 1, 1, CTX);
                    for (Operation op : new Operation[] {sync, big, inPlace}) {
                        e.cancel(op);
                        e.await(op);
                        assertTrue(op.isCancelled(), op + " was not cancelled");
                    }
                }
                cancelled.countDown();
                assertEquals(3 * rounds, e.counters().cancelledSends());
                e.send(Engine.MODE_STANDARD, pattern(50_000, 99), B, 50_000, 1, 1, CTX);
                e.recv(new byte[0], B, 0, 1, 2, CTX);
            } else {
                // Polls (as any MPI call does) while the sender cancels; receives nothing yet.
                while (cancelled.getCount() > 0) {
                    assertNull(e.iprobe(0, 1, 77));
                    e.idle(e.progress());
                }
                byte[] got = new byte[50_000];
                Operation op = e.recv(got, B, got.length, 0, 1, CTX);
                assertEquals(50_000, op.byteCount());
                assertArrayEquals(pattern(50_000, 99), got, "the first message received is the one not cancelled");
                assertNull(e.iprobe(Engine.ANY_SOURCE, Engine.ANY_TAG, CTX));
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 0, 2, CTX);
            }
            e.quiesce();
        });
    }

    @Test
    void cancelOfAMatchedSendLetsItCompleteNormally() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                Operation op = e.isend(Engine.MODE_SYNCHRONOUS, pattern(100, 1), B, 100, 1, 1, CTX);
                e.recv(new byte[0], B, 0, 1, 2, CTX); // the receive has matched by now
                e.cancel(op);
                e.await(op);
                assertFalse(op.isCancelled());
                Operation big = e.isend(Engine.MODE_STANDARD, pattern(80_000, 1), B, 80_000, 1, 3, CTX);
                e.recv(new byte[0], B, 0, 1, 4, CTX);
                e.cancel(big);
                e.await(big);
                assertFalse(big.isCancelled());
            } else {
                byte[] got = new byte[100];
                e.recv(got, B, 100, 0, 1, CTX);
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 0, 2, CTX);
                byte[] big = new byte[80_000];
                e.probe(0, 3, CTX); // the RTS is here, so the receive below matches it at once
                Operation r = e.irecv(big, B, big.length, 0, 3, CTX);
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 0, 4, CTX);
                e.await(r);
                assertArrayEquals(pattern(80_000, 1), big);
            }
        });
    }

    @Test
    void cancelOfAQueuedSendWithdrawsIt() throws Exception {
        CountDownLatch cancelled = new CountDownLatch(1);
        run(2, BoardLimits.TINY_QUEUES, false, config(1024), e -> {
            if (e.rank() == 0) {
                List<Operation> ops = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    ops.add(e.isend(Engine.MODE_STANDARD, pattern(600, i), B, 600, 1, i, CTX));
                }
                Operation last = ops.get(ops.size() - 1);
                assertFalse(last.isComplete(), "a 16 KiB ring holds fewer than 50 records of 600 B");
                e.cancel(last);
                assertTrue(last.isComplete() && last.isCancelled());
                cancelled.countDown();
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 1, 1000, CTX);
            } else {
                cancelled.await(); // no polling until then: the ring stays full
                e.recv(new byte[0], B, 0, 0, 1000, CTX);
                for (int i = 0; i < 49; i++) {
                    byte[] got = new byte[600];
                    e.recv(got, B, 600, 0, i, CTX);
                    assertArrayEquals(pattern(600, i), got);
                }
                assertNull(e.iprobe(0, 49, CTX));
            }
        });
    }

    // ------------------------------------------------------------------------------------------
    // Recycled operations (see Operation: released, complete, no hook pending)
    // ------------------------------------------------------------------------------------------

    /**
     * A completed operation that is released comes back as the next one; one that is kept keeps
     * its status through any amount of later traffic, and is never handed out again.
     */
    @Test
    void keptOperationsKeepTheirStatusWhileReleasedOnesAreReused() throws Exception {
        int rounds = 200;
        run(2, e -> {
            byte[] data = new byte[8];
            boolean sender = e.rank() == 0;
            Operation kept = sender ? e.isend(Engine.MODE_STANDARD, data, B, 8, 1, 5, CTX) : e.irecv(data, B, 8, 0, 5, CTX);
            e.await(kept);
            Operation previous = null;
            for (int i = 0; i < rounds; i++) {
                Operation op = sender ? e.isend(Engine.MODE_STANDARD, data, B, 3, 1, 6, CTX)
                    : e.irecv(data, B, 8, 0, 6, CTX);
                assertNotSame(kept, op, "an operation not released was handed out again");
                if (previous != null) {
                    assertSame(previous, op, "a released, completed operation was not reused");
                }
                e.await(op);
                assertEquals(3, op.byteCount());
                e.release(op);
                previous = op;
            }
            assertTrue(kept.isComplete());
            assertEquals(5, kept.tag());
            assertEquals(8, kept.byteCount());
            assertEquals(sender, kept.isSend());
            assertEquals(0, kept.source(), "rank 0 sent it");
            e.release(kept);
        });
    }

    /**
     * An operation released in flight (a freed request) still completes its transfer into the
     * program's buffer, and is not recycled under it: later operations are other objects.
     */
    @Test
    void anOperationReleasedInFlightCompletesAndIsNotReused() throws Exception {
        int[] sizes = {8, 100_000};
        run(2, e -> {
            for (int n : sizes) {
                if (e.rank() == 0) {
                    e.recv(new byte[1], B, 1, 1, 1, CTX); // the receiver has released its receive
                    e.send(Engine.MODE_STANDARD, pattern(n, n), B, n, 1, 2, CTX);
                    e.send(Engine.MODE_STANDARD, new byte[1], B, 1, 1, 3, CTX);
                } else {
                    byte[] freedInto = new byte[n];
                    Operation freed = e.irecv(freedInto, B, n, 0, 2, CTX);
                    e.release(freed);
                    e.send(Engine.MODE_STANDARD, new byte[1], B, 1, 0, 1, CTX);
                    for (int i = 0; i < 10; i++) {
                        Operation other = e.irecv(new byte[1], B, 1, 0, 3, CTX);
                        assertNotSame(freed, other, "an operation released in flight was handed out again");
                        if (i == 0) {
                            e.await(other); // sent after the freed receive's message
                            e.release(other);
                        } else {
                            e.cancel(other);
                            e.await(other);
                            e.release(other);
                        }
                    }
                    e.progressUntil(() -> Arrays.equals(pattern(n, n), freedInto));
                }
            }
        });
    }

    /** Released while its completion hook is pending, an operation is kept for the hook. */
    @Test
    void anOperationWithAPendingHookIsNotReused() throws Exception {
        run(2, e -> {
            if (e.rank() == 0) {
                e.send(Engine.MODE_STANDARD, pattern(8, 4), B, 8, 1, 4, CTX);
                return;
            }
            assertNotNull(e.probe(0, 4, CTX));
            Operation op = e.irecv(new byte[8], B, 8, 0, 4, CTX); // completes at once: the message is here
            assertTrue(op.isComplete());
            int[] seen = new int[2];
            e.whenComplete(op, o -> {
                seen[0] = o.tag();
                seen[1] = o.byteCount();
            });
            e.release(op);
            Operation next = e.irecv(new byte[1], B, 1, 0, 99, CTX);
            assertNotSame(op, next, "an operation whose hook had not run was handed out again");
            e.progress();
            assertArrayEquals(new int[] {4, 8}, seen);
            e.cancel(next);
            e.await(next);
            e.release(next);
        });
    }

    // ------------------------------------------------------------------------------------------
    // Hooks, composites, faults
    // ------------------------------------------------------------------------------------------

    /** A chain of steps driven only by completion hooks: each receive's hook starts the next exchange. */
    @Test
    void completionHooksChainStepsWithoutPolling() throws Exception {
        int steps = 200;
        run(2, e -> {
            int peer = 1 - e.rank();
            Operation done = e.newComposite(CTX);
            AtomicInteger step = new AtomicInteger();
            byte[] token = new byte[8];
            CompletionHook[] next = new CompletionHook[1];
            next[0] = op -> {
                e.release(op);
                int s = step.incrementAndGet();
                if (s == steps) {
                    e.completeComposite(done, ErrorClass.SUCCESS, null);
                    return;
                }
                if (e.rank() == s % 2) {
                    Operation send = e.isend(Engine.MODE_STANDARD, token, B, 8, peer, s, CTX);
                    e.whenComplete(send, next[0]);
                } else {
                    Operation recv = e.irecv(token, B, 8, peer, s, CTX);
                    e.whenComplete(recv, next[0]);
                }
            };
            e.execute(() -> {
                Operation first = e.rank() == 0 ? e.isend(Engine.MODE_STANDARD, token, B, 8, peer, 0, CTX)
                    : e.irecv(token, B, 8, peer, 0, CTX);
                e.whenComplete(first, next[0]);
            });
            e.await(done);
            assertEquals(steps, step.get());
            assertEquals(ErrorClass.SUCCESS, done.error());
        });
    }

    /** A control message that names nothing is counted and raised as ERR_INTERN, never acted on. */
    @Test
    void malformedNotificationsAreRaisedAsMpiErrors() throws Exception {
        Board board = board(2, BoardLimits.DEFAULT);
        try {
            Engine victim = new Engine(board.open(0), config(1024), false);
            org.atollmpi.nic.HostPort forger = board.open(1);
            deposit(() -> forger.notify(0, 99, 1, 2, 3));
            EngineException unknown = assertThrows(EngineException.class, () -> drain(victim));
            assertEquals(ErrorClass.INTERN, unknown.errorClass());
            assertTrue(unknown.getMessage().contains("unknown type 99"), unknown.getMessage());
            deposit(() -> forger.notify(0, FinDescriptor.TYPE, FinDescriptor.arg0(0x0100_0007), 0, 0));
            EngineException stale = assertThrows(EngineException.class, () -> drain(victim));
            assertTrue(stale.getMessage().contains("no operation in flight"), stale.getMessage());
            assertEquals(2, victim.faultCount());
            // The engine goes on: a real message still arrives.
            Engine sender = new Engine(forger, config(1024), false);
            sender.send(Engine.MODE_STANDARD, new byte[] {42}, B, 1, 0, 1, CTX);
            byte[] got = new byte[1];
            victim.recv(got, B, 1, 1, 1, CTX);
            assertEquals(42, got[0]);
        } finally {
            board.close();
        }
    }

    /**
     * Retries a deposit made outside an engine until the board takes it: "no room" is always
     * allowed, and a network board says so until its link to the target is up.
     */
    private static void deposit(java.util.function.BooleanSupplier deposit) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!deposit.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "the board took no deposit within 10 s");
            Thread.sleep(1);
        }
    }

    /** Progresses until something is raised, for at most 10 s (a network board delivers a round trip later). */
    private static void drain(Engine e) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            e.progress();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Threads
    // ------------------------------------------------------------------------------------------

    @Test
    void manyThreadsOfOneRankShareTheEngine() throws Exception {
        int perThread = 500;
        run(2, BoardLimits.DEFAULT, true, config(1024), e -> {
            Thread[] threads = new Thread[3];
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int t = 0; t < threads.length; t++) {
                int tag = t;
                threads[t] = new Thread(() -> {
                    try {
                        byte[] b = new byte[2000];
                        int[] first = new int[1];
                        for (int i = 0; i < perThread; i++) {
                            if (e.rank() == 0) {
                                Addresses.copy(new int[] {i}, Addresses.INT_ARRAY_BASE, b, B, 4);
                                e.send(Engine.MODE_STANDARD, b, B, i % 2 == 0 ? 4 : 2000, 1, tag, CTX);
                            } else {
                                e.recv(b, B, b.length, 0, tag, CTX);
                                Addresses.copy(b, B, first, Addresses.INT_ARRAY_BASE, 4);
                                assertEquals(i, first[0]);
                            }
                        }
                    } catch (Throwable ex) {
                        failure.compareAndSet(null, ex);
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            assertNull(failure.get());
        });
    }

    /**
     * THREAD_MULTIPLE under stress: four threads per rank mix nonblocking sends and receives of
     * every protocol, tests, waits, probes and cancels of receives that nothing will match, while
     * a fifth thread progresses in the background (as the progress thread does). Every message
     * must arrive intact, on its own thread's tag, in order.
     */
    @Test
    void threadMultipleStress() throws Exception {
        int threadsPerRank = 4;
        int messages = 150;
        run(2, BoardLimits.DEFAULT, true, config(1024, 4096, 4096, 2), e -> {
            int peer = 1 - e.rank();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[threadsPerRank];
            AtomicInteger running = new AtomicInteger(threadsPerRank);
            Thread background = new Thread(() -> {
                while (running.get() > 0) {
                    e.idle(e.progressInBackground());
                }
            });
            background.setDaemon(true);
            background.start();
            for (int t = 0; t < threadsPerRank; t++) {
                int tag = 100 + t;
                SplittableRandom random = new SplittableRandom(t * 7919L + e.rank());
                threads[t] = new Thread(() -> {
                    try {
                        for (int i = 0; i < messages; i++) {
                            int n = switch (i % 4) {
                                case 0 -> 4;
                                case 1 -> 900;
                                case 2 -> 3000;
                                default -> 20_000;
                            };
                            Operation send = e.isend(i % 5 == 0 ? Engine.MODE_SYNCHRONOUS : Engine.MODE_STANDARD,
                                pattern(n, i + tag), B, n, peer, tag, CTX);
                            byte[] got = new byte[n];
                            Operation recv = e.irecv(got, B, n, peer, tag, CTX);
                            Operation never = e.irecv(new byte[4], B, 4, peer, 10_000 + tag, CTX);
                            if (random.nextBoolean()) {
                                e.iprobe(peer, tag, CTX);
                            }
                            while (!e.test(recv)) {
                                e.idle(0);
                            }
                            e.cancel(never);
                            e.await(never);
                            assertTrue(never.isCancelled());
                            e.await(send);
                            assertArrayEquals(pattern(n, i + tag), got, "thread " + tag + " message " + i);
                        }
                    } catch (Throwable ex) {
                        failure.compareAndSet(null, ex);
                    } finally {
                        running.decrementAndGet();
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            background.join();
            assertNull(failure.get(), () -> String.valueOf(failure.get()));
            e.quiesce();
            assertNotNull(e.config());
        });
    }

    /**
     * THREAD_MULTIPLE senders that take no engine lock: four threads of one rank send to one
     * receiver at once (slots, ring records, and now and then a synchronous or rendezvous send,
     * which take the lock), blocking and nonblocking with a window in flight, with every queue as
     * small as it can be, so deposits without the lock, the send queue and its drain interleave.
     * Each thread's messages arrive in its order (MPI orders the sends of one thread), each
     * exactly once and intact, and an end marker sent after the threads are joined comes last.
     */
    @Test
    void sendersWithoutTheLockKeepEachThreadsOrder() throws Exception {
        int senders = 4;
        int perThread = 5000;
        int window = 4;
        int endTag = 99;
        int[] sizes = {8, 40, 0, 41, 300, 1024, 8, 2000}; // 2000 is above the eager limit: an RTS
        run(2, BoardLimits.TINY_QUEUES, true, config(1024), e -> {
            if (e.rank() == 0) {
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread[] threads = new Thread[senders];
                for (int t = 0; t < senders; t++) {
                    int thread = t;
                    threads[t] = new Thread(() -> {
                        try {
                            Operation[] inFlight = new Operation[window];
                            for (int i = 0; i < perThread; i++) {
                                int n = sizes[(i + thread) % sizes.length];
                                byte[] b = numbered(thread, i, n);
                                if (i % 3 == 0) {
                                    e.send(i % 31 == 0 ? Engine.MODE_SYNCHRONOUS : Engine.MODE_STANDARD, b, B, n, 1,
                                        thread, CTX);
                                } else {
                                    Operation oldest = inFlight[i % window];
                                    if (oldest != null) {
                                        e.await(oldest);
                                        e.release(oldest);
                                    }
                                    inFlight[i % window] = e.isend(Engine.MODE_STANDARD, b, B, n, 1, thread, CTX);
                                }
                            }
                            for (Operation op : inFlight) {
                                if (op != null) {
                                    e.await(op);
                                    e.release(op);
                                }
                            }
                        } catch (Throwable ex) {
                            failure.compareAndSet(null, ex);
                        }
                    }, "sender-" + t);
                    threads[t].start();
                }
                for (Thread t : threads) {
                    t.join();
                }
                assertNull(failure.get(), () -> String.valueOf(failure.get()));
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 1, endTag, CTX);
                e.quiesce();
                assertTrue(e.counters().fastSends() > 0 && e.counters().eagerSends() > 0, e.counters().toString());
            } else {
                int[] next = new int[senders];
                byte[] got = new byte[2000];
                while (true) {
                    Operation op = e.recv(got, B, got.length, Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);
                    int thread = op.tag();
                    if (thread == endTag) {
                        break;
                    }
                    int i = next[thread]++;
                    assertTrue(i < perThread, "thread " + thread + " sent more than " + perThread);
                    int n = sizes[(i + thread) % sizes.length];
                    assertEquals(n, op.byteCount(), "thread " + thread + " message " + i);
                    assertArrayEquals(numbered(thread, i, n), Arrays.copyOf(got, n), "thread " + thread + " message " + i);
                }
                for (int t = 0; t < senders; t++) {
                    assertEquals(perThread, next[t], "messages of thread " + t + " before the end marker");
                }
            }
        });
    }

    /**
     * A thread-safe engine copies a large unexpected eager message into the receive buffer
     * outside its lock: blocking and nonblocking receives, a synchronous send (its SYNC_ACK), a
     * truncated receive, while another thread receives small messages and progresses.
     */
    @Test
    void largeUnexpectedMessagesAreDeliveredWithoutTheLock() throws Exception {
        int n = 24 * 1024;
        int small = 200;
        run(2, BoardLimits.DEFAULT, true, config(32 * 1024), e -> {
            if (e.rank() == 0) {
                Operation sync = e.isend(Engine.MODE_SYNCHRONOUS, pattern(n, 3), B, n, 1, 3, CTX);
                for (int i = 0; i < 3; i++) {
                    e.send(Engine.MODE_STANDARD, pattern(n, i), B, n, 1, i, CTX);
                }
                e.send(Engine.MODE_STANDARD, new byte[0], B, 0, 1, 99, CTX); // "all sent"
                for (int i = 0; i < small; i++) {
                    e.send(Engine.MODE_STANDARD, pattern(8, i), B, 8, 1, 7, CTX);
                }
                e.await(sync);
                assertFalse(sync.isCancelled());
            } else {
                e.recv(new byte[0], B, 0, 0, 99, CTX);
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread other = new Thread(() -> {
                    try {
                        byte[] got = new byte[8];
                        for (int i = 0; i < small; i++) {
                            e.recv(got, B, 8, 0, 7, CTX);
                            assertArrayEquals(pattern(8, i), got);
                        }
                    } catch (Throwable ex) {
                        failure.compareAndSet(null, ex);
                    }
                });
                other.start();
                byte[] got = new byte[n];
                Operation op = e.recv(got, B, n, 0, 0, CTX);
                assertEquals(n, op.byteCount());
                assertArrayEquals(pattern(n, 0), got);
                Operation nonblocking = e.irecv(got, B, n, Engine.ANY_SOURCE, 1, CTX);
                e.await(nonblocking);
                assertEquals(0, nonblocking.source());
                assertArrayEquals(pattern(n, 1), got);
                e.release(nonblocking);
                byte[] part = new byte[n - 1];
                op = e.recv(part, B, part.length, 0, 2, CTX);
                assertEquals(ErrorClass.TRUNCATE, op.error());
                assertEquals(n - 1, op.byteCount());
                assertArrayEquals(Arrays.copyOf(pattern(n, 2), n - 1), part);
                op = e.recv(got, B, n, 0, 3, CTX);
                assertArrayEquals(pattern(n, 3), got);
                other.join();
                assertNull(failure.get(), () -> String.valueOf(failure.get()));
                e.quiesce();
            }
        });
    }

    /** {@code n} bytes starting with the sending thread and the message's index (as far as they fit), then a pattern. */
    private static byte[] numbered(int thread, int index, int n) {
        byte[] b = pattern(n, thread * 131 + index);
        if (n >= 8) {
            ByteBuffer.wrap(b).putInt(0, thread).putInt(4, index);
        }
        return b;
    }

    /**
     * A thread-safe engine recycles a completed nonblocking send's operation through the
     * releasing thread's own pool: the next send of that thread gets it back.
     */
    @Test
    void threadSafeEngineRecyclesOperationsPerThread() throws Exception {
        run(1, BoardLimits.DEFAULT, true, config(1024), e -> {
            byte[] b = new byte[8];
            Operation first = e.isend(Engine.MODE_STANDARD, b, B, 8, 0, 1, CTX);
            e.await(first);
            e.release(first);
            Operation second = e.isend(Engine.MODE_STANDARD, b, B, 8, 0, 1, CTX);
            assertSame(first, second);
            e.await(second);
            e.release(second);
            AtomicReference<Operation> third = new AtomicReference<>();
            Thread other = new Thread(() -> {
                Operation op = e.isend(Engine.MODE_STANDARD, b, B, 8, 0, 1, CTX);
                e.await(op);
                third.set(op);
            });
            other.start();
            other.join();
            assertNotSame(second, third.get(), "another thread's pool");
            for (int i = 0; i < 3; i++) {
                e.recv(b, B, 8, 0, 1, CTX);
            }
        });
    }

    /**
     * Blocking calls from virtual threads park instead of holding their carriers: per rank 200
     * virtual threads block in receives (every protocol's sizes) before the virtual threads that
     * send to them are started, from the rank's platform thread, on the same carriers. With waits
     * that spin and yield, the receivers kept the carriers and the senders never ran.
     */
    @Test
    void virtualThreadsWaitingForSendersThatStartLaterLeaveThemTheCarriers() throws Exception {
        java.lang.reflect.Method startVirtual = virtualThreadStarter();
        int threads = 200;
        // The idling a job gets by default (the contract's other tests back off into parks, which
        // hides the fault: a parked waiter leaves its carrier whatever the engine does).
        EngineConfig adaptive = new EngineConfig(1024, 1024, 4096, 3, EngineConfig.IdleMode.ADAPTIVE,
            EngineConfig.HeapRendezvous.RING, false);
        run(2, BoardLimits.DEFAULT, true, adaptive, e -> {
            int other = 1 - e.rank();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch aboutToReceive = new CountDownLatch(threads);
            List<Thread> started = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int tag = t;
                int n = SIZES[t % SIZES.length];
                started.add((Thread) startVirtual.invoke(null, (Runnable) () -> {
                    try {
                        byte[] in = new byte[n];
                        aboutToReceive.countDown();
                        Operation op = e.recv(in, B, n, other, tag, CTX);
                        assertEquals(n, op.statusBytes, "bytes of tag " + tag);
                        assertArrayEquals(pattern(n, tag), in, "data of tag " + tag);
                    } catch (Throwable ex) {
                        failure.compareAndSet(null, ex);
                    }
                }));
            }
            assertTrue(aboutToReceive.await(30, TimeUnit.SECONDS), "receivers started");
            for (int t = threads - 1; t >= 0; t--) {
                int tag = t;
                int n = SIZES[t % SIZES.length];
                started.add((Thread) startVirtual.invoke(null, (Runnable) () -> {
                    try {
                        byte[] out = pattern(n, tag);
                        e.send(Engine.MODE_STANDARD, out, B, n, other, tag, CTX);
                    } catch (Throwable ex) {
                        failure.compareAndSet(null, ex);
                    }
                }));
            }
            for (Thread t : started) {
                t.join(60_000);
                assertFalse(t.isAlive(), "a virtual thread still waits after 60 s");
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            e.quiesce();
        });
    }

    /** {@code Thread.startVirtualThread}; the test is skipped before Java 21. */
    static java.lang.reflect.Method virtualThreadStarter() {
        try {
            return Thread.class.getMethod("startVirtualThread", Runnable.class);
        } catch (NoSuchMethodException e) {
            org.junit.jupiter.api.Assumptions.abort("virtual threads need Java 21; this is " + Runtime.version());
            return null;
        }
    }
}

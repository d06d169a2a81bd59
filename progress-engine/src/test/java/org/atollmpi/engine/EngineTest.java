package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Matching and protocol tests of the engine, ranks as threads on the in-process board. */
@Timeout(60)
class EngineTest {
    static final long B = Memory.BYTE_ARRAY_BASE;
    static final int CTX = 0;

    interface RankBody {
        void run(Engine e) throws Exception;
    }

    /** Runs one body per rank, each on its own thread and engine; rethrows the first failure. */
    static void run(Board board, int ranks, boolean threadSafe, EngineConfig config, RankBody... bodies)
        throws Exception {
        List<Thread> threads = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(ranks);
        for (int r = 0; r < ranks; r++) {
            Engine e = new Engine(board.open(r), config, threadSafe);
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
        assertTrue(done.await(50, TimeUnit.SECONDS), "ranks did not finish: " + failure.get());
        if (failure.get() != null) {
            if (failure.get() instanceof Exception ex) {
                throw ex;
            }
            throw new AssertionError(failure.get());
        }
    }

    static void run(int ranks, RankBody... bodies) throws Exception {
        run(new LocalBoard(ranks), ranks, false, config(1024), bodies);
    }

    static EngineConfig config(int eagerLimit) {
        return new EngineConfig(eagerLimit, eagerLimit, 4096, 3, EngineConfig.IdleMode.BACKOFF);
    }

    static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    static final int[] SIZES = {0, 1, 8, 40, 41, 1000, 1024, 1025, 4096, 4097, 12288, 12289, 100_000};

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
                    Memory.putInt(data, B, i);
                    ops.add(e.isend(Engine.MODE_STANDARD, data, B, n, 1, 3, CTX));
                }
                for (Operation op : ops) {
                    e.await(op);
                }
            } else {
                byte[] got = new byte[9000];
                for (int i = 0; i < count; i++) {
                    Operation op = e.recv(got, B, got.length, Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);
                    assertEquals(i, Memory.getInt(got, B), "message " + i + " out of order");
                    assertEquals((i % 7 == 0) ? 9000 : (i % 3 == 0 ? 500 : 4), op.byteCount());
                }
            }
        });
    }

    @Test
    void backPressureLosesNothing() throws Exception {
        LocalBoard tiny = new LocalBoard(3, 1, 1, 1, 2048);
        int count = 2000;
        run(tiny, 3, false, config(1024), e -> {
            if (e.rank() == 2) {
                int[] next = new int[2];
                byte[] got = new byte[2048];
                Thread.sleep(50); // let both senders fill everything first
                for (int i = 0; i < 2 * count; i++) {
                    Operation op = e.recv(got, B, got.length, Engine.ANY_SOURCE, 1, CTX);
                    int src = op.source();
                    assertEquals(next[src]++, Memory.getInt(got, B), "from " + src);
                }
                assertEquals(count, next[0]);
                assertEquals(count, next[1]);
            } else {
                byte[] data = new byte[1500];
                for (int i = 0; i < count; i++) {
                    Memory.putInt(data, B, i);
                    e.send(Engine.MODE_STANDARD, data, B, 4 + (i % 3) * 700, 2, 1, CTX);
                }
            }
        });
    }

    @Test
    void anySourceAnyTagAndContextsAreSeparateMatchingSpaces() throws Exception {
        run(3, e -> {
            if (e.rank() > 0) {
                e.send(Engine.MODE_STANDARD, new byte[]{(byte) e.rank()}, B, 1, 0, 10 + e.rank(), 1);
                e.send(Engine.MODE_STANDARD, new byte[]{(byte) (e.rank() + 100)}, B, 1, 0, 10 + e.rank(), CTX);
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
        CountDownLatch checked = new CountDownLatch(1);
        run(2, e -> {
            for (int n : new int[]{8, 800, 20_000}) {
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
            checked.countDown();
        });
    }

    @Test
    void truncationIsReportedAndTheSenderStillCompletes() throws Exception {
        run(2, e -> {
            for (int n : new int[]{30, 900, 50_000}) {
                if (e.rank() == 0) {
                    e.send(Engine.MODE_STANDARD, pattern(n, 2), B, n, 1, 4, CTX);
                } else {
                    byte[] got = new byte[10];
                    Operation op = e.recv(got, B, 10, 0, 4, CTX);
                    assertEquals(ErrorClass.TRUNCATE, op.error());
                    assertTrue(op.errorMessage().contains(n + " bytes"), op.errorMessage());
                    assertArrayEquals(java.util.Arrays.copyOf(pattern(n, 2), 10), got);
                }
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
    void cancelCompletesAPendingReceive() throws Exception {
        run(1, e -> {
            Operation op = e.irecv(new byte[4], B, 4, 0, 1, CTX);
            assertFalse(e.test(op));
            e.cancel(op);
            assertTrue(op.isComplete());
            assertTrue(op.isCancelled());
            // a message sent afterwards is not swallowed by the cancelled receive
            e.send(Engine.MODE_STANDARD, new byte[]{1, 2, 3, 4}, B, 4, 0, 1, CTX);
            byte[] got = new byte[4];
            e.recv(got, B, 4, 0, 1, CTX);
            assertArrayEquals(new byte[]{1, 2, 3, 4}, got);
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
                java.util.Arrays.fill(data, (byte) 0); // the copies must not change
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
    void manyThreadsOfOneRankShareTheEngine() throws Exception {
        int perThread = 500;
        run(new LocalBoard(2), 2, true, config(1024), e -> {
            Thread[] threads = new Thread[3];
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int t = 0; t < threads.length; t++) {
                int tag = t;
                threads[t] = new Thread(() -> {
                    try {
                        byte[] b = new byte[2000];
                        for (int i = 0; i < perThread; i++) {
                            if (e.rank() == 0) {
                                Memory.putInt(b, B, i);
                                e.send(Engine.MODE_STANDARD, b, B, i % 2 == 0 ? 4 : 2000, 1, tag, CTX);
                            } else {
                                e.recv(b, B, b.length, 0, tag, CTX);
                                assertEquals(i, Memory.getInt(b, B));
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
        assertNotNull(config(1));
    }
}

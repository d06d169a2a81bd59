package org.atollmpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineConfig;
import org.atollmpi.engine.Operation;
import org.atollmpi.nic.Board;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every collective on in-process engines (one thread and engine per rank over a {@link LocalBoard}),
 * for group sizes 1 to 8 and counts 0, 1 and thousands (past the eager limit, so rendezvous too),
 * checked against a reference computed from what each member contributed. Group ranks are the
 * world ranks reversed, so the translation is exercised. Each member runs all cases one after the
 * other with a growing call tag, as a communicator would.
 */
class CollectivesTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int CTX = 3;
    private static final int[] COUNTS = {0, 1, 3000};

    /** Integer sum. */
    private static final Reduction SUM = Reduction.of(ReduceOp.SUM, ElementKind.INT);

    /** 2x2 integer matrix product, (a b; c d) as 4 ints: associative, not commutative. */
    static final Reduction MATMUL = Reduction.user(new UserReduction() {
        @Override
        public void apply(Object inBase, long inOff, Object ioBase, long ioOff, int count) {
            for (int k = 0; k < count; k++, inOff += 16, ioOff += 16) {
                int a = Addresses.getInt(inBase, inOff), b = Addresses.getInt(inBase, inOff + 4);
                int c = Addresses.getInt(inBase, inOff + 8), d = Addresses.getInt(inBase, inOff + 12);
                int e = Addresses.getInt(ioBase, ioOff), f = Addresses.getInt(ioBase, ioOff + 4);
                int g = Addresses.getInt(ioBase, ioOff + 8), h = Addresses.getInt(ioBase, ioOff + 12);
                Addresses.putInt(ioBase, ioOff, a * e + b * g);
                Addresses.putInt(ioBase, ioOff + 4, a * f + b * h);
                Addresses.putInt(ioBase, ioOff + 8, c * e + d * g);
                Addresses.putInt(ioBase, ioOff + 12, c * f + d * h);
            }
        }

        @Override
        public boolean commutative() {
            return false;
        }
    }, 16);

    interface Member {
        void run(Engine e, int[] group, int me) throws Exception;
    }

    /** Runs {@code body} on every member of a group of {@code n}, each on its own thread and engine. */
    static void group(int n, Member body) throws Exception {
        group(new LocalBoard(n), n, body);
    }

    /** As {@link #group(int, Member)}, over {@code board} (of {@code n} ranks), which it closes. */
    static void group(Board board, int n, Member body) throws Exception {
        EngineConfig config = new EngineConfig(1024, 1024, 4096, 3, EngineConfig.IdleMode.BACKOFF);
        int[] group = new int[n];
        for (int i = 0; i < n; i++) {
            group[i] = n - 1 - i;
        }
        try {
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(n);
            for (int w = 0; w < n; w++) {
                Engine e = new Engine(board.open(w), config, false);
                int me = n - 1 - w;
                Thread t = new Thread(() -> {
                    try {
                        body.run(e, group, me);
                    } catch (Throwable ex) {
                        failure.compareAndSet(null, ex);
                    } finally {
                        done.countDown();
                    }
                }, "member-" + me);
                t.setDaemon(true);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            boolean finished = done.await(40, TimeUnit.SECONDS);
            if (failure.get() instanceof Exception ex) {
                throw ex;
            } else if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            assertTrue(finished, "members did not finish (a collective hangs)");
        } finally {
            board.close();
        }
    }

    /** Member {@code r}'s value for element {@code k} of case {@code c}. */
    static int value(int c, int r, int k) {
        return r * 1_000_003 + k * 7 + c * 13 + 1;
    }

    static int[] values(int c, int r, int count) {
        int[] a = new int[count];
        for (int k = 0; k < count; k++) {
            a[k] = value(c, r, k);
        }
        return a;
    }

    static byte[] bytes(int[] a) {
        byte[] b = new byte[4 * a.length];
        Addresses.copy(a, Addresses.INT_ARRAY_BASE, b, B, b.length);
        return b;
    }

    static int[] ints(byte[] b, int from, int count) {
        int[] a = new int[count];
        Addresses.copy(b, B + from, a, Addresses.INT_ARRAY_BASE, 4L * count);
        return a;
    }

    /** A non-commuting 2x2 matrix for member r, element k. */
    static int[] matrix(int r, int k) {
        return new int[] {1 + r, 2 + k % 5, 3 * r + 1, 1 + (k + r) % 3};
    }

    static byte[] matrices(int r, int count) {
        int[] a = new int[4 * count];
        for (int k = 0; k < count; k++) {
            System.arraycopy(matrix(r, k), 0, a, 4 * k, 4);
        }
        return bytes(a);
    }

    /** x_from * ... * x_to (inclusive), in rank order. */
    static byte[] product(int from, int to, int count) {
        byte[] acc = matrices(from, count);
        for (int r = from + 1; r <= to; r++) {
            byte[] next = matrices(r, count);
            MATMUL.apply(acc, B, next, B, count);
            acc = next;
        }
        return acc;
    }

    static void run(Engine e, Operation op, String what) {
        Collectives.await(e, op, what);
    }

    // ------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void rootedCollectives(int n) throws Exception {
        group(n, (e, g, me) -> {
            int tag = 1;
            for (int count : COUNTS) {
                for (int root : new int[] {0, n - 1, n / 2}) {
                    String at = " n=" + n + " count=" + count + " root=" + root;
                    int c = tag;
                    // bcast
                    byte[] buf = me == root ? bytes(values(c, root, count)) : new byte[4 * count];
                    run(e, Collectives.bcast(e, g, me, CTX, tag++, buf, B, buf.length, root), "bcast");
                    assertArrayEquals(values(c, root, count), ints(buf, 0, count), "bcast" + at);

                    // reduce, out of place and in place
                    for (boolean inPlace : new boolean[] {false, true}) {
                        c = tag;
                        byte[] send = bytes(values(c, me, count));
                        byte[] recv = me == root && inPlace ? send.clone() : new byte[4 * count];
                        Object sb = me == root && inPlace ? Collectives.IN_PLACE : send;
                        run(e, Collectives.reduce(e, g, me, CTX, tag++, sb, B, recv, B, count, SUM, root), "reduce");
                        assertArrayEquals(me == root ? sum(c, n, count) : new int[count], ints(recv, 0, count),
                            "reduce inPlace=" + inPlace + at);
                    }

                    // non-commutative reduce: rank order whatever the root
                    byte[] mine = matrices(me, count);
                    byte[] result = new byte[16 * count];
                    run(e, Collectives.reduce(e, g, me, CTX, tag++, mine, B, result, B, count, MATMUL, root), "reduce");
                    if (me == root) {
                        assertArrayEquals(product(0, n - 1, count), result, "matmul reduce" + at);
                    }
                    assertArrayEquals(matrices(me, count), mine, "the send buffer is not written");

                    // gather, scatter (plain and in place)
                    for (boolean inPlace : new boolean[] {false, true}) {
                        c = tag;
                        byte[] all = new byte[4 * count * n];
                        byte[] block = bytes(values(c, me, count));
                        Object sb = block;
                        if (inPlace && me == root) {
                            System.arraycopy(block, 0, all, 4 * count * root, block.length);
                            sb = Collectives.IN_PLACE;
                        }
                        run(e, Collectives.gather(e, g, me, CTX, tag++, sb, B, 4 * count, all, B, root), "gather");
                        if (me == root) {
                            for (int r = 0; r < n; r++) {
                                assertArrayEquals(values(c, r, count), ints(all, 4 * count * r, count), "gather" + at);
                            }
                        }
                        c = tag;
                        byte[] source = new byte[4 * count * n];
                        for (int r = 0; r < n; r++) {
                            System.arraycopy(bytes(values(c, r, count)), 0, source, 4 * count * r, 4 * count);
                        }
                        byte[] got = new byte[4 * count];
                        Object rb = got;
                        if (inPlace && me == root) {
                            rb = Collectives.IN_PLACE;
                            System.arraycopy(source, 4 * count * root, got, 0, 4 * count);
                        }
                        run(e, Collectives.scatter(e, g, me, CTX, tag++, me == root ? source : null, B, rb, B,
                            4 * count, root), "scatter");
                        assertArrayEquals(values(c, me, count), ints(got, 0, count), "scatter" + at);
                    }

                    // gatherv / scatterv: member r has (r % 3) * count ints, blocks in reverse order with gaps
                    c = tag;
                    int[] vb = new int[n];
                    int[] vd = new int[n];
                    int total = 0;
                    for (int r = n - 1; r >= 0; r--) {
                        vb[r] = 4 * count * (r % 3);
                        vd[r] = total + 8;
                        total += vb[r] + 8;
                    }
                    byte[] vall = new byte[total];
                    byte[] vmine = bytes(values(c, me, count * (me % 3)));
                    run(e, Collectives.gatherv(e, g, me, CTX, tag++, vmine, B, vmine.length, vall, B, vb, vd, root),
                        "gatherv");
                    if (me == root) {
                        for (int r = 0; r < n; r++) {
                            assertArrayEquals(values(c, r, count * (r % 3)), ints(vall, vd[r], count * (r % 3)),
                                "gatherv" + at);
                        }
                    }
                    byte[] vgot = new byte[vb[me]];
                    run(e, Collectives.scatterv(e, g, me, CTX, tag++, vall, B, vb, vd, vgot, B, vb[me], root),
                        "scatterv");
                    assertArrayEquals(values(c, me, count * (me % 3)), ints(vgot, 0, count * (me % 3)), "scatterv" + at);
                }
            }
        });
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void allToAllCollectives(int n) throws Exception {
        group(n, (e, g, me) -> {
            int tag = 1;
            for (int count : COUNTS) {
                String at = " n=" + n + " count=" + count;
                for (boolean inPlace : new boolean[] {false, true}) {
                    String how = inPlace ? " in place" : "";
                    // allreduce
                    int c = tag;
                    byte[] send = bytes(values(c, me, count));
                    byte[] recv = inPlace ? send : new byte[4 * count];
                    run(e, Collectives.allreduce(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : send, B, recv,
                        B, count, SUM), "allreduce");
                    assertArrayEquals(sum(c, n, count), ints(recv, 0, count), "allreduce" + how + at);

                    // allgather
                    c = tag;
                    byte[] all = new byte[4 * count * n];
                    byte[] block = bytes(values(c, me, count));
                    if (inPlace) {
                        System.arraycopy(block, 0, all, 4 * count * me, block.length);
                    }
                    run(e, Collectives.allgather(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : block, B,
                        4 * count, all, B), "allgather");
                    for (int r = 0; r < n; r++) {
                        assertArrayEquals(values(c, r, count), ints(all, 4 * count * r, count), "allgather" + how + at);
                    }

                    // alltoall: the block from r to me is values(c, r * n + me)
                    c = tag;
                    byte[] out = new byte[4 * count * n];
                    for (int r = 0; r < n; r++) {
                        System.arraycopy(bytes(values(c, me * n + r, count)), 0, out, 4 * count * r, 4 * count);
                    }
                    byte[] in = inPlace ? out : new byte[4 * count * n];
                    run(e, Collectives.alltoall(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : out, B, in, B,
                        4 * count), "alltoall");
                    for (int r = 0; r < n; r++) {
                        assertArrayEquals(values(c, r * n + me, count), ints(in, 4 * count * r, count),
                            "alltoall" + how + at);
                    }

                    // reduce_scatter: member r gets (r % 3) * count ints
                    c = tag;
                    int[] counts = new int[n];
                    int totalCount = 0;
                    for (int r = 0; r < n; r++) {
                        counts[r] = (r % 3) * count;
                        totalCount += counts[r];
                    }
                    byte[] vec = bytes(values(c, me, totalCount));
                    byte[] part = inPlace ? vec : new byte[4 * counts[me]];
                    run(e, Collectives.reduceScatter(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : vec, B, part,
                        B, counts, SUM), "reduce_scatter");
                    int first = 0;
                    for (int r = 0; r < me; r++) {
                        first += counts[r];
                    }
                    int[] full = sum(c, n, totalCount);
                    int[] expected = java.util.Arrays.copyOfRange(full, first, first + counts[me]);
                    assertArrayEquals(expected, ints(part, 0, counts[me]), "reduce_scatter" + how + at);

                    // scan (sum and matrices), exscan
                    c = tag;
                    byte[] x = bytes(values(c, me, count));
                    byte[] prefix = inPlace ? x : new byte[4 * count];
                    run(e, Collectives.scan(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : x, B, prefix, B,
                        count, SUM), "scan");
                    assertArrayEquals(sum(c, me + 1, count), ints(prefix, 0, count), "scan" + how + at);

                    byte[] m = matrices(me, count);
                    byte[] mp = inPlace ? m : new byte[16 * count];
                    run(e, Collectives.scan(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : m, B, mp, B, count,
                        MATMUL), "scan");
                    assertArrayEquals(product(0, me, count), mp, "matmul scan" + how + at);

                    byte[] m2 = matrices(me, count);
                    byte[] ep = inPlace ? m2 : new byte[16 * count];
                    run(e, Collectives.exscan(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : m2, B, ep, B, count,
                        MATMUL), "exscan");
                    if (me > 0) {
                        assertArrayEquals(product(0, me - 1, count), ep, "matmul exscan" + how + at);
                    } else {
                        assertArrayEquals(inPlace ? matrices(0, count) : new byte[16 * count], ep, "exscan at 0" + at);
                    }
                }

                // non-commutative allreduce
                byte[] mr = new byte[16 * count];
                run(e, Collectives.allreduce(e, g, me, CTX, tag++, matrices(me, count), B, mr, B, count, MATMUL),
                    "allreduce");
                assertArrayEquals(product(0, n - 1, count), mr, "matmul allreduce" + at);

                // reduce_scatter_block
                int c = tag;
                byte[] vec = bytes(values(c, me, count * n));
                byte[] part = new byte[4 * count];
                run(e, Collectives.reduceScatterBlock(e, g, me, CTX, tag++, vec, B, part, B, count, SUM),
                    "reduce_scatter_block");
                assertArrayEquals(java.util.Arrays.copyOfRange(sum(c, n, count * n), me * count, (me + 1) * count),
                    ints(part, 0, count), "reduce_scatter_block" + at);

                // allgatherv and alltoallv with uneven blocks
                c = tag;
                int[] vb = new int[n];
                int[] vd = new int[n];
                int total = 0;
                for (int r = n - 1; r >= 0; r--) {
                    vb[r] = 4 * count * (r % 3);
                    vd[r] = total + 4;
                    total += vb[r] + 4;
                }
                byte[] vall = new byte[total];
                byte[] vmine = bytes(values(c, me, count * (me % 3)));
                run(e, Collectives.allgatherv(e, g, me, CTX, tag++, vmine, B, vmine.length, vall, B, vb, vd),
                    "allgatherv");
                for (int r = 0; r < n; r++) {
                    assertArrayEquals(values(c, r, count * (r % 3)), ints(vall, vd[r], count * (r % 3)),
                        "allgatherv" + at);
                }
                // alltoallv: from r to q go ((r + q) % 3) * count ints
                c = tag;
                int[] sb = new int[n];
                int[] sd = new int[n];
                int[] rb = new int[n];
                int[] rd = new int[n];
                int st = 0;
                int rt = 0;
                for (int q = 0; q < n; q++) {
                    sb[q] = 4 * count * ((me + q) % 3);
                    sd[q] = st;
                    st += sb[q];
                    rb[q] = 4 * count * ((q + me) % 3);
                    rd[q] = rt;
                    rt += rb[q];
                }
                byte[] sbuf = new byte[st];
                for (int q = 0; q < n; q++) {
                    System.arraycopy(bytes(values(c, me * n + q, sb[q] / 4)), 0, sbuf, sd[q], sb[q]);
                }
                byte[] rbuf = new byte[rt];
                run(e, Collectives.alltoallv(e, g, me, CTX, tag++, sbuf, B, sb, sd, rbuf, B, rb, rd), "alltoallv");
                for (int q = 0; q < n; q++) {
                    assertArrayEquals(values(c, q * n + me, rb[q] / 4), ints(rbuf, rd[q], rb[q] / 4), "alltoallv" + at);
                }
            }
        });
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {1, 3, 5})
    void nonblockingCollectivesInFlightTogetherOnOneContext(int n) throws Exception {
        group(n, (e, g, me) -> {
            int count = 2000;
            for (int iteration = 0; iteration < 3; iteration++) {
                int tag = 10 * iteration + 1;
                byte[] s1 = bytes(values(1, me, count));
                byte[] r1 = new byte[4 * count];
                byte[] b2 = me == 0 ? bytes(values(2, 0, count)) : new byte[4 * count];
                byte[] all = new byte[4 * count * n];
                byte[] s3 = bytes(values(3, me, count));
                byte[] s4 = bytes(values(4, me, count));
                byte[] r4 = new byte[4 * count];
                // the same shapes of message on one context: only the call tags keep them apart
                Operation a = Collectives.allreduce(e, g, me, CTX, tag, s1, B, r1, B, count, SUM);
                Operation b = Collectives.bcast(e, g, me, CTX, tag + 1, b2, B, b2.length, 0);
                Operation c = Collectives.allgather(e, g, me, CTX, tag + 2, s3, B, 4 * count, all, B);
                Operation d = Collectives.allreduce(e, g, me, CTX, tag + 3, s4, B, r4, B, count, SUM);
                Operation barrier = Barrier.start(e, g, me, CTX, tag + 4);
                run(e, barrier, "barrier");
                run(e, d, "allreduce");
                run(e, c, "allgather");
                run(e, b, "bcast");
                run(e, a, "allreduce");
                assertArrayEquals(sum(1, n, count), ints(r1, 0, count));
                assertArrayEquals(values(2, 0, count), ints(b2, 0, count));
                for (int r = 0; r < n; r++) {
                    assertArrayEquals(values(3, r, count), ints(all, 4 * count * r, count));
                }
                assertArrayEquals(sum(4, n, count), ints(r4, 0, count));
            }
        });
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {3, 4})
    void severalMebibytes(int n) throws Exception {
        group(n, (e, g, me) -> {
            int count = 1 << 20; // 4 MiB of ints
            byte[] send = bytes(values(7, me, count));
            byte[] recv = new byte[4 * count];
            run(e, Collectives.allreduce(e, g, me, CTX, 1, send, B, recv, B, count, SUM), "allreduce");
            assertArrayEquals(sum(7, n, count), ints(recv, 0, count));
        });
    }

    /** Element-wise sum of members 0 to n-1 for case c. */
    static int[] sum(int c, int n, int count) {
        int[] s = new int[count];
        for (int r = 0; r < n; r++) {
            for (int k = 0; k < count; k++) {
                s[k] += value(c, r, k);
            }
        }
        return s;
    }

    @org.junit.jupiter.api.Test
    void tagsStayNonNegativeAndApart() {
        assertEquals(5, CollectiveSchedule.tag(0, 0, 5));
        int t = CollectiveSchedule.tag(-1, 7, 255);
        assertTrue(t >= 0);
        assertTrue(t < 1 << 30, "below the mpi layer's tags (0x7FFE0000 up)");
        assertTrue(CollectiveSchedule.tag(1, 0, 0) != CollectiveSchedule.tag(0, 1, 0));
        assertTrue(CollectiveSchedule.tag(1, 0, 0) != CollectiveSchedule.tag(0, 0, 255));
    }
}

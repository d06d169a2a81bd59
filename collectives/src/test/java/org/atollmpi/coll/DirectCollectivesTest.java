package org.atollmpi.coll;

import static org.atollmpi.coll.CollectivesTest.MATMUL;
import static org.atollmpi.coll.CollectivesTest.bytes;
import static org.atollmpi.coll.CollectivesTest.group;
import static org.atollmpi.coll.CollectivesTest.ints;
import static org.atollmpi.coll.CollectivesTest.matrices;
import static org.atollmpi.coll.CollectivesTest.product;
import static org.atollmpi.coll.CollectivesTest.values;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicIntegerArray;

import org.atollmpi.engine.Addresses;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The blocking small collectives run by the calling thread, on groups of 1 to 8 members (threads
 * and engines over a local board): their results, and that they are the schedules' messages, so
 * a group in which some members run the direct form and the others the schedule of the same
 * algorithm completes with the right result.
 */
class DirectCollectivesTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int CTX = 5;
    private static final Reduction SUM = Reduction.of(ReduceOp.SUM, ElementKind.INT);
    private static final int[] COUNTS = {0, 1, 5, 100};

    /** Whether member {@code me} of a mixed group runs the schedule in case {@code c}: half of them, changing. */
    private static boolean schedule(boolean mixed, int me, int c) {
        return mixed && (me + c) % 2 == 0;
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void barrierLetsNoMemberLeaveBeforeAllHaveEntered(int n) throws Exception {
        AtomicIntegerArray entered = new AtomicIntegerArray(20);
        group(n, (e, g, me) -> {
            for (int c = 0; c < 20; c++) {
                entered.incrementAndGet(c);
                if (schedule(true, me, c)) {
                    Collectives.await(e, Barrier.start(e, g, me, CTX, c), "barrier");
                } else {
                    DirectCollectives.barrier(e, g, me, CTX, c);
                }
                assertEquals(n, entered.get(c), "member " + me + " left barrier " + c + " early");
            }
        });
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void bcastFromEveryRoot(int n) throws Exception {
        for (boolean mixed : new boolean[] {false, true}) {
            group(n, (e, g, me) -> {
                int c = 1;
                for (int count : COUNTS) {
                    for (int root = 0; root < n; root++, c++) {
                        byte[] buf = me == root ? bytes(values(c, root, count)) : new byte[4 * count];
                        if (schedule(mixed, me, c)) {
                            Collectives.await(e, Collectives.bcast(e, g, me, CTX, c, buf, B, buf.length, root), "bcast");
                        } else {
                            DirectCollectives.bcast(e, g, me, CTX, c, buf, B, buf.length, root);
                        }
                        assertArrayEquals(values(c, root, count), ints(buf, 0, count),
                            "bcast n=" + n + " count=" + count + " root=" + root + " mixed=" + mixed);
                    }
                }
            });
        }
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void allreduceSumsAndKeepsRankOrderOfANonCommutativeOperation(int n) throws Exception {
        for (boolean mixed : new boolean[] {false, true}) {
            group(n, (e, g, me) -> {
                int c = 1;
                for (int count : COUNTS) {
                    for (boolean inPlace : new boolean[] {false, true}) {
                        byte[] send = bytes(values(c, me, count));
                        byte[] recv = inPlace ? send.clone() : new byte[4 * count];
                        Object sb = inPlace ? Collectives.IN_PLACE : send;
                        if (schedule(mixed, me, c)) {
                            Collectives.await(e, Collectives.allreduce(e, g, me, CTX, c, sb, B, recv, B, count, SUM),
                                "allreduce");
                        } else {
                            DirectCollectives.allreduce(e, g, me, CTX, c, sb, B, recv, B, count, SUM);
                        }
                        int[] expected = new int[count];
                        for (int r = 0; r < n; r++) {
                            for (int k = 0; k < count; k++) {
                                expected[k] += values(c, r, count)[k];
                            }
                        }
                        assertArrayEquals(expected, ints(recv, 0, count), "allreduce n=" + n + " count=" + count
                            + " inPlace=" + inPlace + " mixed=" + mixed);
                        c++;
                    }
                    int small = Math.min(count, 20); // 16 B a matrix: stay under the direct path's 2 KiB
                    byte[] mine = matrices(me, small);
                    byte[] result = new byte[16 * small];
                    if (schedule(mixed, me, c)) {
                        Collectives.await(e, Collectives.allreduce(e, g, me, CTX, c, mine, B, result, B, small, MATMUL),
                            "allreduce");
                    } else {
                        DirectCollectives.allreduce(e, g, me, CTX, c, mine, B, result, B, small, MATMUL);
                    }
                    assertArrayEquals(product(0, n - 1, small), result, "matrix product n=" + n + " mixed=" + mixed);
                    assertArrayEquals(matrices(me, small), mine, "the send buffer is not written");
                    c++;
                }
            });
        }
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {2, 4, 16})
    void theDirectFormServesTheSmallCasesOfTheSimpleAlgorithms(int n) {
        assertTrue(DirectCollectives.runsBarrier(n));
        assertTrue(DirectCollectives.runsBcast(n, 8));
        assertTrue(DirectCollectives.runsBcast(n, DirectCollectives.BCAST_BYTES));
        assertFalse(DirectCollectives.runsBcast(n, DirectCollectives.BCAST_BYTES + 1));
        assertTrue(DirectCollectives.runsAllreduce(n, 2, Reduction.of(ReduceOp.SUM, ElementKind.FLOAT)));
        assertFalse(DirectCollectives.runsAllreduce(n, DirectCollectives.ALLREDUCE_BYTES / 4, SUM));
        try {
            Tuning.force(Collective.BCAST, Algorithm.SCATTER_ALLGATHER);
            assertFalse(DirectCollectives.runsBcast(n, 8), "a forced algorithm runs as a schedule");
        } finally {
            Tuning.force(Collective.BCAST, null);
        }
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {2, 3})
    void manyCallsAllocateNothingOnAMembersThread(int n) throws Exception {
        com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long[] perCall = new long[n];
        // the shm board: the local board's queues allocate a node per message themselves
        group(ShmBoard.anonymous(n, ShmBoardConfig.defaults()), n, (e, g, me) -> {
            byte[] send = bytes(values(1, me, 2));
            byte[] recv = new byte[8];
            int c = 1;
            for (; c < 20_000; c++) { // long enough for the JIT to compile the loops
                DirectCollectives.barrier(e, g, me, CTX, c);
                DirectCollectives.allreduce(e, g, me, CTX, ++c, send, B, recv, B, 2, SUM);
            }
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1000; i++, c++) {
                DirectCollectives.barrier(e, g, me, CTX, c);
                DirectCollectives.allreduce(e, g, me, CTX, ++c, send, B, recv, B, 2, SUM);
            }
            perCall[me] = (threads.getCurrentThreadAllocatedBytes() - before) / 2000;
        });
        for (int me = 0; me < n; me++) {
            assertTrue(perCall[me] < 8, "member " + me + " allocated " + perCall[me] + " B a call");
        }
    }
}

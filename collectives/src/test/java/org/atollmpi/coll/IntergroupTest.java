package org.atollmpi.coll;

import static org.atollmpi.coll.CollectivesTest.bytes;
import static org.atollmpi.coll.CollectivesTest.group;
import static org.atollmpi.coll.CollectivesTest.ints;
import static org.atollmpi.coll.CollectivesTest.matrices;
import static org.atollmpi.coll.CollectivesTest.values;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Intergroup} and {@link Sequence} on in-process engines: the members of a
 * {@link CollectivesTest#group} split into two disjoint groups A (the first {@code a} group
 * ranks) and B (the rest), as an intercommunicator joins them. Unequal sizes both ways, counts 0,
 * 1 and past the eager limit; an allreduce between the groups built as a sequence (a reduction
 * in each group, the leaders' exchange, a broadcast in each group) with a non-commutative
 * operation; a failed stage ends the sequence with its error and starts nothing after it.
 */
class IntergroupTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int CTX = 5;
    private static final int[] COUNTS = {0, 1, 3000};

    /** One member's view: its group, the other group (world ranks) and its rank in its own. */
    private record Side(int[] local, int[] remote, int rank, boolean inA) {
        static Side of(int[] g, int me, int a) {
            int[] ga = Arrays.copyOfRange(g, 0, a);
            int[] gb = Arrays.copyOfRange(g, a, g.length);
            return me < a ? new Side(ga, gb, me, true) : new Side(gb, ga, me - a, false);
        }
    }

    /** The block member {@code from} of one group sends to member {@code to} of the other, case {@code c}. */
    private static int[] block(int c, boolean fromA, int from, int to, int count) {
        return values(c, (fromA ? 100 : 200) + 10 * from + to, count + from);
    }

    @ParameterizedTest(name = "{0} and {1}")
    @CsvSource({"1, 1", "1, 3", "3, 1", "2, 3", "3, 2", "4, 3"})
    void alltoallBetweenTheGroups(int a, int b) throws Exception {
        group(a + b, (e, g, me) -> {
            Side s = Side.of(g, me, a);
            int tag = 1;
            for (int count : COUNTS) {
                int c = tag;
                int m = s.remote.length;
                int[] sb = new int[m];
                int[] sd = new int[m];
                int[] rb = new int[m];
                int[] rd = new int[m];
                int sAt = 0;
                int rAt = 4;
                for (int j = 0; j < m; j++) {
                    sb[j] = 4 * (count + s.rank);
                    sd[j] = sAt;
                    sAt += sb[j];
                    rb[j] = 4 * (count + j);
                    rd[j] = rAt; // blocks with a 4-byte gap before each
                    rAt += rb[j] + 4;
                }
                byte[] send = new byte[sAt];
                for (int j = 0; j < m; j++) {
                    System.arraycopy(bytes(block(c, s.inA, s.rank, j, count)), 0, send, sd[j], sb[j]);
                }
                byte[] recv = new byte[rAt];
                Collectives.await(e, Intergroup.alltoallw(e, s.remote, s.rank, s.local.length, CTX, tag++, send, B,
                    sb, sd, recv, B, rb, rd), "alltoallw");
                for (int j = 0; j < m; j++) {
                    String at = "a=" + a + " b=" + b + " count=" + count + " from " + j;
                    assertArrayEquals(block(c, !s.inA, j, s.rank, count), ints(recv, rd[j], count + j), at);
                    assertEquals(0, ints(recv, rd[j] - 4, 1)[0], "gap " + at);
                }
            }
        });
    }

    /**
     * Allreduce between the groups, as an intercommunicator runs it: each group reduces to its
     * leader, the leaders swap, each leader broadcasts what it got. Every member of A ends with
     * the product of B's matrices in rank order, and the other way round.
     */
    @ParameterizedTest(name = "{0} and {1}")
    @CsvSource({"1, 1", "1, 3", "3, 1", "2, 3", "4, 3"})
    void allreduceAsASequence(int a, int b) throws Exception {
        group(a + b, (e, g, me) -> {
            Side s = Side.of(g, me, a);
            int tag = 1;
            for (int count : COUNTS) {
                int bytes = 16 * count;
                byte[] mine = matrices(me, count);
                byte[] reduced = new byte[bytes];
                byte[] result = new byte[bytes];
                boolean leader = s.rank == 0;
                int t = tag;
                tag += 3;
                Operation op = new Sequence(e, CTX)
                    .then(() -> Collectives.reduce(e, s.local, s.rank, CTX, t, mine, B, reduced, B, count,
                        CollectivesTest.MATMUL, 0))
                    .then(() -> leader ? Intergroup.exchange(e, CTX, t + 1, s.remote[0], reduced, B, bytes,
                        s.remote[0], result, B, bytes) : null)
                    .then(() -> Collectives.bcast(e, s.local, s.rank, CTX, t + 2, result, B, bytes, 0))
                    .start();
                Collectives.await(e, op, "allreduce");
                int from = s.inA ? a : 0;
                int to = s.inA ? a + b - 1 : a - 1;
                assertArrayEquals(CollectivesTest.product(from, to, count), result,
                    "a=" + a + " b=" + b + " count=" + count);
            }
        });
    }

    @ParameterizedTest(name = "{0} and {1}")
    @CsvSource({"1, 1", "2, 3"})
    void aFailedStageEndsTheSequence(int a, int b) throws Exception {
        group(a + b, (e, g, me) -> {
            Side s = Side.of(g, me, a);
            assertEquals(ErrorClass.SUCCESS, finished(e, new Sequence(e, CTX).start()), "no stages");

            // the leaders swap 8 bytes; A's leader has room for 4 only
            int[] got = new int[2];
            AtomicBoolean after = new AtomicBoolean();
            boolean leader = s.rank == 0;
            Operation op = new Sequence(e, CTX)
                .then(() -> leader ? Intergroup.exchange(e, CTX, 1, s.remote[0], bytes(new int[] {me, me}), B, 8,
                    s.remote[0], got, Addresses.INT_ARRAY_BASE, s.inA ? 4 : 8) : null)
                .then(() -> {
                    after.set(true);
                    return null;
                })
                .start();
            if (leader && s.inA) {
                EngineException x = assertThrows(EngineException.class, () -> Collectives.await(e, op, "exchange"));
                assertEquals(ErrorClass.TRUNCATE, x.errorClass());
                assertFalse(after.get(), "a stage after the failed one ran");
            } else {
                Collectives.await(e, op, "exchange");
            }
        });
    }

    private static int finished(Engine e, Operation op) {
        e.await(op);
        int error = op.error();
        e.release(op);
        return error;
    }
}

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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.nic.local.LocalBoard;
import org.atollmpi.nic.local.LocalBoard.Limits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The board's collective engine on groups of 2 to 8 members (threads and engines over a local
 * board), with halves of 256 bytes so that every collective past a few dozen ints runs in chunks
 * through both halves of each slot: results against references computed from what each member
 * contributed, rank order for an operation that does not commute, members that lag behind while
 * the others run ahead (the halves must not be overwritten under a reader), and opening where it
 * cannot be opened.
 */
class BoardCollectivesTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int CTX = 7;
    private static final int HALF = 256;
    private static final Reduction SUM = Reduction.of(ReduceOp.SUM, ElementKind.INT);
    /**
     * Ints: none, one, a part of a half, past the sliced-reduction size, many halves and a
     * remainder, and a remainder short enough to be staged inline elsewhere (3 ints after 20 halves).
     */
    private static final int[] COUNTS = {0, 1, 17, 64, 65, 1100, 1283, 3000};

    private static BoardCollectives open(Engine e, int[] g, int me) {
        return open(e, g, me, HALF);
    }

    private static BoardCollectives open(Engine e, int[] g, int me, int half) {
        BoardCollectives a = BoardCollectives.open(e, g, me, CTX, 1, half);
        assertNotNull(a, "member " + me + " opened no area");
        assertEquals(half, a.half());
        return a;
    }

    private static int[] sums(int c, int n, int count) {
        int[] s = new int[count];
        for (int r = 0; r < n; r++) {
            int[] v = values(c, r, count);
            for (int k = 0; k < count; k++) {
                s[k] += v[k];
            }
        }
        return s;
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void barrierLetsNoMemberLeaveBeforeAllHaveEntered(int n) throws Exception {
        AtomicIntegerArray entered = new AtomicIntegerArray(50);
        group(n, (e, g, me) -> {
            BoardCollectives a = open(e, g, me);
            for (int c = 0; c < 50; c++) {
                entered.incrementAndGet(c);
                a.barrier();
                assertEquals(n, entered.get(c), "member " + me + " left barrier " + c + " early");
            }
        });
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {2, 3, 5, 8})
    void bcastFromEveryRootInChunks(int n) throws Exception {
        group(n, (e, g, me) -> {
            BoardCollectives a = open(e, g, me);
            int c = 0;
            for (int count : COUNTS) {
                for (int root = 0; root < n; root++, c++) {
                    byte[] buf = me == root ? bytes(values(c, root, count)) : new byte[4 * count];
                    a.bcast(buf, B, buf.length, root);
                    assertArrayEquals(values(c, root, count), ints(buf, 0, count),
                        "bcast n=" + n + " count=" + count + " root=" + root);
                }
            }
        });
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void reductionsInRankOrderWholeAndSliced(int n) throws Exception {
        group(n, (e, g, me) -> {
            BoardCollectives a = open(e, g, me);
            int c = 0;
            for (int count : COUNTS) {
                String at = " n=" + n + " count=" + count;
                c++;
                byte[] out = new byte[4 * count];
                a.allreduce(bytes(values(c, me, count)), B, out, B, count, SUM);
                assertArrayEquals(sums(c, n, count), ints(out, 0, count), "allreduce" + at);

                c++;
                byte[] inPlace = bytes(values(c, me, count));
                a.allreduce(Collectives.IN_PLACE, 0, inPlace, B, count, SUM);
                assertArrayEquals(sums(c, n, count), ints(inPlace, 0, count), "allreduce in place" + at);

                // matrices are 16 bytes: count / 4 of them keeps the sizes of the int cases
                int m = count / 4 + (count > 0 ? 1 : 0);
                byte[] prod = new byte[16 * m];
                a.allreduce(matrices(me, m), B, prod, B, m, MATMUL);
                assertArrayEquals(product(0, n - 1, m), prod, "allreduce, not commuting" + at);

                for (int root : new int[] {0, n - 1}) {
                    c++;
                    byte[] r = new byte[4 * count];
                    a.reduce(bytes(values(c, me, count)), B, r, B, count, SUM, root);
                    assertArrayEquals(me == root ? sums(c, n, count) : new int[count], ints(r, 0, count),
                        "reduce to " + root + at);
                    c++;
                    byte[] mineInPlace = bytes(values(c, me, count));
                    if (me == root) {
                        a.reduce(Collectives.IN_PLACE, 0, mineInPlace, B, count, SUM, root);
                        assertArrayEquals(sums(c, n, count), ints(mineInPlace, 0, count),
                            "reduce in place to " + root + at);
                    } else {
                        a.reduce(mineInPlace, B, null, 0, count, SUM, root);
                    }
                    byte[] pr = new byte[16 * m];
                    a.reduce(matrices(me, m), B, pr, B, m, MATMUL, root);
                    assertArrayEquals(me == root ? product(0, n - 1, m) : new byte[16 * m], pr,
                        "reduce, not commuting, to " + root + at);
                }
            }
        });
    }

    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {2, 3, 4, 7})
    void gathersScattersAndAlltoall(int n) throws Exception {
        group(n, (e, g, me) -> {
            BoardCollectives a = open(e, g, me, 512); // a piece of 64 B per member for 7
            int c = 0;
            for (int count : COUNTS) {
                String at = " n=" + n + " count=" + count;
                c++;
                int[] all = new int[n * count];
                for (int r = 0; r < n; r++) {
                    System.arraycopy(values(c, r, count), 0, all, r * count, count);
                }
                byte[] out = new byte[4 * n * count];
                a.allgather(bytes(values(c, me, count)), B, 4 * count, out, B);
                assertArrayEquals(all, ints(out, 0, n * count), "allgather" + at);

                byte[] inPlace = new byte[4 * n * count];
                Addresses.copy(bytes(values(c, me, count)), B, inPlace, B + 4L * me * count, 4L * count);
                a.allgather(Collectives.IN_PLACE, 0, 4 * count, inPlace, B);
                assertArrayEquals(all, ints(inPlace, 0, n * count), "allgather in place" + at);

                for (int root : new int[] {0, n - 1}) {
                    byte[] gathered = new byte[4 * n * count];
                    a.gather(bytes(values(c, me, count)), B, 4 * count, gathered, B, root);
                    assertArrayEquals(me == root ? all : new int[n * count], ints(gathered, 0, n * count),
                        "gather to " + root + at);

                    byte[] mine = new byte[4 * count];
                    a.scatter(me == root ? bytes(all) : null, B, mine, B, 4 * count, root);
                    assertArrayEquals(values(c, me, count), ints(mine, 0, count), "scatter from " + root + at);
                }

                // member r's block for member j: values(c + j, r, count)
                int[] send = new int[n * count];
                int[] expected = new int[n * count];
                for (int j = 0; j < n; j++) {
                    System.arraycopy(values(c + 1000 * j, me, count), 0, send, j * count, count);
                    System.arraycopy(values(c + 1000 * me, j, count), 0, expected, j * count, count);
                }
                byte[] received = new byte[4 * n * count];
                a.alltoall(bytes(send), B, received, B, 4 * count);
                assertArrayEquals(expected, ints(received, 0, n * count), "alltoall" + at);
            }
        });
    }

    /**
     * The root and the fast members run ahead through many chunked broadcasts while a member
     * dawdles before each read: a half is never written again before the slowest reader is past
     * it, so every member receives every value.
     */
    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {2, 3, 4})
    void aLaggingReaderIsNeverOverwritten(int n) throws Exception {
        group(n, (e, g, me) -> {
            BoardCollectives a = open(e, g, me);
            SplittableRandom random = new SplittableRandom(me);
            for (int c = 0; c < 200; c++) {
                int count = 1 + c % 150;
                if (me == n - 1) {
                    for (int spin = random.nextInt(20_000); spin > 0; spin--) {
                        Thread.onSpinWait();
                    }
                }
                byte[] buf = me == 0 ? bytes(values(c, 0, count)) : new byte[4 * count];
                if (c % 3 == 2) {
                    byte[] out = new byte[4 * count];
                    a.allreduce(bytes(values(c, me, count)), B, out, B, count, SUM);
                    assertArrayEquals(sums(c, n, count), ints(out, 0, count), "allreduce " + c);
                } else {
                    a.bcast(buf, B, buf.length, 0);
                    assertArrayEquals(values(c, 0, count), ints(buf, 0, count), "bcast " + c);
                }
            }
        });
    }

    /** Halves too small for a piece per member: scatter and alltoall say they cannot run, and refuse to. */
    @Test
    void aGroupTooLargeForPiecesRunsNoScatterThere() throws Exception {
        group(5, (e, g, me) -> {
            BoardCollectives a = open(e, g, me, 256);
            assertEquals(0, a.piece());
            assertFalse(a.serves(Collective.SCATTER));
            assertFalse(a.serves(Collective.ALLTOALL));
            assertTrue(a.serves(Collective.ALLGATHER));
            assertThrows(EngineException.class,
                () -> a.alltoall(new byte[20], B, new byte[20], B, 4));
        });
    }

    @Test
    void aGroupOfOneOpensNoArea() throws Exception {
        group(1, (e, g, me) -> assertNull(BoardCollectives.open(e, g, me, CTX, 1, HALF)));
    }

    /** Member 0's board has no room for the area: every member hears so and opens none, nobody hangs. */
    @Test
    void noRoomOnTheBoardOpensNoAreaAnywhere() throws Exception {
        LocalBoard small = new LocalBoard(3, Limits.DEFAULT.withHeapBytes(1024));
        group(small, 3, (e, g, me) -> assertNull(BoardCollectives.open(e, g, me, CTX, 1, 64 * 1024)));
    }

    @Test
    void aClosedAreaRefusesCollectives() throws Exception {
        group(2, (e, g, me) -> {
            BoardCollectives a = open(e, g, me);
            a.barrier();
            a.close();
            EngineException refused =
                assertThrows(EngineException.class,
                    () -> a.bcast(new byte[4], B, 4, 0));
            assertEquals(ErrorClass.COMM, refused.errorClass());
        });
    }
}

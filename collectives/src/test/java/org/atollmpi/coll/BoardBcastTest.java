package org.atollmpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.BoardBlock;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.Operation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The broadcast through one copy in board memory: every member gets the root's bytes, for
 * every group size, sizes on both sides of the eager limit, roots first and last, from a program
 * array and from board memory; and the copy goes back to the board after each call (a 200 MiB
 * allocation still succeeds after 40 broadcasts of 3 MiB on a 256 MiB board).
 */
class BoardBcastTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int CTX = 5;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 7, 8})
    void everyMemberGetsTheRootsBytes(int n) throws Exception {
        CollectivesTest.group(n, (e, group, me) -> {
            int tag = 1;
            for (int bytes : new int[] {0, 1, 5000, 200_000, 3 << 20}) {
                for (int root : new int[] {0, n - 1, n / 2}) {
                    byte[] buf = new byte[bytes];
                    if (me == root) {
                        fill(buf, root);
                    }
                    run(e, group, me, tag++, buf, B, bytes, root);
                    assertArrayEquals(filled(bytes, root), buf, "bytes " + bytes + " root " + root);
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4})
    void aRootBufferInBoardMemoryIsSentInPlaceAndCopiesAreGivenBack(int n) throws Exception {
        CollectivesTest.group(n, (e, group, me) -> {
            int bytes = 3 << 20;
            BoardBlock mine = e.allocateBoardMemory(bytes);
            assertNotNull(mine);
            for (int i = 0; i < 40; i++) {
                byte[] buf = new byte[bytes];
                if (me == 0) {
                    fill(buf, i);
                }
                boolean fromBoard = i % 2 == 0;
                if (fromBoard && me == 0) {
                    Addresses.copy(buf, B, mine.base(), mine.address(), bytes);
                }
                Object base = fromBoard ? mine.base() : buf;
                long offset = fromBoard ? mine.address() : B;
                run(e, group, me, i + 1, base, offset, bytes, 0);
                if (fromBoard) {
                    Addresses.copy(mine.base(), mine.address(), buf, B, bytes);
                }
                assertArrayEquals(filled(bytes, i), buf, "broadcast " + i);
            }
            e.freeBoardMemory(mine);
            BoardBlock large = e.allocateBoardMemory(200L << 20);
            assertNotNull(large, "board memory of the broadcasts was not given back");
            e.freeBoardMemory(large);
        });
    }

    private static void run(Engine e, int[] group, int me, int tag, Object base, long offset, int bytes, int root) {
        Operation op = new CollectiveSchedule(e, group, me, CTX, tag, new BoardBcast(base, offset, bytes, root)).start();
        Collectives.await(e, op, "bcast");
    }

    private static void fill(byte[] b, int seed) {
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 31 + seed * 7 + (i >> 9));
        }
    }

    private static byte[] filled(int bytes, int seed) {
        byte[] b = new byte[bytes];
        fill(b, seed);
        return b;
    }
}

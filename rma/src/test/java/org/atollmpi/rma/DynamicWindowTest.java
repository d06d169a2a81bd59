package org.atollmpi.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.function.Supplier;
import java.util.stream.Stream;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.BoardBlock;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;
import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardMatrix;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dynamic windows of 3 ranks on every board of the {@link BoardMatrix}. Each rank attaches a
 * region of board memory (reached by the origins' NIC) and a heap array (served by its engine):
 * accesses land in the region the displacement names (attach order), an access no region covers,
 * or one spanning two regions, is ERR_RMA_RANGE and changes nothing, detached memory is no longer
 * reached, memory attached again gets the next displacement, and the table's bound holds.
 */
@Timeout(90)
class DynamicWindowTest {
    private static final int RANKS = 3;
    private static final int REGION = 64;
    private static final int MAX_REGIONS = 4;

    static Stream<Arguments> boards() {
        return Stream.of(BoardMatrix.values())
            .map(m -> Arguments.of(m.toString(), (Supplier<Board>) () -> m.board(RANKS, WindowTest.LIMITS)));
    }

    private static final TargetBlocks WORD = TargetBlocks.contiguous(0, 8);

    private static long[] longs(long... v) {
        return v;
    }

    private static BoardBlock boardRegion(Engine engine) {
        BoardBlock r = engine.allocateBoardMemory(REGION);
        for (int at = 0; at < REGION; at += 8) {
            Addresses.putLong(r.base(), r.address() + at, 0);
        }
        return r;
    }

    private static long word(BoardBlock r, long at) {
        return Addresses.getLong(r.base(), r.address() + at);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("boards")
    void attachedRegionsAreReachedInAttachOrder(String name, Supplier<Board> boards) throws Exception {
        WindowRanks.run(boards, RANKS, (me, engine) -> LocalMemory.dynamic(engine, MAX_REGIONS),
            (me, engine, w, local) -> {
                BoardBlock board = boardRegion(engine);
                long[] heap = new long[REGION / 8];
                assertEquals(0, w.attach("attach", board.base(), board.address(), REGION));
                assertEquals(REGION, w.attach("attach", heap, Addresses.LONG_ARRAY_BASE, REGION));
                int right = (me + 1) % RANKS;
                int left = (me + RANKS - 1) % RANKS;

                w.fence("fence", false); // the others have attached: the first access to each misses and reads its table
                w.put("put", right, 8, WORD, longs(100 + me), Addresses.LONG_ARRAY_BASE, null);
                w.put("put", right, REGION + 16, WORD, longs(200 + me), Addresses.LONG_ARRAY_BASE, null);
                w.fence("fence", false);
                assertEquals(100 + left, word(board, 8), "a put into the board region, at displacement 8");
                assertEquals(200 + left, heap[2], "a put into the served region, at displacement 64 + 16");
                long[] got = new long[2];
                w.get("get", right, 8, WORD, got, Addresses.LONG_ARRAY_BASE, null);
                w.get("get", right, REGION + 16, WORD, got, Addresses.LONG_ARRAY_BASE + 8, null);
                w.fence("fence", true);
                assertEquals(100 + me, got[0]);
                assertEquals(200 + me, got[1]);

                // accumulates: the NIC's fetch-and-add on the board region, the accumulate lock on the served one
                w.lockAll("lockAll", false);
                for (int i = 0; i < 50; i++) {
                    w.accumulate("accumulate", 0, 24, WORD, longs(1), Addresses.LONG_ARRAY_BASE,
                        new WindowTest.LongOp(WindowTest.LongOp.SUM), false, null, 0, null);
                    w.accumulate("accumulate", 0, REGION + 24, WORD, longs(1), Addresses.LONG_ARRAY_BASE,
                        new WindowTest.Sum(8), false, null, 0, null);
                }
                w.unlockAll("unlockAll");
                w.fence("fence", true);
                if (me == 0) {
                    assertEquals(50L * RANKS, word(board, 24));
                    assertEquals(50L * RANKS, heap[3]);
                }
                w.fence("fence", true);
            });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("boards")
    void accessesOutsideTheAttachedMemoryRaiseAndTouchNothing(String name, Supplier<Board> boards) throws Exception {
        WindowRanks.run(boards, RANKS, (me, engine) -> LocalMemory.dynamic(engine, MAX_REGIONS),
            (me, engine, w, local) -> {
                BoardBlock board = boardRegion(engine);
                long[] heap = new long[REGION / 8];
                int right = (me + 1) % RANKS;
                w.fence("fence", true);
                w.lock("lock", true, right, false);
                // nothing attached yet
                assertEquals(ErrorClass.RMA_RANGE, assertThrows(EngineException.class,
                    () -> w.put("put", right, 0, WORD, longs(9), Addresses.LONG_ARRAY_BASE, null)).errorClass());
                w.unlock("unlock", right);
                w.fence("fence", true);

                w.attach("attach", board.base(), board.address(), REGION);
                w.attach("attach", heap, Addresses.LONG_ARRAY_BASE, REGION);
                w.fence("fence", true);
                w.lock("lock", true, right, false);
                long[] nines = {9, 9};
                for (long disp : new long[] {-8, 2 * REGION, REGION - 8}) { // before, after, across the two regions
                    EngineException e = assertThrows(EngineException.class,
                        () -> w.put("put", right, disp, TargetBlocks.contiguous(0, 16), nines,
                            Addresses.LONG_ARRAY_BASE, null));
                    assertEquals(ErrorClass.RMA_RANGE, e.errorClass(), e.getMessage());
                }
                w.unlock("unlock", right);
                w.fence("fence", true);
                for (int i = 0; i < REGION / 8; i++) {
                    assertEquals(0, word(board, 8L * i), "nothing written");
                    assertEquals(0, heap[i], "nothing written");
                }

                // detached memory: the origin's copy of the table still names it, the access is refused
                w.detach("detach", heap, Addresses.LONG_ARRAY_BASE);
                w.detach("detach", board.base(), board.address());
                assertEquals(ErrorClass.RMA_ATTACH, assertThrows(EngineException.class,
                    () -> w.detach("detach", heap, Addresses.LONG_ARRAY_BASE)).errorClass());
                w.fence("fence", true);
                w.lock("lock", true, right, false);
                w.put("put", right, REGION, WORD, longs(7), Addresses.LONG_ARRAY_BASE, null);
                assertEquals(ErrorClass.RMA_RANGE, assertThrows(EngineException.class,
                    () -> w.flush("flush", right)).errorClass(), "a put to the detached served region");
                w.put("put", right, 0, WORD, longs(7), Addresses.LONG_ARRAY_BASE, null);
                assertEquals(ErrorClass.RMA_RANGE, assertThrows(EngineException.class,
                    () -> w.flush("flush", right)).errorClass(), "a put to the detached board region");
                Operation request = engine.newComposite(10); // as rPut's request
                w.put("rPut", right, 0, WORD, longs(7), Addresses.LONG_ARRAY_BASE, request);
                engine.await(request);
                assertEquals(ErrorClass.RMA_RANGE, request.error(), "the request of a put to the detached region");
                assertEquals(ErrorClass.RMA_RANGE, assertThrows(EngineException.class,
                    () -> w.flush("flush", right)).errorClass());
                w.unlock("unlock", right);
                w.fence("fence", true); // the served refusal needed this rank's engine: the fence progresses it
                assertEquals(0, word(board, 0));
                assertEquals(0, heap[0]);

                // attached again: the next displacement; the origin's copy misses and is read again
                assertEquals(2 * REGION, w.attach("attach", board.base(), board.address(), REGION));
                w.fence("fence", true);
                w.lock("lock", true, right, false);
                w.put("put", right, 2 * REGION + 8, WORD, longs(300 + me), Addresses.LONG_ARRAY_BASE, null);
                w.unlock("unlock", right);
                w.fence("fence", true);
                assertEquals(300 + (me + RANKS - 1) % RANKS, word(board, 8));
            });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("boards")
    void attachIsBoundedAndRefusesOverlaps(String name, Supplier<Board> boards) throws Exception {
        WindowRanks.run(boards, RANKS, (me, engine) -> LocalMemory.dynamic(engine, MAX_REGIONS),
            (me, engine, w, local) -> {
                long[] heap = new long[MAX_REGIONS + 1];
                assertEquals(ErrorClass.RMA_ATTACH, assertThrows(EngineException.class,
                    () -> w.detach("detach", heap, Addresses.LONG_ARRAY_BASE)).errorClass());
                for (int i = 0; i < MAX_REGIONS; i++) {
                    assertEquals(8L * i, w.attach("attach", heap, Addresses.LONG_ARRAY_BASE + 8L * i, 8));
                }
                EngineException full = assertThrows(EngineException.class,
                    () -> w.attach("attach", heap, Addresses.LONG_ARRAY_BASE + 8L * MAX_REGIONS, 8));
                assertEquals(ErrorClass.RMA_ATTACH, full.errorClass());
                w.detach("detach", heap, Addresses.LONG_ARRAY_BASE);
                assertEquals(ErrorClass.RMA_ATTACH, assertThrows(EngineException.class,
                    () -> w.attach("attach", heap, Addresses.LONG_ARRAY_BASE + 8, 16)).errorClass(),
                    "overlaps an attached region");
                assertEquals(8L * MAX_REGIONS, w.attach("attach", heap, Addresses.LONG_ARRAY_BASE, 8));
                // freed with regions attached: free detaches them
            });
    }
}

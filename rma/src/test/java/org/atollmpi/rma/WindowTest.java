package org.atollmpi.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.function.Supplier;
import java.util.stream.Stream;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.BoardBlock;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardLimits;
import org.atollmpi.nic.BoardMatrix;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Windows of 3 ranks (threads, each with its own engine on one board) on every board of the
 * {@link BoardMatrix} (on the router ranks 0 and 2 share a node and rank 1 is on another, so each
 * window is reached through both the shm and the TCP board): every synchronisation mode moves the
 * data, accumulates are exact under contention, and bad accesses raise the right class and change
 * nothing.
 */
@Timeout(90)
class WindowTest {
    private static final int RANKS = 3;
    private static final int BYTES = 1024;

    /** Board memory enough for every rank's windows on every board. */
    static final BoardLimits LIMITS = BoardLimits.DEFAULT.withHeapBytes(16 << 20);

    /**
     * Every board of the {@link BoardMatrix}, with window memory in board memory (NIC accesses)
     * and in heap arrays (served by the target's engine).
     */
    static Stream<Arguments> boards() {
        Stream.Builder<Arguments> all = Stream.builder();
        for (boolean heap : new boolean[] {false, true}) {
            for (BoardMatrix m : BoardMatrix.values()) {
                all.add(Arguments.of(m.toString(), (Supplier<Board>) () -> m.board(RANKS, LIMITS), heap));
            }
        }
        return all.build();
    }

    interface Body {
        void run(Rank r) throws Exception;
    }

    /** One rank's engine and window, with a barrier that progresses while it waits. */
    record Rank(int me, Engine engine, Window win, Object base, long offset) {
        long word(long at) {
            return Addresses.getLong(base, offset + at);
        }

        int intAt(long at) {
            return Addresses.getInt(base, offset + at);
        }
    }

    private static void run(Supplier<Board> boards, boolean heap, Body body) throws Exception {
        long[][] arrays = new long[RANKS][];
        WindowRanks.run(boards, RANKS, (me, engine) -> {
            arrays[me] = new long[BYTES / 8];
            LocalMemory local = heap ? LocalMemory.serve(engine, arrays[me], Addresses.LONG_ARRAY_BASE, BYTES, 1)
                : LocalMemory.allocate(engine, BYTES, 1);
            assertEquals(heap, local.served());
            return local;
        }, (me, engine, win, local) -> {
            BoardBlock region = local.allocated();
            body.run(heap ? new Rank(me, engine, win, arrays[me], Addresses.LONG_ARRAY_BASE)
                : new Rank(me, engine, win, region.base(), region.address()));
        });
    }

    private static long[] longs(long... v) {
        return v;
    }

    @ParameterizedTest(name = "{0}, heap {2}")
    @MethodSource("boards")
    void fencePutAndGetMoveData(String name, Supplier<Board> boards, boolean heap) throws Exception {
        run(boards, heap, r -> {
            Window w = r.win();
            w.fence("fence", false);
            int right = (r.me() + 1) % RANKS;
            w.put("put", right, 8L * r.me(), TargetBlocks.contiguous(0, 8), longs(100 + r.me()),
                Addresses.LONG_ARRAY_BASE, null);
            // two blocks, as a vector target type: words 40+r and 42+r
            w.put("put", right, 320 + 8L * r.me(), new TargetBlocks(new long[] {0, 16}, new int[] {8, 8}),
                longs(1, 2), Addresses.LONG_ARRAY_BASE, null);
            w.fence("fence", false);
            int left = (r.me() + RANKS - 1) % RANKS;
            assertEquals(100 + left, r.word(8L * left));
            assertEquals(1, r.word(320 + 8L * left));
            assertEquals(2, r.word(336 + 8L * left));
            java.nio.ByteBuffer peer = w.sharedMemory("sharedQuery", right);
            if (heap) {
                assertEquals(null, peer, "a served member's memory cannot be mapped");
            } else if (!r.engine().sharesBoardWith(right)) {
                assertEquals(null, peer, "the memory of a member on another node cannot be mapped");
            } else {
                assertEquals(BYTES, peer.capacity());
                assertEquals(100 + r.me(), peer.getLong(8 * r.me()), "the right neighbour's memory, mapped");
            }
            long[] got = new long[1];
            w.get("get", right, 8L * r.me(), TargetBlocks.contiguous(0, 8), got, Addresses.LONG_ARRAY_BASE, null);
            w.fence("fence", true);
            assertEquals(100 + r.me(), got[0]);
        });
    }

    @ParameterizedTest(name = "{0}, heap {2}")
    @MethodSource("boards")
    void passiveTargetLocksAndFetchAndAddAreExact(String name, Supplier<Board> boards, boolean heap) throws Exception {
        ElementOp longSum = new Sum(8);
        run(boards, heap, r -> {
            Window w = r.win();
            for (int i = 0; i < 200; i++) {
                w.lock("lock", false, 0, false);
                w.accumulate("accumulate", 0, 0, TargetBlocks.contiguous(0, 8), longs(1), Addresses.LONG_ARRAY_BASE,
                    longSum, false, null, 0, null);
                w.unlock("unlock", 0);
                w.lock("lock", true, 0, false);
                long[] v = new long[1];
                w.get("get", 0, 64, TargetBlocks.contiguous(0, 8), v, Addresses.LONG_ARRAY_BASE, null);
                w.flush("flush", 0);
                v[0]++;
                // exclusive: a plain increment is safe
                w.put("put", 0, 64, TargetBlocks.contiguous(0, 8), v, Addresses.LONG_ARRAY_BASE, null);
                w.unlock("unlock", 0);
                w.lockAll("lockAll", false);
                w.accumulate("accumulate", 0, 16, TargetBlocks.contiguous(0, 8), new int[] {1, 2},
                    Addresses.INT_ARRAY_BASE, new Sum(4), false, null, 0, null);
                w.unlockAll("unlockAll");
            }
            w.fence("fence", false);
            w.fence("fence", true);
            if (r.me() == 0) {
                assertEquals(200L * RANKS, r.word(0));
                assertEquals(200L * RANKS, r.word(64));
                assertEquals(200 * RANKS, r.intAt(16));
                assertEquals(400 * RANKS, r.intAt(20));
            }
        });
    }

    @ParameterizedTest(name = "{0}, heap {2}")
    @MethodSource("boards")
    void postStartCompleteWait(String name, Supplier<Board> boards, boolean heap) throws Exception {
        run(boards, heap, r -> {
            Window w = r.win();
            boolean[] others = {true, true, true};
            others[r.me()] = false;
            w.post("post", others);
            w.start("start", others);
            for (int t = 0; t < RANKS; t++) {
                if (t != r.me()) {
                    w.put("put", t, 8L * r.me(), TargetBlocks.contiguous(0, 8), longs(7 + r.me()),
                        Addresses.LONG_ARRAY_BASE, null);
                }
            }
            w.complete("complete");
            w.waitFor("wait");
            for (int s = 0; s < RANKS; s++) {
                if (s != r.me()) {
                    assertEquals(7 + s, r.word(8L * s));
                }
            }
        });
    }

    @ParameterizedTest(name = "{0}, heap {2}")
    @MethodSource("boards")
    void badAccessesRaiseAndTouchNothing(String name, Supplier<Board> boards, boolean heap) throws Exception {
        run(boards, heap, r -> {
            Window w = r.win();
            byte[] data = new byte[64];
            java.util.Arrays.fill(data, (byte) 9);
            int right = (r.me() + 1) % RANKS;
            EngineException sync = assertThrows(EngineException.class,
                () -> w.put("put", right, 0, TargetBlocks.contiguous(0, 8), data, Addresses.BYTE_ARRAY_BASE, null));
            assertEquals(ErrorClass.RMA_SYNC, sync.errorClass());
            w.lock("lock", true, right, false);
            EngineException range = assertThrows(EngineException.class,
                () -> w.put("put", right, BYTES - 32, TargetBlocks.contiguous(0, 64), data, Addresses.BYTE_ARRAY_BASE, null));
            assertEquals(ErrorClass.RMA_RANGE, range.errorClass());
            assertThrows(EngineException.class,
                () -> w.get("get", right, -1, TargetBlocks.contiguous(0, 8), data, Addresses.BYTE_ARRAY_BASE, null));
            assertThrows(EngineException.class, () -> w.lock("lock", false, right, false));
            w.unlock("unlock", right);
            assertEquals(ErrorClass.RMA_SYNC, assertThrows(EngineException.class, () -> w.unlock("unlock", right))
                .errorClass());
            w.fence("fence", true);
            for (long at = 0; at < BYTES; at += 8) {
                assertEquals(0, r.word(at));
            }
            assertFalse(w.isFreed());
        });
    }

    @ParameterizedTest(name = "{0}, heap {2}")
    @MethodSource("boards")
    void accumulatesFromOneOriginAreOrdered(String name, Supplier<Board> boards, boolean heap) throws Exception {
        run(boards, heap, r -> {
            Window w = r.win();
            TargetBlocks word = TargetBlocks.contiguous(0, 8);
            long at = 8L * (r.me() + 1); // each rank its own word of rank 0
            long[] seen = new long[1];
            w.lockAll("lockAll", false);
            for (int i = 0; i < 20; i++) {
                w.accumulate("accumulate", 0, at, word, longs(5), Addresses.LONG_ARRAY_BASE, new LongOp(LongOp.SUM),
                    false, null, 0, null);
                w.accumulate("fetchAndOp", 0, at, word, longs(0), Addresses.LONG_ARRAY_BASE, new LongOp(LongOp.NO_OP),
                    true, seen, Addresses.LONG_ARRAY_BASE, null);
                w.flush("flush", 0);
                assertEquals(5, seen[0], "a fetch after a sum sees it");
                w.accumulate("accumulate", 0, at, word, longs(100), Addresses.LONG_ARRAY_BASE,
                    new LongOp(LongOp.REPLACE), false, null, 0, null);
                w.accumulate("accumulate", 0, at, word, longs(1), Addresses.LONG_ARRAY_BASE, new LongOp(LongOp.SUM),
                    false, null, 0, null);
                w.accumulate("accumulate", 0, at, word, longs(0), Addresses.LONG_ARRAY_BASE,
                    new LongOp(LongOp.REPLACE), false, null, 0, null); // waits for the sum, then replaces
                w.accumulate("fetchAndOp", 0, at, word, longs(0), Addresses.LONG_ARRAY_BASE, new LongOp(LongOp.NO_OP),
                    true, seen, Addresses.LONG_ARRAY_BASE, null);
                w.flush("flush", 0);
                assertEquals(0, seen[0], "replace, sum, replace: the last one wins");
            }
            w.unlockAll("unlockAll");
        });
    }

    /** SUM, NO_OP or REPLACE on 8-byte integers. */
    record LongOp(int kind) implements ElementOp {
        static final int SUM = 0;
        static final int NO_OP = 1;
        static final int REPLACE = 2;

        @Override
        public int elementBytes() {
            return 8;
        }

        @Override
        public boolean onLongs() {
            return true;
        }

        @Override
        public boolean isSum() {
            return kind == SUM;
        }

        @Override
        public boolean isNoOp() {
            return kind == NO_OP;
        }

        @Override
        public void apply(Object originBase, long originOffset, Object targetBase, long targetOffset, int count) {
            for (int i = 0; i < count; i++) {
                long o = Addresses.getLong(originBase, originOffset + 8L * i);
                long t = Addresses.getLong(targetBase, targetOffset + 8L * i);
                long v = kind == SUM ? t + o : kind == REPLACE ? o : t;
                Addresses.putLong(targetBase, targetOffset + 8L * i, v);
            }
        }
    }

    /** SUM on ints or longs, as the mpi layer's reduction kernels do it. */
    record Sum(int elementBytes) implements ElementOp {
        @Override
        public boolean onLongs() {
            return elementBytes == 8;
        }

        @Override
        public boolean isSum() {
            return true;
        }

        @Override
        public boolean isNoOp() {
            return false;
        }

        @Override
        public void apply(Object originBase, long originOffset, Object targetBase, long targetOffset, int count) {
            for (int i = 0; i < count; i++) {
                long o = (long) i * elementBytes;
                if (elementBytes == 8) {
                    Addresses.putLong(targetBase, targetOffset + o,
                        Addresses.getLong(targetBase, targetOffset + o) + Addresses.getLong(originBase, originOffset + o));
                } else {
                    Addresses.putInt(targetBase, targetOffset + o,
                        Addresses.getInt(targetBase, targetOffset + o) + Addresses.getInt(originBase, originOffset + o));
                }
            }
        }
    }
}

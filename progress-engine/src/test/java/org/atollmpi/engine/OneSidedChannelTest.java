package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardMatrix;
import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The one-sided facade on every board of the {@link BoardMatrix}: Puts, Gets and atomics into
 * memory rank 0 exposed, issued by rank 1 while rank 0 makes no call at all (passive target),
 * completions counted per target, old values written at completion, refused accesses raised once
 * and touching nothing. On the late-completing and TCP boards every operation completes polls
 * later, out of order (the late one answers BUSY after 4).
 */
@Timeout(60)
class OneSidedChannelTest {
    private static final long B = Memory.BYTE_ARRAY_BASE;
    private static final int WINDOW = 4096;

    private static EngineConfig config() {
        return new EngineConfig(1024, 1024, 4096, 3, EngineConfig.IdleMode.BACKOFF);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BoardMatrix.class)
    void putGetAndAtomicsReachExposedMemory(BoardMatrix boards) {
        try (Board board = boards.board(2)) {
            Engine target = new Engine(board.open(0), config(), false);
            Engine origin = new Engine(board.open(1), config(), false);
            BoardBlock region = target.allocateBoardMemory(WINDOW);
            RemoteKey key = target.expose(region);
            OneSidedChannel channel = origin.newOneSidedChannel();

            byte[] data = new byte[1000];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (i * 7 + 1);
            }
            for (int i = 0; i < 10; i++) { // more than the late board's 4 outstanding: BUSY is met
                channel.put(0, key, 100L * i, data, B + 10L * i, 100, null);
            }
            assertTrue(channel.outstanding() >= 0);
            channel.awaitTarget(0);
            assertEquals(0, channel.outstanding(0));
            byte[] back = new byte[1000];
            Operation done = target.newComposite(0);
            channel.get(0, key, 0, back, B, 1000, done);
            origin.await(done);
            assertEquals(ErrorClass.SUCCESS, done.error());
            for (int i = 0; i < 10; i++) {
                for (int j = 0; j < 100; j++) {
                    assertEquals(data[10 * i + j], back[100 * i + j]);
                }
            }

            long[] old = new long[3];
            long word = 2048;
            channel.put(0, key, word, new long[] {40}, Memory.LONG_ARRAY_BASE, 8, null);
            channel.awaitAll();
            channel.fetchAndAdd(0, key, word, 2, old, Memory.LONG_ARRAY_BASE, null);
            channel.awaitAll();
            channel.compareAndSwap(0, key, word, 42, 7, old, Memory.LONG_ARRAY_BASE + 8, null);
            channel.awaitAll(); // operations in flight together complete in any order
            channel.compareAndSwap(0, key, word, 42, 9, old, Memory.LONG_ARRAY_BASE + 16, null);
            channel.awaitAll();
            assertArrayEquals(new long[] {40, 42, 7}, old);
            assertEquals(7, Memory.getLong(region.base(), region.address() + word));
            channel.close();
            target.freeBoardMemory(region);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BoardMatrix.class)
    void refusedAccessIsRaisedOnceAndTouchesNothing(BoardMatrix boards) {
        try (Board board = boards.board(2)) {
            Engine target = new Engine(board.open(0), config(), false);
            Engine origin = new Engine(board.open(1), config(), false);
            BoardBlock region = target.allocateBoardMemory(WINDOW);
            RemoteKey key = target.expose(region);
            OneSidedChannel channel = origin.newOneSidedChannel();

            byte[] data = new byte[64];
            java.util.Arrays.fill(data, (byte) 5);
            Operation done = origin.newComposite(0);
            channel.put(0, key, WINDOW - 32, data, B, 64, done);
            EngineException e = assertThrows(EngineException.class, () -> channel.awaitTarget(0));
            assertEquals(ErrorClass.RMA_RANGE, e.errorClass());
            assertTrue(done.isComplete());
            assertEquals(ErrorClass.RMA_RANGE, done.error());
            for (long at = 0; at < WINDOW; at += 8) {
                assertEquals(0, Memory.getLong(region.base(), region.address() + at));
            }
            channel.awaitAll(); // raised once

            target.withdraw(key);
            channel.get(0, key, 0, data, B, 8, null);
            assertEquals(ErrorClass.WIN, assertThrows(EngineException.class, channel::awaitAll).errorClass());
            assertFalse(data[0] == 0);
            channel.close();
            target.freeBoardMemory(region);
        }
    }
}

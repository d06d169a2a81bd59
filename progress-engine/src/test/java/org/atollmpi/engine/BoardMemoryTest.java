package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;

import org.atollmpi.nic.Memory;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The board-memory service as the layers above use it (through the engine's facade): blocks that
 * come back at once, windows over them a peer on the board maps, and the refusals: memory that is
 * not the board's, a descriptor table that is full. On the in-process board with 64 KiB of board
 * memory and 4 window descriptors per rank.
 */
@Timeout(30)
class BoardMemoryTest {
    private static final int HEAP = 64 * 1024;
    private static final int WINDOWS = 4;

    private LocalBoard board;
    private Engine owner;
    private Engine peer;

    @BeforeEach
    void open() {
        board = new LocalBoard(2, new LocalBoard.Limits(8, 16, 16, 64 * 1024, WINDOWS, HEAP, 64));
        EngineConfig config = new EngineConfig(1024, 1024, 4096, 3, EngineConfig.IdleMode.BACKOFF);
        owner = new Engine(board.open(0), config, false);
        peer = new Engine(board.open(1), config, false);
    }

    @AfterEach
    void close() {
        owner.close();
        peer.close();
    }

    @Test
    void aFreedBlockIsBackAtOnce() {
        BoardBlock all = owner.allocateBoardMemory(HEAP);
        assertNotNull(all);
        assertEquals(HEAP, all.length());
        assertNull(owner.allocateBoardMemory(8), "the board is full");
        owner.freeBoardMemory(all);
        // no cleaner, no collection: a loop of collectives allocates the same memory again and again
        BoardBlock again = owner.allocateBoardMemory(HEAP);
        assertNotNull(again);
        owner.freeBoardMemory(again);
    }

    @Test
    void aPeerMapsWhatIsExposedUntilItIsWithdrawn() {
        BoardBlock block = owner.allocateBoardMemory(64);
        Memory.putLong(block.base(), block.address() + 8, 0x1234_5678_9abcL);
        RemoteKey key = owner.expose(block);
        assertEquals(0, key.owner());
        ByteBuffer seen = peer.mapExposed(key, 16);
        assertNotNull(seen);
        assertEquals(0x1234_5678_9abcL, seen.getLong(8));
        owner.withdraw(key);
        assertNull(peer.mapExposed(key, 16), "a withdrawn key maps nothing");
        owner.freeBoardMemory(block);
    }

    @Test
    void memoryNotOnTheBoardIsRefused() {
        byte[] heap = new byte[64];
        EngineException e = assertThrows(EngineException.class,
            () -> owner.expose(heap, Memory.BYTE_ARRAY_BASE, heap.length));
        assertEquals(ErrorClass.BASE, e.errorClass());
    }

    @Test
    void aFullDescriptorTableIsRefusedUntilOneIsWithdrawn() {
        BoardBlock block = owner.allocateBoardMemory(64);
        RemoteKey[] keys = new RemoteKey[WINDOWS];
        for (int i = 0; i < WINDOWS; i++) {
            keys[i] = owner.expose(block);
        }
        EngineException e = assertThrows(EngineException.class, () -> owner.expose(block));
        assertEquals(ErrorClass.NO_MEM, e.errorClass());
        owner.withdraw(keys[0]);
        keys[0] = owner.expose(block);
        for (RemoteKey k : keys) {
            owner.withdraw(k);
        }
        owner.freeBoardMemory(block);
    }

    @Test
    void nothingExposedTakesNoDescriptor() {
        RemoteKey none = owner.expose(null, 0, 0);
        assertEquals(new RemoteKey(0, 0, 0), none);
        owner.withdraw(none); // nothing to withdraw, and no descriptor of another window is touched
        BoardBlock block = owner.allocateBoardMemory(64);
        for (int i = 0; i < WINDOWS; i++) {
            owner.expose(block);
        }
        owner.freeBoardMemory(block);
    }
}

package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class BoardAllocatorTest {
    private static final long START = 1L << 20;
    private static final long LENGTH = 64 * 1024;

    @Test
    void allocatesAlignedFirstFitAndCoalesces() {
        BoardAllocator a = new BoardAllocator(START, LENGTH);
        long x = a.allocate(1);
        long y = a.allocate(65);
        long z = a.allocate(64);
        assertEquals(START, x);
        assertEquals(START + 64, y, "1 byte takes a whole 64-byte block");
        assertEquals(START + 192, z, "65 bytes take two blocks");
        a.free(y);
        assertEquals(y, a.allocate(100), "first fit reuses the hole");
        a.free(y);
        a.free(x);
        assertEquals(2, a.freeBlocks(), "x and y merged; z splits them from the rest");
        a.free(z);
        assertEquals(1, a.freeBlocks(), "everything merged again");
        assertEquals(LENGTH, a.freeBytes());
        assertEquals(START, a.allocate(LENGTH), "the whole partition in one piece");
    }

    @Test
    void exhaustionReturnsNoMemoryAndFreeingRecovers() {
        BoardAllocator a = new BoardAllocator(START, LENGTH);
        long[] blocks = new long[(int) (LENGTH / 1024)];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = a.allocate(1024);
            assertTrue(blocks[i] >= 0);
        }
        assertEquals(BoardAllocator.NO_MEMORY, a.allocate(1));
        assertEquals(BoardAllocator.NO_MEMORY, a.allocate(LENGTH + 1));
        // Free every other block: 32 KiB free, but no 2 KiB hole.
        for (int i = 0; i < blocks.length; i += 2) {
            a.free(blocks[i]);
        }
        assertEquals(BoardAllocator.NO_MEMORY, a.allocate(2048));
        a.free(blocks[1]);
        assertEquals(blocks[0], a.allocate(3 * 1024), "blocks 0..2 coalesced");
    }

    @Test
    void misuseIsReported() {
        BoardAllocator a = new BoardAllocator(START, LENGTH);
        long x = a.allocate(10);
        a.free(x);
        assertThrows(IllegalStateException.class, () -> a.free(x));
        assertThrows(IllegalStateException.class, () -> a.free(START + 8));
        assertThrows(IllegalArgumentException.class, () -> a.allocate(-1));
        assertThrows(IllegalArgumentException.class, () -> new BoardAllocator(START + 8, LENGTH));
    }

    @Test
    void portAllocatesRegionsAndRecognisesItsPartition() {
        try (ShmBoard board = ShmBoard.anonymous(2, Recorder.smallConfig())) {
            ShmHostPort p0 = board.open(0);
            ShmHostPort p1 = board.open(1);
            BoardRegion r = p0.allocate(1000);
            assertNotNull(r);
            assertNull(r.base());
            assertEquals(1000, r.length());
            assertEquals(0, r.address() & 63);

            ByteBuffer bb = r.asByteBuffer();
            assertTrue(bb.isDirect());
            assertEquals(1000, bb.capacity());
            bb.putLong(0, 0x1122334455667788L);
            assertEquals(0x1122334455667788L, Memory.getLong(r.address()));

            BoardRegion view = p0.regionOf(null, r.address() + 8, 100);
            assertNotNull(view);
            assertEquals(r.address() + 8, view.address());
            assertThrows(IllegalStateException.class, view::free, "a view owns nothing");
            assertNull(p1.regionOf(null, r.address(), 8), "rank 0's memory is not rank 1's");
            assertNull(p0.regionOf(new byte[8], Memory.BYTE_ARRAY_BASE, 8), "heap arrays are not board memory");
            assertNotNull(p0.regionOf(null, r.address(), board.heapBytesPerRank()), "the whole partition");
            assertNull(p0.regionOf(null, r.address() + 8, board.heapBytesPerRank()), "runs past the partition");

            assertNull(p0.allocate(board.heapBytesPerRank()), "the partition is not that large any more");
            r.free();
            assertThrows(IllegalStateException.class, r::free);
            BoardRegion whole = p0.allocate(board.heapBytesPerRank());
            assertNotNull(whole);
            assertNull(p0.allocate(1));
        }
    }
}

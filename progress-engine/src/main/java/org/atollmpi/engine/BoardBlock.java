package org.atollmpi.engine;

import java.nio.ByteBuffer;

import org.atollmpi.nic.BoardRegion;

/**
 * A block of this rank's board memory that a layer above took from {@link BoardMemory} (a
 * collective's shared area, a window's memory and lock words): addressed the {@link Addresses} way
 * by {@link #base()} and {@link #address()}, exposed to peers with {@link Engine#expose(BoardBlock)},
 * given back with {@link Engine#freeBoardMemory}. The engine's own view of the NIC's region, so
 * that the layers above never name a NIC class; one is made per allocation, never per message.
 */
public final class BoardBlock {
    private final BoardRegion region;
    private final Object base;
    private final long address;
    private final long length;

    BoardBlock(BoardRegion region) {
        this.region = region;
        this.base = region.base();
        this.address = region.address();
        this.length = region.length();
    }

    /** {@code null} for native (mapped) memory, or the backing array of an in-process board. */
    public Object base() {
        return base;
    }

    /** Offset of the first byte, relative to {@link #base()} (an absolute address when base is null). */
    public long address() {
        return address;
    }

    public long length() {
        return length;
    }

    /**
     * A buffer over the whole block ({@code WIN_BASE} of an allocated window): direct and
     * native-order over mapped memory, a heap buffer over the backing array of an in-process board.
     */
    public ByteBuffer asByteBuffer() {
        return region.asByteBuffer();
    }

    BoardRegion region() {
        return region;
    }
}

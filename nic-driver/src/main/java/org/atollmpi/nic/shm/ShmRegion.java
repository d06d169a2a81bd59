package org.atollmpi.nic.shm;

import java.nio.ByteBuffer;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;

/**
 * Board memory carved by a {@link BoardAllocator}: either an allocation (which {@link #free()}
 * gives back) or a view that a port's {@code regionOf} made over part of it (which owns nothing,
 * so freeing it is a mistake). The shm board's heap partitions and the TCP board's heap both hand
 * these out.
 */
public final class ShmRegion implements BoardRegion {
    private final BoardAllocator allocator;
    private final long address;
    private final long length;
    private final boolean allocation;
    private boolean freed;

    private ShmRegion(BoardAllocator allocator, long address, long length, boolean allocation) {
        this.allocator = allocator;
        this.address = address;
        this.length = length;
        this.allocation = allocation;
    }

    public static ShmRegion allocation(BoardAllocator allocator, long address, long length) {
        return new ShmRegion(allocator, address, length, true);
    }

    public static ShmRegion view(BoardAllocator allocator, long address, long length) {
        return new ShmRegion(allocator, address, length, false);
    }

    @Override
    public Object base() {
        return null;
    }

    @Override
    public long address() {
        return address;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public ByteBuffer asByteBuffer() {
        if (length > Integer.MAX_VALUE) {
            throw new IllegalStateException("a ByteBuffer holds at most 2^31-1 bytes; this region has " + length);
        }
        return Memory.wrap(address, (int) length);
    }

    @Override
    public synchronized void free() {
        if (!allocation) {
            throw new IllegalStateException("this region is a view from regionOf and owns no memory; "
                + "free the region that allocate returned");
        }
        if (freed) {
            throw new IllegalStateException("board region at 0x" + Long.toHexString(address) + " freed twice");
        }
        freed = true;
        allocator.free(address);
    }

    @Override
    public String toString() {
        return (allocation ? "board allocation" : "board view") + " 0x" + Long.toHexString(address) + "+" + length;
    }
}

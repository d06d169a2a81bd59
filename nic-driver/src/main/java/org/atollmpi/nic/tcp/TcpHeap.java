package org.atollmpi.nic.tcp;

import java.nio.ByteBuffer;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.shm.BoardAllocator;

/**
 * A rank's board memory on the TCP board: one native reservation of this process (untouched
 * pages cost nothing), carved by the shm board's first-fit allocator. Windows over it are what
 * other ranks Get from and Put into; the event-loop thread reaches it by address.
 */
final class TcpHeap {
    private final long reservation;
    private final BoardAllocator allocator;
    private boolean released;

    TcpHeap(long bytes) {
        long length = Math.max(bytes, BoardAllocator.ALIGNMENT);
        reservation = Memory.allocate(length + BoardAllocator.ALIGNMENT);
        long start = (reservation + BoardAllocator.ALIGNMENT - 1) & -BoardAllocator.ALIGNMENT;
        allocator = new BoardAllocator(start, length);
    }

    BoardRegion allocate(long length) {
        long address = allocator.allocate(length);
        return address == BoardAllocator.NO_MEMORY ? null : new Region(address, length, true);
    }

    /** A view over memory of this heap, or null when {@code [address, address + length)} is not in it. */
    BoardRegion viewOf(long address, long length) {
        return allocator.contains(address, length) ? new Region(address, length, false) : null;
    }

    boolean contains(long address, long length) {
        return allocator.contains(address, length);
    }

    /**
     * Gives the reservation back. Only for a board whose ports and buffers are all gone (an
     * in-process test board); a rank's heap lives as long as the process, since buffers from
     * {@code MPI.newByteBuffer} point into it.
     */
    synchronized void release() {
        if (!released) {
            released = true;
            Memory.free(reservation);
        }
    }

    private final class Region implements BoardRegion {
        private final long address;
        private final long length;
        private final boolean allocation;
        private boolean freed;

        Region(long address, long length, boolean allocation) {
            this.address = address;
            this.length = length;
            this.allocation = allocation;
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
            return (allocation ? "tcp board allocation" : "tcp board view") + " 0x" + Long.toHexString(address) + "+"
                + length;
        }
    }
}

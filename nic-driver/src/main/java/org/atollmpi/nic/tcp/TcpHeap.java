package org.atollmpi.nic.tcp;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.shm.BoardAllocator;
import org.atollmpi.nic.shm.ShmRegion;

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
        return address == BoardAllocator.NO_MEMORY ? null : ShmRegion.allocation(allocator, address, length);
    }

    /** A view over memory of this heap, or null when {@code [address, address + length)} is not in it. */
    BoardRegion viewOf(long address, long length) {
        return allocator.contains(address, length) ? ShmRegion.view(allocator, address, length) : null;
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
}

package org.atollmpi.nic.tcp;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.WindowKey;

/**
 * The board memory and window descriptors a TCP port serves: what its rank allocates and
 * registers through the port, and what the port's event loops resolve when a peer's Put, Get or
 * atomic arrives. A rank of the TCP board has its own ({@link #own}: a native heap and a window
 * table of this port); a router's TCP port serves the memory and the window table of the same
 * rank's shm port instead, so that one window key reaches a window from either board.
 */
public interface PortMemory {
    /** Board memory for this rank, or {@code null} when there is no room left. */
    BoardRegion allocate(long length);

    /** A view of {@code [offset, offset + length)} when it lies in this rank's board memory, else {@code null}. */
    BoardRegion regionOf(Object base, long offset, long length);

    /** Window descriptors the table holds. */
    int windowCapacity();

    /**
     * Registers a window; the key names the port's rank as its owner.
     *
     * @return the key, or {@code null} when every descriptor is in use
     * @throws IllegalArgumentException if the region is not this rank's board memory, the range is
     *                                  not inside it, or the rights are unknown
     */
    WindowKey register(BoardRegion region, long offset, long length, int rights);

    /** @throws IllegalArgumentException if the key names no window registered here */
    void deregister(WindowKey key);

    /**
     * Checks an access the way the NIC's responder does, in the NACK order of the shm board (id,
     * capability, rights, offset, length, alignment), touching no memory. Called by event-loop
     * threads while the owner registers and deregisters: a reader sees a whole descriptor or none.
     *
     * @return the native address of the first byte in this process, or {@code -status}
     */
    long resolve(int windowId, long capability, long offset, long length, int right, boolean atomic);

    /**
     * Gives the memory back, for a board whose ports and buffers are all gone (an in-process test
     * board). Memory a port serves on behalf of another board stays that board's to free.
     */
    default void release() {
    }

    /** A TCP board rank's own memory: {@code heapBytes} of native heap (reserved, touched lazily) and a window table. */
    static PortMemory own(int rank, long heapBytes, int windowEntries) {
        return new OwnMemory(rank, new TcpHeap(heapBytes), new TcpWindows(windowEntries));
    }
}

package org.atollmpi.nic.tcp;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/** A TCP board rank's own board memory ({@link TcpHeap}) and window table ({@link TcpWindows}). */
final class OwnMemory implements PortMemory {
    private final int rank;
    private final TcpHeap heap;
    private final TcpWindows windows;
    private final long[] capabilityOut = new long[1];

    OwnMemory(int rank, TcpHeap heap, TcpWindows windows) {
        this.rank = rank;
        this.heap = heap;
        this.windows = windows;
    }

    @Override
    public BoardRegion allocate(long length) {
        return heap.allocate(length);
    }

    @Override
    public BoardRegion regionOf(Object base, long offset, long length) {
        return base == null ? heap.viewOf(offset, length) : null;
    }

    @Override
    public int windowCapacity() {
        return windows.capacity();
    }

    @Override
    public WindowKey register(BoardRegion region, long offset, long length, int rights) {
        if (region.base() != null || !heap.contains(region.address(), region.length())) {
            throw new IllegalArgumentException(region + " is not board memory of rank " + rank);
        }
        if (offset < 0 || length < 0 || offset > region.length() || length > region.length() - offset) {
            throw new IllegalArgumentException("window [" + offset + ", " + offset + " + " + length
                + ") is not inside " + region);
        }
        if ((rights & ~WindowRights.ALL) != 0) {
            throw new IllegalArgumentException("unknown window rights: " + rights);
        }
        int id = windows.register(region.address() + offset, length, rights, capabilityOut);
        return id < 0 ? null : new WindowKey(rank, id, capabilityOut[0]);
    }

    @Override
    public void deregister(WindowKey key) {
        if (key.owner() != rank || !windows.deregister(key.id())) {
            throw new IllegalArgumentException(key + " names no window registered at rank " + rank);
        }
    }

    @Override
    public long resolve(int windowId, long capability, long offset, long length, int right, boolean atomic) {
        return windows.resolve(windowId, capability, offset, length, right, atomic);
    }

    @Override
    public void release() {
        heap.release();
    }
}

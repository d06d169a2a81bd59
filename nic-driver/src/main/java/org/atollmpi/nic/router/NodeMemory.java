package org.atollmpi.nic.router;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.shm.ShmHostPort;
import org.atollmpi.nic.tcp.PortMemory;

/**
 * A router rank's board memory and windows: those of its shm port, which the TCP port serves to
 * peers off the node too. There is one heap partition and one descriptor table, so a window has
 * one key whichever board a peer reaches it through; only the owner in the key changes, from the
 * rank's place on the node's board to its rank in the job.
 */
final class NodeMemory implements PortMemory {
    private final ShmHostPort shm;
    private final int rank;

    NodeMemory(ShmHostPort shm, int rank) {
        this.shm = shm;
        this.rank = rank;
    }

    @Override
    public BoardRegion allocate(long length) {
        return shm.allocate(length);
    }

    @Override
    public BoardRegion regionOf(Object base, long offset, long length) {
        return shm.regionOf(base, offset, length);
    }

    @Override
    public int windowCapacity() {
        return shm.windowCapacity();
    }

    @Override
    public WindowKey register(BoardRegion region, long offset, long length, int rights) {
        WindowKey onNode = shm.register(region, offset, length, rights);
        return onNode == null ? null : new WindowKey(rank, onNode.id(), onNode.capability());
    }

    @Override
    public void deregister(WindowKey key) {
        if (key.owner() != rank) {
            throw new IllegalArgumentException(key + " names no window registered at rank " + rank);
        }
        shm.deregister(new WindowKey(shm.rank(), key.id(), key.capability()));
    }

    @Override
    public long resolve(int windowId, long capability, long offset, long length, int right, boolean atomic) {
        return shm.resolveOwnWindow(windowId, capability, offset, length, right, atomic);
    }
}

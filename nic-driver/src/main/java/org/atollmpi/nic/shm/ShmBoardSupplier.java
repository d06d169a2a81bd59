package org.atollmpi.nic.shm;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.atollmpi.nic.BoardSupplier;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.RoutingSpace;

/**
 * The node-local board for a job whose ranks all share this node: one board file, created by
 * the lowest rank and attached by the others. The board is held, never closed: buffers from
 * {@code MPI.newByteBuffer} live in it, and a program that touches one after {@code Finalize}
 * must not crash the JVM; the mapping goes with the process.
 */
public final class ShmBoardSupplier implements BoardSupplier {
    /**
     * Every board this process opened, for as long as it lives: a board mapped with
     * FileChannel.map is unmapped when its buffer is collected, and buffers the program holds may
     * point into it after the engine (and so the port) is gone.
     */
    private static final Set<ShmBoard> HELD = ConcurrentHashMap.newKeySet();

    private final ShmBoardConfig config;

    public ShmBoardSupplier(ShmBoardConfig config) {
        this.config = config;
    }

    @Override
    public HostPort openPort(RoutingSpace space) {
        int[] nodeRanks = space.nodeRanks();
        if (nodeRanks.length != space.size()) {
            throw new IllegalStateException("rank " + space.rank() + " shares its node with ranks "
                + Arrays.toString(nodeRanks) + " of " + space.size() + "; the shm board reaches only ranks on one node"
                + " (ranks on other nodes need the network board)");
        }
        ShmBoard board = space.boardPath() == null ? ShmBoard.anonymous(space.size(), config)
            : attach(space, config.withJobKey(space.jobKey()));
        HELD.add(board);
        return board.open(space.rank());
    }

    /**
     * The first rank of the node creates and initialises the board file, the others map it once
     * it exists; when all have mapped it, the file is unlinked: the memory lives on in the
     * mappings, and a job that is killed leaves nothing behind in /dev/shm.
     */
    private static ShmBoard attach(RoutingSpace space, ShmBoardConfig config) {
        boolean creator = space.rank() == space.nodeRanks()[0];
        ShmBoard b;
        if (creator) {
            b = ShmBoard.attach(space.boardPath(), space.size(), config, true);
            space.barrier();
        } else {
            space.barrier();
            b = ShmBoard.attach(space.boardPath(), space.size(), config, false);
        }
        space.barrier();
        if (creator) {
            b.unlink();
        }
        return b;
    }
}

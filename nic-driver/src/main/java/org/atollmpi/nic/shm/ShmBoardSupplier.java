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
     * This rank's port on its node's board, for a job that spans nodes (the router): a board of
     * the node's ranks only, where a rank's index is its place in {@link RoutingSpace#nodeRanks()}.
     * It meets no rank off the node, so every other rank of the job may be doing something else
     * meanwhile (a rank alone on its node opens no shm board at all): the node's first rank
     * creates the file, the others wait for it to be ready (as {@link ShmBoard#attach} does), and
     * the creator unlinks it once the header counts every node rank attached, waiting at most
     * the attach timeout for them.
     *
     * @throws IllegalStateException when a node rank does not attach in time (naming the file)
     */
    public static ShmHostPort openNodePort(RoutingSpace space, ShmBoardConfig config) {
        int[] nodeRanks = space.nodeRanks();
        int index = Arrays.binarySearch(nodeRanks, space.rank());
        if (index < 0) {
            throw new IllegalArgumentException("rank " + space.rank() + " is not among its node's ranks "
                + Arrays.toString(nodeRanks));
        }
        ShmBoard board;
        if (space.boardPath() == null) {
            board = ShmBoard.anonymous(nodeRanks.length, config);
        } else {
            ShmBoardConfig keyed = config.withJobKey(space.jobKey());
            boolean creator = index == 0;
            board = ShmBoard.attach(space.boardPath(), nodeRanks.length, keyed, creator);
            if (creator) {
                if (!board.awaitAttached(nodeRanks.length, keyed.attachTimeoutMillis())) {
                    long attached = board.attachedCount();
                    board.unlink();
                    throw new IllegalStateException("shm board " + space.boardPath() + ": only " + attached + " of the "
                        + nodeRanks.length + " ranks of this node " + Arrays.toString(nodeRanks) + " attached within "
                        + keyed.attachTimeoutMillis() + " ms (" + ShmBoardConfig.ATTACH_TIMEOUT_PROPERTY + " sets the wait)");
                }
                board.unlink();
            }
        }
        HELD.add(board);
        return board.open(index);
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

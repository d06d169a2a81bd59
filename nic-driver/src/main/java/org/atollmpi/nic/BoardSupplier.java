package org.atollmpi.nic;

/**
 * Opens a rank's port onto the boards that reach its peers. The rank's runtime asks a supplier
 * and never names a board itself: the shm board's supplier serves a job on one node, the TCP
 * board's any job, the router (of the node's shm board and the TCP board) a rank of a job on many
 * nodes, and a wrapper such as the late-completing board can stand in front of any.
 */
public interface BoardSupplier {
    /**
     * This rank's port, reaching every rank of {@code space}. May meet the other ranks in the
     * space's barrier (to create and attach shared boards), so every rank calls it.
     *
     * @throws IllegalStateException when the supplier cannot reach some rank (saying which and why)
     */
    HostPort openPort(RoutingSpace space);

    /**
     * Threads each port runs in the rank's process beside the program's (a network board's event
     * loops, which play the NIC): they need cores too, so a rank must not spin on a core it shares
     * with them. None for a board whose NIC is the calling thread (shm).
     */
    default int nicThreadsPerPort() {
        return 0;
    }
}

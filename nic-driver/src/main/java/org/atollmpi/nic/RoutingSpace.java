package org.atollmpi.nic;

import java.net.InetAddress;
import java.nio.file.Path;

/**
 * What a rank knows of its job when it opens its port: the "routing space" the launcher hands
 * every rank. Boards read from it what they need to reach the peers (the shm board: which ranks
 * share this node, its board file, the job key) and meet in its barrier while they set up.
 */
public interface RoutingSpace {
    /** This rank. */
    int rank();

    /** Ranks in the job. */
    int size();

    /** Ranks on this rank's node, ascending (this rank among them). */
    int[] nodeRanks();

    /** The board file of this node, or {@code null} when the ranks share no file (a singleton). */
    Path boardPath();

    /** A number only the job's ranks know: board headers carry it, connections prove it. */
    long jobKey();

    /** Returns once every rank of the job has called it. */
    void barrier();

    /**
     * Every rank contributes a small blob (a network board's listening address); returns all of
     * them, indexed by rank, once every rank has contributed. Every rank calls it, in the same
     * order as {@link #barrier}. One blob per rank: wire-up is O(size) data, never per pair.
     */
    byte[][] exchange(byte[] mine);

    /**
     * An address of this rank's host that the job's other hosts reach (the launcher's wiring knows
     * one: the address this rank reached its job server from), or null when it does not know; a
     * network board listens there when the job spans hosts.
     */
    default InetAddress reachableAddress() {
        return null;
    }

    /** A world of one rank, started without a launcher. */
    static RoutingSpace singleton() {
        return new RoutingSpace() {
            @Override
            public int rank() {
                return 0;
            }

            @Override
            public int size() {
                return 1;
            }

            @Override
            public int[] nodeRanks() {
                return new int[] {0};
            }

            @Override
            public Path boardPath() {
                return null;
            }

            @Override
            public long jobKey() {
                return 0;
            }

            @Override
            public void barrier() {
            }

            @Override
            public byte[][] exchange(byte[] mine) {
                return new byte[][] {mine.clone()};
            }
        };
    }
}

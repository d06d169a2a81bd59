package org.atollmpi.runtime;

import java.nio.file.Path;
import java.util.Arrays;

import org.atollmpi.nic.RoutingSpace;

/**
 * A test aid ({@code atoll.test.nodes} / {@code ATOLL_TEST_NODES}): the ranks of each real node
 * pretend to be on {@code nodes} nodes, dealt round robin over the node's ranks (as
 * {@code --map-by node} would place them), each pretend node with a board file of its own. A job
 * on one machine then runs as a job that spans nodes (the router between a node's shm board and
 * the TCP board), so every program runs unchanged on a mixed job without a second machine.
 * Everything but which ranks share a node, and that node's board file, is the real space's.
 */
final class PretendNodes implements RoutingSpace {
    private final RoutingSpace real;
    private final int[] nodeRanks;
    private final Path boardPath;

    private PretendNodes(RoutingSpace real, int[] nodeRanks, Path boardPath) {
        this.real = real;
        this.nodeRanks = nodeRanks;
        this.boardPath = boardPath;
    }

    /** {@code real} split into {@code nodes} pretend nodes per real node; {@code real} itself for 1 or fewer. */
    static RoutingSpace split(RoutingSpace real, int nodes) {
        int[] ranks = real.nodeRanks();
        int parts = Math.min(nodes, ranks.length);
        if (parts <= 1) {
            return real;
        }
        int place = Arrays.binarySearch(ranks, real.rank());
        int part = place % parts;
        int[] mine = new int[(ranks.length - part + parts - 1) / parts];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = ranks[part + i * parts];
        }
        Path file = real.boardPath() == null ? null
            : real.boardPath().resolveSibling(real.boardPath().getFileName() + ".n" + part);
        return new PretendNodes(real, mine, file);
    }

    @Override
    public int rank() {
        return real.rank();
    }

    @Override
    public int size() {
        return real.size();
    }

    @Override
    public int[] nodeRanks() {
        return nodeRanks.clone();
    }

    @Override
    public Path boardPath() {
        return boardPath;
    }

    @Override
    public long jobKey() {
        return real.jobKey();
    }

    @Override
    public void barrier() {
        real.barrier();
    }

    @Override
    public byte[][] exchange(byte[] mine) {
        return real.exchange(mine);
    }

    @Override
    public String toString() {
        return "rank " + rank() + " pretending to share a node with " + Arrays.toString(nodeRanks) + " (board "
            + boardPath + ")";
    }
}

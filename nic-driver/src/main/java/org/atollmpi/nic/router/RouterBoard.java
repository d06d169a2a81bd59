package org.atollmpi.nic.router;

import java.util.Arrays;
import java.util.stream.IntStream;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.atollmpi.nic.shm.ShmHostPort;
import org.atollmpi.nic.tcp.TcpBoard;
import org.atollmpi.nic.tcp.TcpBoardConfig;

/**
 * Every port of a job spread over several "nodes", in one process: one anonymous shm board per
 * node and one TCP board on loopback serving their memory, each rank a {@link RouterPort}. Ranks
 * are threads; for the engine's contract suite and the router's own tests. A rank of a real job
 * gets its port from {@link RouterBoardSupplier}.
 */
public final class RouterBoard implements Board {
    private final ShmBoard[] nodeBoards;
    private final TcpBoard network;
    private final RouterPort[] ports;

    /**
     * @param nodeOf the node of each rank (0 .. nodes - 1, every node holding at least one rank);
     *               a node's ranks are its board's ranks in ascending order
     */
    public RouterBoard(int[] nodeOf, ShmBoardConfig shm, TcpBoardConfig tcp) {
        int ranks = nodeOf.length;
        int nodes = Arrays.stream(nodeOf).max().orElse(-1) + 1;
        int[][] nodeRanks = new int[nodes][];
        for (int n = 0; n < nodes; n++) {
            int node = n;
            nodeRanks[n] = IntStream.range(0, ranks).filter(r -> nodeOf[r] == node).toArray();
            if (nodeRanks[n].length == 0) {
                throw new IllegalArgumentException("node " + n + " holds no rank: " + Arrays.toString(nodeOf));
            }
        }
        nodeBoards = new ShmBoard[nodes];
        for (int n = 0; n < nodes; n++) {
            nodeBoards[n] = ShmBoard.anonymous(nodeRanks[n].length, shm);
        }
        ShmHostPort[] nodePorts = new ShmHostPort[ranks];
        NodeMemory[] memories = new NodeMemory[ranks];
        for (int r = 0; r < ranks; r++) {
            nodePorts[r] = nodeBoards[nodeOf[r]].open(Arrays.binarySearch(nodeRanks[nodeOf[r]], r));
            memories[r] = new NodeMemory(nodePorts[r], r);
        }
        network = new TcpBoard(ranks, tcp, r -> memories[r]);
        ports = new RouterPort[ranks];
        for (int r = 0; r < ranks; r++) {
            ports[r] = new RouterPort(r, ranks, nodeRanks[nodeOf[r]], nodePorts[r], network.open(r), memories[r]);
        }
    }

    /** {@code ranks} ranks on {@code nodes} nodes, dealt round robin (rank r on node r mod nodes). */
    public static RouterBoard roundRobin(int ranks, int nodes, ShmBoardConfig shm, TcpBoardConfig tcp) {
        int[] nodeOf = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            nodeOf[r] = r % nodes;
        }
        return new RouterBoard(nodeOf, shm, tcp);
    }

    @Override
    public HostPort open(int rank) {
        return ports[rank];
    }

    /** Closes the TCP board (ports, event loops), then the node boards. */
    @Override
    public void close() {
        try {
            network.close();
        } finally {
            for (ShmBoard b : nodeBoards) {
                b.close();
            }
        }
    }
}

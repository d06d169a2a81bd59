package org.atollmpi.nic.router;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Function;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.shm.ShmHostPort;
import org.atollmpi.nic.tcp.PortMemory;

/**
 * A rank's port in a job that spans nodes: the ranks of its node through the node's shm board,
 * every other rank through the TCP board. Each call goes to one board, chosen by its target rank,
 * so every (source, target) pair uses one board and keeps that board's ordering per channel.
 *
 * <p>The shm board knows a rank by its place on the node ({@code nodeRanks[i]} is index
 * {@code i}); this port speaks job ranks only, translating targets on the way in and sources on
 * the way out. Memory and windows are the shm port's, served by the TCP port to peers off the
 * node ({@link NodeMemory}), so {@link #allocate} returns node board memory that both kinds of
 * peer reach and {@link #register} returns one key that both use. One-sided operations complete
 * through {@link #poll} whichever board ran them; their tokens pass through untouched.
 *
 * <p>{@link #poll} drains both boards, starting with the other one each call, so a board that
 * always has something cannot starve the other when the limit is small. Deposits from several
 * threads to different targets reach different channels of the two boards, each of which allows
 * that on its own.
 */
public final class RouterPort implements HostPort {
    private static final int OFF_NODE = -1;

    private final int rank;
    private final int size;
    private final int[] nodeRanks;
    /** For each job rank, its index on this node's shm board, or {@link #OFF_NODE}. */
    private final int[] nodeIndex;
    private final ShmHostPort node;
    private final HostPort network;
    private final NodeMemory memory;
    private final FromNode fromNode = new FromNode();
    private boolean nodeFirst;

    /**
     * Routes between {@code node} and the port {@code network} opens serving {@code node}'s memory
     * and windows (the TCP board's {@code openPort(space, memory)}).
     *
     * @param nodeRanks the job ranks on this node, ascending, {@code rank} among them: the ranks of
     *                  {@code node}'s board, in its order
     * @param node      this rank's port on the node's board
     * @param network   opens this rank's port on the TCP board, serving the memory it is given
     */
    public static RouterPort open(int rank, int size, int[] nodeRanks, ShmHostPort node,
                                  Function<PortMemory, HostPort> network) {
        NodeMemory memory = new NodeMemory(node, rank);
        return new RouterPort(rank, size, nodeRanks, node, network.apply(memory), memory);
    }

    RouterPort(int rank, int size, int[] nodeRanks, ShmHostPort node, HostPort network, NodeMemory memory) {
        int index = Arrays.binarySearch(nodeRanks, rank);
        if (index < 0 || node.rank() != index || node.size() != nodeRanks.length) {
            throw new IllegalArgumentException("rank " + rank + " is not rank " + node.rank() + " of the node board of "
                + node.size() + " ranks " + Arrays.toString(nodeRanks));
        }
        if (network.rank() != rank || network.size() != size) {
            throw new IllegalArgumentException("the network port is rank " + network.rank() + " of " + network.size()
                + ", not " + rank + " of " + size);
        }
        this.rank = rank;
        this.size = size;
        this.nodeRanks = nodeRanks.clone();
        this.nodeIndex = new int[size];
        Arrays.fill(nodeIndex, OFF_NODE);
        for (int i = 0; i < nodeRanks.length; i++) {
            if (nodeRanks[i] < 0 || nodeRanks[i] >= size || i > 0 && nodeRanks[i] <= nodeRanks[i - 1]) {
                throw new IllegalArgumentException("node ranks " + Arrays.toString(nodeRanks)
                    + " are not ascending ranks below " + size);
            }
            nodeIndex[nodeRanks[i]] = i;
        }
        this.node = node;
        this.network = network;
        this.memory = memory;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    /** The node's memory and windows, which the TCP port serves (and a bridge to another job too). */
    NodeMemory memory() {
        return memory;
    }

    /** The ranks this port reaches through the node's board, ascending. */
    public int[] nodeRanks() {
        return nodeRanks.clone();
    }

    @Override
    public int fastSendCapacity() {
        return Math.min(node.fastSendCapacity(), network.fastSendCapacity());
    }

    @Override
    public int maxSendLength() {
        return Math.min(node.maxSendLength(), network.maxSendLength());
    }

    /** The target's index on the node's board, or {@link #OFF_NODE}; a rank outside the job is misuse. */
    private int depositIndex(int target) {
        if (target < 0 || target >= size) {
            throw new IllegalArgumentException("target rank " + target + " is not in 0.." + (size - 1));
        }
        return nodeIndex[target];
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        int i = depositIndex(target);
        return i != OFF_NODE ? node.fastSend(i, header0, header1, srcBase, srcOffset, length)
            : network.fastSend(target, header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        int i = depositIndex(target);
        return i != OFF_NODE ? node.send(i, header0, header1, srcBase, srcOffset, length)
            : network.send(target, header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        int i = depositIndex(target);
        return i != OFF_NODE ? node.notify(i, type, arg0, arg1, arg2) : network.notify(target, type, arg0, arg1, arg2);
    }

    @Override
    public int poll(ArrivalHandler handler, int limit) {
        fromNode.handler = handler;
        nodeFirst = !nodeFirst;
        int delivered;
        if (nodeFirst) {
            delivered = node.poll(fromNode, limit);
            if (delivered < limit) {
                delivered += network.poll(handler, limit - delivered);
            }
        } else {
            delivered = network.poll(handler, limit);
            if (delivered < limit) {
                delivered += node.poll(fromNode, limit - delivered);
            }
        }
        return delivered;
    }

    @Override
    public BoardRegion allocate(long length) {
        return node.allocate(length);
    }

    @Override
    public int windowCapacity() {
        return node.windowCapacity();
    }

    /** Registered once, on the node's board; the TCP port serves the same descriptor (see {@link NodeMemory}). */
    @Override
    public WindowKey register(BoardRegion region, long offset, long length, int rights) {
        return memory.register(region, offset, length, rights);
    }

    @Override
    public void deregister(WindowKey key) {
        memory.deregister(key);
    }

    /** The ranks of this node map the same board memory. */
    @Override
    public boolean sharesMemoryWith(int rank) {
        return rank >= 0 && rank < size && nodeIndex[rank] != OFF_NODE;
    }

    /** A rank on this node reads this process's memory as the node's board lets it; one off the node does not. */
    @Override
    public boolean exposesProcessMemoryTo(int reader) {
        return sharesMemoryWith(reader) && node.exposesProcessMemoryTo(nodeIndex[reader]);
    }

    /** A window of the node's port (its key's owner this rank's place in the job, as for board windows). */
    @Override
    public WindowKey exposeProcessMemory(int reader, long address, long length) {
        if (!exposesProcessMemoryTo(reader)) {
            return null;
        }
        WindowKey onNode = node.exposeProcessMemory(nodeIndex[reader], address, length);
        return onNode == null ? null : new WindowKey(rank, onNode.id(), onNode.capability());
    }

    @Override
    public String processMemoryAccess() {
        return node.processMemoryAccess() + " (ranks on this node)";
    }

    /** A window of a rank on this node is memory of this process; one off the node is not. */
    @Override
    public ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
        if (target < 0 || target >= size || nodeIndex[target] == OFF_NODE) {
            return null;
        }
        return node.mapWindow(nodeIndex[target], windowId, capability, length);
    }

    @Override
    public BoardRegion regionOf(Object base, long offset, long length) {
        return node.regionOf(base, offset, length);
    }

    /** A rank outside the job goes to the network port, which completes the operation with TPEER. */
    private HostPort oneSided(int target) {
        return target >= 0 && target < size && nodeIndex[target] != OFF_NODE ? node : network;
    }

    private int onBoard(HostPort port, int target) {
        return port == node ? nodeIndex[target] : target;
    }

    @Override
    public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
                   long token) {
        HostPort port = oneSided(target);
        return port.get(onBoard(port, target), windowId, capability, offset, dstBase, dstOffset, length, token);
    }

    @Override
    public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
                   long token) {
        HostPort port = oneSided(target);
        return port.put(onBoard(port, target), windowId, capability, offset, srcBase, srcOffset, length, token);
    }

    @Override
    public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
        HostPort port = oneSided(target);
        return port.fetchAndAdd(onBoard(port, target), windowId, capability, offset, delta, token);
    }

    @Override
    public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                              long token) {
        HostPort port = oneSided(target);
        return port.compareAndSwap(onBoard(port, target), windowId, capability, offset, expected, value, token);
    }

    /** Only the node's shm port completes an atomic inside the call (DONE); the TCP port posts completions. */
    @Override
    public long fetchedValue() {
        return node.fetchedValue();
    }

    @Override
    public void close() {
        try {
            network.close();
        } finally {
            node.close();
        }
    }

    @Override
    public String toString() {
        return "router rank " + rank + " of " + size + " (node " + Arrays.toString(nodeRanks) + " on " + node
            + ", the rest on " + network + ")";
    }

    /** Hands the node board's arrivals on with the source as a job rank. */
    private final class FromNode implements ArrivalHandler {
        ArrivalHandler handler;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            handler.onMessage(nodeRanks[source], header0, header1, base, offset, length);
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            handler.onNotification(nodeRanks[source], type, arg0, arg1, arg2);
        }

        @Override
        public void onBoardFault(int peer, String field) {
            handler.onBoardFault(peer < 0 ? peer : nodeRanks[peer], field);
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            handler.onCompletion(token, status, value);
        }
    }
}

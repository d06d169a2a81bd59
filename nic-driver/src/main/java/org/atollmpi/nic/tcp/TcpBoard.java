package org.atollmpi.nic.tcp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.function.IntFunction;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.KernelRandom;

/**
 * Every port of a TCP board in one process, on loopback: ranks as threads of one JVM whose every
 * deposit still crosses a socket, authenticated. For the engine's contract suite and the board's
 * own tests; a rank of a real job gets its one port from {@link TcpBoardSupplier}.
 */
public final class TcpBoard implements Board {
    private final TcpTransport transport;
    private final TcpHostPort[] ports;
    private final PortMemory[] memories;

    public TcpBoard(int ranks, TcpBoardConfig config) {
        this(ranks, config, r -> PortMemory.own(r, config.heapBytesPerRank(), config.windowEntries()));
    }

    /**
     * Ports serving the memory {@code memory} gives each rank (an in-process router board passes
     * the memory and windows of each rank's shm port).
     */
    public TcpBoard(int ranks, TcpBoardConfig config, IntFunction<PortMemory> memory) {
        this(ranks, config, KernelRandom.nextLong(), ConnectionLog.STDERR, memory);
    }

    TcpBoard(int ranks, TcpBoardConfig config, long secret, ConnectionLog log) {
        this(ranks, config, secret, log, r -> PortMemory.own(r, config.heapBytesPerRank(), config.windowEntries()));
    }

    private TcpBoard(int ranks, TcpBoardConfig config, long secret, ConnectionLog log, IntFunction<PortMemory> memory) {
        transport = TcpTransport.start(config.ioThreads());
        ports = new TcpHostPort[ranks];
        memories = new PortMemory[ranks];
        InetSocketAddress[] addresses = new InetSocketAddress[ranks];
        for (int r = 0; r < ranks; r++) {
            memories[r] = memory.apply(r);
            ports[r] = new TcpHostPort(r, ranks, secret, config, transport, memories[r], log);
            addresses[r] = ports[r].listen(InetAddress.getLoopbackAddress());
        }
        for (TcpHostPort port : ports) {
            port.peers(addresses);
        }
    }

    @Override
    public HostPort open(int rank) {
        return ports[rank];
    }

    /** The address {@code rank} listens on. */
    InetSocketAddress address(int rank) {
        return ports[rank].listenAddress();
    }

    /** Closes every port and the event loops, then gives the memory back (its own; a router's is the shm board's). */
    @Override
    public void close() {
        for (TcpHostPort port : ports) {
            port.close();
        }
        transport.close();
        for (PortMemory memory : memories) {
            memory.release();
        }
    }
}

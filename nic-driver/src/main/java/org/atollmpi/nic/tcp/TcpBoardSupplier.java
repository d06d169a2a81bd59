package org.atollmpi.nic.tcp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.List;

import org.atollmpi.nic.BoardSupplier;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.RoutingSpace;

/**
 * Opens a rank's port on the TCP board: it listens, announces its address in the routing space's
 * exchange (one small blob per rank: O(size) data in all, every rank learning every address), and
 * connects to a peer only when it first deposits to it. The connections prove the job's key (the
 * launcher's secret) both ways before anything is delivered.
 *
 * <p>Where it listens: {@code atoll.tcp.host} / {@code ATOLL_TCP_HOST} when set (an address, a host
 * name, an interface name or a CIDR block: {@link HostAddresses#matching}); else loopback when
 * every rank shares this node; else the address the routing space says the other hosts reach
 * (the one this rank reached mpirun's job server from), else the first address of an interface
 * that is up. Never {@code InetAddress.getLocalHost()}, which is 127.0.1.1 on Debian. A router that
 * puts a node's ranks on the shm board and the others on this one ({@code org.atollmpi.nic.router})
 * opens its TCP port with {@link #openPort(RoutingSpace, PortMemory)}, serving the shm board's memory
 * and windows ({@link #listenAddress} chooses where it listens the same way).
 *
 * <p>The port and its memory are held, never closed, for the process's life, as on the shm board:
 * buffers from {@code MPI.newByteBuffer} live in it.
 */
public final class TcpBoardSupplier implements BoardSupplier {
    private final TcpBoardConfig config;

    public TcpBoardSupplier(TcpBoardConfig config) {
        this.config = config;
    }

    @Override
    public HostPort openPort(RoutingSpace space) {
        return openPort(space, PortMemory.own(space.rank(), config.heapBytesPerRank(), config.windowEntries()));
    }

    /**
     * This rank's port serving {@code memory} (its board memory and window table) instead of a
     * heap and a table of its own: a router's TCP port serves the rank's shm memory and windows.
     * Meets the other ranks in one exchange, as {@link #openPort(RoutingSpace)}.
     */
    public HostPort openPort(RoutingSpace space, PortMemory memory) {
        TcpTransport transport = TcpTransport.start(config.ioThreads());
        TcpHostPort port = new TcpHostPort(space.rank(), space.size(), space.jobKey(), config, transport, memory,
            ConnectionLog.STDERR);
        InetSocketAddress mine = port.listen(listenHost(space));
        byte[][] blobs = space.exchange(encode(mine));
        InetSocketAddress[] addresses = new InetSocketAddress[space.size()];
        for (int r = 0; r < addresses.length; r++) {
            addresses[r] = decode(blobs[r], r);
        }
        port.peers(addresses);
        return port;
    }

    /** The event loops that play this rank's NIC. */
    @Override
    public int nicThreadsPerPort() {
        return config.ioThreads();
    }

    private InetAddress listenHost(RoutingSpace space) {
        return listenAddress(space, config.host());
    }

    /**
     * Where a rank of {@code space} listens and what it announces: see the class comment.
     *
     * @param hostSetting {@code atoll.tcp.host}, or null
     */
    public static InetAddress listenAddress(RoutingSpace space, String hostSetting) {
        if (hostSetting != null && !hostSetting.isBlank()) {
            try {
                return HostAddresses.matching(hostSetting, "atoll.tcp.host").get(0);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("rank " + space.rank() + ": the TCP board cannot listen: " + e.getMessage(), e);
            }
        }
        if (space.nodeRanks().length == space.size()) {
            return InetAddress.getLoopbackAddress();
        }
        InetAddress known = space.reachableAddress();
        if (known != null && !known.isLoopbackAddress() && !known.isAnyLocalAddress()) {
            return known;
        }
        List<InetAddress> mine = HostAddresses.reachable();
        if (mine.isEmpty()) {
            throw new IllegalStateException("rank " + space.rank() + ": the job spans hosts but this host has no address"
                + " another host can reach (" + HostAddresses.describe() + "); set atoll.tcp.host / ATOLL_TCP_HOST");
        }
        return mine.get(0);
    }

    /** address length (1 byte), the address, the port (2 bytes). */
    static byte[] encode(InetSocketAddress address) {
        byte[] ip = address.getAddress().getAddress();
        return ByteBuffer.allocate(1 + ip.length + 2).put((byte) ip.length).put(ip).putShort((short) address.getPort())
            .array();
    }

    static InetSocketAddress decode(byte[] blob, int rank) {
        if (blob.length < 1 || (blob[0] != 4 && blob[0] != 16) || blob.length != 1 + blob[0] + 2) {
            throw new IllegalStateException("rank " + rank + " announced no TCP board address (" + blob.length
                + " bytes): do all ranks use the TCP board?");
        }
        ByteBuffer b = ByteBuffer.wrap(blob);
        byte[] ip = new byte[b.get()];
        b.get(ip);
        try {
            return new InetSocketAddress(InetAddress.getByAddress(ip), b.getShort() & 0xFFFF);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("rank " + rank + " announced a bad address", e);
        }
    }
}

package org.atollmpi.runtime;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.RoutingSpace;
import org.atollmpi.nic.router.UniversePort;
import org.atollmpi.nic.tcp.HostAddresses;
import org.atollmpi.nic.tcp.PortMemory;
import org.atollmpi.nic.tcp.TcpBoardConfig;
import org.atollmpi.nic.tcp.TcpBoardSupplier;

/**
 * This rank's way to processes of other jobs (MPI's dynamic processes: connect/accept across
 * mpirun runs, spawn). Two groups that connect form a <em>union</em>, ranked the accepting group
 * first, then the connecting one; each member opens a TCP board port of the union (serving its own
 * board memory and windows, so rendezvous works as within a job), and the ranks of the other group
 * become slots of this rank's {@link UniversePort}, numbers the engine sends to as to any rank.
 *
 * <p>The union's wire-up is the TCP board's own: one exchange of listening addresses, which the
 * caller runs over what it has (the groups' communicators and the roots' connection), and its
 * connections prove the union's key, which only the two groups know.
 *
 * <p>Where a bridge listens: {@code ATOLL_TCP_HOST} when set; else the address this rank reached
 * mpirun from when that is not loopback; else an address of an interface that is up; else
 * loopback (two jobs on this host only).
 */
public final class Bridges {
    /** How many processes of other jobs a rank may reach, unless {@code ATOLL_DYNAMIC_PEERS} says. */
    public static final int DEFAULT_SLOTS = 64;
    public static final String SLOTS_ENV = "ATOLL_DYNAMIC_PEERS";

    private final UniversePort universe;
    private final TcpBoardConfig config;
    private final InetAddress reachable;

    Bridges(UniversePort universe, TcpBoardConfig config, InetAddress reachable) {
        this.universe = universe;
        this.config = config;
        this.reachable = reachable;
    }

    /** The slots a rank has room for: {@code ATOLL_DYNAMIC_PEERS}, else {@link #DEFAULT_SLOTS}. */
    static int slots() {
        String v = System.getProperty("atoll.dynamicPeers", System.getenv(SLOTS_ENV));
        if (v == null || v.isBlank()) {
            return DEFAULT_SLOTS;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(SLOTS_ENV + "=" + v + " is not a count of processes (0 or more)");
    }

    /** Ranks of this rank's job: engine targets below it are the job's, from it up other jobs' processes. */
    public int jobSize() {
        return universe.jobSize();
    }

    /** The address a bridge listens on and announces (see the class comment). */
    public InetAddress listenAddress() {
        if (config.host() != null && !config.host().isBlank()) {
            return HostAddresses.matching(config.host(), "atoll.tcp.host").get(0);
        }
        if (reachable != null && !reachable.isLoopbackAddress() && !reachable.isAnyLocalAddress()) {
            return reachable;
        }
        List<InetAddress> up = HostAddresses.reachable();
        return up.isEmpty() ? InetAddress.getLoopbackAddress() : up.get(0);
    }

    /**
     * Why this rank cannot reach other jobs, or null when it can: its board must serve its memory
     * to a bridge, and it must have slots left for {@code processes} more.
     */
    public String refusal(int processes) {
        if (universe.memory() == null) {
            return "the board of this rank (" + universe.jobPort() + ") cannot be bridged to other jobs"
                + " (the shm, TCP and router boards can)";
        }
        int free = universe.freeSlots();
        if (processes > free) {
            return "this rank can reach " + free + " more processes of other jobs, not " + processes + " (set "
                + SLOTS_ENV + " for more)";
        }
        return null;
    }

    /**
     * Opens this rank's port of a union and returns the slot of the union's rank {@code first}
     * (the other group is {@code first..first+count-1}, in slots from the returned one up).
     *
     * @param unionRank this rank in the union
     * @param unionSize both groups
     * @param key       the union's key (its connections prove it)
     * @param exchange  every member's blob (this one's given), in union order: collective over the union
     * @throws IllegalStateException when this rank cannot bridge (no slots left, a board that
     *                               cannot serve its memory), saying why
     */
    public int open(int unionRank, int unionSize, long key, int first, int count, Function<byte[], byte[][]> exchange) {
        String refused = refusal(count);
        if (refused != null) {
            throw new IllegalStateException(refused);
        }
        InetAddress address = listenAddress();
        RoutingSpace union = new RoutingSpace() {
            @Override
            public int rank() {
                return unionRank;
            }

            @Override
            public int size() {
                return unionSize;
            }

            @Override
            public int[] nodeRanks() {
                return new int[] {unionRank}; // never "all on one node": listen where the other job reaches
            }

            @Override
            public Path boardPath() {
                return null;
            }

            @Override
            public long jobKey() {
                return key;
            }

            @Override
            public void barrier() {
                exchange(new byte[0]);
            }

            @Override
            public byte[][] exchange(byte[] mine) {
                return exchange.apply(mine);
            }

            @Override
            public InetAddress reachableAddress() {
                return address;
            }
        };
        PortMemory memory = universe.memory();
        HostPort bridge = new TcpBoardSupplier(config.withHost(address.getHostAddress())).openPort(union, memory);
        try {
            return universe.attach(bridge, first, count);
        } catch (RuntimeException e) {
            bridge.close(); // its listener and event loop would outlive the refusal
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}

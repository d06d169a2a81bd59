package org.atollmpi.nic.tcp;

import java.util.Map;
import java.util.Properties;

import org.atollmpi.nic.SettingNames;
import org.atollmpi.nic.shm.ShmBoardConfig;

/**
 * Sizes and policies of the TCP board. Every setting has a system property and an environment
 * variable (the property's last part in upper snake case after {@code ATOLL_TCP_}:
 * {@code atoll.tcp.ringBytes} is {@code ATOLL_TCP_RING_BYTES}), the property winning; byte sizes
 * take the suffixes {@code k}, {@code m}, {@code g}. Every rank of a job must use the same values
 * ({@code mpirun} gives all ranks one environment): a rank refuses frames larger than its own
 * limits.
 *
 * <table>
 * <caption>settings</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@code atoll.tcp.slots}</td><td>32</td><td>fast sends in flight from one rank to another (credits)</td></tr>
 * <tr><td>{@code atoll.tcp.ringBytes}</td><td>1m</td><td>bytes of SEND records in flight from one rank to another (credits); the largest record is an eighth of it less 32</td></tr>
 * <tr><td>{@code atoll.tcp.notifications}</td><td>1024</td><td>notifications in flight from one rank to another (credits)</td></tr>
 * <tr><td>{@code atoll.tcp.windows}</td><td>1024</td><td>window descriptors per port</td></tr>
 * <tr><td>{@code atoll.tcp.heapBytes}</td><td>256m</td><td>board memory per rank (native, reserved lazily)</td></tr>
 * <tr><td>{@code atoll.tcp.partBytes}</td><td>1m</td><td>largest piece of a Put or Get in one frame</td></tr>
 * <tr><td>{@code atoll.tcp.outstanding}</td><td>1024</td><td>one-sided operations in flight per port (then BUSY)</td></tr>
 * <tr><td>{@code atoll.tcp.ioThreads}</td><td>1</td><td>event-loop threads per process (they play the NIC)</td></tr>
 * <tr><td>{@code atoll.tcp.host}</td><td>loopback on one node, else where mpirun was reached from</td><td>the address this rank listens on and announces: an address, host name, interface name or CIDR block ({@link HostAddresses#matching})</td></tr>
 * <tr><td>{@code atoll.tcp.handshakeMs}</td><td>60000</td><td>how long a connection may take to authenticate (as long as mpirun's
 * {@code --init-timeout}: 64 ranks oversubscribed on 2 cores took over 10 s for their first
 * connections, each JVM still compiling Netty's paths)</td></tr>
 * </table>
 */
public record TcpBoardConfig(int slotsPerPeer, int ringBytesPerPeer, int notificationsPerPeer, int windowEntries,
                             long heapBytesPerRank, int partBytes, int outstanding, int ioThreads, String host,
                             long handshakeMillis) {
    private static final String PREFIX = "atoll.tcp.";

    public TcpBoardConfig {
        positive("slots", slotsPerPeer);
        positive("notifications", notificationsPerPeer);
        positive("windows", windowEntries);
        positive("outstanding", outstanding);
        positive("ioThreads", ioThreads);
        if (ringBytesPerPeer < 8 * (TcpFrame.RECORD_OVERHEAD + 1)) {
            throw new IllegalArgumentException(PREFIX + "ringBytes must be at least " + 8 * (TcpFrame.RECORD_OVERHEAD + 1)
                + ": " + ringBytesPerPeer);
        }
        if (partBytes < 1024 || partBytes > 64 << 20) {
            throw new IllegalArgumentException(PREFIX + "partBytes must be 1k..64m: " + partBytes);
        }
        if (heapBytesPerRank < 0 || handshakeMillis < 1 || outstanding > 1 << 16) {
            throw new IllegalArgumentException("tcp board: heap bytes " + heapBytesPerRank + ", handshake "
                + handshakeMillis + " ms, outstanding " + outstanding + " (at most 65536)");
        }
    }

    public static TcpBoardConfig defaults() {
        return new TcpBoardConfig(32, 1 << 20, 1024, 1024, 256L << 20, 1 << 20, 1024, 1, null, 60_000);
    }

    public static TcpBoardConfig fromSettings() {
        return from(System.getenv(), System.getProperties());
    }

    static TcpBoardConfig from(Map<String, String> env, Properties properties) {
        TcpBoardConfig d = defaults();
        return new TcpBoardConfig(
            (int) size(env, properties, "slots", d.slotsPerPeer),
            (int) size(env, properties, "ringBytes", d.ringBytesPerPeer),
            (int) size(env, properties, "notifications", d.notificationsPerPeer),
            (int) size(env, properties, "windows", d.windowEntries),
            size(env, properties, "heapBytes", d.heapBytesPerRank),
            (int) size(env, properties, "partBytes", d.partBytes),
            (int) size(env, properties, "outstanding", d.outstanding),
            (int) size(env, properties, "ioThreads", d.ioThreads),
            setting(env, properties, "host"),
            size(env, properties, "handshakeMs", d.handshakeMillis));
    }

    /** The largest SEND payload: an eighth of the ring credit less the record overhead, as on the shm board. */
    public int maxSendLength() {
        return ringBytesPerPeer / 8 - TcpFrame.RECORD_OVERHEAD;
    }

    public TcpBoardConfig withQueues(int slots, int ringBytes, int notifications) {
        return new TcpBoardConfig(slots, ringBytes, notifications, windowEntries, heapBytesPerRank, partBytes,
            outstanding, ioThreads, host, handshakeMillis);
    }

    public TcpBoardConfig withWindows(int windows, long heapBytes) {
        return new TcpBoardConfig(slotsPerPeer, ringBytesPerPeer, notificationsPerPeer, windows, heapBytes, partBytes,
            outstanding, ioThreads, host, handshakeMillis);
    }

    public TcpBoardConfig withPartBytes(int bytes) {
        return new TcpBoardConfig(slotsPerPeer, ringBytesPerPeer, notificationsPerPeer, windowEntries, heapBytesPerRank,
            bytes, outstanding, ioThreads, host, handshakeMillis);
    }

    /** Listening on {@code host} (an address or a name; null: the default rule) instead of this config's host. */
    public TcpBoardConfig withHost(String host) {
        return new TcpBoardConfig(slotsPerPeer, ringBytesPerPeer, notificationsPerPeer, windowEntries, heapBytesPerRank,
            partBytes, outstanding, ioThreads, host, handshakeMillis);
    }

    public TcpBoardConfig withHandshakeMillis(long millis) {
        return new TcpBoardConfig(slotsPerPeer, ringBytesPerPeer, notificationsPerPeer, windowEntries, heapBytesPerRank,
            partBytes, outstanding, ioThreads, host, millis);
    }

    static String environmentName(String name) {
        return SettingNames.environmentName("ATOLL_TCP_", name);
    }

    private static String setting(Map<String, String> env, Properties properties, String name) {
        String value = properties.getProperty(PREFIX + name);
        return value != null ? value : env.get(environmentName(name));
    }

    private static long size(Map<String, String> env, Properties properties, String name, long defaultValue) {
        String text = setting(env, properties, name);
        if (text == null || text.isBlank()) {
            return defaultValue;
        }
        try {
            long value = ShmBoardConfig.parseSize(text);
            if (value < 0 || value > Integer.MAX_VALUE && !name.equals("heapBytes") && !name.equals("handshakeMs")) {
                throw new IllegalArgumentException("out of range");
            }
            return value;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PREFIX + name + " / " + environmentName(name) + "=" + text
                + " is not a valid size: " + e.getMessage());
        }
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(PREFIX + name + " must be positive: " + value);
        }
    }
}

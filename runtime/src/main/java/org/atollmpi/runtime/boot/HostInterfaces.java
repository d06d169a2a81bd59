package org.atollmpi.runtime.boot;

import java.net.InetAddress;
import java.util.List;

import org.atollmpi.nic.tcp.HostAddresses;

/**
 * This host's reachable addresses, for the job server that ranks on other hosts connect to: the
 * same choice the TCP board makes for its own listening address ({@link HostAddresses}, never
 * {@code InetAddress.getLocalHost()}), so that mpirun and its ranks read {@code *_tcp_if_include}
 * alike. The runtime's door to it, since the launcher sees no NIC class.
 */
public final class HostInterfaces {
    private HostInterfaces() {
    }

    /** The addresses of the interfaces that are up, loopback and link-local ones left out; IPv4 first. */
    public static List<InetAddress> reachable() {
        return HostAddresses.reachable();
    }

    /**
     * The addresses of this host that {@code spec} selects (interface names, CIDR blocks,
     * addresses or host names, comma-separated).
     *
     * @param what names the setting, for the message when nothing matches
     * @throws IllegalArgumentException when no address of this host matches
     */
    public static List<InetAddress> matching(String spec, String what) {
        return HostAddresses.matching(spec, what);
    }

    /** The address this host sends from to reach {@code target}, or null when no route leads there. */
    public static InetAddress routeTo(InetAddress target) {
        return HostAddresses.routeTo(target);
    }

    /** Every interface with its addresses, for messages: {@code eth0 192.0.2.2, lo 127.0.0.1}. */
    public static String describe() {
        return HostAddresses.describe();
    }
}

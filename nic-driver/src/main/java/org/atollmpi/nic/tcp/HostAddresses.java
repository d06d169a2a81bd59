package org.atollmpi.nic.tcp;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * This host's addresses that other hosts can reach, and the choice among them. Never
 * {@code InetAddress.getLocalHost()}: on Debian and Ubuntu the host's own name resolves to
 * 127.0.1.1 (an /etc/hosts line of the installer), which no other host reaches.
 */
public final class HostAddresses {
    private HostAddresses() {
    }

    /**
     * The addresses of the interfaces that are up, loopback and link-local ones left out; IPv4
     * first (the usual fabric), in interface order.
     */
    public static List<InetAddress> reachable() {
        List<InetAddress> found = new ArrayList<>();
        for (NetworkInterface nif : interfaces()) {
            try {
                if (!nif.isUp() || nif.isLoopback()) {
                    continue;
                }
            } catch (SocketException e) {
                continue;
            }
            for (InetAddress a : Collections.list(nif.getInetAddresses())) {
                if (!a.isLoopbackAddress() && !a.isLinkLocalAddress() && !a.isAnyLocalAddress()) {
                    found.add(a);
                }
            }
        }
        found.sort(Comparator.comparingInt(a -> a instanceof Inet4Address ? 0 : 1));
        return found;
    }

    /**
     * The addresses of this host that {@code spec} selects: a comma-separated list of interface
     * names ({@code eth0}), CIDR blocks ({@code 10.1.0.0/16}) or addresses and host names (taken as
     * they are, for a host with an address no interface lists, behind NAT). Open MPI's
     * {@code *_tcp_if_include} read the same way.
     *
     * @param what names the setting, for the message when nothing matches
     * @throws IllegalArgumentException when no address of this host matches
     */
    public static List<InetAddress> matching(String spec, String what) {
        List<InetAddress> found = new ArrayList<>();
        for (String item : spec.split(",")) {
            String want = item.strip();
            if (want.isEmpty()) {
                continue;
            }
            int slash = want.indexOf('/');
            NetworkInterface named = slash < 0 ? byName(want) : null;
            if (named != null) {
                found.addAll(Collections.list(named.getInetAddresses()).stream()
                        .filter(a -> !a.isLinkLocalAddress()).sorted(Comparator.comparingInt(a -> a instanceof Inet4Address ? 0 : 1))
                        .toList());
            } else if (slash > 0) {
                InetAddress network = literal(want.substring(0, slash), what);
                int bits;
                try {
                    bits = Integer.parseInt(want.substring(slash + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(what + "=" + spec + ": '" + want + "' is no CIDR block");
                }
                for (NetworkInterface nif : interfaces()) {
                    for (InetAddress a : Collections.list(nif.getInetAddresses())) {
                        if (inBlock(a, network, bits)) {
                            found.add(a);
                        }
                    }
                }
            } else {
                try {
                    found.add(InetAddress.getByName(want));
                } catch (UnknownHostException e) {
                    throw new IllegalArgumentException(what + "=" + spec + ": '" + want
                            + "' is no interface, CIDR block, address or known host name of this host");
                }
            }
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException(what + "=" + spec + " matches no address of this host (it has "
                    + describe() + ")");
        }
        return found;
    }

    /**
     * The address this host sends from to reach {@code target}: the one of the interface its
     * routes pick (a connected UDP socket; no packet is sent), or null when no route leads there.
     */
    public static InetAddress routeTo(InetAddress target) {
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(new InetSocketAddress(target, 9));
            InetAddress source = probe.getLocalAddress();
            return source == null || source.isAnyLocalAddress() ? null : source;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether {@code a} lies in {@code network/bits}. */
    static boolean inBlock(InetAddress a, InetAddress network, int bits) {
        byte[] x = a.getAddress();
        byte[] n = network.getAddress();
        if (x.length != n.length || bits < 0 || bits > 8 * n.length) {
            return false;
        }
        for (int i = 0; i < bits; i++) {
            int mask = 0x80 >>> (i % 8);
            if ((x[i / 8] & mask) != (n[i / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    /** Every interface with its addresses, for messages: {@code eth0 192.0.2.2, lo 127.0.0.1}. */
    public static String describe() {
        List<String> parts = new ArrayList<>();
        for (NetworkInterface nif : interfaces()) {
            List<String> addresses = Collections.list(nif.getInetAddresses()).stream().map(InetAddress::getHostAddress).toList();
            parts.add(nif.getName() + (addresses.isEmpty() ? "" : " " + String.join(" ", addresses)));
        }
        return parts.isEmpty() ? "no interfaces" : String.join(", ", parts);
    }

    private static InetAddress literal(String text, String what) {
        try {
            // a literal never reaches DNS
            if (!text.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
                throw new UnknownHostException(text);
            }
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(what + ": '" + text + "' is no address");
        }
    }

    private static NetworkInterface byName(String name) {
        try {
            return NetworkInterface.getByName(name);
        } catch (SocketException e) {
            return null;
        }
    }

    private static List<NetworkInterface> interfaces() {
        try {
            var all = NetworkInterface.getNetworkInterfaces();
            return all == null ? List.of() : Collections.list(all);
        } catch (SocketException e) {
            return List.of();
        }
    }
}

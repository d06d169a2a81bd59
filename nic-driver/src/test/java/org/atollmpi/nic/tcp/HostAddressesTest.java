package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;

import org.atollmpi.nic.RoutingSpace;
import org.junit.jupiter.api.Test;

/** Where a rank listens on the TCP board: never 127.0.1.1 when the job spans hosts. */
class HostAddressesTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void cidrBlocksCompareTheirPrefixOnly() throws Exception {
        InetAddress a = InetAddress.getByName("10.233.0.2");
        assertTrue(HostAddresses.inBlock(a, InetAddress.getByName("10.233.0.0"), 24));
        assertTrue(HostAddresses.inBlock(a, InetAddress.getByName("10.0.0.0"), 8));
        assertTrue(HostAddresses.inBlock(a, InetAddress.getByName("0.0.0.0"), 0));
        assertFalse(HostAddresses.inBlock(a, InetAddress.getByName("10.233.1.0"), 24));
        assertFalse(HostAddresses.inBlock(a, InetAddress.getByName("::"), 0), "an IPv4 address is in no IPv6 block");
    }

    @Test
    void interfacesBlocksAndAddressesSelectThisHostsAddresses() {
        assertTrue(HostAddresses.matching("lo", "x").contains(LOOPBACK));
        assertEquals(List.of(LOOPBACK), HostAddresses.matching("127.0.0.0/8", "x").stream()
            .filter(a -> a.getAddress().length == 4).toList());
        assertEquals(List.of(LOOPBACK), HostAddresses.matching("127.0.0.1", "x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> HostAddresses.matching("192.0.2.128/25", "atoll.tcp.host"));
        assertTrue(e.getMessage().startsWith("atoll.tcp.host=192.0.2.128/25 matches no address of this host (it has "),
            e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HostAddresses.matching("10.0.0.0/x", "x"));
    }

    @Test
    void reachableAddressesLeaveOutLoopbackAndLinkLocal() {
        for (InetAddress a : HostAddresses.reachable()) {
            assertFalse(a.isLoopbackAddress() || a.isLinkLocalAddress(), a.toString());
        }
        assertEquals(LOOPBACK, HostAddresses.routeTo(LOOPBACK), "loopback is reached from loopback");
    }

    @Test
    void aJobOnOneNodeListensOnLoopbackOneThatSpansHostsWhereTheLauncherWasReached() throws Exception {
        assertEquals(LOOPBACK, TcpBoardSupplier.listenAddress(space(new int[] {0, 1}, null), null));
        InetAddress known = InetAddress.getByName("10.233.0.2");
        assertEquals(known, TcpBoardSupplier.listenAddress(space(new int[] {0}, known), null));
        InetAddress fallback = TcpBoardSupplier.listenAddress(space(new int[] {0}, null), null);
        assertFalse(fallback.isLoopbackAddress(), "a job across hosts never announces " + fallback);
        assertEquals(LOOPBACK, TcpBoardSupplier.listenAddress(space(new int[] {0}, known), "lo"));
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> TcpBoardSupplier.listenAddress(space(new int[] {0}, known), "no-such-if0"));
        assertTrue(e.getMessage().contains("rank 0: the TCP board cannot listen"), e.getMessage());
    }

    private static RoutingSpace space(int[] nodeRanks, InetAddress reachable) {
        return new RoutingSpace() {
            @Override public int rank() { return 0; }
            @Override public int size() { return 2; }
            @Override public int[] nodeRanks() { return nodeRanks; }
            @Override public Path boardPath() { return null; }
            @Override public long jobKey() { return 1; }
            @Override public void barrier() { }
            @Override public byte[][] exchange(byte[] mine) { return new byte[][] {mine, mine}; }
            @Override public InetAddress reachableAddress() { return reachable; }
        };
    }
}

package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.atollmpi.launch.HostList.Host;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostListTest {
    @Test
    void hostOptionGivesOneSlotPerMentionOrTheCount() {
        assertEquals(1, HostList.parseHosts("localhost").slots());
        assertEquals(2, HostList.parseHosts("localhost:2").slots());
        assertEquals(2, HostList.parseHosts("localhost,localhost").slots());
        assertEquals(5, HostList.parseHosts("a:3,b,c").slots());
        assertEquals(List.of("a", "b", "c"), HostList.parseHosts("a:3,b,c").hosts().stream().map(Host::name).toList());
        assertEquals(3, HostList.parseHosts("localhost").plus(HostList.parseHosts("localhost:2")).slots());
    }

    @Test
    void ipv6AddressesKeepTheirColons() {
        assertEquals(List.of(new Host("::1", 1, 0, "--host ::1")), HostList.parseHosts("::1").hosts());
        assertEquals("[::1]", HostList.parseHosts("[::1]:4").hosts().get(0).name());
        assertEquals(4, HostList.parseHosts("[::1]:4").slots());
    }

    @Test
    void hostfileLinesWithSlotsCommentsAndBlankLines() {
        HostList list = HostList.parseHostfile("hosts", List.of(
                "# the machines", "", "localhost slots=2   # two here", "   ", "vm max_slots=3", "127.0.0.1 slots=1 max-slots=4"), 8);
        assertEquals(List.of(new Host("localhost", 2, 0, "hostfile hosts line 3"),
                new Host("vm", 3, 3, "hostfile hosts line 5"),
                new Host("127.0.0.1", 1, 4, "hostfile hosts line 6")), list.hosts());
        assertEquals(6, list.slots());
        assertEquals(0, list.maxSlots(), "localhost sets no limit");
        assertEquals(7, HostList.parseHostfile("h", List.of("a max_slots=3", "b slots=2 max_slots=4"), 8).maxSlots());
    }

    @Test
    void aHostfileLineWithoutSlotsGetsOnePerCore() {
        assertEquals(6, HostList.parseHostfile("h", List.of("localhost"), 6).slots());
    }

    @Test
    void mistakesNameTheFileAndLine(@TempDir Path dir) throws Exception {
        assertError("hostfile h line 2: 'slot=2' is not understood", () -> HostList.parseHostfile("h", List.of("", "a slot=2"), 2));
        assertError("h line 1: 'slots=0': expected a slot count", () -> HostList.parseHostfile("h", List.of("a slots=0"), 2));
        assertError("max_slots=1 is less than slots=2", () -> HostList.parseHostfile("h", List.of("a slots=2 max_slots=1"), 2));
        assertError("hostfile h names no host", () -> HostList.parseHostfile("h", List.of("# nothing"), 2));
        assertError("--host a:x: 'a:x': expected a slot count", () -> HostList.parseHosts("a:x"));
        assertError("--host a,,b: empty host name", () -> HostList.parseHosts("a,,b"));
        assertError("cannot read it", () -> HostList.readHostfile(dir.resolve("missing"), 2));
        Path file = Files.writeString(dir.resolve("hosts"), "localhost slots=2\n");
        assertEquals(2, HostList.readHostfile(file, 8).slots());
    }

    @Test
    void mentionsOfOneHostAndAllNamesOfThisMachineAreOneNode() {
        HostList list = HostList.parseHostfile("myhosts", List.of("localhost slots=2", "node17 slots=2 max_slots=3",
                "127.0.0.1 slots=1", "NODE17 slots=1 max_slots=2", "node18"), 4);
        List<HostList.Node> nodes = list.nodes(n -> n.equals("localhost") || n.startsWith("127."));
        assertEquals(List.of(new HostList.Node("localhost", true, 3, 0), new HostList.Node("node17", false, 3, 5),
                new HostList.Node("node18", false, 4, 0)), nodes);
    }

    @Test
    void hostOptionPicksHostsOutOfTheHostfile() {
        HostList file = HostList.parseHostfile("hf", List.of("a slots=2", "b slots=3", "c slots=4"), 4);
        assertEquals(List.of("a", "c"), file.pick(HostList.parseHosts("c,a"), "hf").hosts().stream().map(Host::name).toList());
        assertError("--host a,z: host z is not in the hostfile hf", () -> file.pick(HostList.parseHosts("a,z"), "hf"));
    }

    @Test
    void localHostKnowsThisMachinesNames() throws Exception {
        for (String name : List.of("localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]",
                java.net.InetAddress.getLocalHost().getHostName())) {
            assertTrue(LocalHost.isLocal(name), name);
        }
        assertFalse(LocalHost.isLocal("192.0.2.1"), "TEST-NET-1 is no address of this machine");
        assertFalse(LocalHost.isLocal("no-such-host.invalid"));
    }

    private static void assertError(String fragment, Runnable action) {
        UsageError e = assertThrows(UsageError.class, action::run);
        assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' should say '" + fragment + "'");
    }
}

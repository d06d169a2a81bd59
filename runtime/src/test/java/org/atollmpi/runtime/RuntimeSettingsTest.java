package org.atollmpi.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

import org.atollmpi.nic.RoutingSpace;
import org.atollmpi.nic.router.RouterBoardSupplier;
import org.atollmpi.nic.shm.ShmBoardSupplier;
import org.atollmpi.nic.tcp.TcpBoardSupplier;
import org.junit.jupiter.api.Test;

class RuntimeSettingsTest {
    @Test
    void defaultsAreOff() {
        RuntimeSettings s = RuntimeSettings.from(Map.of(), new Properties());
        assertFalse(s.asyncProgress());
        assertFalse(s.stats());
        assertNull(s.lateSeed());
        assertEquals(RuntimeSettings.BoardChoice.AUTO, s.board());
    }

    @Test
    void theBoardIsChosenByVariableOrProperty() {
        assertEquals(RuntimeSettings.BoardChoice.TCP,
            RuntimeSettings.from(Map.of("ATOLL_BOARD", "tcp"), new Properties()).board());
        Properties p = new Properties();
        p.setProperty("atoll.board", "SHM");
        assertEquals(RuntimeSettings.BoardChoice.SHM, RuntimeSettings.from(Map.of("ATOLL_BOARD", "tcp"), p).board());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> RuntimeSettings.from(Map.of("ATOLL_BOARD", "myrinet"), new Properties()));
        assertTrue(e.getMessage().contains("ATOLL_BOARD") && e.getMessage().contains("myrinet"), e.getMessage());
    }

    @Test
    void variablesSetAndPropertiesWin() {
        Properties p = new Properties();
        p.setProperty("atoll.async.progress", "false");
        RuntimeSettings s = RuntimeSettings.from(Map.of("ATOLL_ASYNC_PROGRESS", "1", "ATOLL_STATS", "yes",
            "ATOLL_NIC_LATE_COMPLETION", "42"), p);
        assertFalse(s.asyncProgress(), "the property wins over the variable");
        assertTrue(s.stats());
        assertEquals(42L, s.lateSeed());
        assertTrue(RuntimeSettings.from(Map.of("ATOLL_ASYNC_PROGRESS", "true"), new Properties()).asyncProgress());
    }

    @Test
    void malformedValuesNameTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> RuntimeSettings.from(Map.of("ATOLL_ASYNC_PROGRESS", "sometimes"), new Properties()));
        assertTrue(e.getMessage().contains("ATOLL_ASYNC_PROGRESS") && e.getMessage().contains("sometimes"),
            e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
            () -> RuntimeSettings.from(Map.of("ATOLL_NIC_LATE_COMPLETION", "x"), new Properties()));
        assertTrue(e.getMessage().contains("ATOLL_NIC_LATE_COMPLETION"), e.getMessage());
    }

    /** A rank of {@code size} whose node holds {@code nodeRanks}; nothing is ever met. */
    private static RoutingSpace space(int rank, int size, int... nodeRanks) {
        return new RoutingSpace() {
            @Override public int rank() { return rank; }
            @Override public int size() { return size; }
            @Override public int[] nodeRanks() { return nodeRanks.clone(); }
            @Override public Path boardPath() { return Path.of("/dev/shm/atoll-job-0"); }
            @Override public long jobKey() { return 1; }
            @Override public void barrier() { throw new AssertionError(); }
            @Override public byte[][] exchange(byte[] mine) { throw new AssertionError(); }
        };
    }

    @Test
    void autoTakesShmOnOneNodeTheRouterBesideNodePeersAndTcpAlone() {
        RuntimeSettings auto = RuntimeSettings.from(Map.of(), new Properties());
        assertInstanceOf(ShmBoardSupplier.class, auto.boardSupplier(space(1, 3, 0, 1, 2)));
        assertInstanceOf(RouterBoardSupplier.class, auto.boardSupplier(space(2, 4, 0, 2)));
        assertInstanceOf(TcpBoardSupplier.class, auto.boardSupplier(space(1, 4, 1)));
        RuntimeSettings tcp = RuntimeSettings.from(Map.of("ATOLL_BOARD", "tcp"), new Properties());
        assertInstanceOf(TcpBoardSupplier.class, tcp.boardSupplier(space(2, 4, 0, 2)));
    }

    @Test
    void pretendNodesDealEachNodesRanksRoundRobinWithABoardFileEach() {
        RuntimeSettings two = RuntimeSettings.from(Map.of("ATOLL_TEST_NODES", "2"), new Properties());
        assertEquals(2, two.testNodes());
        RoutingSpace r3 = two.routingSpace(space(3, 5, 0, 1, 2, 3, 4));
        assertArrayEquals(new int[] {1, 3}, r3.nodeRanks());
        assertEquals(Path.of("/dev/shm/atoll-job-0.n1"), r3.boardPath());
        assertEquals(3, r3.rank());
        assertEquals(5, r3.size());
        RoutingSpace r4 = two.routingSpace(space(4, 5, 0, 1, 2, 3, 4));
        assertArrayEquals(new int[] {0, 2, 4}, r4.nodeRanks());
        assertEquals(Path.of("/dev/shm/atoll-job-0.n0"), r4.boardPath());
        RoutingSpace alone = RuntimeSettings.from(Map.of("ATOLL_TEST_NODES", "9"), new Properties())
            .routingSpace(space(1, 2, 0, 1));
        assertArrayEquals(new int[] {1}, alone.nodeRanks(), "more pretend nodes than ranks: one rank each");
        RoutingSpace real = space(0, 2, 0, 1);
        assertSame(real, RuntimeSettings.from(Map.of(), new Properties()).routingSpace(real));
        for (String bad : new String[] {"0", "-1", "two"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RuntimeSettings.from(Map.of("ATOLL_TEST_NODES", bad), new Properties()));
            assertTrue(e.getMessage().contains("ATOLL_TEST_NODES") && e.getMessage().contains(bad), e.getMessage());
        }
    }
}

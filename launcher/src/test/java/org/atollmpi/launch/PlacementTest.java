package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.atollmpi.launch.HostList.Node;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.junit.jupiter.api.Test;

class PlacementTest {
    private static final List<Node> AB = List.of(new Node("a", true, 2, 0), new Node("b", false, 2, 0));

    @Test
    void bySlotFillsEachNodeInTurn() {
        Placement p = Placement.place(AB, 4, 0, false);
        assertArrayEquals(new int[] {0, 0, 1, 1}, p.nodeOf());
        assertEquals(List.of(2, 3), p.nodes().get(1).ranks());
        assertEquals(1, p.nodes().get(1).localRank(3));
        assertEquals("2,3", p.nodes().get(1).list());
        assertFalse(p.allLocal());
    }

    @Test
    void nodesWithoutRanksAreLeftOut() {
        Placement p = Placement.place(AB, 2, 0, false);
        assertEquals(1, p.nodes().size());
        assertTrue(p.allLocal());
    }

    @Test
    void byNodeDealsRanksOutInTurnSkippingFullNodes() {
        List<Node> nodes = List.of(new Node("a", false, 1, 0), new Node("b", false, 3, 0));
        assertArrayEquals(new int[] {0, 1, 1, 1}, Placement.place(nodes, 4, 0, true).nodeOf());
        assertArrayEquals(new int[] {0, 1, 0, 1}, Placement.place(AB, 4, 0, true).nodeOf());
    }

    @Test
    void oversubscribedRanksGoOnePerNodeInTurnUpToMaxSlots() {
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1}, Placement.place(AB, 6, 0, false).nodeOf());
        List<Node> capped = List.of(new Node("a", false, 2, 2), new Node("b", false, 2, 0));
        assertArrayEquals(new int[] {0, 0, 1, 1, 1, 1}, Placement.place(capped, 6, 0, false).nodeOf());
        assertArrayEquals(new int[] {0, 1, 0, 1, 1, 1}, Placement.place(capped, 6, 0, true).nodeOf());
        List<Node> full = List.of(new Node("a", false, 2, 2), new Node("b", false, 1, 1));
        UsageError e = assertThrows(UsageError.class, () -> Placement.place(full, 4, 0, false));
        assertTrue(e.getMessage().contains("max_slots"), e.getMessage());
        assertThrows(UsageError.class, () -> Placement.place(full, 4, 0, true));
    }

    @Test
    void perNodePutsTheSameCountOnEveryNode() {
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1}, Placement.place(AB, 6, 3, false).nodeOf());
        assertThrows(UsageError.class, () -> Placement.place(AB, 5, 3, false));
    }
}

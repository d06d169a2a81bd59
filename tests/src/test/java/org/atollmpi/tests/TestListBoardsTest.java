package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.atollmpi.tests.TestListTest.Entry;
import org.atollmpi.tests.TestListTest.TestBoard;
import org.junit.jupiter.api.Test;

/** The testlist's board column: how a line becomes one job per board, what it refuses, and that every program meets every board. */
class TestListBoardsTest {
    /** Programs that cannot run on some board, and the boards they run on (the testlist says why beside their lines). */
    private static final Map<String, Set<TestBoard>> ONLY_ON = Map.of(
        "OneSidedShared", EnumSet.of(TestBoard.SHM),
        "LazyConnections", EnumSet.of(TestBoard.TCP));

    private static List<Entry> parse(String text) throws IOException {
        return TestListTest.parse(new BufferedReader(new StringReader(text)));
    }

    @Test
    void aLineRunsOnceOnEachBoardItNamesAndOnShmWhenItNamesNone() throws IOException {
        List<Entry> jobs = parse("""
            # a comment
            Ring  4  10  x:ATOLL_X=1  boards=tcp,router  timeout=60
            Hello 2  opt:--async-progress
            """);
        assertEquals(3, jobs.size());
        assertEquals("Ring np=4 10 [-x ATOLL_X=1] board=tcp", jobs.get(0).name());
        assertEquals(List.of("--board=tcp", "-x", "ATOLL_X=1"), jobs.get(0).allMpirunOptions());
        assertEquals("Ring np=4 10 [-x ATOLL_X=1] board=router", jobs.get(1).name());
        assertEquals(List.of("-x", "ATOLL_TEST_NODES=2", "-x", "ATOLL_X=1"), jobs.get(1).allMpirunOptions());
        assertEquals(60, jobs.get(1).timeout().toSeconds());
        assertEquals("Hello np=2 [--async-progress] board=shm", jobs.get(2).name());
        assertEquals(List.of("--async-progress"), jobs.get(2).allMpirunOptions());
    }

    @Test
    void aBoardPickedAnyOtherWayOrNamedWrongIsRefused() {
        for (String line : List.of("P 2 opt:--board=tcp", "P 2 x:ATOLL_TEST_NODES=2", "P 2 x:ATOLL_BOARD=tcp",
                "P 2 boards=tcp x:ATOLL_TEST_NODES=2", "P 2 boards=ib", "P 2 boards=tcp,tcp", "P 2 boards=tcp boards=shm",
                "P 2 boards=")) {
            IOException e = assertThrows(IOException.class, () -> parse(line), line);
            assertTrue(e.getMessage().startsWith("testlist line 1: "), e.getMessage());
        }
    }

    /** The issue this column came from: programs that never ran on TCP or the router. */
    @Test
    void everyProgramRunsOnEveryBoardOrSaysWhyNot() throws IOException {
        Map<String, Set<TestBoard>> boards = new TreeMap<>();
        for (Entry e : TestListTest.read()) {
            boards.computeIfAbsent(e.program(), p -> EnumSet.noneOf(TestBoard.class)).add(e.board());
        }
        for (Map.Entry<String, Set<TestBoard>> p : boards.entrySet()) {
            assertEquals(ONLY_ON.getOrDefault(p.getKey(), EnumSet.allOf(TestBoard.class)), p.getValue(), p.getKey());
        }
        assertTrue(boards.keySet().containsAll(ONLY_ON.keySet()), "an exception for a program the testlist lacks");
    }
}

package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class BindingTest {
    private static final List<String> JAVA = List.of("java", "-cp", "x", "Main");

    @Test
    void eachRankGetsItsOwnCoreWhenTheyFit() {
        int cores = Runtime.getRuntime().availableProcessors();
        List<String> bound = Binding.bind(JAVA, cores - 1, cores);
        assertEquals(List.of("/usr/bin/taskset", "-c", Integer.toString(cores - 1)), bound.subList(0, 3));
        assertEquals(JAVA, bound.subList(3, bound.size()));
    }

    @Test
    void spareCoresAreSharedOutSoEachJvmHasRoomForItsCompilers() {
        assertEquals(new Binding.Cores(8, 8), Binding.cores(1, 2, 16, true));
        assertEquals("8-15", Binding.cores(1, 2, 16, true).list());
        assertEquals("cores 0-4", Binding.cores(0, 3, 16, true).describe()); // 16 / 3: one core idle
        assertEquals(new Binding.Cores(10, 5), Binding.cores(2, 3, 16, true));
        assertEquals("core 3", Binding.cores(3, 4, 4, true).describe());
        assertNull(Binding.cores(0, 5, 4, true));
        assertNull(Binding.cores(0, 2, 16, false));
    }

    @Test
    void oversubscribedRanksAreNotBound() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(JAVA, Binding.bind(JAVA, 0, cores + 1));
    }

    @Test
    void bindToIsCoreByDefaultAndCanBeTurnedOff() {
        assertTrue(MpirunArgs.parse("mpirun", "-np", "1", "Main").bindToCore());
        assertFalse(MpirunArgs.parse("mpirun", "-np", "1", "--bind-to", "none", "Main").bindToCore());
        MpirunArgs.UsageError e = assertThrows(MpirunArgs.UsageError.class,
            () -> MpirunArgs.parse("mpirun", "-np", "1", "--bind-to", "all", "Main"));
        assertTrue(e.getMessage().contains("--bind-to all"), e.getMessage());
    }

    @Test
    void coresAreWhatBindUsesAndNullWhenUnbound() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(new Binding.Cores(0, 1), Binding.cores(0, cores));
        assertNull(Binding.cores(0, cores + 1));
    }

    @Test
    void reportsLookLikeOpenMpis() {
        assertEquals("[vm:42] MCW rank 1 bound to core 1", JobMap.binding("vm", 42, 1, new Binding.Cores(1, 1)));
        assertEquals("[vm:42] MCW rank 1 bound to cores 8-15", JobMap.binding("vm", 42, 1, new Binding.Cores(8, 8)));
        assertEquals("[vm:42] MCW rank 3 is not bound (or bound to all available processors)", JobMap.binding("vm", 42, 3, null));
        List<String> map = JobMap.map("vm", MpirunArgs.parse("mpirun", "-np", "2", "-H", "localhost:2", "--bind-to", "none", "Main"));
        assertTrue(map.contains(" Data for node: vm\tNum slots: 2\tMax slots: 0\tNum procs: 2"), map.toString());
        assertTrue(map.contains(" \tProcess rank: 1 Bound: N/A"), map.toString());
    }
}

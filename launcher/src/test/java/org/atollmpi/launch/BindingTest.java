package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void oversubscribedRanksAreNotBound() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(JAVA, Binding.bind(JAVA, 0, cores + 1));
    }

    @Test
    void bindToIsCoreByDefaultAndCanBeTurnedOff() {
        assertTrue(MpirunArgs.parse("mpirun", "-np", "1", "Main").bindToCore());
        assertFalse(MpirunArgs.parse("mpirun", "-np", "1", "--bind-to", "none", "Main").bindToCore());
        MpirunArgs.UsageError e = assertThrows(MpirunArgs.UsageError.class,
            () -> MpirunArgs.parse("mpirun", "-np", "1", "--bind-to", "socket", "Main"));
        assertTrue(e.getMessage().contains("--bind-to socket"), e.getMessage());
    }
}

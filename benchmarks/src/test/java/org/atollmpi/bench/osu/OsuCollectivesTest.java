package org.atollmpi.bench.osu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.atollmpi.bench.osu.OsuCollectives.Operation;
import org.atollmpi.bench.osu.OsuCollectives.Program;
import org.junit.jupiter.api.Test;

class OsuCollectivesTest {
    @Test
    void everyOperationIsAProgramBlockingAndNot() {
        List<Program> programs = OsuCollectives.programs();
        assertEquals(2 * Operation.values().length, programs.size());
        Set<String> names = new HashSet<>();
        for (Program p : programs) {
            assertTrue(names.add(p.name()), "unique: " + p.name());
            assertEquals(p, OsuCollectives.find(p.name()));
        }
        assertEquals(new Program(Operation.ALLREDUCE, false), OsuCollectives.find("osu_allreduce"));
        assertEquals(new Program(Operation.REDUCE_SCATTER, true), OsuCollectives.find("osu_ireduce_scatter"));
        assertNull(OsuCollectives.find("osu_latency"));
        assertNull(OsuCollectives.find("allreduce"));
    }

    @Test
    void titlesAreOsus() {
        assertEquals("Allreduce Latency", OsuCollectives.find("osu_allreduce").title());
        assertEquals("Non-blocking Broadcast Latency", OsuCollectives.find("osu_ibcast").title());
        assertEquals("All-to-All Personalized Exchange Latency", OsuCollectives.find("osu_alltoall").title());
        assertEquals(OsuOptions.Kind.BARRIER, Operation.BARRIER.kind());
        assertEquals(OsuOptions.Kind.COLLECTIVE, Operation.GATHERV.kind());
    }

    @Test
    void overlapIsTheShareOfThePureTimeHidden() {
        assertEquals(100, CollectiveOverlap.overlap(10, 10, 8), 1e-9, "the wait cost nothing");
        assertEquals(0, CollectiveOverlap.overlap(18, 10, 8), 1e-9, "nothing moved during the compute");
        assertEquals(75, CollectiveOverlap.overlap(12, 10, 8), 1e-9);
        assertEquals(0, CollectiveOverlap.overlap(30, 10, 8), 1e-9, "clamped at 0");
        assertEquals(100, CollectiveOverlap.overlap(9, 10, 8), 1e-9, "clamped at 100");
        assertEquals(0, CollectiveOverlap.overlap(1, 0, 0), 1e-9, "no pure time: nothing to hide");
    }

    @Test
    void vFormBlocksFollowTheSize() {
        Blocks blocks = new Blocks(3);
        assertEquals(List.of(8, 8, 8), java.util.Arrays.stream(blocks.of(8).counts).boxed().toList());
        assertEquals(List.of(0, 8, 16), java.util.Arrays.stream(blocks.of(8).displs).boxed().toList());
        assertEquals(List.of(0, 1, 2), java.util.Arrays.stream(blocks.of(1).displs).boxed().toList());
    }

    @Test
    void reductionValuesSumExactly() {
        for (int i = 0; i < 1000; i++) {
            float v = FloatPayload.value(i * 7, i);
            assertTrue(v >= 0 && v <= 127 && v == Math.rint(v), "value " + v);
        }
    }
}

package org.atollmpi.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.atollmpi.bench.report.OsuOutput.Measure;
import org.atollmpi.bench.report.OsuOutput.Row;
import org.atollmpi.bench.report.OsuOutput.Table;
import org.junit.jupiter.api.Test;

/**
 * Sample outputs: copied from runs of our tests and of benchmarks/c/osu_reference.c and
 * ../shared/bench/c_reference.c, and in the layout of OSU 7's C programs.
 */
class OsuOutputTest {
    private static final String OURS_LATENCY = """
            # OSU MPI-Java Latency Test v7.5
            # Buffers: direct buffers from MPI.newByteBuffer
            # Size          Latency (us)
            0                     357.57
            1                      87.28
            8                       1.27
            4194304               136.57
            """;

    /** --percentiles -c: more figures after the mean, and the verdict last. */
    private static final String OURS_PERCENTILES = """
            # OSU MPI-Java Latency Test v7.5
            # Buffers: direct buffers from MPI.newByteBuffer
            # Percentiles: p50, p99 and max of half the round trip of each iteration on rank 0, in us
            # Size          Latency (us)          P50 (us)          P99 (us)          Max (us)        Validation
            0                    1365.20              5.35          22058.18          22058.18              Pass
            1                       6.02              4.63             19.21             19.21              Fail
            """;

    private static final String OURS_ALLREDUCE_FULL = """
            # OSU MPI-Java Allreduce Latency Test v7.5
            # Buffers: direct buffers from MPI.newByteBuffer
            # Size       Avg Latency(us)   Min Latency(us)   Max Latency(us)  Iterations
            4                     723.23            626.39            820.07          10
            8                     852.19             30.91           1673.46          10
            """;

    private static final String OURS_MESSAGE_RATE = """
            # OSU MPI-Java Multiple Bandwidth / Message Rate Test v7.5
            # Buffers: direct buffers from MPI.newByteBuffer
            # Size                  MB/s        Messages/s
            1                       0.72         720772.67
            2                       1.63         813206.47
            """;

    /** benchmarks/c/osu_reference.c on Open MPI, with a warning of the library's in the middle. */
    private static final String C_REFERENCE_GET_BW = """
            # OSU MPI C-reference Get Bandwidth Test (atoll-mpi benchmarks/c/osu_reference.c)
            # Library: Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, May 26, 2022
            # Window creation: MPI_Win_allocate
            # Synchronization: MPI_Win_lock_all/unlock_all
            # Size      Bandwidth (MB/s)
            1                     163.42
            [host:01234] mca_base_component_repository_open: unable to open mca_btl_openib
            2                     180.95
            """;

    /** The layout of OSU 7's osu_latency and osu_allreduce (C). */
    private static final String OSU_C_LATENCY = """

            # OSU MPI Latency Test v7.3
            # Datatype: MPI_CHAR.
            # Size       Avg Latency(us)
            1                       0.19
            2                       0.19
            """;
    private static final String OSU_C_ALLREDUCE = """
            # OSU MPI Allreduce Latency Test v7.3
            # Datatype: MPI_FLOAT.
            # Size       Avg Latency(us)
            4                       1.21
            8                       1.20
            """;

    /** ../shared/bench/c_reference.c latency then bw: two tables in one output. */
    private static final String SHARED_C_REFERENCE = """
            ## latency, 2 ranks, shared memory
            # Latency Test (C reference)
            # Size          Latency (us)
            0                       0.15
            1                       0.17
            # Bandwidth Test (C reference)
            # Size      Bandwidth (MB/s)
            1                      11.28
            2                      24.84
            4                      48.34
            """;

    @Test
    void readsOurLatency() {
        Table t = OsuOutput.parse(OURS_LATENCY, "ours");
        assertEquals("OSU MPI-Java Latency Test v7.5", t.title());
        assertEquals(List.of("Buffers: direct buffers from MPI.newByteBuffer"), t.notes());
        assertEquals("Latency (us)", t.column());
        assertEquals(Measure.LATENCY, t.measure());
        assertFalse(t.measure().higherIsBetter);
        assertEquals(List.of(new Row(0, 357.57, null), new Row(1, 87.28, null), new Row(8, 1.27, null),
                new Row(4194304, 136.57, null)), t.rows());
        assertFalse(t.failedValidation());
    }

    @Test
    void keepsTheMeanAndTheVerdictWhenMoreColumnsFollow() {
        Table t = OsuOutput.parse(OURS_PERCENTILES, "ours");
        assertEquals(2, t.rows().size());
        assertEquals(new Row(0, 1365.20, true), t.rows().get(0));
        assertEquals(new Row(1, 6.02, false), t.rows().get(1));
        assertTrue(t.failedValidation());

        Table full = OsuOutput.parse(OURS_ALLREDUCE_FULL, "ours");
        assertEquals("Avg Latency(us)", full.column());
        assertEquals(Measure.LATENCY, full.measure());
        assertEquals(List.of(new Row(4, 723.23, null), new Row(8, 852.19, null)), full.rows());
    }

    @Test
    void bandwidthAndMessageRateColumns() {
        Table rate = OsuOutput.parse(OURS_MESSAGE_RATE, "ours");
        assertEquals("MB/s", rate.column());
        assertEquals(Measure.BANDWIDTH, rate.measure(), "the first figure of osu_mbw_mr is its MB/s");
        assertEquals(0.72, rate.rows().get(0).value());

        Table get = OsuOutput.parse(C_REFERENCE_GET_BW, "C");
        assertEquals(Measure.BANDWIDTH, get.measure());
        assertTrue(get.measure().higherIsBetter);
        assertEquals(List.of("Library: Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, May 26, 2022",
                "Window creation: MPI_Win_allocate", "Synchronization: MPI_Win_lock_all/unlock_all"), get.notes());
        assertEquals(List.of(new Row(1, 163.42, null), new Row(2, 180.95, null)), get.rows(),
                "the library's warning between the rows is skipped");
    }

    @Test
    void readsOsusOwnCPrograms() {
        Table latency = OsuOutput.parse(OSU_C_LATENCY, "osu_latency");
        assertEquals("OSU MPI Latency Test v7.3", latency.title());
        assertEquals(List.of("Datatype: MPI_CHAR."), latency.notes());
        assertEquals(Measure.LATENCY, latency.measure());
        assertEquals(List.of(new Row(1, 0.19, null), new Row(2, 0.19, null)), latency.rows());
        Table allreduce = OsuOutput.parse(OSU_C_ALLREDUCE, "osu_allreduce");
        assertEquals(List.of("Datatype: MPI_FLOAT."), allreduce.notes());
        assertEquals(1.20, allreduce.rows().get(1).value());
    }

    @Test
    void severalTablesInOrder() {
        List<Table> tables = OsuOutput.parseAll(SHARED_C_REFERENCE);
        assertEquals(2, tables.size());
        assertEquals("# latency, 2 ranks, shared memory", tables.get(0).title());
        assertEquals(List.of("Latency Test (C reference)"), tables.get(0).notes());
        assertEquals(Measure.LATENCY, tables.get(0).measure());
        assertEquals(2, tables.get(0).rows().size());
        assertEquals("Bandwidth Test (C reference)", tables.get(1).title());
        assertEquals(Measure.BANDWIDTH, tables.get(1).measure());
        assertEquals(3, tables.get(1).rows().size());
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class,
                () -> OsuOutput.parse(SHARED_C_REFERENCE, "c_reference"));
        assertTrue(two.getMessage().startsWith("c_reference: expected one OSU table"), two.getMessage());
    }

    @Test
    void clearErrorsForWhatIsNotATable() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> OsuOutput.parse("mpirun: osu_latency: no such program\n", "ours, round 1"));
        assertTrue(none.getMessage().contains("ours, round 1") && none.getMessage().contains("found 0"), none.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> OsuOutput.parse("# OSU MPI-Java Latency Test v7.5\n# Size          Latency (us)\n", "ours"));
        assertTrue(empty.getMessage().contains("has no rows"), empty.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> OsuOutput.parseAll("# Size      Frobs (kg)\n1 2\n"));
        assertTrue(unknown.getMessage().contains("Frobs (kg)"), unknown.getMessage());
        assertNull(OsuOutput.parseAll("# OSU MPI-Java Barrier Latency Test v7.5\n# Avg Latency(us)\n  1.23\n").stream()
                .findFirst().orElse(null), "the barrier's table has no sizes");
    }
}

package org.atollmpi.bench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.atollmpi.bench.report.CompareOptions.Benchmark;
import org.atollmpi.bench.report.CompareReport.Run;
import org.atollmpi.bench.report.CompareReport.Side;
import org.atollmpi.bench.report.CompareReport.Spread;
import org.junit.jupiter.api.Test;

/** The options of bin/atoll-bench compare and the report it writes from the runs (no process started). */
class CompareTest {
    private static final Machine QUIET = new Machine(Instant.parse("2026-11-23T12:00:00Z"), 2, "Test CPU", "24 GiB",
            "6.1.0", "Debian 12", "openjdk version \"17.0.15\"", "0.05 0.10 0.20");

    @Test
    void defaultsAndEveryOption() {
        CompareOptions d = CompareOptions.parse();
        assertEquals(CompareOptions.DEFAULT_BENCHMARKS, d.benchmarks.stream().map(Benchmark::name).toList());
        assertEquals(3, d.rounds);
        assertEquals("shm", d.board);
        assertEquals("png", d.plots);
        assertTrue(d.out.toString().matches("compare-\\d{4}-\\d{2}-\\d{2}"), d.out.toString());
        assertEquals(List.of(), d.osuArgs);

        CompareOptions o = CompareOptions.parse("--benchmarks", "osu_latency,osu_get_bw,osu_mbw_mr", "--np", "4", "--rounds=1",
                "--board", "tcp", "--out", "/tmp/x", "--no-c", "-m", "8:4096", "-i", "100", "-x", "0", "-W", "16",
                "-a", "arrays", "--plots", "svg", "--note", "smoke run", "--timeout", "60");
        assertEquals(List.of("-m", "8:4096", "-i", "100", "-x", "0", "-W", "16"), o.osuArgs);
        assertEquals(List.of("-a", "arrays"), o.oursOnlyArgs);
        assertTrue(o.noC);
        assertEquals(Path.of("/tmp/x"), o.out);
        assertEquals("svg", o.plots);
        Benchmark latency = o.benchmarks.get(0);
        Benchmark getBw = o.benchmarks.get(1);
        Benchmark rate = o.benchmarks.get(2);
        assertEquals(2, o.ranks(latency), "two-rank tests stay on two ranks whatever --np");
        assertEquals(List.of("-s", "lock_all"), getBw.fixedArgs());
        assertTrue(getBw.inC());
        assertEquals(4, o.ranks(rate));
        assertFalse(rate.inC());
        assertFalse(CompareOptions.parse("--benchmarks", "osu_iallreduce").benchmarks.get(0).pair());
    }

    @Test
    void badArgumentsAreNamed() {
        assertMessage("--np 1: at least 2", "--np", "1");
        assertMessage("--rounds x: not a number", "--rounds", "x");
        assertMessage("--board ib: expected shm or tcp", "--board", "ib");
        assertMessage("-m 8-64: expected [min:]max in bytes", "-m", "8-64");
        assertMessage("-i 0: at least 1", "-i", "0");
        assertMessage("-a heap: expected buffer, direct or arrays", "-a", "heap");
        assertMessage("--plots pdf: expected png or svg", "--plots", "pdf");
        assertMessage("unknown option --fast", "--fast");
        assertMessage("--out needs a value", "--out");
        assertMessage("--benchmarks: unknown benchmark osu_nope", "--benchmarks", "osu_latency,osu_nope");
        assertMessage("--benchmarks: osu_barrier has no message sizes to compare", "--benchmarks", "osu_barrier");
        assertMessage("a benchmark named twice", "--benchmarks", "osu_bw,osu_bw");
    }

    private static void assertMessage(String expected, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CompareOptions.parse(args));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void spreadIsTheMedianAndRange() {
        assertEquals(new Spread(2.0, 1.0, 9.0, 3), Spread.of(List.of(9.0, 1.0, 2.0)));
        assertEquals(new Spread(2.5, 1.0, 9.0, 4), Spread.of(List.of(9.0, 1.0, 2.0, 3.0)));
        assertEquals("0.50", CompareReport.ratio(0.5));
        assertEquals("0.0012", CompareReport.ratio(0.0012345));
        assertEquals("2462", CompareReport.ratio(2461.84));
    }

    @Test
    void reportTablesRatiosAndPlots() {
        CompareOptions o = CompareOptions.parse("--benchmarks", "osu_latency,osu_bw,osu_mbw_mr", "--rounds", "3", "-m", "0:2");
        Benchmark latency = o.benchmarks.get(0);
        Benchmark bw = o.benchmarks.get(1);
        Benchmark rate = o.benchmarks.get(2);
        List<Run> runs = new ArrayList<>();
        double[][] ours = {{1.0, 0.30, 0.40}, {1.2, 0.20, 0.60}, {0.8, 0.25, 0.50}};
        double[][] c = {{0.2, 0.20, 0.25}, {0.3, 0.25, 0.20}, {0.1, 0.15, 0.30}};
        for (int round = 1; round <= 3; round++) {
            runs.add(run(latency, Side.OURS, round, latencyTable("OSU MPI-Java Latency Test v7.5", ours[round - 1])));
            runs.add(run(latency, Side.C, round, latencyTable("OSU MPI C-reference Latency Test", c[round - 1])));
        }
        runs.add(run(bw, Side.OURS, 1, bandwidthTable(100, 1000)));
        runs.add(run(bw, Side.C, 1, bandwidthTable(50, 2000)));
        runs.add(new Run(bw, Side.OURS, 2, "bin/mpirun -np 2 --board shm osu_bw", "raw/osu_bw.ours.2.txt", null, "exit status 1"));
        runs.add(run(rate, Side.OURS, 1, """
                # OSU MPI-Java Multiple Bandwidth / Message Rate Test v7.5
                # Size                  MB/s        Messages/s
                1                       0.72         720772.67
                """));
        CompareReport.Setup setup = new CompareReport.Setup(o, QUIET, "0.10 0.10 0.20", "bin/atoll-bench compare ...",
                CReference.SOURCE, null, "mpicc -O2 -o osu_reference benchmarks/c/osu_reference.c", "mpirun (Open MPI) 4.1.4",
                "gcc 12");
        List<String> plotted = new ArrayList<>();
        List<List<Charts.Series>> drawn = new ArrayList<>();
        String md = new CompareReport(setup, runs).write(Path.of("/out"), (file, title, x, y, series) -> {
            plotted.add(file + " | " + title + " | " + x + " | " + y);
            drawn.add(series);
        });

        assertFalse(md.contains("busy"), "a quiet machine gets no warning");
        assertTrue(md.contains("- cores (nproc): 2\n- CPU: Test CPU"), md);
        assertTrue(md.contains("    openjdk version \"17.0.15\""), md);
        assertTrue(md.contains("    mpicc -O2 -o osu_reference benchmarks/c/osu_reference.c"), md);
        assertTrue(md.contains("    bin/mpirun -np 2 --board shm osu_latency -m 0:2\n"), "round 1's commands are listed:\n" + md);
        assertTrue(md.contains("Latency in us: lower is better; ours / C below 1 means atoll-mpi is faster."), md);
        // size 0: ours 1.0, 1.2, 0.8 -> median 1.0; C 0.2, 0.3, 0.1 -> 0.2; ratio 5
        assertTrue(md.contains("| 0 | 1.00 <sub>0.80-1.20</sub> | 0.20 <sub>0.10-0.30</sub> | 5.00 |"), md);
        assertTrue(md.contains("| 1 | 0.25 <sub>0.20-0.30</sub> | 0.20 <sub>0.15-0.25</sub> | 1.25 |"), md);
        assertTrue(md.contains("| 2 | 0.50 <sub>0.40-0.60</sub> | 0.25 <sub>0.20-0.30</sub> | 2.00 |"), md);

        assertTrue(md.contains("Bandwidth in MB/s: higher is better; ours / C above 1 means atoll-mpi is faster."), md);
        assertTrue(md.contains("| 1 | 100.00 | 50.00 | 2.00 |"), "one round: no range\n" + md);
        assertTrue(md.contains("| 1024 | 1000.00 | 2000.00 | 0.50 |"), md);
        assertTrue(md.contains("- **atoll-mpi, round 2 failed:** exit status 1 (`raw/osu_bw.ours.2.txt`)"), md);

        assertTrue(md.contains("- C: `benchmarks/c/osu_reference.c` has no osu_mbw_mr"), md);
        assertTrue(md.contains("| 1 | 0.72 |  |  |"), md);

        assertEquals(List.of(
                "/out/osu_latency.png | osu_latency: latency against message size | message size (bytes) | Latency (us)",
                "/out/osu_bw.png | osu_bw: bandwidth against message size | message size (bytes) | Bandwidth (MB/s)",
                "/out/osu_mbw_mr.png | osu_mbw_mr: bandwidth against message size | message size (bytes) | Bandwidth (MB/s)"),
                plotted);
        Charts.Series oursLatency = drawn.get(0).get(0);
        assertEquals("atoll-mpi (median)", oursLatency.name());
        assertArrayEquals(new double[] {1, 2}, oursLatency.x(), "size 0 has no place on a log axis");
        assertArrayEquals(new double[] {0.25, 0.50}, oursLatency.y());
        assertArrayEquals(new double[] {0.20, 0.25}, drawn.get(0).get(1).y());
        assertEquals(1, drawn.get(2).size(), "no C line where C has no such test");
        assertTrue(md.contains("![osu_latency: latency against message size, log-log](osu_latency.png)"), md);
    }

    @Test
    void withoutCAndOnABusyMachine() {
        CompareOptions o = CompareOptions.parse("--benchmarks", "osu_latency", "--rounds", "1");
        Benchmark latency = o.benchmarks.get(0);
        Machine busy = new Machine(QUIET.date(), 2, "cpu", "mem", "k", "os", "java", "3.50 2.00 1.00");
        CompareReport.Setup setup = new CompareReport.Setup(o, busy, "1.00 1.00 1.00", "bin/atoll-bench compare",
                CReference.SOURCE, "no mpicc on PATH (Debian: apt-get install openmpi-bin libopenmpi-dev)", null, null, null);
        List<Run> runs = List.of(run(latency, Side.OURS, 1, latencyTable("OSU MPI-Java Latency Test v7.5", new double[] {1, 2, 3})));
        String md = new CompareReport(setup, runs).write(Path.of("/out"), (file, title, x, y, series) -> {
            throw new IllegalStateException("no display");
        });
        assertTrue(md.contains("**The machine was busy**"), md);
        assertTrue(md.contains("**No C reference:** no mpicc on PATH (Debian: apt-get install openmpi-bin libopenmpi-dev). Ours only."), md);
        assertFalse(md.contains("C MPI:"), md);
        assertTrue(md.contains("| 2 | 3.00 |  |  |"), md);
        assertTrue(md.contains("(plot failed: java.lang.IllegalStateException: no display)"), md);
    }

    private static Run run(Benchmark b, Side side, int round, String output) {
        return new Run(b, side, round, side == Side.OURS ? "bin/mpirun -np 2 --board shm " + b.name() + " -m 0:2" : "./osu_reference",
                "raw/x.txt", OsuOutput.parse(output, "test"), null);
    }

    private static String latencyTable(String title, double[] values) {
        StringBuilder t = new StringBuilder("# " + title + "\n# Size          Latency (us)\n");
        for (int k = 0; k < values.length; k++) {
            t.append(k == 0 ? 0 : 1 << (k - 1)).append("   ").append(values[k]).append("\n");
        }
        return t.toString();
    }

    private static String bandwidthTable(double at1, double at1024) {
        return "# OSU MPI-Java Bandwidth Test v7.5\n# Size      Bandwidth (MB/s)\n1   " + at1 + "\n1024   " + at1024 + "\n";
    }
}

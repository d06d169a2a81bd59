package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.atollmpi.bench.osu.BenchmarkCatalog;
import org.atollmpi.bench.report.RunRecord;
import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole suite, every benchmark of {@link BenchmarkCatalog} by its name through
 * {@code bin/mpirun} (so every name resolves without a class name), on the shm and on the tcp
 * board, with {@code -c}: a rank told to invert one byte it checks at the largest size
 * ({@code -Datoll.osu.corrupt=<rank> -Datoll.osu.corrupt.size=64}) makes that size's row Fail
 * while the smaller size still Passes, exit status 1 — so each check runs, passes on good data and
 * can fail. The barriers move no data: they pass. Briefly: 2 ranks, sizes 32 and 64, 2 iterations.
 * Also: {@code --format json} and {@code --plot}, and {@code bin/osu --list} and {@code plot}.
 */
class BenchmarkSuiteTest {
    static final int SMALL = 32;
    static final int LARGE = 64;
    /** The ranks that receive (or fetch) what the check reads: the root of a gather or reduce, the origin of a get. */
    static final Set<String> RANK_ZERO_CHECKS = Set.of("osu_get_latency", "osu_get_bw", "osu_gather", "osu_gatherv",
            "osu_reduce", "osu_igather", "osu_igatherv", "osu_ireduce");

    private static Job mpirun(String board, String... words) {
        List<String> command = new ArrayList<>(List.of(Repo.mpirun().toString(), "-np", "2", "--board", board));
        command.addAll(List.of(words));
        return Job.command(command.toArray(String[]::new)).timeout(Duration.ofSeconds(90));
    }

    static Stream<Arguments> everyBenchmarkOnBothBoards() {
        List<Arguments> cases = new ArrayList<>();
        for (String board : List.of("shm", "tcp")) {
            for (BenchmarkCatalog.Entry entry : BenchmarkCatalog.all()) {
                cases.add(Arguments.of(entry.name(), board));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} -c on {1}: passes, and fails where one byte is corrupted")
    @MethodSource("everyBenchmarkOnBothBoards")
    void validationPassesAndCanFail(String name, String board) {
        boolean barrier = name.endsWith("barrier");
        boolean oneRow = name.equals("osu_fop_latency") || name.equals("osu_cas_latency");
        List<String> args = new ArrayList<>(List.of("-i", "2", "-x", "1", "-c"));
        if (!barrier && !oneRow) {
            args.addAll(0, List.of("-m", SMALL + ":" + LARGE));
        }
        if (barrier) {
            JobResult result = mpirun(board, with(name, args)).run().assertExit(0);
            assertEquals(1, result.matching("Pass$").size(), result.describe());
            return;
        }
        if (oneRow) {
            // one 8-byte row: a clean run passes it, a damaged one fails it
            mpirun(board, with(name, args)).run().assertExit(0).assertNoLine("Fail");
            int rank = name.equals("osu_cas_latency") ? 0 : 1;
            JobResult bad = mpirun(board, corrupted(rank, 8, name, args)).run().assertExit(1)
                    .assertLine("^# Validation failed for 1 sizes$");
            assertEquals(1, bad.matching("^8\\s.*Fail$").size(), bad.describe());
            return;
        }
        int rank = RANK_ZERO_CHECKS.contains(name) ? 0 : 1;
        JobResult result = mpirun(board, corrupted(rank, LARGE, name, args)).run().assertExit(1)
                .assertLine("^# Validation failed for 1 sizes$")
                .assertLine("^# validation: \\d+ wrong (bytes|floats|elements) at size " + LARGE + "$");
        assertEquals(1, result.matching("^" + SMALL + "\\s.*Pass$").size(), "the clean size passes\n" + result.describe());
        assertEquals(1, result.matching("^" + LARGE + "\\s.*Fail$").size(), "the damaged size fails\n" + result.describe());
    }

    private static String[] with(String name, List<String> args) {
        List<String> words = new ArrayList<>(List.of(name));
        words.addAll(args);
        return words.toArray(String[]::new);
    }

    /** The seam: {@code rank} inverts one byte (element) it checks, at {@code size} only. */
    private static String[] corrupted(int rank, int size, String name, List<String> args) {
        List<String> words = new ArrayList<>(List.of("java", "-Datoll.osu.corrupt=" + rank,
                "-Datoll.osu.corrupt.size=" + size, name));
        words.addAll(args);
        return words.toArray(String[]::new);
    }

    @Test
    void jsonCsvAndPlotRecordTheRun(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("latency.png");
        JobResult json = mpirun("shm", "osu_multi_lat", "-m", "1:64", "-i", "3", "-c", "--format", "json", "--plot",
                png.toString()).run().assertExit(0).assertNoLine("^# OSU");
        RunRecord run = RunRecord.fromJson(json.stdout(), "stdout");
        assertEquals("osu_multi_lat", run.benchmark());
        assertEquals("shm", run.board());
        assertEquals(2, run.ranks());
        assertEquals(List.of("Latency (us)"), run.columns());
        assertEquals(7, run.rows().size(), json.describe());
        for (int i = 0; i < 7; i++) {
            assertEquals(1L << i, run.rows().get(i).size());
            assertEquals("Pass", run.rows().get(i).validation());
            assertTrue(run.rows().get(i).values()[0] > 0, json.describe());
        }
        assertTrue(run.comments().contains("# Buffers: direct buffers from MPI.newByteBuffer"), run.comments().toString());
        assertTrue(Files.size(png) > 1000, "a chart was drawn");
        assertEquals("\u0089PNG", new String(Files.readAllBytes(png), 0, 4, java.nio.charset.StandardCharsets.ISO_8859_1));

        JobResult csv = mpirun("tcp", "osu_bw", "-m", "1:4", "-i", "2", "--format", "csv").run().assertExit(0);
        String[] lines = csv.stdout().split("\\R");
        assertEquals("benchmark,board,ranks,nodes,host,date,arguments,Size (bytes),Bandwidth (MB/s)", lines[0]);
        assertEquals(4, lines.length, csv.describe());
        assertTrue(lines[3].startsWith("osu_bw,tcp,2,1,"), lines[3]);

        // the two runs on one chart, a line a board
        Path first = dir.resolve("shm.json");
        Files.writeString(first, json.stdout());
        JobResult tcp = mpirun("tcp", "osu_multi_lat", "-m", "1:64", "-i", "3", "--format", "json").run().assertExit(0);
        Path second = dir.resolve("tcp.json");
        Files.writeString(second, tcp.stdout());
        Path svg = dir.resolve("boards.svg");
        osu("plot", first.toString(), second.toString(), "-o", svg.toString()).assertExit(0)
                .assertLine("wrote .*boards\\.svg \\(2 runs\\)");
        assertTrue(Files.readString(svg).contains("<svg"), "an SVG");
        osu("plot", first.toString(), "-o", dir.resolve("x.svg").toString(), "--column", "Nothing").assertExit(1)
                .assertLine("has no column 'Nothing'");
    }

    @Test
    void listNamesEveryBenchmarkMpirunRuns() {
        JobResult list = osu("--list").assertExit(0).assertLine("^# Name\\s+Category\\s+Ranks\\s+Description$");
        List<String> names = new ArrayList<>();
        for (String line : list.stdout().split("\\R")) {
            if (!line.startsWith("#") && !line.isBlank()) {
                names.add(line.split("\\s+")[0]);
            }
        }
        assertEquals(BenchmarkCatalog.all().stream().map(BenchmarkCatalog.Entry::name).toList(), names);
        assertTrue(names.contains("osu_multi_lat"));
        osu("nonsense").assertExit(2).assertLine("unknown command 'nonsense'");
        assertFalse(list.stdout().isBlank());
    }

    private static JobResult osu(String... args) {
        List<String> command = new ArrayList<>(List.of(Repo.root().resolve("bin/osu").toString()));
        command.addAll(List.of(args));
        return Job.command(command.toArray(String[]::new)).timeout(Duration.ofSeconds(60)).run();
    }
}

package org.atollmpi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.atollmpi.bench.osu.BenchmarkCatalog;
import org.atollmpi.bench.report.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OsuToolTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return OsuTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private Path run(String name, String board, String column, double scale) throws Exception {
        List<RunRecord.Row> rows = List.of(new RunRecord.Row(1, new double[] {scale}, null),
                new RunRecord.Row(1024, new double[] {scale * 3}, null));
        RunRecord record = new RunRecord("osu_latency", "", 2, board, 1, "vm", "", "", List.of(), Map.of(),
                List.of(column), rows, List.of());
        Path file = dir.resolve(name);
        Files.writeString(file, record.toJson());
        return file;
    }

    @Test
    void listHasEveryBenchmarkOnce() {
        assertEquals(0, run("--list"));
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\\R");
        assertEquals(BenchmarkCatalog.all().size() + 1, lines.length);
        assertTrue(lines[1].matches("osu_latency\\s+point-to-point\\s+2\\s+ping-pong latency.*"), lines[1]);
        assertEquals(41, BenchmarkCatalog.all().size(), "6 point-to-point, 9 one-sided, 13 collectives twice");
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("osu_multi_lat"));
    }

    @Test
    void plotsSeveralRunsAndNamesThemApart() throws Exception {
        Path a = run("a.json", "shm", "Latency (us)", 1);
        Path b = run("b.json", "tcp", "Latency (us)", 20);
        Path c = run("c.json", "tcp", "Latency (us)", 30);
        Path chart = dir.resolve("chart.png");
        assertEquals(0, run("plot", a.toString(), b.toString(), c.toString(), "-o", chart.toString()),
                err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("(3 runs)"));
        assertTrue(Files.size(chart) > 1000);
    }

    @Test
    void refusalsSayWhy() throws Exception {
        Path a = run("a.json", "shm", "Latency (us)", 1);
        Path bw = run("bw.json", "shm", "MB/s", 1);
        assertEquals(2, run("plot", a.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("give -o CHART.png"), err.toString(StandardCharsets.UTF_8));
        assertEquals(2, run("plot", a.toString(), "-o", dir.resolve("c.gif").toString()));
        assertEquals(1, run("plot", a.toString(), bw.toString(), "-o", dir.resolve("c.svg").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("bw.json: osu_latency has no column 'Latency (us)'"),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(1, run("plot", dir.resolve("none.json").toString(), "-o", dir.resolve("c.svg").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no such file"), err.toString(StandardCharsets.UTF_8));
        assertEquals(2, run("frobnicate"));
        assertEquals(2, run());
    }
}

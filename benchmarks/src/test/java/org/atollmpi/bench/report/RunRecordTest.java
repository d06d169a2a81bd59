package org.atollmpi.bench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunRecordTest {
    static RunRecord sample(boolean validated) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("minSize", 0);
        parameters.put("iterations", "by size");
        parameters.put("validation", validated);
        String verdict = validated ? "Pass" : null;
        return new RunRecord("osu_latency", "# OSU MPI-Java Latency Test v7.5", 2, "tcp", 1, "node,1", "2026-11-23T10:00:00Z",
                "17.0.15", List.of("-m", "8", "--title", "a \"quoted\" word"), parameters,
                List.of("Latency (us)", "P99 (us)"),
                List.of(new RunRecord.Row(0, new double[] {0.25, 1.5}, verdict),
                        new RunRecord.Row(8, new double[] {0.5, Double.NaN}, validated ? "Fail" : null),
                        new RunRecord.Row(16, new double[] {12345678.9, 5.0}, validated ? "Pass" : null)),
                List.of("# Buffers: direct buffers from MPI.newByteBuffer"));
    }

    @Test
    void jsonReadsBackWhatItWrote() {
        RunRecord run = sample(true);
        RunRecord back = RunRecord.fromJson(run.toJson(), "test");
        assertEquals(run.benchmark(), back.benchmark());
        assertEquals(run.board(), back.board());
        assertEquals(run.host(), back.host());
        assertEquals(run.arguments(), back.arguments());
        assertEquals(run.parameters(), back.parameters());
        assertEquals(run.columns(), back.columns());
        assertEquals(run.comments(), back.comments());
        assertArrayEquals(new double[] {0, 8, 16}, back.sizes());
        assertArrayEquals(new double[] {0.25, 0.5, 12345678.9}, back.values(0));
        assertTrue(Double.isNaN(back.values(1)[1]), "a NaN figure is written as null and read back as NaN");
        assertEquals("Fail", back.rows().get(1).validation());
        assertTrue(back.validated());
        assertNull(RunRecord.fromJson(sample(false).toJson(), "t").rows().get(0).validation());
        assertTrue(run.toJson().contains("\"Size (bytes)\" : 8"), run.toJson());
    }

    @Test
    void csvQuotesWhatNeedsIt() {
        String[] lines = sample(true).toCsv().split("\r\n");
        assertEquals("benchmark,board,ranks,nodes,host,date,arguments,Size (bytes),Latency (us),P99 (us),Validation",
                lines[0]);
        assertEquals("osu_latency,tcp,2,1,\"node,1\",2026-11-23T10:00:00Z,\"-m 8 --title a \"\"quoted\"\" word\",0,0.25,1.5,Pass",
                lines[1]);
        assertTrue(lines[2].endsWith(",8,0.5,,Fail"), lines[2]);
        assertTrue(lines[3].endsWith(",16,12345678.9,5,Pass"), lines[3]);
        assertEquals(4, lines.length);
        assertTrue(sample(false).toCsv().startsWith("benchmark,board,ranks,nodes,host,date,arguments,Size (bytes),Latency (us),P99 (us)\r\n"));
    }

    @Test
    void badInputIsNamed() {
        IllegalArgumentException notJson = assertThrows(IllegalArgumentException.class,
                () -> RunRecord.fromJson("{oops", "a.json"));
        assertTrue(notJson.getMessage().startsWith("a.json: not JSON"), notJson.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> RunRecord.fromJson("{\"benchmark\": \"x\"}", "b.json"));
        assertTrue(other.getMessage().contains("--format json"), other.getMessage());
        String missing = sample(false).toJson().replaceFirst("\"P99 \\(us\\)\" : 1\\.5", "\"Other\" : 1.5");
        IllegalArgumentException row = assertThrows(IllegalArgumentException.class,
                () -> RunRecord.fromJson(missing, "c.json"));
        assertTrue(row.getMessage().contains("size 0") && row.getMessage().contains("P99"), row.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RunRecord("x", "", 2, "shm", 1, "", "", "", List.of(),
                Map.of(), List.of("a", "b"), List.of(new RunRecord.Row(1, new double[] {1}, null)), List.of()));
        IllegalArgumentException column = assertThrows(IllegalArgumentException.class, () -> sample(true).column("MB/s"));
        assertTrue(column.getMessage().contains("[Latency (us), P99 (us)]"), column.getMessage());
    }

    @Test
    void seriesAreNamedByBoard() {
        assertEquals("tcp", sample(true).seriesName());
        RunRecord auto = new RunRecord("osu_bw", "", 2, "auto", 1, "vm", "", "", List.of(), Map.of(), List.of("MB/s"),
                List.of(), List.of());
        assertEquals("auto on vm", auto.seriesName());
    }
}

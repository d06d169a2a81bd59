package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * {@code osu_latency} and {@code osu_bw} run through {@code bin/mpirun} by name (mpirun adds
 * {@code lib/atoll-mpi-benchmarks.jar}): OSU output format, {@code -c} validation passing for
 * every size across the protocol thresholds, both buffer kinds, and a window other than OSU's 64
 * ({@code -W}); {@code -g} shows the 8-byte ping-pong allocates at most the Status that
 * {@code recv} returns.
 */
class BenchmarksTest {
    static final Pattern ROW = Pattern.compile("^(\\d+)\\s+(\\d+\\.\\d\\d)\\s+(Pass|Fail)$");

    private static JobResult osu(String program, String... args) {
        return Job.command(Repo.mpirun().toString(), "-np", "2", program).args(args)
                .timeout(Duration.ofSeconds(120)).run();
    }

    /** Rows of the table: size, value, verdict; checks the OSU row layout "%-10d%18.2f%18s". */
    private static List<String[]> rows(JobResult result) {
        List<String[]> rows = new ArrayList<>();
        for (String line : result.stdout().split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            Matcher m = ROW.matcher(line);
            assertTrue(m.matches(), "not an OSU row: '" + line + "'\n" + result.describe());
            assertEquals(String.format("%-10d%18.2f%18s", Integer.parseInt(m.group(1)),
                    Double.parseDouble(m.group(2)), m.group(3)), line, "row layout");
            rows.add(new String[] {m.group(1), m.group(2), m.group(3)});
        }
        return rows;
    }

    @ParameterizedTest(name = "osu_latency -a {0} -c: format and validation 0 B .. 256 KiB")
    @ValueSource(strings = {"buffer", "arrays"})
    void latency(String buffers) {
        JobResult result = osu("osu_latency", "-a", buffers, "-m", "262144", "-i", "100", "-x", "10", "-c")
                .assertExit(0)
                .assertLine("^# OSU MPI-Java Latency Test v7\\.\\d+$")
                .assertLine("^# Size          Latency \\(us\\)        Validation$");
        List<String[]> rows = rows(result);
        assertEquals(20, rows.size(), "sizes 0, 1, 2, ..., 262144\n" + result.describe());
        long size = 0;
        for (String[] row : rows) {
            assertEquals(size, Long.parseLong(row[0]), "size order");
            assertEquals("Pass", row[2], "validation at " + row[0] + "\n" + result.describe());
            assertTrue(Double.parseDouble(row[1]) > 0, "latency at " + row[0]);
            size = size == 0 ? 1 : size * 2;
        }
    }

    @ParameterizedTest(name = "osu_bw -a {0} -c: format and validation 1 B .. 1 MiB")
    @ValueSource(strings = {"buffer", "arrays"})
    void bandwidth(String buffers) {
        JobResult result = osu("osu_bw", "-a", buffers, "-m", "1048576", "-i", "4", "-x", "1", "-c")
                .assertExit(0)
                .assertLine("^# OSU MPI-Java Bandwidth Test v7\\.\\d+$")
                .assertLine("^# Size      Bandwidth \\(MB/s\\)        Validation$");
        List<String[]> rows = rows(result);
        assertEquals(21, rows.size(), "sizes 1 .. 1048576\n" + result.describe());
        for (String[] row : rows) {
            assertEquals("Pass", row[2], "validation at " + row[0] + "\n" + result.describe());
            // %.2f MB/s rounds a loaded machine's 1-byte windows to 0.00; from 4 KiB on it is never 0
            if (Integer.parseInt(row[0]) >= 4096) {
                assertTrue(Double.parseDouble(row[1]) > 0, "bandwidth at " + row[0] + "\n" + result.describe());
            }
        }
    }

    @Test
    void bandwidthWindowOfThreeValidates() {
        List<String[]> rows = rows(osu("osu_bw", "-W", "3", "-m", "65536", "-i", "3", "-x", "1", "-c").assertExit(0));
        assertEquals(17, rows.size(), "sizes 1 .. 65536");
        for (String[] row : rows) {
            assertEquals("Pass", row[2], "validation at " + row[0]);
        }
    }

    /**
     * Bytes a rank may allocate per 8-byte ping-pong iteration. The Open MPI signature
     * {@code Status recv(...)} returns a new Status (48 bytes with compressed oops) on every call;
     * it costs nothing only where C2 inlines the call and scalar-replaces it, which depends on the
     * JIT's inlining decisions (see the -g lines this test prints). Anything beyond that one
     * object - a request, a status copy, a boxed value - fails the test.
     */
    static final double ALLOWED_PER_ITERATION = 48;

    @ParameterizedTest(name = "the 8-byte ping-pong allocates at most the returned Status (-a {0} -g)")
    @ValueSource(strings = {"buffer", "arrays"})
    void eightBytePathAllocatesAtMostTheStatus(String buffers) {
        JobResult result = osu("osu_latency", "-a", buffers, "-m", "8:8", "-i", "20000", "-x", "20000", "-g")
                .assertExit(0);
        List<String> lines = result.matching("^# Allocated at 8 bytes");
        assertEquals(1, lines.size(), result.describe());
        Matcher m = Pattern.compile("rank 0 (\\d+) bytes \\(([\\d.]+) per iteration\\), rank 1 (\\d+) bytes \\(([\\d.]+) per")
                .matcher(lines.get(0));
        assertTrue(m.find(), lines.get(0));
        System.out.println(buffers + ": " + lines.get(0));
        for (int rank = 0; rank < 2; rank++) {
            double perIteration = Double.parseDouble(m.group(2 + 2 * rank));
            assertTrue(perIteration <= ALLOWED_PER_ITERATION, "rank " + rank + " allocates " + perIteration
                    + " bytes per 8-byte ping-pong, more than one Status\n" + result.describe());
        }
    }

    @Test
    void helpAndRankCheck() {
        osu("osu_latency", "-h").assertExit(0).assertLine("^Usage: osu_latency").assertLine("-a, --buffer");
        osu("osu_bw", "-q").assertFailed().assertLine("unknown option '-q'");
        osu("osu_bw", "--help").assertExit(0).assertLine("-W, --window-size N +messages in flight per iteration \\(default 64\\)");
        Job.command(Repo.mpirun().toString(), "-np", "3", "--oversubscribe", "osu_latency", "-m", "8")
                .timeout(Duration.ofSeconds(60)).run().assertFailed()
                .assertLine("This test requires exactly two processes");
    }
}

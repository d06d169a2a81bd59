package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The OSU collective benchmarks run through {@code bin/mpirun} by name on 3 ranks (a
 * non-power-of-two count): every blocking and nonblocking one with {@code -c} passes and prints
 * OSU's header, columns and row layout; {@code -f} adds OSU's full columns; a rank told to damage
 * what it received ({@code -Datoll.osu.corrupt}) makes validation fail, with exit status 1; bad
 * options and a single rank are refused.
 */
class CollectiveBenchmarksTest {
    static final String[] OPERATIONS = {"barrier", "bcast", "reduce", "allreduce", "gather", "gatherv", "scatter",
        "scatterv", "allgather", "allgatherv", "alltoall", "alltoallv", "reduce_scatter"};
    static final String[] TITLES = {"Barrier", "Broadcast", "Reduce", "Allreduce", "Gather", "Gatherv", "Scatter",
        "Scatterv", "Allgather", "Allgatherv", "All-to-All Personalized Exchange",
        "All-to-Allv Personalized Exchange", "Reduce_scatter"};
    static final int MAX_SIZE = 65536;
    static final String NUMBER = "\\s+(\\d+\\.\\d\\d)";

    private static Job osu(int np, String... words) {
        return Job.command(Repo.mpirun().toString(), "-np", String.valueOf(np), "--oversubscribe").args(words)
                .timeout(Duration.ofSeconds(90));
    }

    /**
     * Every program once; the buffer kind alternates so that each operation runs on direct
     * buffers in one of its forms and on arrays in the other.
     */
    static Stream<Arguments> programs() {
        List<Arguments> programs = new ArrayList<>();
        for (int nonblocking = 0; nonblocking < 2; nonblocking++) {
            for (int k = 0; k < OPERATIONS.length; k++) {
                String name = (nonblocking == 1 ? "osu_i" : "osu_") + OPERATIONS[k];
                String title = (nonblocking == 1 ? "Non-blocking " : "") + TITLES[k];
                programs.add(Arguments.of(name, title, (k + nonblocking) % 2 == 0 ? "buffer" : "arrays"));
            }
        }
        return programs.stream();
    }

    @ParameterizedTest(name = "{0} -a {2} -c: OSU format, validation passes")
    @MethodSource("programs")
    void validatesAndPrintsTheOsuTable(String program, String title, String buffers) {
        boolean barrier = program.endsWith("barrier");
        boolean nonblocking = program.startsWith("osu_i");
        boolean reduction = program.contains("reduce");
        List<String> args = new ArrayList<>(List.of(program, "-i", "5", "-x", "2", "-c"));
        if (!barrier) {
            args.addAll(List.of("-a", buffers, "-m", String.valueOf(MAX_SIZE)));
        }
        JobResult result = osu(3, args.toArray(String[]::new)).run()
                .assertExit(0)
                .assertLine("^# OSU MPI-Java " + Pattern.quote(title) + " Latency Test v7\\.5$");
        if (!barrier) {
            result.assertLine("^# Buffers: " + (buffers.equals("arrays")
                    ? (reduction ? "float" : "byte") + "\\[\\] arrays" : "direct buffers from MPI\\.newByteBuffer") + "$");
        }
        String columns = nonblocking
                ? (barrier ? "# Overall(us)    " : "# Size           Overall(us)")
                        + "       Compute(us)    Pure Comm.(us)        Overlap(%)        Validation"
                : (barrier ? "# Avg Latency(us)" : "# Size       Avg Latency(us)") + "        Validation";
        result.assertLine("^" + Pattern.quote(columns) + "$");

        int figures = nonblocking ? 4 : 1;
        List<double[]> rows = rows(result, !barrier, figures);
        long first = barrier ? 0 : reduction ? 4 : 1;
        assertEquals(barrier ? 1 : Long.numberOfTrailingZeros(MAX_SIZE) - Long.numberOfTrailingZeros(first) + 1,
                rows.size(), "rows\n" + result.describe());
        for (int i = 0; i < rows.size(); i++) {
            double[] row = rows.get(i);
            if (!barrier) {
                assertEquals(first << i, (long) row[0], "size order\n" + result.describe());
            }
            if (nonblocking) {
                double overlap = row[4];
                assertTrue(overlap >= 0 && overlap <= 100, "overlap " + overlap + "\n" + result.describe());
            }
        }
    }

    /**
     * The rows of the table: size (0 for the barrier), then {@code figures} numbers, each row
     * checked against the OSU layout: "%-10d" and "%18.2f" each, or for the barrier "%17.2f"
     * first; "%18s" Pass last.
     */
    private static List<double[]> rows(JobResult result, boolean sized, int figures) {
        Pattern row = Pattern.compile("^" + (sized ? "(\\d+)" : "()") + NUMBER.repeat(figures) + "\\s+(Pass|Fail)$");
        List<double[]> rows = new ArrayList<>();
        for (String line : result.stdout().split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            Matcher m = row.matcher(line);
            assertTrue(m.matches(), "not an OSU row: '" + line + "'\n" + result.describe());
            assertEquals("Pass", m.group(figures + 2), "validation: '" + line + "'\n" + result.describe());
            double[] values = new double[figures + 1];
            StringBuilder layout = new StringBuilder();
            if (sized) {
                values[0] = Long.parseLong(m.group(1));
                layout.append(String.format("%-10d", (long) values[0]));
            }
            for (int f = 1; f <= figures; f++) {
                values[f] = Double.parseDouble(m.group(f + 1));
                layout.append(String.format(!sized && f == 1 ? "%17.2f" : "%18.2f", values[f]));
            }
            assertEquals(layout + String.format("%18s", "Pass"), line, "row layout");
            rows.add(values);
        }
        return rows;
    }

    @Test
    void fullFormatAddsOsusColumns() {
        JobResult blocking = osu(3, "osu_allreduce", "-m", "16", "-i", "5", "-f").run().assertExit(0)
                .assertLine("^" + Pattern.quote("# Size       Avg Latency(us)   Min Latency(us)   Max Latency(us)  Iterations") + "$");
        List<String> rows = blocking.matching("^\\d");
        assertEquals(3, rows.size(), "sizes 4, 8, 16\n" + blocking.describe());
        for (String line : rows) {
            Matcher m = Pattern.compile("^(\\d+)" + NUMBER + NUMBER + NUMBER + "\\s+(\\d+)$").matcher(line);
            assertTrue(m.matches(), line);
            double avg = Double.parseDouble(m.group(2));
            double min = Double.parseDouble(m.group(3));
            double max = Double.parseDouble(m.group(4));
            assertTrue(min <= avg && avg <= max, "min <= avg <= max over the ranks: " + line);
            assertEquals("5", m.group(5), "iterations: " + line);
        }

        osu(3, "osu_ibarrier", "-i", "5", "-f").run().assertExit(0)
                .assertLine("^# Overall = Coll\\. Init \\+ Compute \\+ MPI_Wait$")
                .assertLine("^" + Pattern.quote("# Overall(us)           Compute(us)    Coll. Init(us)      MPI_Wait(us)"
                        + "    Pure Comm.(us)        Overlap(%)") + "$")
                .assertLine("^" + NUMBER.repeat(6) + "$");
    }

    /** The seam: the named rank damages one element it received before checking. */
    private static JobResult corrupted(int rank, String... args) {
        List<String> words = new ArrayList<>(List.of("java", "-Datoll.osu.corrupt=" + rank));
        words.addAll(List.of(args));
        return osu(3, words.toArray(String[]::new)).run();
    }

    @Test
    void aWrongResultFailsValidation() {
        JobResult bytes = corrupted(2, "osu_allgather", "-m", "64", "-i", "3", "-c").assertExit(1)
                .assertLine("^# Validation failed for 7 sizes$")
                .assertLine("^# validation: 3 wrong bytes at size 1$");
        assertEquals(7, bytes.matching("Fail$").size(), bytes.describe());
        assertEquals(0, bytes.matching("Pass$").size(), bytes.describe());

        JobResult floats = corrupted(0, "osu_ireduce", "-m", "8:16", "-i", "2", "-c").assertExit(1)
                .assertLine("^# validation: 2 wrong floats at size 8$")
                .assertLine("^# Validation failed for 2 sizes$");
        assertEquals(2, floats.matching("Fail$").size(), floats.describe());

        // rank 1 receives nothing in a gather to rank 0: nothing to damage, the check passes
        corrupted(1, "osu_gather", "-m", "8", "-i", "2", "-c").assertExit(0).assertNoLine("Fail");
    }

    @Test
    void helpVersionAndRefusals() {
        osu(2, "osu_iallreduce", "-h").run().assertExit(0)
                .assertLine("^Usage: osu_iallreduce \\[options\\]$").assertLine("-f, --full").assertNoLine("-g,");
        osu(2, "osu_alltoallv", "-v").run().assertExit(0)
                .assertLine("^# OSU MPI-Java All-to-Allv Personalized Exchange Latency Test v7\\.5$").assertNoLine("^# Size");
        osu(2, "osu_barrier", "-m", "8").run().assertFailed()
                .assertLine("option '-m' does not apply to this benchmark");
        osu(1, "osu_bcast", "-m", "8").run().assertFailed()
                .assertLine("This test requires at least two processes");
    }
}

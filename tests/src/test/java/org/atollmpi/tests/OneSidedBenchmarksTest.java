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
 * The OSU one-sided benchmarks run through {@code bin/mpirun} by name on 2 ranks: each with
 * {@code -c} passes and prints OSU's header, the window and synchronisation lines, the columns
 * and the row layout; {@code osu_put_latency} and {@code osu_get_bw} under every synchronisation
 * of {@code -s}, on windows created over every kind of {@code -a} memory and allocated, with
 * every kind of origin memory (dynamic windows wait for the RMA layer to have them); a rank told to
 * damage what it checks ({@code -Datoll.osu.corrupt}) makes validation fail with exit status 1;
 * a synchronisation a benchmark does not offer, and a rank count other than two, are refused.
 */
class OneSidedBenchmarksTest {
    static final String NUMBER = "\\s+(\\d+\\.\\d\\d)";
    static final String[] SYNCS = {"lock", "flush", "flush_local", "lock_all", "fence", "pscw"};
    static final String[] SYNC_LINES = {"Win.lock/unlock", "Win.flush", "Win.flushLocal", "Win.lockAll/unlockAll",
        "Win.fence", "Win.post/start/complete/waitFor"};

    private static JobResult osu(int np, String... words) {
        return Job.command(Repo.mpirun().toString(), "-np", String.valueOf(np), "--oversubscribe").args(words)
                .timeout(Duration.ofSeconds(90)).run();
    }

    /** Every program with its title, whether its rows are bandwidths, its first size and its default sync. */
    static Stream<Arguments> programs() {
        return Stream.of(
                Arguments.of("osu_put_latency", "Put Latency", false, 1, "Win.flush"),
                Arguments.of("osu_get_latency", "Get Latency", false, 1, "Win.flush"),
                Arguments.of("osu_put_bw", "Put Bandwidth", true, 1, "Win.flush"),
                Arguments.of("osu_get_bw", "Get Bandwidth", true, 1, "Win.flush"),
                Arguments.of("osu_put_bibw", "Put Bi-directional Bandwidth", true, 1, "Win.post/start/complete/waitFor"),
                Arguments.of("osu_acc_latency", "Accumulate Latency", false, 8, "Win.flush"),
                Arguments.of("osu_get_acc_latency", "Get_accumulate Latency", false, 8, "Win.flush"),
                Arguments.of("osu_fop_latency", "Fetch_and_op Latency", false, 8, "Win.flush"),
                Arguments.of("osu_cas_latency", "Compare_and_swap Latency", false, 8, "Win.flush"));
    }

    @ParameterizedTest(name = "{0} -c: OSU format, validation passes")
    @MethodSource("programs")
    void validatesAndPrintsTheOsuTable(String program, String title, boolean bandwidth, int first, String sync) {
        boolean oneSize = program.equals("osu_fop_latency") || program.equals("osu_cas_latency");
        List<String> args = new ArrayList<>(List.of(program, "-i", "20", "-x", "2", "-c", "--percentiles"));
        if (!oneSize) {
            args.addAll(List.of("-m", "4096"));
        }
        if (bandwidth) {
            args.addAll(List.of("-W", "8"));
        }
        JobResult result = osu(2, args.toArray(String[]::new))
                .assertExit(0)
                .assertLine("^# OSU MPI-Java " + Pattern.quote(title) + " Test v7\\.5$")
                .assertLine("^# Buffers: direct buffers from MPI\\.newByteBuffer$")
                .assertLine("^# Window creation: " + Pattern.quote("Win(size, dispUnit, info, comm, base, FLAVOR_PRIVATE)") + "$")
                .assertLine("^# Synchronization: " + Pattern.quote(sync) + "$")
                .assertLine("^" + Pattern.quote("# Size    " + (bandwidth ? "  Bandwidth (MB/s)" : "      Latency (us)")
                        + "          P50 (us)          P99 (us)          Max (us)        Validation") + "$");
        List<double[]> rows = rows(result, 4);
        int last = oneSize ? 8 : 4096;
        assertEquals(Integer.numberOfTrailingZeros(last) - Integer.numberOfTrailingZeros(first) + 1, rows.size(),
                "one row per size from " + first + " to " + last + "\n" + result.describe());
        for (int i = 0; i < rows.size(); i++) {
            double[] row = rows.get(i);
            assertEquals((long) first << i, (long) row[0], "size order\n" + result.describe());
            assertTrue(row[2] <= row[3] && row[3] <= row[4], "p50 <= p99 <= max\n" + result.describe());
        }
    }

    /**
     * The rows of the table: the size, then {@code figures} numbers, each checked against OSU's
     * layout ({@code %-10d}, {@code %18.2f} each, {@code %18s} Pass).
     */
    private static List<double[]> rows(JobResult result, int figures) {
        Pattern row = Pattern.compile("^(\\d+)" + NUMBER.repeat(figures) + "\\s+(Pass|Fail)$");
        List<double[]> rows = new ArrayList<>();
        for (String line : result.stdout().split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            Matcher m = row.matcher(line);
            assertTrue(m.matches(), "not an OSU row of " + figures + " figures: '" + line + "'\n" + result.describe());
            assertEquals("Pass", m.group(figures + 2), "validation: '" + line + "'\n" + result.describe());
            double[] values = new double[figures + 1];
            StringBuilder layout = new StringBuilder(String.format("%-10d", Long.parseLong(m.group(1))));
            values[0] = Long.parseLong(m.group(1));
            for (int f = 1; f <= figures; f++) {
                values[f] = Double.parseDouble(m.group(f + 1));
                layout.append(String.format("%18.2f", values[f]));
            }
            assertEquals(layout + String.format("%18s", "Pass"), line, "row layout");
            rows.add(values);
        }
        return rows;
    }

    /**
     * Every synchronisation on both programs, the window created over memory of every {@code -a}
     * kind on one (board memory, and memory the target's engine serves) and allocated on the
     * other, with origin memory of every kind.
     */
    static Stream<Arguments> synchronisations() {
        List<Arguments> all = new ArrayList<>();
        String[] windows = {"create", "allocate"};
        String[] buffers = {"buffer", "direct", "arrays"};
        for (int s = 0; s < SYNCS.length; s++) {
            all.add(Arguments.of("osu_put_latency", SYNCS[s], SYNC_LINES[s], windows[s % 2], buffers[s % 3]));
            all.add(Arguments.of("osu_get_bw", SYNCS[s], SYNC_LINES[s], windows[(s + 1) % 2], buffers[(s + 1) % 3]));
        }
        return all.stream();
    }

    /** Dynamic windows with every synchronisation. */
    static Stream<Arguments> dynamicWindows() {
        List<Arguments> all = new ArrayList<>();
        for (int s = 0; s < SYNCS.length; s++) {
            all.add(Arguments.of("osu_put_latency", SYNCS[s], SYNC_LINES[s], "dynamic", s % 2 == 0 ? "direct" : "arrays"));
            all.add(Arguments.of("osu_get_bw", SYNCS[s], SYNC_LINES[s], "dynamic", s % 2 == 0 ? "arrays" : "buffer"));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} -s {1} -w {3} -a {4} -c")
    @MethodSource("dynamicWindows")
    void dynamicWindowsValidate(String program, String sync, String line, String window, String buffers) {
        everySynchronisationWindowAndBufferValidates(program, sync, line, window, buffers);
    }

    @ParameterizedTest(name = "{0} -s {1} -w {3} -a {4} -c")
    @MethodSource("synchronisations")
    void everySynchronisationWindowAndBufferValidates(String program, String sync, String line, String window,
                                                      String buffers) {
        List<String> args = new ArrayList<>(List.of(program, "-s", sync, "-w", window, "-a", buffers, "-m", "1:65536",
                "-i", "10", "-x", "1", "-c"));
        if (program.endsWith("_bw")) {
            args.addAll(List.of("-W", "4"));
        }
        JobResult result = osu(2, args.toArray(String[]::new))
                .assertExit(0)
                .assertLine("^# Synchronization: " + Pattern.quote(line) + "$")
                .assertLine("^# Window creation: " + switch (window) {
                    case "create" -> Pattern.quote("Win(base, size, dispUnit, info, comm)");
                    case "allocate" -> Pattern.quote("Win(size, dispUnit, info, comm, base, FLAVOR_PRIVATE)");
                    default -> Pattern.quote("Win(info, comm) and attach");
                } + "$");
        assertEquals(17, rows(result, 1).size(), "sizes 1 .. 65536\n" + result.describe());
    }

    @Test
    void atomicsUnderEverySynchronisation() {
        for (int s = 0; s < SYNCS.length; s++) {
            String program = s % 2 == 0 ? "osu_fop_latency" : "osu_cas_latency";
            JobResult result = osu(2, program, "-s", SYNCS[s], "-a", s % 3 == 0 ? "arrays" : "buffer",
                    "-w", s % 3 == 2 ? "allocate" : "create", "-i", "50", "-x", "5", "-c").assertExit(0)
                    .assertLine("^# Synchronization: " + Pattern.quote(SYNC_LINES[s]) + "$");
            assertEquals(1, rows(result, 1).size(), "one 8-byte row\n" + result.describe());
        }
        JobResult acc = osu(2, "osu_get_acc_latency", "-s", "fence", "-a", "arrays", "-m", "1:1024",
                "-i", "10", "-c").assertExit(0);
        assertEquals(8, rows(acc, 1).size(), "sizes 8 .. 1024: whole longs\n" + acc.describe());
        osu(2, "osu_put_bibw", "-s", "fence", "-a", "arrays", "-m", "1:4096", "-i", "5", "-W", "4", "-c").assertExit(0);
    }

    /** The seam: the named rank damages one element it checks before checking. */
    private static JobResult corrupted(int rank, String... args) {
        List<String> words = new ArrayList<>(List.of("java", "-Datoll.osu.corrupt=" + rank));
        words.addAll(List.of(args));
        return osu(2, words.toArray(String[]::new));
    }

    @Test
    void aWrongResultFailsValidation() {
        // a put is checked at its target, rank 1
        JobResult put = corrupted(1, "osu_put_latency", "-m", "1:64", "-i", "3", "-c").assertExit(1)
                .assertLine("^# Validation failed for 7 sizes$")
                .assertLine("^# validation: 3 wrong bytes at size 1$");
        assertEquals(7, put.matching("Fail$").size(), put.describe());
        // a get is checked at its origin, rank 0; under fence both ranks get, so rank 1 fails alone too
        corrupted(0, "osu_get_bw", "-m", "8", "-i", "2", "-W", "4", "-c").assertExit(1)
                .assertLine("^# validation: 2 wrong bytes at size 8$");
        corrupted(1, "osu_get_latency", "-s", "fence", "-m", "8:8", "-i", "2", "-c").assertExit(1);
        // passive target: rank 1 fetches nothing, so a damaged rank 1 of a get passes
        corrupted(1, "osu_get_latency", "-m", "8:8", "-i", "2", "-c").assertExit(0).assertNoLine("Fail");
        // atomics: the target's window (rank 1), or under pscw the origin's result too
        corrupted(1, "osu_fop_latency", "-i", "4", "-c").assertExit(1)
                .assertLine("^# validation: 4 wrong elements at size 8$");
        corrupted(0, "osu_cas_latency", "-s", "pscw", "-i", "4", "-c").assertExit(1);
        corrupted(1, "osu_acc_latency", "-m", "8:16", "-i", "2", "-c").assertExit(1)
                .assertLine("^# Validation failed for 2 sizes$");
    }

    @Test
    void helpVersionAndRefusals() {
        osu(2, "osu_put_bw", "-h").assertExit(0).assertLine("^Usage: osu_put_bw \\[options\\]$")
                .assertLine("-s, --sync-option S").assertLine("-w, --win-option W").assertLine("-W, --window-size");
        osu(2, "osu_cas_latency", "-v").assertExit(0).assertLine("^# OSU MPI-Java Compare_and_swap Latency Test v7\\.5$");
        osu(2, "osu_put_bibw", "-s", "lock").assertFailed()
                .assertLine("-s: this benchmark takes fence, pscw, not lock");
        osu(2, "osu_fop_latency", "-m", "64").assertFailed().assertLine("option '-m' does not apply to this benchmark");
        osu(2, "osu_put_latency", "-w", "shared").assertFailed()
                .assertLine("-w: expected create, allocate or dynamic, got 'shared'");
        osu(3, "osu_put_latency", "-m", "8").assertFailed().assertLine("This test requires exactly two processes");
    }
}

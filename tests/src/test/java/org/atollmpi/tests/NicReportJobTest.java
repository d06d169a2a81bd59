package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.atollmpi.nic.stat.NicReport;
import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.programs.NicCounts;
import org.atollmpi.tests.programs.NicWatched;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The NIC's own view through the real launcher: {@code mpirun --report-nic} counts what the
 * protocol must do (one fast send per 8-byte message, one rendezvous per large one, its data read
 * once), on every board, for a program of known traffic and for the OSU benchmarks; and
 * {@code bin/atoll-stat} reads a running job's counters from outside it.
 */
class NicReportJobTest {
    private static final int MIB = 1 << 20;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--board=shm", "--board=tcp", "ATOLL_TEST_NODES=2"})
    void everyMessageIsCountedAsTheProtocolSends(String board) {
        int small = 100;
        int large = 7;
        Job job = Job.mpirun(3).args("--report-nic");
        job = board.startsWith("--") ? job.args(board) : job.args("-x", board);
        JobResult result = job.program(NicCounts.class, Integer.toString(small), Integer.toString(large)).run();
        result.assertExit(0).assertLine("mpirun: NIC counters at MPI_Finalize \\(--report-nic\\), 3 ranks");
        String table = table(result);
        for (int rank = 0; rank < 2; rank++) {
            // each small message is one fast send; each large one is announced by one deposit (its RTS)
            assertEquals(small + large, count(table, "fast sends", rank) + count(table, "eager records", rank), table);
            assertTrue(count(table, "fast sends", rank) >= small, table);
            assertEquals(large, count(table, "rendezvous sent", rank), table);
            assertEquals(large, count(table, "rendezvous received", rank), table);
            assertEquals((long) large * MIB, count(table, "get bytes", rank), "each large message read once: " + table);
            assertEquals(small + large, count(table, "messages received", rank), table);
            assertEquals(0, count(table, "refused, every NACK", rank), table);
        }
        // rank 2 only started and finalized: the training pass's traffic is not the program's
        for (String row : List.of("fast sends", "eager records", "messages received", "gets", "rendezvous sent")) {
            assertEquals(0, count(table, row, 2), row + ": " + table);
        }
    }

    @Test
    void osuLatencyTakesOneFastSendPerSmallMessageAndOneRendezvousPerLargeOne() {
        // two runs that differ only in the iterations: the difference is the timed loop's alone
        String shorter = table(osu(2, "--board=shm", "osu_latency", "-m", "8:8", "-i", "200", "-x", "10"));
        String longer = table(osu(2, "--board=shm", "osu_latency", "-m", "8:8", "-i", "400", "-x", "10"));
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(200, count(longer, "fast sends", rank) - count(shorter, "fast sends", rank), longer);
            assertEquals(200, count(longer, "messages received", rank) - count(shorter, "messages received", rank));
            assertEquals(0, count(longer, "eager records", rank), longer);
            assertEquals(0, count(longer, "rendezvous sent", rank), longer);
        }
        // 1 MiB: each of the 20 + 2 messages each way is one rendezvous, its data read once
        String large = table(osu(2, "--board=shm", "osu_latency", "-m", "1048576:1048576", "-i", "20", "-x", "2"));
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(22, count(large, "rendezvous sent", rank), large);
            assertEquals(22, count(large, "rendezvous received", rank), large);
            assertEquals(22L * MIB, count(large, "get bytes", rank), large);
            assertEquals(0, count(large, "eager records", rank), large);
        }
    }

    @Test
    void osuAllreduceTakesTheAlgorithmsMessagesOverTcpAndNoneThroughTheShmBoard() {
        // Our osu_allreduce makes 10 x i untimed calls first, then i + x timed ones, each followed
        // by a barrier, and a barrier before each chunk of 500 calls: i = 60 and i = 100 both make
        // 2 chunks, so the second makes 440 calls more. On 4 ranks over TCP each call is 2 rounds of
        // recursive doubling and its barrier 2 rounds of dissemination: 4 fast sends a rank.
        String shorter = table(osu(4, "--board=tcp", "osu_allreduce", "-m", "8:8", "-i", "60", "-x", "10"));
        String longer = table(osu(4, "--board=tcp", "osu_allreduce", "-m", "8:8", "-i", "100", "-x", "10"));
        for (int rank = 0; rank < 4; rank++) {
            assertEquals(440 * 4, count(longer, "fast sends", rank) - count(shorter, "fast sends", rank), longer);
            assertEquals(0, count(longer, "eager records", rank), longer);
        }
        // on one node the board's collective engine works in board memory: no NIC message at all
        String shm60 = table(osu(4, "--board=shm", "osu_allreduce", "-m", "8:8", "-i", "60", "-x", "10"));
        String shm100 = table(osu(4, "--board=shm", "osu_allreduce", "-m", "8:8", "-i", "100", "-x", "10"));
        for (int rank = 0; rank < 4; rank++) {
            assertEquals(count(shm60, "fast sends", rank), count(shm100, "fast sends", rank), shm100);
            assertEquals(count(shm60, "messages received", rank), count(shm100, "messages received", rank), shm100);
        }
    }

    @Test
    void atollStatReadsARunningJobsCountersAndNothingIsLeftBehind(@TempDir Path dir) throws Exception {
        Path go = dir.resolve("go");
        RunningJob job = Job.mpirun(3).program(NicWatched.class, "500", go.toString()).start();
        try {
            job.awaitLine("^ready$", Duration.ofSeconds(60));
            String id = jobId(job.pid());
            assertNotNull(id, "no counter page of mpirun " + job.pid() + " in /dev/shm");
            Process stat = new ProcessBuilder(Repo.root().resolve("bin/atoll-stat").toString(), "--once", id)
                .redirectErrorStream(true).start();
            String shown = new String(stat.getInputStream().readAllBytes());
            assertEquals(0, stat.waitFor(), shown);
            assertTrue(shown.startsWith("job " + id + ": 3 ranks, 3 running"), shown);
            String table = shown.substring(shown.indexOf('\n') + 1);
            assertEquals(500, count(table, "fast sends", 0), shown);
            assertEquals(500, count(table, "fast sends", 1), shown);
            assertEquals(500, count(table, "messages received", 1), shown);
            assertEquals(0, count(table, "fast sends", 2), shown);
        } finally {
            Files.createFile(go);
        }
        job.await().assertExit(0);
        assertEquals(null, jobIdOrNull(job.pid()), "the job's counter pages are left in /dev/shm");
        Process none = new ProcessBuilder(Repo.root().resolve("bin/atoll-stat").toString(), "--once",
            job.pid() + "xnosuchjob").redirectErrorStream(true).start();
        String said = new String(none.getInputStream().readAllBytes());
        assertEquals(1, none.waitFor(), said);
        assertTrue(said.contains("no job " + job.pid() + "xnosuchjob"), said);
    }

    @Test
    void aBadModelIsRefusedNamingIt() {
        Job.mpirun(2).args("--nic-model", "myrinet").program(NicCounts.class, "1", "0").run().assertFailed()
            .assertLine(".*--nic-model myrinet: expected atoll or ultra.*");
    }

    private static JobResult osu(int np, String board, String... benchmark) {
        List<String> words = new ArrayList<>(List.of(Repo.mpirun().toString(), "-np", Integer.toString(np),
            "--oversubscribe", board, "--report-nic"));
        words.addAll(List.of(benchmark));
        return Job.command(words.toArray(String[]::new)).timeout(Duration.ofSeconds(120)).run().assertExit(0);
    }

    /** The report: everything after mpirun's line that opens it. */
    private static String table(JobResult result) {
        String out = result.stdout();
        int at = out.indexOf("mpirun: NIC counters at MPI_Finalize");
        assertTrue(at >= 0, result.describe());
        return out.substring(out.indexOf('\n', at) + 1);
    }

    private static long count(String table, String row, int rank) {
        String cell = NicReport.cell(table, row, rank);
        assertNotNull(cell, "no row '" + row + "' for rank " + rank + " in\n" + table);
        return Long.parseLong(cell);
    }

    private static String jobId(long mpirunPid) throws IOException {
        String id = jobIdOrNull(mpirunPid);
        return id;
    }

    /** mpirun's job ids start with its pid and 'x'; its ranks' pages are atoll-<id>-<node>.nic<rank>. */
    private static String jobIdOrNull(long mpirunPid) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("/dev/shm"))) {
            return files.map(p -> p.getFileName().toString())
                .filter(n -> n.startsWith("atoll-" + mpirunPid + "x") && n.matches("atoll-[^-]+-.+\\.nic\\d+"))
                .map(n -> n.substring("atoll-".length(), n.indexOf('-', "atoll-".length())))
                .findFirst().orElse(null);
        }
    }
}

package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.WaitForever;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SIGINT and SIGTERM stop the whole job however mpirun was started: here as a script's
 * background job does it, with both signals ignored when mpirun starts (the JVM would install no
 * handler for them). mpirun must say it was interrupted, exit with 128 + the signal's number, and
 * leave no rank process and nothing in /dev/shm.
 */
class InterruptTest {
    /** The job must be gone this long after the signal. */
    static final Duration END_WITHIN = Duration.ofSeconds(5);

    @ParameterizedTest(name = "kill -{0} on mpirun started with SIGINT and SIGTERM ignored ends the job with status {1}")
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalEndsTheWholeJob(String signal, int status) throws IOException, InterruptedException {
        Set<String> shm = Shm.atollFiles();
        RunningJob job = Job.command("sh", "-c", "trap '' INT TERM; exec \"$0\" \"$@\"", Repo.mpirun().toString(),
                        "-np", "2", "--oversubscribe", "-cp", Repo.testClasses().toString(), WaitForever.class.getName())
                .timeout(Duration.ofSeconds(60)).start();
        job.awaitLine("^WAITING rank 0", Duration.ofSeconds(60));
        job.awaitLine("^WAITING rank 1", Duration.ofSeconds(60));
        List<ProcessHandle> ranks = ProcessHandle.of(job.pid()).orElseThrow().descendants().toList();

        long sent = System.nanoTime();
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(job.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + job.pid());
        JobResult result = job.await();

        Duration took = Duration.ofNanos(result.endNanos() - sent);
        if (took.compareTo(END_WITHIN) > 0) {
            throw new AssertionError("mpirun ended " + took.toMillis() + " ms after SIG" + signal + ", limit "
                    + END_WITHIN.toMillis() + " ms\n" + result.describe());
        }
        result.assertExit(status).assertNoLine("STILL ALIVE");
        assertEquals(List.of("mpirun: interrupted (SIG" + signal + "); killing the job"), result.matching("^mpirun:"),
                result.describe());
        for (ProcessHandle rank : ranks) {
            assertFalse(rank.isAlive(), "rank process " + rank.pid() + " outlived mpirun\n" + result.describe());
        }
        Shm.assertNothingLeft(shm, result);
    }
}

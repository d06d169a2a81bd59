package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.WaitForever;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SIGINT and SIGTERM stop the whole job however mpirun was started: here as a script's
 * background job does it, with both signals ignored when mpirun starts (the JVM would install no
 * handler for them), and as Ctrl-C in a terminal does, to every process of the job at once.
 * mpirun must say so, exit with 128 + the signal's number, and leave no rank process and nothing
 * in /dev/shm.
 */
class InterruptTest {
    /** The job must be gone this long after the signal. */
    static final Duration END_WITHIN = Duration.ofSeconds(5);
    /** Starts the rest of the command line with SIGINT and SIGTERM ignored, as {@code cmd &} in a script. */
    static final String IGNORING = "trap '' INT TERM; exec \"$0\" \"$@\"";

    @ParameterizedTest(name = "kill -{0} on mpirun started with SIGINT and SIGTERM ignored ends the job with status {1}")
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalEndsTheWholeJob(String signal, int status) throws IOException, InterruptedException {
        Set<String> shm = Shm.atollFiles();
        RunningJob job = waitingJob("sh", "-c", IGNORING);
        List<ProcessHandle> ranks = ProcessHandle.of(job.pid()).orElseThrow().descendants().toList();

        JobResult result = signal(job, "-" + signal, Long.toString(job.pid()));
        result.assertExit(status).assertNoLine("STILL ALIVE");
        assertEquals(List.of("mpirun: interrupted (SIG" + signal + "); killing the job"), result.matching("^mpirun:"),
                result.describe());
        assertAllGone(ranks, result);
        Shm.assertNothingLeft(shm, result);
    }

    @Test
    void ctrlCToTheWholeProcessGroupEndsTheJob() throws IOException, InterruptedException {
        Set<String> shm = Shm.atollFiles();
        // a process group of its own, led by mpirun, as a terminal's foreground job
        RunningJob job = waitingJob("setsid", "sh", "-c", IGNORING);
        List<ProcessHandle> ranks = ProcessHandle.of(job.pid()).orElseThrow().descendants().toList();

        JobResult result = signal(job, "-INT", "--", "-" + job.pid());
        result.assertExit(130).assertNoLine("STILL ALIVE");
        // mpirun's hook or a rank's own end may speak first; either names the signal
        assertTrue(result.matching("^mpirun:").stream().allMatch(l -> l.contains("SIGINT")), result.describe());
        assertAllGone(ranks, result);
        Shm.assertNothingLeft(shm, result);
    }

    /** mpirun -np 2 WaitForever, started through {@code prefix}, once both ranks wait in MPI. */
    private static RunningJob waitingJob(String... prefix) {
        RunningJob job = Job.command(prefix).args(Repo.mpirun().toString(), "-np", "2", "--oversubscribe",
                "-cp", Repo.testClasses().toString(), WaitForever.class.getName()).timeout(Duration.ofSeconds(60)).start();
        job.awaitLine("^WAITING rank 0", Duration.ofSeconds(60));
        job.awaitLine("^WAITING rank 1", Duration.ofSeconds(60));
        return job;
    }

    /** Runs {@code kill killArgs} and waits for the job, which must end within {@link #END_WITHIN}. */
    private static JobResult signal(RunningJob job, String... killArgs) throws IOException, InterruptedException {
        List<String> kill = new ArrayList<>(List.of("kill"));
        kill.addAll(List.of(killArgs));
        long sent = System.nanoTime();
        assertEquals(0, new ProcessBuilder(kill).inheritIO().start().waitFor(), String.join(" ", kill));
        JobResult result = job.await();
        Duration took = Duration.ofNanos(result.endNanos() - sent);
        if (took.compareTo(END_WITHIN) > 0) {
            throw new AssertionError("mpirun ended " + took.toMillis() + " ms after " + String.join(" ", kill)
                    + ", limit " + END_WITHIN.toMillis() + " ms\n" + result.describe());
        }
        return result;
    }

    private static void assertAllGone(List<ProcessHandle> ranks, JobResult result) {
        assertEquals(2, ranks.size(), "the two rank processes, seen before the signal");
        for (ProcessHandle rank : ranks) {
            assertFalse(rank.isAlive(), "rank process " + rank.pid() + " outlived mpirun\n" + result.describe());
        }
    }
}

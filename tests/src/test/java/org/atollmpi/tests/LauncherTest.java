package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.AbortJob;
import org.atollmpi.tests.programs.BeforeInit;
import org.atollmpi.tests.programs.Die;
import org.atollmpi.tests.programs.FatalError;
import org.atollmpi.tests.programs.Hello;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * What the launcher and the environment must do when things go wrong, and the ways to start a
 * program: abort codes, dying ranks (ended within 5 s, named, no board file left), fatal errors,
 * calls outside Init/Finalize, a plain {@code java} singleton, the Open MPI {@code mpirun java}
 * form and {@code -x}.
 */
class LauncherTest {
    /** A dying rank must end the job within this long (issue 2). */
    static final Duration END_WITHIN = Duration.ofSeconds(5);
    /** A line naming rank 2 (the victim of Die on 3 ranks). */
    static final String NAMES_RANK_2 = "(?i)\\brank\\s*[:#=]?\\s*2\\b";

    @ParameterizedTest(name = "Abort(comm, 7) in the {0} dialect ends mpirun with status 7")
    @ValueSource(strings = {"ompi", "mpj"})
    void abortEndsTheJobWithItsCode(String dialect) {
        Set<String> shm = Shm.atollFiles();
        RunningJob job = Job.mpirun(3).program(AbortJob.class, dialect).timeout(Duration.ofSeconds(60)).start();
        job.awaitLine("^ABORTING", Duration.ofSeconds(60));
        long aborted = job.lineTime("^ABORTING");
        JobResult result = job.await();
        result.assertExit(7).assertNoLine("STILL ALIVE");
        assertEndedWithin(aborted, result);
        Shm.assertNothingLeft(shm, result);
    }

    @ParameterizedTest(name = "Abort(comm, {0}), 0 modulo 256, ends mpirun with status 1, never 0")
    @ValueSource(strings = {"256", "0"})
    void anAbortNeverReadsAsSuccess(String code) {
        JobResult result = Job.mpirun(3).program(AbortJob.class, "ompi", code).timeout(Duration.ofSeconds(60)).run();
        result.assertExit(1).assertNoLine("STILL ALIVE").assertLine("abort with code " + code);
    }

    @ParameterizedTest(name = "a rank dying by {0} ends the job within 5 s, named, nothing left in /dev/shm")
    @ValueSource(strings = {"exception", "exit", "kill"})
    void aDyingRankEndsTheJob(String mode) {
        Set<String> shm = Shm.atollFiles();
        RunningJob job = Job.mpirun(3).program(Die.class, mode).timeout(Duration.ofSeconds(60)).start();
        Matcher pid = job.awaitLine("^PID=(\\d+)", Duration.ofSeconds(60));
        job.awaitLine("^DYING", Duration.ofSeconds(10));
        long died;
        if (mode.equals("kill")) {
            long victim = Long.parseLong(pid.group(1));
            ProcessHandle handle = ProcessHandle.of(victim)
                    .orElseThrow(() -> new AssertionError("rank process " + victim + " not found"));
            died = System.nanoTime();
            assertTrue(handle.destroyForcibly(), "kill -9 " + victim);
        } else {
            died = job.lineTime("^DYING");
        }
        JobResult result = job.await();
        if (mode.equals("exit")) {
            result.assertExit(3);
        } else {
            result.assertFailed();
        }
        assertEndedWithin(died, result);
        result.assertLine(NAMES_RANK_2);
        Shm.assertNothingLeft(shm, result);
    }

    @Test
    void errorsAreFatalByDefault() {
        Set<String> shm = Shm.atollFiles();
        RunningJob job = Job.mpirun(2).program(FatalError.class).timeout(Duration.ofSeconds(60)).start();
        job.awaitLine("^SENDING TO A BAD RANK", Duration.ofSeconds(60));
        long sent = job.lineTime("^SENDING TO A BAD RANK");
        JobResult result = job.await();
        result.assertExit(6).assertNoLine("STILL ALIVE");
        result.assertLine("^atoll-mpi: rank 1: fatal error MPI_ERR_RANK in send: dest 7 is not a rank of MPI_COMM_WORLD"
                + " \\(size 2\\); the job ends with status 6 \\(the error class\\)$");
        result.assertLine("^mpirun: rank 1 \\(pid \\d+\\) ended with a fatal MPI error \\(class 6, MPI_ERR_RANK\\);"
                + " aborting the job$");
        assertEndedWithin(sent, result);
        Shm.assertNothingLeft(shm, result);
    }

    @Test
    void aFatalErrorIsReportedOnceWithTheStackOfTheCall() {
        JobResult result = Job.mpirun(2).program(FatalError.class).timeout(Duration.ofSeconds(60)).run();
        assertEquals(1, result.matching("is not a rank of").size(), "the error's message, once\n" + result.describe());
        assertEquals(2, result.matching("MPI_ERR_RANK").size(), "the class, named by the rank and by mpirun\n"
                + result.describe());
        result.assertNoLine("called abort").assertNoLine("MPIException").assertNoLine("Comm\\.raise");
        List<String> stack = result.matching("^\\s+at ");
        assertEquals(List.of("at mpi.Comm.send(", "at " + FatalError.class.getName() + ".main("),
                stack.stream().map(s -> s.strip().replaceAll("\\(.*", "(")).toList(),
                "the stack from the program's call down\n" + result.describe());
    }

    @Test
    void afterAFatalErrorTheOtherRanksAreQuiet() {
        // rank 0 waits in Finalize's barrier while rank 1 fails: it halts without a word of its own
        JobResult result = Job.mpirun(2).program(FatalError.class, "finalizing").timeout(Duration.ofSeconds(60)).run();
        result.assertExit(6).assertNoLine("Exception").assertNoLine("exchange").assertNoLine("rank 0");
        assertEquals(2, result.matching("^\\s+at ").size(), "only the failing call's stack\n" + result.describe());
    }

    @Test
    void callsBeforeInitAndAfterFinalizeFailClearly() {
        JobResult result = Job.mpirun(1).program(BeforeInit.class).timeout(Duration.ofSeconds(60)).run();
        result.assertOk(1).assertNoLine("returned normally");
        result.assertLine("^BEFORE-INIT MPIException .*(?i)init");
        result.assertLine("^BEFORE-INIT-MPJ MPIException .*(?i)init");
        result.assertLine("^BEFORE-INIT-SEND MPIException .*(?i)init");
        result.assertLine("^AFTER-FINALIZE MPIException .*(?i)finaliz");
    }

    @Test
    void plainJavaIsASingletonWorld() {
        String classPath = Repo.jar() + java.io.File.pathSeparator + Repo.testClasses();
        JobResult result = Job.command(Repo.java(), "-cp", classPath, Hello.class.getName(), "size=1")
                .timeout(Duration.ofSeconds(60)).run();
        result.assertOk(1).assertLine("^Hello from rank 0 of 1 on ");
    }

    @Test
    void theOpenMpiJavaFormWorks() {
        JobResult result = Job.command(Repo.mpirun().toString(), "-np", "2", "java", "-cp",
                        Repo.testClasses().toString(), Hello.class.getName(), "size=2")
                .timeout(Duration.ofSeconds(60)).run();
        result.assertOk(2).assertLine("^Hello from rank 1 of 2 on ");
    }

    @Test
    void exportedVariablesReachEveryRank() {
        JobResult result = Job.command(Repo.mpirun().toString(), "-np", "2", "-x", "ATOLL_TEST_MARK=forty-two",
                        "-cp", Repo.testClasses().toString(), Hello.class.getName(), "env=ATOLL_TEST_MARK=forty-two")
                .timeout(Duration.ofSeconds(60)).run();
        result.assertOk(2);
    }

    private static void assertEndedWithin(long sinceNanos, JobResult result) {
        Duration took = Duration.ofNanos(result.endNanos() - sinceNanos);
        System.out.printf("job ended %d ms after the event%n", took.toMillis());
        if (took.compareTo(END_WITHIN) > 0) {
            throw new AssertionError("the job ended " + took.toMillis() + " ms after the event, limit "
                    + END_WITHIN.toMillis() + " ms\n" + result.describe());
        }
    }
}

package org.atollmpi.tests;

import java.time.Duration;
import java.util.Set;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.CorruptBoard;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A rank that writes garbage into the shm board through its own mapping (issue 13, "shm board
 * integrity"): the rank that reads it ends the job with a fatal MPI error naming the corrupting
 * rank and the field, within 5 s, no rank survives the JVM crash that a trusted length or base
 * used to cause, and nothing is left in /dev/shm.
 */
class BoardCorruptionJobTest {
    private static final Duration END_WITHIN = Duration.ofSeconds(5);

    @ParameterizedTest(name = "{0}: rank {1} ends the job naming {2}")
    @CsvSource(delimiter = '|', value = {
        "ring         | 0 | corrupt board memory from rank 1: record length 805306368 in the receive ring at position \\d+ \\(a record is 32\\.\\.\\d+ bytes\\)",
        "slot         | 0 | corrupt board memory from rank 1: payload length 200 in the status word of fast-send slot \\d+ \\(message \\d+\\) of rank 1's slot ring, over the 40-byte maximum",
        "notification | 0 | corrupt board memory from an unknown rank: source 4242 of the notification at position \\d+ of the notification queue is not a rank \\(0\\.\\.2\\)",
        "window       | 1 | one-sided access to rank 0 refused by the NIC: the target's window descriptor is corrupt \\(base or length outside its memory\\) \\(TDESC\\)"})
    void aCorruptFieldEndsTheJobNamingTheRankAndTheField(String field, int reader, String message) {
        Set<String> shm = Shm.atollFiles();
        RunningJob job = Job.mpirun(3).program(CorruptBoard.class, field).timeout(Duration.ofSeconds(90)).start();
        job.awaitLine("^CORRUPTED ", Duration.ofSeconds(90));
        long corrupted = job.lineTime("^CORRUPTED ");
        JobResult result = job.await();
        result.assertExit(17).assertNoLine("STILL ALIVE").assertNoLine("SIGSEGV|hs_err|A fatal error has been detected");
        result.assertLine("^atoll-mpi: rank " + reader + ": fatal error MPI_ERR_INTERN in .*" + message
            + "; the job ends with status 17 \\(the error class\\)$");
        result.assertLine("^mpirun: rank " + reader + " \\(pid \\d+\\) ended with a fatal MPI error \\(class 17, "
            + "MPI_ERR_INTERN\\); aborting the job$");
        Duration took = Duration.ofNanos(result.endNanos() - corrupted);
        if (took.compareTo(END_WITHIN) > 0) {
            throw new AssertionError("the job ended " + took.toMillis() + " ms after the corruption, limit "
                + END_WITHIN.toMillis() + " ms\n" + result.describe());
        }
        Shm.assertNothingLeft(shm, result);
    }
}

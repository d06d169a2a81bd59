package org.atollmpi.tests;

import java.time.Duration;
import java.util.Set;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.BadInput;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Rows of the bad-input table under the default {@code ERRORS_ARE_FATAL}, one per kind of object
 * (communicator, request array, datatype, group, window, the mpiJava offset form): rank 1's bad
 * call ends the whole job while rank 0 waits in a barrier, with the error class as the exit
 * status, rank 1 and the class named once by the rank and once by mpirun, nothing returned to
 * the caller, and no board file left in {@code /dev/shm}.
 */
class BadInputFatalTest {
    /** A fatal error must end the job within this long (issue 2's limit for a dying rank). */
    static final Duration END_WITHIN = Duration.ofSeconds(5);

    @ParameterizedTest(name = "{0} under ERRORS_ARE_FATAL ends the job with status {1} ({2})")
    @CsvSource({
        "Comm.getRank, 5, MPI_ERR_COMM",
        "Request.waitAll, 13, MPI_ERR_ARG",
        "Datatype.getExtent, 3, MPI_ERR_TYPE",
        "Group.incl, 6, MPI_ERR_RANK",
        "Win.put, 53, MPI_ERR_WIN",
        "Comm.Send, 1, MPI_ERR_BUFFER",
        "Comm.bcast, 8, MPI_ERR_ROOT",
    })
    void aBadCallEndsTheJob(String method, int errorClass, String className) {
        Set<String> shm = Shm.atollFiles();
        RunningJob job = Job.mpirun(2).program(BadInput.class, "fatal=" + method).timeout(Duration.ofSeconds(90))
                .start();
        job.awaitLine("^FATAL ROW ", Duration.ofSeconds(90));
        long called = job.lineTime("^FATAL ROW ");
        JobResult result = job.await();
        result.assertExit(errorClass).assertNoLine("STILL ALIVE").assertNoLine("^OK rank");
        result.assertLine("^FATAL ROW " + method.replace(".", "\\.") + " class " + errorClass + "$");
        result.assertLine("^atoll-mpi: rank 1: fatal error " + className + " in [A-Za-z_]+: .+; "
                + "the job ends with status " + errorClass + " \\(the error class\\)$");
        result.assertLine("^mpirun: rank 1 \\(pid \\d+\\) ended with a fatal MPI error \\(class " + errorClass + ", "
                + className + "\\); aborting the job$");
        Duration took = Duration.ofNanos(result.endNanos() - called);
        if (took.compareTo(END_WITHIN) > 0) {
            throw new AssertionError("the job ended " + took.toMillis() + " ms after the call, limit "
                    + END_WITHIN.toMillis() + " ms\n" + result.describe());
        }
        Shm.assertNothingLeft(shm, result);
    }
}

package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.programs.OneSidedFatal;
import org.junit.jupiter.api.Test;

/**
 * A one-sided error under a window's default handler (ERRORS_ARE_FATAL) ends the job as a
 * point-to-point one does (LauncherTest): a non-zero status, the class named by the rank and by
 * mpirun, the message once, the stack from the program's call down, and no line after the call.
 */
class OneSidedFatalTest {
    @Test
    void aPutPastTheEndEndsTheJob() {
        JobResult result = Job.mpirun(2).program(OneSidedFatal.class).timeout(Duration.ofSeconds(60)).run();
        result.assertFailed().assertLine("PUTTING PAST THE END").assertNoLine("STILL ALIVE");
        assertEquals(2, result.matching("MPI_ERR_RMA_RANGE").size(), "the class, named by the rank and by mpirun\n"
                + result.describe());
        result.assertNoLine("MPIException");
        List<String> stack = result.matching("^\\s+at ");
        assertEquals(List.of("at mpi.Win.put(", "at " + OneSidedFatal.class.getName() + ".main("),
                stack.stream().map(s -> s.strip().replaceAll("\\(.*", "(")).toList(),
                "the stack from the program's call down\n" + result.describe());
    }
}

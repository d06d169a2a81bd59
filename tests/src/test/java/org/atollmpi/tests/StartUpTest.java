package org.atollmpi.tests;

import java.time.Duration;
import java.util.Set;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.StartUp;
import org.junit.jupiter.api.Test;

/**
 * Start-up as Open MPI users expect it: when some ranks are in {@code MPI_Init}, a rank that
 * exits or dies before it, or does not get there within {@code --init-timeout}, ends the job
 * within seconds with a message naming it; a job in which no rank uses MPI simply runs.
 */
class StartUpTest {
    @Test
    void aRankLeavingBeforeInitEndsTheJob() {
        Set<String> shm = Shm.atollFiles();
        JobResult result = Job.mpirun(2).program(StartUp.class, "exit").timeout(Duration.ofSeconds(60)).run();
        result.assertFailed()
                .assertLine("rank 1 \\(pid \\d+\\) exited without calling MPI_Init, while rank 0 waits for it")
                .assertWithin(Duration.ofSeconds(20));
        Shm.assertNothingLeft(shm, result);
    }

    @Test
    void aRankDyingBeforeInitEndsTheJob() {
        JobResult result = Job.mpirun(2).program(StartUp.class, "die").timeout(Duration.ofSeconds(60)).run();
        result.assertExit(4).assertLine("rank 1 \\(pid \\d+\\) exited with status 4");
    }

    @Test
    void aRankThatNeverReachesInitEndsTheJobAfterTheTimeout() {
        Set<String> shm = Shm.atollFiles();
        JobResult result = Job.command(org.atollmpi.tests.harness.Repo.mpirun().toString(), "-np", "2",
                        "--init-timeout", "2", "-cp", org.atollmpi.tests.harness.Repo.testClasses().toString(),
                        StartUp.class.getName(), "sleep")
                .timeout(Duration.ofSeconds(60)).run();
        result.assertFailed()
                .assertLine("rank 1 \\(pid \\d+\\) has not called MPI_Init 2 s after rank 0 did")
                .assertWithin(Duration.ofSeconds(20));
        Shm.assertNothingLeft(shm, result);
    }

    @Test
    void aJobThatNeverUsesMpiSimplyRuns() {
        JobResult result = Job.mpirun(2).program(StartUp.class, "no-mpi").timeout(Duration.ofSeconds(60)).run();
        result.assertExit(0).assertLine("^NO MPI 0$").assertLine("^NO MPI 1$");
    }
}

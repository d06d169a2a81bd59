package org.atollmpi.tests;

import java.time.Duration;
import java.util.List;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.programs.AsyncProgress;
import org.junit.jupiter.api.Test;

/**
 * {@code mpirun --async-progress}: a 16 MiB receive completes in well under a second while the
 * sender computes for 3 s without MPI calls; without it, the same receive waits for the sender.
 */
class AsyncProgressTest {
    @Test
    void theProgressThreadMovesATransferWhileTheSenderComputes() {
        long with = receiveMillis(Job.mpirun(2).args("--async-progress").program(AsyncProgress.class, "async"));
        long without = receiveMillis(Job.mpirun(2).program(AsyncProgress.class));
        System.out.printf("16 MiB receive while the sender computes 3 s: %d ms with --async-progress, %d ms without%n",
                with, without);
        if (with >= 1000 || without < 2500) {
            throw new AssertionError("receive took " + with + " ms with the progress thread and " + without
                    + " ms without; expected under 1000 and about 3000");
        }
    }

    private static long receiveMillis(Job job) {
        JobResult result = job.timeout(Duration.ofSeconds(60)).run();
        result.assertOk(2);
        List<String> lines = result.matching("^RECEIVE_MS=(\\d+)");
        if (lines.size() != 1) {
            throw new AssertionError("no RECEIVE_MS line\n" + result.describe());
        }
        return Long.parseLong(lines.get(0).substring("RECEIVE_MS=".length()).trim());
    }
}

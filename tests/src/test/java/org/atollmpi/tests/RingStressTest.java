package org.atollmpi.tests;

import java.time.Duration;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.programs.RingStress;
import org.junit.jupiter.api.Test;

/** {@code -np 8} on two cores (oversubscribed) passes a token 1,000 times around the ring in seconds. */
class RingStressTest {
    static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void eightRanksOnTwoCoresFinishAThousandRounds() {
        JobResult result = Job.mpirun(8).program(RingStress.class, "1000").timeout(Duration.ofSeconds(180)).run();
        result.assertOk(8).assertLine("^RING ranks=8 rounds=1000 ");
        System.out.println(result.matching("^RING").get(0) + " (job " + result.elapsed().toMillis() + " ms)");
        result.assertWithin(LIMIT);
    }
}

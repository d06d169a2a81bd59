package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.programs.LargeMessages;
import org.junit.jupiter.api.Test;

/**
 * Large messages from plain direct buffers cross with one copy on the shm board: the receiver
 * reads the sender's buffer by cross-memory attach, and ATOLL_STATS says so, with the way chosen
 * at start-up. Where the kernel will not have it (here: ATOLL_SHM_CMA=off) they go through the
 * board, and ATOLL_STATS says why. LargeMessages checks every byte either way.
 */
class CrossMemoryJobTest {
    private static final Pattern CROSS = Pattern.compile(".*RTS windows \\d+, of them cross-memory (\\d+).*");

    @Test
    void largeDirectMessagesAreReadFromTheSendersBuffer() {
        List<String> stats = stats(run());
        for (String line : stats) {
            if (line.contains("peers read direct buffers by cross-memory attach")) {
                assertTrue(crossMemorySends(line) > 0, "no message went by cross-memory attach: " + line);
            } else {
                // a kernel that refuses the reads (a container's seccomp filter): said, and nothing tried
                assertTrue(line.contains("peers read direct buffers by off ("), line);
                assertEquals(0, crossMemorySends(line), line);
            }
        }
    }

    @Test
    void offMeansThroughTheBoardAndSaysWhy() {
        for (String line : stats(run("-x", "ATOLL_SHM_CMA=off"))) {
            assertTrue(line.contains("peers read direct buffers by off (atoll.shm.cma / ATOLL_SHM_CMA is off)"), line);
            assertEquals(0, crossMemorySends(line), line);
        }
    }

    private static JobResult run(String... args) {
        JobResult result = Job.mpirun(2).args("--board", "shm", "-x", "ATOLL_STATS=1").args(args)
                .program(LargeMessages.class).timeout(Duration.ofSeconds(180)).run();
        result.assertOk(2);
        return result;
    }

    private static List<String> stats(JobResult result) {
        List<String> stats = result.matching("atoll-mpi: rank \\d+: fast.*");
        assertEquals(2, stats.size(), result.describe());
        return stats;
    }

    private static long crossMemorySends(String line) {
        Matcher m = CROSS.matcher(line);
        assertTrue(m.matches(), line);
        return Long.parseLong(m.group(1));
    }
}

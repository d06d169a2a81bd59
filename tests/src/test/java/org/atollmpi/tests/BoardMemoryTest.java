package org.atollmpi.tests;

import java.time.Duration;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.programs.NeverStall;
import org.junit.jupiter.api.Test;

/**
 * Board memory from {@code MPI.newXBuffer} goes back to the board when the program drops it; when
 * the board is really full, buffers come from ordinary memory with one line saying so, and sends
 * still complete.
 */
class BoardMemoryTest {
    static final String BOARD_FULL = "board memory is full";

    @Test
    void droppedBoardBuffersReturnToTheBoard() {
        // 300 x 1 MiB on a 256 MiB board: without the memory coming back, the 257th would not fit.
        JobResult result = Job.mpirun(2).program(NeverStall.class, "dropped-buffers")
                .timeout(Duration.ofSeconds(120)).run();
        result.assertOk(2).assertNoLine(BOARD_FULL);
    }

    @Test
    void aFullBoardFallsBackToOrdinaryMemoryOnceSaid() {
        JobResult result = Job.mpirun(2).args("-x", "ATOLL_SHM_HEAP_BYTES=1m")
                .program(NeverStall.class, "board-full").timeout(Duration.ofSeconds(120)).run();
        result.assertOk(2);
        int lines = result.matching(BOARD_FULL).size();
        if (lines != 2) {
            throw new AssertionError("expected one '" + BOARD_FULL + "' line per rank, got " + lines + "\n"
                    + result.describe());
        }
    }
}

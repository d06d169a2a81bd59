package org.atollmpi.engine;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.late.LateCompletionBoard;
import org.atollmpi.nic.shm.ShmBoard;

/**
 * The engine contract on the shm board behind the late-completing board: every Get, Put and
 * atomic completes polls later and out of order, as on a network board, and at most 4 are
 * outstanding per port, so the engine meets BUSY too.
 */
class LateCompletionEngineTest extends EngineContract {
    private static long seed = 20261122;

    @Override
    Board board(int ranks, BoardLimits limits) {
        return new LateCompletionBoard(ShmBoard.anonymous(ranks, ShmBoardEngineTest.config(limits)), seed++, 4);
    }
}

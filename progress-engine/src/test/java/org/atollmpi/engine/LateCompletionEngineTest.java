package org.atollmpi.engine;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardLimits;
import org.atollmpi.nic.BoardMatrix;

/**
 * The engine contract on the shm board behind the late-completing board: every Get, Put and
 * atomic completes polls later and out of order, as on a network board, and at most 4 are
 * outstanding per port, so the engine meets BUSY too.
 */
class LateCompletionEngineTest extends EngineContract {
    @Override
    Board board(int ranks, BoardLimits limits) {
        return BoardMatrix.LATE.board(ranks, limits);
    }
}

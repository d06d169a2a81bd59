package org.atollmpi.engine;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardLimits;
import org.atollmpi.nic.BoardMatrix;

/** The engine contract on the in-process board (plain Java queues, heap memory). */
class LocalBoardEngineTest extends EngineContract {
    @Override
    Board board(int ranks, BoardLimits limits) {
        return BoardMatrix.LOCAL.board(ranks, limits);
    }
}

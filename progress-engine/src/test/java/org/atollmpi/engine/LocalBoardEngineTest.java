package org.atollmpi.engine;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.local.LocalBoard;

/** The engine contract on the in-process board (plain Java queues, heap memory). */
class LocalBoardEngineTest extends EngineContract {
    @Override
    Board board(int ranks, BoardLimits limits) {
        int records = Math.max(1, limits.ringBytes() / 16384);
        return new LocalBoard(ranks, new LocalBoard.Limits(limits.slots(), records, limits.notifications(),
            limits.maxRecord(), limits.windows(), limits.heapBytes(), 16));
    }
}

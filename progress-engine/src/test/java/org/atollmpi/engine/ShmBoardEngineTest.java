package org.atollmpi.engine;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;

/** The engine contract on the shm board, ranks as threads of one process over anonymous board memory. */
class ShmBoardEngineTest extends EngineContract {
    static ShmBoardConfig config(BoardLimits limits) {
        return ShmBoardConfig.defaults().withSlotsPerRing(limits.slots()).withReceiveRingBytes(limits.ringBytes())
            .withNotificationEntries(limits.notifications()).withWindowEntries(limits.windows())
            .withHeapBytesPerRank(limits.heapBytes());
    }

    @Override
    Board board(int ranks, BoardLimits limits) {
        return ShmBoard.anonymous(ranks, config(limits));
    }
}

package org.atollmpi.engine;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.router.RouterBoard;
import org.atollmpi.nic.tcp.TcpBoardConfig;

/**
 * The engine contract on the router: ranks as threads dealt round robin over two nodes (rank r on
 * node r mod 2), so every exchange between neighbours crosses the TCP board and every other one
 * stays on a node's shm board, and a rank's place on its node differs from its rank.
 */
class RouterBoardEngineTest extends EngineContract {
    @Override
    Board board(int ranks, BoardLimits limits) {
        return RouterBoard.roundRobin(ranks, Math.min(ranks, 2), ShmBoardEngineTest.config(limits),
            TcpBoardConfig.defaults().withQueues(limits.slots(), limits.ringBytes(), limits.notifications()));
    }
}

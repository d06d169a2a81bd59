package org.atollmpi.engine;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.tcp.TcpBoard;
import org.atollmpi.nic.tcp.TcpBoardConfig;

/**
 * The engine contract on the TCP board: ranks as threads of one process, each with its own port
 * listening on loopback, every deposit and one-sided operation a frame over an authenticated
 * connection, completed by the event loop that plays the NIC.
 */
class TcpBoardEngineTest extends EngineContract {
    @Override
    Board board(int ranks, BoardLimits limits) {
        return new TcpBoard(ranks, TcpBoardConfig.defaults()
            .withQueues(limits.slots(), limits.ringBytes(), limits.notifications())
            .withWindows(limits.windows(), limits.heapBytes()));
    }
}

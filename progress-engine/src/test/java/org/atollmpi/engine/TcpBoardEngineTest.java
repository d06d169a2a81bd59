package org.atollmpi.engine;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardLimits;
import org.atollmpi.nic.BoardMatrix;

/**
 * The engine contract on the TCP board: ranks as threads of one process, each with its own port
 * listening on loopback, every deposit and one-sided operation a frame over an authenticated
 * connection, completed by the event loop that plays the NIC.
 */
class TcpBoardEngineTest extends EngineContract {
    @Override
    Board board(int ranks, BoardLimits limits) {
        return BoardMatrix.TCP.board(ranks, limits);
    }
}

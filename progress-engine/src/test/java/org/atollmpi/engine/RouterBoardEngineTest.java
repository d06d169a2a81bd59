package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardLimits;
import org.atollmpi.nic.BoardMatrix;
import org.junit.jupiter.api.Test;

/**
 * The engine contract on the router: ranks as threads dealt round robin over two nodes (rank r on
 * node r mod 2), so every exchange between neighbours crosses the TCP board and every other one
 * stays on a node's shm board, and a rank's place on its node differs from its rank.
 */
class RouterBoardEngineTest extends EngineContract {
    @Override
    Board board(int ranks, BoardLimits limits) {
        return BoardMatrix.ROUTER.board(ranks, limits);
    }

    /**
     * A large message from a plain direct buffer to a rank on the same node is read from the
     * sender's memory (the node's shm board), one to a rank on the other node goes through the
     * TCP board; both arrive whole.
     */
    @Test
    void onlyRanksOfTheSameNodeReadTheSendersMemory() throws Exception {
        int n = 1 << 20;
        run(4, BoardLimits.DEFAULT, false, staging(1024, 128 * 1024, 64 * 1024, 4), e -> {
            switch (e.rank()) {
                case 0 -> {
                    assertTrue(e.port().exposesProcessMemoryTo(2), "rank 2 shares rank 0's node");
                    assertFalse(e.port().exposesProcessMemoryTo(1), "rank 1 is on the other node");
                    ByteBuffer out = ByteBuffer.allocateDirect(n);
                    out.put(pattern(n, 3)).clear();
                    e.send(Engine.MODE_STANDARD, null, Addresses.addressOf(out), n, 2, 1, CTX);
                    e.send(Engine.MODE_STANDARD, null, Addresses.addressOf(out), n, 1, 1, CTX);
                    assertEquals(1, e.counters().crossMemorySends(), e.counters().toString());
                    Reference.reachabilityFence(out);
                }
                case 1, 2 -> {
                    byte[] got = new byte[n];
                    e.recv(got, B, n, 0, 1, CTX);
                    assertArrayEquals(pattern(n, 3), got, "rank " + e.rank());
                }
                default -> { }
            }
        });
    }
}

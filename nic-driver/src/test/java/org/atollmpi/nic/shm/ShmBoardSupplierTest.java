package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.RoutingSpace;
import org.junit.jupiter.api.Test;

class ShmBoardSupplierTest {
    @Test
    void aSingletonGetsAnAnonymousBoard() {
        HostPort port = new ShmBoardSupplier(Recorder.smallConfig()).openPort(RoutingSpace.singleton());
        assertEquals(0, port.rank());
        assertEquals(1, port.size());
        port.close();
    }

    @Test
    void aJobSpanningNodesIsRefusedNamingTheRanks() {
        RoutingSpace twoNodes = new RoutingSpace() {
            @Override public int rank() { return 1; }
            @Override public int size() { return 4; }
            @Override public int[] nodeRanks() { return new int[] {0, 1}; }
            @Override public Path boardPath() { return Path.of("/dev/shm/atoll-never-created"); }
            @Override public long jobKey() { return 1; }
            @Override public void barrier() { throw new AssertionError("no barrier before the refusal"); }
            @Override public byte[][] exchange(byte[] mine) { throw new AssertionError("no exchange"); }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> new ShmBoardSupplier(Recorder.smallConfig()).openPort(twoNodes));
        assertTrue(e.getMessage().contains("rank 1 shares its node with ranks [0, 1] of 4"), e.getMessage());
    }
}

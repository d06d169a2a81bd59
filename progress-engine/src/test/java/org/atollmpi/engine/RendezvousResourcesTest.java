package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardLimits;
import org.atollmpi.nic.BoardMatrix;
import org.atollmpi.nic.HostPort;
import org.junit.jupiter.api.Test;

class RendezvousResourcesTest {
    /**
     * Short of board memory, staging is allocated at the size asked rather than a whole class;
     * given back, such a region must not be cached as the whole class, or a later, larger
     * transfer gets a region its window does not fit (the job then lost that transfer's CTS to an
     * exception: a THREAD_MULTIPLE stress run with 64 KiB of board memory stalled).
     */
    @Test
    void aRegionAllocatedShortOfMemoryIsNeverHandedOutAsAWholeClass() {
        BoardLimits limits = BoardLimits.DEFAULT.withHeapBytes(96 << 10); // room for 32 KiB, not for 64 KiB plus more
        try (Board board = BoardMatrix.SHM.board(1, limits)) {
            HostPort port = board.open(0);
            RendezvousResources resources = new RendezvousResources(port);
            var blocker = port.allocate(40 << 10); // leaves no whole 64 KiB block
            assertNotNull(blocker);
            RendezvousResources.Staging small = resources.acquireStaging(32 << 10);
            assertNotNull(small, "32 KiB fits");
            assertTrue(small.region().length() < 64 << 10, "allocated at the size asked: " + small.region());
            resources.release(small.key(), small);
            blocker.free();
            RendezvousResources.Staging large = resources.acquireStaging(50_000);
            assertNotNull(large, "64 KiB fits once the blocker is gone");
            assertTrue(large.region().length() >= 50_000, "a region the window fits: " + large.region());
            resources.release(large.key(), large);
        }
    }
}

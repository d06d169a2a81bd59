package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EngineConfigTest {
    @Test
    void ranksSpinWhenEachHasACoreOfTheNode() {
        // A rank bound to one core sees one processor; what counts is the node's cores.
        assertEquals(EngineConfig.IdleMode.SPIN, EngineConfig.forNode(2, 2).idle());
        assertEquals(EngineConfig.IdleMode.SPIN, EngineConfig.forNode(16, 16).idle());
        assertEquals(EngineConfig.IdleMode.BACKOFF, EngineConfig.forNode(8, 2).idle());
    }

    @Test
    void backingOffWaitersParkLongerTheMoreShareACore() {
        assertEquals(400_000, EngineConfig.forNode(3, 2).maxParkNanos()); // two on the busier core
        assertEquals(200_000, EngineConfig.maxParkFor(2, 2));
        assertEquals(800_000, EngineConfig.forNode(8, 2).maxParkNanos());
        // 64 ranks on 2 cores: 32 per core, 6.4 ms, below the cap
        assertEquals(6_400_000, EngineConfig.forNode(64, 2).maxParkNanos());
        assertEquals(EngineConfig.MAX_PARK_CAP_NANOS, EngineConfig.forNode(1024, 2).maxParkNanos());
        System.setProperty("atoll.idle.maxParkUs", "300");
        try {
            assertEquals(300_000, EngineConfig.forNode(64, 2).maxParkNanos());
        } finally {
            System.clearProperty("atoll.idle.maxParkUs");
        }
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> new EngineConfig(1024, 1024, 4096, 3, EngineConfig.IdleMode.BACKOFF,
                EngineConfig.HeapRendezvous.RING, 0));
    }

    @Test
    void aMalformedChoiceNamesTheSettingAndTheChoices() {
        System.setProperty("atoll.rndv.heap", "bogus");
        try {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> EngineConfig.forNode(1, 1));
            org.junit.jupiter.api.Assertions.assertEquals(
                "atoll.rndv.heap / ATOLL_RNDV_HEAP must be one of [ring, staging], not 'bogus'", e.getMessage());
            System.setProperty("atoll.rndv.heap", "Ring");
            assertEquals(EngineConfig.HeapRendezvous.RING, EngineConfig.forNode(1, 1).heapRendezvous());
            System.clearProperty("atoll.rndv.heap");
            assertEquals(EngineConfig.HeapRendezvous.STAGING, EngineConfig.forNode(1, 1).heapRendezvous());
        } finally {
            System.clearProperty("atoll.rndv.heap");
        }
    }

    @Test
    void sizesTakeSuffixes() {
        System.setProperty("atoll.rndv.chunk", "16k");
        try {
            assertEquals(16 * 1024, EngineConfig.forNode(1, 1).chunkBytes());
        } finally {
            System.clearProperty("atoll.rndv.chunk");
        }
    }
}

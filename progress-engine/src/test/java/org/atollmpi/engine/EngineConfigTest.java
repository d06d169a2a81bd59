package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EngineConfigTest {
    @Test
    void ranksWaitAdaptivelyAndArePatientOnlyWhenTheyOutnumberTheNodesCores() {
        // A rank bound to one core sees one processor; what counts is the node's cores.
        assertEquals(EngineConfig.IdleMode.ADAPTIVE, EngineConfig.forNode(2, 2).idle());
        assertEquals(false, EngineConfig.forNode(2, 2).oversubscribed());
        assertEquals(false, EngineConfig.forNode(16, 16).oversubscribed());
        assertEquals(true, EngineConfig.forNode(8, 2).oversubscribed());
        assertEquals(EngineConfig.IdleMode.ADAPTIVE, EngineConfig.forNode(8, 2).idle());
        System.setProperty("atoll.idle", "spin");
        try {
            assertEquals(EngineConfig.IdleMode.SPIN, EngineConfig.forNode(8, 2).idle());
        } finally {
            System.clearProperty("atoll.idle");
        }
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

    @Test
    void stagingChunksShrinkToHalfTheLargestSoSmallerMessagesStillPipeline() {
        int k = 1024;
        assertEquals(256 * k, RendezvousSend.chunkFor(4096 * k, 256 * k, 4), "4 MiB: the largest chunk");
        assertEquals(256 * k, RendezvousSend.chunkFor(1024 * k, 256 * k, 4), "1 MiB: four of the largest");
        assertEquals(192 * k, RendezvousSend.chunkFor(768 * k, 256 * k, 4), "768 KiB: four slots' worth");
        assertEquals(128 * k, RendezvousSend.chunkFor(512 * k, 256 * k, 4), "512 KiB: four of half");
        assertEquals(128 * k, RendezvousSend.chunkFor(256 * k, 256 * k, 4), "256 KiB: never below half");
        assertEquals(132 * k, RendezvousSend.chunkFor(525_000, 256 * k, 4), "whole pages");
    }
}

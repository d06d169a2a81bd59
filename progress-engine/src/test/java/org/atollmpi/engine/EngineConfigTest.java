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
    void sizesTakeSuffixes() {
        System.setProperty("atoll.rndv.chunk", "16k");
        try {
            assertEquals(16 * 1024, EngineConfig.forNode(1, 1).chunkBytes());
        } finally {
            System.clearProperty("atoll.rndv.chunk");
        }
    }
}

package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

class ShmBoardConfigTest {
    @Test
    void defaults() {
        ShmBoardConfig c = ShmBoardConfig.fromProperties(new Properties());
        assertEquals(32, c.slotsPerRing());
        assertEquals(1 << 20, c.receiveRingBytes());
        assertEquals(1024, c.notificationEntries());
        assertEquals(1024, c.windowEntries());
        assertEquals(256L << 20, c.heapBytesPerRank());
        assertEquals(30_000, c.attachTimeoutMillis());
        assertEquals(0, c.jobKey());
        assertTrue(c.nativeMapping());
    }

    @Test
    void environmentVariablesSetWhatPropertiesDoNot() {
        assertEquals("ATOLL_SHM_HEAP_BYTES", ShmBoardConfig.environmentName(ShmBoardConfig.HEAP_BYTES_PROPERTY));
        assertEquals("ATOLL_SHM_ATTACH_TIMEOUT_MS", ShmBoardConfig.environmentName(ShmBoardConfig.ATTACH_TIMEOUT_PROPERTY));
        Properties p = new Properties();
        p.setProperty(ShmBoardConfig.WINDOWS_PROPERTY, "16");
        ShmBoardConfig c = ShmBoardConfig.fromProperties(ShmBoardConfig.settings(
            java.util.Map.of("ATOLL_SHM_HEAP_BYTES", "64k", "ATOLL_SHM_WINDOWS", "8", "ATOLL_SHM_SLOTS", "4"), p));
        assertEquals(64 << 10, c.heapBytesPerRank());
        assertEquals(16, c.windowEntries(), "the property wins");
        assertEquals(4, c.slotsPerRing());
    }

    @Test
    void propertiesOverrideWithSizeSuffixes() {
        Properties p = new Properties();
        p.setProperty(ShmBoardConfig.SLOTS_PROPERTY, "64");
        p.setProperty(ShmBoardConfig.RING_BYTES_PROPERTY, "256k");
        p.setProperty(ShmBoardConfig.NOTIFICATIONS_PROPERTY, "128");
        p.setProperty(ShmBoardConfig.WINDOWS_PROPERTY, "10");
        p.setProperty(ShmBoardConfig.HEAP_BYTES_PROPERTY, "2g");
        p.setProperty(ShmBoardConfig.ATTACH_TIMEOUT_PROPERTY, "500");
        p.setProperty(ShmBoardConfig.JOB_KEY_PROPERTY, "-42");
        p.setProperty(ShmBoardConfig.NATIVE_MAPPING_PROPERTY, "false");
        ShmBoardConfig c = ShmBoardConfig.fromProperties(p);
        assertEquals(64, c.slotsPerRing());
        assertEquals(256 << 10, c.receiveRingBytes());
        assertEquals(128, c.notificationEntries());
        assertEquals(10, c.windowEntries());
        assertEquals(2L << 30, c.heapBytesPerRank());
        assertEquals(500, c.attachTimeoutMillis());
        assertEquals(-42, c.jobKey());
        assertFalse(c.nativeMapping());
    }

    @Test
    void badValuesNameTheProperty() {
        Properties p = new Properties();
        p.setProperty(ShmBoardConfig.SLOTS_PROPERTY, "30");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShmBoardConfig.fromProperties(p));
        assertTrue(e.getMessage().contains("power of two"), e.getMessage());
        p.setProperty(ShmBoardConfig.SLOTS_PROPERTY, "3x");
        e = assertThrows(IllegalArgumentException.class, () -> ShmBoardConfig.fromProperties(p));
        assertTrue(e.getMessage().contains(ShmBoardConfig.SLOTS_PROPERTY), e.getMessage());
        p.remove(ShmBoardConfig.SLOTS_PROPERTY);
        p.setProperty(ShmBoardConfig.RING_BYTES_PROPERTY, "4g");
        e = assertThrows(IllegalArgumentException.class, () -> ShmBoardConfig.fromProperties(p));
        assertTrue(e.getMessage().contains(ShmBoardConfig.RING_BYTES_PROPERTY), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ShmBoardConfig.defaults().withReceiveRingBytes(1000));
        assertThrows(IllegalArgumentException.class, () -> ShmBoardConfig.defaults().withNotificationEntries(1));
        assertThrows(IllegalArgumentException.class, () -> ShmBoardConfig.defaults().withWindowEntries(0));
        assertThrows(IllegalArgumentException.class, () -> ShmBoardConfig.defaults().withHeapBytesPerRank(-1));
    }

    @Test
    void layoutCapsTheHeapToFitAndKeepsPagesAligned() {
        ShmBoardConfig c = ShmBoardConfig.defaults();
        ShmLayout free = ShmLayout.compute(16, c, Long.MAX_VALUE);
        assertEquals(256L << 20, free.heapBytesPerRank);
        ShmLayout capped = ShmLayout.compute(16, c, BoardMapping.CHANNEL_MAX_SIZE);
        assertTrue(capped.totalSize <= BoardMapping.CHANNEL_MAX_SIZE);
        assertTrue(capped.heapBytesPerRank < 256L << 20);
        assertEquals(0, capped.heapBytesPerRank % ShmLayout.PAGE);
        assertEquals(0, free.portStride % ShmLayout.PAGE);
        assertEquals(0, free.receiveRingOffset % ShmLayout.PAGE);
        assertEquals(0, free.windowTableOffset % 64);
        assertEquals(0, free.notificationsOffset % 64);
    }
}

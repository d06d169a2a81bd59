package org.atollmpi.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class RuntimeSettingsTest {
    @Test
    void defaultsAreOff() {
        RuntimeSettings s = RuntimeSettings.from(Map.of(), new Properties());
        assertFalse(s.asyncProgress());
        assertFalse(s.stats());
        assertNull(s.lateSeed());
        assertEquals(RuntimeSettings.BoardChoice.AUTO, s.board());
    }

    @Test
    void theBoardIsChosenByVariableOrProperty() {
        assertEquals(RuntimeSettings.BoardChoice.TCP,
            RuntimeSettings.from(Map.of("ATOLL_BOARD", "tcp"), new Properties()).board());
        Properties p = new Properties();
        p.setProperty("atoll.board", "SHM");
        assertEquals(RuntimeSettings.BoardChoice.SHM, RuntimeSettings.from(Map.of("ATOLL_BOARD", "tcp"), p).board());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> RuntimeSettings.from(Map.of("ATOLL_BOARD", "myrinet"), new Properties()));
        assertTrue(e.getMessage().contains("ATOLL_BOARD") && e.getMessage().contains("myrinet"), e.getMessage());
    }

    @Test
    void variablesSetAndPropertiesWin() {
        Properties p = new Properties();
        p.setProperty("atoll.async.progress", "false");
        RuntimeSettings s = RuntimeSettings.from(Map.of("ATOLL_ASYNC_PROGRESS", "1", "ATOLL_STATS", "yes",
            "ATOLL_NIC_LATE_COMPLETION", "42"), p);
        assertFalse(s.asyncProgress(), "the property wins over the variable");
        assertTrue(s.stats());
        assertEquals(42L, s.lateSeed());
        assertTrue(RuntimeSettings.from(Map.of("ATOLL_ASYNC_PROGRESS", "true"), new Properties()).asyncProgress());
    }

    @Test
    void malformedValuesNameTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> RuntimeSettings.from(Map.of("ATOLL_ASYNC_PROGRESS", "sometimes"), new Properties()));
        assertTrue(e.getMessage().contains("ATOLL_ASYNC_PROGRESS") && e.getMessage().contains("sometimes"),
            e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
            () -> RuntimeSettings.from(Map.of("ATOLL_NIC_LATE_COMPLETION", "x"), new Properties()));
        assertTrue(e.getMessage().contains("ATOLL_NIC_LATE_COMPLETION"), e.getMessage());
    }
}

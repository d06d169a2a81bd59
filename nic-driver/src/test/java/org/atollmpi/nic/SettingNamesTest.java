package org.atollmpi.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SettingNamesTest {
    @Test
    void wordsOfTheCamelCaseNameBecomeUpperCaseWordsJoinedByUnderscores() {
        assertEquals("ATOLL_TCP_HANDSHAKE_MS", SettingNames.environmentName("ATOLL_TCP_", "handshakeMs"));
        assertEquals("ATOLL_SHM_HEAP_BYTES_PER_RANK", SettingNames.environmentName("ATOLL_SHM_", "heapBytesPerRank"));
        assertEquals("ATOLL_TCP_HOST", SettingNames.environmentName("ATOLL_TCP_", "host"));
        // as the pattern ([a-z])([A-Z]) did: no break inside a run of capitals or after a digit
        assertEquals("X_READ_URLS", SettingNames.environmentName("X_", "readURLs"));
        assertEquals("X_RING2BYTES", SettingNames.environmentName("X_", "ring2Bytes"));
    }
}

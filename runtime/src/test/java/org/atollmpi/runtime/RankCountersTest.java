package org.atollmpi.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The launcher's view of a rank's counters reads the rank's report line as the NIC wrote it. */
class RankCountersTest {
    @Test
    void readsWhatARankSends() {
        RankCounters r = RankCounters.decode("rank=3 ranks=4 board=shm pid=77 state=2 FAST_SENDS=5 EAGER_RECORDS=7"
            + " PUTS=11 GETS=13 ATOMICS=17 FAST_BYTES=100 EAGER_BYTES=1000 PUT_BYTES=10000 BYTES_IN=9");
        assertEquals(3, r.rank());
        assertEquals(4, r.ranks());
        assertEquals(77, r.pid());
        assertTrue(r.finalized());
        // what atoll-stat's rates count as sent: deposits and one-sided operations, not what came in
        assertEquals(5 + 7 + 11 + 13 + 17, r.messagesOut());
        assertEquals(100 + 1000 + 10000, r.bytesOut());
    }

    @Test
    void aRunningRankIsNotFinalized() {
        assertFalse(RankCounters.decode("rank=0 ranks=1 state=1").finalized());
    }

    @Test
    void refusesALineThatDoesNotRead() {
        assertThrows(IllegalArgumentException.class, () -> RankCounters.decode("rank=0 garbage"));
    }

    @Test
    void tableHasAColumnPerRankAndADashForAMissingOne() {
        String table = RankCounters.table(Arrays.asList(RankCounters.decode("rank=0 ranks=2 state=2 FAST_SENDS=42"),
            null));
        String fastSends = table.lines().filter(l -> l.startsWith("fast sends ")).findFirst().orElseThrow();
        assertEquals(List.of("fast", "sends", "42", "-"), List.of(fastSends.trim().split("\\s+")),
            table);
    }
}

package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.nic.stat.NicCounter;
import org.atollmpi.nic.stat.NicCounters;
import org.junit.jupiter.api.Test;

class AdaptiveIdleStrategyTest {
    @Test
    void anOfferNobodyTakesDoublesTheSpinningUpToTheMaximum() {
        AdaptiveIdleStrategy idle = new AdaptiveIdleStrategy(false, false);
        assertEquals(AdaptiveIdleStrategy.MAX_SPINS, idle.limit());
        idle.offered(AdaptiveIdleStrategy.GAVE_AWAY_NANOS + 1);
        assertEquals(AdaptiveIdleStrategy.MIN_SPINS, idle.limit());
        int expected = AdaptiveIdleStrategy.MIN_SPINS;
        while (expected < AdaptiveIdleStrategy.MAX_SPINS) {
            idle.offered(100);
            expected = Math.min(expected * 2, AdaptiveIdleStrategy.MAX_SPINS);
            assertEquals(expected, idle.limit());
        }
        idle.offered(0);
        assertEquals(AdaptiveIdleStrategy.MAX_SPINS, idle.limit());
    }

    @Test
    void spinsReachThePageWhenTheThreadYieldsOrTheWaitEndsAndYieldsAsTheyHappen() {
        NicCounters page = NicCounters.inHeap(0, 1, "test");
        AdaptiveIdleStrategy idle = new AdaptiveIdleStrategy(false, false).countingInto(page);
        for (int i = 0; i < 10; i++) {
            idle.idle(0);
        }
        assertEquals(0, page.get(NicCounter.IDLE_SPINS), "spins are tallied by the thread until it yields or stops");
        idle.idle(1); // work: the wait is over
        assertEquals(10, page.get(NicCounter.IDLE_SPINS));
        for (int i = 0; i < AdaptiveIdleStrategy.MAX_SPINS; i++) {
            idle.idle(0); // the last one yields
        }
        assertEquals(10 + AdaptiveIdleStrategy.MAX_SPINS - 1, page.get(NicCounter.IDLE_SPINS));
        assertEquals(1, page.get(NicCounter.IDLE_YIELDS));
        assertEquals(0, page.get(NicCounter.IDLE_PARKS));
    }

    @Test
    void aTakenOfferMakesTheNextWaitOfferSoonAndTheLimitOutlivesTheWait() {
        AdaptiveIdleStrategy idle = new AdaptiveIdleStrategy(false, false);
        idle.offered(1_000_000); // another thread ran for a millisecond
        idle.reset();            // the wait ended
        assertEquals(AdaptiveIdleStrategy.MIN_SPINS, idle.limit());
    }

    @Test
    void aWaitOffersTheCoreAfterTheLimitsPasses() {
        AdaptiveIdleStrategy idle = new AdaptiveIdleStrategy(true, false);
        idle.offered(1_000_000);
        // MIN_SPINS - 1 passes spin; the next yields (and, alone here, learns nobody took it)
        for (int i = 0; i < AdaptiveIdleStrategy.MIN_SPINS - 1; i++) {
            idle.idle(0);
            assertEquals(AdaptiveIdleStrategy.MIN_SPINS, idle.limit());
        }
        idle.idle(0);
        assertTrue(idle.limit() >= AdaptiveIdleStrategy.MIN_SPINS, "a yield was timed: " + idle.limit());
        idle.idle(1); // work: the wait is over
    }

    @Test
    void aWaitOnAnOversubscribedNodeParksOnceItsPatienceIsSpent() {
        AdaptiveIdleStrategy idle = new AdaptiveIdleStrategy(false, true);
        long start = System.nanoTime();
        int passes = 0;
        // Until the patience is spent the strategy spins and yields; after it, each offer parks.
        while (System.nanoTime() - start < 3 * AdaptiveIdleStrategy.PATIENCE_NANOS) {
            idle.idle(0);
            passes++;
        }
        long parkedFrom = System.nanoTime();
        int calls = 0;
        while (System.nanoTime() - parkedFrom < 20_000_000L) {
            for (int i = 0; i < AdaptiveIdleStrategy.MAX_SPINS; i++) {
                idle.idle(0);
                calls++;
            }
        }
        // A park of at least MIN_PARK_NANOS every limit passes: far fewer passes than spinning.
        assertTrue(calls < passes, "parks slowed the passes: " + calls + " in 20 ms against " + passes);
    }
}

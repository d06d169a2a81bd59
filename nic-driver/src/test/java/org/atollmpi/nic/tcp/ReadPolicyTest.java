package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The hot/cold decision driven step by step: a clock the test sets and a scheduler whose checks
 * the test runs, no sockets and no waiting.
 */
class ReadPolicyTest {
    private static final long COLD_AFTER = 1_000_000;

    private long now = 5; // any start: the policy only subtracts
    private final ArrayDeque<Runnable> checks = new ArrayDeque<>();
    private final ReadPolicy policy = new ReadPolicy(() -> now, (nanos, check) -> {
        assertEquals(COLD_AFTER, nanos);
        checks.add(check);
    }, COLD_AFTER);

    /** A socket that counts its reads and remembers whether its event loop reads it. */
    private static final class FakeReader implements ReadPolicy.Reader {
        int reads;
        boolean loopReads = true;
        boolean hasBytes;

        @Override
        public boolean readNow() {
            reads++;
            return hasBytes;
        }

        @Override
        public void loopReads(boolean on) {
            loopReads = on;
        }
    }

    private FakeReader reader() {
        FakeReader r = new FakeReader();
        policy.add(r);
        return r;
    }

    @Test
    void withNoSocketToReadTheRankNeverTurnsHot() {
        assertFalse(policy.emptyPoll());
        assertFalse(policy.hot());
        assertTrue(checks.isEmpty());
    }

    @Test
    void anEmptyPollTurnsThePortHotAndTheEventLoopStopsReading() {
        FakeReader r = reader();
        r.hasBytes = true;
        assertTrue(policy.emptyPoll(), "the rank read the socket itself");
        assertTrue(policy.hot());
        assertFalse(r.loopReads, "the event loop must not read a socket the rank reads");
        assertEquals(1, r.reads);
        assertEquals(1, checks.size(), "a watcher was scheduled");
        FakeReader late = reader();
        assertFalse(late.loopReads, "a link that comes up while the port is hot is read by the rank");
    }

    @Test
    void emptyPollsForTheColdTimeHandTheReadingBackToTheEventLoops() {
        FakeReader r = reader();
        policy.emptyPoll();
        now += COLD_AFTER - 1;
        policy.emptyPoll();
        assertTrue(policy.hot(), "one nanosecond short of the cold time");
        assertEquals(2, r.reads);
        now += 1;
        assertFalse(policy.emptyPoll());
        assertFalse(policy.hot());
        assertTrue(r.loopReads, "the event loop reads again");
        assertEquals(2, r.reads, "a cold port's poll reads nothing itself");
        policy.delivered(); // a message came (the event loop queued it): the next wait starts afresh
        policy.emptyPoll();
        assertTrue(policy.hot());
        assertEquals(3, r.reads);
    }

    @Test
    void theWatcherCoolsARankThatStoppedPollingAndKeepsWatchingOneThatPolls() {
        FakeReader r = reader();
        policy.emptyPoll();
        policy.delivered();
        policy.emptyPoll(); // polled since the watcher was set
        checks.poll().run();
        assertTrue(policy.hot(), "a rank that polls stays hot");
        assertEquals(1, checks.size(), "and is watched again");
        checks.poll().run(); // no poll since
        assertFalse(policy.hot(), "a rank that computes is cooled by the watcher");
        assertTrue(r.loopReads);
        assertTrue(checks.isEmpty(), "the watcher of a cooled port ends");
    }

    @Test
    void aWatcherOfAnEarlierTurnCoolsNothing() {
        reader();
        policy.emptyPoll();
        Runnable first = checks.poll();
        now += COLD_AFTER;
        policy.emptyPoll(); // cooled by the wait
        policy.delivered();
        policy.emptyPoll(); // hot again: a new turn with its own watcher
        assertTrue(policy.hot());
        first.run(); // the rank polled since: the first turn's watcher looks again later
        checks.pollLast().run(); // no poll since that look: it would cool, were its turn still on
        assertTrue(policy.hot(), "the first turn's watcher must not cool the second turn");
    }

    @Test
    void eachPollReadsAtMostFourSocketsInTurn() {
        List<FakeReader> readers = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            readers.add(reader());
        }
        policy.emptyPoll();
        policy.emptyPoll();
        policy.emptyPoll();
        int[] reads = readers.stream().mapToInt(r -> r.reads).toArray();
        assertEquals(3 * ReadPolicy.READS_PER_POLL, java.util.Arrays.stream(reads).sum());
        for (int n : reads) {
            assertEquals(2, n, "every socket gets its turn: " + java.util.Arrays.toString(reads));
        }
    }

    @Test
    void aClosedPortTurnsHotNoMore() {
        FakeReader r = reader();
        policy.close();
        policy.emptyPoll();
        assertFalse(policy.hot());
        assertTrue(r.loopReads);
    }
}

package org.atollmpi.nic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What {@link HostPort} promises on every board of the {@link BoardMatrix}: each channel keeps the
 * order of each (source, target) pair; a deposit the target has no room for is refused, writes
 * nothing, and is taken again once the target has polled, with nothing lost; a one-sided access
 * the window refuses answers the NACK of the first failed check in NACK order (capability, rights,
 * offset, length, alignment) and touches no memory; every one-sided operation completes exactly
 * once, inside the call (DONE) or by one later completion (OK), never both; and closing a board
 * ends its threads and unmaps its board files.
 *
 * <p>One thread drives every port, so nothing here depends on timing: a board that delivers later
 * (an event loop between the ports) is polled until it has, under the test's time limit. Every
 * bound is a count.
 */
// In a thread of its own: the filling loops spin, and a board that never gave room back would
// otherwise hold the build past the limit (a same-thread timeout only interrupts).
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HostPortContractTest {
    private static final long B = Memory.BYTE_ARRAY_BASE;
    private static final int WINDOW = 4096;
    private static final int FAST = 0;
    private static final int RING = 1;
    private static final int NOTE_TYPE = 7;

    /** What a port delivered, in order, as "channel source seq" strings and completions by token. */
    private static final class Inbox implements ArrivalHandler {
        final Map<String, List<Long>> sequences = new HashMap<>();
        final Map<Long, Integer> completions = new HashMap<>();
        final Map<Long, Long> values = new HashMap<>();
        int messages;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            String channel = header1 == FAST ? "fast" : "ring";
            // The payload repeats the sequence number: a torn or misplaced deposit shows here.
            int expected = (int) Math.min(length, header1 == FAST ? 40 : 200);
            for (int i = 0; i < expected; i++) {
                assertEquals((byte) (header0 + i), Memory.getByte(base, offset + i),
                    channel + " from " + source + " seq " + header0 + " byte " + i);
            }
            sequences.computeIfAbsent(channel + " " + source, k -> new ArrayList<>()).add(header0);
            messages++;
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            assertEquals(NOTE_TYPE, type);
            assertEquals(~arg0, arg1, "notification arguments");
            sequences.computeIfAbsent("note " + source, k -> new ArrayList<>()).add(arg0);
            messages++;
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            if (completions.putIfAbsent(token, status) != null) {
                fail("a second completion for token " + token);
            }
            values.put(token, value);
        }

        @Override
        public void onBoardFault(int peer, String field) {
            fail("board fault from " + peer + ": " + field);
        }

        List<Long> of(String channel, int source) {
            return sequences.getOrDefault(channel + " " + source, List.of());
        }
    }

    private static byte[] payload(long seq, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seq + i);
        }
        return b;
    }

    private static boolean deposit(HostPort from, int channel, int to, long seq) {
        return switch (channel) {
            case FAST -> from.fastSend(to, seq, FAST, payload(seq, (int) (seq % 41)), B, (int) (seq % 41));
            case RING -> {
                int length = (int) (seq * 37 % 200);
                yield from.send(to, seq, RING, payload(seq, length), B, length);
            }
            default -> from.notify(to, NOTE_TYPE, seq, ~seq, 0);
        };
    }

    private static List<Long> upTo(long n) {
        List<Long> l = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            l.add(i);
        }
        return l;
    }

    /**
     * Two sources deposit into one target through all three channels at once, interleaved, the
     * target polling only when a deposit is refused: each (channel, source) arrives whole and in
     * the order made.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BoardMatrix.class)
    void eachChannelKeepsTheOrderOfEachPair(BoardMatrix matrix) {
        int count = 300;
        try (Board board = matrix.board(3, BoardLimits.TINY_QUEUES)) {
            HostPort[] port = {board.open(0), board.open(1), board.open(2)};
            Inbox inbox = new Inbox();
            int[][] next = new int[2][3];
            int left = 2 * 3 * count;
            while (left > 0) {
                for (int source = 0; source < 2; source++) {
                    for (int channel = 0; channel < 3; channel++) {
                        if (next[source][channel] < count && deposit(port[source], channel, 2, next[source][channel])) {
                            next[source][channel]++;
                            left--;
                        } else {
                            port[2].poll(inbox, 8);
                        }
                    }
                }
            }
            while (inbox.messages < 2 * 3 * count) {
                port[2].poll(inbox, 64);
            }
            for (int source = 0; source < 2; source++) {
                for (String channel : new String[] {"fast", "ring", "note"}) {
                    assertEquals(upTo(count), inbox.of(channel, source), channel + " from " + source);
                }
            }
        }
    }

    /**
     * With the target not polling, a sender fills the target's room for it exactly (the slots of
     * the pair, the notification entries), is then refused however often it tries, and after the
     * target has polled, everything taken arrives once, in order, and there is room again. A
     * network board refuses too while its link is being opened; that is why filling loops.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BoardMatrix.class)
    void aFullTargetRefusesAndDrainsWithNothingLost(BoardMatrix matrix) {
        BoardLimits limits = new BoardLimits(4, 1 << 14, 4, 64, 1 << 20);
        try (Board board = matrix.board(2, limits)) {
            HostPort sender = board.open(0);
            HostPort target = board.open(1);
            Inbox inbox = new Inbox();
            int[] capacity = {limits.slots(), -1, limits.notifications()};
            for (int channel : new int[] {FAST, 2, RING}) {
                String name = channel == FAST ? "fast" : channel == RING ? "ring" : "note";
                long seq = 0;
                for (int round = 0; round < 2; round++) {
                    long taken = 0;
                    if (capacity[channel] > 0) {
                        while (taken < capacity[channel]) {
                            if (deposit(sender, channel, 1, seq)) {
                                seq++;
                                taken++;
                            }
                        }
                    } else { // the ring's room is bytes, counted differently per board: fill it until refused
                        while (!deposit(sender, channel, 1, seq)) {
                            Thread.onSpinWait(); // the first may wait for the link
                        }
                        do {
                            seq++;
                            taken++;
                            assertTrue(taken <= limits.ringBytes() / 32, name + ": more records than the ring holds");
                        } while (deposit(sender, channel, 1, seq));
                    }
                    // Refused however often it tries. Not the ring's second round: a network board
                    // gives the ring's room back in several CREDIT frames as the target polls, and
                    // one may still be on its way when the first refusal came.
                    for (int i = 0; i < 1000 && (channel != RING || round == 0); i++) {
                        assertFalse(deposit(sender, channel, 1, seq), name + ": taken past the target's room, try " + i);
                    }
                    int before = inbox.of(name, 0).size();
                    while (inbox.of(name, 0).size() < before + taken) {
                        target.poll(inbox, 64);
                    }
                    assertEquals(upTo(seq), inbox.of(name, 0), name + ", round " + round);
                }
            }
        }
    }

    /**
     * A one-sided access that fails two checks answers the first of them in NACK order (wrong
     * capability before a bad offset, missing rights before a bad length, a bad offset before a
     * misaligned one), from a peer on the owner's node and from one off it alike, and touches no
     * memory; each right admits exactly its operations.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BoardMatrix.class)
    void checksComeInNackOrderAndRightsPerOperation(BoardMatrix matrix) {
        try (Board board = matrix.board(3)) {
            HostPort[] port = {board.open(0), board.open(1), board.open(2)};
            HostPort owner = port[2];
            BoardRegion region = owner.allocate(WINDOW + 64);
            WindowKey key = owner.register(region, 64, WINDOW, WindowRights.ALL);
            WindowKey readOnly = owner.register(region, 0, 64, WindowRights.READ);
            WindowKey writeOnly = owner.register(region, 0, 64, WindowRights.WRITE);
            WindowKey atomicOnly = owner.register(region, 0, 64, WindowRights.ATOMIC);
            byte[] before = read(region);
            long[] result = {-7};
            for (int o = 0; o < 2; o++) {
                HostPort origin = port[o];
                String from = "from rank " + o;
                byte[] b = new byte[8];
                assertEquals(NicStatus.TWID_CAPA, OneSided.get(origin, 2, key.id(), key.capability() ^ 1, -1, b, B, 8),
                    from + ": capability before offset");
                assertEquals(NicStatus.TRIGHTS, OneSided.put(origin, 2, readOnly.id(), readOnly.capability(), 0,
                    new byte[1000], B, 1000), from + ": rights before length");
                assertEquals(NicStatus.TOFFSET, OneSided.fetchAndAdd(origin, 2, key.id(), key.capability(),
                    WINDOW + 1001, 1, result), from + ": offset before alignment");
                assertEquals(NicStatus.TALIGN, OneSided.fetchAndAdd(origin, 2, key.id(), key.capability(), 4, 1, result),
                    from);
                assertEquals(NicStatus.TLENGTH, OneSided.get(origin, 2, key.id(), key.capability(), WINDOW - 4, b, B, 8),
                    from);
                assertEquals(NicStatus.TRIGHTS, OneSided.fetchAndAdd(origin, 2, readOnly.id(), readOnly.capability(), 0,
                    1, result), from);
                assertEquals(NicStatus.TRIGHTS, OneSided.get(origin, 2, writeOnly.id(), writeOnly.capability(), 0, b,
                    B, 8), from);
                assertEquals(NicStatus.TRIGHTS, OneSided.compareAndSwap(origin, 2, writeOnly.id(),
                    writeOnly.capability(), 0, 0, 1, result), from);
                assertEquals(NicStatus.TRIGHTS, OneSided.get(origin, 2, atomicOnly.id(), atomicOnly.capability(), 0, b,
                    B, 8), from);
                assertEquals(NicStatus.TRIGHTS, OneSided.put(origin, 2, atomicOnly.id(), atomicOnly.capability(), 0, b,
                    B, 8), from);
                assertArrayEquals(new byte[8], b, from + ": a refused Get wrote its destination");
                assertEquals(-7, result[0], from + ": a refused atomic wrote its result");
                assertArrayEquals(before, read(region), from + ": a refused access touched the window");
                assertEquals(NicStatus.OK, OneSided.get(origin, 2, readOnly.id(), readOnly.capability(), 0, b, B, 8),
                    from);
            }
            HostPort origin = port[0];
            assertEquals(NicStatus.OK, OneSided.put(origin, 2, writeOnly.id(), writeOnly.capability(), 8,
                new long[] {40}, Memory.LONG_ARRAY_BASE, 8));
            assertEquals(NicStatus.OK, OneSided.fetchAndAdd(origin, 2, atomicOnly.id(), atomicOnly.capability(), 8, 2,
                result));
            assertEquals(40, result[0]);
        }
    }

    private static byte[] read(BoardRegion region) {
        byte[] copy = new byte[(int) region.length()];
        Memory.copy(region.base(), region.address(), copy, B, copy.length);
        return copy;
    }

    /**
     * Two origins (on the router one on the owner's node, one off it) each issue 16 fetch-and-adds
     * on one word without waiting in between: each completes exactly once, inside the call (DONE,
     * old value in the result register) or by one later completion (OK), never both; BUSY issued
     * nothing. Every old value is seen once, so none was lost or applied twice. Which way each
     * board answers is part of its contract: the shm board plays the NIC in the caller's thread,
     * the late, TCP and local boards complete a poll later.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BoardMatrix.class)
    void everyOperationCompletesOnceNowOrLater(BoardMatrix matrix) {
        int perOrigin = 16;
        try (Board board = matrix.board(3)) {
            HostPort owner = board.open(2);
            BoardRegion region = owner.allocate(WINDOW);
            Memory.copy(new byte[WINDOW], B, region.base(), region.address(), WINDOW);
            WindowKey key = owner.register(region, 0, WINDOW, WindowRights.ALL);
            Set<Long> oldValues = new TreeSet<>();
            int[][] answers = new int[2][NicStatus.DONE + 1];
            for (int o = 0; o < 2; o++) {
                HostPort origin = board.open(o);
                Inbox inbox = new Inbox();
                Set<Long> later = new HashSet<>();
                for (long token = o * 100L; token < o * 100L + perOrigin; ) {
                    int answer = origin.fetchAndAdd(2, key.id(), key.capability(), 8, 1, token);
                    if (answer != NicStatus.OK && answer != NicStatus.DONE && answer != NicStatus.BUSY) {
                        fail("answer " + NicStatus.name(answer));
                    }
                    answers[o][answer]++;
                    switch (answer) {
                        case NicStatus.DONE -> assertTrue(oldValues.add(origin.fetchedValue()), "old value seen twice");
                        case NicStatus.OK -> later.add(token);
                        case NicStatus.BUSY -> {
                            origin.poll(inbox, 1);
                            continue; // nothing issued: the same token again
                        }
                        default -> throw new AssertionError(answer);
                    }
                    token++;
                }
                while (!inbox.completions.keySet().containsAll(later)) {
                    origin.poll(inbox, 16);
                }
                assertEquals(later, inbox.completions.keySet(), "a completion for an operation done in the call");
                for (long token : later) {
                    assertEquals(NicStatus.OK, inbox.completions.get(token));
                    assertTrue(oldValues.add(inbox.values.get(token)), "old value seen twice");
                }
            }
            assertEquals(new TreeSet<>(upTo(2L * perOrigin)), oldValues);
            assertEquals(2L * perOrigin, Memory.getLongAcquire(region.base(), region.address() + 8));
            String seen = matrix + " answered DONE " + answers[0][NicStatus.DONE] + "/" + answers[1][NicStatus.DONE]
                + ", OK " + answers[0][NicStatus.OK] + "/" + answers[1][NicStatus.OK];
            switch (matrix) {
                case SHM -> assertEquals(2 * perOrigin, answers[0][NicStatus.DONE] + answers[1][NicStatus.DONE], seen);
                case LOCAL, LATE, TCP -> assertEquals(2 * perOrigin, answers[0][NicStatus.OK] + answers[1][NicStatus.OK],
                    seen);
                case ROUTER -> { // rank 0 shares rank 2's node, rank 1 is on the other one
                    assertEquals(perOrigin, answers[0][NicStatus.DONE], seen);
                    assertEquals(perOrigin, answers[1][NicStatus.OK], seen);
                }
                default -> fail(seen);
            }
            if (matrix == BoardMatrix.LATE) {
                assertTrue(answers[0][NicStatus.BUSY] > 0, "more than " + BoardMatrix.LATE_OUTSTANDING
                    + " outstanding and never BUSY");
            }
        }
    }

    /**
     * A board that carried traffic, closed, leaves no thread of its own running (each is joined)
     * and no board file mapped into this process (other jobs on the machine may own files in
     * /dev/shm, so the check is this process's mappings, not the directory).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BoardMatrix.class)
    void closingEndsTheBoardsThreadsAndMappings(BoardMatrix matrix) throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        Set<String> mappedBefore = boardMappings();
        try (Board board = matrix.board(3)) {
            HostPort[] port = {board.open(0), board.open(1), board.open(2)};
            Inbox[] inbox = {new Inbox(), new Inbox(), new Inbox()};
            for (int from = 0; from < 3; from++) {
                for (int to = 0; to < 3; to++) {
                    while (!deposit(port[from], FAST, to, from)) {
                        port[to].poll(inbox[to], 8);
                    }
                }
            }
            for (int to = 0; to < 3; to++) {
                while (inbox[to].messages < 3) {
                    port[to].poll(inbox[to], 8);
                }
            }
        }
        List<String> alive = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (!before.contains(t)) {
                t.join(10_000);
                if (t.isAlive()) {
                    alive.add(t.getName());
                }
            }
        }
        assertEquals(List.of(), alive, "threads of a closed board");
        assertEquals(mappedBefore, boardMappings(), "board files still mapped");
    }

    private static Set<String> boardMappings() throws IOException {
        Path maps = Path.of("/proc/self/maps");
        if (!Files.isReadable(maps)) {
            return Set.of();
        }
        try (Stream<String> lines = Files.lines(maps)) {
            return new TreeSet<>(lines.filter(l -> l.contains("/dev/shm/atoll-")).toList());
        }
    }
}

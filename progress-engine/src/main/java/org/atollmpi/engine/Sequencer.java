package org.atollmpi.engine;

import java.util.Arrays;

import org.agrona.collections.LongHashSet;

/**
 * Non-overtaking order. Every matched message (eager, synchronous eager, RTS) from one rank to
 * another carries the next number of that pair; the NIC keeps each channel in order but not the
 * fast-send slots against the receive ring, so a message can arrive before an earlier one. The
 * receiving side takes messages in number order: one that arrives early is copied aside
 * ({@link #holdAhead}) and released when its turn comes ({@link #nextHeld}).
 *
 * <p>It also forgets messages whose sender cancelled them before they arrived
 * ({@link #dropOnArrival}): their turn is taken, and nothing is matched.
 *
 * <p>The sending side ({@link #next}, {@link #sent}) of one target is used under that target's
 * deposit guard in a thread-safe engine ({@link TargetGuards}), so a number is taken only with
 * its deposit and numbers reach each channel in order, as from one thread; the receiving side is
 * used under the engine's lock. Early arrivals are therefore no more than in a single-threaded
 * engine: what one channel (the slots) overtakes in the other (the ring).
 */
final class Sequencer {
    private final int[] lastSent;
    private final int[] expected;
    private final HeldMessage[] overtaken;   // per source: arrived ahead of their number
    private final HeldMessagePool pool;
    private final LongHashSet dropped = new LongHashSet();
    private int overtakenCount;

    Sequencer(int ranks, HeldMessagePool pool) {
        this.lastSent = new int[ranks];
        this.expected = new int[ranks];
        Arrays.fill(expected, 1);
        this.overtaken = new HeldMessage[ranks];
        this.pool = pool;
    }

    /** The number the next message to {@code target} carries. */
    int next(int target) {
        return lastSent[target] + 1;
    }

    /** A message with number {@code sequence} was deposited for {@code target}. */
    void sent(int target, int sequence) {
        lastSent[target] = sequence;
    }

    boolean isNext(int source, int sequence) {
        return expected[source] == sequence;
    }

    /** Copies a message that arrived ahead of its turn aside. */
    void holdAhead(int source, long header0, long header1, Object base, long offset, int length, long arrivedAt) {
        HeldMessage m = pool.hold(source, header0, header1, base, offset, length);
        m.arrivedAt = arrivedAt;
        m.next = overtaken[source];
        overtaken[source] = m;
        overtakenCount++;
    }

    /**
     * The message numbered {@code sequence}, which is next, takes its turn.
     *
     * @return false if its sender cancelled it: drop it
     */
    boolean take(int source, int sequence) {
        expected[source] = sequence + 1;
        return dropped.isEmpty() || !dropped.remove(key(source, sequence));
    }

    /** The held message whose turn it is now, unlinked, or null. */
    HeldMessage nextHeld(int source) {
        if (overtakenCount == 0) {
            return null;
        }
        HeldMessage prev = null;
        for (HeldMessage m = overtaken[source]; m != null; prev = m, m = m.next) {
            if (m.sequence() == expected[source]) {
                if (prev == null) {
                    overtaken[source] = m.next;
                } else {
                    prev.next = m.next;
                }
                m.next = null;
                overtakenCount--;
                return m;
            }
        }
        return null;
    }

    /** Whether the message numbered {@code sequence} from {@code source} has had its turn (was matched or is unexpected). */
    boolean hadTurn(int source, int sequence) {
        return expected[source] - sequence > 0;
    }

    /** Drops the message numbered {@code sequence} from {@code source} when its turn comes. */
    void dropOnArrival(int source, int sequence) {
        dropped.add(key(source, sequence));
    }

    private static long key(int source, int sequence) {
        return ((long) source << 32) | (sequence & 0xFFFF_FFFFL);
    }
}

package org.atollmpi.engine;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

/**
 * One tiny lock per target rank, for a thread-safe engine: whoever holds a target's guard is the
 * only thread that numbers and deposits a matched message for that target. The NIC's fast-send
 * ring of a (source, target) pair has one producer, and the {@link Sequencer}'s count of what was
 * sent to a target must grow in the order the messages enter the NIC, so that the numbers the
 * receiver sees have no holes and a deposit that finds no room gives its number back untaken.
 *
 * <p>A guard is held only for one deposit (a slot, or one record of at most the ring's largest
 * payload), never across a call that waits, and never by a thread that then asks for the engine
 * lock: the engine lock is taken first or not at all, so the two cannot deadlock. Each guard has
 * a cache line of its own, so threads sending to different targets do not share one.
 */
final class TargetGuards {
    /** Ints per guard: 64 bytes, one cache line. */
    private static final int STRIDE = 16;
    /** Spins before a waiting thread yields its core (ranks may share cores with their threads). */
    private static final int SPINS = 64;
    /** A virtual thread's pause between looks (see {@link #waitForHolder}): a deposit takes a few µs. */
    private static final long VIRTUAL_PARK_NANOS = 10_000;

    private final AtomicIntegerArray words;

    TargetGuards(int ranks) {
        // One line of padding before the first guard and after the last.
        this.words = new AtomicIntegerArray((ranks + 2) * STRIDE);
    }

    void lock(int target) {
        int i = (target + 1) * STRIDE;
        int spins = 0;
        // Test before the compare-and-set: waiters read their cached line instead of stealing it.
        while (words.getOpaque(i) != 0 || !words.compareAndSet(i, 0, 1)) {
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                spins = 0;
                waitForHolder();
            }
        }
    }

    /**
     * Lets the holder finish. A platform thread yields its core. A virtual thread parks for a
     * moment instead: yielding would put it back on its carrier's own queue, ahead of the holder
     * when the holder is a virtual thread that blocked inside the deposit (a TCP link's monitor)
     * and was resubmitted from elsewhere, and spinning waiters could then keep every carrier from it.
     */
    private static void waitForHolder() {
        if (ThreadKind.currentIsVirtual()) {
            LockSupport.parkNanos(VIRTUAL_PARK_NANOS);
        } else {
            Thread.yield();
        }
    }

    void unlock(int target) {
        words.setRelease((target + 1) * STRIDE, 0);
    }
}

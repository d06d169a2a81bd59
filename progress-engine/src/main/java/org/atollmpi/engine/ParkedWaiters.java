package org.atollmpi.engine;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The virtual threads of a thread-safe engine that wait for an operation: one of them, the
 * <b>driver</b>, progresses (and idles by {@link ParkingIdleStrategy}); the others park, and are
 * woken when their operation completes or when the driver leaves and hands the role on.
 *
 * <pre>
 *   await(op), virtual thread:
 *     pass ─▶ op complete? ──yes──▶ leave ─▶ (was driver, or none left) hand over to a parked waiter
 *      │ no
 *      ├─ no driver, or I am it ──▶ drive: idle (spin, yield, timed park) ─▶ pass ...
 *      └─ someone drives ──▶ op.waiter = me; queue my ticket; park ─▶ pass ...
 *                              woken by: Engine.complete(op) (unpark op.waiter)
 *                                        the driver leaving (unparks the oldest ticket still waiting)
 *                                        {@link #SAFETY_PARK_NANOS}, a net under both
 * </pre>
 *
 * <p>Why one driver: with 10,000 virtual threads waiting, each progressing on a timer would spend
 * the CPU on 10,000 wake-ups and lock attempts; parked threads cost nothing. Why wake on
 * completion rather than by polling: the thread that completes an operation (the driver, a platform
 * thread that spins, the progress thread, any thread's call) is the one that knows.
 *
 * <p>The hand-over cannot be lost: a waiter sets {@code waiting}, queues its ticket and then
 * reads the driver; a leaving driver clears the driver and then polls the tickets. Each writes
 * before it reads (volatile), so one of them sees the other: either the waiter sees no driver and
 * does not park, or the leaver finds its ticket and unparks it. A ticket is queued at most once
 * ({@code queued}), so the queue holds at most one entry per waiting thread.
 */
final class ParkedWaiters {
    /** A parked waiter checks by itself this often, whatever happens: a net, not the mechanism. */
    static final long SAFETY_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final long safetyParkNanos;
    private final AtomicReference<Thread> driver = new AtomicReference<>();
    private final ConcurrentLinkedQueue<Ticket> tickets = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<Ticket> mine = ThreadLocal.withInitial(Ticket::new);

    ParkedWaiters() {
        this(SAFETY_PARK_NANOS);
    }

    /** With a safety period of {@code safetyParkNanos} (tests make it long, so that only the mechanism wakes). */
    ParkedWaiters(long safetyParkNanos) {
        this.safetyParkNanos = safetyParkNanos;
    }

    private static final class Ticket {
        final Thread thread = Thread.currentThread();
        final AtomicBoolean queued = new AtomicBoolean();
        volatile boolean waiting;
    }

    /** True if the calling thread drives (it did, or nobody did and now it does). */
    boolean drive(Thread me) {
        Thread d = driver.get();
        return d == me || (d == null && driver.compareAndSet(null, me));
    }

    /**
     * Parks the calling thread until {@code op} completes, a driver hands over, or the safety
     * period ends; returns at once when nobody drives any more. Spurious returns are fine: the
     * caller passes and looks again.
     */
    void park(Operation op, Thread me) {
        Ticket t = mine.get();
        t.waiting = true;
        op.waiter = me;
        try {
            if (t.queued.compareAndSet(false, true)) {
                tickets.offer(t);
            }
            if (!op.complete && driver.get() != null) {
                LockSupport.parkNanos(safetyParkNanos);
            }
        } finally {
            op.waiter = null;
            t.waiting = false;
        }
    }

    /** The calling thread's wait ended: if it drove, or nobody does, a parked waiter takes over. */
    void leave(Thread me) {
        if (driver.get() == me) {
            driver.set(null);
        }
        if (driver.get() == null && !tickets.isEmpty()) {
            handOver();
        }
    }

    /** Wakes the oldest waiter still parked; it finds no driver and becomes one. */
    private void handOver() {
        for (Ticket t; (t = tickets.poll()) != null; ) {
            t.queued.set(false);
            if (t.waiting) {
                LockSupport.unpark(t.thread);
                return;
            }
        }
    }

    /** The thread driving now, or {@code null} (tests). */
    Thread driver() {
        return driver.get();
    }
}

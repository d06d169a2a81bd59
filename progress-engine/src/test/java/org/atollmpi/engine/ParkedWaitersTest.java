package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hand-over of {@link ParkedWaiters}, with a safety period of an hour: a waiter that returns
 * was woken by the mechanism (a lost wake-up is a hang, ended by the timeout). Platform threads
 * stand in for virtual ones: parking and unparking are the same calls.
 */
@Timeout(20)
class ParkedWaitersTest {
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);

    @Test
    void oneThreadDrivesAtATime() {
        ParkedWaiters w = new ParkedWaiters(HOUR);
        Thread a = new Thread(() -> { });
        Thread b = new Thread(() -> { });
        assertTrue(w.drive(a));
        assertTrue(w.drive(a), "the driver keeps driving");
        assertFalse(w.drive(b));
        w.leave(a);
        assertNull(w.driver());
        assertTrue(w.drive(b));
    }

    @Test
    void aLeavingDriverWakesAParkedWaiterWhichTakesOver() throws Exception {
        ParkedWaiters w = new ParkedWaiters(HOUR);
        Thread me = Thread.currentThread();
        assertTrue(w.drive(me));
        Operation op = new Operation();
        CountDownLatch woken = new CountDownLatch(1);
        Thread waiter = new Thread(() -> {
            Thread self = Thread.currentThread();
            w.park(op, self);
            if (w.drive(self)) {
                woken.countDown();
            }
        });
        waiter.start();
        awaitParked(waiter);
        w.leave(me);
        assertTrue(woken.await(10, TimeUnit.SECONDS), "the parked waiter was handed the driving");
        waiter.join();
        assertSame(waiter, w.driver());
    }

    @Test
    void completingTheOperationWakesItsWaiter() throws Exception {
        ParkedWaiters w = new ParkedWaiters(HOUR);
        Thread me = Thread.currentThread();
        assertTrue(w.drive(me));
        Operation op = new Operation();
        Thread waiter = new Thread(() -> w.park(op, Thread.currentThread()));
        waiter.start();
        awaitParked(waiter);
        // What Engine.complete does: the flag, then the waiter it names.
        op.complete = true;
        LockSupport.unpark(op.waiter);
        waiter.join();
        assertNull(op.waiter, "the waiter forgets the operation");
        assertSame(me, w.driver(), "still driven by the driver");
    }

    @Test
    void aWaiterFindingNoDriverDoesNotPark() {
        ParkedWaiters w = new ParkedWaiters(HOUR);
        Operation op = new Operation();
        w.park(op, Thread.currentThread()); // returns at once: nobody would wake it
        assertTrue(w.drive(Thread.currentThread()));
    }

    @Test
    void aWaiterWhoseOperationCompletedAlreadyDoesNotPark() {
        ParkedWaiters w = new ParkedWaiters(HOUR);
        assertTrue(w.drive(new Thread(() -> { })));
        Operation op = new Operation();
        op.complete = true;
        w.park(op, Thread.currentThread());
    }

    /** Until {@code t} is parked: a state the thread reaches once, no sleep. */
    private static void awaitParked(Thread t) {
        while (t.getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait();
        }
    }
}

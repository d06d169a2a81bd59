package org.atollmpi.nic.tcp;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * What waits for a port's poll, in the order it came ({@link Arrival}s, one FIFO for every channel,
 * so each channel is FIFO per source and none starves another), and the wake-up of the rank's
 * thread: whichever thread plays the NIC adds (an event loop, or the rank's own thread when it
 * reads its sockets, deposits to itself or fails a deposit locally), the rank's thread takes, and
 * an arrival unparks the rank when its last poll found nothing.
 */
final class Arrivals {
    private final ConcurrentLinkedQueue<Arrival> queue = new ConcurrentLinkedQueue<>();
    /** The rank's thread while its last poll found nothing: an arrival unparks it. */
    private volatile Thread idlePoller;
    /** The port closed: nothing more is delivered, and what arrives is released. */
    private volatile boolean closed;

    /** Queues an arrival and wakes the rank's thread if it is waiting for one. */
    void add(Arrival arrival) {
        queue.add(arrival);
        if (closed) {
            drain(); // the port closed while this arrived: either this or close's drain sees it
            return;
        }
        Thread waiting = idlePoller;
        if (waiting != null && waiting != Thread.currentThread()) {
            LockSupport.unpark(waiting);
        }
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** The next arrival, or null. */
    Arrival poll() {
        return queue.poll();
    }

    /**
     * The queue was empty: the caller may park next (the engine's back-off parks for at least the
     * kernel's timer slack, ~50 µs). Publishing the thread before looking again means an arrival
     * queued meanwhile is either seen here or unparks it.
     */
    Arrival lastLook() {
        if (idlePoller == null) {
            idlePoller = Thread.currentThread();
            return queue.poll();
        }
        return null;
    }

    /** The poll delivered: the rank's thread is no longer waiting. */
    void delivered() {
        if (idlePoller != null) {
            idlePoller = null;
        }
    }

    /**
     * The port closed: releases the payloads queued, and those of whatever an event loop still
     * queues before the board stops them.
     */
    void close() {
        closed = true;
        drain();
    }

    private void drain() {
        Arrival a;
        while ((a = queue.poll()) != null) {
            if (a.payload != null) {
                a.payload.release();
            }
        }
    }
}

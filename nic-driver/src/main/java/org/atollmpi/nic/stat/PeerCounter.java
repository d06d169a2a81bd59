package org.atollmpi.nic.stat;

/**
 * The counters a port keeps per target: its deposits. Deposits to different targets may come
 * from different threads at once (the engine holds a guard per target), so each target has a
 * cache line of its own and every word in it has one writer at a time.
 */
public enum PeerCounter {
    FAST_SENDS("fast sends"),
    FAST_BYTES("fast send bytes"),
    EAGER_RECORDS("eager records"),
    EAGER_BYTES("eager bytes"),
    NOTIFICATIONS("notifications sent"),
    /** A fast send refused because the target's slot ring for this source was full. */
    FAST_RING_FULL("fast ring full"),
    /** A record refused because the target's receive ring had no room. */
    RECEIVE_RING_FULL("receive ring full"),
    /** A notification refused because the target's queue was full. */
    NOTIFICATION_QUEUE_FULL("notification queue full");

    private final String label;

    PeerCounter(String label) {
        this.label = label;
    }

    /** What the reports call it. */
    public String label() {
        return label;
    }
}

package org.atollmpi.engine;

import org.atollmpi.nic.stat.NicCounter;
import org.atollmpi.nic.stat.NicCounters;

/**
 * One waiting thread's spins, yields and parks on their way to the port's counter page. Spins are
 * tallied in this object (the thread's own) and added to the page when the thread yields, parks
 * or stops waiting, so a spin costs an increment of a field and the page's line is touched once a
 * yield, not once a spin. Several threads of a thread-safe engine may wait at once: their adds are
 * atomic (rare next to the spins, so their cost does not show). The page is at most one yield behind.
 */
final class IdleTally {
    private final NicCounters counts; // null: not counted
    private long spins;

    IdleTally(NicCounters counts) {
        this.counts = counts;
    }

    void spun() {
        spins++;
    }

    void yielded() {
        if (counts != null) {
            flush();
            counts.addAtomic(NicCounter.IDLE_YIELDS, 1);
        }
    }

    void parked() {
        if (counts != null) {
            flush();
            counts.addAtomic(NicCounter.IDLE_PARKS, 1);
        }
    }

    /** Writes the spins tallied so far to the page. */
    void flush() {
        if (counts != null && spins > 0) {
            counts.addAtomic(NicCounter.IDLE_SPINS, spins);
        }
        spins = 0;
    }
}

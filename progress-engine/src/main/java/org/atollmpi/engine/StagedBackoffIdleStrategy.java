package org.atollmpi.engine;

import org.atollmpi.nic.stat.NicCounters;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * The shape Agrona's back-off has, shared by our two that park: spin a number of passes, yield a
 * number of times, then park for as long as {@link #nextParkNanos} says, until work is found
 * ({@link #idle(int)} with a positive count, or {@link #reset()}) and it all starts over. The
 * subclasses say how many spins and yields, and how the parks grow. Not thread-safe: one per
 * waiting thread.
 */
abstract class StagedBackoffIdleStrategy implements IdleStrategy {
    private final int maxSpins;
    private final int maxYields;
    private int spins;
    private int yields;
    private IdleTally tally = new IdleTally(null);

    StagedBackoffIdleStrategy(int maxSpins, int maxYields) {
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
    }

    @Override
    public final void idle(int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    @Override
    public final void idle() {
        if (spins < maxSpins) {
            spins++;
            tally.spun();
            Thread.onSpinWait();
        } else if (yields < maxYields) {
            yields++;
            tally.yielded();
            Thread.yield();
        } else {
            tally.parked();
            LockSupport.parkNanos(nextParkNanos());
        }
    }

    /** Counts this strategy's spins, yields and parks into {@code counts} from now on. */
    final StagedBackoffIdleStrategy countingInto(NicCounters counts) {
        this.tally = new IdleTally(counts);
        return this;
    }

    /** The park to take now, advancing the back-off (apart from parking, for tests). */
    abstract long nextParkNanos();

    /** The parks start over from the shortest. */
    abstract void resetParks();

    @Override
    public final void reset() {
        tally.flush();
        spins = 0;
        yields = 0;
        resetParks();
    }
}

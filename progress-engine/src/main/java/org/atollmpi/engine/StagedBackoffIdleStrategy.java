package org.atollmpi.engine;

import org.atollmpi.nic.stat.NicCounter;
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
    private NicCounters counts; // null: not counted

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
            count(NicCounter.IDLE_SPINS);
            Thread.onSpinWait();
        } else if (yields < maxYields) {
            yields++;
            count(NicCounter.IDLE_YIELDS);
            Thread.yield();
        } else {
            count(NicCounter.IDLE_PARKS);
            LockSupport.parkNanos(nextParkNanos());
        }
    }

    /** The park to take now, advancing the back-off (apart from parking, for tests). */
    /** Counts this strategy's spins, yields and parks into {@code counts} from now on. */
    final StagedBackoffIdleStrategy countingInto(NicCounters counts) {
        this.counts = counts;
        return this;
    }

    private void count(NicCounter c) {
        if (counts != null) {
            counts.increment(c);
        }
    }

    abstract long nextParkNanos();

    /** The parks start over from the shortest. */
    abstract void resetParks();

    @Override
    public final void reset() {
        spins = 0;
        yields = 0;
        resetParks();
    }
}

package org.atollmpi.bench.osu;

import java.util.Arrays;

/**
 * The time of each timed iteration of one size, for {@code --percentiles}: OSU prints only the
 * mean, and the mean hides the stalls (a JIT compile, a GC, a descheduled rank) that users of a
 * Java MPI fear. {@link #start} at the start of the timed loop, {@link #lap} at the end of each
 * iteration: one {@link System#nanoTime} per iteration into an array allocated up front, so the
 * timed loop allocates nothing more with the option than without it. Disabled (the default), both
 * do nothing, and the loop times as OSU's.
 *
 * <p>Not thread-safe: one per timing thread; {@link #addAll} merges them after the loop.
 */
final class IterationTimes {
    private final long[] nanos;
    private final boolean enabled;
    private int count;
    private long last;

    /** Room for {@code capacity} iterations; laps beyond it are not recorded. */
    IterationTimes(boolean enabled, int capacity) {
        this.enabled = enabled;
        this.nanos = new long[enabled ? capacity : 0];
    }

    /** Forgets the laps of the last size and starts the clock. */
    void start() {
        count = 0;
        if (enabled) {
            last = System.nanoTime();
        }
    }

    /** Records the time since the last lap (or the start). */
    void lap() {
        if (enabled && count < nanos.length) {
            long now = System.nanoTime();
            nanos[count++] = now - last;
            last = now;
        }
    }

    /** Forgets every lap without starting the clock: before {@link #addAll}. */
    void clear() {
        count = 0;
    }

    /** Appends the laps of {@code other} (as many as fit). */
    void addAll(IterationTimes other) {
        int n = Math.min(other.count, nanos.length - count);
        System.arraycopy(other.nanos, 0, nanos, count, n);
        count += n;
    }

    int count() {
        return count;
    }

    /**
     * The nearest-rank {@code percent} percentile of the laps in nanoseconds (100: the longest);
     * sorts the laps, so call it after the loop. 0 when nothing was recorded.
     */
    long percentile(double percent) {
        if (count == 0) {
            return 0;
        }
        Arrays.sort(nanos, 0, count);
        int rank = (int) Math.ceil(percent / 100 * count);
        return nanos[Math.max(0, Math.min(count, rank) - 1)];
    }
}

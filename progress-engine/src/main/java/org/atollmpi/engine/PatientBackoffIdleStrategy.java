package org.atollmpi.engine;

/**
 * How a rank waits when its node has fewer cores than ranks: Agrona's back-off (spin, yield, then
 * parks doubling from 1 µs to 200 µs), and once it has parked for {@value #PATIENCE_NANOS} ns
 * without finding work, parks of {@value #PATIENT_PARK_NANOS} ns.
 *
 * <p>Why the second stage: a waiting rank that wakes every 200 µs costs a few µs of CPU each time,
 * 5,000 times a second, and on an oversubscribed node that CPU is taken from the ranks being
 * waited for, as in the first barrier of a 64-rank job on two cores, where 63 ranks wait seconds
 * for the last JVMs to start. What it buys there is small: on the TCP board the time to that
 * barrier did not change measurably with it, nor with 50 ms patient parks (docs/SCALING.md; the
 * CPU of that wait is the connections', not the waiting's). A rank waiting that long loses at
 * most 2 ms when its message comes, on the shm board (which a rank polls); a TCP port wakes its
 * parked rank as soon as something arrives. Work found ({@link #idle(int)} with a positive count,
 * or {@link #reset()}) starts the back-off over.
 */
final class PatientBackoffIdleStrategy extends StagedBackoffIdleStrategy {
    static final int MAX_SPINS = 64;
    static final int MAX_YIELDS = 16;
    static final long MIN_PARK_NANOS = 1_000;
    static final long MAX_PARK_NANOS = 200_000;
    /** Parked this long (as asked for; the kernel adds its slack) without work: patient parks follow. */
    static final long PATIENCE_NANOS = 10_000_000;
    static final long PATIENT_PARK_NANOS = 2_000_000;

    private long parkNanos = MIN_PARK_NANOS;
    private long parkedNanos;

    PatientBackoffIdleStrategy() {
        super(MAX_SPINS, MAX_YIELDS);
    }

    @Override
    long nextParkNanos() {
        long park = parkNanos;
        parkedNanos += park;
        parkNanos = parkedNanos >= PATIENCE_NANOS ? PATIENT_PARK_NANOS : Math.min(park * 2, MAX_PARK_NANOS);
        return park;
    }

    @Override
    void resetParks() {
        parkNanos = MIN_PARK_NANOS;
        parkedNanos = 0;
    }

    @Override
    public String alias() {
        return "patient-backoff";
    }
}

package org.atollmpi.engine;

/**
 * How a <b>virtual</b> thread spends a pass that found nothing to do: spin a little, offer the
 * carrier a few times, then park, so that the carrier runs the program's other virtual threads
 * (the ones that will send what this one waits for).
 *
 * <pre>
 *   idle()  ── spins &lt; {@link #SPINS} ──▶ spin (one more pass)            ~ tens of µs
 *      ├── yields &lt; {@link #YIELDS} ──▶ Thread.yield()                   the carrier's other work runs
 *      └── then ──▶ LockSupport.parkNanos, {@link #MIN_PARK_NANOS} doubling to {@link #MAX_PARK_NANOS}
 * </pre>
 *
 * <p>Why not {@link AdaptiveIdleStrategy}: a virtual thread that yields is put back on its
 * carrier's own queue, and the carrier keeps taking it from there before the threads submitted
 * from elsewhere (those a platform thread starts): 64 virtual receivers that only spun and yielded
 * kept two carriers busy, and the virtual senders they waited for never ran. A parked virtual
 * thread is on no queue at all. The spin stays, so that a virtual thread in a ping-pong sees an
 * answer that comes within microseconds as a platform thread does; the yields stay, so that a
 * short wait does not pay the park's timer (tens of µs).
 *
 * <p>A waiting virtual thread whose operation someone else completes is woken at once
 * ({@link ParkedWaiters}); this strategy is for the thread that progresses for the others, and for
 * waits on conditions no operation completes (a probe, a flag in board memory). Not thread-safe:
 * one per waiting thread.
 */
final class ParkingIdleStrategy extends StagedBackoffIdleStrategy {
    /** Tens of µs: an answer within that is seen as a platform thread sees it (docs/BENCHMARKS.md, "Virtual threads"). */
    static final int SPINS = 2048;
    /** 256 spins and 16 yields left 4 waiting virtual threads' driver parked between most messages (20-25 µs each). */
    static final int YIELDS = 64;
    static final long MIN_PARK_NANOS = 20_000;
    static final long MAX_PARK_NANOS = 1_000_000;

    private long parkNanos = MIN_PARK_NANOS;

    ParkingIdleStrategy() {
        super(SPINS, YIELDS);
    }

    @Override
    long nextParkNanos() {
        long park = parkNanos;
        parkNanos = Math.min(park * 2, MAX_PARK_NANOS);
        return park;
    }

    @Override
    void resetParks() {
        parkNanos = MIN_PARK_NANOS;
    }

    @Override
    public String alias() {
        return "parking";
    }
}

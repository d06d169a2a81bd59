package org.atollmpi.engine;

import org.atollmpi.nic.stat.NicCounters;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * How a blocking wait spends a pass that found nothing to do: spin, and every so often offer the
 * core to whoever else wants it ({@link Thread#yield}), learning from what the offer cost how
 * often to offer it. One strategy for a full node and an oversubscribed one.
 *
 * <pre>
 *   idle()  ── spins &lt; limit ──▶ spin (one more pass)
 *      │
 *      └── limit reached ──▶ Thread.yield(), timed
 *                               ├─ came back at once (nobody else wanted the core):
 *                               │     limit doubles, up to {@link #MAX_SPINS}
 *                               └─ took longer than {@link #GAVE_AWAY_NANOS} (another thread ran):
 *                                     limit falls to {@link #MIN_SPINS}
 *   oversubscribed only: yielding for {@link #PATIENCE_NANOS} without work ──▶ parks, doubling
 *                        from {@link #MIN_PARK_NANOS} to {@link #MAX_PARK_NANOS}
 * </pre>
 *
 * <p>Why: a rank spinning on a node with one core per rank still shares its core with its JVM's
 * compiler and GC threads, and on an oversubscribed node with other ranks. A rank that only spins
 * leaves them the core when the scheduler takes it away, at any moment, for a whole time slice (a
 * few milliseconds), often in the middle of a message's round trip; a rank that parks as soon as
 * it waits adds the kernel's wake-up (~50 µs and more) to every message. Offering the core while
 * waiting lets those threads run where the rank has nothing to do, and costs one system call when
 * nobody takes it (so, alone on its core, a rank offers it only every few thousand passes, well
 * under 1% of its time, and sees an arriving message within a pass almost always). When the offer
 * is taken the rank yields after every few passes, as Open MPI's progress loop does when
 * oversubscribed, so that the rank it waits for, on the same core, runs. The limit carries over
 * from one wait to the next: contention is a property of the node, not of one wait.
 *
 * <p>Parking is kept for long waits on an oversubscribed node (63 ranks waiting seconds for the
 * last JVMs of a 64-rank job to start): there a waiting rank's yields still cost the CPU that the
 * ranks being waited for need. A rank alone on its core never parks: nothing would use the core.
 *
 * <p>{@link #idle(int)} with work, or {@link #reset()}, ends a wait: the spin count and the
 * patience start over, the learned limit stays. Not thread-safe: one per waiting thread.
 */
final class AdaptiveIdleStrategy implements IdleStrategy {
    /** Passes between offers while other threads take them: about a microsecond of spinning. */
    static final int MIN_SPINS = 16;
    /** Passes between offers while nobody takes them: some 100 µs of spinning. */
    static final int MAX_SPINS = 4096;
    /**
     * A yield that took longer than this gave the core to another thread: on the 2-core VM a yield
     * nobody took returned in 0.5 µs (under 1 µs nearly always), one that switched to another
     * thread and back (which only yielded again) in 2.4-2.9 µs.
     */
    static final long GAVE_AWAY_NANOS = 1_500;
    /** Oversubscribed: yielding without work this long starts the parks. */
    static final long PATIENCE_NANOS = 10_000_000;
    static final long MIN_PARK_NANOS = 50_000;
    static final long MAX_PARK_NANOS = 2_000_000;

    private final boolean pause;
    private final boolean patient;
    private int limit = MAX_SPINS;
    private int spins;
    private long yieldingSince;
    private long parkNanos = MIN_PARK_NANOS;
    private IdleTally tally = new IdleTally(null);

    /**
     * @param pause   spin with {@link Thread#onSpinWait} (threads of one rank that share a core
     *                with the lock holder) rather than a bare loop
     * @param patient park in long waits: the node has fewer cores than ranks
     */
    AdaptiveIdleStrategy(boolean pause, boolean patient) {
        this.pause = pause;
        this.patient = patient;
    }

    @Override
    public void idle(int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    @Override
    public void idle() {
        if (++spins < limit) {
            tally.spun();
            if (pause) {
                Thread.onSpinWait();
            }
            return;
        }
        spins = 0;
        long before = System.nanoTime();
        if (yieldingSince == 0) {
            yieldingSince = before;
        } else if (patient && before - yieldingSince >= PATIENCE_NANOS) {
            tally.parked();
            LockSupport.parkNanos(parkNanos);
            parkNanos = Math.min(parkNanos * 2, MAX_PARK_NANOS);
            return;
        }
        tally.yielded();
        Thread.yield();
        offered(System.nanoTime() - before);
    }

    /** Counts this strategy's spins, yields and parks into {@code counts} from now on. */
    AdaptiveIdleStrategy countingInto(NicCounters counts) {
        this.tally = new IdleTally(counts);
        return this;
    }

    /** Learns from a yield that took {@code nanos}: another thread ran, or the core stayed ours. */
    void offered(long nanos) {
        limit = nanos > GAVE_AWAY_NANOS ? MIN_SPINS : Math.min(limit * 2, MAX_SPINS);
    }

    /** The passes spun before the next offer of the core. */
    int limit() {
        return limit;
    }

    @Override
    public void reset() {
        tally.flush();
        spins = 0;
        yieldingSince = 0;
        parkNanos = MIN_PARK_NANOS;
    }

    @Override
    public String alias() {
        return "adaptive";
    }
}

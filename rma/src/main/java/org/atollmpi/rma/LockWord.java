package org.atollmpi.rma;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.OneSidedChannel;
import org.atollmpi.engine.Operation;
import org.atollmpi.engine.RemoteKey;

/**
 * The words in each member's control memory (one 64-byte line of board memory per member and
 * window) that the others change with the NIC's atomics, so that the member itself does nothing:
 *
 * <pre>
 *  byte 0   window lock:     EXCLUSIVE bit (1 << 62) | count of shared holders
 *  byte 8   accumulate lock: 0 free, else 1 + world rank of the holder
 * </pre>
 *
 * A shared lock adds one and, if it finds the exclusive bit, takes its one back and tries again;
 * an exclusive lock swaps 0 for the bit. Both spin (progressing, so that the port's completions
 * keep coming) until they succeed; the owner of the lock word never takes part. Every acquiring
 * step waits for its own completion, so it works unchanged on a board that completes a round
 * trip later; releases are issued without waiting ({@link #release}).
 */
final class LockWord {
    static final int CONTROL_BYTES = 64;
    static final long WINDOW_LOCK = 0;
    static final long ACCUMULATE_LOCK = 8;
    static final long EXCLUSIVE = 1L << 62;

    private final Engine engine;
    private final OneSidedChannel channel;
    private final long[] result = new long[1];

    LockWord(Engine engine, OneSidedChannel channel) {
        this.engine = engine;
        this.channel = channel;
    }

    void lockShared(int worldRank, RemoteKey control) {
        while (true) {
            long old = fetchAndAdd(worldRank, control, WINDOW_LOCK, 1);
            if ((old & EXCLUSIVE) == 0) {
                return;
            }
            fetchAndAdd(worldRank, control, WINDOW_LOCK, -1);
            backOff();
        }
    }

    void lockExclusive(int worldRank, RemoteKey control) {
        while (compareAndSwap(worldRank, control, WINDOW_LOCK, 0, EXCLUSIVE) != 0) {
            backOff();
        }
    }

    void unlockShared(int worldRank, RemoteKey control) {
        release(worldRank, control, WINDOW_LOCK, -1);
    }

    void unlockExclusive(int worldRank, RemoteKey control) {
        release(worldRank, control, WINDOW_LOCK, -EXCLUSIVE);
    }

    /** Takes {@code worldRank}'s accumulate lock for this rank (world rank {@code me}). */
    void lockAccumulate(int worldRank, RemoteKey control, int me) {
        while (compareAndSwap(worldRank, control, ACCUMULATE_LOCK, 0, me + 1L) != 0) {
            backOff();
        }
    }

    void unlockAccumulate(int worldRank, RemoteKey control, int me) {
        release(worldRank, control, ACCUMULATE_LOCK, -(me + 1L)); // only the holder changes the word while held
    }

    /**
     * Gives a lock back without waiting for the NIC to say so: what it protected has completed
     * already, and the release is counted with the target's other operations, so the next flush
     * or synchronisation completes it. A later acquire by this rank that the NIC runs first only
     * spins until the release lands.
     */
    private void release(int worldRank, RemoteKey control, long word, long delta) {
        channel.fetchAndAdd(worldRank, control, word, delta, null, 0, null);
    }

    /** One atomic fetch-and-add, waited for: the old value. */
    long fetchAndAdd(int worldRank, RemoteKey key, long offset, long delta) {
        Operation done = engine.newComposite(0);
        channel.fetchAndAdd(worldRank, key, offset, delta, result, Addresses.LONG_ARRAY_BASE, done);
        return awaitResult(done);
    }

    /** One atomic compare-and-swap, waited for: the value found. */
    long compareAndSwap(int worldRank, RemoteKey key, long offset, long expected, long value) {
        Operation done = engine.newComposite(0);
        channel.compareAndSwap(worldRank, key, offset, expected, value, result, Addresses.LONG_ARRAY_BASE, done);
        return awaitResult(done);
    }

    private long awaitResult(Operation done) {
        engine.await(done);
        if (done.error() != 0) {
            throw new EngineException(done.error(), done.errorMessage());
        }
        return result[0];
    }

    private void backOff() {
        engine.idle(engine.progress());
    }
}

package org.atollmpi.nic.late;

import java.util.SplittableRandom;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.HostPort;

/**
 * A board that wraps another and completes one-sided operations late and out of order, the way a
 * network board does: a Get, Put or atomic is held back for a random number of polls before the
 * inner board runs it, and its completion is held back again before it is delivered, in random
 * order. Sends and notifications pass straight through.
 *
 * <p>It exists to keep the engine honest: the shm board finishes one-sided operations inside the
 * issuing call, so an engine that quietly relied on that would break on a TCP board. Every engine
 * test runs on this board too, and {@code ATOLL_NIC_LATE_COMPLETION=<seed>} puts whole jobs on it.
 */
public final class LateCompletionBoard implements Board {
    /** One-sided operations a port holds back at once; more are refused with BUSY. */
    public static final int DEFAULT_CAPACITY = 64;

    private final Board inner;
    private final long seed;
    private final int capacity;

    public LateCompletionBoard(Board inner, long seed) {
        this(inner, seed, DEFAULT_CAPACITY);
    }

    public LateCompletionBoard(Board inner, long seed, int capacity) {
        this.inner = inner;
        this.seed = seed;
        this.capacity = capacity;
    }

    /** Wraps one port (of any board) the same way. */
    public static HostPort wrap(HostPort port, long seed) {
        return new LatePort(port, new SplittableRandom(seed * 31 + port.rank()), DEFAULT_CAPACITY);
    }

    @Override
    public HostPort open(int rank) {
        return new LatePort(inner.open(rank), new SplittableRandom(seed * 31 + rank), capacity);
    }

    @Override
    public void close() {
        inner.close();
    }

    @Override
    public String toString() {
        return "late-completing " + inner;
    }
}

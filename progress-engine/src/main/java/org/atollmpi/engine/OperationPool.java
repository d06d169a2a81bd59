package org.atollmpi.engine;

/**
 * The engine's spare {@link Operation}s, so that a steady stream of {@code isend}/{@code irecv}
 * allocates none once warmed up: a bounded free list (beyond its capacity the garbage collector
 * takes the spares). One thread uses a pool: a single-threaded engine has one, a thread-safe
 * engine one per thread ({@link #PER_THREAD_CAPACITY}), so taking and giving need no lock.
 *
 * <p>An operation comes back only through {@link Engine#release} of a completed one that no
 * engine part can reach any more (the rule is in {@link Operation}'s comment); {@link #give}
 * drops what it held, so a spare keeps no program buffer alive.
 */
final class OperationPool {
    /** Enough for a few windows of operations in flight; about 100 bytes each. */
    static final int CAPACITY = 1024;
    /** A thread's share: enough for its own windows in flight, bounded however many threads there are. */
    static final int PER_THREAD_CAPACITY = 256;

    private final int capacity;
    private Operation spares;   // linked through Operation.next
    private int count;

    OperationPool(int capacity) {
        this.capacity = capacity;
    }

    /** A fresh operation that may come back here: one of the spares, or a new one. */
    Operation take() {
        Operation op = spares;
        if (op == null) {
            op = new Operation();
        } else {
            spares = op.next;
            count--;
            op.reset();
        }
        op.recyclable = true;
        return op;
    }

    /** Takes back a completed operation that nothing references any more. */
    void give(Operation op) {
        op.recyclable = false;
        if (count == capacity) {
            return;
        }
        op.base = null;
        op.owner = null;
        op.errorMessage = null;
        op.next = spares;
        spares = op;
        count++;
    }

    /** Spares held now (for tests). */
    int spares() {
        return count;
    }
}

package org.atollmpi.nic.shm;

import org.atollmpi.nic.ArrivalHandler;

/**
 * The completions of one port's one-sided operations, waiting for the port's next poll. On the
 * shm board the issuing thread is also the completer, so the queue is private to the port's
 * process (a plain array ring on the Java heap), not board memory: nobody else ever writes it.
 *
 * <p>Bounded: {@link #reserve} refuses once {@code capacity} completions are waiting, and the
 * port then answers {@link org.atollmpi.nic.NicStatus#BUSY} without touching any memory.
 */
final class CompletionQueue {
    private final long[] tokens;
    private final int[] statuses;
    private final long[] values;
    private final int mask;
    private long head;
    private long tail;

    CompletionQueue(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("completion queue capacity must be a power of two: " + capacity);
        }
        this.tokens = new long[capacity];
        this.statuses = new int[capacity];
        this.values = new long[capacity];
        this.mask = capacity - 1;
    }

    /** Whether a completion can be posted now. */
    boolean hasRoom() {
        return tail - head < tokens.length;
    }

    /** Posts a completion; the caller has checked {@link #hasRoom()}. */
    void post(long token, int status, long value) {
        int i = (int) tail & mask;
        tokens[i] = token;
        statuses[i] = status;
        values[i] = value;
        tail++;
    }

    /** Hands up to {@code limit} completions to {@code handler}, oldest first. */
    int poll(ArrivalHandler handler, int limit) {
        int delivered = 0;
        while (delivered < limit && head != tail) {
            int i = (int) head & mask;
            head++; // consumed before the handler runs: a handler may issue (and so post) again
            delivered++;
            handler.onCompletion(tokens[i], statuses[i], values[i]);
        }
        return delivered;
    }
}

package org.atollmpi.nic;

/**
 * What {@link HostPort#poll} hands arrivals to. The payload is readable only during the call:
 * {@code (base, offset)} addresses it the {@link Memory} way and the slot or record it lives in
 * is reused as soon as the call returns.
 */
public interface ArrivalHandler {
    /** A fast send or a receive-ring record from {@code source}. */
    void onMessage(int source, long header0, long header1, Object base, long offset, int length);

    /** A notification from {@code source}. */
    void onNotification(int source, int type, long arg0, long arg1, long arg2);

    /**
     * A one-sided operation this port issued has completed: {@code token} is the one it was
     * issued with, {@code status} {@link NicStatus#OK} or the NACK code, {@code value} the old
     * value of an atomic (0 for get and put).
     */
    void onCompletion(long token, int status, long value);

    /**
     * The board found something in this port's shared memory that no correct peer writes (a
     * record length past the end of its ring, a source that is not a rank, a slot length over
     * the maximum): nothing of it was delivered, and the structure is not read again, so every
     * later poll reports the same fault. The job cannot trust that board any more.
     *
     * @param peer  the rank the corrupt structure belongs to or claims to come from, or -1 when
     *              nothing in it says which
     * @param field what was corrupt, with the value found and the bound it broke
     */
    default void onBoardFault(int peer, String field) {
        throw new IllegalStateException("corrupt board memory from " + (peer < 0 ? "an unknown rank" : "rank " + peer)
            + ": " + field);
    }
}

package org.atollmpi.nic.shm;

/**
 * Thrown by a port's view of a shared structure when a field it read from the board breaks a
 * bound that every correct writer keeps: the structure has been read up to the last good entry
 * and nothing of the bad one was used. {@link ShmHostPort#poll} catches it, stops reading the
 * port and reports it through {@link org.atollmpi.nic.ArrivalHandler#onBoardFault}.
 */
final class CorruptBoard extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The rank the structure belongs to or claims to come from, -1 when nothing says. */
    final int peer;
    /** How many good entries the structure handed to the handler in this call before the bad one. */
    final int deliveredBefore;

    CorruptBoard(int peer, int deliveredBefore, String field) {
        super(field, null, false, false);
        this.peer = peer;
        this.deliveredBefore = deliveredBefore;
    }
}

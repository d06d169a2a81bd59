package org.atollmpi.engine;

/**
 * Protocol faults: a control message, data record or completion that names no role in flight,
 * has an unknown type, or is not what its role expects in its state. The engine never acts on
 * one; it counts it and raises the first one not yet raised as an MPI error (ERR_INTERN) from the
 * next call a program makes, through the communicator's error handler.
 */
final class Faults {
    private long count;
    private String pending;

    void report(String what) {
        count++;
        if (pending == null) {
            pending = "protocol fault: " + what + (count > 1 ? " (" + count + " faults so far)" : "");
        }
    }

    long count() {
        return count;
    }

    boolean hasPending() {
        return pending != null;
    }

    /** Throws the pending fault, once. */
    void raisePending() {
        String message = pending;
        if (message != null) {
            pending = null;
            throw new EngineException(ErrorClass.INTERN, message);
        }
    }
}

package org.atollmpi.engine;

/**
 * Protocol faults: a control message, data record or completion that names no role in flight,
 * has an unknown type, or is not what its role expects in its state, and arrivals whose handler
 * threw. The engine never acts on one; it counts it and raises the first one not yet raised as
 * an MPI error (ERR_INTERN, or the class of what a handler threw) from the next call a program
 * makes, through the communicator's error handler, not in whichever thread was progressing.
 */
final class Faults {
    private long count;
    private String pending;
    private int pendingClass;

    void report(String what) {
        report(ErrorClass.INTERN, "protocol fault: " + what);
    }

    /**
     * An arrival whose handling failed: raised with the class of the error that stopped it, so
     * that, for example, running out of roles stays ERR_NO_MEM.
     */
    void handlerFailed(String arrival, RuntimeException e) {
        int errorClass = e instanceof EngineException ee ? ee.errorClass() : ErrorClass.INTERN;
        report(errorClass, "handling " + arrival + " failed: "
            + (e instanceof EngineException ? e.getMessage() : e.toString()));
    }

    private void report(int errorClass, String message) {
        count++;
        if (pending == null) {
            pending = message + (count > 1 ? " (" + count + " faults so far)" : "");
            pendingClass = errorClass;
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
            throw new EngineException(pendingClass, message);
        }
    }
}

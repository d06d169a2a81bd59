package org.atollmpi.rma;

import org.atollmpi.engine.CompletionHook;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * Completes one composite operation (what a request form such as {@code rPut} returns) once all
 * the NIC operations one MPI call issued for it have completed: each takes a {@link #part}, whose
 * completion hook counts down; {@link #seal} says no more parts will come. The first error of a
 * part is the whole's.
 */
final class Countdown implements CompletionHook {
    private final Engine engine;
    private final Operation whole;
    private int left;
    private boolean sealed;
    private int error = ErrorClass.SUCCESS;
    private String message;

    Countdown(Engine engine, Operation whole) {
        this.engine = engine;
        this.whole = whole;
    }

    /** A composite for one more NIC operation, or null when nobody waits for the whole. */
    Operation part() {
        if (whole == null) {
            return null;
        }
        Operation p = engine.newComposite(whole.context());
        engine.execute(() -> left++);
        engine.whenComplete(p, this);
        return p;
    }

    /** No more parts: the whole completes when the last one has (at once if none is in flight). */
    void seal() {
        if (whole != null) {
            engine.execute(() -> {
                sealed = true;
                finishIfDone();
            });
        }
    }

    /** Fails the whole at once (the call raised before or while issuing). */
    void fail(int errorClass, String why) {
        if (whole != null) {
            engine.completeComposite(whole, errorClass, why);
        }
    }

    @Override
    public void onComplete(Operation part) {
        if (part.error() != ErrorClass.SUCCESS && error == ErrorClass.SUCCESS) {
            error = part.error();
            message = part.errorMessage();
        }
        left--;
        finishIfDone();
    }

    private void finishIfDone() {
        if (sealed && left == 0 && !whole.isComplete()) {
            engine.completeComposite(whole, error, message);
        }
    }
}

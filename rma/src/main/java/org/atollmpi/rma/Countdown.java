package org.atollmpi.rma;

import org.atollmpi.engine.CompletionHook;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * Completes one composite operation (what a request form such as {@code rPut} returns) once all
 * the NIC operations one MPI call issued for it have completed: each takes a {@link #part}, whose
 * completion hook counts down; {@link #seal} says no more parts will come. The first error of a
 * part is the whole's; in a dynamic window a part refused by the descriptor check (ERR_WIN: its
 * region was detached after the origin read the table) is ERR_RMA_RANGE, as
 * {@code Window.detached} says for the synchronisation calls.
 */
final class Countdown implements CompletionHook {
    private final Engine engine;
    private final Operation whole;
    private final boolean dynamic;
    private int left;
    private boolean sealed;
    private int error = ErrorClass.SUCCESS;
    private String message;

    /** For the calls nobody waits on as a whole (no request form): every method does nothing. */
    private static final Countdown NOBODY = new Countdown(null, null, false);

    /** A countdown for {@code whole}; with none, a shared one that allocates nothing per call. */
    static Countdown of(Engine engine, Operation whole, boolean dynamic) {
        return whole == null ? NOBODY : new Countdown(engine, whole, dynamic);
    }

    private Countdown(Engine engine, Operation whole, boolean dynamic) {
        this.engine = engine;
        this.whole = whole;
        this.dynamic = dynamic;
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
            error = dynamic && part.error() == ErrorClass.WIN ? ErrorClass.RMA_RANGE : part.error();
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

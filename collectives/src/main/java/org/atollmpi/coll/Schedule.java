package org.atollmpi.coll;

import org.atollmpi.engine.CompletionHook;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * A collective as a schedule of rounds of nonblocking point-to-point steps. Each round starts its
 * sends and receives; their completion hooks count them down, and the last one starts the next
 * round, from whatever thread is progressing (the program's wait, another of its calls, or the
 * progress thread), so a schedule moves on without a loop of its own and a nonblocking
 * collective progresses in the background. The caller holds a composite {@link Operation} that
 * completes after the last round (with the first error any step met), and waits or tests it like
 * any other.
 */
public abstract class Schedule implements CompletionHook {
    protected final Engine engine;
    private final Operation request;
    private int round;
    private int pending;
    private int error = ErrorClass.SUCCESS;
    private String errorMessage;

    protected Schedule(Engine engine, int context) {
        this.engine = engine;
        this.request = engine.newComposite(context);
    }

    /**
     * Starts the operations of round {@code round} with {@link #send} and {@link #recv}.
     *
     * @return false when there is no such round: the schedule is done
     */
    protected abstract boolean startRound(int round);

    /**
     * Called once, after the last round or at the first error, before the request completes:
     * gives back what the rounds held (board memory). Nothing is in flight any more.
     */
    protected void finished() {
    }

    /** Starts the schedule; returns the operation that completes with it. */
    public final Operation start() {
        engine.execute(this::advance);
        return request;
    }

    protected final void send(Object base, long offset, int bytes, int dest, int tag, int context) {
        track(engine.isend(Engine.MODE_STANDARD, base, offset, bytes, dest, tag, context));
    }

    protected final void recv(Object base, long offset, int bytes, int source, int tag, int context) {
        track(engine.irecv(base, offset, bytes, source, tag, context));
    }

    /**
     * Counts {@code op}, any operation of this engine (a point-to-point step, or the composite
     * of another schedule, see {@link Sequence}), among the current round's: the next round
     * starts once all of them have completed, and the schedule releases them.
     */
    protected final void track(Operation op) {
        pending++;
        engine.whenComplete(op, this);
    }

    @Override
    public final void onComplete(Operation op) {
        if (op.error() != ErrorClass.SUCCESS && error == ErrorClass.SUCCESS) {
            error = op.error();
            errorMessage = op.errorMessage();
        }
        engine.release(op);
        if (--pending == 0) {
            advance();
        }
    }

    /** Starts rounds until one has operations in flight, or completes the request after the last. */
    private void advance() {
        while (pending == 0) {
            if (error != ErrorClass.SUCCESS || !startRound(round++)) {
                finished();
                engine.completeComposite(request, error, errorMessage);
                return;
            }
        }
    }
}

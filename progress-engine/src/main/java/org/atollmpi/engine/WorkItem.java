package org.atollmpi.engine;

/**
 * One piece of the engine's progress, in the shape of Agrona's {@code Agent}: each pass of the
 * progress loop calls {@link #doWork()} on every item, on whichever thread is progressing (a
 * program blocked in a wait, or the asynchronous progress thread), always under the engine's
 * lock. The engine's own parts are items (the port poller, the send queue, the protocol roles
 * with work to do, the outbox, the completion hooks); layers above register theirs with
 * {@link Engine#addWorkItem} (a collective schedule, an RMA epoch, a network board's hand-off).
 */
public interface WorkItem {
    /**
     * Does whatever is ready, without blocking.
     *
     * @return how much was done (0 when idle): the idle strategy backs off only after passes
     *         that did nothing
     */
    int doWork();

    /** A name for diagnostics. */
    default String roleName() {
        return getClass().getSimpleName();
    }
}

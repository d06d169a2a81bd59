package org.atollmpi.engine;

/**
 * One of the engine's own pieces of progress, in the shape of Agrona's {@code Agent}: each pass
 * of the progress loop calls {@link #doWork()} on the send queue, the ready protocol roles and the
 * outbox when they have something waiting, on whichever thread is progressing (a program blocked
 * in a wait, or the asynchronous progress thread), always under the engine's lock.
 *
 * <p>Layers above register no items: everything they wait for is an operation of the engine's
 * (a message, a one-sided completion, a composite), so they chain their steps with completion
 * hooks ({@link Engine#whenComplete}), which cost a pass nothing until an operation completes.
 */
interface WorkItem {
    /**
     * Does whatever is ready, without blocking.
     *
     * @return how much was done (0 when idle): the idle strategy backs off only after passes
     *         that did nothing
     */
    int doWork();
}

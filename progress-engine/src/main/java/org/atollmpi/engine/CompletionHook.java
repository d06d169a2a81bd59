package org.atollmpi.engine;

/**
 * Called once an operation has completed, so a layer above can chain its next step (the next
 * round of a collective, the end of an RMA epoch) without polling. Hooks run from the progress
 * loop, under the engine's lock, on whichever thread progresses; they may start operations but
 * must not block.
 */
@FunctionalInterface
public interface CompletionHook {
    void onComplete(Operation op);
}

package org.atollmpi.engine;

import java.util.Arrays;

/**
 * The matching spaces: one {@link MatchQueues} per communicator context, made on first use.
 * Contexts are small numbers handed out by the API layer, so a growing array indexes them.
 */
final class Matcher {
    /**
     * Contexts are below this: the MPI layer draws 2 per communicator from 4,096 pairs
     * ({@code mpi.ContextIds}), with room to spare; an arriving message on a higher one is a
     * protocol fault, so a forged envelope cannot grow the table past 64 K entries.
     */
    static final int MAX_CONTEXTS = 1 << 16;

    private MatchQueues[] contexts = new MatchQueues[8];

    MatchQueues queues(int context) {
        if (context >= contexts.length) {
            contexts = Arrays.copyOf(contexts, Math.max(context + 1, contexts.length * 2));
        }
        MatchQueues q = contexts[context];
        if (q == null) {
            q = new MatchQueues();
            contexts[context] = q;
        }
        return q;
    }

    /** Every context's queues (null where unused), by context, for {@link PendingReport}. */
    MatchQueues[] contextsView() {
        return contexts;
    }

    /** The queues of {@code context} if it has been used, else null (for messages naming a context). */
    MatchQueues existing(int context) {
        return context >= 0 && context < contexts.length ? contexts[context] : null;
    }
}

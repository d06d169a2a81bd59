package org.atollmpi.coll;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.Operation;
import org.atollmpi.nic.Memory;

/**
 * Dissemination barrier (Hensgen, Finkel and Manber, 1988): in round {@code k} every member
 * signals the member {@code 2^k} places ahead and waits for the one {@code 2^k} places behind.
 * After {@code ceil(log2 n)} rounds each member has heard, directly or transitively, from all
 * others, so none leaves before all have arrived. Unlike a gather-then-release tree it needs no
 * root and no second phase, and it works for any group size, not only powers of two.
 *
 * <p>Messages are empty and travel on the communicator's collective context, so they can never
 * match a user's receive (not even one with {@code ANY_SOURCE}/{@code ANY_TAG}). The round number
 * is the tag; within one barrier each round talks to a different pair of peers, and the engine's
 * per-peer ordering keeps consecutive barriers apart.
 */
public final class Barrier {
    /** Zero-length messages still get a real array to point at, whatever the board does with it. */
    private static final byte[] NOTHING = new byte[0];

    private Barrier() {
    }

    /**
     * Blocks until every member of the group has entered the barrier.
     *
     * @param engine     this rank's engine
     * @param worldRanks the group: world rank of each member, indexed by group rank
     * @param me         this rank's index in {@code worldRanks}
     * @param context    the communicator's collective context id
     */
    public static void run(Engine engine, int[] worldRanks, int me, int context) {
        int n = worldRanks.length;
        for (int round = 0, distance = 1; distance < n; round++, distance <<= 1) {
            int to = worldRanks[ahead(me, distance, n)];
            int from = worldRanks[behind(me, distance, n)];
            // Receive first: the peer behind may already be sending to us.
            Operation recv = engine.irecv(NOTHING, Memory.BYTE_ARRAY_BASE, 0, from, round, context);
            Operation send = engine.isend(Engine.MODE_STANDARD, NOTHING, Memory.BYTE_ARRAY_BASE, 0,
                to, round, context);
            engine.await(send);
            engine.await(recv);
            engine.release(send);
            engine.release(recv);
        }
    }

    /** The member a round of {@code distance} signals. */
    static int ahead(int me, int distance, int n) {
        return (me + distance) % n;
    }

    /** The member a round of {@code distance} waits for. */
    static int behind(int me, int distance, int n) {
        return (me - distance % n + n) % n;
    }
}

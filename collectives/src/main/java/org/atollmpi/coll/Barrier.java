package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * Dissemination barrier (Hensgen, Finkel and Manber, 1988): in round {@code k} every member
 * signals the member {@code 2^k} places ahead and waits for the one {@code 2^k} places behind.
 * After {@code ceil(log2 n)} rounds each member has heard, directly or transitively, from all
 * others, so none leaves before all have arrived. Unlike a gather-then-release tree it needs no
 * root and no second phase, and it works for any group size, not only powers of two.
 *
 * <p>Messages are empty and travel on the communicator's collective context, so they can never
 * match a user's receive (not even one with {@code ANY_SOURCE}/{@code ANY_TAG}). The round number
 * is the step of the tag ({@link CollectiveSchedule#tag}); within one barrier each round talks to a different pair of peers, and the engine's
 * per-peer ordering keeps consecutive barriers apart. A {@link Schedule}: the blocking barrier
 * waits for it, a nonblocking one would hand its operation out.
 */
public final class Barrier extends Schedule {
    /** Zero-length messages still get a real array to point at, whatever the board does with it. */
    private static final byte[] NOTHING = new byte[0];

    private final int[] worldRanks;
    private final int me;
    private final int context;
    private final int callTag;

    private Barrier(Engine engine, int[] worldRanks, int me, int context, int callTag) {
        super(engine, context);
        this.worldRanks = worldRanks;
        this.me = me;
        this.context = context;
        this.callTag = callTag;
    }

    /**
     * Starts a barrier; the operation completes once every member of the group has entered it.
     *
     * @param engine     this rank's engine
     * @param worldRanks the group: world rank of each member, indexed by group rank
     * @param me         this rank's index in {@code worldRanks}
     * @param context    the communicator's collective context id
     */
    public static Operation start(Engine engine, int[] worldRanks, int me, int context) {
        return start(engine, worldRanks, me, context, 0);
    }

    /**
     * As {@link #start(Engine, int[], int, int)}, tagged as the {@code callTag}-th collective call
     * on the communicator (see {@link Collectives}), so that it runs beside nonblocking
     * collectives on the same context; the form without a call tag uses 0.
     */
    public static Operation start(Engine engine, int[] worldRanks, int me, int context, int callTag) {
        return new Barrier(engine, worldRanks, me, context, callTag).start();
    }

    /** Blocks until every member of the group has entered the barrier. */
    public static void run(Engine engine, int[] worldRanks, int me, int context) {
        Operation op = start(engine, worldRanks, me, context);
        engine.await(op);
        int error = op.error();
        String message = op.errorMessage();
        engine.release(op);
        if (error != ErrorClass.SUCCESS) {
            throw new EngineException(error, "barrier: " + message);
        }
    }

    @Override
    protected boolean startRound(int round) {
        int n = worldRanks.length;
        int distance = 1 << round;
        if (round >= 31 || distance >= n) {
            return false;
        }
        // Receive first: the peer behind may already be sending to us.
        int tag = CollectiveSchedule.tag(callTag, 0, round);
        recv(NOTHING, Addresses.BYTE_ARRAY_BASE, 0, worldRanks[behind(me, distance, n)], tag, context);
        send(NOTHING, Addresses.BYTE_ARRAY_BASE, 0, worldRanks[ahead(me, distance, n)], tag, context);
        return true;
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

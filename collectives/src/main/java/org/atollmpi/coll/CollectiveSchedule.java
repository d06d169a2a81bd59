package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;

/**
 * A {@link Schedule} that runs a fixed sequence of {@link Part}s over one group: each part's
 * rounds in turn, the next part starting in the round after the previous one's last (allreduce
 * is a reduce part and a broadcast part). Parts address peers by group rank; this class
 * translates to world ranks and composes the engine tag.
 *
 * <p>Engine tag of a message: {@code callTag} (19 bits, the caller's per-communicator collective
 * counter) | part index (3 bits) | step (8 bits), see {@link #tag}. Tags stay below 2^30: the
 * {@code mpi} layer runs its own exchanges on the collective context with tags from
 * {@code 0x7FFE0000} up (communicator creation, neighbour collectives), which a wrapped call
 * counter must never reach. Within one collective a pair
 * of members exchanges messages in the same order on both sides, so a step that wraps around
 * (a ring of more than 256 members) still matches right; two collectives in flight on one
 * context differ in {@code callTag}.
 */
final class CollectiveSchedule extends Schedule {
    static final int STEP_BITS = 8;
    static final int PART_BITS = 3;
    static final int CALL_TAG_BITS = 30 - STEP_BITS - PART_BITS;

    final int[] worldRanks;
    /**
     * This member's rank in the group; in an {@link Intergroup} schedule, whose group is the
     * other group of an intercommunicator, its rank in its own group.
     */
    final int me;
    final int size;
    private final int context;
    private final int callTag;
    private final Part[] parts;
    private int part;
    private int firstRound;

    CollectiveSchedule(Engine engine, int[] worldRanks, int me, int context, int callTag, Part... parts) {
        super(engine, context);
        if (parts.length > 1 << PART_BITS) {
            throw new IllegalArgumentException(parts.length + " parts");
        }
        this.worldRanks = worldRanks;
        this.me = me;
        this.size = worldRanks.length;
        this.context = context;
        this.callTag = callTag;
        this.parts = parts;
    }

    /** The engine tag of step {@code step} of part {@code part} of collective call {@code callTag}. */
    static int tag(int callTag, int part, int step) {
        int callMask = (1 << CALL_TAG_BITS) - 1;
        return (callTag & callMask) << (PART_BITS + STEP_BITS) | part << STEP_BITS | (step & ((1 << STEP_BITS) - 1));
    }

    @Override
    protected boolean startRound(int round) {
        while (part < parts.length) {
            if (parts[part].startRound(this, round - firstRound)) {
                return true;
            }
            part++;
            firstRound = round;
        }
        return false;
    }

    @Override
    protected void finished() {
        for (Part p : parts) {
            p.release(this);
        }
    }

    /** Sends to group member {@code peer}. */
    void sendTo(int peer, Object base, long offset, int bytes, int step) {
        send(base, offset, bytes, worldRanks[peer], tag(callTag, part, step), context);
    }

    /** Receives from group member {@code peer}. */
    void recvFrom(int peer, Object base, long offset, int bytes, int step) {
        recv(base, offset, bytes, worldRanks[peer], tag(callTag, part, step), context);
    }

    /** A local copy; nothing when source and target are the same memory. */
    static void copy(Object srcBase, long srcOffset, Object dstBase, long dstOffset, int bytes) {
        if (bytes > 0 && (srcBase != dstBase || srcOffset != dstOffset)) {
            Addresses.copy(srcBase, srcOffset, dstBase, dstOffset, bytes);
        }
    }
}

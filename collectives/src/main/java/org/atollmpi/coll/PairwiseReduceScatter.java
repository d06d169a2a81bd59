package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Reduce-scatter by pairwise exchange, for a commutative operation: in round {@code r} (1 to
 * n-1) each member sends the block of member {@code me + r} of its input to it and receives from
 * {@code me - r} that member's contribution to its own block, combined in the next round. Each
 * member sends and receives only what it needs, n-1 times, with one exchange in flight; right for
 * long vectors, where recursive halving would pass data through intermediaries.
 *
 * <p>This member's block is combined in the receive buffer. In place, where the input is the
 * receive buffer and the blocks still to be sent are there, it is combined in an array of its
 * own and copied to the start of the receive buffer after the last exchange (unless it starts
 * there already).
 */
final class PairwiseReduceScatter extends Part {
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private final Object inBase;
    private final long inOffset;
    private final Object recvBase;
    private final long recvOffset;
    /** Element boundaries of the members' blocks, n+1 of them. */
    private final int[] blocks;
    private final Reduction op;
    private Object accBase;
    private long accOffset;
    private byte[] received;

    /** {@code inBase == recvBase && inOffset == recvOffset}: in place. */
    PairwiseReduceScatter(Object inBase, long inOffset, Object recvBase, long recvOffset, int[] blocks,
                          Reduction op) {
        this.inBase = inBase;
        this.inOffset = inOffset;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.blocks = blocks;
        this.op = op;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int me = s.me;
        int mine = blocks[me + 1] - blocks[me];
        if (round == 0) {
            // in place, combining at the start of the buffer would overwrite blocks still to send
            boolean apart = inBase == recvBase && inOffset == recvOffset && blocks[me] > 0;
            accBase = apart ? new byte[op.bytes(mine)] : recvBase;
            accOffset = apart ? B : recvOffset;
            CollectiveSchedule.copy(inBase, at(blocks[me]), accBase, accOffset, op.bytes(mine));
            received = n > 1 ? new byte[op.bytes(mine)] : null;
        } else {
            op.apply(received, B, accBase, accOffset, mine);
        }
        if (round == n - 1) {
            CollectiveSchedule.copy(accBase, accOffset, recvBase, recvOffset, op.bytes(mine));
            return false;
        }
        int to = (me + round + 1) % n;
        int from = (me - round - 1 + n) % n;
        s.recvFrom(from, received, B, op.bytes(mine), round);
        s.sendTo(to, inBase, at(blocks[to]), op.bytes(blocks[to + 1] - blocks[to]), round);
        return true;
    }

    private long at(int element) {
        return inOffset + (long) element * op.elementBytes();
    }
}

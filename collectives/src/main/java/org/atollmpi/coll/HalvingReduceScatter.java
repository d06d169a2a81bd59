package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Reduce-scatter by recursive halving among the new ranks of a {@link PairFold}, for a
 * commutative operation: the vector is cut into {@code pof2} blocks (block {@code i} is
 * elements {@code blocks[i]} to {@code blocks[i+1]}, possibly empty); at distance
 * {@code pof2/2, ..., 2, 1} new rank {@code r} sends its partner {@code r ^ d} the half of its
 * current range that holds the partner's block, receives the other half's contribution and
 * combines it. Each step moves half as much as the one before, and at the end new rank
 * {@code i} holds block {@code i} reduced over everyone, in its own place in the
 * {@link Accumulator}.
 */
final class HalvingReduceScatter extends Part {
    private final Accumulator acc;
    private final int[] blocks;
    private int distance;
    /** The elements received in the step in flight, combined at the start of the next round. */
    private int keptFirst;
    private int keptEnd;
    private byte[] received;

    HalvingReduceScatter(Accumulator acc, int[] blocks) {
        this.acc = acc;
        this.blocks = blocks;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int newRank = acc.fold.newRank(s.me);
        if (newRank < 0) {
            return false;
        }
        if (round == 0) {
            distance = acc.fold.pof2 >> 1;
        } else {
            acc.op.apply(received, Addresses.BYTE_ARRAY_BASE, acc.base, acc.at(keptFirst), keptEnd - keptFirst);
        }
        if (distance == 0) {
            return false;
        }
        int mine = newRank & -distance;
        int theirs = (newRank ^ distance) & -distance;
        keptFirst = blocks[mine];
        keptEnd = blocks[mine + distance];
        int step = Integer.numberOfTrailingZeros(distance);
        int peer = acc.fold.member(newRank ^ distance);
        int kept = acc.bytes(keptEnd - keptFirst);
        received = acc.scratch(kept);
        s.recvFrom(peer, received, Addresses.BYTE_ARRAY_BASE, kept, step);
        s.sendTo(peer, acc.base, acc.at(blocks[theirs]), acc.bytes(blocks[theirs + distance] - blocks[theirs]), step);
        distance >>= 1;
        return true;
    }
}

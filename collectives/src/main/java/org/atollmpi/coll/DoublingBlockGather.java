package org.atollmpi.coll;

/**
 * Allgather by recursive doubling of the blocks that {@link HalvingReduceScatter} left with the
 * new ranks of a {@link PairFold}, the second half of Rabenseifner's allreduce: at distance
 * {@code 1, 2, ..., pof2/2} new rank {@code r} holds the aligned run of blocks around it, sends
 * that run to {@code r ^ d} and receives the neighbouring run in place, doubling what it holds.
 */
final class DoublingBlockGather extends Part {
    private final Accumulator acc;
    private final int[] blocks;

    DoublingBlockGather(Accumulator acc, int[] blocks) {
        this.acc = acc;
        this.blocks = blocks;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int newRank = acc.fold.newRank(s.me);
        int distance = 1 << round;
        if (newRank < 0 || distance >= acc.fold.pof2) {
            return false;
        }
        int mine = newRank & -distance;
        int theirs = (newRank ^ distance) & -distance;
        int peer = acc.fold.member(newRank ^ distance);
        s.recvFrom(peer, acc.base, acc.at(blocks[theirs]), acc.bytes(blocks[theirs + distance] - blocks[theirs]),
            round);
        s.sendTo(peer, acc.base, acc.at(blocks[mine]), acc.bytes(blocks[mine + distance] - blocks[mine]), round);
        return true;
    }
}

package org.atollmpi.coll;

/**
 * Gather to the root, by a binomial tree, of the blocks that {@link HalvingReduceScatter} left
 * with the new ranks of a {@link PairFold}: the second half of Rabenseifner's reduce. The tree
 * numbers new ranks by {@code r ^ rootRank}, so what a new rank holds before the step at
 * distance {@code d} is always the aligned run of {@code d} blocks around it: one contiguous
 * range of the {@link Accumulator}, sent whole.
 *
 * <p>A root that handed off its vector in the fold takes its partner's place (as MPICH does):
 * the partner sends it the one block it ended with, and the root plays its new rank in the tree.
 */
final class BinomialBlockGather extends Part {
    private final Accumulator acc;
    private final int[] blocks;
    private final int root;
    private int rootRank;
    /** This member's new rank in the tree; -1 once it has sent what it holds, or if it has no part. */
    private int newRank;

    BinomialBlockGather(Accumulator acc, int[] blocks, int root) {
        this.acc = acc;
        this.blocks = blocks;
        this.root = root;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        PairFold fold = acc.fold;
        int me = s.me;
        if (round == 0) {
            boolean takeOver = fold.handsOff(root);
            rootRank = takeOver ? root / 2 : fold.newRank(root);
            newRank = me == root ? rootRank : takeOver && me == root + 1 ? -1 : fold.newRank(me);
            if (takeOver && (me == root || me == root + 1)) {
                int first = blocks[rootRank];
                int bytes = acc.bytes(blocks[rootRank + 1] - first);
                if (me == root) {
                    s.recvFrom(root + 1, acc.base, acc.at(first), bytes, 0);
                } else {
                    s.sendTo(root, acc.base, acc.at(first), bytes, 0);
                }
            }
            return true;
        }
        int distance = 1 << (round - 1);
        if (newRank < 0 || distance >= fold.pof2) {
            return false;
        }
        int peerRank = newRank ^ distance;
        int peer = peerRank == rootRank ? root : fold.member(peerRank);
        if (((newRank ^ rootRank) & distance) != 0) {
            int mine = newRank & -distance;
            s.sendTo(peer, acc.base, acc.at(blocks[mine]), acc.bytes(blocks[mine + distance] - blocks[mine]), round);
            newRank = -1;
            return true;
        }
        int theirs = peerRank & -distance;
        s.recvFrom(peer, acc.base, acc.at(blocks[theirs]), acc.bytes(blocks[theirs + distance] - blocks[theirs]),
            round);
        return true;
    }
}

package org.atollmpi.coll;

/**
 * How the power-of-two algorithms (recursive doubling, recursive halving, Rabenseifner) run on a
 * group of any size, as MPICH does it. With {@code pof2} the largest power of two not above the
 * group size and {@code rem} what is left over, the first {@code 2 * rem} members pair up as
 * {@code (2i, 2i+1)}: the even one hands its vector to the odd one ({@link FoldIn}), which
 * combines them and stands for both as new rank {@code i}, while the even one waits for its
 * result ({@link FoldOut}); member {@code m >= 2 * rem} is new rank {@code m - rem}. New ranks
 * keep the members' order, so a new rank always stands for a contiguous range of members and a
 * non-commutative operation can still be applied in rank order.
 */
final class PairFold {
    /** The largest power of two not above the group size. */
    final int pof2;
    /** Members past {@code pof2}: the number of folded pairs. */
    final int rem;

    PairFold(int members) {
        this.pof2 = Integer.highestOneBit(members);
        this.rem = members - pof2;
    }

    /** True for the even member of a folded pair: it takes no part between fold and unfold. */
    boolean handsOff(int member) {
        return member < 2 * rem && member % 2 == 0;
    }

    /** True for the odd member of a folded pair: it combines its partner's vector into its own. */
    boolean takesIn(int member) {
        return member < 2 * rem && member % 2 == 1;
    }

    /** The new rank of {@code member}, -1 for one that {@link #handsOff}. */
    int newRank(int member) {
        if (member >= 2 * rem) {
            return member - rem;
        }
        return member % 2 == 1 ? member / 2 : -1;
    }

    /** The member that acts as new rank {@code newRank}. */
    int member(int newRank) {
        return newRank < rem ? 2 * newRank + 1 : newRank + rem;
    }

    /** The lowest member that new rank {@code newRank} stands for. */
    int firstMember(int newRank) {
        return newRank < rem ? 2 * newRank : newRank + rem;
    }
}

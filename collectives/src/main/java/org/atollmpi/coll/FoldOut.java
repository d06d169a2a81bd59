package org.atollmpi.coll;

/**
 * The last part of a folded reduction ({@link PairFold}): every member that went on copies its
 * share of the result from the {@link Accumulator} into its receive buffer, and the odd member of
 * each folded pair sends its even partner that partner's share, which lands in the partner's
 * receive buffer directly. A share is the whole vector (allreduce) or the member's block
 * (reduce-scatter).
 */
final class FoldOut extends Part {
    private final Accumulator acc;
    private final Object recvBase;
    private final long recvOffset;
    /** Element boundaries of the members' shares, n+1 of them; null: every share is the whole vector. */
    private final int[] shares;

    private FoldOut(Accumulator acc, Object recvBase, long recvOffset, int[] shares) {
        this.acc = acc;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.shares = shares;
    }

    /** Every member receives the whole vector. */
    static FoldOut whole(Accumulator acc, Object recvBase, long recvOffset) {
        return new FoldOut(acc, recvBase, recvOffset, null);
    }

    /** Member {@code m} receives elements {@code shares[m]} to {@code shares[m+1]} of the vector. */
    static FoldOut blocks(Accumulator acc, Object recvBase, long recvOffset, int[] shares) {
        return new FoldOut(acc, recvBase, recvOffset, shares);
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        if (round > 0) {
            return false;
        }
        int me = s.me;
        if (acc.fold.handsOff(me)) {
            s.recvFrom(me + 1, recvBase, recvOffset, acc.bytes(length(me)), 0);
            return true;
        }
        CollectiveSchedule.copy(acc.base, acc.at(first(me)), recvBase, recvOffset, acc.bytes(length(me)));
        if (acc.fold.takesIn(me)) {
            s.sendTo(me - 1, acc.base, acc.at(first(me - 1)), acc.bytes(length(me - 1)), 0);
            return true;
        }
        return false;
    }

    private int first(int member) {
        return shares == null ? 0 : shares[member];
    }

    private int length(int member) {
        return shares == null ? acc.count : shares[member + 1] - shares[member];
    }
}

package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * The first part of a folded reduction ({@link PairFold}): the even member of each folded pair
 * sends its input to the odd one, straight from its input buffer; every other member copies its
 * input into the {@link Accumulator}, and the odd one of a pair then combines its partner's
 * vector before its own ({@code partner op mine}), so rank order holds.
 */
final class FoldIn extends Part {
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private final Accumulator acc;

    FoldIn(Accumulator acc) {
        this.acc = acc;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int me = s.me;
        int bytes = acc.bytes(acc.count);
        if (round == 0) {
            if (acc.fold.handsOff(me)) {
                s.sendTo(me + 1, acc.inputBase, acc.inputOffset, bytes, 0);
                return true;
            }
            CollectiveSchedule.copy(acc.inputBase, acc.inputOffset, acc.base, acc.offset, bytes);
            if (acc.fold.takesIn(me)) {
                s.recvFrom(me - 1, acc.scratch(bytes), B, bytes, 0);
                return true;
            }
            return false;
        }
        if (round == 1 && acc.fold.takesIn(me)) {
            acc.op.apply(acc.scratch(bytes), B, acc.base, acc.offset, acc.count);
        }
        return false;
    }
}

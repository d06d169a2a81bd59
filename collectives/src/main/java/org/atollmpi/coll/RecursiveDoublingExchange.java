package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Recursive-doubling allreduce among the new ranks of a {@link PairFold}: in step {@code k} new
 * ranks {@code r} and {@code r ^ 2^k} swap their whole vectors and both combine them, so after
 * {@code log2 pof2} steps each holds the reduction of all. Before step {@code k} a new rank holds
 * the reduction of the aligned range of {@code 2^k} new ranks around it, members in order, so
 * combining with the lower side's vector as the left operand keeps rank order for a
 * non-commutative operation. When this member is the lower side, the result lands in the receive
 * area, which then becomes the running result (the buffers swap roles, nothing is copied).
 */
final class RecursiveDoublingExchange extends Part {
    private final Accumulator acc;
    private Object spareBase;
    private long spareOffset;
    private int mask = 1;
    /** The member of the exchange in flight, -1 before the first. */
    private int partner = -1;

    RecursiveDoublingExchange(Accumulator acc) {
        this.acc = acc;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int newRank = acc.fold.newRank(s.me);
        if (newRank < 0) {
            return false;
        }
        int bytes = acc.bytes(acc.count);
        if (round > 0) {
            combine(s.me);
        }
        if (mask >= acc.fold.pof2) {
            return false;
        }
        if (round == 0) {
            spareBase = acc.takeScratch(bytes);
            spareOffset = Addresses.BYTE_ARRAY_BASE;
        }
        partner = acc.fold.member(newRank ^ mask);
        int step = Integer.numberOfTrailingZeros(mask);
        s.recvFrom(partner, spareBase, spareOffset, bytes, step);
        s.sendTo(partner, acc.base, acc.offset, bytes, step);
        mask <<= 1;
        return true;
    }

    private void combine(int me) {
        if (partner < me || acc.op.commutative()) {
            acc.op.apply(spareBase, spareOffset, acc.base, acc.offset, acc.count);
            return;
        }
        acc.op.apply(acc.base, acc.offset, spareBase, spareOffset, acc.count);
        Object b = acc.base;
        long o = acc.offset;
        acc.base = spareBase;
        acc.offset = spareOffset;
        spareBase = b;
        spareOffset = o;
    }
}

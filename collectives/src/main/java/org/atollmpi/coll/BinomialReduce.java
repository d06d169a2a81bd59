package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Binomial-tree reduction that keeps rank order. With tree ranks {@code v}, in step {@code k} a
 * member whose bit {@code k} is set sends what it holds to {@code v - 2^k} and is done; the
 * others receive from {@code v + 2^k} (if it exists) and combine {@code mine op theirs}: a member
 * always holds the reduction of the contiguous range {@code [v, v + 2^k)} in order, so the tree
 * root ends with {@code x0 op x1 op ... op x(n-1)}.
 *
 * <p>A commutative operation uses ranks counted from the root, so the result ends there. A
 * non-commutative one uses the group's own ranks (tree root 0, order kept) and, when the root is
 * not 0, a last step sends the result from 0 to the root.
 *
 * <p>Memory: a leaf sends straight from its send buffer; an inner member receives into one of
 * two scratch arrays and combines into it, so the send buffer is never written.
 */
final class BinomialReduce extends Part {
    private final Reduction op;
    private final int count;
    private final int bytes;
    private final Object recvBase;
    private final long recvOffset;
    private final int root;

    private Object accBase;
    private long accOffset;
    private byte[] scratchA;
    private byte[] scratchB;
    private byte[] pending;
    private int mask = 1;
    private boolean treeDone;
    private boolean finished;

    /** {@code sendBase} may equal {@code recvBase} (in place at the root). */
    BinomialReduce(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count, Reduction op,
                   int root) {
        this.op = op;
        this.count = count;
        this.bytes = op.bytes(count);
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.root = root;
        this.accBase = sendBase;
        this.accOffset = sendOffset;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int shift = op.commutative() ? root : 0;
        int v = (s.me - shift + n) % n;
        if (pending != null) {
            // mine op theirs, into theirs: it becomes what this member holds
            op.apply(accBase, accOffset, pending, Addresses.BYTE_ARRAY_BASE, count);
            accBase = pending;
            accOffset = Addresses.BYTE_ARRAY_BASE;
            pending = null;
        }
        while (!treeDone && mask < n) {
            int m = mask;
            mask <<= 1;
            if ((v & m) != 0) {
                s.sendTo((v - m + shift) % n, accBase, accOffset, bytes, 0);
                treeDone = true;
                return true;
            }
            if (v + m < n) {
                pending = scratch();
                s.recvFrom((v + m + shift) % n, pending, Addresses.BYTE_ARRAY_BASE, bytes, 0);
                return true;
            }
        }
        treeDone = true;
        if (finished) {
            return false;
        }
        finished = true;
        if (v == 0 && s.me == root) {
            CollectiveSchedule.copy(accBase, accOffset, recvBase, recvOffset, bytes);
            return true;
        }
        if (v == 0) {
            s.sendTo(root, accBase, accOffset, bytes, 1);
            return true;
        }
        if (s.me == root) {
            s.recvFrom(shift, recvBase, recvOffset, bytes, 1);
            return true;
        }
        return false;
    }

    /** The scratch array that does not hold the accumulated value. */
    private byte[] scratch() {
        if (accBase != scratchA) {
            if (scratchA == null) {
                scratchA = new byte[bytes];
            }
            return scratchA;
        }
        if (scratchB == null) {
            scratchB = new byte[bytes];
        }
        return scratchB;
    }
}

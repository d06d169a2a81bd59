package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Gather of equal blocks up a {@link BinomialTree binomial tree}: each member receives the
 * blocks of its children's subtrees (all children at once), then sends its whole subtree's blocks
 * to its parent in one message. The root takes {@code ceil(log2 n)} messages instead of the
 * linear gather's {@code n - 1}, at the price of forwarding (a block travels up to
 * {@code log2 n} hops), so it is the algorithm for small blocks.
 *
 * <p>Memory: a leaf sends straight from its send buffer; an inner member gathers its own block
 * and its subtree's, in the order of ranks counted from the root, into a temporary of its
 * subtree's size. The root receives each child's subtree straight into its place in the receive
 * buffer: counted from the root, a subtree is a contiguous run of group ranks, except the one
 * that runs past member {@code n - 1} when the root is not 0; that one comes into a temporary
 * and is copied out in its two pieces.
 */
final class BinomialGather extends Part {
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private final Object sendBase;
    private final long sendOffset;
    private final Object recvBase;
    private final long recvOffset;
    private final int bytes;
    private final int root;

    /** An inner member's subtree, or the root's wrapping child's. */
    private byte[] packed;
    /** At the root: the group rank where the wrapping child's subtree starts. */
    private int wrapStart;

    /**
     * {@code sendBase == Collectives.IN_PLACE} at the root: its block is in the receive buffer
     * already. The receive buffer is used at the root only.
     */
    BinomialGather(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes, int root) {
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.bytes = bytes;
        this.root = root;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int v = (s.me - root + n) % n;
        int mine = BinomialTree.subtree(v, n);
        if (bytes == 0 || round > 1 || (round == 1 && mine == 1)) {
            return false;
        }
        if (round == 0 && v == 0) {
            if (sendBase != Collectives.IN_PLACE) {
                CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset + (long) root * bytes, bytes);
            }
            for (int m = 1; m < n; m <<= 1) {
                receiveAtRoot(s, m, BinomialTree.subtree(m, n));
            }
            return true;
        }
        if (round == 0 && mine == 1) {
            s.sendTo((BinomialTree.parent(v) + root) % n, sendBase, sendOffset, bytes, 0);
            return true;
        }
        if (round == 0) {
            packed = new byte[Math.multiplyExact(mine, bytes)];
            CollectiveSchedule.copy(sendBase, sendOffset, packed, B, bytes);
            for (int m = 1; m < mine; m <<= 1) {
                s.recvFrom((v + m + root) % n, packed, B + (long) m * bytes,
                    BinomialTree.subtree(v + m, n) * bytes, 0);
            }
            return true;
        }
        if (v == 0) {
            if (packed != null) {
                int first = n - wrapStart;
                CollectiveSchedule.copy(packed, B, recvBase, recvOffset + (long) wrapStart * bytes, first * bytes);
                CollectiveSchedule.copy(packed, B + (long) first * bytes, recvBase, recvOffset,
                    packed.length - first * bytes);
            }
            return true;
        }
        s.sendTo((BinomialTree.parent(v) + root) % n, packed, B, packed.length, 0);
        return true;
    }

    /** The root receives the subtree of {@code child} members counted from it, {@code members} long. */
    private void receiveAtRoot(CollectiveSchedule s, int child, int members) {
        int n = s.size;
        int start = (child + root) % n;
        if (start + members <= n) {
            s.recvFrom(start, recvBase, recvOffset + (long) start * bytes, members * bytes, 0);
            return;
        }
        wrapStart = start;
        packed = new byte[Math.multiplyExact(members, bytes)];
        s.recvFrom(start, packed, B, packed.length, 0);
    }
}

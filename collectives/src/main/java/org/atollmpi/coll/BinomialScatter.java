package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Scatter of equal blocks down a {@link BinomialTree binomial tree}, the mirror of
 * {@link BinomialGather}: the root sends each child its whole subtree's blocks in one message,
 * and an inner member keeps its own block and passes its children theirs. The root sends
 * {@code ceil(log2 n)} messages instead of the linear scatter's {@code n - 1}, at the price of
 * forwarding, so it is the algorithm for small blocks.
 *
 * <p>Memory: a leaf receives straight into its receive buffer; an inner member receives its
 * subtree's blocks into a temporary and sends its children slices of it. The root sends from its
 * send buffer, counted from the root a subtree being a contiguous run of group ranks, except the
 * one that runs past member {@code n - 1} when the root is not 0: that one is packed first.
 */
final class BinomialScatter extends Part {
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private final Object sendBase;
    private final long sendOffset;
    private final Object recvBase;
    private final long recvOffset;
    private final int bytes;
    private final int root;

    /** An inner member's subtree, or the root's wrapping child's. */
    private byte[] packed;

    /**
     * {@code recvBase == Collectives.IN_PLACE} at the root: its block stays in the send buffer.
     * The send buffer is used at the root only.
     */
    BinomialScatter(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes, int root) {
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
        if (bytes == 0 || round > 1 || (round == 1 && (v == 0 || mine == 1))) {
            return false;
        }
        if (round == 0 && v == 0) {
            if (recvBase != Collectives.IN_PLACE) {
                CollectiveSchedule.copy(sendBase, sendOffset + (long) root * bytes, recvBase, recvOffset, bytes);
            }
            for (int m = 1; m < n; m <<= 1) {
                sendFromRoot(s, m, BinomialTree.subtree(m, n));
            }
            return true;
        }
        int parent = (BinomialTree.parent(v) + root) % n;
        if (round == 0 && mine == 1) {
            s.recvFrom(parent, recvBase, recvOffset, bytes, 0);
            return true;
        }
        if (round == 0) {
            packed = new byte[Math.multiplyExact(mine, bytes)];
            s.recvFrom(parent, packed, B, packed.length, 0);
            return true;
        }
        CollectiveSchedule.copy(packed, B, recvBase, recvOffset, bytes);
        for (int m = 1; m < mine; m <<= 1) {
            s.sendTo((v + m + root) % n, packed, B + (long) m * bytes, BinomialTree.subtree(v + m, n) * bytes, 0);
        }
        return true;
    }

    /** The root sends the subtree of {@code child} (counted from it), {@code members} long. */
    private void sendFromRoot(CollectiveSchedule s, int child, int members) {
        int n = s.size;
        int start = (child + root) % n;
        if (start + members <= n) {
            s.sendTo(start, sendBase, sendOffset + (long) start * bytes, members * bytes, 0);
            return;
        }
        int first = n - start;
        packed = new byte[Math.multiplyExact(members, bytes)];
        CollectiveSchedule.copy(sendBase, sendOffset + (long) start * bytes, packed, B, first * bytes);
        CollectiveSchedule.copy(sendBase, sendOffset, packed, B + (long) first * bytes, (members - first) * bytes);
        s.sendTo(start, packed, B, packed.length, 0);
    }
}

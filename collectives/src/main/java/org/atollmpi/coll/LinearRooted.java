package org.atollmpi.coll;

/**
 * Gather(v) and scatter(v) in one round: one exchange, run in either direction. The root moves
 * member {@code i}'s block between byte {@code displs[i]} of its own buffer ({@code blockBytes[i]}
 * long) and that member, and copies its own block locally; every other member moves its single
 * block with the root. Simple and right for any group; a tree for small blocks is for the tuned
 * algorithms.
 */
final class LinearRooted extends Part {
    /** True: blocks flow to the root (gather); false: from it (scatter). */
    private final boolean toRoot;
    /** The block of a member's own (the send buffer of gather, the receive buffer of scatter). */
    private final Object memberBase;
    private final long memberOffset;
    private final int memberBytes;
    /** The root's buffer of all the blocks. */
    private final Object rootBase;
    private final long rootOffset;
    private final int[] blockBytes;
    private final int[] displs;
    private final int root;

    private LinearRooted(boolean toRoot, Object memberBase, long memberOffset, int memberBytes, Object rootBase,
                         long rootOffset, int[] blockBytes, int[] displs, int root) {
        this.toRoot = toRoot;
        this.memberBase = memberBase;
        this.memberOffset = memberOffset;
        this.memberBytes = memberBytes;
        this.rootBase = rootBase;
        this.rootOffset = rootOffset;
        this.blockBytes = blockBytes;
        this.displs = displs;
        this.root = root;
    }

    /** {@code sendBase == Collectives.IN_PLACE} at the root: its block is in the receive buffer already. */
    static LinearRooted gather(Object sendBase, long sendOffset, int sendBytes, Object recvBase, long recvOffset,
                               int[] recvBytes, int[] displs, int root) {
        return new LinearRooted(true, sendBase, sendOffset, sendBytes, recvBase, recvOffset, recvBytes, displs, root);
    }

    /** {@code recvBase == Collectives.IN_PLACE} at the root: its block stays where it is. */
    static LinearRooted scatter(Object sendBase, long sendOffset, int[] sendBytes, int[] displs, Object recvBase,
                                long recvOffset, int recvBytes, int root) {
        return new LinearRooted(false, recvBase, recvOffset, recvBytes, sendBase, sendOffset, sendBytes, displs, root);
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        if (round > 0) {
            return false;
        }
        if (s.me != root) {
            if (toRoot) {
                s.sendTo(root, memberBase, memberOffset, memberBytes, 0);
            } else {
                s.recvFrom(root, memberBase, memberOffset, memberBytes, 0);
            }
            return true;
        }
        for (int i = 0; i < s.size; i++) {
            if (i == root) {
                continue;
            }
            if (toRoot) {
                s.recvFrom(i, rootBase, rootOffset + displs[i], blockBytes[i], 0);
            } else {
                s.sendTo(i, rootBase, rootOffset + displs[i], blockBytes[i], 0);
            }
        }
        if (memberBase != Collectives.IN_PLACE) {
            long own = rootOffset + displs[root];
            int bytes = Math.min(memberBytes, blockBytes[root]);
            if (toRoot) {
                CollectiveSchedule.copy(memberBase, memberOffset, rootBase, own, bytes);
            } else {
                CollectiveSchedule.copy(rootBase, own, memberBase, memberOffset, bytes);
            }
        }
        return true;
    }
}

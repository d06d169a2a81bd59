package org.atollmpi.coll;

/**
 * Gather(v) in one round: the root posts a receive per member straight into its block of the
 * receive buffer and copies its own block; every other member sends. Simple and right for any
 * group; a tree for small blocks is for the tuned algorithms.
 */
final class LinearGather extends Part {
    private final Object sendBase;
    private final long sendOffset;
    private final int sendBytes;
    private final Object recvBase;
    private final long recvOffset;
    private final int[] recvBytes;
    private final int[] displs;
    private final int root;

    /** {@code sendBase == Collectives.IN_PLACE} at the root: its block is in the receive buffer already. */
    LinearGather(Object sendBase, long sendOffset, int sendBytes, Object recvBase, long recvOffset, int[] recvBytes,
                 int[] displs, int root) {
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.sendBytes = sendBytes;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.recvBytes = recvBytes;
        this.displs = displs;
        this.root = root;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        if (round > 0) {
            return false;
        }
        if (s.me != root) {
            s.sendTo(root, sendBase, sendOffset, sendBytes, 0);
            return true;
        }
        for (int i = 0; i < s.size; i++) {
            if (i != root) {
                s.recvFrom(i, recvBase, recvOffset + displs[i], recvBytes[i], 0);
            }
        }
        if (sendBase != Collectives.IN_PLACE) {
            CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset + displs[root],
                Math.min(sendBytes, recvBytes[root]));
        }
        return true;
    }
}

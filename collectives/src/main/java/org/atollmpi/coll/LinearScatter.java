package org.atollmpi.coll;

/**
 * Scatter(v) in one round: the root sends each member its block and copies its own; every other
 * member receives.
 */
final class LinearScatter extends Part {
    private final Object sendBase;
    private final long sendOffset;
    private final int[] sendBytes;
    private final int[] displs;
    private final Object recvBase;
    private final long recvOffset;
    private final int recvBytes;
    private final int root;

    /** {@code recvBase == Collectives.IN_PLACE} at the root: its block stays where it is. */
    LinearScatter(Object sendBase, long sendOffset, int[] sendBytes, int[] displs, Object recvBase, long recvOffset,
                  int recvBytes, int root) {
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.sendBytes = sendBytes;
        this.displs = displs;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.recvBytes = recvBytes;
        this.root = root;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        if (round > 0) {
            return false;
        }
        if (s.me != root) {
            s.recvFrom(root, recvBase, recvOffset, recvBytes, 0);
            return true;
        }
        for (int i = 0; i < s.size; i++) {
            if (i != root) {
                s.sendTo(i, sendBase, sendOffset + displs[i], sendBytes[i], 0);
            }
        }
        if (recvBase != Collectives.IN_PLACE) {
            CollectiveSchedule.copy(sendBase, sendOffset + displs[root], recvBase, recvOffset,
                Math.min(sendBytes[root], recvBytes));
        }
        return true;
    }
}

package org.atollmpi.coll;

/**
 * Ring allgather(v): each member first puts its own block in place, then in round {@code r}
 * (1 to n-1) passes to its right neighbour the block it received in round {@code r-1} (its own
 * in round 1) while receiving the next one from its left. Every link carries each block once.
 */
final class RingAllgather extends Part {
    private final Object sendBase;
    private final long sendOffset;
    private final int sendBytes;
    private final Object recvBase;
    private final long recvOffset;
    private final int[] recvBytes;
    private final int[] displs;

    /** {@code sendBase == Collectives.IN_PLACE}: this member's block is in the receive buffer already. */
    RingAllgather(Object sendBase, long sendOffset, int sendBytes, Object recvBase, long recvOffset, int[] recvBytes,
                  int[] displs) {
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.sendBytes = sendBytes;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.recvBytes = recvBytes;
        this.displs = displs;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int me = s.me;
        if (round == 0) {
            if (sendBase != Collectives.IN_PLACE) {
                CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset + displs[me],
                    Math.min(sendBytes, recvBytes[me]));
            }
            return true;
        }
        if (round >= n) {
            return false;
        }
        int out = (me - round + 1 + n) % n;
        int in = (me - round + n) % n;
        s.recvFrom((me - 1 + n) % n, recvBase, recvOffset + displs[in], recvBytes[in], round);
        s.sendTo((me + 1) % n, recvBase, recvOffset + displs[out], recvBytes[out], round);
        return true;
    }
}

package org.atollmpi.coll;

/**
 * Alltoall(v/w) between the two groups of an intercommunicator by pairwise exchange (MPICH's
 * intercommunicator alltoall): the schedule's group is the OTHER group ({@code s.size} members,
 * {@code s.me} is this member's rank in its own group of {@code localSize}). With {@code max}
 * the larger group size, in round {@code r} (0 to max-1) member {@code i} sends to remote member
 * {@code (i + r) % max} and receives from remote member {@code (i - r) % max}, skipping ranks past
 * the other group's size. Both groups count alike, so when member {@code a} sends to {@code b}
 * in round {@code r}, {@code b} receives from {@code a} in its round {@code r}: every ordered pair
 * meets in exactly one round, each member with at most one send and one receive in flight.
 * There is no own block: every block crosses between the groups.
 */
final class IntergroupPairwise extends Part {
    private final int localSize;
    private final Object sendBase;
    private final long sendOffset;
    private final int[] sendBytes;
    private final int[] sendDispls;
    private final Object recvBase;
    private final long recvOffset;
    private final int[] recvBytes;
    private final int[] recvDispls;

    /** Blocks, counts and displacements (bytes) indexed by rank in the other group. */
    IntergroupPairwise(int localSize, Object sendBase, long sendOffset, int[] sendBytes, int[] sendDispls,
                       Object recvBase, long recvOffset, int[] recvBytes, int[] recvDispls) {
        this.localSize = localSize;
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.sendBytes = sendBytes;
        this.sendDispls = sendDispls;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.recvBytes = recvBytes;
        this.recvDispls = recvDispls;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int remote = s.size;
        int max = Math.max(localSize, remote);
        if (round >= max) {
            return false;
        }
        int to = (s.me + round) % max;
        int from = (s.me - round + max) % max;
        if (from < remote) {
            s.recvFrom(from, recvBase, recvOffset + recvDispls[from], recvBytes[from], round);
        }
        if (to < remote) {
            s.sendTo(to, sendBase, sendOffset + sendDispls[to], sendBytes[to], round);
        }
        return true;
    }
}

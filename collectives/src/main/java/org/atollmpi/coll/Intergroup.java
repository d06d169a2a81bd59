package org.atollmpi.coll;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.Operation;

/**
 * The steps of intercommunicator collectives that cross between the two disjoint groups, which
 * the group collectives of {@link Collectives} do not cover: a point-to-point exchange with one
 * member of the other group (the leaders' swap of an allreduce), and alltoall between the
 * groups. The rest of an intercommunicator collective is group collectives: on one group, or on
 * a group of one member of the other side followed by a whole group (a broadcast from a root to
 * the other group is {@link Collectives#bcast} over {@code [root, other group...]}); a
 * {@link Sequence} runs such stages one after another.
 *
 * <p>Parameters as in {@link Collectives}: {@code context} is the intercommunicator's collective
 * context, {@code tag} the call tag of the step; buffers are {@code (base, offset)} of packed
 * bytes.
 */
public final class Intergroup {
    private Intergroup() {
    }

    /**
     * Sends {@code sendBytes} to world rank {@code dest} and receives at most {@code recvBytes}
     * from world rank {@code source}, at once; either rank may be negative: no such side (as
     * {@code MPI_PROC_NULL} in a sendrecv). The other side calls it with the same tag.
     */
    public static Operation exchange(Engine engine, int context, int tag, int dest, Object sendBase,
                                     long sendOffset, int sendBytes, int source, Object recvBase, long recvOffset,
                                     int recvBytes) {
        return new Exchange(engine, context, tag, dest, sendBase, sendOffset, sendBytes, source, recvBase,
            recvOffset, recvBytes).start();
    }

    /**
     * Alltoall between the groups: block {@code j} of the send buffer ({@code sendBytes[j]} bytes at
     * byte {@code sendDispls[j]}) goes to member {@code j} of the other group, whose block for this
     * member arrives at byte {@code recvDispls[j]} of the receive buffer ({@code recvBytes[j]}).
     * Pairwise, see {@link IntergroupPairwise}.
     *
     * @param remoteWorldRanks the other group: world rank of each member, by its rank there
     * @param me               this member's rank in its own group
     * @param localSize        the size of its own group
     */
    public static Operation alltoallw(Engine engine, int[] remoteWorldRanks, int me, int localSize, int context,
                                      int tag, Object sendBase, long sendOffset, int[] sendBytes, int[] sendDispls,
                                      Object recvBase, long recvOffset, int[] recvBytes, int[] recvDispls) {
        return new CollectiveSchedule(engine, remoteWorldRanks, me, context, tag, new IntergroupPairwise(localSize,
            sendBase, sendOffset, sendBytes, sendDispls, recvBase, recvOffset, recvBytes, recvDispls)).start();
    }

    /** One round: the receive and the send of {@link #exchange}. */
    private static final class Exchange extends Schedule {
        private final int context;
        private final int tag;
        private final int dest;
        private final Object sendBase;
        private final long sendOffset;
        private final int sendBytes;
        private final int source;
        private final Object recvBase;
        private final long recvOffset;
        private final int recvBytes;

        Exchange(Engine engine, int context, int callTag, int dest, Object sendBase, long sendOffset, int sendBytes,
                 int source, Object recvBase, long recvOffset, int recvBytes) {
            super(engine, context);
            this.context = context;
            this.tag = CollectiveSchedule.tag(callTag, 0, 0);
            this.dest = dest;
            this.sendBase = sendBase;
            this.sendOffset = sendOffset;
            this.sendBytes = sendBytes;
            this.source = source;
            this.recvBase = recvBase;
            this.recvOffset = recvOffset;
            this.recvBytes = recvBytes;
        }

        @Override
        protected boolean startRound(int round) {
            if (round > 0) {
                return false;
            }
            if (source >= 0) {
                recv(recvBase, recvOffset, recvBytes, source, tag, context);
            }
            if (dest >= 0) {
                send(sendBase, sendOffset, sendBytes, dest, tag, context);
            }
            return true;
        }
    }
}

package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Alltoall(v/w) by pairwise exchange: this member's own block is copied first; in round
 * {@code r} (1 to n-1) it sends to {@code me + r} and receives from {@code me - r}, so each
 * ordered pair talks in exactly one round and every member has one send and one receive in
 * flight. In place, the send side is first copied out of the receive buffer, which the
 * exchange then overwrites.
 */
final class PairwiseExchange extends Part {
    private Object sendBase;
    private long sendOffset;
    private final int[] sendBytes;
    private int[] sendDispls;
    private final Object recvBase;
    private final long recvOffset;
    private final int[] recvBytes;
    private final int[] recvDispls;

    /** {@code sendBase == Collectives.IN_PLACE}: blocks are sent from and received into the receive buffer. */
    PairwiseExchange(Object sendBase, long sendOffset, int[] sendBytes, int[] sendDispls, Object recvBase,
                     long recvOffset, int[] recvBytes, int[] recvDispls) {
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
        int n = s.size;
        int me = s.me;
        if (round == 0) {
            if (sendBase == Collectives.IN_PLACE) {
                copyOut();
            } else {
                CollectiveSchedule.copy(sendBase, sendOffset + sendDispls[me], recvBase, recvOffset + recvDispls[me],
                    Math.min(sendBytes[me], recvBytes[me]));
            }
            return true;
        }
        if (round >= n) {
            return false;
        }
        int to = (me + round) % n;
        int from = (me - round + n) % n;
        s.recvFrom(from, recvBase, recvOffset + recvDispls[from], recvBytes[from], round);
        s.sendTo(to, sendBase, sendOffset + sendDispls[to], sendBytes[to], round);
        return true;
    }

    /** In place: the blocks to send, copied out of the receive buffer (this member's own stays). */
    private void copyOut() {
        long total = 0;
        int[] displs = new int[recvDispls.length];
        for (int i = 0; i < displs.length; i++) {
            displs[i] = (int) total;
            total += recvBytes[i];
        }
        byte[] copy = new byte[Math.toIntExact(total)];
        for (int i = 0; i < displs.length; i++) {
            CollectiveSchedule.copy(recvBase, recvOffset + recvDispls[i], copy,
                Addresses.BYTE_ARRAY_BASE + displs[i], recvBytes[i]);
        }
        sendBase = copy;
        sendOffset = Addresses.BYTE_ARRAY_BASE;
        sendDispls = displs;
    }
}

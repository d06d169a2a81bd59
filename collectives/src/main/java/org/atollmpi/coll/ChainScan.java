package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Scan and exscan along the chain of ranks: member {@code i} receives the prefix
 * {@code x0 op ... op x(i-1)} from {@code i-1}, combines its own value after it (so any operation
 * keeps rank order) and passes {@code x0 op ... op xi} to {@code i+1}. Latency grows with the
 * group; a recursive-doubling scan is for the tuned algorithms.
 *
 * <p>Scan leaves the inclusive prefix in the receive buffer; exscan the exclusive one, and
 * nothing at member 0 (MPI leaves it undefined; here it is untouched).
 */
final class ChainScan extends Part {
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private final boolean exclusive;
    private final Reduction op;
    private final int count;
    private final int bytes;
    private Object sendBase;
    private long sendOffset;
    private final Object recvBase;
    private final long recvOffset;
    private byte[] received;

    /** {@code sendBase == Collectives.IN_PLACE}: this member's value is in the receive buffer. */
    ChainScan(boolean exclusive, Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count,
              Reduction op) {
        this.exclusive = exclusive;
        this.op = op;
        this.count = count;
        this.bytes = op.bytes(count);
        this.sendBase = sendBase == Collectives.IN_PLACE ? recvBase : sendBase;
        this.sendOffset = sendBase == Collectives.IN_PLACE ? recvOffset : sendOffset;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int me = s.me;
        boolean last = me == s.size - 1;
        if (round == 0) {
            if (me == 0) {
                if (!exclusive) {
                    CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset, bytes);
                }
                if (!last) {
                    s.sendTo(1, sendBase, sendOffset, bytes, 0);
                }
                return true;
            }
            if (exclusive) {
                if (sendBase == recvBase && sendOffset == recvOffset) {
                    // in place: keep this member's value before the prefix lands on it
                    byte[] mine = new byte[bytes];
                    Addresses.copy(sendBase, sendOffset, mine, B, bytes);
                    sendBase = mine;
                    sendOffset = B;
                }
                s.recvFrom(me - 1, recvBase, recvOffset, bytes, 0);
            } else {
                received = new byte[bytes];
                s.recvFrom(me - 1, received, B, bytes, 0);
            }
            return true;
        }
        if (round > 1 || me == 0) {
            return false;
        }
        if (exclusive) {
            if (last) {
                return false;
            }
            // prefix op mine, into a copy of mine
            byte[] next = new byte[bytes];
            Addresses.copy(sendBase, sendOffset, next, B, bytes);
            op.apply(recvBase, recvOffset, next, B, count);
            s.sendTo(me + 1, next, B, bytes, 0);
            return true;
        }
        CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset, bytes);
        op.apply(received, B, recvBase, recvOffset, count);
        if (!last) {
            s.sendTo(me + 1, recvBase, recvOffset, bytes, 0);
        }
        return true;
    }
}

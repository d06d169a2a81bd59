package org.atollmpi.coll;

/**
 * Inclusive or exclusive prefix reduction by recursive doubling (MPICH's scan): in round
 * {@code k} each member exchanges its partial result (the reduction of a run of ranks that ends
 * at itself and grows to {@code 2^(k+1)} ranks) with member {@code me ^ 2^k}, if there is one.
 * What comes from a lower rank is reduced into both the partial result and the prefix; what
 * comes from a higher rank only into the partial result, on its right. Operands are always
 * combined lower ranks first, so a non-commutative operation comes out in rank order.
 * {@code ceil(log2 n)} rounds, where the chain takes {@code n - 1}.
 *
 * <p>Exclusive: member 0's receive buffer is left untouched, and a member's prefix starts with
 * the first partial result a lower rank sends it. Scratch: the partial result and one received
 * partial, typed and placed like the receive buffer ({@link Reduction#scratch}).
 */
final class RecursiveDoublingScan extends Part {
    private final boolean exclusive;
    private final Object sendBase;
    private final long sendOffset;
    private final Object recvBase;
    private final long recvOffset;
    private final int count;
    private final Reduction op;

    private Region partial;
    private Region received;
    /** The partner of the round whose data {@link #received} holds, or -1. */
    private int partner = -1;
    /** Whether the receive buffer holds a prefix yet (exclusive scan). */
    private boolean prefixed;

    /** {@code sendBase == Collectives.IN_PLACE}: the input is in the receive buffer. */
    RecursiveDoublingScan(boolean exclusive, Object sendBase, long sendOffset, Object recvBase, long recvOffset,
                          int count, Reduction op) {
        this.exclusive = exclusive;
        boolean inPlace = sendBase == Collectives.IN_PLACE;
        this.sendBase = inPlace ? recvBase : sendBase;
        this.sendOffset = inPlace ? recvOffset : sendOffset;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.count = count;
        this.op = op;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int bytes = op.bytes(count);
        if (round == 0) {
            if (!exclusive) {
                CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset, bytes);
            }
            if (count == 0 || n == 1) {
                return false;
            }
            partial = op.scratch(count, recvBase, recvOffset);
            received = op.scratch(count, recvBase, recvOffset);
            CollectiveSchedule.copy(sendBase, sendOffset, partial.base(), partial.offset(), bytes);
        } else if (partner >= 0) {
            fold(s.me);
        }
        if (round >= 31 || 1 << round >= n) {
            return false;
        }
        int peer = s.me ^ 1 << round;
        partner = peer < n ? peer : -1;
        if (partner >= 0) {
            s.recvFrom(partner, received.base(), received.offset(), bytes, round);
            s.sendTo(partner, partial.base(), partial.offset(), bytes, round);
        }
        return true;
    }

    /** Reduces what the last round received, lower ranks on the left. */
    private void fold(int me) {
        if (partner < me) {
            if (exclusive && !prefixed) {
                CollectiveSchedule.copy(received.base(), received.offset(), recvBase, recvOffset, op.bytes(count));
                prefixed = true;
            } else {
                op.apply(received.base(), received.offset(), recvBase, recvOffset, count);
            }
            op.apply(received.base(), received.offset(), partial.base(), partial.offset(), count);
        } else {
            // partial = partial op received: reduce into the received copy, which becomes the partial
            op.apply(partial.base(), partial.offset(), received.base(), received.offset(), count);
            Region t = partial;
            partial = received;
            received = t;
        }
    }
}

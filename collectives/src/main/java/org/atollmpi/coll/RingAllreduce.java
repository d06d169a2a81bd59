package org.atollmpi.coll;

/**
 * Ring allreduce for a commutative operation: the vector is cut into n chunks (sizes differ by
 * at most one element; some are empty when the count is below n). First a reduce-scatter round
 * the ring: in step {@code k} (0 to n-2) each member passes chunk {@code me - k} to its right
 * neighbour and combines chunk {@code me - k - 1} from its left into its own copy, so after n-1
 * steps it holds chunk {@code me + 1} reduced over everyone. Then an allgather round the ring
 * passes the finished chunks on, received in place. Every link carries about {@code 2 (n-1)/n}
 * of the vector, whatever n, which makes it the algorithm for long vectors; its 2(n-1) steps make
 * it slow for short ones.
 *
 * <p>Scratch: a vector like the receive buffer ({@link Reduction#scratch}), each chunk received at
 * the chunk's own place in it, so that a chunk and its scratch share one index and the kernels
 * vectorise; a vector where one chunk would do, for the large messages the ring is chosen for.
 */
final class RingAllreduce extends Part {
    private final Object sendBase;
    private final long sendOffset;
    private final Object recvBase;
    private final long recvOffset;
    private final int count;
    private final Reduction op;
    private int[] chunks;
    private Region received;

    /** {@code sendBase} may be {@code recvBase} (in place). */
    RingAllreduce(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count, Reduction op) {
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.count = count;
        this.op = op;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int me = s.me;
        if (round == 0) {
            CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset, op.bytes(count));
            chunks = ElementBlocks.even(count, n);
            if (n > 1) {
                received = op.scratch(count, recvBase, recvOffset);
            }
        } else if (round < n) {
            int c = Math.floorMod(me - round, n);
            op.apply(received.base(), scratchAt(chunks[c]), recvBase, at(chunks[c]), chunks[c + 1] - chunks[c]);
        }
        if (round >= 2 * (n - 1)) {
            return false;
        }
        int right = (me + 1) % n;
        int left = (me - 1 + n) % n;
        if (round < n - 1) {
            int out = Math.floorMod(me - round, n);
            int in = Math.floorMod(me - round - 1, n);
            s.recvFrom(left, received.base(), scratchAt(chunks[in]), op.bytes(chunks[in + 1] - chunks[in]), round);
            s.sendTo(right, recvBase, at(chunks[out]), op.bytes(chunks[out + 1] - chunks[out]), round);
        } else {
            int k = round - (n - 1);
            int out = Math.floorMod(me + 1 - k, n);
            int in = Math.floorMod(me - k, n);
            s.recvFrom(left, recvBase, at(chunks[in]), op.bytes(chunks[in + 1] - chunks[in]), round);
            s.sendTo(right, recvBase, at(chunks[out]), op.bytes(chunks[out + 1] - chunks[out]), round);
        }
        return true;
    }

    private long scratchAt(int element) {
        return received.offset() + (long) element * op.elementBytes();
    }

    private long at(int element) {
        return recvOffset + (long) element * op.elementBytes();
    }
}

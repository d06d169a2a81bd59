package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Bruck allgather of equal blocks, for any group size: blocks gather in a temporary in the order
 * of the members from this one up ({@code temp[j]} is member {@code me + j}'s, mod n). It starts
 * with this member's own block; in round {@code k} each member sends the first {@code 2^k} blocks
 * it has (fewer in the last round) to {@code me - 2^k} and receives as many from
 * {@code me + 2^k}, behind its own. After {@code ceil(log2 n)} rounds the temporary holds all
 * blocks, and a rotation by {@code me} puts them in place. One message each way per round, so few
 * rounds for small blocks whatever the group size; the temporary and the rotation cost one more
 * copy of the whole result, which is why large blocks go by {@link RingAllgather}.
 */
final class BruckAllgather extends Part {
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private final Object sendBase;
    private final long sendOffset;
    private final Object recvBase;
    private final long recvOffset;
    private final int bytes;
    private byte[] temp;

    /**
     * {@code bytes} per member of a group of {@code members}, member {@code i}'s at byte
     * {@code i * bytes} of the receive buffer. {@code sendBase == Collectives.IN_PLACE}: this
     * member's block is in the receive buffer already.
     *
     * @throws ArithmeticException when the result is larger than an int can count
     */
    BruckAllgather(int members, Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes) {
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.bytes = bytes;
        this.temp = new byte[Math.multiplyExact(members, bytes)];
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int me = s.me;
        if (round == 0) {
            if (sendBase == Collectives.IN_PLACE) {
                CollectiveSchedule.copy(recvBase, recvOffset + (long) me * bytes, temp, B, bytes);
            } else {
                CollectiveSchedule.copy(sendBase, sendOffset, temp, B, bytes);
            }
        }
        int distance = 1 << round;
        if (distance >= n) {
            rotateIntoPlace(n, me);
            return false;
        }
        int length = Math.min(distance, n - distance) * bytes;
        s.recvFrom((me + distance) % n, temp, B + (long) distance * bytes, length, round);
        s.sendTo((me - distance + n) % n, temp, B, length, round);
        return true;
    }

    /** {@code temp[j]} to block {@code me + j} (mod n) of the receive buffer: two copies. */
    private void rotateIntoPlace(int n, int me) {
        int upper = (n - me) * bytes;
        CollectiveSchedule.copy(temp, B, recvBase, recvOffset + (long) me * bytes, upper);
        CollectiveSchedule.copy(temp, B + upper, recvBase, recvOffset, me * bytes);
        temp = null;
    }
}

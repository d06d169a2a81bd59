package org.atollmpi.coll;

/**
 * Recursive-doubling allgather of equal blocks, for a group whose size is a power of two: in
 * round {@code k} each member exchanges with {@code me ^ 2^k} the {@code 2^k} consecutive blocks
 * it has gathered so far (those of the members that share its rank above bit {@code k}), so after
 * {@code log2 n} rounds everyone has everything. The blocks travel straight between the receive
 * buffers, one message each way per round, no temporary. Other group sizes run
 * {@link BruckAllgather}; {@link Collectives#allgather} makes that choice.
 */
final class RecursiveDoublingAllgather extends Part {
    private final Object sendBase;
    private final long sendOffset;
    private final Object recvBase;
    private final long recvOffset;
    private final int bytes;

    /**
     * {@code bytes} per member, member {@code i}'s at byte {@code i * bytes} of the receive buffer.
     * {@code sendBase == Collectives.IN_PLACE}: this member's block is in the receive buffer already.
     */
    RecursiveDoublingAllgather(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes) {
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.bytes = bytes;
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int me = s.me;
        if (round == 0 && sendBase != Collectives.IN_PLACE) {
            CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset + (long) me * bytes, bytes);
        }
        int distance = 1 << round;
        if (distance >= n) {
            return false;
        }
        int peer = me ^ distance;
        int length = Math.toIntExact((long) distance * bytes);
        int mine = me & -distance;
        int theirs = peer & -distance;
        s.recvFrom(peer, recvBase, recvOffset + (long) theirs * bytes, length, round);
        s.sendTo(peer, recvBase, recvOffset + (long) mine * bytes, length, round);
        return true;
    }
}

package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;

/**
 * Bruck's alltoall of equal blocks (the index algorithm), for any group size. The send blocks
 * are first rotated into a temporary so that {@code temp[j]} is the block for member
 * {@code me + j} (mod n). In round {@code k} every block whose index {@code j} has bit {@code k}
 * set moves {@code 2^k} members up: they are packed into one message to {@code me + 2^k}, and
 * the same indices are filled from the message of {@code me - 2^k}. A block thus travels
 * {@code j} members in the binary steps of {@code j} and keeps its index, so after
 * {@code ceil(log2 n)} rounds {@code temp[j]} is the block that member {@code me - j} sent here,
 * and a last pass puts it at block {@code me - j} of the receive buffer. {@code ceil(log2 n)}
 * messages each way instead of {@code n - 1}, for about {@code n/2 * log2 n} blocks' worth of
 * copying and sending: the right trade for small blocks on many members, where
 * {@link PairwiseExchange} pays a message latency per member.
 */
final class BruckAlltoall extends Part {
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private final Object sendBase;
    private final long sendOffset;
    private final Object recvBase;
    private final long recvOffset;
    private final int bytes;
    /** Block {@code j}: the one for member {@code me + j} at first, the one from {@code me - j} after the rounds. */
    private byte[] temp;
    /** The blocks of one round, packed; at most half of them move in a round. */
    private byte[] out;
    private byte[] in;

    /**
     * {@code bytes} per pair of a group of {@code members}: block {@code i} of the send buffer
     * (at byte {@code i * bytes}) goes to member {@code i}, and member {@code i}'s arrives at
     * block {@code i} of the receive buffer. {@code sendBase == Collectives.IN_PLACE}: the blocks
     * go out of the receive buffer.
     *
     * @throws ArithmeticException when the buffers are larger than an int can count
     */
    BruckAlltoall(int members, Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes) {
        this.sendBase = sendBase;
        this.sendOffset = sendOffset;
        this.recvBase = recvBase;
        this.recvOffset = recvOffset;
        this.bytes = bytes;
        this.temp = new byte[Math.multiplyExact(members, bytes)];
        this.out = new byte[members / 2 * bytes];
        this.in = new byte[members / 2 * bytes];
    }

    @Override
    boolean startRound(CollectiveSchedule s, int round) {
        int n = s.size;
        int me = s.me;
        if (round == 0) {
            rotateIn(n, me);
        } else {
            moveBlocks(n, round - 1, false);
        }
        int distance = 1 << round;
        if (distance >= n) {
            rotateOut(n, me);
            return false;
        }
        int length = moveBlocks(n, round, true);
        s.recvFrom((me - distance + n) % n, in, B, length, round);
        s.sendTo((me + distance) % n, out, B, length, round);
        return true;
    }

    /** {@code temp[j]} = send block {@code me + j} (mod n): two copies. */
    private void rotateIn(int n, int me) {
        Object base = sendBase == Collectives.IN_PLACE ? recvBase : sendBase;
        long offset = sendBase == Collectives.IN_PLACE ? recvOffset : sendOffset;
        int upper = (n - me) * bytes;
        CollectiveSchedule.copy(base, offset + (long) me * bytes, temp, B, upper);
        CollectiveSchedule.copy(base, offset, temp, B + upper, me * bytes);
    }

    /**
     * Packs the blocks whose index has bit {@code bit} set into {@code out} ({@code pack}), or
     * unpacks {@code in} into them. They lie in runs of {@code 2^bit} consecutive indices, one
     * copy per run.
     *
     * @return the bytes packed or unpacked
     */
    private int moveBlocks(int n, int bit, boolean pack) {
        int run = 1 << bit;
        int packed = 0;
        for (int first = run; first < n; first += 2 * run) {
            int length = Math.min(run, n - first) * bytes;
            if (pack) {
                CollectiveSchedule.copy(temp, B + (long) first * bytes, out, B + packed, length);
            } else {
                CollectiveSchedule.copy(in, B + packed, temp, B + (long) first * bytes, length);
            }
            packed += length;
        }
        return packed;
    }

    /** Block {@code me - j} (mod n) of the receive buffer = {@code temp[j]}, which member {@code me - j} sent. */
    private void rotateOut(int n, int me) {
        for (int j = 0; j < n; j++) {
            int from = (me - j + n) % n;
            CollectiveSchedule.copy(temp, B + (long) j * bytes, recvBase, recvOffset + (long) from * bytes, bytes);
        }
        temp = null;
        out = null;
        in = null;
    }
}

package org.atollmpi.nic.shm;

import static org.atollmpi.nic.shm.FastSlotDescriptor.HEADER0_OFFSET;
import static org.atollmpi.nic.shm.FastSlotDescriptor.HEADER1_OFFSET;
import static org.atollmpi.nic.shm.FastSlotDescriptor.PAYLOAD_OFFSET;
import static org.atollmpi.nic.shm.FastSlotDescriptor.SLOT_LENGTH;
import static org.atollmpi.nic.shm.FastSlotDescriptor.STATUS_OFFSET;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;

/**
 * One rank's ends of the fast-send slot rings (layout in {@link FastSlotDescriptor}): the
 * producer end of its ring in every target's port, and the consumer end of every source's ring
 * in its own port. All the state that only one side needs lives here, on the Java heap: the
 * producer's next sequence and its cached copy of the consumer's count, the consumer's next
 * expected sequence and what it last published.
 */
final class FastSlotRings {
    private final int slots;
    private final int mask;

    // Producer end, indexed by target.
    private final long[] txRing;
    private final long[] txConsumedCounter;
    private final long[] txNextSequence;
    private final long[] txCachedConsumed;

    // Consumer end, indexed by source.
    private final long[] rxRing;
    private final long[] rxConsumedCounter;
    private final long[] rxNextSequence;
    private final long[] rxPublished;

    FastSlotRings(long boardAddress, ShmLayout layout, int rank) {
        int ranks = layout.ranks;
        this.slots = layout.slotsPerRing;
        this.mask = slots - 1;
        this.txRing = new long[ranks];
        this.txConsumedCounter = new long[ranks];
        this.txNextSequence = new long[ranks];
        this.txCachedConsumed = new long[ranks];
        this.rxRing = new long[ranks];
        this.rxConsumedCounter = new long[ranks];
        this.rxNextSequence = new long[ranks];
        this.rxPublished = new long[ranks];
        long ownPort = layout.portAddress(boardAddress, rank);
        for (int peer = 0; peer < ranks; peer++) {
            long targetPort = layout.portAddress(boardAddress, peer);
            txRing[peer] = targetPort + layout.slotRingOffset(rank);
            txConsumedCounter[peer] = targetPort + layout.slotCounterOffset(rank);
            rxRing[peer] = ownPort + layout.slotRingOffset(peer);
            rxConsumedCounter[peer] = ownPort + layout.slotCounterOffset(peer);
            // Counting from the shared words, not from zero, keeps a board that a previous
            // attachment of this rank already used consistent.
            long consumed = Memory.getLongAcquire(rxConsumedCounter[peer]);
            rxNextSequence[peer] = consumed + 1;
            rxPublished[peer] = consumed;
            long sent = lastSequenceIn(txRing[peer]);
            txNextSequence[peer] = sent + 1;
            txCachedConsumed[peer] = Memory.getLongAcquire(txConsumedCounter[peer]);
        }
    }

    /** The highest sequence any slot of a ring holds: slots are never cleared, so it is the last sent. */
    private long lastSequenceIn(long ring) {
        long last = 0;
        for (int i = 0; i < slots; i++) {
            last = Math.max(last, FastSlotDescriptor.sequence(Memory.getLongAcquire(ring + (long) i * SLOT_LENGTH + STATUS_OFFSET)));
        }
        return last;
    }

    /**
     * Deposits one slot into {@code target}'s ring for this rank. The caller has checked the
     * target and {@code length <= MAX_PAYLOAD}.
     *
     * @return {@code false} if the ring is full; nothing was written
     */
    boolean offer(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        long sequence = txNextSequence[target];
        if (sequence - 1 - txCachedConsumed[target] >= slots) {
            long consumed = Memory.getLongAcquire(txConsumedCounter[target]);
            if (consumed > sequence - 1 || consumed < txCachedConsumed[target]) {
                // more consumed than was ever sent, or the count went back: the target's word is
                // corrupt, and slots it claims are free may hold unread messages
                throw new CorruptBoard(-1, 0, "consumed count " + consumed + " of this rank's fast-send slot ring"
                    + " (sent " + (sequence - 1) + ", consumed before " + txCachedConsumed[target] + ")");
            }
            txCachedConsumed[target] = consumed;
            if (sequence - 1 - consumed >= slots) {
                return false;
            }
        }
        long slot = txRing[target] + (long) ((int) (sequence - 1) & mask) * SLOT_LENGTH;
        Memory.putLong(slot + HEADER0_OFFSET, header0);
        Memory.putLong(slot + HEADER1_OFFSET, header1);
        if (length > 0) {
            copyPayload(srcBase, srcOffset, slot + PAYLOAD_OFFSET, length);
        }
        Memory.putLongRelease(slot + STATUS_OFFSET, FastSlotDescriptor.status(sequence, length));
        txNextSequence[target] = sequence + 1;
        return true;
    }

    /**
     * At most 40 bytes: whole words and then bytes beat a general copy, which pays a call and
     * checks sized for large transfers.
     */
    private static void copyPayload(Object srcBase, long srcOffset, long dst, int length) {
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            Memory.putLong(dst + i, Memory.getLong(srcBase, srcOffset + i));
        }
        for (; i < length; i++) {
            Memory.putByte(null, dst + i, Memory.getByte(srcBase, srcOffset + i));
        }
    }

    /**
     * Hands up to {@code limit} slots from {@code source}'s ring to {@code handler}, then
     * publishes the consumed count once for the batch.
     */
    int drain(int source, ArrivalHandler handler, int limit) {
        long ring = rxRing[source];
        long sequence = rxNextSequence[source];
        int delivered = 0;
        while (delivered < limit) {
            long slot = ring + (long) ((int) (sequence - 1) & mask) * SLOT_LENGTH;
            long status = Memory.getLongAcquire(slot + STATUS_OFFSET);
            if (FastSlotDescriptor.sequence(status) != sequence) {
                break;
            }
            int length = FastSlotDescriptor.length(status);
            if (length > FastSlotDescriptor.MAX_PAYLOAD) {
                publish(source, sequence - 1);
                throw new CorruptBoard(source, delivered, "payload length " + length + " in the status word of fast-send slot "
                    + ((int) (sequence - 1) & mask) + " (message " + sequence + ") of rank " + source
                    + "'s slot ring, over the " + FastSlotDescriptor.MAX_PAYLOAD + "-byte maximum");
            }
            // Advance first: a handler that throws has still consumed its slot.
            rxNextSequence[source] = ++sequence;
            delivered++;
            handler.onMessage(source, Memory.getLong(slot + HEADER0_OFFSET), Memory.getLong(slot + HEADER1_OFFSET),
                null, slot + PAYLOAD_OFFSET, length);
        }
        publish(source, sequence - 1);
        return delivered;
    }

    private void publish(int source, long consumed) {
        if (consumed != rxPublished[source]) {
            // Release: the handler's reads of the slots happen before the sender may reuse them.
            Memory.putLongRelease(rxConsumedCounter[source], consumed);
            rxPublished[source] = consumed;
        }
    }
}

package org.atollmpi.nic.shm;

import static org.atollmpi.nic.shm.ReceiveRingDescriptor.ALIGNMENT;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.HEADER0_OFFSET;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.HEADER1_OFFSET;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.HEADER_LENGTH;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.HEAD_CACHE_OFFSET;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.HEAD_OFFSET;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.LENGTH_OFFSET;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.SOURCE_OFFSET;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.TAIL_OFFSET;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.TYPE_MESSAGE;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.TYPE_OFFSET;
import static org.atollmpi.nic.shm.ReceiveRingDescriptor.TYPE_PADDING;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;

/**
 * A view of one port's receive ring (layout in {@link ReceiveRingDescriptor}). Every rank
 * holds one per target to write into, and the owner one more to read from. The view keeps no
 * state of its own, so any number of processes can write through their own views at once.
 */
final class ReceiveRing {
    private static final int INSUFFICIENT_CAPACITY = -1;

    private final long buffer;
    private final int capacity;
    private final int mask;
    /** Sources must be below it. */
    private final int ranks;
    /** Header and the largest payload a writer may put in one record. */
    private final int maxRecordLength;
    private final long tailAddress;
    private final long headCacheAddress;
    private final long headAddress;

    /**
     * @param address the first byte of the ring: {@code capacity} bytes of records, then the trailer
     * @param ranks   the ranks that may write into it (a record's source must name one)
     */
    ReceiveRing(long address, int capacity, int ranks) {
        ReceiveRingDescriptor.checkCapacity(capacity);
        this.buffer = address;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.ranks = ranks;
        this.maxRecordLength = ReceiveRingDescriptor.recordLength(ReceiveRingDescriptor.maxPayload(capacity));
        this.tailAddress = address + capacity + TAIL_OFFSET;
        this.headCacheAddress = address + capacity + HEAD_CACHE_OFFSET;
        this.headAddress = address + capacity + HEAD_OFFSET;
    }

    int maxPayload() {
        return ReceiveRingDescriptor.maxPayload(capacity);
    }

    /**
     * Writes one record. The caller has checked {@code length <= maxPayload()}.
     *
     * @return {@code false} if the ring has no room now; nothing was written
     */
    boolean write(int source, long header0, long header1, Object srcBase, long srcOffset, int length) {
        int recordLength = ReceiveRingDescriptor.recordLength(length);
        int index = claim(ReceiveRingDescriptor.alignedLength(recordLength));
        if (index == INSUFFICIENT_CAPACITY) {
            return false;
        }
        long record = buffer + index;
        Memory.putInt(record + LENGTH_OFFSET, -recordLength);
        Memory.putInt(record + TYPE_OFFSET, TYPE_MESSAGE);
        Memory.putLong(record + HEADER0_OFFSET, header0);
        Memory.putLong(record + HEADER1_OFFSET, header1);
        Memory.putInt(record + SOURCE_OFFSET, source);
        if (length > 0) {
            Memory.copy(srcBase, srcOffset, null, record + HEADER_LENGTH, length);
        }
        Memory.putIntRelease(record + LENGTH_OFFSET, recordLength);
        return true;
    }

    /**
     * Claims {@code required} bytes at the tail, preceded by a padding record when they do not
     * fit before the end of the buffer. Reads the consumer's head only when the shared head cache
     * says there is no room: the lazy pointer, so producers rarely touch the consumer's line.
     */
    private int claim(int required) {
        long head = Memory.getLongVolatile(headCacheAddress);
        long tail;
        int tailIndex;
        int padding;
        do {
            tail = Memory.getLongVolatile(tailAddress);
            long used = tail - head;
            if (used < 0 || used > capacity - required) {
                head = Memory.getLongVolatile(headAddress);
                used = tail - head;
                if (used < 0 || used > capacity) {
                    used = checkedPositions(head);
                }
                if (used > capacity - required) {
                    return INSUFFICIENT_CAPACITY;
                }
                Memory.putLongRelease(headCacheAddress, head);
            }
            padding = 0;
            tailIndex = (int) tail & mask;
            int toBufferEnd = capacity - tailIndex;
            if (required > toBufferEnd) {
                int headIndex = (int) head & mask;
                if (required > headIndex) {
                    head = Memory.getLongVolatile(headAddress);
                    headIndex = (int) head & mask;
                    if (required > headIndex) {
                        return INSUFFICIENT_CAPACITY;
                    }
                    Memory.putLongRelease(headCacheAddress, head);
                }
                padding = toBufferEnd;
            }
        } while (!Memory.compareAndSetLong(tailAddress, tail, tail + required + padding));

        if (padding != 0) {
            long record = buffer + tailIndex;
            Memory.putInt(record + TYPE_OFFSET, TYPE_PADDING);
            Memory.putIntRelease(record + LENGTH_OFFSET, padding);
            tailIndex = 0;
        }
        return tailIndex;
    }

    /**
     * Hands up to {@code limit} records to {@code handler}, oldest first, then zeroes them and
     * moves the head on. A record handed to a handler that throws counts as consumed.
     *
     * <p>Every field a writer put there is checked before it is used: a length that runs past the
     * end of the buffer or over the largest record, an unknown type or a source that is not a
     * rank is a {@link CorruptBoard}, thrown with the head left before that record (only the
     * records before it are zeroed, so nothing outside the ring is touched, and the bad record
     * is never delivered).
     *
     * @return how many records were delivered
     */
    int read(ArrivalHandler handler, int limit) {
        int delivered = 0;
        while (delivered < limit) {
            long head = Memory.getLong(headAddress);
            int headIndex = (int) head & mask;
            int contiguous = capacity - headIndex;
            int bytesRead = 0;
            try {
                while (bytesRead < contiguous && delivered < limit) {
                    long record = buffer + headIndex + bytesRead;
                    int recordLength = Memory.getIntAcquire(record + LENGTH_OFFSET);
                    if (recordLength <= 0) {
                        break;
                    }
                    int type = Memory.getInt(record + TYPE_OFFSET);
                    if (type == TYPE_PADDING) {
                        // A padding record runs exactly to the end of the buffer.
                        if (recordLength != contiguous - bytesRead) {
                            throw corrupt(record, delivered, "padding record length " + recordLength + " in the receive ring at "
                                + "position " + (head + bytesRead) + " does not end at the end of the ring ("
                                + (contiguous - bytesRead) + " bytes left)");
                        }
                        bytesRead = contiguous;
                        continue;
                    }
                    if (type != TYPE_MESSAGE) {
                        throw corrupt(record, delivered, "record type " + type + " in the receive ring at position "
                            + (head + bytesRead));
                    }
                    // Below the largest record, the aligned length cannot overflow.
                    if (recordLength < HEADER_LENGTH || recordLength > maxRecordLength) {
                        throw corrupt(record, delivered, "record length " + recordLength + " in the receive ring at position "
                            + (head + bytesRead) + " (a record is " + HEADER_LENGTH + ".." + maxRecordLength + " bytes)");
                    }
                    int alignedLength = ReceiveRingDescriptor.alignedLength(recordLength);
                    if (alignedLength > contiguous - bytesRead) {
                        throw corrupt(record, delivered, "record length " + recordLength + " in the receive ring at position "
                            + (head + bytesRead) + " runs past the end of the ring (" + (contiguous - bytesRead)
                            + " bytes left)");
                    }
                    int source = Memory.getInt(record + SOURCE_OFFSET);
                    if (Integer.compareUnsigned(source, ranks) >= 0) {
                        throw new CorruptBoard(-1, delivered, "source " + source + " of the record in the receive ring at position "
                            + (head + bytesRead) + " is not a rank (0.." + (ranks - 1) + ")");
                    }
                    bytesRead += alignedLength;
                    delivered++;
                    handler.onMessage(source, Memory.getLong(record + HEADER0_OFFSET),
                        Memory.getLong(record + HEADER1_OFFSET), null, record + HEADER_LENGTH,
                        recordLength - HEADER_LENGTH);
                }
            } finally {
                if (bytesRead > 0) {
                    Memory.setMemory(buffer + headIndex, bytesRead, (byte) 0);
                    Memory.putLongRelease(headAddress, head + bytesRead);
                }
            }
            // Only a scan that ran into the end of the buffer may have more records at its start.
            if (bytesRead != contiguous) {
                break;
            }
        }
        return delivered;
    }

    /** A record's source, when it names a rank, says who claims to have written the corrupt record. */
    /**
     * The bytes between the tail and {@code head} (the consumer's, just read), when they looked
     * impossible: the tail is read again (it may have been stale: the consumer moved past it while
     * other producers claimed), and if the consumer is still ahead of it, or more than the ring
     * behind it, a position was corrupted. Producers never use such positions: they could claim
     * records the consumer has not read.
     *
     * @throws CorruptBoard naming no rank: the caller knows whose ring it is
     */
    private long checkedPositions(long head) {
        long tail = Memory.getLongVolatile(tailAddress);
        long used = tail - head;
        if (used < 0 || used > capacity) {
            throw new CorruptBoard(-1, 0, "tail " + tail + " and head " + head + " of its receive ring are not 0.."
                + capacity + " bytes apart");
        }
        return used;
    }

    private CorruptBoard corrupt(long record, int delivered, String field) {
        int source = Memory.getInt(record + SOURCE_OFFSET);
        return new CorruptBoard(Integer.compareUnsigned(source, ranks) < 0 ? source : -1, delivered, field);
    }
}

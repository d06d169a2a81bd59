package org.atollmpi.nic.shm;

import org.agrona.BitUtil;

/**
 * Layout of the receive ring: a power-of-two buffer of variable-size records followed by a
 * trailer with the positions. Many producers (every rank sending to this port), one consumer
 * (the port's owner). Modelled on Agrona's {@code ManyToOneRingBuffer}.
 *
 * <p>A record, aligned to {@link #ALIGNMENT} bytes:
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |R|                  Record length (header + payload)           |   0
 *  +-+-------------------------------------------------------------+
 *  |                  Type (MESSAGE or PADDING)                    |   4
 *  +---------------------------------------------------------------+
 *  |                        Header 0 (64 bits)                     |   8
 *  +---------------------------------------------------------------+
 *  |                        Header 1 (64 bits)                     |  16
 *  +---------------------------------------------------------------+
 *  |                          Source rank                          |  24
 *  +---------------------------------------------------------------+
 *  |                           (reserved)                          |  28
 *  +---------------------------------------------------------------+
 *  |                          Payload                             ...  32
 * ...                                                              |
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * The length is zero before a producer claims the space, negative (R set) while it writes, and
 * positive once it has written everything: the positive length is the last store, with release.
 * The consumer stops at the first length that is not positive, zeroes what it consumed and only
 * then moves the head on, so a producer always writes into zeroed memory. A record that would
 * not fit before the end of the buffer is preceded by a PADDING record to the end.
 *
 * <p>The trailer, each position on its own pair of cache lines (the adjacent-line prefetcher
 * pulls lines in pairs):
 *
 * <pre>
 *  +---------------------------------------------------------------+
 *  |      Tail position (64 bits): claimed by producers with CAS   |  capacity + 0
 *  +---------------------------------------------------------------+
 *  |      Head cache (64 bits): producers' shared guess of head    |  capacity + 128
 *  +---------------------------------------------------------------+
 *  |      Head position (64 bits): written by the consumer only    |  capacity + 256
 *  +---------------------------------------------------------------+
 * </pre>
 */
final class ReceiveRingDescriptor {
    static final int LENGTH_OFFSET = 0;
    static final int TYPE_OFFSET = 4;
    static final int HEADER0_OFFSET = 8;
    static final int HEADER1_OFFSET = 16;
    static final int SOURCE_OFFSET = 24;
    static final int HEADER_LENGTH = 32;
    /** Records start on 32 bytes so a record header never straddles a cache line. */
    static final int ALIGNMENT = 32;

    static final int TYPE_MESSAGE = 1;
    static final int TYPE_PADDING = 2;

    static final int TAIL_OFFSET = 0;
    static final int HEAD_CACHE_OFFSET = 128;
    static final int HEAD_OFFSET = 256;
    static final int TRAILER_LENGTH = 384;

    static final int MIN_CAPACITY = 4096;
    /** Positions are long but indexes are int. */
    static final int MAX_CAPACITY = 1 << 30;

    private ReceiveRingDescriptor() {
    }

    static void checkCapacity(long capacity) {
        if (capacity < MIN_CAPACITY || capacity > MAX_CAPACITY || !BitUtil.isPowerOfTwo(capacity)) {
            throw new IllegalArgumentException("receive ring capacity must be a power of two between "
                + MIN_CAPACITY + " and " + MAX_CAPACITY + " bytes: " + capacity);
        }
    }

    /** Largest payload of one record: an eighth of the ring, as Agrona's many-to-one ring allows. */
    static int maxPayload(int capacity) {
        return capacity / 8 - HEADER_LENGTH;
    }

    static int recordLength(int payloadLength) {
        return HEADER_LENGTH + payloadLength;
    }

    static int alignedLength(int recordLength) {
        return BitUtil.align(recordLength, ALIGNMENT);
    }
}

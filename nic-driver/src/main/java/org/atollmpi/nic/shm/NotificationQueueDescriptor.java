package org.atollmpi.nic.shm;

import org.agrona.BitUtil;

/**
 * Layout of the notification queue: a trailer-first header with the positions, then a power of
 * two of fixed 64-byte entries. Many producers, one consumer (the port's owner).
 *
 * <pre>
 *  +---------------------------------------------------------------+
 *  |       Tail position (64 bits): claimed by producers with CAS  |   0
 *  +---------------------------------------------------------------+
 *  |       Head position (64 bits): written by the consumer only   | 128
 *  +---------------------------------------------------------------+
 *  |                     Entry 0 .. entries - 1                   ...  256
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * An entry:
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                 Lap (63 bits)                             |V|   0  sequence word
 *  +---------------------------------------------------------------+
 *  |                          Source rank                          |   8
 *  +---------------------------------------------------------------+
 *  |                              Type                             |  12
 *  +---------------------------------------------------------------+
 *  |                         Arg 0 (64 bits)                       |  16
 *  |                         Arg 1 (64 bits)                       |  24
 *  |                         Arg 2 (64 bits)                       |  32
 *  +---------------------------------------------------------------+
 *  |                     (padding to 64 bytes)                     |  40
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * The sequence word is a valid bit with its sense reversed each lap (seed 001): position
 * {@code p} uses entry {@code p & (entries - 1)} on lap {@code p / entries}; the entry is free for
 * it when the word is {@code 2 * lap} and holds its notification when the word is
 * {@code 2 * lap + 1}. A producer claims position {@code p} by CAS on the tail only after it has
 * seen the entry free, writes the fields and publishes {@code 2 * lap + 1} with release; the
 * consumer, after reading an entry, frees it for the next lap with {@code 2 * (lap + 1)}. Zeroed
 * memory is therefore an empty queue, and the consumer never reads the tail.
 */
final class NotificationQueueDescriptor {
    static final int TAIL_OFFSET = 0;
    static final int HEAD_OFFSET = 128;
    static final int ENTRIES_OFFSET = 256;

    static final int SEQUENCE_OFFSET = 0;
    static final int SOURCE_OFFSET = 8;
    static final int TYPE_OFFSET = 12;
    static final int ARG0_OFFSET = 16;
    static final int ARG1_OFFSET = 24;
    static final int ARG2_OFFSET = 32;
    static final int ENTRY_LENGTH = 64;

    static final int MAX_ENTRIES = 1 << 20;

    private NotificationQueueDescriptor() {
    }

    static void checkEntries(int entries) {
        if (entries < 2 || entries > MAX_ENTRIES || !BitUtil.isPowerOfTwo(entries)) {
            throw new IllegalArgumentException(
                "notification queue entries must be a power of two between 2 and " + MAX_ENTRIES + ": " + entries);
        }
    }

    static long length(int entries) {
        return ENTRIES_OFFSET + (long) entries * ENTRY_LENGTH;
    }

    static long freeWord(long lap) {
        return lap << 1;
    }

    static long publishedWord(long lap) {
        return (lap << 1) | 1;
    }
}

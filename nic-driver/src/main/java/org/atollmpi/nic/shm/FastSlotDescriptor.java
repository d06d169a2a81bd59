package org.atollmpi.nic.shm;

/**
 * Layout of one fast-send slot: one cache line carrying a whole FAST_SEND (ULTRA: five 64-bit
 * data words in the descriptor). Each (source, target) pair has its own ring of slots in the
 * target's port, so every ring has exactly one producer and one consumer.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                        Header 0 (64 bits)                     |   0
 *  +---------------------------------------------------------------+
 *  |                        Header 1 (64 bits)                     |   8
 *  +---------------------------------------------------------------+
 *  |                       Payload (0..40 bytes)                  ...  16
 * ...                                                              |
 *  +---------------------------------------------------------------+
 *  |              Sequence (56 bits)               | Length (8 bits)|  56  status word
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * The status word is written last, with a release store. It is the slot's valid bit with the
 * sense reversed on every lap (seed 001, chapter 3), generalised to a sequence number: message
 * {@code n} (counting from 1) goes to slot {@code (n - 1) & (slots - 1)} and is valid when the
 * status carries sequence {@code n}. So the receiver polls one word it expects to change, never
 * clears a slot, and zeroed memory (sequence 0) is never a valid message.
 *
 * <p>The receiver tells the sender how far it has consumed through a counter on its own cache
 * line, also in the target's port (the lazy head pointer of seed 001):
 *
 * <pre>
 *  +---------------------------------------------------------------+
 *  |          Messages consumed from this source (64 bits)         |   0
 *  +---------------------------------------------------------------+
 *  |                     (padding to 64 bytes)                     |
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * The sender keeps its own copy and reads the counter only when its copy says the ring is full.
 */
final class FastSlotDescriptor {
    static final int HEADER0_OFFSET = 0;
    static final int HEADER1_OFFSET = 8;
    static final int PAYLOAD_OFFSET = 16;
    static final int STATUS_OFFSET = 56;
    static final int SLOT_LENGTH = 64;
    /** Five 64-bit words, as in ULTRA's FAST_SEND descriptor. */
    static final int MAX_PAYLOAD = STATUS_OFFSET - PAYLOAD_OFFSET;

    static final int SEQUENCE_SHIFT = 8;
    static final int LENGTH_MASK = 0xFF;

    static final int COUNTER_LENGTH = 64;

    private FastSlotDescriptor() {
    }

    static long status(long sequence, int length) {
        return (sequence << SEQUENCE_SHIFT) | length;
    }

    static long sequence(long status) {
        return status >>> SEQUENCE_SHIFT;
    }

    static int length(long status) {
        return (int) (status & LENGTH_MASK);
    }
}

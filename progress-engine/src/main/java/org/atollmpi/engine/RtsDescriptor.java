package org.atollmpi.engine;

import org.atollmpi.nic.Memory;

/**
 * Payload of an RTS (request to send): the size of the message, and where the receiver may Get
 * it straight away, if anywhere. 16 bytes, so an RTS always fits one fast-send slot.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                       Total bytes                             |   0
 *  +---------------------------------------------------------------+
 *  |          Window id, or NO_WINDOW (-1): ask with a CTS         |   4
 *  +---------------------------------------------------------------+
 *  |                     Capability (64 bits)                      |   8
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * With a window (the message already lives in the sender's board memory and a descriptor was
 * free), the window covers exactly the message and the receiver Gets it at the match, then sends
 * {@link FinDescriptor FIN}. Without one, the receiver answers the match with a
 * {@link ClearToSendDescriptor CTS} and the sender only then takes staging memory: nothing is
 * held for a message nobody has asked for yet.
 */
final class RtsDescriptor {
    static final int TOTAL_BYTES_OFFSET = 0;
    static final int WINDOW_ID_OFFSET = 4;
    static final int CAPABILITY_OFFSET = 8;
    static final int LENGTH = 16;

    /** The RTS carries no window: the receiver sends a CTS. */
    static final int NO_WINDOW = -1;

    private RtsDescriptor() {
    }

    static void write(byte[] scratch, int totalBytes, int windowId, long capability) {
        long b = Memory.BYTE_ARRAY_BASE;
        Memory.putInt(scratch, b + TOTAL_BYTES_OFFSET, totalBytes);
        Memory.putInt(scratch, b + WINDOW_ID_OFFSET, windowId);
        Memory.putLong(scratch, b + CAPABILITY_OFFSET, capability);
    }

    static int totalBytes(Object base, long offset) {
        return base == null ? Memory.getInt(offset + TOTAL_BYTES_OFFSET) : Memory.getInt(base, offset + TOTAL_BYTES_OFFSET);
    }

    static int windowId(Object base, long offset) {
        return base == null ? Memory.getInt(offset + WINDOW_ID_OFFSET) : Memory.getInt(base, offset + WINDOW_ID_OFFSET);
    }

    static long capability(Object base, long offset) {
        return base == null ? Memory.getLong(offset + CAPABILITY_OFFSET) : Memory.getLong(base, offset + CAPABILITY_OFFSET);
    }
}

package org.atollmpi.engine;

import org.atollmpi.nic.Memory;

/**
 * Payload of an RTS: where the receiver Gets the data from. 36 bytes, so an RTS fits one
 * fast-send slot.
 *
 * <pre>
 *   0        4                12                20        24        28        32        36
 *   +--------+----------------+----------------+---------+---------+---------+---------+
 *   | win id | capability     | window offset  | total   | chunk   | slots   | sender  |
 *   |        |                |                | bytes   | bytes   |         | op id   |
 *   +--------+----------------+----------------+---------+---------+---------+---------+
 * </pre>
 *
 * A message in board memory goes as one chunk straight from the sender's buffer (single copy);
 * anything else is staged through {@code slots} board buffers of {@code chunk} bytes in a
 * pipeline: the sender refills a slot once the receiver reports it consumed.
 */
final class RendezvousDescriptor {
    static final int WINDOW_ID = 0;
    static final int CAPABILITY = 4;
    static final int WINDOW_OFFSET = 12;
    static final int TOTAL_BYTES = 20;
    static final int CHUNK_BYTES = 24;
    static final int SLOTS = 28;
    static final int SENDER_OP = 32;
    static final int LENGTH = 36;

    private RendezvousDescriptor() {
    }

    static void write(byte[] scratch, int windowId, long capability, long windowOffset, int totalBytes,
                      int chunkBytes, int slots, int senderOp) {
        long b = Memory.BYTE_ARRAY_BASE;
        Memory.putInt(scratch, b + WINDOW_ID, windowId);
        Memory.putLong(scratch, b + CAPABILITY, capability);
        Memory.putLong(scratch, b + WINDOW_OFFSET, windowOffset);
        Memory.putInt(scratch, b + TOTAL_BYTES, totalBytes);
        Memory.putInt(scratch, b + CHUNK_BYTES, chunkBytes);
        Memory.putInt(scratch, b + SLOTS, slots);
        Memory.putInt(scratch, b + SENDER_OP, senderOp);
    }

    static int windowId(Object base, long offset) {
        return getInt(base, offset + WINDOW_ID);
    }

    static long capability(Object base, long offset) {
        return base == null ? Memory.getLong(offset + CAPABILITY) : Memory.getLong(base, offset + CAPABILITY);
    }

    static long windowOffset(Object base, long offset) {
        return base == null ? Memory.getLong(offset + WINDOW_OFFSET) : Memory.getLong(base, offset + WINDOW_OFFSET);
    }

    static int totalBytes(Object base, long offset) {
        return getInt(base, offset + TOTAL_BYTES);
    }

    static int chunkBytes(Object base, long offset) {
        return getInt(base, offset + CHUNK_BYTES);
    }

    static int slots(Object base, long offset) {
        return getInt(base, offset + SLOTS);
    }

    static int senderOp(Object base, long offset) {
        return getInt(base, offset + SENDER_OP);
    }

    private static int getInt(Object base, long address) {
        return base == null ? Memory.getInt(address) : Memory.getInt(base, address);
    }
}

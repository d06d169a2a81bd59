package org.atollmpi.engine;

/**
 * DATA_WINDOW, sender to receiver, the answer to a {@link ClearToSendDescriptor CTS}: the window
 * to Get the data from, and chunk 0 is in it. The data is cut into chunks of {@code chunkBytes};
 * chunk {@code c} lives at offset {@code (c % slots) * chunkBytes} of the window. When the
 * message is in the sender's board memory the window covers it in place (one chunk, one slot);
 * otherwise it is staging memory that the sender refills as {@link ChunkDoneDescriptor
 * CHUNK_DONE}s free slots and announces with {@link ChunkReadyDescriptor CHUNK_READY}.
 *
 * <pre>
 *  notification type 3
 *           63                               32 31                                0
 *          +-----------------------------------+-----------------------------------+
 *   arg0   |             window id             |          receiver handle          |
 *          +-----------------------------------+-----------------------------------+
 *   arg1   |                       window capability (64 bits)                     |
 *          +-----------------------------------+-----------------------------------+
 *   arg2   |               slots               |            chunk bytes            |
 *          +-----------------------------------+-----------------------------------+
 * </pre>
 */
final class DataWindowDescriptor {
    static final int TYPE = 3;

    private DataWindowDescriptor() {
    }

    static long arg0(int receiverHandle, int windowId) {
        return ((long) windowId << 32) | (receiverHandle & 0xFFFF_FFFFL);
    }

    static long arg2(int chunkBytes, int slots) {
        return ((long) slots << 32) | (chunkBytes & 0xFFFF_FFFFL);
    }

    static int receiverHandle(long arg0) {
        return (int) arg0;
    }

    static int windowId(long arg0) {
        return (int) (arg0 >>> 32);
    }

    static int chunkBytes(long arg2) {
        return (int) arg2;
    }

    static int slots(long arg2) {
        return (int) (arg2 >>> 32);
    }
}

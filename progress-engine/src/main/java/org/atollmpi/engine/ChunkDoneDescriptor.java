package org.atollmpi.engine;

/**
 * CHUNK_DONE, receiver to sender: chunks {@code 0 .. consumed - 1} have been read out of the
 * staging window, so their slots may be refilled. Cumulative. The last chunk is reported by
 * {@link FinDescriptor FIN} instead.
 *
 * <pre>
 *  notification type 5
 *           63                               32 31                                0
 *          +-----------------------------------+-----------------------------------+
 *   arg0   |                 0                 |          sender handle            |
 *          +-----------------------------------+-----------------------------------+
 *   arg1   |                 0                 |          chunks consumed          |
 *          +-----------------------------------+-----------------------------------+
 *   arg2   |                                 0                                     |
 *          +-----------------------------------------------------------------------+
 * </pre>
 */
final class ChunkDoneDescriptor {
    static final int TYPE = 5;

    private ChunkDoneDescriptor() {
    }

    static long arg0(int senderHandle) {
        return senderHandle & 0xFFFF_FFFFL;
    }

    static int senderHandle(long arg0) {
        return (int) arg0;
    }
}

package org.atollmpi.engine;

/**
 * CHUNK_READY, sender to receiver: chunks {@code 0 .. filled - 1} have been copied into the
 * staging window. Cumulative, so a later one covers a lost race with an earlier one.
 *
 * <pre>
 *  notification type 4
 *           63                               32 31                                0
 *          +-----------------------------------+-----------------------------------+
 *   arg0   |                 0                 |          receiver handle          |
 *          +-----------------------------------+-----------------------------------+
 *   arg1   |                 0                 |          chunks filled            |
 *          +-----------------------------------+-----------------------------------+
 *   arg2   |                                 0                                     |
 *          +-----------------------------------------------------------------------+
 * </pre>
 */
final class ChunkReadyDescriptor {
    static final int TYPE = 4;

    private ChunkReadyDescriptor() {
    }

    static long arg0(int receiverHandle) {
        return receiverHandle & 0xFFFF_FFFFL;
    }

    static int receiverHandle(long arg0) {
        return (int) arg0;
    }
}

package org.atollmpi.engine;

/**
 * SYNC_ACK, receiver to sender: the receive matching an eager synchronous send has started, so
 * the send may complete.
 *
 * <pre>
 *  notification type 1
 *           63                               32 31                                0
 *          +-----------------------------------+-----------------------------------+
 *   arg0   |                 0                 |          sender handle            |
 *          +-----------------------------------+-----------------------------------+
 *   arg1   |                                 0                                     |
 *   arg2   |                                 0                                     |
 *          +-----------------------------------------------------------------------+
 * </pre>
 */
final class SyncAckDescriptor {
    static final int TYPE = 1;

    private SyncAckDescriptor() {
    }

    static long arg0(int senderHandle) {
        return senderHandle & 0xFFFF_FFFFL;
    }

    static int senderHandle(long arg0) {
        return (int) arg0;
    }
}

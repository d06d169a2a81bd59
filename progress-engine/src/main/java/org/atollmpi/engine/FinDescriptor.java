package org.atollmpi.engine;

/**
 * FIN, receiver to sender: the receiver has read all it wanted from the sender's window (every
 * Get has completed). The sender deregisters the window, returns any staging memory and
 * completes.
 *
 * <pre>
 *  notification type 6
 *           63                               32 31                                0
 *          +-----------------------------------+-----------------------------------+
 *   arg0   |                 0                 |          sender handle            |
 *          +-----------------------------------+-----------------------------------+
 *   arg1   |                                 0                                     |
 *   arg2   |                                 0                                     |
 *          +-----------------------------------------------------------------------+
 * </pre>
 */
final class FinDescriptor {
    static final int TYPE = 6;

    private FinDescriptor() {
    }

    static long arg0(int senderHandle) {
        return senderHandle & 0xFFFF_FFFFL;
    }

    static int senderHandle(long arg0) {
        return (int) arg0;
    }
}

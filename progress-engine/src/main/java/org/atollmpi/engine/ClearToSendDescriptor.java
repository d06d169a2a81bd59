package org.atollmpi.engine;

/**
 * CTS, receiver to sender: an RTS without a window has been matched. The sender now takes a
 * window (and staging memory, for data outside the board) and answers with a
 * {@link DataWindowDescriptor DATA_WINDOW}, or sends the data as {@link FragmentDescriptor FRAG}
 * records when none can be had. Only {@code wanted} bytes travel: a receive buffer shorter than
 * the message (a truncation) never costs the rest.
 *
 * <pre>
 *  notification type 2
 *           63                               32 31                                0
 *          +-----------------------------------+-----------------------------------+
 *   arg0   |          receiver handle          |          sender handle            |
 *          +-----------------------------------+-----------------------------------+
 *   arg1   |                 0                 |   wanted bytes (0 .. total)       |
 *          +-----------------------------------+-----------------------------------+
 *   arg2   |                                 0                                     |
 *          +-----------------------------------------------------------------------+
 * </pre>
 *
 * With {@code wanted == 0} both sides are done: nothing else follows.
 */
final class ClearToSendDescriptor {
    static final int TYPE = 2;

    private ClearToSendDescriptor() {
    }

    static long arg0(int senderHandle, int receiverHandle) {
        return ((long) receiverHandle << 32) | (senderHandle & 0xFFFF_FFFFL);
    }

    static int senderHandle(long arg0) {
        return (int) arg0;
    }

    static int receiverHandle(long arg0) {
        return (int) (arg0 >>> 32);
    }
}

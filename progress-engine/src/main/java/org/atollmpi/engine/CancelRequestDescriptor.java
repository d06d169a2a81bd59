package org.atollmpi.engine;

/**
 * CANCEL_REQUEST, sender to receiver: take back the message with this sequence number if no
 * receive has matched it yet. The receiver's engine answers by itself, whatever its program is
 * doing in MPI, with a {@link CancelReplyDescriptor CANCEL_REPLY}: a message not yet arrived is
 * dropped when it does, one waiting unexpected is removed, one already matched stays matched.
 *
 * <pre>
 *  notification type 7
 *           63                               32 31                                0
 *          +-----------------------------------+-----------------------------------+
 *   arg0   |                 0                 |          sender handle            |
 *          +-----------------------------------+-----------------------------------+
 *   arg1   |                 0                 |    sequence number of the message |
 *          +-----------------------------------+-----------------------------------+
 *   arg2   |                 0                 |      context id of the message    |
 *          +-----------------------------------+-----------------------------------+
 * </pre>
 */
final class CancelRequestDescriptor {
    static final int TYPE = 7;

    private CancelRequestDescriptor() {
    }

    static long arg0(int senderHandle) {
        return senderHandle & 0xFFFF_FFFFL;
    }

    static int senderHandle(long arg0) {
        return (int) arg0;
    }
}

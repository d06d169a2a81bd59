package org.atollmpi.engine;

/**
 * CANCEL_REPLY, receiver to sender: whether the message of a {@link CancelRequestDescriptor
 * CANCEL_REQUEST} was taken back (the send completes cancelled) or had been matched already
 * (the send goes on to complete normally).
 *
 * <pre>
 *  notification type 8
 *           63                               32 31                                0
 *          +-----------------------------------+-----------------------------------+
 *   arg0   |                 0                 |          sender handle            |
 *          +-----------------------------------+-----------------------------------+
 *   arg1   |                         1 cancelled, 0 matched                        |
 *          +-----------------------------------------------------------------------+
 *   arg2   |                                 0                                     |
 *          +-----------------------------------------------------------------------+
 * </pre>
 */
final class CancelReplyDescriptor {
    static final int TYPE = 8;
    static final long CANCELLED = 1;
    static final long MATCHED = 0;

    private CancelReplyDescriptor() {
    }

    static long arg0(int senderHandle) {
        return senderHandle & 0xFFFF_FFFFL;
    }

    static int senderHandle(long arg0) {
        return (int) arg0;
    }
}

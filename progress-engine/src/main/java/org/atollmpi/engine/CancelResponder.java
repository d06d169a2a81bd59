package org.atollmpi.engine;

/**
 * The receiver's side of cancel: answers a sender's CANCEL_REQUEST by itself, whatever the
 * program here is doing. The message it names, by the sender's sequence number, is in one of
 * three places, which decide the answer:
 *
 * <pre>
 *   not yet in its turn (still to come, or held ahead) ──▶ dropped when its turn comes ──▶ CANCELLED
 *   in its turn, unexpected                            ──▶ taken out and recycled     ──▶ CANCELLED
 *   in its turn, matched (or taken by a matched probe) ──▶ left alone                 ──▶ MATCHED
 * </pre>
 *
 * The reply leaves through the {@link Outbox} (now, or once the sender has room). No state of its
 * own: the drop set is the {@link Sequencer}'s, the unexpected messages the {@link Matcher}'s.
 */
final class CancelResponder {
    private final Sequencer sequencer;
    private final Matcher matcher;
    private final HeldMessagePool held;
    private final Outbox outbox;

    CancelResponder(Sequencer sequencer, Matcher matcher, HeldMessagePool held, Outbox outbox) {
        this.sequencer = sequencer;
        this.matcher = matcher;
        this.held = held;
        this.outbox = outbox;
    }

    /** {@code source} asks for its message numbered {@code sequence} on {@code context} back. */
    void onCancelRequest(int source, int senderHandle, int sequence, int context) {
        boolean cancelled;
        if (!sequencer.hadTurn(source, sequence)) {
            sequencer.dropOnArrival(source, sequence);
            cancelled = true;
        } else {
            MatchQueues q = matcher.existing(context);
            HeldMessage m = q == null ? null : q.takeUnexpected(source, sequence);
            cancelled = m != null;
            if (m != null) {
                held.recycle(m);
            }
        }
        outbox.cancelReply(source, senderHandle, cancelled);
    }
}

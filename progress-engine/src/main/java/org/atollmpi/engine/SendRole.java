package org.atollmpi.engine;

import java.util.function.IntFunction;

/**
 * What the two sender roles whose message waits in the receiver's port for a match share
 * ({@link SyncSend}, {@link RendezvousSend}): the operation they complete, the sequence number
 * their message took, and the cancel exchange. A cancel sends CANCEL_REQUEST (again on every pass
 * until the target has room) and waits for the CANCEL_REPLY: "cancelled" completes the send
 * cancelled, "matched" lets it go on. The handle stays registered until both the send's outcome
 * and any CANCEL_REPLY have arrived, so that no message ever names a released handle.
 *
 * <p>Each subclass has its own {@code enum State}, held here; it names the three states the
 * cancel exchange moves between (message out and unmatched, cancelling, done).
 */
abstract class SendRole<S extends Enum<S>> extends ProtocolRole {
    /** The send, until it completes. */
    Operation op;
    S state;
    private final S awaitingMatch;
    private final S cancelling;
    private final S done;
    private final int context;
    private int sequence;
    private boolean cancelToSend;
    private boolean cancelOutstanding;

    SendRole(Engine engine, Operation op, S queued, S awaitingMatch, S cancelling, S done) {
        super(engine, op.peer);
        this.op = op;
        this.context = op.context;
        this.state = queued;
        this.awaitingMatch = awaitingMatch;
        this.cancelling = cancelling;
        this.done = done;
    }

    @Override
    String describe(IntFunction<String> contextName) {
        Operation send = op;
        return (send == null ? getClass().getSimpleName() + " to rank " + peer
            : getClass().getSimpleName() + " to rank " + peer + ": tag " + send.tag + ", " + send.bytes + " bytes")
            + ", " + contextName.apply(context) + ", state " + state();
    }

    @Override
    final String state() {
        return state.name();
    }

    /** The message numbered {@code seq} is in the receiver's port. */
    final void deposited(int seq) {
        sequence = seq;
        state = awaitingMatch;
    }

    /** Gives back what the unmatched message held (a window it named), and marks the role done. */
    void withdraw() {
        state = done;
    }

    @Override
    final boolean requestCancel() {
        if (state != awaitingMatch) {
            return false;
        }
        state = cancelling;
        cancelToSend = true;
        cancelOutstanding = true;
        engine.makeReady(this);
        return true;
    }

    /**
     * Sends the CANCEL_REQUEST if one is due.
     *
     * @return 1 if it left, 0 if none was due; -1 if the target had no room (the role is ready again)
     */
    final int sendCancelRequest() {
        if (!cancelToSend) {
            return 0;
        }
        if (!engine.control().cancelRequest(peer, handle, sequence, context)) {
            engine.makeReady(this);
            return -1;
        }
        cancelToSend = false;
        return 1;
    }

    @Override
    final void onCancelReply(boolean cancelled) {
        if (!cancelOutstanding) {
            unexpected("CANCEL_REPLY");
            return;
        }
        cancelOutstanding = false;
        if (cancelled) {
            if (state != cancelling) {
                unexpected("CANCEL_REPLY (cancelled)");
                return;
            }
            withdraw();
            Operation o = op;
            op = null;
            engine.completeCancelled(o);
            engine.retire(this);
        } else if (state == cancelling) {
            state = awaitingMatch;
        } else if (state == done) {
            engine.retire(this);
        }
    }

    /** Completes the send normally. */
    final void finish() {
        state = done;
        Operation o = op;
        op = null;
        engine.complete(o);
        if (!cancelOutstanding) {
            engine.retire(this);
        }
    }
}

package org.atollmpi.engine;

/**
 * Sender side of an eager synchronous send ({@code sSend}/{@code isSend} up to the eager limit):
 * the data left in one EAGER_SYNC message, and the send completes when the receiver's SYNC_ACK
 * says a receive has matched it.
 *
 * <pre>
 *   QUEUED ──deposited──▶ AWAIT_ACK ──SYNC_ACK──▶ DONE
 *                            │    ▲
 *                  cancel()  ▼    │ CANCEL_REPLY(matched)
 *                         CANCELLING ──CANCEL_REPLY(cancelled)──▶ DONE (cancelled)
 *                            └──SYNC_ACK──▶ DONE (the match won; the reply still comes)
 * </pre>
 *
 * The handle stays registered until both the outcome and any CANCEL_REPLY have arrived, so no
 * message can ever name a released handle.
 */
final class SyncSend extends ProtocolRole {
    enum State { QUEUED, AWAIT_ACK, CANCELLING, DONE }

    private Operation op;
    private State state = State.QUEUED;
    private int sequence;
    private final int context;
    private boolean cancelToSend;
    private boolean cancelOutstanding;

    SyncSend(Engine engine, Operation op) {
        super(engine, op.peer);
        this.op = op;
        this.context = op.context;
    }

    /** The EAGER_SYNC message numbered {@code seq} is in the receiver's port. */
    void deposited(int seq) {
        sequence = seq;
        state = State.AWAIT_ACK;
    }

    @Override
    String state() {
        return state.name();
    }

    @Override
    int act() {
        if (!cancelToSend) {
            return 0;
        }
        if (engine.control().cancelRequest(peer, handle, sequence, context)) {
            cancelToSend = false;
            return 1;
        }
        engine.makeReady(this);
        return 0;
    }

    @Override
    void onSyncAck() {
        if (state != State.AWAIT_ACK && state != State.CANCELLING) {
            unexpected("SYNC_ACK");
            return;
        }
        state = State.DONE;
        Operation o = op;
        op = null;
        engine.complete(o);
        retireUnlessAwaitingReply();
    }

    @Override
    boolean requestCancel() {
        if (state != State.AWAIT_ACK) {
            return false;
        }
        state = State.CANCELLING;
        cancelToSend = true;
        cancelOutstanding = true;
        engine.makeReady(this);
        return true;
    }

    @Override
    void onCancelReply(boolean cancelled) {
        if (!cancelOutstanding) {
            unexpected("CANCEL_REPLY");
            return;
        }
        cancelOutstanding = false;
        if (cancelled) {
            if (state != State.CANCELLING) {
                unexpected("CANCEL_REPLY (cancelled)");
                return;
            }
            state = State.DONE;
            Operation o = op;
            op = null;
            engine.completeCancelled(o);
            engine.retire(this);
        } else if (state == State.CANCELLING) {
            state = State.AWAIT_ACK;
        } else if (state == State.DONE) {
            engine.retire(this);
        }
    }

    private void retireUnlessAwaitingReply() {
        if (!cancelOutstanding) {
            engine.retire(this);
        }
    }
}

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
 * The cancel exchange is {@link SendRole}'s.
 */
final class SyncSend extends SendRole<SyncSend.State> {
    enum State { QUEUED, AWAIT_ACK, CANCELLING, DONE }

    SyncSend(Engine engine, Operation op) {
        super(engine, op, State.QUEUED, State.AWAIT_ACK, State.CANCELLING, State.DONE);
    }

    @Override
    int act() {
        return Math.max(0, sendCancelRequest());
    }

    @Override
    void onSyncAck() {
        if (state != State.AWAIT_ACK && state != State.CANCELLING) {
            unexpected("SYNC_ACK");
            return;
        }
        finish();
    }
}

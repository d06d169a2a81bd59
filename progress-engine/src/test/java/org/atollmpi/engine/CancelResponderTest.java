package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.atollmpi.nic.ForwardingHostPort;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The receiver's side of cancel, one case per place the named message can be, and the
 * {@link Outbox} that carries its reply (and SYNC_ACKs) through {@link ControlProxy} now or,
 * when the sender's queue is full, on a later pass.
 */
class CancelResponderTest {
    private static final int SENDER = 1;
    private static final int CTX = 3;
    private static final int HANDLE = 0x0001_0042;

    private LocalBoard board;
    private RecordingPort port;
    private Sequencer sequencer;
    private Matcher matcher;
    private HeldMessagePool held;
    private Outbox outbox;
    private CancelResponder responder;

    @BeforeEach
    void setUp() {
        board = new LocalBoard(2);
        port = new RecordingPort(board.open(0));
        held = new HeldMessagePool();
        sequencer = new Sequencer(2, held);
        matcher = new Matcher();
        outbox = new Outbox(new ControlProxy(port));
        responder = new CancelResponder(sequencer, matcher, held, outbox);
    }

    @AfterEach
    void tearDown() {
        board.close();
    }

    @Test
    void aMessageNotYetInItsTurnIsCancelledAndDroppedWhenItComes() {
        responder.onCancelRequest(SENDER, HANDLE, 1, CTX);
        assertReply(0, true);
        assertFalse(sequencer.take(SENDER, 1), "message 1 is dropped when its turn comes");
        assertTrue(sequencer.take(SENDER, 2), "the next one is not");
    }

    @Test
    void anUnexpectedMessageIsTakenOutAndCancelled() {
        byte[] data = {1, 2, 3};
        assertTrue(sequencer.take(SENDER, 1));
        HeldMessage m = held.hold(SENDER, Envelope.header0(Envelope.EAGER_SYNC, CTX, 9),
            Envelope.header1(1, HANDLE), data, Memory.BYTE_ARRAY_BASE, data.length);
        matcher.queues(CTX).addUnexpected(m);
        responder.onCancelRequest(SENDER, HANDLE, 1, CTX);
        assertReply(0, true);
        assertNull(matcher.queues(CTX).findUnexpected(SENDER, 9), "no receive can match it any more");
    }

    @Test
    void aMatchedMessageStaysMatched() {
        assertTrue(sequencer.take(SENDER, 1)); // had its turn and, not unexpected, was matched
        responder.onCancelRequest(SENDER, HANDLE, 1, CTX);
        assertReply(0, false);
    }

    /** Another message of the sender, unexpected, is not the one named: the named one was matched. */
    @Test
    void onlyTheNamedSequenceIsTaken() {
        byte[] data = {7};
        assertTrue(sequencer.take(SENDER, 1));
        assertTrue(sequencer.take(SENDER, 2));
        matcher.queues(CTX).addUnexpected(held.hold(SENDER, Envelope.header0(Envelope.EAGER_SYNC, CTX, 9),
            Envelope.header1(2, HANDLE), data, Memory.BYTE_ARRAY_BASE, data.length));
        responder.onCancelRequest(SENDER, HANDLE, 1, CTX);
        assertReply(0, false);
        assertNotNull(matcher.queues(CTX).findUnexpected(SENDER, 9));
    }

    /** A full queue at the sender: the outbox keeps the reply and a SYNC_ACK after it, in order, until it has room. */
    @Test
    void repliesWaitInTheOutboxUntilTheSenderHasRoom() {
        port.room = false;
        responder.onCancelRequest(SENDER, HANDLE, 1, CTX);
        outbox.syncAck(SENDER, HANDLE + 1);
        assertEquals(0, port.sent.size());
        assertFalse(outbox.isEmpty());
        assertEquals(0, outbox.doWork());
        port.room = true;
        assertEquals(2, outbox.doWork());
        assertTrue(outbox.isEmpty());
        assertReply(0, true);
        long[] ack = port.sent.get(1);
        assertEquals(SENDER, ack[0]);
        assertEquals(SyncAckDescriptor.TYPE, ack[1]);
        assertEquals(HANDLE + 1, SyncAckDescriptor.senderHandle(ack[2]));
    }

    private void assertReply(int index, boolean cancelled) {
        long[] n = port.sent.get(index);
        assertEquals(SENDER, n[0]);
        assertEquals(CancelReplyDescriptor.TYPE, n[1]);
        assertEquals(HANDLE, CancelReplyDescriptor.senderHandle(n[2]));
        assertEquals(cancelled ? CancelReplyDescriptor.CANCELLED : CancelReplyDescriptor.MATCHED, n[3]);
    }

    /** Records the notifications that leave, or refuses them all while {@code room} is false. */
    private static final class RecordingPort extends ForwardingHostPort {
        final List<long[]> sent = new ArrayList<>();
        boolean room = true;

        RecordingPort(HostPort port) {
            super(port);
        }

        @Override
        public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
            if (!room) {
                return false;
            }
            sent.add(new long[] {target, type, arg0, arg1, arg2});
            return true;
        }
    }
}

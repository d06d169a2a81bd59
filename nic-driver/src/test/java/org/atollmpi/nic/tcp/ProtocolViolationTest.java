package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What an authenticated peer may not do, checked where the port plays the NIC (the link handler
 * closes the connection on these): deposit beyond the credit it was granted, reply for an
 * operation it was not asked, send a part outside its operation. Nothing of such a frame is
 * delivered.
 */
@ExtendWith(NettyLeakCheck.class)
@Timeout(30)
class ProtocolViolationTest {
    private TcpBoard board;
    private TcpHostPort port;

    @BeforeEach
    void setUp() {
        board = new TcpBoard(2, TcpBoardConfig.defaults().withQueues(2, 8 * 1024, 2), 5, line -> { });
        port = (TcpHostPort) board.open(0);
    }

    @AfterEach
    void tearDown() {
        board.close();
    }

    private static final ByteBufAllocator ALLOC = UnpooledByteBufAllocator.DEFAULT;

    /** A message's body as the sender writes it, with {@code payload} bytes of zeros. */
    private static ByteBuf message(byte type, long header0, long header1, int payload) {
        return body(MessageFlyweight.frame(ALLOC, type, header0, header1, new byte[payload], Memory.BYTE_ARRAY_BASE,
            payload));
    }

    /** The body of a whole frame, holding the frame's reference. */
    private static ByteBuf body(ByteBuf frame) {
        return frame.slice(TcpFrame.HEADER_BYTES, frame.readableBytes() - TcpFrame.HEADER_BYTES);
    }

    /** Hands a frame to the port as the link handler does, which releases the body afterwards. */
    private void feed(byte type, ByteBuf body) {
        try {
            port.dispatcher().onFrame(1, type, body);
        } finally {
            body.release();
        }
    }

    private int delivered() {
        int[] n = {0};
        port.poll(new ArrivalHandler() {
            @Override public void onMessage(int source, long h0, long h1, Object base, long offset, int length) {
                n[0]++;
            }
            @Override public void onNotification(int source, int type, long a0, long a1, long a2) {
                n[0]++;
            }
            @Override public void onCompletion(long token, int status, long value) {
                n[0]++;
            }
        }, 100);
        return n[0];
    }

    @Test
    void depositsBeyondTheGrantedCreditAreRefused() {
        feed(TcpFrame.FAST_SEND, message(TcpFrame.FAST_SEND, 1, 2, 0));
        feed(TcpFrame.FAST_SEND, message(TcpFrame.FAST_SEND, 3, 4, 0));
        ProtocolViolation e = assertThrows(ProtocolViolation.class,
            () -> feed(TcpFrame.FAST_SEND, message(TcpFrame.FAST_SEND, 5, 6, 0)));
        assertTrue(e.getMessage().contains("rank 1 deposited a FAST_SEND beyond the credit"), e.getMessage());
        assertEquals(2, delivered(), "the two within the credit, not the third");
        // A SEND record charges its payload plus 32 bytes against 8 KiB.
        ByteBuf big = message(TcpFrame.SEND, 0, 0, 1024 - 32);
        for (int i = 0; i < 8; i++) {
            feed(TcpFrame.SEND, big.retainedDuplicate());
        }
        assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.SEND, big));
        assertEquals(8, delivered());
    }

    @Test
    void repliesForOperationsNeverAskedAreRefused() {
        ProtocolViolation e = assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.COMPLETION,
            body(CompletionFlyweight.frame(ALLOC, 0x10001, NicStatus.OK, 0))));
        assertTrue(e.getMessage().contains("which rank 1 was not asked"), e.getMessage());
        ByteBuf reply = GetReplyFlyweight.fields(ALLOC, 0x10001, 0, 8, 8).writeLong(7);
        assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.GET_REPLY, body(reply)));
        assertEquals(0, delivered());
    }

    @Test
    void aPartOutsideItsOperationIsRefused() {
        // A PUT claiming part 100 of an 8-byte operation, and a GET part longer than a part may be.
        ByteBuf put = WindowRequestFlyweight.putFields(ALLOC, 1, 1, 0, 0, 8, 100, 8, 8).writeLong(0);
        assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.PUT, body(put)));
        ByteBuf get = WindowRequestFlyweight.get(ALLOC, 1, 1, 0, 0, Integer.MAX_VALUE, 0, Integer.MAX_VALUE);
        assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.GET, body(get)));
    }
}

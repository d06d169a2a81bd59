package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.NicStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What an authenticated peer may not do, checked where the port plays the NIC (the link handler
 * closes the connection on these): deposit beyond the credit it was granted, reply for an
 * operation it was not asked, send a part outside its operation. Nothing of such a frame is
 * delivered.
 */
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

    private static ByteBuf body(long... words) {
        ByteBuf b = Unpooled.buffer();
        for (long w : words) {
            b.writeLong(w);
        }
        return b;
    }

    /** Hands a frame to the port as the link handler does, which releases the body afterwards. */
    private void feed(byte type, ByteBuf body) {
        try {
            port.onFrame(1, type, body);
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
        feed(TcpFrame.FAST_SEND, body(1, 2));
        feed(TcpFrame.FAST_SEND, body(3, 4));
        ProtocolViolation e = assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.FAST_SEND, body(5, 6)));
        assertTrue(e.getMessage().contains("rank 1 deposited a FAST_SEND beyond the credit"), e.getMessage());
        assertEquals(2, delivered(), "the two within the credit, not the third");
        // A SEND record charges its payload plus 32 bytes against 8 KiB.
        ByteBuf big = body(0, 0).writeZero(1024 - 32);
        for (int i = 0; i < 8; i++) {
            feed(TcpFrame.SEND, big.retainedDuplicate());
        }
        assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.SEND, big));
        assertEquals(8, delivered());
    }

    @Test
    void repliesForOperationsNeverAskedAreRefused() {
        ByteBuf completion = Unpooled.buffer().writeInt(0x10001).writeInt(NicStatus.OK).writeLong(0);
        ProtocolViolation e = assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.COMPLETION, completion));
        assertTrue(e.getMessage().contains("which rank 1 was not asked"), e.getMessage());
        ByteBuf reply = Unpooled.buffer().writeInt(0x10001).writeInt(0).writeLong(7);
        assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.GET_REPLY, reply));
        assertEquals(0, delivered());
    }

    @Test
    void aPartOutsideItsOperationIsRefused() {
        // A PUT claiming part 100 of an 8-byte operation, and a GET part longer than a part may be.
        ByteBuf put = Unpooled.buffer().writeInt(1).writeInt(1).writeLong(0).writeLong(0).writeInt(8).writeInt(100)
            .writeLong(0);
        assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.PUT, put));
        ByteBuf get = Unpooled.buffer().writeInt(1).writeInt(1).writeLong(0).writeLong(0).writeInt(Integer.MAX_VALUE)
            .writeInt(0).writeInt(Integer.MAX_VALUE);
        assertThrows(ProtocolViolation.class, () -> feed(TcpFrame.GET, get));
    }
}

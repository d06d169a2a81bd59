package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every frame kind written through its flyweight, as the port writes it, comes out of the decoder
 * (fed in pieces split at random) whole, within the limits the decoder checks, and reads back
 * through the same flyweight field for field: the writers, the readers and the limits agree on
 * one layout.
 */
@ExtendWith(NettyLeakCheck.class)
class FrameFlyweightsTest {
    private static final ByteBufAllocator ALLOC = UnpooledByteBufAllocator.DEFAULT;
    private static final int MAX_SEND = 1000;
    private static final int PART = 4096;
    private final List<String> log = new ArrayList<>();
    private final SplittableRandom random = new SplittableRandom(20261129);

    /** Feeds {@code frame} (taken over) in random pieces; returns the one frame decoded. */
    private Frame roundTrip(ByteBuf frame, boolean authenticated) {
        FrameDecoder decoder = new FrameDecoder(new FrameLimits(MAX_SEND, PART), log::add, "test connection");
        if (authenticated) {
            decoder.authenticated(null);
        }
        EmbeddedChannel ch = new EmbeddedChannel(decoder);
        while (frame.isReadable()) {
            ch.writeInbound(frame.readRetainedSlice(Math.min(1 + random.nextInt(9), frame.readableBytes())));
        }
        frame.release();
        Frame f = ch.readInbound();
        assertNull(ch.readInbound(), "one frame in, one out");
        assertTrue(ch.isOpen() && log.isEmpty(), "refused: " + log);
        ch.finishAndReleaseAll();
        return f;
    }

    @Test
    void messages() {
        byte[] payload = {1, 2, 3, 4, 5};
        Frame f = roundTrip(MessageFlyweight.frame(ALLOC, TcpFrame.SEND, -1, 42, payload, Memory.BYTE_ARRAY_BASE, 5), true);
        try {
            assertEquals(TcpFrame.SEND, f.type());
            assertEquals(-1, MessageFlyweight.header0(f.body()));
            assertEquals(42, MessageFlyweight.header1(f.body()));
            assertEquals(5, MessageFlyweight.payloadLength(f.body()));
            ByteBuf p = MessageFlyweight.retainedPayload(f.body());
            byte[] back = new byte[5];
            p.getBytes(p.readerIndex(), back);
            p.release();
            assertArrayEquals(payload, back);
        } finally {
            f.body().release();
        }
        byte[] full = new byte[MessageFlyweight.FAST_PAYLOAD_BYTES];
        f = roundTrip(MessageFlyweight.frame(ALLOC, TcpFrame.FAST_SEND, 7, 8, full, Memory.BYTE_ARRAY_BASE, full.length),
            true);
        assertEquals(MessageFlyweight.FAST_PAYLOAD_BYTES, MessageFlyweight.payloadLength(f.body()));
        f.body().release();
    }

    @Test
    void notificationsAndCredits() {
        Frame f = roundTrip(NotifyFlyweight.frame(ALLOC, 9, 10, -11, Long.MAX_VALUE), true);
        assertEquals(TcpFrame.NOTIFY, f.type());
        assertEquals(9, NotifyFlyweight.type(f.body()));
        assertEquals(10, NotifyFlyweight.arg0(f.body()));
        assertEquals(-11, NotifyFlyweight.arg1(f.body()));
        assertEquals(Long.MAX_VALUE, NotifyFlyweight.arg2(f.body()));
        f.body().release();
        f = roundTrip(CreditFlyweight.frame(ALLOC, 3, 4096, 5), true);
        int at = f.body().readerIndex();
        assertEquals(TcpFrame.CREDIT, f.type());
        assertEquals(3, CreditFlyweight.fast(f.body(), at));
        assertEquals(4096, CreditFlyweight.ring(f.body(), at));
        assertEquals(5, CreditFlyweight.notes(f.body(), at));
        f.body().release();
    }

    @Test
    void windowRequests() {
        ByteBuf put = WindowRequestFlyweight.putFields(ALLOC, 0x10002, 3, 0xCAFEL, 64, 100, 0, 100, 100).writeZero(100);
        Frame f = roundTrip(put, true);
        assertEquals(TcpFrame.PUT, f.type());
        assertEquals(0x10002, WindowRequestFlyweight.request(f.body()));
        assertEquals(3, WindowRequestFlyweight.window(f.body()));
        assertEquals(0xCAFEL, WindowRequestFlyweight.capability(f.body()));
        assertEquals(64, WindowRequestFlyweight.offset(f.body()));
        assertEquals(100, WindowRequestFlyweight.length(f.body()));
        assertEquals(0, WindowRequestFlyweight.part(f.body()));
        assertEquals(100, WindowRequestFlyweight.putDataLength(f.body()));
        f.body().release();
        f = roundTrip(WindowRequestFlyweight.get(ALLOC, 5, 6, 7, 8, 2 * PART, PART, PART), true);
        assertEquals(TcpFrame.GET, f.type());
        assertEquals(2 * PART, WindowRequestFlyweight.length(f.body()));
        assertEquals(PART, WindowRequestFlyweight.part(f.body()));
        assertEquals(PART, WindowRequestFlyweight.getPartLength(f.body()));
        f.body().release();
        f = roundTrip(WindowRequestFlyweight.atomic(ALLOC, TcpFrame.FETCH_ADD, 1, 2, 3, 16, -5, 0), true);
        assertEquals(TcpFrame.FETCH_ADD, f.type());
        assertEquals(16, WindowRequestFlyweight.offset(f.body()));
        assertEquals(-5, WindowRequestFlyweight.operand(f.body()));
        f.body().release();
        f = roundTrip(WindowRequestFlyweight.atomic(ALLOC, TcpFrame.CAS, 1, 2, 3, 24, 11, 12), true);
        assertEquals(TcpFrame.CAS, f.type());
        assertEquals(11, WindowRequestFlyweight.operand(f.body()));
        assertEquals(12, WindowRequestFlyweight.casValue(f.body()));
        f.body().release();
    }

    @Test
    void replies() {
        byte[] data = {9, 8, 7};
        Frame f = roundTrip(GetReplyFlyweight.frame(ALLOC, 77, 4096, data, Memory.BYTE_ARRAY_BASE, 3), true);
        assertEquals(TcpFrame.GET_REPLY, f.type());
        assertEquals(77, GetReplyFlyweight.request(f.body()));
        assertEquals(4096, GetReplyFlyweight.part(f.body()));
        ByteBuf d = GetReplyFlyweight.data(f.body());
        assertEquals(3, d.readableBytes());
        assertEquals(7, d.getByte(d.readerIndex() + 2));
        f.body().release();
        f = roundTrip(CompletionFlyweight.frame(ALLOC, 78, NicStatus.TLINK, -2), true);
        assertEquals(TcpFrame.COMPLETION, f.type());
        assertEquals(78, CompletionFlyweight.request(f.body()));
        assertEquals(NicStatus.TLINK, CompletionFlyweight.status(f.body()));
        assertEquals(-2, CompletionFlyweight.value(f.body()));
        f.body().release();
    }

    @Test
    void handshakeFrames() {
        byte[] nonce = new byte[HandshakeFlyweight.NONCE_BYTES];
        byte[] mac = new byte[HandshakeFlyweight.MAC_BYTES];
        random.nextBytes(nonce);
        random.nextBytes(mac);
        Frame f = roundTrip(HandshakeFlyweight.challenge(ALLOC, TcpFrame.VERSION, nonce), false);
        assertEquals(TcpFrame.VERSION, HandshakeFlyweight.challengeVersion(f.body()));
        assertArrayEquals(nonce, HandshakeFlyweight.challengeNonce(f.body()));
        f.body().release();
        f = roundTrip(HandshakeFlyweight.hello(ALLOC, 2, 5, nonce, 1, 2048, 3, mac), false);
        assertEquals(2, HandshakeFlyweight.helloRank(f.body()));
        assertEquals(5, HandshakeFlyweight.helloTarget(f.body()));
        assertArrayEquals(nonce, HandshakeFlyweight.helloNonce(f.body()));
        assertEquals(2048, CreditFlyweight.ring(f.body(), HandshakeFlyweight.helloCredits(f.body())));
        assertArrayEquals(mac, HandshakeFlyweight.helloMac(f.body()));
        f.body().release();
        f = roundTrip(HandshakeFlyweight.welcome(ALLOC, 4, 4096, 6, mac), false);
        assertEquals(6, CreditFlyweight.notes(f.body(), HandshakeFlyweight.welcomeCredits(f.body())));
        assertArrayEquals(mac, HandshakeFlyweight.welcomeMac(f.body()));
        f.body().release();
        f = roundTrip(HandshakeFlyweight.reject(ALLOC, TcpFrame.REJECT_SIMULTANEOUS, "x".repeat(300)), false);
        assertEquals(TcpFrame.REJECT_SIMULTANEOUS, HandshakeFlyweight.rejectCode(f.body()));
        assertEquals(HandshakeFlyweight.MAX_REASON_BYTES, HandshakeFlyweight.rejectReason(f.body()).length(),
            "a long reason is cut to what the decoder accepts");
        f.body().release();
    }
}

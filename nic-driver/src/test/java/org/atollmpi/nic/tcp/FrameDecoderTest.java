package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The decoder on an {@link EmbeddedChannel}: well-formed frames come out whole however the bytes
 * are split; a bad magic, an unknown type, an impossible length, a reserved bit or a frame of the
 * wrong phase closes the connection at once with a logged reason, and nothing is delivered.
 */
@ExtendWith(NettyLeakCheck.class)
class FrameDecoderTest {
    private static final int MAX_SEND = 1000;
    private static final int PART = 4096;
    private final List<String> log = new ArrayList<>();

    private EmbeddedChannel channel(boolean authenticated) {
        FrameDecoder decoder = new FrameDecoder(new FrameLimits(MAX_SEND, PART), log::add, "test connection");
        if (authenticated) {
            decoder.authenticated(null);
        }
        return new EmbeddedChannel(decoder);
    }

    private static ByteBuf header(int magic, int type, int reserved, int length) {
        return Unpooled.buffer().writeShort(magic).writeByte(type).writeByte(reserved).writeInt(length);
    }

    /** A NOTIFY frame as the port writes it, through its flyweight. */
    private static ByteBuf notify(int type) {
        return NotifyFlyweight.frame(UnpooledByteBufAllocator.DEFAULT, type, 1, 2, 3);
    }

    /** The bytes of {@code frames} one after the other, in one buffer; the frames are released. */
    private static ByteBuf joined(ByteBuf... frames) {
        ByteBuf all = Unpooled.buffer();
        for (ByteBuf f : frames) {
            all.writeBytes(f);
            f.release();
        }
        return all;
    }

    /** Feeds the bytes; asserts the connection closed, one reason containing {@code reason}, and no frame. */
    private void assertRefused(EmbeddedChannel ch, ByteBuf bytes, String reason) {
        ch.writeInbound(bytes);
        assertFalse(ch.isOpen(), "connection still open");
        assertNull(ch.readInbound(), "a frame was delivered");
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).contains(reason), log.get(0));
    }

    @Test
    void framesComeOutWholeHoweverTheBytesAreSplit() {
        EmbeddedChannel ch = channel(true);
        ByteBuf two = joined(notify(7), notify(8));
        while (two.isReadable()) {
            ch.writeInbound(two.readRetainedSlice(Math.min(5, two.readableBytes())));
        }
        two.release();
        for (int type : new int[] {7, 8}) {
            Frame f = ch.readInbound();
            assertEquals(TcpFrame.NOTIFY, f.type());
            assertEquals(type, NotifyFlyweight.type(f.body()));
            assertEquals(3, NotifyFlyweight.arg2(f.body()));
            f.body().release();
        }
        assertNull(ch.readInbound());
        assertTrue(ch.isOpen());
        assertTrue(log.isEmpty());
    }

    @Test
    void aTruncatedFrameDeliversNothingUntilItIsWhole() {
        EmbeddedChannel ch = channel(true);
        ByteBuf frame = notify(9);
        ch.writeInbound(frame.readRetainedSlice(5)); // half a header
        assertNull(ch.readInbound());
        ch.writeInbound(frame.readRetainedSlice(20)); // the header and part of the body
        assertNull(ch.readInbound());
        assertTrue(ch.isOpen(), "a frame still arriving is not an error");
        ch.writeInbound(frame);
        Frame f = ch.readInbound();
        assertEquals(9, NotifyFlyweight.type(f.body()));
        f.body().release();
        // Closed with half a frame in: the half is dropped, never delivered.
        ByteBuf last = notify(10);
        ch.writeInbound(last.readRetainedSlice(12));
        last.release();
        ch.finish();
        assertNull(ch.readInbound());
    }

    @Test
    void badMagicClosesTheConnection() {
        assertRefused(channel(true), header(0x4155, TcpFrame.NOTIFY, 0, NotifyFlyweight.BYTES), "bad magic 0x4155");
    }

    @Test
    void unknownTypeClosesTheConnection() {
        assertRefused(channel(true), header(TcpFrame.MAGIC, 99, 0, 0), "unknown frame type 99");
    }

    @Test
    void aReservedBitClosesTheConnection() {
        assertRefused(channel(true), header(TcpFrame.MAGIC, TcpFrame.NOTIFY, 1, NotifyFlyweight.BYTES), "reserved");
    }

    /** A huge length is refused from the header alone: nothing waits for, or holds room for, its body. */
    @Test
    void hugeAndNegativeLengthsAreRefusedFromTheHeader() {
        assertRefused(channel(true), header(TcpFrame.MAGIC, TcpFrame.SEND, 0, Integer.MAX_VALUE), "impossible length 2147483647");
        log.clear();
        assertRefused(channel(true), header(TcpFrame.MAGIC, TcpFrame.PUT, 0, -1), "impossible length 4294967295");
        log.clear();
        assertRefused(channel(true), header(TcpFrame.MAGIC, TcpFrame.SEND, 0, 16 + MAX_SEND + 1), "SEND");
        log.clear();
        assertRefused(channel(true), header(TcpFrame.MAGIC, TcpFrame.NOTIFY, 0, NotifyFlyweight.BYTES + 1), "NOTIFY");
        log.clear();
        // Before authentication even a legal data length is refused, and a HELLO may not be large.
        assertRefused(channel(false), header(TcpFrame.MAGIC, TcpFrame.HELLO, 0, 1 << 20), "impossible length");
    }

    @Test
    void framesOfTheWrongPhaseCloseTheConnection() {
        assertRefused(channel(false), notify(1), "NOTIFY frame before authentication");
        log.clear();
        assertRefused(channel(true), header(TcpFrame.MAGIC, TcpFrame.CHALLENGE, 0, HandshakeFlyweight.CHALLENGE_BYTES),
            "CHALLENGE frame after authentication");
    }

    @Test
    void nothingAfterARefusedFrameIsDelivered() {
        EmbeddedChannel ch = channel(true);
        ByteBuf bytes = joined(notify(1), header(0, 0, 0, 0), notify(2));
        ch.writeInbound(bytes);
        Frame first = ch.readInbound();
        assertEquals(1, NotifyFlyweight.type(first.body()), "the frame before the garbage is whole and was delivered");
        first.body().release();
        assertNull(ch.readInbound(), "nothing after the garbage");
        assertFalse(ch.isOpen());
    }

    @Test
    void randomBytesNeverDecodeIntoADelivery() {
        SplittableRandom random = new SplittableRandom(20261123);
        for (int trial = 0; trial < 200; trial++) {
            log.clear();
            EmbeddedChannel ch = channel(false);
            byte[] garbage = new byte[8 + random.nextInt(200)];
            random.nextBytes(garbage);
            ch.writeInbound(Unpooled.wrappedBuffer(garbage));
            assertNull(ch.readInbound(), "trial " + trial);
            assertFalse(ch.isOpen(), "trial " + trial + ": random bytes left the connection open");
            assertEquals(1, log.size());
        }
    }
}

package org.atollmpi.nic.tcp;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The bodies of the handshake's frames ({@link Handshake}): CHALLENGE, HELLO, WELCOME, REJECT.
 * Credits are laid out as {@link CreditFlyweight} says.
 *
 * <pre>
 *  CHALLENGE                                                        HELLO
 *  +-------------------------------+  0     +-------------------------------+  0
 *  |        version (32 bits)      |        |    rank: the connector (32)   |
 *  +-------------------------------+  4     +-------------------------------+  4
 *  |   nonce of the acceptor (16)  |        |    target: the acceptor (32)  |
 *  +-------------------------------+ 20     +-------------------------------+  8
 *                                           |  nonce of the connector (16)  |
 *  WELCOME                                  +-------------------------------+ 24
 *  +-------------------------------+  0     |  credits granted (12)         |
 *  |  credits granted (12)         |        +-------------------------------+ 36
 *  +-------------------------------+ 12     |  mac (32): HMAC-SHA256        |
 *  |  mac (32): HMAC-SHA256        |        +-------------------------------+ 68
 *  +-------------------------------+ 44
 *
 *  REJECT
 *  +--------+----------------------------------------------------------+
 *  | code(8)| reason, UTF-8, at most 256 bytes                         |
 *  +--------+----------------------------------------------------------+
 * </pre>
 *
 * Stateless, as {@link MessageFlyweight} says why.
 */
final class HandshakeFlyweight {
    static final int NONCE_BYTES = 16;
    static final int MAC_BYTES = 32;
    static final int MAX_REASON_BYTES = 256;

    static final int CHALLENGE_VERSION_OFFSET = 0;
    static final int CHALLENGE_NONCE_OFFSET = 4;
    static final int CHALLENGE_BYTES = CHALLENGE_NONCE_OFFSET + NONCE_BYTES;

    static final int HELLO_RANK_OFFSET = 0;
    static final int HELLO_TARGET_OFFSET = 4;
    static final int HELLO_NONCE_OFFSET = 8;
    static final int HELLO_CREDITS_OFFSET = HELLO_NONCE_OFFSET + NONCE_BYTES;
    static final int HELLO_MAC_OFFSET = HELLO_CREDITS_OFFSET + CreditFlyweight.BYTES;
    static final int HELLO_BYTES = HELLO_MAC_OFFSET + MAC_BYTES;

    static final int WELCOME_CREDITS_OFFSET = 0;
    static final int WELCOME_MAC_OFFSET = CreditFlyweight.BYTES;
    static final int WELCOME_BYTES = WELCOME_MAC_OFFSET + MAC_BYTES;

    static final int REJECT_CODE_OFFSET = 0;
    static final int REJECT_REASON_OFFSET = 1;

    private HandshakeFlyweight() {
    }

    static ByteBuf challenge(ByteBufAllocator alloc, int version, byte[] nonce) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.CHALLENGE, CHALLENGE_BYTES);
        int body = frame.writerIndex();
        frame.setInt(body + CHALLENGE_VERSION_OFFSET, version).setBytes(body + CHALLENGE_NONCE_OFFSET, nonce, 0, NONCE_BYTES);
        return frame.writerIndex(body + CHALLENGE_BYTES);
    }

    static ByteBuf hello(ByteBufAllocator alloc, int rank, int target, byte[] nonce, int fast, int ring, int notes,
                         byte[] mac) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.HELLO, HELLO_BYTES);
        int body = frame.writerIndex();
        frame.setInt(body + HELLO_RANK_OFFSET, rank).setInt(body + HELLO_TARGET_OFFSET, target)
            .setBytes(body + HELLO_NONCE_OFFSET, nonce, 0, NONCE_BYTES);
        CreditFlyweight.put(frame, body + HELLO_CREDITS_OFFSET, fast, ring, notes);
        frame.setBytes(body + HELLO_MAC_OFFSET, mac, 0, MAC_BYTES);
        return frame.writerIndex(body + HELLO_BYTES);
    }

    static ByteBuf welcome(ByteBufAllocator alloc, int fast, int ring, int notes, byte[] mac) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.WELCOME, WELCOME_BYTES);
        int body = frame.writerIndex();
        CreditFlyweight.put(frame, body + WELCOME_CREDITS_OFFSET, fast, ring, notes);
        frame.setBytes(body + WELCOME_MAC_OFFSET, mac, 0, MAC_BYTES);
        return frame.writerIndex(body + WELCOME_BYTES);
    }

    /** A REJECT; a reason longer than {@link #MAX_REASON_BYTES} in UTF-8 is cut there. */
    static ByteBuf reject(ByteBufAllocator alloc, byte code, String reason) {
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        int length = Math.min(text.length, MAX_REASON_BYTES);
        ByteBuf frame = Frames.start(alloc, TcpFrame.REJECT, REJECT_REASON_OFFSET + length);
        int body = frame.writerIndex();
        frame.setByte(body + REJECT_CODE_OFFSET, code).setBytes(body + REJECT_REASON_OFFSET, text, 0, length);
        return frame.writerIndex(body + REJECT_REASON_OFFSET + length);
    }

    static int challengeVersion(ByteBuf body) {
        return body.getInt(body.readerIndex() + CHALLENGE_VERSION_OFFSET);
    }

    static byte[] challengeNonce(ByteBuf body) {
        return bytes(body, CHALLENGE_NONCE_OFFSET, NONCE_BYTES);
    }

    static int helloRank(ByteBuf body) {
        return body.getInt(body.readerIndex() + HELLO_RANK_OFFSET);
    }

    static int helloTarget(ByteBuf body) {
        return body.getInt(body.readerIndex() + HELLO_TARGET_OFFSET);
    }

    static byte[] helloNonce(ByteBuf body) {
        return bytes(body, HELLO_NONCE_OFFSET, NONCE_BYTES);
    }

    /** Where a HELLO's credits begin in {@code body}, for {@link CreditFlyweight}. */
    static int helloCredits(ByteBuf body) {
        return body.readerIndex() + HELLO_CREDITS_OFFSET;
    }

    static byte[] helloMac(ByteBuf body) {
        return bytes(body, HELLO_MAC_OFFSET, MAC_BYTES);
    }

    /** Where a WELCOME's credits begin in {@code body}, for {@link CreditFlyweight}. */
    static int welcomeCredits(ByteBuf body) {
        return body.readerIndex() + WELCOME_CREDITS_OFFSET;
    }

    static byte[] welcomeMac(ByteBuf body) {
        return bytes(body, WELCOME_MAC_OFFSET, MAC_BYTES);
    }

    static byte rejectCode(ByteBuf body) {
        return body.getByte(body.readerIndex() + REJECT_CODE_OFFSET);
    }

    static String rejectReason(ByteBuf body) {
        return body.toString(body.readerIndex() + REJECT_REASON_OFFSET, body.readableBytes() - REJECT_REASON_OFFSET,
            StandardCharsets.UTF_8);
    }

    private static byte[] bytes(ByteBuf body, int offset, int length) {
        byte[] b = new byte[length];
        body.getBytes(body.readerIndex() + offset, b);
        return b;
    }
}

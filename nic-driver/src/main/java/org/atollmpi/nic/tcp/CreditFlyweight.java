package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Credits: the room a receiver grants (in HELLO and WELCOME, see {@link HandshakeFlyweight}) or
 * has freed (the body of a CREDIT frame) for one peer's deposits.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                    fast sends (32 bits)                       |   0
 *  +---------------------------------------------------------------+
 *  |                    SEND ring bytes (32 bits)                  |   4
 *  +---------------------------------------------------------------+
 *  |                    notifications (32 bits)                    |   8
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Offsets are from the credits' first byte ({@code at}); stateless, as {@link MessageFlyweight}
 * says why.
 */
final class CreditFlyweight {
    static final int FAST_OFFSET = 0;
    static final int RING_OFFSET = 4;
    static final int NOTES_OFFSET = 8;
    static final int BYTES = 12;

    private CreditFlyweight() {
    }

    /** A CREDIT frame. */
    static ByteBuf frame(ByteBufAllocator alloc, int fast, int ring, int notes) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.CREDIT, BYTES);
        int body = frame.writerIndex();
        put(frame, body, fast, ring, notes);
        return frame.writerIndex(body + BYTES);
    }

    /** Writes credits at {@code at} (the writer index is the caller's). */
    static void put(ByteBuf buf, int at, int fast, int ring, int notes) {
        buf.setInt(at + FAST_OFFSET, fast).setInt(at + RING_OFFSET, ring).setInt(at + NOTES_OFFSET, notes);
    }

    static int fast(ByteBuf buf, int at) {
        return buf.getInt(at + FAST_OFFSET);
    }

    static int ring(ByteBuf buf, int at) {
        return buf.getInt(at + RING_OFFSET);
    }

    static int notes(ByteBuf buf, int at) {
        return buf.getInt(at + NOTES_OFFSET);
    }
}

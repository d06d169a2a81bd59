package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The body of a FAST_SEND or SEND frame: the message's two header words, then its payload (at
 * most {@link #FAST_PAYLOAD_BYTES} for a FAST_SEND, the receiver's record limit for a SEND).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                        header0 (64 bits)                      |   0
 *  +---------------------------------------------------------------+
 *  |                        header1 (64 bits)                      |   8
 *  +---------------------------------------------------------------+
 *  |                        payload ...                           ...  16
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>Like every body flyweight of this board, it keeps no state: its methods take the buffer, with
 * offsets from the body's reader index, because the rank's threads and the event loops write and
 * read frames at once, and a view object per thread would be one more object and indirection on
 * every message.
 */
final class MessageFlyweight {
    static final int HEADER0_OFFSET = 0;
    static final int HEADER1_OFFSET = 8;
    static final int PAYLOAD_OFFSET = 16;
    /** The body before the payload. */
    static final int FIELDS_BYTES = PAYLOAD_OFFSET;
    /** A FAST_SEND's payload: five 64-bit words, as a slot of the shm board. */
    static final int FAST_PAYLOAD_BYTES = 40;

    private MessageFlyweight() {
    }

    /** A whole frame of {@code type} (FAST_SEND or SEND) carrying {@code length} bytes from {@code (base, offset)}. */
    static ByteBuf frame(ByteBufAllocator alloc, byte type, long header0, long header1, Object base, long offset,
                         int length) {
        ByteBuf frame = Frames.start(alloc, type, FIELDS_BYTES + length);
        int body = frame.writerIndex();
        frame.setLong(body + HEADER0_OFFSET, header0).setLong(body + HEADER1_OFFSET, header1);
        frame.writerIndex(body + PAYLOAD_OFFSET);
        Frames.writeFrom(frame, base, offset, length);
        return frame;
    }

    static long header0(ByteBuf body) {
        return body.getLong(body.readerIndex() + HEADER0_OFFSET);
    }

    static long header1(ByteBuf body) {
        return body.getLong(body.readerIndex() + HEADER1_OFFSET);
    }

    static int payloadLength(ByteBuf body) {
        return body.readableBytes() - PAYLOAD_OFFSET;
    }

    /** The payload, as a retained slice: it outlives the read it came in (queued for the poll). */
    static ByteBuf retainedPayload(ByteBuf body) {
        return body.retainedSlice(body.readerIndex() + PAYLOAD_OFFSET, payloadLength(body));
    }
}

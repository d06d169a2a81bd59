package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The body of a GET_REPLY: one part of a Get that passed the target's check, with its data. A
 * failed part is answered by a COMPLETION ({@link CompletionFlyweight}) instead.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                       request (32 bits)                       |   0
 *  +---------------------------------------------------------------+
 *  |               part: its offset in the Get (32 bits)           |   4
 *  +---------------------------------------------------------------+
 *  |                       data ...                               ...  8
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Stateless, as {@link MessageFlyweight} says why.
 */
final class GetReplyFlyweight {
    static final int REQUEST_OFFSET = 0;
    static final int PART_OFFSET = 4;
    static final int DATA_OFFSET = 8;
    /** The fields before the data. */
    static final int FIELDS_BYTES = DATA_OFFSET;

    private GetReplyFlyweight() {
    }

    /** A GET_REPLY's frame with its fields written, with room for {@code room} of its {@code partLength} bytes of data. */
    static ByteBuf fields(ByteBufAllocator alloc, int request, int part, int partLength, int room) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.GET_REPLY, FIELDS_BYTES + partLength, FIELDS_BYTES + room);
        int body = frame.writerIndex();
        frame.setInt(body + REQUEST_OFFSET, request).setInt(body + PART_OFFSET, part);
        return frame.writerIndex(body + DATA_OFFSET);
    }

    /** A whole GET_REPLY, its data copied from {@code (base, offset)}. */
    static ByteBuf frame(ByteBufAllocator alloc, int request, int part, Object base, long offset, int partLength) {
        ByteBuf frame = fields(alloc, request, part, partLength, partLength);
        Frames.writeFrom(frame, base, offset, partLength);
        return frame;
    }

    static int request(ByteBuf body) {
        return body.getInt(body.readerIndex() + REQUEST_OFFSET);
    }

    static int part(ByteBuf body) {
        return body.getInt(body.readerIndex() + PART_OFFSET);
    }

    /** The data of a whole (not streamed) body, as a slice. */
    static ByteBuf data(ByteBuf body) {
        return body.slice(body.readerIndex() + DATA_OFFSET, body.readableBytes() - DATA_OFFSET);
    }
}

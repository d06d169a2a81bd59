package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The body of a COMPLETION: the answer to a Put part, an atomic, or a Get part that failed its
 * check; {@code status} is {@link org.atollmpi.nic.NicStatus#OK} or the NACK, {@code value} an
 * atomic's old value (0 otherwise).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                       request (32 bits)                       |   0
 *  +---------------------------------------------------------------+
 *  |                       status (32 bits)                        |   4
 *  +---------------------------------------------------------------+
 *  |                       value (64 bits)                         |   8
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Stateless, as {@link MessageFlyweight} says why.
 */
final class CompletionFlyweight {
    static final int REQUEST_OFFSET = 0;
    static final int STATUS_OFFSET = 4;
    static final int VALUE_OFFSET = 8;
    static final int BYTES = 16;

    private CompletionFlyweight() {
    }

    static ByteBuf frame(ByteBufAllocator alloc, int request, int status, long value) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.COMPLETION, BYTES);
        int body = frame.writerIndex();
        frame.setInt(body + REQUEST_OFFSET, request).setInt(body + STATUS_OFFSET, status).setLong(body + VALUE_OFFSET, value);
        return frame.writerIndex(body + BYTES);
    }

    static int request(ByteBuf body) {
        return body.getInt(body.readerIndex() + REQUEST_OFFSET);
    }

    static int status(ByteBuf body) {
        return body.getInt(body.readerIndex() + STATUS_OFFSET);
    }

    static long value(ByteBuf body) {
        return body.getLong(body.readerIndex() + VALUE_OFFSET);
    }
}

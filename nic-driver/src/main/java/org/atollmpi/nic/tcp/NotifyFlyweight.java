package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The body of a NOTIFY frame: the notification's type and its three arguments.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                         type (32 bits)                        |   0
 *  +---------------------------------------------------------------+
 *  |                         arg0 (64 bits)                        |   4
 *  +---------------------------------------------------------------+
 *  |                         arg1 (64 bits)                        |  12
 *  +---------------------------------------------------------------+
 *  |                         arg2 (64 bits)                        |  20
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Stateless, as {@link MessageFlyweight} says why.
 */
final class NotifyFlyweight {
    static final int TYPE_OFFSET = 0;
    static final int ARG0_OFFSET = 4;
    static final int ARG1_OFFSET = 12;
    static final int ARG2_OFFSET = 20;
    static final int BYTES = 28;

    private NotifyFlyweight() {
    }

    static ByteBuf frame(ByteBufAllocator alloc, int type, long arg0, long arg1, long arg2) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.NOTIFY, BYTES);
        int body = frame.writerIndex();
        frame.setInt(body + TYPE_OFFSET, type).setLong(body + ARG0_OFFSET, arg0).setLong(body + ARG1_OFFSET, arg1)
            .setLong(body + ARG2_OFFSET, arg2);
        return frame.writerIndex(body + BYTES);
    }

    static int type(ByteBuf body) {
        return body.getInt(body.readerIndex() + TYPE_OFFSET);
    }

    static long arg0(ByteBuf body) {
        return body.getLong(body.readerIndex() + ARG0_OFFSET);
    }

    static long arg1(ByteBuf body) {
        return body.getLong(body.readerIndex() + ARG1_OFFSET);
    }

    static long arg2(ByteBuf body) {
        return body.getLong(body.readerIndex() + ARG2_OFFSET);
    }
}

package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The body of a one-sided request (PUT, GET, FETCH_ADD, CAS): the origin's request id, the window
 * and the capability that opens it, the offset in it; then what the kind needs. A Put or Get part
 * carries the whole operation's {@code length} and the {@code part}'s offset in it, which the
 * target checks for every part.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                       request (32 bits)                       |   0
 *  +---------------------------------------------------------------+
 *  |                       window (32 bits)                        |   4
 *  +---------------------------------------------------------------+
 *  |                       capability (64 bits)                    |   8
 *  +---------------------------------------------------------------+
 *  |                       offset (64 bits)                        |  16
 *  +===============================================================+
 *  PUT, GET:
 *  +---------------------------------------------------------------+
 *  |                 length of the operation (32 bits)             |  24
 *  +---------------------------------------------------------------+
 *  |                 part: its offset in the operation (32 bits)   |  28
 *  +---------------------------------------------------------------+
 *  |  PUT: the part's data ...      |  GET: part length (32 bits)  |  32
 *  +---------------------------------------------------------------+
 *  FETCH_ADD, CAS:
 *  +---------------------------------------------------------------+
 *  |           operand: delta / expected (64 bits)                 |  24
 *  +---------------------------------------------------------------+
 *  |           CAS only: value (64 bits)                           |  32
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Stateless, as {@link MessageFlyweight} says why.
 */
final class WindowRequestFlyweight {
    static final int REQUEST_OFFSET = 0;
    static final int WINDOW_OFFSET = 4;
    static final int CAPABILITY_OFFSET = 8;
    static final int OFFSET_OFFSET = 16;
    static final int LENGTH_OFFSET = 24;
    static final int PART_OFFSET = 28;
    static final int PUT_DATA_OFFSET = 32;
    static final int GET_PART_LENGTH_OFFSET = 32;
    static final int OPERAND_OFFSET = 24;
    static final int CAS_VALUE_OFFSET = 32;

    /** A PUT's fields, before its data. */
    static final int PUT_FIELDS_BYTES = PUT_DATA_OFFSET;
    static final int GET_BYTES = GET_PART_LENGTH_OFFSET + 4;
    static final int FETCH_ADD_BYTES = OPERAND_OFFSET + 8;
    static final int CAS_BYTES = CAS_VALUE_OFFSET + 8;

    private WindowRequestFlyweight() {
    }

    private static int address(ByteBuf frame, int request, int window, long capability, long offset) {
        int body = frame.writerIndex();
        frame.setInt(body + REQUEST_OFFSET, request).setInt(body + WINDOW_OFFSET, window)
            .setLong(body + CAPABILITY_OFFSET, capability).setLong(body + OFFSET_OFFSET, offset);
        return body;
    }

    /**
     * A PUT part's frame with its fields written, the writer index after them: {@code room} of its
     * {@code partLength} bytes of data are to be appended (0 when the data is written from memory).
     */
    static ByteBuf putFields(ByteBufAllocator alloc, int request, int window, long capability, long offset, int length,
                             int part, int partLength, int room) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.PUT, PUT_FIELDS_BYTES + partLength, PUT_FIELDS_BYTES + room);
        int body = address(frame, request, window, capability, offset);
        frame.setInt(body + LENGTH_OFFSET, length).setInt(body + PART_OFFSET, part);
        return frame.writerIndex(body + PUT_DATA_OFFSET);
    }

    static ByteBuf get(ByteBufAllocator alloc, int request, int window, long capability, long offset, int length,
                       int part, int partLength) {
        ByteBuf frame = Frames.start(alloc, TcpFrame.GET, GET_BYTES);
        int body = address(frame, request, window, capability, offset);
        frame.setInt(body + LENGTH_OFFSET, length).setInt(body + PART_OFFSET, part)
            .setInt(body + GET_PART_LENGTH_OFFSET, partLength);
        return frame.writerIndex(body + GET_BYTES);
    }

    /** A FETCH_ADD ({@code operand} the delta) or a CAS ({@code operand} the expected value). */
    static ByteBuf atomic(ByteBufAllocator alloc, byte type, int request, int window, long capability, long offset,
                          long operand, long value) {
        boolean cas = type == TcpFrame.CAS;
        int bytes = cas ? CAS_BYTES : FETCH_ADD_BYTES;
        ByteBuf frame = Frames.start(alloc, type, bytes);
        int body = address(frame, request, window, capability, offset);
        frame.setLong(body + OPERAND_OFFSET, operand);
        if (cas) {
            frame.setLong(body + CAS_VALUE_OFFSET, value);
        }
        return frame.writerIndex(body + bytes);
    }

    static int request(ByteBuf body) {
        return body.getInt(body.readerIndex() + REQUEST_OFFSET);
    }

    static int window(ByteBuf body) {
        return body.getInt(body.readerIndex() + WINDOW_OFFSET);
    }

    static long capability(ByteBuf body) {
        return body.getLong(body.readerIndex() + CAPABILITY_OFFSET);
    }

    static long offset(ByteBuf body) {
        return body.getLong(body.readerIndex() + OFFSET_OFFSET);
    }

    /** PUT, GET: the whole operation's length. */
    static int length(ByteBuf body) {
        return body.getInt(body.readerIndex() + LENGTH_OFFSET);
    }

    /** PUT, GET: where this part begins in the operation. */
    static int part(ByteBuf body) {
        return body.getInt(body.readerIndex() + PART_OFFSET);
    }

    /** GET: how many bytes this part asks for. */
    static int getPartLength(ByteBuf body) {
        return body.getInt(body.readerIndex() + GET_PART_LENGTH_OFFSET);
    }

    /** PUT: the index of this part's data in {@code body}. */
    static int putData(ByteBuf body) {
        return body.readerIndex() + PUT_DATA_OFFSET;
    }

    /** PUT: the bytes of data in a whole (not streamed) body. */
    static int putDataLength(ByteBuf body) {
        return body.readableBytes() - PUT_DATA_OFFSET;
    }

    /** FETCH_ADD: the delta; CAS: the expected value. */
    static long operand(ByteBuf body) {
        return body.getLong(body.readerIndex() + OPERAND_OFFSET);
    }

    /** CAS: the value swapped in. */
    static long casValue(ByteBuf body) {
        return body.getLong(body.readerIndex() + CAS_VALUE_OFFSET);
    }
}

package org.atollmpi.nic.tcp;

import static org.atollmpi.nic.tcp.TcpFrame.HEADER_BYTES;
import static org.atollmpi.nic.tcp.TcpFrame.LENGTH_OFFSET;
import static org.atollmpi.nic.tcp.TcpFrame.MAGIC;
import static org.atollmpi.nic.tcp.TcpFrame.MAGIC_OFFSET;
import static org.atollmpi.nic.tcp.TcpFrame.RESERVED_OFFSET;
import static org.atollmpi.nic.tcp.TcpFrame.TYPE_OFFSET;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import org.atollmpi.nic.Memory;

/**
 * Writes frames ({@link TcpFrame}) into buffers, and moves payloads between buffers and memory
 * addressed the {@link Memory} way without an intermediate array.
 */
final class Frames {
    private Frames() {
    }

    /** A buffer holding the header of a frame of {@code type} with a body of {@code bodyBytes}, ready for the body. */
    static ByteBuf start(ByteBufAllocator alloc, byte type, int bodyBytes) {
        return start(alloc, type, bodyBytes, bodyBytes);
    }

    /** As {@link #start(ByteBufAllocator, byte, int)}, with room for only {@code room} bytes of the body. */
    static ByteBuf start(ByteBufAllocator alloc, byte type, int bodyBytes, int room) {
        ByteBuf buf = alloc.directBuffer(HEADER_BYTES + room);
        int at = buf.writerIndex();
        buf.setShort(at + MAGIC_OFFSET, MAGIC).setByte(at + TYPE_OFFSET, type).setByte(at + RESERVED_OFFSET, 0)
            .setInt(at + LENGTH_OFFSET, bodyBytes);
        return buf.writerIndex(at + HEADER_BYTES);
    }

    /** The body of a whole frame held in {@code frame} (a slice: the frame keeps its reference). */
    static ByteBuf body(ByteBuf frame) {
        return frame.slice(frame.readerIndex() + HEADER_BYTES, frame.readableBytes() - HEADER_BYTES);
    }

    /** The type of the frame in {@code frame}. */
    static byte type(ByteBuf frame) {
        return frame.getByte(frame.readerIndex() + TYPE_OFFSET);
    }

    /** Appends {@code length} bytes read from {@code (base, offset)}. */
    static void writeFrom(ByteBuf buf, Object base, long offset, int length) {
        buf.ensureWritable(length);
        int at = buf.writerIndex();
        if (buf.hasMemoryAddress()) {
            Memory.copy(base, offset, null, buf.memoryAddress() + at, length);
        } else if (buf.hasArray()) {
            Memory.copy(base, offset, buf.array(), Memory.BYTE_ARRAY_BASE + buf.arrayOffset() + at, length);
        } else {
            for (int i = 0; i < length; i++) {
                buf.setByte(at + i, Memory.getByte(base, offset + i));
            }
        }
        buf.writerIndex(at + length);
    }

    /** Copies {@code length} bytes from {@code buf} at {@code index} to {@code (base, offset)}. */
    static void readInto(ByteBuf buf, int index, Object base, long offset, int length) {
        if (buf.hasMemoryAddress()) {
            Memory.copy(null, buf.memoryAddress() + index, base, offset, length);
        } else if (buf.hasArray()) {
            Memory.copy(buf.array(), Memory.BYTE_ARRAY_BASE + buf.arrayOffset() + index, base, offset, length);
        } else {
            for (int i = 0; i < length; i++) {
                Memory.putByte(base, offset + i, buf.getByte(index + i));
            }
        }
    }
}

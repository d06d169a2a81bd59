package org.atollmpi.nic.tcp;

import static org.atollmpi.nic.tcp.TcpFrame.COMPLETION;
import static org.atollmpi.nic.tcp.TcpFrame.COMPLETION_BYTES;
import static org.atollmpi.nic.tcp.TcpFrame.GET_REPLY;
import static org.atollmpi.nic.tcp.TcpFrame.GET_REPLY_HEADER_BYTES;
import static org.atollmpi.nic.tcp.TcpFrame.PUT_HEADER_BYTES;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowRights;

/**
 * The NIC's responder: runs a peer's PUT, GET, FETCH_ADD and CAS on this port's windows, on the
 * thread that received the request (an event loop), without the owning rank's help, and builds
 * the reply. Every access is checked by {@link PortMemory#resolve} first, over the whole
 * operation even for one part of it, and a failed check touches no memory.
 */
final class WindowResponder {
    private final PortMemory windows;
    private final int partBytes;

    WindowResponder(PortMemory windows, int partBytes) {
        this.windows = windows;
        this.partBytes = partBytes;
    }

    /** @return the reply frame */
    ByteBuf put(ByteBuf body) {
        int data = body.readableBytes() - PUT_HEADER_BYTES;
        long address = putAddress(body, data);
        if (address >= 0) {
            Frames.readInto(body, body.readerIndex() + PUT_HEADER_BYTES, null, address, data);
        }
        return completion(body.getInt(0), address < 0 ? (int) -address : NicStatus.OK, 0);
    }

    /**
     * Checks a PUT part of {@code data} bytes by its fixed fields. @return where its data goes (the
     * whole operation checked), or the negated NACK status of the check
     */
    long putAddress(ByteBuf fields, int data) {
        int length = fields.getInt(24);
        int part = fields.getInt(28);
        checkPart(length, part, data);
        long address = windows.resolve(fields.getInt(4), fields.getLong(8), fields.getLong(16), length, WindowRights.WRITE,
            false);
        return address < 0 ? address : address + part;
    }

    /**
     * Checks a GET part. @return the address of the part's data (the whole operation checked), or
     *         the negated NACK status of the check
     */
    long get(ByteBuf body) {
        int length = body.getInt(24);
        int part = body.getInt(28);
        int partLength = body.getInt(32);
        checkPart(length, part, partLength);
        long address = windows.resolve(body.getInt(4), body.getLong(8), body.getLong(16), length, WindowRights.READ,
            false);
        return address < 0 ? address : address + part;
    }

    /** A GET_REPLY with the part's data copied in. */
    static ByteBuf getReply(int request, int part, long address, int partLength) {
        ByteBuf reply = getReplyFields(request, part, partLength, partLength);
        Frames.writeFrom(reply, null, address, partLength);
        return reply;
    }

    /** A GET_REPLY's header and fields, with room for {@code room} bytes of its {@code partLength} of data. */
    static ByteBuf getReplyFields(int request, int part, int partLength, int room) {
        ByteBuf reply = Frames.start(ByteBufAllocator.DEFAULT, GET_REPLY, GET_REPLY_HEADER_BYTES + partLength,
            GET_REPLY_HEADER_BYTES + room);
        return reply.writeInt(request).writeInt(part);
    }

    ByteBuf fetchAndAdd(ByteBuf body) {
        int request = body.getInt(0);
        long address = windows.resolve(body.getInt(4), body.getLong(8), body.getLong(16), Long.BYTES,
            WindowRights.ATOMIC, true);
        if (address < 0) {
            return completion(request, (int) -address, 0);
        }
        return completion(request, NicStatus.OK, Memory.getAndAddLong(address, body.getLong(24)));
    }

    ByteBuf compareAndSwap(ByteBuf body) {
        int request = body.getInt(0);
        long address = windows.resolve(body.getInt(4), body.getLong(8), body.getLong(16), Long.BYTES,
            WindowRights.ATOMIC, true);
        if (address < 0) {
            return completion(request, (int) -address, 0);
        }
        return completion(request, NicStatus.OK, Memory.compareAndExchangeLong(address, body.getLong(24), body.getLong(32)));
    }

    /** A part must lie inside its operation and be no longer than a part may be. */
    private void checkPart(int length, int part, int partLength) {
        if (length < 0 || part < 0 || partLength < 0 || partLength > partBytes || (long) part + partLength > length) {
            throw new ProtocolViolation("a part of " + partLength + " bytes at " + part + " of an operation of "
                + length + " bytes");
        }
    }

    static ByteBuf completion(int request, int status, long value) {
        ByteBuf reply = Frames.start(ByteBufAllocator.DEFAULT, COMPLETION, COMPLETION_BYTES);
        reply.writeInt(request).writeInt(status).writeLong(value);
        return reply;
    }
}

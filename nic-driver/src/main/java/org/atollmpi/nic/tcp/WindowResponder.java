package org.atollmpi.nic.tcp;

import static org.atollmpi.nic.tcp.WindowRequestFlyweight.capability;
import static org.atollmpi.nic.tcp.WindowRequestFlyweight.length;
import static org.atollmpi.nic.tcp.WindowRequestFlyweight.offset;
import static org.atollmpi.nic.tcp.WindowRequestFlyweight.operand;
import static org.atollmpi.nic.tcp.WindowRequestFlyweight.part;
import static org.atollmpi.nic.tcp.WindowRequestFlyweight.request;
import static org.atollmpi.nic.tcp.WindowRequestFlyweight.window;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowRights;

/**
 * The NIC's responder: runs a peer's PUT, GET, FETCH_ADD and CAS on this port's windows, on the
 * thread that received the request (an event loop), without the owning rank's help, and builds
 * the reply. Every access is checked by {@link PortMemory#resolve} first, over the whole
 * operation even for one part of it, and a failed check touches no memory. Request bodies are read
 * through {@link WindowRequestFlyweight}, replies written through {@link CompletionFlyweight} and
 * {@link GetReplyFlyweight}.
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
        int data = WindowRequestFlyweight.putDataLength(body);
        long address = putAddress(body, data);
        if (address >= 0) {
            Frames.readInto(body, WindowRequestFlyweight.putData(body), null, address, data);
        }
        return completion(request(body), address < 0 ? (int) -address : NicStatus.OK, 0);
    }

    /**
     * Checks a PUT part of {@code data} bytes by its fixed fields. @return where its data goes (the
     * whole operation checked), or the negated NACK status of the check
     */
    long putAddress(ByteBuf fields, int data) {
        int length = length(fields);
        int part = part(fields);
        checkPart(length, part, data);
        long address = windows.resolve(window(fields), capability(fields), offset(fields), length, WindowRights.WRITE,
            false);
        return address < 0 ? address : address + part;
    }

    /**
     * Checks a GET part. @return the address of the part's data (the whole operation checked), or
     *         the negated NACK status of the check
     */
    long get(ByteBuf body) {
        int length = length(body);
        int part = part(body);
        checkPart(length, part, WindowRequestFlyweight.getPartLength(body));
        long address = windows.resolve(window(body), capability(body), offset(body), length, WindowRights.READ, false);
        return address < 0 ? address : address + part;
    }

    /** A GET_REPLY with the part's data copied in. */
    static ByteBuf getReply(int request, int part, long address, int partLength) {
        return GetReplyFlyweight.frame(ByteBufAllocator.DEFAULT, request, part, null, address, partLength);
    }

    /** A GET_REPLY's header and fields, with room for {@code room} bytes of its {@code partLength} of data. */
    static ByteBuf getReplyFields(int request, int part, int partLength, int room) {
        return GetReplyFlyweight.fields(ByteBufAllocator.DEFAULT, request, part, partLength, room);
    }

    ByteBuf fetchAndAdd(ByteBuf body) {
        int request = request(body);
        long address = windows.resolve(window(body), capability(body), offset(body), Long.BYTES, WindowRights.ATOMIC, true);
        if (address < 0) {
            return completion(request, (int) -address, 0);
        }
        return completion(request, NicStatus.OK, Memory.getAndAddLong(address, operand(body)));
    }

    ByteBuf compareAndSwap(ByteBuf body) {
        int request = request(body);
        long address = windows.resolve(window(body), capability(body), offset(body), Long.BYTES, WindowRights.ATOMIC, true);
        if (address < 0) {
            return completion(request, (int) -address, 0);
        }
        return completion(request, NicStatus.OK,
            Memory.compareAndExchangeLong(address, operand(body), WindowRequestFlyweight.casValue(body)));
    }

    /** A part must lie inside its operation and be no longer than a part may be. */
    private void checkPart(int length, int part, int partLength) {
        if (length < 0 || part < 0 || partLength < 0 || partLength > partBytes || (long) part + partLength > length) {
            throw new ProtocolViolation("a part of " + partLength + " bytes at " + part + " of an operation of "
                + length + " bytes");
        }
    }

    static ByteBuf completion(int request, int status, long value) {
        return CompletionFlyweight.frame(ByteBufAllocator.DEFAULT, request, status, value);
    }
}

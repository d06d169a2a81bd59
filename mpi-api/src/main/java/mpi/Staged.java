package mpi;

import java.lang.ref.Reference;

import org.atollmpi.engine.Addresses;

/**
 * The packed temporary of a non-contiguous datatype on a nonblocking or persistent operation:
 * a send packs the program's items into {@link #data} when it starts; a receive lands in
 * {@link #data} and is unpacked into the program's buffer when the request completes (in wait,
 * test or get-status, once), however short the message ({@code unpackBytes}).
 *
 * <p>For the collectives: {@code off = Buffers.offset(comm, call, buf, offset, count, type, write)}
 * checks the buffer, then {@code new Staged(type, buf, off, count)} gives the engine
 * {@code (data, Addresses.BYTE_ARRAY_BASE, data.length)}; call {@link #pack} before a send
 * and {@link #unpack} after a receive completes.
 */
final class Staged {
    private final Datatype type;
    /** The program's buffer, kept reachable (a direct buffer's memory) until the unpack. */
    private final Object buffer;
    private final Object base;
    private final long itemStart;
    private final int count;
    /** The packed bytes: {@code count * type.size}. */
    final byte[] data;
    private boolean unpacked;

    /** {@code itemStart} is what {@link Buffers#offset} returned for a non-contiguous type. */
    Staged(Datatype type, Object buffer, long itemStart, int count) {
        this.type = type;
        this.buffer = buffer;
        this.base = Buffers.base(buffer);
        this.itemStart = itemStart;
        this.count = count;
        this.data = new byte[count * type.size];
    }

    /** Packs the program's items into {@link #data} (a send starting); returns it. */
    byte[] pack() {
        type.layout.plan().pack(base, itemStart, count, data, Addresses.BYTE_ARRAY_BASE);
        Reference.reachabilityFence(buffer);
        return data;
    }

    /** Makes the next {@link #unpack} happen (a persistent receive starting again). */
    void reset() {
        unpacked = false;
    }

    /** Unpacks the first {@code bytes} received bytes into the program's buffer; once per operation. */
    void unpack(int bytes) {
        if (unpacked) {
            return;
        }
        unpacked = true;
        type.unpackFromArray(data, bytes, base, itemStart);
        Reference.reachabilityFence(buffer);
    }
}

package org.atollmpi.rma;

import org.atollmpi.engine.Addresses;

/**
 * The request an origin sends to the engine of a target whose window memory is not board memory
 * ({@link WindowServer}), on the window's own context with tag {@link #TAG}: a 32-byte header,
 * then, for a put, the data.
 *
 * <pre>
 *  0   kind     PUT (1) or GET (2)
 *  8   offset   byte offset in the target's window memory
 *  16  length   bytes to put or get
 *  24  reply    tag of the origin's receive for the answer (a put's 8-byte status, a get's data)
 *  32  data     (put only) length bytes
 * </pre>
 */
final class ServedRequestDescriptor {
    static final int TAG = 3;
    static final long PUT = 1;
    static final long GET = 2;
    static final int HEADER = 32;
    /** Largest put payload one request carries; larger puts are several requests. */
    static final int MAX_PUT = 64 * 1024;
    /** The status a put's answer carries: done, or refused (outside the window: nothing written). */
    static final long DONE = 0;
    static final long REFUSED = 1;

    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private ServedRequestDescriptor() {
    }

    static byte[] put(long offset, Object base, long from, int length, int reply) {
        byte[] r = new byte[HEADER + length];
        header(r, PUT, offset, length, reply);
        Addresses.copy(base, from, r, B + HEADER, length);
        return r;
    }

    static byte[] get(long offset, int length, int reply) {
        byte[] r = new byte[HEADER];
        header(r, GET, offset, length, reply);
        return r;
    }

    private static void header(byte[] r, long kind, long offset, int length, int reply) {
        Addresses.putLong(r, B, kind);
        Addresses.putLong(r, B + 8, offset);
        Addresses.putLong(r, B + 16, length);
        Addresses.putLong(r, B + 24, reply);
    }

    static long kind(byte[] r) {
        return Addresses.getLong(r, B);
    }

    static long offset(byte[] r) {
        return Addresses.getLong(r, B + 8);
    }

    static long length(byte[] r) {
        return Addresses.getLong(r, B + 16);
    }

    static int reply(byte[] r) {
        return (int) Addresses.getLong(r, B + 24);
    }
}

package org.atollmpi.engine;

import java.nio.Buffer;

import org.atollmpi.nic.Memory;

/**
 * How the layers above address data for the engine: {@code (base, offset)}, a primitive array
 * and a byte offset from its base, or {@code null} and a native address (a direct buffer). These
 * are the NIC's own rules ({@link Memory}), named here so that the API and the collectives need
 * nothing from the layer below the engine.
 */
public final class Addresses {
    public static final long BYTE_ARRAY_BASE = Memory.BYTE_ARRAY_BASE;
    public static final long BOOLEAN_ARRAY_BASE = Memory.BOOLEAN_ARRAY_BASE;
    public static final long CHAR_ARRAY_BASE = Memory.CHAR_ARRAY_BASE;
    public static final long SHORT_ARRAY_BASE = Memory.SHORT_ARRAY_BASE;
    public static final long INT_ARRAY_BASE = Memory.INT_ARRAY_BASE;
    public static final long LONG_ARRAY_BASE = Memory.LONG_ARRAY_BASE;
    public static final long FLOAT_ARRAY_BASE = Memory.FLOAT_ARRAY_BASE;
    public static final long DOUBLE_ARRAY_BASE = Memory.DOUBLE_ARRAY_BASE;

    private Addresses() {
    }

    /** The native address of a direct buffer's element 0. */
    public static long addressOf(Buffer directBuffer) {
        return Memory.addressOf(directBuffer);
    }

    /** Copies {@code bytes} bytes between any two addresses of this kind. */
    public static void copy(Object srcBase, long srcOffset, Object dstBase, long dstOffset, long bytes) {
        Memory.copy(srcBase, srcOffset, dstBase, dstOffset, bytes);
    }
}

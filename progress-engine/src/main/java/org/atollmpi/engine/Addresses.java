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

    /**
     * Loads the 8-byte word at {@code offset} of {@code base} (null: a native address) with
     * acquire semantics: what its writer stored before its {@link #putLongRelease} is visible
     * after this load, in this process or another that maps the same memory (flag lines in board
     * memory).
     */
    public static long getLongAcquire(Object base, long offset) {
        return Memory.getLongAcquire(base, offset);
    }

    /** Stores the 8-byte word at {@code offset} of {@code base} after every earlier load and store (release). */
    public static void putLongRelease(Object base, long offset, long value) {
        Memory.putLongRelease(base, offset, value);
    }

    /*
     * Plain (unordered) element accessors, for code that computes on data in place, such as the
     * reduction kernels of the collectives. Native byte order; unaligned addresses are allowed
     * where the platform allows them (x86-64, AArch64).
     */

    public static byte getByte(Object base, long offset) {
        return Memory.getByte(base, offset);
    }

    public static void putByte(Object base, long offset, byte value) {
        Memory.putByte(base, offset, value);
    }

    public static short getShort(Object base, long offset) {
        return Memory.getShort(base, offset);
    }

    public static void putShort(Object base, long offset, short value) {
        Memory.putShort(base, offset, value);
    }

    public static char getChar(Object base, long offset) {
        return Memory.getChar(base, offset);
    }

    public static void putChar(Object base, long offset, char value) {
        Memory.putChar(base, offset, value);
    }

    public static int getInt(Object base, long offset) {
        return Memory.getInt(base, offset);
    }

    public static void putInt(Object base, long offset, int value) {
        Memory.putInt(base, offset, value);
    }

    public static long getLong(Object base, long offset) {
        return Memory.getLong(base, offset);
    }

    public static void putLong(Object base, long offset, long value) {
        Memory.putLong(base, offset, value);
    }

    public static float getFloat(Object base, long offset) {
        return Memory.getFloat(base, offset);
    }

    public static void putFloat(Object base, long offset, float value) {
        Memory.putFloat(base, offset, value);
    }

    public static double getDouble(Object base, long offset) {
        return Memory.getDouble(base, offset);
    }

    public static void putDouble(Object base, long offset, double value) {
        Memory.putDouble(base, offset, value);
    }
}

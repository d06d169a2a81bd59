package org.atollmpi.nic;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * Raw memory access for board memory, Java arrays and direct buffers, addressed the way
 * {@code sun.misc.Unsafe} addresses them: a {@code base} object (a primitive array, or
 * {@code null} for native memory) and a byte {@code offset} (from the array's base, or an
 * absolute address).
 *
 * <p>Why not Agrona's {@code UnsafeBuffer}: Agrona 2.x reaches {@code jdk.internal.misc.Unsafe}
 * and so needs {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED} on every JVM, which
 * would break a program started with plain {@code java} (a singleton MPI world). The exported
 * {@code sun.misc.Unsafe} needs no flag on JDK 17 to 23; on 24 and later {@code mpirun} adds
 * {@code --sun-misc-unsafe-memory-access=allow}.
 *
 * <p>Memory ordering is spelled in the method names: a {@code *Release} store pairs with a
 * {@code *Acquire} (or {@code *Volatile}) load on the other side, in this process or another one
 * that maps the same board.
 */
public final class Memory {
    private static final sun.misc.Unsafe UNSAFE;
    private static final long BUFFER_ADDRESS_OFFSET;

    public static final long BYTE_ARRAY_BASE;
    public static final long BOOLEAN_ARRAY_BASE;
    public static final long CHAR_ARRAY_BASE;
    public static final long SHORT_ARRAY_BASE;
    public static final long INT_ARRAY_BASE;
    public static final long LONG_ARRAY_BASE;
    public static final long FLOAT_ARRAY_BASE;
    public static final long DOUBLE_ARRAY_BASE;

    static {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) f.get(null);
            BUFFER_ADDRESS_OFFSET = UNSAFE.objectFieldOffset(Buffer.class.getDeclaredField("address"));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
        BYTE_ARRAY_BASE = UNSAFE.arrayBaseOffset(byte[].class);
        BOOLEAN_ARRAY_BASE = UNSAFE.arrayBaseOffset(boolean[].class);
        CHAR_ARRAY_BASE = UNSAFE.arrayBaseOffset(char[].class);
        SHORT_ARRAY_BASE = UNSAFE.arrayBaseOffset(short[].class);
        INT_ARRAY_BASE = UNSAFE.arrayBaseOffset(int[].class);
        LONG_ARRAY_BASE = UNSAFE.arrayBaseOffset(long[].class);
        FLOAT_ARRAY_BASE = UNSAFE.arrayBaseOffset(float[].class);
        DOUBLE_ARRAY_BASE = UNSAFE.arrayBaseOffset(double[].class);
    }

    private Memory() {
    }

    /** Where a primitive array's first element lies from its base (an offset in {@code (array, offset)} addressing). */
    public static long arrayBaseOffset(Object array) {
        return UNSAFE.arrayBaseOffset(array.getClass());
    }

    /** The native address of a direct buffer's first element (its position is not applied). */
    public static long addressOf(Buffer directBuffer) {
        return UNSAFE.getLong(directBuffer, BUFFER_ADDRESS_OFFSET);
    }

    /** Copies {@code bytes} bytes; either side may be an array or native memory. */
    public static void copy(Object srcBase, long srcOffset, Object dstBase, long dstOffset, long bytes) {
        if (bytes <= SMALL && (srcBase != dstBase || dstOffset <= srcOffset || dstOffset >= srcOffset + bytes)) {
            copySmall(srcBase, srcOffset, dstBase, dstOffset, (int) bytes);
        } else {
            UNSAFE.copyMemory(srcBase, srcOffset, dstBase, dstOffset, bytes);
        }
    }

    /**
     * Copies and zeroings up to this many bytes go eight at a time through plain loads and stores
     * instead of {@code Unsafe.copyMemory}/{@code setMemory}: C1, which compiles the library
     * ({@code RankCompilerHints}), calls those as native methods, and a fast send's or a small
     * record's few bytes cost less than the call's thread-state transitions. A forward loop, so
     * only for copies whose target does not start inside their source.
     */
    static final long SMALL = 128;

    private static void copySmall(Object srcBase, long srcOffset, Object dstBase, long dstOffset, int bytes) {
        int i = 0;
        for (; i + 8 <= bytes; i += 8) {
            UNSAFE.putLong(dstBase, dstOffset + i, UNSAFE.getLong(srcBase, srcOffset + i));
        }
        for (; i < bytes; i++) {
            UNSAFE.putByte(dstBase, dstOffset + i, UNSAFE.getByte(srcBase, srcOffset + i));
        }
    }

    /**
     * Reserves {@code bytes} of native memory, not zeroed (the C library maps large requests
     * lazily, so untouched pages cost nothing); give it back with {@link #free}.
     */
    public static long allocate(long bytes) {
        return UNSAFE.allocateMemory(bytes);
    }

    public static void free(long address) {
        UNSAFE.freeMemory(address);
    }

    public static void setMemory(long address, long bytes, byte value) {
        if (bytes <= SMALL && value == 0) {
            int i = 0;
            for (; i + 8 <= bytes; i += 8) {
                UNSAFE.putLong(address + i, 0L);
            }
            for (; i < bytes; i++) {
                UNSAFE.putByte(address + i, (byte) 0);
            }
        } else {
            UNSAFE.setMemory(address, bytes, value);
        }
    }

    public static long getLong(long address) {
        return UNSAFE.getLong(address);
    }

    public static void putLong(long address, long value) {
        UNSAFE.putLong(address, value);
    }

    public static int getInt(long address) {
        return UNSAFE.getInt(address);
    }

    public static void putInt(long address, int value) {
        UNSAFE.putInt(address, value);
    }

    public static long getLongAcquire(long address) {
        return UNSAFE.getLongVolatile(null, address);
    }

    /** As {@link #getLongAcquire(long)} at {@code offset} of {@code base} (an array, or null: an address). */
    public static long getLongAcquire(Object base, long offset) {
        return UNSAFE.getLongVolatile(base, offset);
    }

    /** As {@link #putLongRelease(long, long)} at {@code offset} of {@code base} (an array, or null: an address). */
    public static void putLongRelease(Object base, long offset, long value) {
        UNSAFE.putOrderedLong(base, offset, value);
    }

    public static long getLongVolatile(long address) {
        return UNSAFE.getLongVolatile(null, address);
    }

    public static void putLongRelease(long address, long value) {
        UNSAFE.putOrderedLong(null, address, value);
    }

    public static void putLongVolatile(long address, long value) {
        UNSAFE.putLongVolatile(null, address, value);
    }

    public static int getIntAcquire(long address) {
        return UNSAFE.getIntVolatile(null, address);
    }

    public static void putIntRelease(long address, int value) {
        UNSAFE.putOrderedInt(null, address, value);
    }

    /** As {@link #getIntAcquire(long)} at {@code offset} of {@code base} (an array, or null: an address). */
    public static int getIntAcquire(Object base, long offset) {
        return UNSAFE.getIntVolatile(base, offset);
    }

    /** As {@link #putIntRelease(long, int)} at {@code offset} of {@code base} (an array, or null: an address). */
    public static void putIntRelease(Object base, long offset, int value) {
        UNSAFE.putOrderedInt(base, offset, value);
    }

    public static boolean compareAndSetLong(long address, long expected, long value) {
        return UNSAFE.compareAndSwapLong(null, address, expected, value);
    }

    public static boolean compareAndSetInt(long address, int expected, int value) {
        return UNSAFE.compareAndSwapInt(null, address, expected, value);
    }

    public static long getAndAddLong(long address, long delta) {
        return UNSAFE.getAndAddLong(null, address, delta);
    }

    /**
     * Atomically sets the word to {@code value} if it holds {@code expected} and returns what it
     * held: {@code expected} when the swap happened. {@code sun.misc.Unsafe} has no
     * compare-and-exchange, so a failed CAS is retried until either the swap succeeds or a
     * volatile read sees another value; either way the returned value was the word's content at
     * one instant, which is what a remote compare-and-swap must report.
     */
    public static long compareAndExchangeLong(long address, long expected, long value) {
        while (true) {
            long found = UNSAFE.getLongVolatile(null, address);
            if (found != expected) {
                return found;
            }
            if (UNSAFE.compareAndSwapLong(null, address, expected, value)) {
                return expected;
            }
        }
    }

    public static byte getByte(Object base, long offset) {
        return UNSAFE.getByte(base, offset);
    }

    public static void putByte(Object base, long offset, byte value) {
        UNSAFE.putByte(base, offset, value);
    }

    /** Orders loads before the fence against loads after it (the reader's half of a seqlock). */
    public static void loadFence() {
        UNSAFE.loadFence();
    }

    /** Orders stores before the fence against stores after it (the writer's half of a seqlock). */
    public static void storeFence() {
        UNSAFE.storeFence();
    }

    /** Array accessors for the engine's own staging arrays (base = array, offset from its base). */
    public static long getLong(Object base, long offset) {
        return UNSAFE.getLong(base, offset);
    }

    public static void putLong(Object base, long offset, long value) {
        UNSAFE.putLong(base, offset, value);
    }

    public static int getInt(Object base, long offset) {
        return UNSAFE.getInt(base, offset);
    }

    public static void putInt(Object base, long offset, int value) {
        UNSAFE.putInt(base, offset, value);
    }

    public static short getShort(Object base, long offset) {
        return UNSAFE.getShort(base, offset);
    }

    public static void putShort(Object base, long offset, short value) {
        UNSAFE.putShort(base, offset, value);
    }

    public static char getChar(Object base, long offset) {
        return UNSAFE.getChar(base, offset);
    }

    public static void putChar(Object base, long offset, char value) {
        UNSAFE.putChar(base, offset, value);
    }

    public static float getFloat(Object base, long offset) {
        return UNSAFE.getFloat(base, offset);
    }

    public static void putFloat(Object base, long offset, float value) {
        UNSAFE.putFloat(base, offset, value);
    }

    public static double getDouble(Object base, long offset) {
        return UNSAFE.getDouble(base, offset);
    }

    public static void putDouble(Object base, long offset, double value) {
        UNSAFE.putDouble(base, offset, value);
    }

    /**
     * A direct {@link ByteBuffer} over native memory the caller keeps alive (board memory). The
     * buffer has no attachment, so every slice, duplicate and typed view of it holds it: a cleaner
     * registered on it runs only once no view is left.
     */
    public static ByteBuffer wrap(long address, int capacity) {
        return NativeBuffers.wrap(address, capacity);
    }

    public static void fullFence() {
        UNSAFE.fullFence();
    }
}

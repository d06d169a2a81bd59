package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.zip.CRC32;

import mpi.Datatype;
import mpi.MPI;

/**
 * The eight Java primitive types with their MPI datatype, arrays and direct buffers of them, and
 * a deterministic pattern to fill and verify: element {@code i} of pattern {@code seed} has a value
 * derived from both, so a shifted, truncated or stale message never passes.
 */
public enum Kind {
    BYTE(1), CHAR(2), SHORT(2), BOOLEAN(1), INT(4), LONG(8), FLOAT(4), DOUBLE(8);

    /** Bytes per element. */
    public final int bytes;

    Kind(int bytes) {
        this.bytes = bytes;
    }

    public Datatype type() {
        return switch (this) {
            case BYTE -> MPI.BYTE;
            case CHAR -> MPI.CHAR;
            case SHORT -> MPI.SHORT;
            case BOOLEAN -> MPI.BOOLEAN;
            case INT -> MPI.INT;
            case LONG -> MPI.LONG;
            case FLOAT -> MPI.FLOAT;
            case DOUBLE -> MPI.DOUBLE;
        };
    }

    /** Has a {@code MPI.new*Buffer} (every type but boolean). */
    public boolean hasBuffer() {
        return this != BOOLEAN;
    }

    public Object array(int n) {
        return switch (this) {
            case BYTE -> new byte[n];
            case CHAR -> new char[n];
            case SHORT -> new short[n];
            case BOOLEAN -> new boolean[n];
            case INT -> new int[n];
            case LONG -> new long[n];
            case FLOAT -> new float[n];
            case DOUBLE -> new double[n];
        };
    }

    /** A direct buffer from board memory: {@code MPI.newByteBuffer} ... {@code newDoubleBuffer}. */
    public Buffer buffer(int n) {
        Buffer b = switch (this) {
            case BYTE -> MPI.newByteBuffer(n);
            case CHAR -> MPI.newCharBuffer(n);
            case SHORT -> MPI.newShortBuffer(n);
            case INT -> MPI.newIntBuffer(n);
            case LONG -> MPI.newLongBuffer(n);
            case FLOAT -> MPI.newFloatBuffer(n);
            case DOUBLE -> MPI.newDoubleBuffer(n);
            case BOOLEAN -> throw new IllegalArgumentException("there is no boolean buffer");
        };
        Check.that(b.isDirect(), "MPI.new%sBuffer(%d) is not direct", name(), n);
        Check.that(b.capacity() == n, "MPI.new%sBuffer(%d) has capacity %d", name(), n, b.capacity());
        return b;
    }

    static long mix(int seed, int index) {
        long h = (index + 0x9E3779B97F4A7C15L) * (seed * 2L + 1) + ((long) seed << 32);
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 32);
    }

    /** The pattern value of element {@code index}, boxed for messages. */
    Object value(int seed, int index) {
        long v = mix(seed, index);
        return switch (this) {
            case BYTE -> (byte) v;
            case CHAR -> (char) v;
            case SHORT -> (short) v;
            case BOOLEAN -> (v & 1) != 0;
            case INT -> (int) v;
            case LONG -> v;
            case FLOAT -> (float) ((int) v) / 8.0f;
            case DOUBLE -> (double) v / 16.0;
        };
    }

    /** Fills {@code count} elements from {@code offset} of an array or buffer with pattern {@code seed}. */
    public void fill(Object data, int offset, int count, int seed) {
        for (int i = 0; i < count; i++) {
            set(data, offset + i, value(seed, i));
        }
    }

    /**
     * Verifies {@code count} elements from {@code offset} hold pattern {@code seed}; throws with
     * the first wrong element.
     */
    public void verify(Object data, int offset, int count, int seed, String what) {
        for (int i = 0; i < count; i++) {
            Object expected = value(seed, i);
            Object actual = get(data, offset + i);
            if (!expected.equals(actual)) {
                throw new AssertionError("rank " + Check.rank() + ": " + what + ": " + name() + " element "
                        + i + " (at " + (offset + i) + ") is " + actual + ", expected " + expected);
            }
        }
    }

    /** Sets every element of an array or buffer to a value that is no pattern's (zero / false). */
    public void clear(Object data) {
        int n = length(data);
        for (int i = 0; i < n; i++) {
            set(data, i, zero());
        }
    }

    /** Verifies elements {@code [from, to)} are still cleared (a receive must not write past its count). */
    public void verifyCleared(Object data, int from, int to, String what) {
        for (int i = from; i < to; i++) {
            Check.that(zero().equals(get(data, i)), "%s: %s element %d was written (%s)", what, name(), i, get(data, i));
        }
    }

    private Object zero() {
        return switch (this) {
            case BYTE -> (byte) 0;
            case CHAR -> (char) 0;
            case SHORT -> (short) 0;
            case BOOLEAN -> false;
            case INT -> 0;
            case LONG -> 0L;
            case FLOAT -> 0f;
            case DOUBLE -> 0d;
        };
    }

    public static int length(Object data) {
        if (data instanceof Buffer b) {
            return b.capacity();
        }
        return java.lang.reflect.Array.getLength(data);
    }

    private Object get(Object data, int i) {
        if (data instanceof Buffer) {
            return switch (this) {
                case BYTE -> ((ByteBuffer) data).get(i);
                case CHAR -> ((CharBuffer) data).get(i);
                case SHORT -> ((ShortBuffer) data).get(i);
                case INT -> ((IntBuffer) data).get(i);
                case LONG -> ((LongBuffer) data).get(i);
                case FLOAT -> ((FloatBuffer) data).get(i);
                case DOUBLE -> ((DoubleBuffer) data).get(i);
                case BOOLEAN -> throw new IllegalArgumentException("boolean buffer");
            };
        }
        return java.lang.reflect.Array.get(data, i);
    }

    private void set(Object data, int i, Object v) {
        if (data instanceof Buffer) {
            switch (this) {
                case BYTE -> ((ByteBuffer) data).put(i, (Byte) v);
                case CHAR -> ((CharBuffer) data).put(i, (Character) v);
                case SHORT -> ((ShortBuffer) data).put(i, (Short) v);
                case INT -> ((IntBuffer) data).put(i, (Integer) v);
                case LONG -> ((LongBuffer) data).put(i, (Long) v);
                case FLOAT -> ((FloatBuffer) data).put(i, (Float) v);
                case DOUBLE -> ((DoubleBuffer) data).put(i, (Double) v);
                case BOOLEAN -> throw new IllegalArgumentException("boolean buffer");
            }
            return;
        }
        java.lang.reflect.Array.set(data, i, v);
    }

    // ---- fast byte patterns and checksums for large messages ----

    /** Fills {@code n} bytes with pattern {@code seed} quickly (for 64 MiB messages). */
    public static void fillBytes(byte[] a, int seed) {
        int x = seed * 0x9E3779B9 + 1;
        for (int i = 0; i < a.length; i++) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            a[i] = (byte) x;
        }
    }

    public static void fillBytes(ByteBuffer b, int seed) {
        int x = seed * 0x9E3779B9 + 1;
        int n = b.capacity();
        for (int i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            b.put(i, (byte) x);
        }
    }

    public static long crc(byte[] a) {
        CRC32 c = new CRC32();
        c.update(a, 0, a.length);
        return c.getValue();
    }

    public static long crc(ByteBuffer b) {
        CRC32 c = new CRC32();
        c.update(b.duplicate().clear());
        return c.getValue();
    }
}

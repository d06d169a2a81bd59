package mpi;

import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Addresses;

/**
 * Turns a user's buffer argument into the engine's {@code (base, offset)} address, after checking
 * that the data described lies entirely inside it. The engine copies with raw memory access, so
 * this check is what keeps a wrong count from reading or writing past an array or a direct
 * buffer: nothing reaches the engine without passing it.
 *
 * <p>Accepted buffers:
 * <ul>
 * <li>a primitive array whose element type is the datatype's (mpiJava offsets count elements of
 *     the array);</li>
 * <li>a direct {@link Buffer} of any element type with any primitive datatype: the data start at
 *     the buffer's element 0, its position is ignored (as in Open MPI; use {@code MPI.slice} for
 *     offsets), and an mpiJava offset counts the buffer's own elements;</li>
 * <li>a heap {@link Buffer}: its backing array from {@code arrayOffset()}, otherwise as a direct
 *     buffer;</li>
 * <li>{@code null} with count 0.</li>
 * </ul>
 * Callers call {@link #offset} first (it validates) and then {@link #base}.
 */
final class Buffers {
    /** What a null buffer with count 0 stands for, so the engine always gets a real address. */
    static final byte[] EMPTY = new byte[0];

    private Buffers() {
    }

    /** The engine's base object: the array, or {@code null} for a direct buffer's native memory. */
    static Object base(Object buf) {
        if (buf instanceof Buffer) {
            Buffer b = (Buffer) buf;
            return b.isDirect() ? null : b.array();
        }
        return buf == null ? EMPTY : buf;
    }

    /**
     * The engine's offset (from the array base, or a native address) of element {@code offset}
     * of {@code buf}, after checking that {@code count} elements of {@code type} from there fit.
     * Raises ERR_TYPE, ERR_COUNT or ERR_BUFFER on {@code comm}, naming {@code call}.
     *
     * @param write the data will be written (a receive): read-only buffers are refused
     */
    static long offset(Comm comm, String call, Object buf, int offset, int count, Datatype type, boolean write) {
        if (type != null && buf != null && buf.getClass() == type.arrayClass
                && offset >= 0 && count >= 0
                && offset + (long) count <= Array.getLength(buf)
                && (long) count * type.size <= Integer.MAX_VALUE) {
            return type.arrayBase + (long) offset * type.size;
        }
        return checkedOffset(comm, call, buf, offset, count, type, write);
    }

    /** Everything but a well-formed array argument: other buffer kinds, and every error. */
    private static long checkedOffset(Comm comm, String call, Object buf, int offset, int count, Datatype type,
                                      boolean write) {
        if (type == null) {
            throw comm.raise(ErrorClass.TYPE, call + ": datatype is null");
        }
        if (type.size == 0) {
            throw comm.raise(ErrorClass.TYPE, call + ": " + type + " describes no data");
        }
        if (count < 0) {
            throw comm.raise(ErrorClass.COUNT, call + ": count " + count + " is negative");
        }
        long bytes = (long) count * type.size;
        if (bytes > Integer.MAX_VALUE) {
            throw comm.raise(ErrorClass.COUNT, call + ": count " + count + " of " + type + " is " + bytes
                + " bytes, more than one message carries (2147483647)");
        }
        if (buf == null) {
            if (count == 0) {
                return Addresses.BYTE_ARRAY_BASE;
            }
            throw comm.raise(ErrorClass.BUFFER, call + ": buffer is null but count is " + count);
        }
        if (offset < 0) {
            throw comm.raise(ErrorClass.BUFFER, call + ": offset " + offset + " is negative");
        }
        if (buf instanceof Buffer) {
            return bufferOffset(comm, call, (Buffer) buf, offset, count, type, bytes, write);
        }
        Class<?> c = buf.getClass();
        if (!c.isArray() || !c.getComponentType().isPrimitive()) {
            throw comm.raise(ErrorClass.BUFFER, call + ": a " + c.getTypeName()
                + " is not a buffer (use an array of a primitive type or a java.nio buffer)");
        }
        if (c != type.arrayClass) {
            throw comm.raise(ErrorClass.TYPE, call + ": datatype " + type + " does not match the "
                + c.getComponentType() + "[] buffer");
        }
        throw comm.raise(ErrorClass.BUFFER, call + ": count " + count + " of " + type + " at offset " + offset
            + " does not fit in the buffer " + describe(buf));
    }

    private static long bufferOffset(Comm comm, String call, Buffer b, int offset, int count, Datatype type,
                                     long bytes, boolean write) {
        int unit = elementSize(b);
        long capacity = (long) b.capacity() * unit;
        long start = (long) offset * unit;
        if (start + bytes > capacity) {
            throw comm.raise(ErrorClass.BUFFER, call + ": count " + count + " of " + type + " (" + bytes
                + " bytes) at offset " + offset + " does not fit in the buffer " + describe(b));
        }
        if (write && b.isReadOnly()) {
            throw comm.raise(ErrorClass.BUFFER, call + ": the buffer " + describe(b) + " is read-only");
        }
        if (b.isDirect()) {
            return Addresses.addressOf(b) + start;
        }
        if (!b.hasArray()) {
            throw comm.raise(ErrorClass.BUFFER, call + ": the buffer " + describe(b)
                + " has no accessible array (a read-only or view heap buffer); use a direct buffer or an array");
        }
        return arrayBase(b.array().getClass()) + (long) b.arrayOffset() * unit + start;
    }

    /** Bytes per element of a buffer's own element type. */
    static int elementSize(Buffer b) {
        if (b instanceof ByteBuffer) {
            return 1;
        }
        if (b instanceof CharBuffer || b instanceof ShortBuffer) {
            return 2;
        }
        if (b instanceof IntBuffer || b instanceof FloatBuffer) {
            return 4;
        }
        if (b instanceof LongBuffer || b instanceof DoubleBuffer) {
            return 8;
        }
        return 1;
    }

    static long arrayBase(Class<?> arrayClass) {
        if (arrayClass == byte[].class) {
            return Addresses.BYTE_ARRAY_BASE;
        }
        if (arrayClass == char[].class) {
            return Addresses.CHAR_ARRAY_BASE;
        }
        if (arrayClass == short[].class) {
            return Addresses.SHORT_ARRAY_BASE;
        }
        if (arrayClass == int[].class) {
            return Addresses.INT_ARRAY_BASE;
        }
        if (arrayClass == long[].class) {
            return Addresses.LONG_ARRAY_BASE;
        }
        if (arrayClass == float[].class) {
            return Addresses.FLOAT_ARRAY_BASE;
        }
        if (arrayClass == double[].class) {
            return Addresses.DOUBLE_ARRAY_BASE;
        }
        if (arrayClass == boolean[].class) {
            return Addresses.BOOLEAN_ARRAY_BASE;
        }
        throw new IllegalArgumentException("not a primitive array class: " + arrayClass);
    }

    /** "int[8]" or "direct IntBuffer of capacity 8 (32 bytes)", for messages. */
    static String describe(Object buf) {
        if (buf instanceof Buffer) {
            Buffer b = (Buffer) buf;
            String kind = buf instanceof ByteBuffer ? "ByteBuffer" : buf instanceof CharBuffer ? "CharBuffer"
                : buf instanceof ShortBuffer ? "ShortBuffer" : buf instanceof IntBuffer ? "IntBuffer"
                : buf instanceof LongBuffer ? "LongBuffer" : buf instanceof FloatBuffer ? "FloatBuffer"
                : buf instanceof DoubleBuffer ? "DoubleBuffer" : buf.getClass().getSimpleName();
            return (b.isDirect() ? "direct " : "heap ") + kind + " of capacity " + b.capacity()
                + " (" + (long) b.capacity() * elementSize(b) + " bytes)";
        }
        return buf.getClass().getComponentType() + "[" + Array.getLength(buf) + "]";
    }
}

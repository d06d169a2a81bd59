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
import org.atollmpi.engine.types.TypeLayout;

/**
 * Turns a user's buffer argument into the engine's {@code (base, offset)} address, after checking
 * that the data described lies entirely inside it. The engine copies with raw memory access, so
 * this check is what keeps a wrong count from reading or writing past an array or a direct
 * buffer: nothing reaches the engine without passing it.
 *
 * <p>Accepted buffers, with any datatype (as the Open MPI bindings do: {@code send(intArray, 5,
 * MPI.BYTE, ...)} sends the first 5 bytes of the array's memory), checked in bytes:
 * <ul>
 * <li>a primitive array; an mpiJava offset counts elements of the array's own type, whatever the
 *     datatype;</li>
 * <li>a direct {@link Buffer}: the data start at the buffer's element 0, its position is ignored
 *     (as in Open MPI; use {@code MPI.slice} for offsets), and an mpiJava offset counts the
 *     buffer's own elements;</li>
 * <li>a heap {@link Buffer}: its backing array from {@code arrayOffset()}, otherwise as a direct
 *     buffer;</li>
 * <li>a {@code java.lang.foreign.MemorySegment} (Java 22+, {@link SegmentAccess}): a native one
 *     as a direct buffer, from its first byte, a heap one as the array behind it, from the
 *     segment's offset in it; an mpiJava offset counts bytes; a read-only heap segment is refused
 *     (Java hands out no array for it), a read-only one of either kind where data are written;</li>
 * <li>{@code null} with count 0 (or a type with no data: a zero-size type is legal MPI and
 *     moves no bytes, whatever the count).</li>
 * </ul>
 * The whole span of {@code count} items of the type (its true bounds, and lower for a negative
 * extent) must lie in the buffer: {@link TypeLayout#fits}. Callers call {@link #offset} first (it
 * validates) and then {@link #base}.
 *
 * <p><b>For calls that move typed data</b> (point-to-point here, collectives elsewhere): after
 * {@code off = offset(...)}, a {@link Datatype#isContiguous() contiguous} type goes to the engine
 * as {@code (base(buf), off, count * type.size)} with no copy; any other type is packed with
 * {@code type.packToArray(base(buf), off, count)} (a send) or received into a {@link Staged}
 * temporary and unpacked when the receive completes ({@link Staged#unpack}).
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
        if (SegmentAccess.isSegment(buf)) {
            return SegmentAccess.base(buf);
        }
        return buf == null ? EMPTY : buf;
    }

    /** Whether {@code buf} is native memory: a direct buffer or a native memory segment. */
    static boolean isNative(Object buf) {
        return buf instanceof Buffer ? ((Buffer) buf).isDirect()
            : SegmentAccess.isSegment(buf) && SegmentAccess.isNative(buf);
    }

    /** Bytes in {@code buf}: an array's, a buffer's capacity, a segment's size; 0 for anything else. */
    static long capacityBytes(Object buf) {
        if (buf instanceof Buffer) {
            return (long) ((Buffer) buf).capacity() * elementSize((Buffer) buf);
        }
        if (SegmentAccess.isSegment(buf)) {
            return SegmentAccess.byteSize(buf);
        }
        return buf != null && buf.getClass().isArray() && buf.getClass().getComponentType().isPrimitive()
            ? (long) Array.getLength(buf) * elementSize(buf.getClass()) : 0;
    }

    /**
     * The engine's offset (from the array base, or a native address) for {@code count} items of
     * {@code type} at element {@code offset} of {@code buf}, after checking that they fit: where
     * the data start for a contiguous type ({@code lb} added), where item 0 starts for any other
     * (the pack plan adds the block offsets). Raises ERR_TYPE, ERR_COUNT or ERR_BUFFER on
     * {@code comm}, naming {@code call}.
     *
     * @param write the data will be written (a receive): read-only buffers are refused
     */
    static long offset(Comm comm, String call, Object buf, int offset, int count, Datatype type, boolean write) {
        return offset(comm, call, null, buf, offset, count, type, write);
    }

    /**
     * As {@link #offset(Comm, String, Object, int, int, Datatype, boolean)} for argument {@code arg}
     * of a call (null: the call's only buffer): a message reads {@code "call (arg): ..."}. The
     * name is put together only for a message, so a call that passes its checks builds no string.
     */
    static long offset(Comm comm, String call, String arg, Object buf, int offset, int count, Datatype type,
                       boolean write) {
        if (type != null && buf != null && buf.getClass() == type.arrayClass
                && offset >= 0 && count >= 0
                && offset + (long) count <= Array.getLength(buf)
                && (long) count * type.size <= Integer.MAX_VALUE) {
            return type.arrayBase + (long) offset * type.size;
        }
        return checkedOffset(comm, call, arg, buf, offset, count, type, write);
    }

    /** What a message names: the call, and the argument when there is one. */
    private static String where(String call, String arg) {
        return arg == null ? call : call + " (" + arg + ")";
    }

    /** Everything but an array of a basic type's own class: other buffers, derived types, and every error. */
    private static long checkedOffset(Comm comm, String call, String arg, Object buf, int offset, int count,
                                      Datatype type, boolean write) {
        if (type == null) {
            throw comm.raise(ErrorClass.TYPE, where(call, arg) + ": datatype is null");
        }
        if (type.isObject()) {
            throw comm.raise(ErrorClass.TYPE, where(call, arg) + ": MPI.OBJECT describes objects, not memory"
                + " (it is accepted by send, receive and sendRecv calls on an Object[] buffer)");
        }
        if (type == Datatype.NULL_TYPE) {
            throw comm.raise(ErrorClass.TYPE, where(call, arg) + ": datatype is MPI_DATATYPE_NULL");
        }
        if (!type.usable()) {
            type.checkUsable(comm, where(call, arg));
        }
        if (count < 0) {
            throw comm.raise(ErrorClass.COUNT, where(call, arg) + ": count " + count + " is negative");
        }
        long bytes = (long) count * type.size;
        if (bytes > Integer.MAX_VALUE) {
            throw comm.raise(ErrorClass.COUNT, where(call, arg) + ": count " + count + " of " + type + " is " + bytes
                + " bytes, more than one message carries (2147483647)");
        }
        if (buf == null) {
            if (bytes == 0) {
                return Addresses.BYTE_ARRAY_BASE;
            }
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": buffer is null but count is " + count);
        }
        if (offset < 0) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": offset " + offset + " is negative");
        }
        if (buf instanceof Buffer) {
            return bufferOffset(comm, call, arg, (Buffer) buf, offset, count, type, bytes, write);
        }
        if (SegmentAccess.isSegment(buf)) {
            return segmentOffset(comm, call, arg, buf, offset, count, type, bytes, write);
        }
        Class<?> c = buf.getClass();
        if (!c.isArray() || !c.getComponentType().isPrimitive()) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": a " + c.getTypeName()
                + " is not a buffer (use an array of a primitive type, a java.nio buffer or, on Java 22+, a MemorySegment)");
        }
        long arrayBase = arrayBase(c);
        int unit = elementSize(c);
        long start = (long) offset * unit;
        if (start > (long) Array.getLength(buf) * unit || !type.layout.fits(count, start, (long) Array.getLength(buf) * unit)) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": count " + count + " of " + type + " at offset " + offset
                + " does not fit in the buffer " + describe(buf) + span(type, count));
        }
        return arrayBase + start + type.dataLb;
    }

    /**
     * The engine address of the first item of {@code count} items of {@code type} starting
     * {@code displ} BYTES into {@code buf} (MPI_Alltoallw's displacements, which need not be a
     * multiple of anything), after checking that all of them lie inside the buffer.
     */
    static long byteOffset(Comm comm, String call, Object buf, long displ, int count, Datatype type, boolean write) {
        long byte0 = offset(comm, call, buf, 0, 0, type, write); // the buffer's kind, read-only, type usable
        long capacity = capacityBytes(buf);
        if (displ < 0 || !type.layout.fits(count, displ, capacity)) {
            throw comm.raise(ErrorClass.BUFFER, call + ": count " + count + " of " + type + " at byte displacement "
                + displ + " does not fit in the buffer " + describe(buf) + span(type, count));
        }
        return byte0 + displ; // byte0 is byte 0's address plus the type's dataLb, as offset() gives it
    }

    /** ", which spans bytes [a, b) from the offset" for a derived type; nothing for a basic one. */
    private static String span(Datatype type, int count) {
        if (type.predefined && type.contiguous && type.dataLb == 0) {
            return "";
        }
        return " (" + count + " items span bytes [" + type.layout.spanLow(count) + ", " + type.layout.spanHigh(count)
            + ") from the offset)";
    }

    private static long bufferOffset(Comm comm, String call, String arg, Buffer b, int offset, int count,
                                     Datatype type, long bytes, boolean write) {
        int unit = elementSize(b);
        long capacity = (long) b.capacity() * unit;
        long start = (long) offset * unit;
        if (start > capacity || !type.layout.fits(count, start, capacity)) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": count " + count + " of " + type + " (" + bytes
                + " bytes) at offset " + offset + " does not fit in the buffer " + describe(b) + span(type, count));
        }
        if (write && b.isReadOnly()) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": the buffer " + describe(b) + " is read-only");
        }
        if (b.isDirect()) {
            return Addresses.addressOf(b) + start + type.dataLb;
        }
        if (!b.hasArray()) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": the buffer " + describe(b)
                + " has no accessible array (a read-only or view heap buffer); use a direct buffer or an array");
        }
        return arrayBase(b.array().getClass()) + (long) b.arrayOffset() * unit + start + type.dataLb;
    }

    private static long segmentOffset(Comm comm, String call, String arg, Object segment, int offset, int count,
                                      Datatype type, long bytes, boolean write) {
        if (!SegmentAccess.isAlive(segment)) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": the buffer " + describe(segment)
                + " belongs to an arena that is closed");
        }
        long capacity = SegmentAccess.byteSize(segment);
        if (offset > capacity || !type.layout.fits(count, offset, capacity)) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": count " + count + " of " + type + " (" + bytes
                + " bytes) at offset " + offset + " does not fit in the buffer " + describe(segment) + span(type, count));
        }
        if (write && SegmentAccess.isReadOnly(segment)) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": the buffer " + describe(segment) + " is read-only");
        }
        if (SegmentAccess.hiddenArray(segment)) {
            throw comm.raise(ErrorClass.BUFFER, where(call, arg) + ": the buffer " + describe(segment)
                + " has no accessible array (a read-only heap segment); use a native segment or an array");
        }
        return SegmentAccess.address(segment) + offset + type.dataLb;
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

    /** Bytes per element of a primitive array class. */
    static int elementSize(Class<?> arrayClass) {
        if (arrayClass == byte[].class || arrayClass == boolean[].class) {
            return 1;
        }
        if (arrayClass == char[].class || arrayClass == short[].class) {
            return 2;
        }
        if (arrayClass == int[].class || arrayClass == float[].class) {
            return 4;
        }
        return 8;
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
        if (buf == null) {
            return "null";
        }
        if (SegmentAccess.isSegment(buf)) {
            return SegmentAccess.describe(buf);
        }
        return buf.getClass().getComponentType() + "[" + Array.getLength(buf) + "]";
    }
}

package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.Objects;

import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The address arithmetic that every call's data goes through: checked by copying from the
 * computed {@code (base, offset)} with raw memory access and comparing with what the program
 * meant. Errors are raised on COMM_WORLD, which (MPI not running) throws them.
 */
class BuffersTest {
    private static final Comm COMM = MPI.COMM_WORLD;

    /** Reads {@code count} elements of {@code type} where the engine would, as an array of the type. */
    private static Object read(Object buf, int offset, int count, Datatype type) {
        long off = Buffers.offset(COMM, "test", buf, offset, count, type, false);
        Object base = Buffers.base(buf);
        Object out = Array.newInstance(type.arrayClass.getComponentType(), count);
        Memory.copy(base, off, out, type.arrayBase, (long) count * type.size);
        return out;
    }

    private static void assertSameArray(Object expected, Object actual) {
        assertTrue(Objects.deepEquals(expected, actual),
            () -> "expected " + Arrays.deepToString(new Object[] {expected}) + " got "
                + Arrays.deepToString(new Object[] {actual}));
    }

    private static int errorClass(Executable call) {
        return assertThrows(MPIException.class, call).getErrorClass();
    }

    private static MPIException error(Executable call) {
        return assertThrows(MPIException.class, call);
    }

    @Test
    void everyPrimitiveArrayWithOffsets() {
        byte[] b = new byte[10];
        char[] c = new char[10];
        short[] s = new short[10];
        boolean[] z = new boolean[10];
        int[] i = new int[10];
        long[] l = new long[10];
        float[] f = new float[10];
        double[] d = new double[10];
        for (int k = 0; k < 10; k++) {
            b[k] = (byte) (k + 1);
            c[k] = (char) ('a' + k);
            s[k] = (short) (1000 + k);
            z[k] = k % 3 == 0;
            i[k] = 100_000 * k + 7;
            l[k] = 1L << (k + 40);
            f[k] = k + 0.5f;
            d[k] = k * Math.PI;
        }
        Object[][] cases = {
            {b, MPI.BYTE}, {b, MPI.PACKED}, {c, MPI.CHAR}, {s, MPI.SHORT}, {z, MPI.BOOLEAN},
            {i, MPI.INT}, {l, MPI.LONG}, {f, MPI.FLOAT}, {d, MPI.DOUBLE},
        };
        for (Object[] row : cases) {
            Object array = row[0];
            Datatype type = (Datatype) row[1];
            for (int offset : new int[] {0, 3, 9, 10}) {
                for (int count : new int[] {0, Math.min(1, 10 - offset), 10 - offset}) {
                    Object expected = Array.newInstance(array.getClass().getComponentType(), count);
                    System.arraycopy(array, offset, expected, 0, count);
                    assertSameArray(expected, read(array, offset, count, type));
                    assertSame(array, Buffers.base(array));
                }
            }
            assertEquals(type.arrayBase + 3L * type.size,
                Buffers.offset(COMM, "test", array, 3, 2, type, true), type.getName());
        }
    }

    @Test
    void arraysNeverReachPastTheirEnd() {
        int[] ints = new int[8];
        MPIException e = error(() -> Buffers.offset(COMM, "recv", ints, 0, 9, MPI.INT, true));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("recv: count 9 of MPI_INT at offset 0"), e.getMessage());
        assertTrue(e.getMessage().contains("int[8]"), e.getMessage());
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "Recv", ints, 5, 4, MPI.INT, true)));
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "Recv", ints, 9, 0, MPI.INT, true)));
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "Recv", ints, -1, 1, MPI.INT, true)));
        assertEquals(MPI.ERR_BUFFER,
            errorClass(() -> Buffers.offset(COMM, "Recv", ints, Integer.MAX_VALUE, 1, MPI.INT, true)));
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "Recv", new byte[0], 0, 1, MPI.BYTE, true)));
        assertEquals(MPI.ERR_COUNT, errorClass(() -> Buffers.offset(COMM, "send", ints, 0, -1, MPI.INT, false)));
    }

    @Test
    void anyPrimitiveArrayGoesWithAnyDatatypeCheckedInBytes() {
        // Open MPI: the datatype need not match the array; the check is in bytes of the array
        assertEquals(Memory.DOUBLE_ARRAY_BASE, Buffers.offset(COMM, "send", new double[4], 0, 8, MPI.INT, false));
        assertEquals(Memory.INT_ARRAY_BASE + 8, Buffers.offset(COMM, "send", new int[4], 2, 8, MPI.BYTE, false));
        assertEquals(Memory.BYTE_ARRAY_BASE, Buffers.offset(COMM, "send", new byte[4], 0, 4, MPI.BOOLEAN, false));
        MPIException e = error(() -> Buffers.offset(COMM, "send", new double[4], 0, 9, MPI.INT, false));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
        assertTrue(e.getMessage().contains("count 9 of MPI_INT") && e.getMessage().contains("double[4]"), e.getMessage());
        // an mpiJava offset counts elements of the array's own type
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "Send", new int[4], 3, 5, MPI.BYTE, false)));
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "send", new char[4], 0, 5, MPI.SHORT, false)));
        assertEquals(MPI.ERR_TYPE, errorClass(() -> Buffers.offset(COMM, "send", new int[4], 0, 1, null, false)));
        assertEquals(MPI.ERR_TYPE,
            errorClass(() -> Buffers.offset(COMM, "send", new int[4], 0, 1, MPI.DATATYPE_NULL, false)));
    }

    @Test
    void nullAndNonBuffers() {
        assertEquals(Memory.BYTE_ARRAY_BASE, Buffers.offset(COMM, "send", null, 0, 0, MPI.INT, false));
        assertSame(Buffers.EMPTY, Buffers.base(null));
        MPIException e = error(() -> Buffers.offset(COMM, "send", null, 0, 3, MPI.INT, false));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
        assertTrue(e.getMessage().contains("null") && e.getMessage().contains("3"), e.getMessage());
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "send", "text", 0, 1, MPI.CHAR, false)));
        assertEquals(MPI.ERR_BUFFER,
            errorClass(() -> Buffers.offset(COMM, "send", new Integer[2], 0, 1, MPI.INT, false)));
    }

    @Test
    void byteCountsBeyondOneMessageAreErrCount() {
        MPIException e = error(() -> Buffers.offset(COMM, "send", null, 0, Integer.MAX_VALUE, MPI.LONG, false));
        assertEquals(MPI.ERR_COUNT, e.getErrorClass());
    }

    @Test
    void directBuffersStartAtElementZeroWhateverTheirPosition() {
        IntBuffer ints = ByteBuffer.allocateDirect(40).order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int k = 0; k < 10; k++) {
            ints.put(k, 7 * k);
        }
        ints.position(5);
        assertNull(Buffers.base(ints));
        assertEquals(Memory.addressOf(ints), Buffers.offset(COMM, "send", ints, 0, 10, MPI.INT, false));
        assertArrayEquals(new int[] {0, 7, 14, 21}, (int[]) read(ints, 0, 4, MPI.INT));
        // mpiJava offsets count the buffer's own elements.
        assertArrayEquals(new int[] {14, 21}, (int[]) read(ints, 2, 2, MPI.INT));
        assertEquals(Memory.addressOf(ints) + 8, Buffers.offset(COMM, "Send", ints, 2, 1, MPI.INT, false));
        // Any primitive datatype fits a buffer as long as the bytes do.
        assertEquals(40, ((byte[]) read(ints, 0, 40, MPI.BYTE)).length);
        read(ints, 0, 5, MPI.DOUBLE);
        MPIException e = error(() -> Buffers.offset(COMM, "recv", ints, 0, 6, MPI.DOUBLE, true));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
        assertTrue(e.getMessage().contains("direct IntBuffer of capacity 10 (40 bytes)"), e.getMessage());
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "recv", ints, 9, 2, MPI.INT, true)));
    }

    @Test
    void everyDirectBufferKind() {
        ByteBuffer bytes = ByteBuffer.allocateDirect(64).order(ByteOrder.nativeOrder());
        for (int k = 0; k < 64; k++) {
            bytes.put(k, (byte) k);
        }
        Object[][] views = {
            {bytes, MPI.BYTE, 64}, {bytes.asCharBuffer(), MPI.CHAR, 32}, {bytes.asShortBuffer(), MPI.SHORT, 32},
            {bytes.asIntBuffer(), MPI.INT, 16}, {bytes.asLongBuffer(), MPI.LONG, 8},
            {bytes.asFloatBuffer(), MPI.FLOAT, 16}, {bytes.asDoubleBuffer(), MPI.DOUBLE, 8},
        };
        for (Object[] v : views) {
            Object view = v[0];
            Datatype type = (Datatype) v[1];
            int capacity = (Integer) v[2];
            assertEquals(Memory.addressOf(bytes), Buffers.offset(COMM, "send", view, 0, capacity, type, false));
            byte[] all = (byte[]) read(view, 0, capacity * type.size, MPI.BYTE);
            assertEquals(63, all[63]);
            assertEquals(MPI.ERR_BUFFER,
                errorClass(() -> Buffers.offset(COMM, "send", view, 0, capacity + 1, type, false)));
        }
        ByteBuffer sliced = MPI.slice(bytes, 16);
        assertEquals(Memory.addressOf(bytes) + 16, Buffers.offset(COMM, "send", sliced, 0, 48, MPI.BYTE, false));
        assertEquals(16, ((byte[]) read(sliced, 0, 1, MPI.BYTE))[0]);
    }

    @Test
    void heapBuffersUseTheirArrayFromArrayOffset() {
        int[] backing = new int[10];
        for (int k = 0; k < 10; k++) {
            backing[k] = k;
        }
        IntBuffer slice = IntBuffer.wrap(backing, 2, 6).slice();
        assertEquals(2, slice.arrayOffset());
        assertSame(backing, Buffers.base(slice));
        assertArrayEquals(new int[] {2, 3, 4, 5, 6, 7}, (int[]) read(slice, 0, 6, MPI.INT));
        assertArrayEquals(new int[] {5, 6}, (int[]) read(slice, 3, 2, MPI.INT));
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "send", slice, 0, 7, MPI.INT, false)));
        assertEquals(24, ((byte[]) read(slice, 0, 24, MPI.BYTE)).length);

        byte[] raw = {10, 11, 12, 13, 14, 15};
        ByteBuffer bytes = MPI.slice(raw, 3);
        assertArrayEquals(new byte[] {13, 14, 15}, (byte[]) read(bytes, 0, 3, MPI.BYTE));
        assertEquals(Memory.BYTE_ARRAY_BASE + 3, Buffers.offset(COMM, "send", bytes, 0, 3, MPI.BYTE, false));

        double[] ds = {1.5, 2.5, 3.5};
        assertArrayEquals(new double[] {2.5, 3.5}, (double[]) read(MPI.slice(ds, 1), 0, 2, MPI.DOUBLE));
        long[] ls = {1, 2, 3};
        assertArrayEquals(new long[] {3}, (long[]) read(LongBuffer.wrap(ls), 2, 1, MPI.LONG));
        char[] cs = {'x', 'y'};
        assertArrayEquals(new char[] {'y'}, (char[]) read(CharBuffer.wrap(cs), 1, 1, MPI.CHAR));
        short[] ss = {4, 5};
        assertArrayEquals(new short[] {5}, (short[]) read(ShortBuffer.wrap(ss), 1, 1, MPI.SHORT));
        assertArrayEquals(new double[] {3.5}, (double[]) read(DoubleBuffer.wrap(ds), 2, 1, MPI.DOUBLE));
    }

    @Test
    void readOnlyBuffers() {
        ByteBuffer direct = ByteBuffer.allocateDirect(8).asReadOnlyBuffer();
        Buffers.offset(COMM, "send", direct, 0, 8, MPI.BYTE, false);
        MPIException e = error(() -> Buffers.offset(COMM, "recv", direct, 0, 8, MPI.BYTE, true));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
        assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        ByteBuffer heap = ByteBuffer.allocate(8).asReadOnlyBuffer();
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "send", heap, 0, 8, MPI.BYTE, false)));
        IntBuffer heapView = ByteBuffer.allocate(8).asIntBuffer();
        assertEquals(MPI.ERR_BUFFER, errorClass(() -> Buffers.offset(COMM, "send", heapView, 0, 2, MPI.INT, false)));
    }
}

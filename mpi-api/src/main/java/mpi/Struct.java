package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.atollmpi.engine.ErrorClass;

/**
 * Open MPI: a C-like struct described field by field ({@code addInt()}, {@code addDouble(3)},
 * {@code addStruct(other)} ...), its datatype built with {@link Datatype#createStruct} the first
 * time it is asked for, and typed views ({@link Data}) over a {@code ByteBuffer} (or a
 * {@code byte[]}) of such structs.
 *
 * <p>Each {@code add} call returns the field's byte offset in the struct, which is the
 * {@code field} argument of the {@link Data} accessors. Fields follow each other with no
 * alignment padding (Java memory has no alignment rule; see TypeLayout) unless
 * {@link #setOffset} places the next one; a {@code setOffset} after the last field pads the
 * extent. The extent is fixed once the datatype exists (adding a field then is an error).
 */
public abstract class Struct {
    private final List<Datatype> types = new ArrayList<>();
    private final List<Integer> offsets = new ArrayList<>();
    private final List<Integer> lengths = new ArrayList<>();
    /** The next field's offset. */
    private int next;
    private int extent;
    private Datatype datatype;
    /** The predefined type of the pair structs (MPI.INT2 for MPI.int2 ...), given by their constructors. */
    Datatype predefined;

    private synchronized Datatype build() {
        if (datatype == null) {
            if (predefined != null) {
                datatype = predefined;
            } else {
                int n = types.size();
                int[] len = new int[n];
                int[] off = new int[n];
                for (int i = 0; i < n; i++) {
                    len[i] = lengths.get(i);
                    off[i] = offsets.get(i);
                }
                Datatype t = Datatype.createStruct(len, off, types.toArray(new Datatype[0]));
                if (t.layout.ub() < next || t.layout.lb() != 0) {
                    t = Datatype.createResized(t, 0, Math.max(next, (int) t.layout.ub()));
                }
                t.commit();
                datatype = t;
            }
            extent = (int) datatype.layout.extent();
        }
        return datatype;
    }

    /** Bytes from one struct to the next in a buffer. */
    public final int getExtent() {
        build();
        return extent;
    }

    /** The committed datatype of one struct (built on first use). */
    public final Datatype getType() {
        return build();
    }

    protected abstract Data newData();

    @SuppressWarnings("unchecked")
    private <T extends Data> T view(ByteBuffer buffer, int offset, String call) {
        if (buffer == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.BUFFER, call + ": buffer is null");
        }
        Data d = newData();
        d.buffer = buffer;
        d.offset = offset;
        return (T) d;
    }

    /** The struct at the start of {@code buffer} (absolute positions; the buffer's position is ignored). */
    public final <T extends Data> T getData(ByteBuffer buffer) {
        build();
        return view(buffer, 0, "getData");
    }

    /** Struct {@code index} of {@code buffer}: {@code index * getExtent()} bytes in. */
    public final <T extends Data> T getData(ByteBuffer buffer, int index) {
        build();
        return view(buffer, index * extent, "getData");
    }

    /** The struct at the start of {@code array}, viewed in native byte order (the order messages carry). */
    public final <T extends Data> T getData(byte[] array) {
        return getData(wrap(array), 0);
    }

    public final <T extends Data> T getData(byte[] array, int index) {
        return getData(wrap(array), index);
    }

    private static ByteBuffer wrap(byte[] array) {
        if (array == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.BUFFER, "getData: array is null");
        }
        return ByteBuffer.wrap(array).order(ByteOrder.nativeOrder());
    }

    /** Places the next field at byte {@code offset} (or, after the last field, pads the extent to it). */
    public final Struct setOffset(int offset) {
        if (offset < 0) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, "setOffset: offset " + offset + " is negative");
        }
        checkOpen("setOffset");
        next = offset;
        return this;
    }

    private void checkOpen(String call) {
        if (datatype != null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.TYPE, call + ": the struct's datatype exists already (getType or"
                + " getData was called); fields must be added before");
        }
    }

    private synchronized int addField(Datatype type, int typeExtent, int length, String call) {
        checkOpen(call);
        if (length < 0) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, call + ": length " + length + " is negative");
        }
        int offset = next;
        types.add(type);
        offsets.add(offset);
        lengths.add(length);
        next = offset + typeExtent * length;
        return offset;
    }

    public final int addByte() {
        return addByte(1);
    }

    public final int addByte(int length) {
        return addField(MPI.BYTE, 1, length, "addByte");
    }

    public final int addChar() {
        return addChar(1);
    }

    public final int addChar(int length) {
        return addField(MPI.CHAR, 2, length, "addChar");
    }

    public final int addShort() {
        return addShort(1);
    }

    public final int addShort(int length) {
        return addField(MPI.SHORT, 2, length, "addShort");
    }

    public final int addInt() {
        return addInt(1);
    }

    public final int addInt(int length) {
        return addField(MPI.INT, 4, length, "addInt");
    }

    public final int addLong() {
        return addLong(1);
    }

    public final int addLong(int length) {
        return addField(MPI.LONG, 8, length, "addLong");
    }

    public final int addFloat() {
        return addFloat(1);
    }

    public final int addFloat(int length) {
        return addField(MPI.FLOAT, 4, length, "addFloat");
    }

    public final int addDouble() {
        return addDouble(1);
    }

    public final int addDouble(int length) {
        return addField(MPI.DOUBLE, 8, length, "addDouble");
    }

    /** A nested struct field ({@code length} of them); read it with {@link Data#getData(Struct, int)}. */
    public final int addStruct(Struct struct) {
        return addStruct(struct, 1);
    }

    public final int addStruct(Struct struct, int length) {
        if (struct == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, "addStruct: struct is null");
        }
        return addField(struct.getType(), struct.getExtent(), length, "addStruct");
    }

    /** A field of any datatype; read it with {@link Data#getBuffer(Datatype, int)}. */
    public final int addData(Datatype type) {
        return addData(type, 1);
    }

    public final int addData(Datatype type, int length) {
        if (type == null || type.isNull() || type.isObject()) {
            throw MPI.COMM_WORLD.raise(ErrorClass.TYPE, "addData: type is " + (type == null ? "null" : type)
                + " (a struct field must describe memory)");
        }
        return addField(type, (int) type.layout.extent(), length, "addData");
    }

    /**
     * A view of one struct in a buffer: the {@code field} of each accessor is the offset an
     * {@code add} call returned, {@code index} the element of an array field.
     */
    public abstract class Data {
        ByteBuffer buffer;
        int offset;

        /** The buffer from this struct's first byte (a slice, unless the struct is at offset 0). */
        public final ByteBuffer getBuffer() {
            return offset == 0 ? buffer : MPI.slice(buffer, offset).order(buffer.order());
        }

        protected final byte getByte(int field) {
            return buffer.get(offset + field);
        }

        protected final byte getByte(int field, int index) {
            return buffer.get(offset + field + index * 1);
        }

        protected final void putByte(int field, byte v) {
            buffer.put(offset + field, v);
        }

        protected final void putByte(int field, int index, byte v) {
            buffer.put(offset + field + index * 1, v);
        }

        protected final char getChar(int field) {
            return buffer.getChar(offset + field);
        }

        protected final char getChar(int field, int index) {
            return buffer.getChar(offset + field + index * 2);
        }

        protected final void putChar(int field, char v) {
            buffer.putChar(offset + field, v);
        }

        protected final void putChar(int field, int index, char v) {
            buffer.putChar(offset + field + index * 2, v);
        }

        protected final short getShort(int field) {
            return buffer.getShort(offset + field);
        }

        protected final short getShort(int field, int index) {
            return buffer.getShort(offset + field + index * 2);
        }

        protected final void putShort(int field, short v) {
            buffer.putShort(offset + field, v);
        }

        protected final void putShort(int field, int index, short v) {
            buffer.putShort(offset + field + index * 2, v);
        }

        protected final int getInt(int field) {
            return buffer.getInt(offset + field);
        }

        protected final int getInt(int field, int index) {
            return buffer.getInt(offset + field + index * 4);
        }

        protected final void putInt(int field, int v) {
            buffer.putInt(offset + field, v);
        }

        protected final void putInt(int field, int index, int v) {
            buffer.putInt(offset + field + index * 4, v);
        }

        protected final long getLong(int field) {
            return buffer.getLong(offset + field);
        }

        protected final long getLong(int field, int index) {
            return buffer.getLong(offset + field + index * 8);
        }

        protected final void putLong(int field, long v) {
            buffer.putLong(offset + field, v);
        }

        protected final void putLong(int field, int index, long v) {
            buffer.putLong(offset + field + index * 8, v);
        }

        protected final float getFloat(int field) {
            return buffer.getFloat(offset + field);
        }

        protected final float getFloat(int field, int index) {
            return buffer.getFloat(offset + field + index * 4);
        }

        protected final void putFloat(int field, float v) {
            buffer.putFloat(offset + field, v);
        }

        protected final void putFloat(int field, int index, float v) {
            buffer.putFloat(offset + field + index * 4, v);
        }

        protected final double getDouble(int field) {
            return buffer.getDouble(offset + field);
        }

        protected final double getDouble(int field, int index) {
            return buffer.getDouble(offset + field + index * 8);
        }

        protected final void putDouble(int field, double v) {
            buffer.putDouble(offset + field, v);
        }

        protected final void putDouble(int field, int index, double v) {
            buffer.putDouble(offset + field + index * 8, v);
        }

        /** The nested struct at {@code field} (added with {@code addStruct(struct)}). */
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field) {
            return getData(struct, field, 0);
        }

        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field, int index) {
            Struct s = struct;
            return s.view(buffer, offset + field + index * s.getExtent(), "getData");
        }

        /** The bytes of a field added with {@code addData(type)}, element {@code index}: a slice of the buffer. */
        protected final ByteBuffer getBuffer(Datatype type, int field) {
            return getBuffer(type, field, 0);
        }

        protected final ByteBuffer getBuffer(Datatype type, int field, int index) {
            if (type == null) {
                throw MPI.COMM_WORLD.raise(ErrorClass.TYPE, "getBuffer: type is null");
            }
            int begin = offset + field + index * (int) type.layout.extent();
            return MPI.slice(buffer, begin).order(buffer.order());
        }
    }
}

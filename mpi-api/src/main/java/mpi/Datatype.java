package mpi;

import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Addresses;

/**
 * An MPI datatype. This slice has the predefined types of both dialects, one per Java primitive
 * type plus {@code PACKED}; derived types come with the datatype engine.
 *
 * <p>Each type knows the Java array class it describes and that array's base offset, so checking
 * and addressing an array buffer is one class comparison and a multiply.
 */
public final class Datatype implements Freeable {
    // mpiJava / MPJ Express type codes (getType()), kept so MPJ programs printing them agree.
    static final int CODE_NULL = 0;
    static final int CODE_BYTE = 1;
    static final int CODE_CHAR = 2;
    static final int CODE_SHORT = 3;
    static final int CODE_BOOLEAN = 4;
    static final int CODE_INT = 5;
    static final int CODE_LONG = 6;
    static final int CODE_FLOAT = 7;
    static final int CODE_DOUBLE = 8;
    static final int CODE_PACKED = 9;

    static final Datatype NULL_TYPE = new Datatype("MPI_DATATYPE_NULL", CODE_NULL, 0, Void.class, 0);
    static final Datatype BYTE_TYPE = new Datatype("MPI_BYTE", CODE_BYTE, 1, byte[].class, Addresses.BYTE_ARRAY_BASE);
    static final Datatype CHAR_TYPE = new Datatype("MPI_CHAR", CODE_CHAR, 2, char[].class, Addresses.CHAR_ARRAY_BASE);
    static final Datatype SHORT_TYPE = new Datatype("MPI_SHORT", CODE_SHORT, 2, short[].class, Addresses.SHORT_ARRAY_BASE);
    static final Datatype BOOLEAN_TYPE =
        new Datatype("MPI_BOOLEAN", CODE_BOOLEAN, 1, boolean[].class, Addresses.BOOLEAN_ARRAY_BASE);
    static final Datatype INT_TYPE = new Datatype("MPI_INT", CODE_INT, 4, int[].class, Addresses.INT_ARRAY_BASE);
    static final Datatype LONG_TYPE = new Datatype("MPI_LONG", CODE_LONG, 8, long[].class, Addresses.LONG_ARRAY_BASE);
    static final Datatype FLOAT_TYPE = new Datatype("MPI_FLOAT", CODE_FLOAT, 4, float[].class, Addresses.FLOAT_ARRAY_BASE);
    static final Datatype DOUBLE_TYPE =
        new Datatype("MPI_DOUBLE", CODE_DOUBLE, 8, double[].class, Addresses.DOUBLE_ARRAY_BASE);
    static final Datatype PACKED_TYPE = new Datatype("MPI_PACKED", CODE_PACKED, 1, byte[].class, Addresses.BYTE_ARRAY_BASE);

    private final String name;
    private final int code;
    final int size;
    /** The array class a buffer of this type is; {@code Void.class} (no array) for the null type. */
    final Class<?> arrayClass;
    final long arrayBase;

    private Datatype(String name, int code, int size, Class<?> arrayClass, long arrayBase) {
        this.name = name;
        this.code = code;
        this.size = size;
        this.arrayClass = arrayClass;
        this.arrayBase = arrayBase;
    }

    /** Bytes of data in one element. */
    public int getSize() {
        return size;
    }

    /** Span of one element; equal to the size for the predefined types. */
    public int getExtent() {
        return size;
    }

    public int getLb() {
        return 0;
    }

    public int getUb() {
        return size;
    }

    public int getTrueLb() {
        return 0;
    }

    public int getTrueExtent() {
        return size;
    }

    /** Predefined types need no commit; committing one is allowed and does nothing. */
    public void commit() {
    }

    /** Predefined types cannot be freed (MPI_ERR_TYPE). */
    @Override
    public void free() {
        throw MPI.COMM_WORLD.raise(ErrorClass.TYPE, "free: " + name + " is predefined and cannot be freed");
    }

    public boolean isNull() {
        return this == NULL_TYPE;
    }

    public String getName() {
        return name;
    }

    // ---- mpiJava 1.2 / MPJ Express names ----

    public int Size() {
        return getSize();
    }

    public int Extent() {
        return getExtent();
    }

    public int Lb() {
        return getLb();
    }

    public int Ub() {
        return getUb();
    }

    public void Commit() {
        commit();
    }

    /** MPJ Express: the basic type code (MPI.BYTE is 1 ... MPI.PACKED is 9). */
    public int getType() {
        return code;
    }

    /** MPJ Express: bytes per element. */
    public int getByteSize() {
        return size;
    }

    @Override
    public String toString() {
        return name;
    }
}

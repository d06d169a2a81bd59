package mpi;

import java.nio.*;
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

    // Placeholders until the datatype engine is wired in: they describe no data yet.
    static final Datatype LB_TYPE = pending("MPI_LB", 10);
    static final Datatype UB_TYPE = pending("MPI_UB", 11);
    static final Datatype OBJECT_TYPE = pending("MPI_OBJECT", 12);
    static final Datatype SHORT2_TYPE = pending("MPI_SHORT2", 13);
    static final Datatype INT2_TYPE = pending("MPI_2INT", 14);
    static final Datatype LONG2_TYPE = pending("MPI_LONG2", 15);
    static final Datatype FLOAT2_TYPE = pending("MPI_FLOAT2", 16);
    static final Datatype DOUBLE2_TYPE = pending("MPI_DOUBLE2", 17);
    static final Datatype SHORT_INT_TYPE = pending("MPI_SHORT_INT", 18);
    static final Datatype LONG_INT_TYPE = pending("MPI_LONG_INT", 19);
    static final Datatype FLOAT_INT_TYPE = pending("MPI_FLOAT_INT", 20);
    static final Datatype DOUBLE_INT_TYPE = pending("MPI_DOUBLE_INT", 21);
    static final Datatype FLOAT_COMPLEX_TYPE = pending("MPI_FLOAT_COMPLEX", 22);
    static final Datatype DOUBLE_COMPLEX_TYPE = pending("MPI_DOUBLE_COMPLEX", 23);

    private static Datatype pending(String name, int code) {
        return new Datatype(name, code, 0, Void.class, 0);
    }

    /** MPJ Express: the type code of the basic type (UNDEFINED for derived types). */
    public int baseType = MPI.UNDEFINED;

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

    // ================================================================ surface to be built (generated stubs)

    public Datatype clone() {
        throw Unsupported.notYet("Datatype.clone");
    }

    public Datatype dup() {
        throw Unsupported.notYet("Datatype.dup");
    }

    public static Datatype createContiguous(int count, Datatype oldType) {
        throw Unsupported.notYet("Datatype.createContiguous");
    }

    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType) {
        throw Unsupported.notYet("Datatype.createVector");
    }

    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType) {
        throw Unsupported.notYet("Datatype.createHVector");
    }

    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType) {
        throw Unsupported.notYet("Datatype.createIndexed");
    }

    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType) {
        throw Unsupported.notYet("Datatype.createHIndexed");
    }

    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types) {
        throw Unsupported.notYet("Datatype.createStruct");
    }

    public static Datatype createResized(Datatype oldType, int lb, int extent) {
        throw Unsupported.notYet("Datatype.createResized");
    }

    public void setName(String name) {
        throw Unsupported.notYet("Datatype.setName");
    }

    /** Keyvals of datatypes (the keyval table is shared with communicators, see {@link Attributes}). */
    static final String ATTR_KIND = "Datatype";
    /** User attributes, made on first use. */
    private volatile Attributes attributes;

    private Attributes attributes() {
        Attributes a = attributes;
        if (a == null) {
            synchronized (this) {
                a = attributes;
                if (a == null) {
                    a = new Attributes();
                    attributes = a;
                }
            }
        }
        return a;
    }

    public static int createKeyval() {
        MPI.check("createKeyval");
        return Attributes.createKeyval(ATTR_KIND, CopyAttrFunction.DUP, DeleteAttrFunction.NULL_DELETE);
    }

    public static void freeKeyval(int keyval) {
        MPI.check("freeKeyval");
        Attributes.freeKeyval(MPI.COMM_WORLD, keyval, ATTR_KIND, "Datatype.freeKeyval");
    }

    public void setAttr(int keyval, Object value) {
        MPI.check("setAttr");
        if (value == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, "Datatype.setAttr: the value of keyval " + keyval + " is null");
        }
        attributes().set(this, Attributes.keyval(MPI.COMM_WORLD, keyval, ATTR_KIND, "Datatype.setAttr", false), value);
    }

    public Object getAttr(int keyval) {
        MPI.check("getAttr");
        Attributes.keyval(MPI.COMM_WORLD, keyval, ATTR_KIND, "Datatype.getAttr", true);
        return attributes().get(keyval);
    }

    public void deleteAttr(int keyval) {
        MPI.check("deleteAttr");
        attributes().delete(this, Attributes.keyval(MPI.COMM_WORLD, keyval, ATTR_KIND, "Datatype.deleteAttr", true));
    }

    /**
     * mpiJava 1.2 / MPJ Express declare a public {@code finalize}; programs that call it compile.
     * It does nothing: the body is empty on purpose, because a class with a non-empty finalizer
     * has every instance registered with the finalizer thread, which costs an allocation per
     * object and defeats escape analysis on the hot path.
     */
    @Override
    @Deprecated
    @SuppressWarnings({"deprecation", "removal", "checkstyle:NoFinalizer"})
    public void finalize() {
    }

    public static Datatype Contiguous(int count, Datatype oldtype) {
        throw Unsupported.notYet("Datatype.Contiguous");
    }

    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) {
        throw Unsupported.notYet("Datatype.Vector");
    }

    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) {
        throw Unsupported.notYet("Datatype.Hvector");
    }

    public static Datatype Indexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype) {
        throw Unsupported.notYet("Datatype.Indexed");
    }

    public static Datatype Hindexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype) {
        throw Unsupported.notYet("Datatype.Hindexed");
    }

    public static Datatype Struct(int[] array_of_blocklengths, int[] array_of_displacements, Datatype[] array_of_types) {
        throw Unsupported.notYet("Datatype.Struct");
    }
}

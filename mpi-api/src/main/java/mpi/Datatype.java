package mpi;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.types.BasicKind;
import org.atollmpi.engine.types.TypeLayout;

/**
 * An MPI datatype, backed by an engine {@link TypeLayout} (the predefined ones by the basic
 * layouts): the type map, its bounds and the compiled pack plan.
 *
 * <p><b>Units</b> (docs/PORTING.md, "Datatypes"): sizes, extents and bounds are reported in
 * units of the type's <em>base</em> type, as both the Open MPI bindings and mpiJava do (a
 * {@code createVector(2, 1, 3, MPI.INT)} has extent 4, not 16): the base of a predefined type is
 * itself, of a derived type the base of the type it was built from; an Open MPI
 * {@code createStruct} has base {@code MPI.BYTE} (bytes). Byte displacements: Open MPI's
 * {@code createHVector}/{@code createHIndexed}/{@code createStruct}/{@code createResized} take
 * bytes; mpiJava's {@code Hvector}/{@code Hindexed}/{@code Struct} count elements of the base
 * type (the buffer index), which is what the mpiJava 1.2 specification says.
 *
 * <p>Predefined basic types know the Java array class they describe, so checking an array of
 * that class is one class comparison and a multiply (the allocation-free fast path of
 * {@link Buffers#offset}); every other type goes through the general check, in bytes.
 *
 * <p>Derived types start uncommitted; a communication call with one raises ERR_TYPE until
 * {@link #commit}. The layout is built (and its plan compiled) by the constructor, so commit
 * only marks the type usable.
 *
 * <p><b>Dialects.</b> Open MPI: the static {@code create*} constructors, {@code commit},
 * {@code getSize}/{@code getExtent}/{@code getLb}/{@code getUb}/{@code getTrue*},
 * {@code getName}/{@code setName}, attributes ({@code getAttr} ...), {@code dup}, {@code free}.
 * mpiJava 1.2 / MPJ Express: the instance constructors {@code Contiguous}, {@code Vector},
 * {@code Hvector}, {@code Indexed}, {@code Hindexed}, the static {@code Struct}, and
 * {@code Commit}, {@code Size}, {@code Extent}, {@code Lb}, {@code Ub}, {@code getType}.
 */
public final class Datatype implements Freeable, Cloneable {
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
    static final int CODE_LB = 10;
    static final int CODE_UB = 11;
    static final int CODE_OBJECT = 12;
    // The value-and-index pair codes (pairCode()); reductions switch on them for MINLOC/MAXLOC.
    static final int CODE_SHORT2 = 13;
    static final int CODE_INT2 = 14;
    static final int CODE_LONG2 = 15;
    static final int CODE_FLOAT2 = 16;
    static final int CODE_DOUBLE2 = 17;
    static final int CODE_SHORT_INT = 18;
    static final int CODE_LONG_INT = 19;
    static final int CODE_FLOAT_INT = 20;
    static final int CODE_DOUBLE_INT = 21;
    static final int CODE_FLOAT_COMPLEX = 22;
    static final int CODE_DOUBLE_COMPLEX = 23;

    /** {@link #pairCode()} of a type that is not a value-and-index pair. */
    static final int PAIR_NONE = 0;

    static final Datatype NULL_TYPE =
        new Datatype("MPI_DATATYPE_NULL", CODE_NULL, TypeLayout.contiguous(0, TypeLayout.BYTE), 1);
    static final Datatype BYTE_TYPE = basic("MPI_BYTE", CODE_BYTE, BasicKind.BYTE, byte[].class);
    static final Datatype CHAR_TYPE = basic("MPI_CHAR", CODE_CHAR, BasicKind.CHAR, char[].class);
    static final Datatype SHORT_TYPE = basic("MPI_SHORT", CODE_SHORT, BasicKind.SHORT, short[].class);
    static final Datatype BOOLEAN_TYPE = basic("MPI_BOOLEAN", CODE_BOOLEAN, BasicKind.BOOLEAN, boolean[].class);
    static final Datatype INT_TYPE = basic("MPI_INT", CODE_INT, BasicKind.INT, int[].class);
    static final Datatype LONG_TYPE = basic("MPI_LONG", CODE_LONG, BasicKind.LONG, long[].class);
    static final Datatype FLOAT_TYPE = basic("MPI_FLOAT", CODE_FLOAT, BasicKind.FLOAT, float[].class);
    static final Datatype DOUBLE_TYPE = basic("MPI_DOUBLE", CODE_DOUBLE, BasicKind.DOUBLE, double[].class);
    static final Datatype PACKED_TYPE = basic("MPI_PACKED", CODE_PACKED, BasicKind.BYTE, byte[].class);

    /** mpiJava's bound markers: no data; they place lb/ub in a {@link #Struct}. */
    static final Datatype LB_TYPE = new Datatype("MPI_LB", CODE_LB, TypeLayout.LB, 1);
    static final Datatype UB_TYPE = new Datatype("MPI_UB", CODE_UB, TypeLayout.UB, 1);
    /**
     * Serialized objects (mpiJava): not memory. The communication calls take the object path
     * ({@link ObjectTransfer}) before any buffer is checked; the byte layout here only gives the
     * type a size of 1 for the calls that ask.
     */
    static final Datatype OBJECT_TYPE = new Datatype("MPI_OBJECT", CODE_OBJECT, TypeLayout.BYTE, 1);

    // MPJ Express: contiguous pairs of one kind, on arrays of that kind (INT2 on int[]).
    static final Datatype SHORT2_TYPE = pair("MPI_SHORT2", CODE_SHORT2, SHORT_TYPE, BasicKind.SHORT, BasicKind.SHORT, 2, 4);
    static final Datatype INT2_TYPE = pair("MPI_2INT", CODE_INT2, INT_TYPE, BasicKind.INT, BasicKind.INT, 4, 8);
    static final Datatype LONG2_TYPE = pair("MPI_LONG2", CODE_LONG2, LONG_TYPE, BasicKind.LONG, BasicKind.LONG, 8, 16);
    static final Datatype FLOAT2_TYPE = pair("MPI_FLOAT2", CODE_FLOAT2, FLOAT_TYPE, BasicKind.FLOAT, BasicKind.FLOAT, 4, 8);
    static final Datatype DOUBLE2_TYPE =
        pair("MPI_DOUBLE2", CODE_DOUBLE2, DOUBLE_TYPE, BasicKind.DOUBLE, BasicKind.DOUBLE, 8, 16);
    // Open MPI: {value, int index} with C's layout (the index aligned, the extent padded), the
    // layout of the ShortInt/LongInt/FloatInt/DoubleInt views; base BYTE (a ByteBuffer of structs).
    static final Datatype SHORT_INT_TYPE =
        pair("MPI_SHORT_INT", CODE_SHORT_INT, BYTE_TYPE, BasicKind.SHORT, BasicKind.INT, 4, 8);
    static final Datatype LONG_INT_TYPE =
        pair("MPI_LONG_INT", CODE_LONG_INT, BYTE_TYPE, BasicKind.LONG, BasicKind.INT, 8, 16);
    static final Datatype FLOAT_INT_TYPE =
        pair("MPI_FLOAT_INT", CODE_FLOAT_INT, BYTE_TYPE, BasicKind.FLOAT, BasicKind.INT, 4, 8);
    static final Datatype DOUBLE_INT_TYPE =
        pair("MPI_DOUBLE_INT", CODE_DOUBLE_INT, BYTE_TYPE, BasicKind.DOUBLE, BasicKind.INT, 8, 16);
    static final Datatype FLOAT_COMPLEX_TYPE = new Datatype("MPI_FLOAT_COMPLEX", CODE_FLOAT_COMPLEX,
        TypeLayout.contiguous(2, TypeLayout.FLOAT), FLOAT_TYPE, true, PAIR_NONE, 0);
    static final Datatype DOUBLE_COMPLEX_TYPE = new Datatype("MPI_DOUBLE_COMPLEX", CODE_DOUBLE_COMPLEX,
        TypeLayout.contiguous(2, TypeLayout.DOUBLE), DOUBLE_TYPE, true, PAIR_NONE, 0);

    /** MPJ Express: the type code of the base type ({@link #getType()} of the base). */
    public int baseType = MPI.UNDEFINED;

    private volatile String name;
    private final int code;
    /** The type map, bounds and plan. */
    final TypeLayout layout;
    /** Bytes of data in one item. */
    final int size;
    /** The array class the fast path accepts; {@code Void.class} (none) for all but the basic types. */
    final Class<?> arrayClass;
    final long arrayBase;
    /** {@code count} items are one run of bytes: no packing, straight to the engine. */
    final boolean contiguous;
    /**
     * What {@link Buffers#offset} adds to an item's start: {@code lb} for a contiguous type (its
     * data begin there), 0 otherwise (the pack plan adds the block offsets itself).
     */
    final long dataLb;
    /** Bytes of the base type: the unit of getSize/getExtent/getLb/... and of mpiJava displacements. */
    final int baseSize;
    private final Datatype base;
    final boolean predefined;

    /**
     * Whether MPI_Compare_and_swap takes this type: the integer, logical and byte categories
     * (MPI-3.1 11.3.4.4), that is MPI.BYTE, SHORT, INT, LONG and BOOLEAN; not the floating-point
     * types, MPI.CHAR (a character), PACKED, the pairs or derived types.
     */
    final boolean comparable() {
        return code == CODE_BYTE || code == CODE_SHORT || code == CODE_INT || code == CODE_LONG || code == CODE_BOOLEAN;
    }
    /** {@link #CODE_SHORT2}..{@link #CODE_DOUBLE_INT} for the pair types and their dups, else 0. */
    private final int pair;
    /** Bytes from the start of a pair to its index. */
    private final int pairIndexOffset;
    private final boolean complex;
    /**
     * The predefined type whose values this type's data are, every one of them (a vector of
     * DOUBLE_COMPLEX: DOUBLE_COMPLEX; a struct of ints and doubles: null). Reductions compute on
     * it: its kind, and {@code size / reducesAs.size} values per item.
     */
    private Datatype reducesAs;
    private volatile boolean committed;
    private volatile boolean freed;

    private static Datatype basic(String name, int code, BasicKind kind, Class<?> arrayClass) {
        return new Datatype(name, code, TypeLayout.basic(kind), arrayClass, kind.arrayBase(), kind.size(), null,
            true, false, PAIR_NONE, 0);
    }

    private static Datatype pair(String name, int code, Datatype base, BasicKind value, BasicKind index,
                                 int indexOffset, int extent) {
        TypeLayout layout = TypeLayout.struct(new int[] {1, 1}, new int[] {0, indexOffset},
            new TypeLayout[] {TypeLayout.basic(value), TypeLayout.basic(index)});
        if (layout.extent() != extent) {
            layout = TypeLayout.resized(layout, 0, extent);
        }
        return new Datatype(name, code, layout, base, false, code, indexOffset);
    }

    /** A predefined type with no array of its own (null type, markers, OBJECT). */
    private Datatype(String name, int code, TypeLayout layout, int baseSize) {
        this(name, code, layout, Void.class, 0, baseSize, null, true, false, PAIR_NONE, 0);
    }

    /** A predefined pair or complex type. */
    private Datatype(String name, int code, TypeLayout layout, Datatype base, boolean complex, int pair,
                     int pairIndexOffset) {
        this(name, code, layout, Void.class, 0, base.baseSize, base, true, complex, pair, pairIndexOffset);
    }

    private Datatype(String name, int code, TypeLayout layout, Class<?> arrayClass, long arrayBase, int baseSize,
                     Datatype base, boolean predefined, boolean complex, int pair, int pairIndexOffset) {
        this.name = name;
        this.code = code;
        this.layout = layout;
        this.size = layout.size();
        this.arrayClass = arrayClass;
        this.arrayBase = arrayBase;
        this.contiguous = layout.isContiguous();
        this.dataLb = contiguous ? layout.lb() : 0;
        this.baseSize = baseSize;
        this.base = base == null ? this : base;
        this.predefined = predefined;
        this.complex = complex;
        this.pair = pair;
        this.pairIndexOffset = pairIndexOffset;
        this.committed = predefined;
        this.baseType = this.base.code;
        this.reducesAs = predefined ? this : null;
    }

    /** A derived type over {@code layout}, its base {@code base}, made of {@code old}'s data; uncommitted. */
    private static Datatype derived(TypeLayout layout, Datatype base, Datatype old) {
        Datatype d = new Datatype("", base.code, layout, Void.class, 0, base.baseSize, base, false, false, PAIR_NONE, 0);
        d.reducesAs = old == null ? null : old.reducesAs;
        return d;
    }

    /** See {@link #reducesAs}; null when the data mix kinds. */
    Datatype reducesAs() {
        return reducesAs;
    }

    // ================================================================ for the other parts of package mpi

    /** The engine layout (type map, bounds, plan). */
    TypeLayout layout() {
        return layout;
    }

    /** Whether {@code count} items are one run of bytes (no packing). */
    boolean isContiguous() {
        return contiguous;
    }

    /** MPI.OBJECT, or a type derived from it (its elements are objects of an {@code Object[]}). */
    boolean isObject() {
        return base == OBJECT_TYPE;
    }

    /** {@link #objectDisplacements}, computed once. */
    private volatile int[] objectDisplacements;

    /**
     * A type derived from MPI.OBJECT: the displacement, in objects from the item's origin, of
     * each of its {@link #size} objects in type-map order (an OBJECT element is one "byte" of the
     * layout). Read off the pack plan: four planes of the indices' bytes, packed as the type.
     */
    int[] objectDisplacements() {
        int[] d = objectDisplacements;
        if (d != null) {
            return d;
        }
        long lo = Math.min(0, layout.trueLb());
        long span = Math.max(layout.trueUb(), 0) - lo;
        d = new int[size];
        byte[] plane = new byte[(int) span];
        for (int k = 0; k < 4; k++) {
            for (int i = 0; i < plane.length; i++) {
                plane[i] = (byte) (i >>> (8 * k));
            }
            byte[] packed = packToArray(plane, Addresses.BYTE_ARRAY_BASE - lo, 1);
            for (int j = 0; j < size; j++) {
                d[j] |= (packed[j] & 0xFF) << (8 * k);
            }
        }
        for (int j = 0; j < size; j++) {
            d[j] += (int) lo;
        }
        objectDisplacements = d;
        return d;
    }

    /**
     * The kind of every basic element when all are one kind (reductions on basic types,
     * contiguous pairs of one kind and the complex types); null for mixed kinds, markers only and
     * OBJECT.
     */
    BasicKind elementKind() {
        return isObject() ? null : layout.homogeneousKind();
    }

    /** {@link #CODE_SHORT2}...{@link #CODE_DOUBLE_INT} for a value-and-index pair type (or a dup of one), else {@link #PAIR_NONE}. */
    int pairCode() {
        return pair;
    }

    /** The kind of a pair's value (its first element); null when not a pair. */
    BasicKind pairValueKind() {
        return pair == PAIR_NONE ? null : layout.runKind(0);
    }

    /** Bytes from a pair's start to its index (an int, or the value's kind for SHORT2..DOUBLE2). */
    int pairIndexOffset() {
        return pairIndexOffset;
    }

    /** FLOAT_COMPLEX / DOUBLE_COMPLEX (or a dup): pairs that SUM and PROD treat as complex numbers. */
    boolean isComplex() {
        return complex;
    }

    /**
     * Raises ERR_TYPE unless this type can describe data in a communication: not freed,
     * committed, and not the null type.
     */
    /** Committed and not freed: {@link #checkUsable} passes. */
    boolean usable() {
        return committed && !freed;
    }

    void checkUsable(Comm comm, String call) {
        if (freed) {
            throw comm.raise(ErrorClass.TYPE, call + ": datatype " + this + " has been freed");
        }
        if (!committed) {
            throw comm.raise(ErrorClass.TYPE, call + ": datatype " + this + " is not committed (call commit() first)");
        }
    }

    /** Packs {@code count} items whose first starts at {@code (base, itemStart)} into a new byte[]. */
    byte[] packToArray(Object base, long itemStart, int count) {
        byte[] packed = new byte[count * size];
        layout.plan().pack(base, itemStart, count, packed, Addresses.BYTE_ARRAY_BASE);
        return packed;
    }

    /**
     * Unpacks the first {@code bytes} bytes of {@code packed} into items starting at
     * {@code (base, itemStart)}: a receive (possibly of a short message) completing.
     */
    void unpackFromArray(byte[] packed, int bytes, Object base, long itemStart) {
        layout.plan().unpackBytes(packed, Addresses.BYTE_ARRAY_BASE, Math.min(bytes, packed.length), base, itemStart);
    }

    /** Bytes of packed data holding the first {@code elements} basic elements (MPI_Status_set_elements). */
    long bytesOfElements(long elements) {
        long perItem = layout.elementCount();
        if (perItem == 0) {
            return 0;
        }
        long items = elements / perItem;
        long left = elements - items * perItem;
        long bytes = items * size;
        for (int r = 0; r < layout.runCount() && left > 0; r++) {
            long take = Math.min(left, layout.runElements(r));
            bytes += take * layout.runKind(r).size();
            left -= take;
        }
        return bytes;
    }

    private static MPIException error(int errorClass, String message) {
        return MPI.COMM_WORLD.raise(errorClass, message);
    }

    /** The engine's message for a layout constructor, reworded to name the API call. */
    private static MPIException error(EngineException e, String call) {
        String message = e.getMessage();
        int colon = message == null ? -1 : message.indexOf(": ");
        return error(e.errorClass(), call + ": " + (colon >= 0 ? message.substring(colon + 2) : message));
    }

    private static Datatype old(Datatype type, String call, String argument) {
        if (type == null) {
            throw error(ErrorClass.TYPE, call + ": " + argument + " is null");
        }
        if (type == NULL_TYPE || type.freed) {
            throw error(ErrorClass.TYPE, call + ": " + argument + " is " + (type.freed ? "a freed datatype" : "MPI_DATATYPE_NULL"));
        }
        return type;
    }

    private static int[] scaled(int[] displacements, int unit, String call) {
        if (displacements == null) {
            throw error(ErrorClass.ARG, call + ": displacements is null");
        }
        int[] bytes = new int[displacements.length];
        for (int i = 0; i < bytes.length; i++) {
            long b = (long) displacements[i] * unit;
            if (b != (int) b) {
                throw error(ErrorClass.ARG, call + ": displacement " + displacements[i] + " of " + unit
                    + "-byte elements overflows an int of bytes");
            }
            bytes[i] = (int) b;
        }
        return bytes;
    }

    // ================================================================ bounds and sizes

    /*
     * Units. The Open MPI getters answer in bytes, as MPI_Type_size/MPI_Type_get_extent do and as
     * the Open MPI bindings pass them through; they agree with createHVector/createHIndexed/
     * createStruct/createResized, which take bytes, so createResized(t, 0, 3 * MPI.DOUBLE.getExtent())
     * means three doubles. The mpiJava 1.2 getters (Size, Extent, Lb, Ub) answer in elements of the
     * base type, as that specification defines them for a buffer that is one Java array.
     */

    private int units(long bytes, String call) {
        return bytes(bytes / baseSize, call);
    }

    /** A bound or extent as the int the API returns; ERR_COUNT (through the handler) when it does not fit. */
    private int bytes(long value, String call) {
        if (value != (int) value) {
            throw error(ErrorClass.COUNT, call + ": the value " + value + " of " + this
                + " does not fit the int this call returns");
        }
        return (int) value;
    }

    /** ERR_TYPE naming {@code call} for a freed type (MPI: its handle is MPI_DATATYPE_NULL). */
    private Datatype notFreed(String call) {
        if (freed) {
            throw error(ErrorClass.TYPE, call + ": datatype " + this + " has been freed");
        }
        return this;
    }

    /** Bytes of data in one item (MPI_Type_size). */
    public int getSize() {
        return notFreed("getSize").size;
    }

    /** Span of one item, {@code ub - lb}, in bytes (MPI_Type_get_extent). */
    public int getExtent() {
        return bytes(notFreed("getExtent").layout.extent(), "getExtent");
    }

    public int getLb() {
        return bytes(notFreed("getLb").layout.lb(), "getLb");
    }

    public int getUb() {
        return bytes(notFreed("getUb").layout.ub(), "getUb");
    }

    public int getTrueLb() {
        return bytes(notFreed("getTrueLb").layout.trueLb(), "getTrueLb");
    }

    public int getTrueExtent() {
        return bytes(notFreed("getTrueExtent").layout.trueExtent(), "getTrueExtent");
    }

    /** Makes a derived type usable in communication; predefined types need none and allow it. */
    public void commit() {
        commit("commit");
    }

    private void commit(String call) {
        if (freed) {
            throw error(ErrorClass.TYPE, call + ": datatype " + this + " has been freed");
        }
        committed = true;
    }

    /** Frees a derived type; predefined types cannot be freed (MPI_ERR_TYPE). */
    @Override
    public void free() {
        if (predefined) {
            throw error(ErrorClass.TYPE, "free: " + name + " is predefined and cannot be freed");
        }
        if (freed) {
            throw error(ErrorClass.TYPE, "free: datatype " + this + " has been freed already");
        }
        freed = true;
    }

    /** True for DATATYPE_NULL and for a freed type (its handle is null, as in Open MPI). */
    public boolean isNull() {
        return this == NULL_TYPE || freed;
    }

    /** The name; derived types have none ("") until {@link #setName}. */
    public String getName() {
        return notFreed("getName").name;
    }

    /**
     * Basic elements in {@code bytes} bytes of data of this type (MPI_Get_elements), or -1 when
     * they are not a whole number of elements. The one place Status asks; a derived type counts
     * the basic elements of its type map here (whole copies, then the elements of a partial one).
     */
    long elementsIn(long bytes) {
        return layout.elementsIn(bytes);
    }

    // ---- mpiJava 1.2 / MPJ Express names ----

    /** mpiJava 1.2: elements of the base type holding data in one item. */
    public int Size() {
        return units(notFreed("Size").size, "Size");
    }

    /** mpiJava 1.2: the extent in elements of the base type. */
    public int Extent() {
        return units(notFreed("Extent").layout.extent(), "Extent");
    }

    public int Lb() {
        return units(notFreed("Lb").layout.lb(), "Lb");
    }

    public int Ub() {
        return units(notFreed("Ub").layout.ub(), "Ub");
    }

    public void Commit() {
        commit("Commit");
    }

    /** MPJ Express: the type code of the base type (MPI.BYTE is 1 ... MPI.OBJECT is 12). */
    public int getType() {
        return notFreed("getType").base.code;
    }

    /** MPJ Express: bytes per element of the base type. */
    public int getByteSize() {
        return notFreed("getByteSize").baseSize;
    }

    @Override
    public String toString() {
        String n = name;
        if (!n.isEmpty()) {
            return n;
        }
        return "derived " + layout.constructor() + " type (" + size + " bytes of data, extent "
            + layout.extent() + " bytes)";
    }

    // ================================================================ derived datatypes and the rest of the public surface

    /** Open MPI: the same as {@link #dup}. */
    public Datatype clone() {
        return dup("clone");
    }

    /** A new type with the same type map, committed state and attributes (MPI_Type_dup); no name. */
    public Datatype dup() {
        return dup("dup");
    }

    private Datatype dup(String call) {
        if (freed) {
            throw error(ErrorClass.TYPE, call + ": datatype " + this + " has been freed");
        }
        Datatype d = new Datatype("", code, TypeLayout.dup(layout), Void.class, 0, baseSize, base, false, complex,
            pair, pairIndexOffset);
        d.committed = committed;
        d.reducesAs = reducesAs;
        Attributes a = attributes;
        if (a != null) {
            d.attributes = a.copyFor(this);
        }
        return d;
    }

    /** {@code count} copies of {@code oldType}, one extent apart. */
    public static Datatype createContiguous(int count, Datatype oldType) {
        return contiguous(count, oldType, "createContiguous");
    }

    private static Datatype contiguous(int count, Datatype oldType, String call) {
        Datatype old = old(oldType, call, "oldType");
        try {
            return derived(TypeLayout.contiguous(count, old.layout), old.base, old);
        } catch (EngineException e) {
            throw error(e, call);
        }
    }

    /** {@code count} blocks of {@code blockLength} elements, {@code stride} extents of {@code oldType} apart. */
    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType) {
        return vector(count, blockLength, stride, oldType, "createVector");
    }

    private static Datatype vector(int count, int blockLength, int stride, Datatype oldType, String call) {
        Datatype old = old(oldType, call, "oldType");
        try {
            return derived(TypeLayout.vector(count, blockLength, stride, old.layout), old.base, old);
        } catch (EngineException e) {
            throw error(e, call);
        }
    }

    /** As {@link #createVector}, the stride in bytes. */
    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType) {
        return hvector(count, blockLength, stride, 1, oldType, "createHVector");
    }

    private static Datatype hvector(int count, int blockLength, int stride, int unit, Datatype oldType, String call) {
        Datatype old = old(oldType, call, "oldType");
        try {
            return derived(TypeLayout.hvector(count, blockLength, (long) stride * (unit == 0 ? old.baseSize : unit),
                old.layout), old.base, old);
        } catch (EngineException e) {
            throw error(e, call);
        }
    }

    /** Block {@code i}: {@code blockLengths[i]} elements at {@code displacements[i]} extents of {@code oldType}. */
    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType) {
        return indexed(blockLengths, displacements, oldType, "createIndexed");
    }

    private static Datatype indexed(int[] blockLengths, int[] displacements, Datatype oldType, String call) {
        Datatype old = old(oldType, call, "oldType");
        try {
            return derived(TypeLayout.indexed(blockLengths, displacements, old.layout), old.base, old);
        } catch (EngineException e) {
            throw error(e, call);
        }
    }

    /** As {@link #createIndexed}, the displacements in bytes. */
    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType) {
        return hindexed(blockLengths, displacements, 1, oldType, "createHIndexed");
    }

    private static Datatype hindexed(int[] blockLengths, int[] displacements, int unit, Datatype oldType,
                                     String call) {
        Datatype old = old(oldType, call, "oldType");
        try {
            int[] bytes = displacements == null ? null : scaled(displacements, unit == 0 ? old.baseSize : unit, call);
            return derived(TypeLayout.hindexed(blockLengths, bytes, old.layout), old.base, old);
        } catch (EngineException e) {
            throw error(e, call);
        }
    }

    /**
     * Block {@code i}: {@code blockLengths[i]} items of {@code types[i]} at {@code displacements[i]}
     * bytes. The result's base is MPI.BYTE: its sizes and extents are bytes, as its displacements.
     */
    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types) {
        return struct(blockLengths, displacements, types, false, "createStruct");
    }

    /**
     * @param mpj mpiJava's Struct: every type must have the same base (the buffer is one array),
     *            displacements count elements of it, and the result has that base.
     */
    private static Datatype struct(int[] blockLengths, int[] displacements, Datatype[] types, boolean mpj,
                                   String call) {
        if (types == null) {
            throw error(ErrorClass.ARG, call + ": types is null");
        }
        TypeLayout[] layouts = new TypeLayout[types.length];
        Datatype common = null;
        for (int i = 0; i < types.length; i++) {
            Datatype t = old(types[i], call, "types[" + i + "]");
            layouts[i] = t.layout;
            if (t.isObject() && !mpj) {
                throw error(ErrorClass.TYPE, call + ": types[" + i + "] is " + t + ", built on MPI.OBJECT, which only"
                    + " mpiJava's Struct takes");
            }
            if (mpj && t != LB_TYPE && t != UB_TYPE && common != null && t.isObject() != common.isObject()) {
                throw error(ErrorClass.TYPE, call + ": types[" + i + "] (" + t + ") has base type " + t.base
                    + " but the earlier types have " + common + " (MPI.OBJECT does not mix with other types)");
            }
            if (mpj && t != LB_TYPE && t != UB_TYPE) {
                if (common == null) {
                    common = t.base;
                } else if (t.base.baseSize != common.baseSize || t.base.layout.homogeneousKind()
                        != common.layout.homogeneousKind()) {
                    throw error(ErrorClass.TYPE, call + ": types[" + i + "] (" + t + ") has base type " + t.base
                        + " but the earlier types have " + common
                        + " (an mpiJava Struct describes one array: all its types must share a base type)");
                }
            }
        }
        Datatype base = mpj && common != null ? common : BYTE_TYPE;
        // The values a reduction sees: one predefined type shared by every member (markers aside).
        Datatype values = null;
        boolean mixed = false;
        for (Datatype t : types) {
            if (t != LB_TYPE && t != UB_TYPE && t.size > 0) {
                mixed |= values != null && values != t.reducesAs || t.reducesAs == null;
                values = t.reducesAs;
            }
        }
        try {
            int[] bytes = mpj && displacements != null ? scaled(displacements, base.baseSize, call) : displacements;
            return derived(TypeLayout.struct(blockLengths, bytes, layouts), base, mixed ? null : values);
        } catch (EngineException e) {
            throw error(e, call);
        }
    }

    /** The data of {@code oldType} with new bounds: lower bound {@code lb} and extent {@code extent}, in bytes. */
    public static Datatype createResized(Datatype oldType, int lb, int extent) {
        String call = "createResized";
        Datatype old = old(oldType, call, "oldType");
        try {
            return derived(TypeLayout.resized(old.layout, lb, extent), old.base, old);
        } catch (EngineException e) {
            throw error(e, call);
        }
    }

    public void setName(String name) {
        if (name == null) {
            throw error(ErrorClass.ARG, "setName: name is null");
        }
        if (freed) {
            throw error(ErrorClass.TYPE, "setName: datatype " + this + " has been freed");
        }
        this.name = name;
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

    /** The value set for {@code keyval}, or {@code null} when none is. */
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
        return contiguous(count, oldtype, "Contiguous");
    }

    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) {
        return vector(count, blocklength, stride, oldtype, "Vector");
    }

    /** mpiJava: as {@link #Vector}, the stride in elements of the base type (the buffer index), not in extents. */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) {
        return hvector(count, blocklength, stride, 0, oldtype, "Hvector");
    }

    public static Datatype Indexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype) {
        return indexed(array_of_blocklengths, array_of_displacements, oldtype, "Indexed");
    }

    /** mpiJava: as {@link #Indexed}, the displacements in elements of the base type (the buffer index). */
    public static Datatype Hindexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype) {
        return hindexed(array_of_blocklengths, array_of_displacements, 0, oldtype, "Hindexed");
    }

    /**
     * mpiJava: the types share one base type (MPI.LB and MPI.UB aside) and the displacements
     * count its elements.
     */
    public static Datatype Struct(int[] array_of_blocklengths, int[] array_of_displacements, Datatype[] array_of_types) {
        return struct(array_of_blocklengths, array_of_displacements, array_of_types, true, "Struct");
    }
}

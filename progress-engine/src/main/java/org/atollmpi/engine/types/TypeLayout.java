package org.atollmpi.engine.types;

import java.util.Arrays;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;

/**
 * A committed MPI datatype: its type map, its bounds, and the compiled {@link PackPlan} that moves
 * its data. Immutable, so one layout may be shared by any number of threads and derived types.
 *
 * <p>The type map is kept flattened, as <em>runs</em>: {@code (kind, byte displacement, element
 * count)}, consecutive elements of one kind merged, in type-map order. Reductions walk the runs;
 * the plan walks the same map merged further into kind-blind byte blocks.
 *
 * <p><b>Bounds, by the MPI-3 rules (section 4.1.6).</b> With no lower-bound marker in the type
 * map, {@code lb} is the least displacement of any entry; with markers, the least marker. With no
 * upper-bound marker, {@code ub} is the greatest {@code displacement + size} of any entry; with
 * markers, the greatest marker. Markers come from {@link #LB} and {@link #UB} in a
 * {@link #struct struct} (mpiJava's {@code MPI.LB}/{@code MPI.UB}, MPI-1's {@code MPI_LB}/
 * {@code MPI_UB}) and from {@link #resized}, which erases the old markers and sets a new pair.
 * Markers are part of the type map, so every constructor replicates them with the data: a vector
 * of a resized type has the resized bounds at each copy, which is what "sticky" bounds mean.
 * {@code trueLb}/{@code trueUb} ignore markers and cover the data only.
 *
 * <p><b>No alignment padding.</b> MPI adds an "epsilon" to {@code ub} so that the extent is a
 * multiple of the strictest alignment in the type (a C {@code struct {double; char;}} has extent
 * 16). It is not applied here: Java arrays and the {@code (base, offset)} addressing have no
 * alignment rule to honour, and padding would make a struct type over one array skip elements.
 * A program that wants padding says so with {@link #resized}.
 *
 * <p>Displacements and extents are bytes ({@code long}); the mpiJava layer, which counts in
 * elements of the buffer's array, scales them before calling. The data of one item (its size) is
 * limited to {@code 2^31 - 1} bytes, as MPI's {@code int} sizes are.
 */
public final class TypeLayout {
    /** What {@link #elementsIn} returns when the bytes end inside a basic element (MPI_UNDEFINED). */
    public static final long UNDEFINED = -1;

    private static final TypeLayout[] BASIC = new TypeLayout[BasicKind.values().length];

    static {
        for (BasicKind kind : BasicKind.values()) {
            BASIC[kind.ordinal()] = basicOf(kind);
        }
    }

    public static final TypeLayout BYTE = BASIC[BasicKind.BYTE.ordinal()];
    public static final TypeLayout CHAR = BASIC[BasicKind.CHAR.ordinal()];
    public static final TypeLayout SHORT = BASIC[BasicKind.SHORT.ordinal()];
    public static final TypeLayout BOOLEAN = BASIC[BasicKind.BOOLEAN.ordinal()];
    public static final TypeLayout INT = BASIC[BasicKind.INT.ordinal()];
    public static final TypeLayout LONG = BASIC[BasicKind.LONG.ordinal()];
    public static final TypeLayout FLOAT = BASIC[BasicKind.FLOAT.ordinal()];
    public static final TypeLayout DOUBLE = BASIC[BasicKind.DOUBLE.ordinal()];

    /** The lower-bound marker: no data, size 0, sets {@code lb} where a struct places it. */
    public static final TypeLayout LB = marker("LB", true);
    /** The upper-bound marker: no data, size 0, sets {@code ub} where a struct places it. */
    public static final TypeLayout UB = marker("UB", false);

    private final String constructor;
    private final int size;
    private final long elementCount;
    private final long lb;
    private final long ub;
    private final long trueLb;
    private final long trueUb;

    // What a type built from this one needs to work out its own bounds: the span of every entry,
    // markers included, and the markers apart.
    private final boolean hasEntries;
    private final long entryMin;
    private final long entryMax;
    private final boolean hasLbMarker;
    private final long lbMarker;
    private final boolean hasUbMarker;
    private final long ubMarker;

    private final byte[] runKinds;
    private final long[] runOffsets;
    private final int[] runElements;
    /** Packed bytes up to the end of each run; elements likewise: {@link #elementsIn} searches them. */
    private final int[] runPackedEnds;
    private final int[] runElementEnds;
    private final BasicKind homogeneousKind;
    private final PackPlan plan;

    private TypeLayout(Builder b) {
        this.constructor = b.constructor;
        this.size = (int) b.size;
        this.elementCount = b.elements;
        this.hasEntries = b.hasEntries;
        this.entryMin = b.entryMin;
        this.entryMax = b.entryMax;
        this.hasLbMarker = b.hasLbMarker;
        this.lbMarker = b.lbMarker;
        this.hasUbMarker = b.hasUbMarker;
        this.ubMarker = b.ubMarker;
        this.lb = hasLbMarker ? lbMarker : hasEntries ? entryMin : 0;
        this.ub = hasUbMarker ? ubMarker : hasEntries ? entryMax : 0;
        this.trueLb = b.hasData ? b.trueLb : 0;
        this.trueUb = b.hasData ? b.trueUb : 0;

        int runs = b.runs;
        this.runKinds = Arrays.copyOf(b.kinds, runs);
        this.runOffsets = Arrays.copyOf(b.offsets, runs);
        this.runElements = Arrays.copyOf(b.counts, runs);
        this.runPackedEnds = new int[runs];
        this.runElementEnds = new int[runs];
        int packed = 0;
        int elements = 0;
        BasicKind only = runs == 0 ? null : BasicKind.ofOrdinal(runKinds[0]);
        for (int r = 0; r < runs; r++) {
            BasicKind kind = BasicKind.ofOrdinal(runKinds[r]);
            packed += runElements[r] * kind.size();
            elements += runElements[r];
            runPackedEnds[r] = packed;
            runElementEnds[r] = elements;
            if (kind != only) {
                only = null;
            }
        }
        this.homogeneousKind = only;
        this.plan = PackPlan.compile(this);
    }

    private TypeLayout(TypeLayout original) {
        this.constructor = "dup";
        this.size = original.size;
        this.elementCount = original.elementCount;
        this.lb = original.lb;
        this.ub = original.ub;
        this.trueLb = original.trueLb;
        this.trueUb = original.trueUb;
        this.hasEntries = original.hasEntries;
        this.entryMin = original.entryMin;
        this.entryMax = original.entryMax;
        this.hasLbMarker = original.hasLbMarker;
        this.lbMarker = original.lbMarker;
        this.hasUbMarker = original.hasUbMarker;
        this.ubMarker = original.ubMarker;
        this.runKinds = original.runKinds;
        this.runOffsets = original.runOffsets;
        this.runElements = original.runElements;
        this.runPackedEnds = original.runPackedEnds;
        this.runElementEnds = original.runElementEnds;
        this.homogeneousKind = original.homogeneousKind;
        this.plan = original.plan;
    }

    private static TypeLayout basicOf(BasicKind kind) {
        Builder b = new Builder(kind.name());
        b.entries(0, kind.size());
        b.data(0, kind.size());
        b.appendRun(kind.ordinal(), 0, 1, kind.size());
        b.size = kind.size();
        b.elements = 1;
        return new TypeLayout(b);
    }

    private static TypeLayout marker(String name, boolean lower) {
        Builder b = new Builder(name);
        b.entries(0, 0);
        if (lower) {
            b.lbMarker(0);
        } else {
            b.ubMarker(0);
        }
        return new TypeLayout(b);
    }

    // ---- predefined ----------------------------------------------------------------------------

    /** The predefined layout of one basic kind: one element at displacement 0. */
    public static TypeLayout basic(BasicKind kind) {
        return BASIC[kind.ordinal()];
    }

    // ---- constructors --------------------------------------------------------------------------

    /** MPI_Type_contiguous: {@code count} copies of {@code old}, one extent apart. */
    public static TypeLayout contiguous(int count, TypeLayout old) {
        String op = "contiguous";
        checkCount(op, "count", count);
        checkType(op, "oldType", old);
        Builder b = new Builder(op);
        b.copies(old, 0, old.extent(), count);
        return b.build();
    }

    /**
     * MPI_Type_vector: {@code count} blocks of {@code blocklength} copies of {@code old}, block
     * {@code i} starting {@code i * stride} extents of {@code old} from the start. The stride may
     * be negative or smaller than the block (blocks then overlap; a receive into them is
     * erroneous MPI, a send is not).
     */
    public static TypeLayout vector(int count, int blocklength, int stride, TypeLayout old) {
        String op = "vector";
        checkCount(op, "count", count);
        checkBlocklength(op, "blocklength", blocklength);
        checkType(op, "oldType", old);
        return strided(op, count, blocklength, multiply(op, stride, old.extent()), old);
    }

    /** MPI_Type_create_hvector: as {@link #vector}, the stride in bytes. */
    public static TypeLayout hvector(int count, int blocklength, long strideBytes, TypeLayout old) {
        String op = "hvector";
        checkCount(op, "count", count);
        checkBlocklength(op, "blocklength", blocklength);
        checkType(op, "oldType", old);
        return strided(op, count, blocklength, strideBytes, old);
    }

    private static TypeLayout strided(String op, int count, int blocklength, long strideBytes, TypeLayout old) {
        Builder b = new Builder(op);
        long extent = old.extent();
        for (int i = 0; i < count; i++) {
            b.copies(old, multiply(op, i, strideBytes), extent, blocklength);
        }
        return b.build();
    }

    /**
     * MPI_Type_indexed: block {@code i} is {@code blocklengths[i]} copies of {@code old} starting
     * {@code displacements[i]} extents of {@code old} from the start.
     */
    public static TypeLayout indexed(int[] blocklengths, int[] displacements, TypeLayout old) {
        String op = "indexed";
        checkBlocks(op, blocklengths, "displacements", displacements);
        checkType(op, "oldType", old);
        Builder b = new Builder(op);
        long extent = old.extent();
        for (int i = 0; i < blocklengths.length; i++) {
            b.copies(old, multiply(op, displacements[i], extent), extent, blocklengths[i]);
        }
        return b.build();
    }

    /** MPI_Type_create_hindexed: as {@link #indexed}, the displacements in bytes. */
    public static TypeLayout hindexed(int[] blocklengths, int[] byteDisplacements, TypeLayout old) {
        String op = "hindexed";
        checkBlocks(op, blocklengths, "byteDisplacements", byteDisplacements);
        checkType(op, "oldType", old);
        Builder b = new Builder(op);
        long extent = old.extent();
        for (int i = 0; i < blocklengths.length; i++) {
            b.copies(old, byteDisplacements[i], extent, blocklengths[i]);
        }
        return b.build();
    }

    /** MPI_Type_create_indexed_block: {@link #indexed} with one block length for every block. */
    public static TypeLayout indexedBlock(int blocklength, int[] displacements, TypeLayout old) {
        String op = "indexedBlock";
        checkBlocklength(op, "blocklength", blocklength);
        checkArray(op, "displacements", displacements);
        checkType(op, "oldType", old);
        Builder b = new Builder(op);
        long extent = old.extent();
        for (int displacement : displacements) {
            b.copies(old, multiply(op, displacement, extent), extent, blocklength);
        }
        return b.build();
    }

    /** MPI_Type_create_hindexed_block: {@link #indexedBlock}, the displacements in bytes. */
    public static TypeLayout hindexedBlock(int blocklength, int[] byteDisplacements, TypeLayout old) {
        String op = "hindexedBlock";
        checkBlocklength(op, "blocklength", blocklength);
        checkArray(op, "byteDisplacements", byteDisplacements);
        checkType(op, "oldType", old);
        Builder b = new Builder(op);
        long extent = old.extent();
        for (int displacement : byteDisplacements) {
            b.copies(old, displacement, extent, blocklength);
        }
        return b.build();
    }

    /**
     * MPI_Type_create_struct: block {@code i} is {@code blocklengths[i]} copies of
     * {@code types[i]} starting {@code byteDisplacements[i]} bytes from the start. {@link #LB}
     * and {@link #UB} blocks place bound markers (their block length does not matter but for 0,
     * which places nothing, as a block of 0 data elements places nothing).
     */
    public static TypeLayout struct(int[] blocklengths, int[] byteDisplacements, TypeLayout[] types) {
        String op = "struct";
        checkBlocks(op, blocklengths, "byteDisplacements", byteDisplacements);
        checkArray(op, "types", types);
        if (types.length != blocklengths.length) {
            throw new EngineException(ErrorClass.ARG, op + ": blocklengths has " + blocklengths.length
                + " entries but types has " + types.length);
        }
        for (int i = 0; i < types.length; i++) {
            if (types[i] == null) {
                throw new EngineException(ErrorClass.TYPE, op + ": types[" + i + "] is null");
            }
        }
        Builder b = new Builder(op);
        for (int i = 0; i < types.length; i++) {
            b.copies(types[i], byteDisplacements[i], types[i].extent(), blocklengths[i]);
        }
        return b.build();
    }

    /**
     * MPI_Type_create_resized: the data of {@code old} with its markers erased and a new pair
     * placed at {@code lb} and {@code lb + extent}. The extent may be negative or zero, as MPI
     * allows.
     */
    public static TypeLayout resized(TypeLayout old, long lb, long extent) {
        String op = "resized";
        checkType(op, "oldType", old);
        long ub;
        try {
            ub = Math.addExact(lb, extent);
        } catch (ArithmeticException e) {
            throw new EngineException(ErrorClass.ARG, op + ": lb + extent overflows (" + lb + " + " + extent + ")");
        }
        Builder b = new Builder(op);
        b.copies(old, 0, 0, 1);
        // MPI-3 4.1.7: "any previous lb and ub markers are erased"; only the data stays.
        b.hasLbMarker = false;
        b.lbMarker = Long.MAX_VALUE;
        b.hasUbMarker = false;
        b.ubMarker = Long.MIN_VALUE;
        b.hasEntries = false;
        b.entryMin = Long.MAX_VALUE;
        b.entryMax = Long.MIN_VALUE;
        if (b.hasData) {
            b.entries(b.trueLb, b.trueUb);
        }
        b.entries(Math.min(lb, ub), Math.max(lb, ub));
        b.lbMarker(lb);
        b.ubMarker(ub);
        return b.build();
    }

    /** MPI_Type_dup: the same type map, bounds and plan, as a distinct object. */
    public static TypeLayout dup(TypeLayout old) {
        checkType("dup", "oldType", old);
        return new TypeLayout(old);
    }

    // ---- queries -------------------------------------------------------------------------------

    /** Bytes of data in one item (MPI_Type_size): what one item packs to. */
    public int size() {
        return size;
    }

    /** {@code ub - lb}: how far apart consecutive items of a buffer start. May be 0 or negative. */
    public long extent() {
        return ub - lb;
    }

    public long lb() {
        return lb;
    }

    public long ub() {
        return ub;
    }

    /** Least displacement of any data byte, markers ignored (0 when there is no data). */
    public long trueLb() {
        return trueLb;
    }

    /** One past the greatest data byte, markers ignored (0 when there is no data). */
    public long trueUb() {
        return trueUb;
    }

    public long trueExtent() {
        return trueUb - trueLb;
    }

    /** Basic elements in one item (MPI_Get_elements of one whole item). */
    public long elementCount() {
        return elementCount;
    }

    /**
     * Whether {@code count} items of this type are one gap-free run of bytes starting at the
     * buffer offset plus {@code lb}: one block, size equal to extent, starting at {@code lb}.
     * Such a buffer can go to the wire without packing. False for a type with no data.
     */
    public boolean isContiguous() {
        return plan.isContiguous();
    }

    /** The kind of every basic element when all are of one kind (reductions need it), else null. */
    public BasicKind homogeneousKind() {
        return homogeneousKind;
    }

    /** The compiled plan that packs and unpacks this type. */
    public PackPlan plan() {
        return plan;
    }

    /** The constructor that built this type ("vector", "struct", "INT", ...), for messages. */
    public String constructor() {
        return constructor;
    }

    // ---- the flattened type map, for reductions and debugging ----------------------------------

    /** Runs in the type map: consecutive elements of one kind, in type-map order. */
    public int runCount() {
        return runKinds.length;
    }

    public BasicKind runKind(int run) {
        return BasicKind.ofOrdinal(runKinds[run]);
    }

    /** Byte displacement of the run's first element from the start of its item. */
    public long runOffset(int run) {
        return runOffsets[run];
    }

    /** Elements in the run. */
    public int runElements(int run) {
        return runElements[run];
    }

    /** Bytes of packed data that come before the run's first element, within one item. */
    public int runPackedStart(int run) {
        return run == 0 ? 0 : runPackedEnds[run - 1];
    }

    // ---- partial messages ----------------------------------------------------------------------

    /**
     * Basic elements in the first {@code bytes} bytes of packed data of this type
     * (MPI_Get_elements on a message shorter than the receive): whole items count
     * {@link #elementCount()} each, then the elements of the runs the remainder covers.
     * {@link #UNDEFINED} when the bytes end inside a basic element, or are not 0 for a type with
     * no data.
     */
    public long elementsIn(long bytes) {
        if (bytes < 0) {
            throw new EngineException(ErrorClass.ARG, "elementsIn: bytes is negative (" + bytes + ")");
        }
        if (size == 0) {
            return bytes == 0 ? 0 : UNDEFINED;
        }
        long items = bytes / size;
        int rest = (int) (bytes - items * size);
        long elements = items * elementCount;
        if (rest == 0) {
            return elements;
        }
        int run = firstEndingAfter(runPackedEnds, rest);
        int start = runPackedStart(run);
        int kindSize = runKind(run).size();
        int into = rest - start;
        if (into % kindSize != 0) {
            return UNDEFINED;
        }
        return elements + (run == 0 ? 0 : runElementEnds[run - 1]) + into / kindSize;
    }

    /** Index of the first entry of the ascending {@code ends} greater than {@code position}. */
    static int firstEndingAfter(int[] ends, long position) {
        int low = 0;
        int high = ends.length - 1;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (ends[mid] > position) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low;
    }

    // ---- bounds of a buffer --------------------------------------------------------------------

    /**
     * Lowest byte, relative to the buffer offset, that {@code count} items touch: {@code trueLb},
     * or lower with a negative extent. The caller MUST check the buffer against
     * {@link #spanLow}/{@link #spanHigh} (or {@link #fits}) before packing or unpacking: the plan
     * copies raw memory and checks nothing.
     */
    public long spanLow(int count) {
        if (count <= 0 || size == 0) {
            return 0;
        }
        return saturatedAdd(trueLb, Math.min(0, saturatedMultiply(count - 1, extent())));
    }

    /** One past the highest byte, relative to the buffer offset, that {@code count} items touch. */
    public long spanHigh(int count) {
        if (count <= 0 || size == 0) {
            return 0;
        }
        return saturatedAdd(trueUb, Math.max(0, saturatedMultiply(count - 1, extent())));
    }

    /**
     * Whether {@code count} items at byte {@code offset} of a buffer of {@code capacity} bytes
     * stay inside it: {@code 0 <= offset + spanLow} and {@code offset + spanHigh <= capacity}.
     * For an array, offset and capacity count bytes from element 0 (not from the array base).
     */
    public boolean fits(int count, long offset, long capacity) {
        if (count <= 0 || size == 0) {
            return true;
        }
        return saturatedAdd(offset, spanLow(count)) >= 0 && saturatedAdd(offset, spanHigh(count)) <= capacity;
    }

    // A span that does not fit a long saturates to Long.MIN_VALUE or Long.MAX_VALUE, which no
    // buffer check passes: a wrapped-around span would let a raw copy reach a wild address.

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return sum;
    }

    private static long saturatedMultiply(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        if (high != (low >> 63)) {
            return (a < 0) == (b < 0) ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        return low;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(constructor).append("{size=").append(size)
            .append(", lb=").append(lb).append(", extent=").append(extent())
            .append(", trueLb=").append(trueLb).append(", trueExtent=").append(trueExtent()).append(", runs=[");
        int shown = Math.min(runCount(), 16);
        for (int r = 0; r < shown; r++) {
            s.append(r == 0 ? "" : ", ").append(runKind(r)).append('x').append(runElements[r])
                .append('@').append(runOffsets[r]);
        }
        return s.append(runCount() > shown ? ", ...]}" : "]}").toString();
    }

    // ---- validation ----------------------------------------------------------------------------

    private static void checkCount(String op, String name, int count) {
        if (count < 0) {
            throw new EngineException(ErrorClass.COUNT, op + ": " + name + " is negative (" + count + ")");
        }
    }

    private static void checkBlocklength(String op, String name, int blocklength) {
        if (blocklength < 0) {
            throw new EngineException(ErrorClass.ARG, op + ": " + name + " is negative (" + blocklength + ")");
        }
    }

    private static void checkType(String op, String name, TypeLayout type) {
        if (type == null) {
            throw new EngineException(ErrorClass.TYPE, op + ": " + name + " is null");
        }
    }

    private static void checkArray(String op, String name, Object array) {
        if (array == null) {
            throw new EngineException(ErrorClass.ARG, op + ": " + name + " is null");
        }
    }

    private static void checkBlocks(String op, int[] blocklengths, String displacementsName, int[] displacements) {
        checkArray(op, "blocklengths", blocklengths);
        checkArray(op, displacementsName, displacements);
        if (blocklengths.length != displacements.length) {
            throw new EngineException(ErrorClass.ARG, op + ": blocklengths has " + blocklengths.length
                + " entries but " + displacementsName + " has " + displacements.length);
        }
        for (int i = 0; i < blocklengths.length; i++) {
            checkBlocklength(op, "blocklengths[" + i + "]", blocklengths[i]);
        }
    }

    private static long add(String op, long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            throw new EngineException(ErrorClass.ARG, op + ": a bound overflows 64 bits (" + a + " + " + b + ")");
        }
    }

    private static long multiply(String op, long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw new EngineException(ErrorClass.ARG, op + ": a displacement overflows 64 bits (" + a + " * " + b + ")");
        }
    }

    // ---- building ------------------------------------------------------------------------------

    /** Accumulates a type map: copies of other layouts at displacements, and their bounds. */
    private static final class Builder {
        final String constructor;
        byte[] kinds = new byte[8];
        long[] offsets = new long[8];
        int[] counts = new int[8];
        int runs;
        long size;
        long elements;

        boolean hasEntries;
        long entryMin = Long.MAX_VALUE;
        long entryMax = Long.MIN_VALUE;
        boolean hasLbMarker;
        long lbMarker = Long.MAX_VALUE;
        boolean hasUbMarker;
        long ubMarker = Long.MIN_VALUE;
        boolean hasData;
        long trueLb = Long.MAX_VALUE;
        long trueUb = Long.MIN_VALUE;

        Builder(String constructor) {
            this.constructor = constructor;
        }

        void entries(long low, long high) {
            hasEntries = true;
            entryMin = Math.min(entryMin, low);
            entryMax = Math.max(entryMax, high);
        }

        void data(long low, long high) {
            hasData = true;
            trueLb = Math.min(trueLb, low);
            trueUb = Math.max(trueUb, high);
        }

        void lbMarker(long at) {
            hasLbMarker = true;
            lbMarker = Math.min(lbMarker, at);
        }

        void ubMarker(long at) {
            hasUbMarker = true;
            ubMarker = Math.max(ubMarker, at);
        }

        /** {@code copies} copies of {@code child}, the first at {@code first}, then {@code step} bytes apart. */
        void copies(TypeLayout child, long first, long step, int copies) {
            if (copies == 0) {
                return;
            }
            long last = add(constructor, multiply(constructor, copies - 1, step), first);
            long low = Math.min(first, last);
            long high = Math.max(first, last);
            // Every bound is a least or greatest over the entries; over the copies it moves by the
            // least or greatest displacement.
            if (child.hasEntries) {
                entries(add(constructor, child.entryMin, low), add(constructor, child.entryMax, high));
            }
            if (child.hasLbMarker) {
                lbMarker(add(constructor, child.lbMarker, low));
            }
            if (child.hasUbMarker) {
                ubMarker(add(constructor, child.ubMarker, high));
            }
            if (child.size == 0) {
                return;
            }
            data(add(constructor, child.trueLb, low), add(constructor, child.trueUb, high));
            size += (long) copies * child.size;
            if (size > Integer.MAX_VALUE) {
                throw new EngineException(ErrorClass.COUNT, constructor
                    + ": one item would hold more than 2^31 - 1 bytes of data");
            }
            elements += copies * child.elementCount;
            if (child.runKinds.length == 1 && child.plan.isContiguous() && step == child.size) {
                // Copies of one dense run side by side are one run: contiguous(n, INT) costs one
                // entry, not n.
                appendRun(child.runKinds[0], first + child.runOffsets[0], copies * child.runElements[0],
                    BasicKind.ofOrdinal(child.runKinds[0]).size());
                return;
            }
            for (int j = 0; j < copies; j++) {
                long at = first + j * step;
                for (int r = 0; r < child.runKinds.length; r++) {
                    byte kind = child.runKinds[r];
                    appendRun(kind, at + child.runOffsets[r], child.runElements[r], BasicKind.ofOrdinal(kind).size());
                }
            }
        }

        void appendRun(int kind, long offset, int count, int kindSize) {
            int last = runs - 1;
            if (last >= 0 && kinds[last] == kind && offsets[last] + (long) counts[last] * kindSize == offset) {
                counts[last] += count;
                return;
            }
            if (runs == kinds.length) {
                int grown = runs * 2;
                kinds = Arrays.copyOf(kinds, grown);
                offsets = Arrays.copyOf(offsets, grown);
                counts = Arrays.copyOf(counts, grown);
            }
            kinds[runs] = (byte) kind;
            offsets[runs] = offset;
            counts[runs] = count;
            runs++;
        }

        TypeLayout build() {
            // extent and true extent are differences of bounds: they must fit a long too
            try {
                Math.subtractExact(entryMax, hasEntries ? entryMin : 0);
                Math.subtractExact(trueUb, hasData ? trueLb : 0);
            } catch (ArithmeticException e) {
                throw new EngineException(ErrorClass.ARG, constructor + ": the extent overflows 64 bits");
            }
            return new TypeLayout(this);
        }
    }
}

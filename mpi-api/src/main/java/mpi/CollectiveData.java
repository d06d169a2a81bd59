package mpi;

import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.atollmpi.coll.ElementKind;
import org.atollmpi.coll.ReduceOp;
import org.atollmpi.coll.Reduction;
import org.atollmpi.coll.UserReduction;
import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.types.BasicKind;

/**
 * What the collectives need from datatypes and operations, in one place, so that derived
 * datatypes plug in at exactly two points:
 *
 * <ol>
 * <li>{@link #kindOf(Datatype)}: which {@link ElementKind} a datatype's elements are (what a
 *     predefined reduction computes on): the pair and complex types by their codes, any other
 *     type by the one basic kind its layout repeats (a vector of INT reduces as INT).</li>
 * <li>{@link #region}: a {@code (buffer, offset, count, Datatype)} argument as an engine address
 *     of packed contiguous bytes. A contiguous type is addressed in place; a non-contiguous one
 *     packs into a temporary here and, when the collective writes the buffer, registers the
 *     unpack in {@link CollectiveCall#after}.</li>
 * </ol>
 *
 * <p>Reductions: predefined (op, kind) pairs map to one cached {@link Reduction} each, so a
 * reducing call allocates nothing for its operation. User operations ({@link Op#Op(UserFunction,
 * boolean)}, {@link Op#Op(User_function, boolean)}) and mpiJava's MAXLOC/MINLOC on the
 * same-type pairs (SHORT2, LONG2, FLOAT2, DOUBLE2: value and index both of the element type)
 * are {@link UserReduction}s made here.
 */
final class CollectiveData {
    private static final ElementKind[] KINDS = ElementKind.values();
    /** Reductions of the predefined ops, by op code and kind ordinal; filled on first use (a benign race). */
    private static final Reduction[][] PREDEFINED = new Reduction[Op.NO_OP + 1][KINDS.length];
    /** mpiJava MAXLOC/MINLOC on same-type pairs, by [max?1:0][pair type code - SHORT2 code]. */
    private static final Reduction[][] SAME_PAIR = new Reduction[2][5];

    private CollectiveData() {
    }

    // ================================================================ connection point 1: kinds

    /**
     * The element kind of {@code type}, or {@code null} when it has none a predefined operation
     * could compute on (PACKED, OBJECT, LB/UB, a struct of mixed types, mpiJava's same-type pairs
     * SHORT2/LONG2/FLOAT2/DOUBLE2, which {@link #reduction} handles itself).
     */
    static ElementKind kindOf(Datatype derived) {
        // A derived type reduces as the predefined type its data repeat (a vector of DOUBLE_INT
        // as DOUBLE_INT pairs, of DOUBLE_COMPLEX as complex numbers); a mix of types has none.
        Datatype type = derived.reducesAs();
        if (type == null) {
            return null;
        }
        switch (type.pairCode()) {
            case Datatype.CODE_INT2: return ElementKind.INT_INT; // Open MPI's 2INT and mpiJava's INT2: one layout
            case Datatype.CODE_SHORT_INT: return ElementKind.SHORT_INT;
            case Datatype.CODE_LONG_INT: return ElementKind.LONG_INT;
            case Datatype.CODE_FLOAT_INT: return ElementKind.FLOAT_INT;
            case Datatype.CODE_DOUBLE_INT: return ElementKind.DOUBLE_INT;
            case Datatype.PAIR_NONE: break;
            default: return null; // SHORT2..DOUBLE2: reduction() handles them
        }
        BasicKind k = type.elementKind();
        if (k == null) {
            return null;
        }
        if (type.isComplex()) {
            return k == BasicKind.FLOAT ? ElementKind.FLOAT_COMPLEX : ElementKind.DOUBLE_COMPLEX;
        }
        switch (k) {
            case BYTE: return type.getType() == Datatype.CODE_PACKED ? null : ElementKind.BYTE;
            case CHAR: return ElementKind.CHAR;
            case SHORT: return ElementKind.SHORT;
            case BOOLEAN: return ElementKind.BOOLEAN;
            case INT: return ElementKind.INT;
            case LONG: return ElementKind.LONG;
            case FLOAT: return ElementKind.FLOAT;
            case DOUBLE: return ElementKind.DOUBLE;
            default: return null;
        }
    }

    /** The element kind of one value of mpiJava's same-type pair types, or null for other types. */
    static ElementKind samePairValue(Datatype derived) {
        Datatype type = derived.reducesAs();
        if (type == null) {
            return null;
        }
        switch (type.pairCode()) {
            case Datatype.CODE_SHORT2: return ElementKind.SHORT;
            case Datatype.CODE_LONG2: return ElementKind.LONG;
            case Datatype.CODE_FLOAT2: return ElementKind.FLOAT;
            case Datatype.CODE_DOUBLE2: return ElementKind.DOUBLE;
            default: return null;
        }
    }

    /** Whether {@code type} is laid out as contiguous packed bytes ({@code size == extent}, no gaps). */
    static boolean contiguous(Datatype type) {
        return type.isContiguous();
    }

    // ================================================================ reductions

    /** The predefined ReduceOp of op code {@code code}. */
    static ReduceOp reduceOp(int code) {
        switch (code) {
            case Op.MAX: return ReduceOp.MAX;
            case Op.MIN: return ReduceOp.MIN;
            case Op.SUM: return ReduceOp.SUM;
            case Op.PROD: return ReduceOp.PROD;
            case Op.LAND: return ReduceOp.LAND;
            case Op.BAND: return ReduceOp.BAND;
            case Op.LOR: return ReduceOp.LOR;
            case Op.BOR: return ReduceOp.BOR;
            case Op.LXOR: return ReduceOp.LXOR;
            case Op.BXOR: return ReduceOp.BXOR;
            case Op.MINLOC: return ReduceOp.MINLOC;
            case Op.MAXLOC: return ReduceOp.MAXLOC;
            case Op.REPLACE: return ReduceOp.REPLACE;
            case Op.NO_OP: return ReduceOp.NO_OP;
            default: throw new IllegalArgumentException("op code " + code);
        }
    }

    /**
     * What {@code op} on elements of {@code type} applies; for a user operation, a new adapter
     * per call ({@code direct}: the call's data are in direct buffers, so an Open MPI
     * {@link UserFunction} gets its ByteBuffer form). Raises ERR_OP (op null, freed, or not
     * defined on the type, with the engine's message) on {@code comm}.
     */
    static Reduction reduction(CollectiveCall c, Op op, Datatype type, boolean direct) {
        Comm comm = c.comm;
        String call = c.name;
        if (op == null) {
            throw comm.raise(ErrorClass.OP, call + ": op is null");
        }
        if (op.freed) {
            throw comm.raise(ErrorClass.OP, call + ": op " + op + " has been freed");
        }
        if (op.code == Op.USER) {
            UserOp u = new UserOp(op, type, direct);
            c.userOp = u;
            return Reduction.user(u, Math.max(type.size, 1));
        }
        ElementKind kind = kindOf(type);
        if (kind == null) {
            ElementKind value = samePairValue(type);
            if (value != null && (op.code == Op.MAXLOC || op.code == Op.MINLOC)) {
                return samePair(op.code == Op.MAXLOC, type.reducesAs().pairCode() - Datatype.CODE_SHORT2, value);
            }
            throw comm.raise(ErrorClass.OP, call + ": " + op + " is not defined on " + type);
        }
        Reduction r = PREDEFINED[op.code][kind.ordinal()];
        if (r == null) {
            try {
                r = Reduction.of(reduceOp(op.code), kind);
            } catch (EngineException e) {
                throw comm.raise(e.errorClass(), call + ": " + op + " on " + type + ": " + e.getMessage());
            }
            PREDEFINED[op.code][kind.ordinal()] = r;
        }
        return r;
    }

    /**
     * The reduction of predefined {@code op} on basic {@code type} when MPI defines it there and
     * it has been made before (the first call of each pair goes the checking way,
     * {@link #reduction}); null otherwise.
     */
    static Reduction predefinedReduction(Op op, Datatype type) {
        ElementKind kind = kindOf(type);
        return kind == null || op.code < 0 || op.code >= PREDEFINED.length ? null : PREDEFINED[op.code][kind.ordinal()];
    }

    private static Reduction samePair(boolean max, int slot, ElementKind value) {
        Reduction r = SAME_PAIR[max ? 1 : 0][slot];
        if (r == null) {
            r = Reduction.user(new SamePairLoc(max, value), 2 * value.bytes());
            SAME_PAIR[max ? 1 : 0][slot] = r;
        }
        return r;
    }

    /**
     * mpiJava's MAXLOC/MINLOC on SHORT2/INT2/LONG2/FLOAT2/DOUBLE2: each element is a value and an
     * index of the same type; the larger (smaller) value wins, equal values keep the smaller index.
     */
    static final class SamePairLoc implements UserReduction {
        private final boolean max;
        private final ElementKind value;

        SamePairLoc(boolean max, ElementKind value) {
            this.max = max;
            this.value = value;
        }

        @Override
        public void apply(Object in, long inOff, Object io, long ioOff, int count) {
            int w = value.bytes();
            for (int k = 0; k < count; k++, inOff += 2L * w, ioOff += 2L * w) {
                int c = compare(in, inOff, io, ioOff);
                if (max ? c > 0 : c < 0) {
                    Addresses.copy(in, inOff, io, ioOff, 2L * w);
                } else if (c == 0 && compare(in, inOff + w, io, ioOff + w) < 0) {
                    Addresses.copy(in, inOff + w, io, ioOff + w, w);
                }
            }
        }

        private int compare(Object a, long ao, Object b, long bo) {
            switch (value) {
                case SHORT: return Short.compare(Addresses.getShort(a, ao), Addresses.getShort(b, bo));
                case INT: return Integer.compare(Addresses.getInt(a, ao), Addresses.getInt(b, bo));
                case LONG: return Long.compare(Addresses.getLong(a, ao), Addresses.getLong(b, bo));
                case FLOAT: return cmp(Addresses.getFloat(a, ao), Addresses.getFloat(b, bo));
                default: return cmp(Addresses.getDouble(a, ao), Addresses.getDouble(b, bo));
            }
        }

        /** Numeric order (not Double.compare: -0.0 and 0.0 are equal values). */
        private static int cmp(double x, double y) {
            return x < y ? -1 : x > y ? 1 : 0;
        }

        @Override
        public boolean commutative() {
            return true;
        }
    }

    /**
     * A program's reduction function as a {@link UserReduction}. Open MPI's {@link UserFunction}
     * gets Java arrays of the datatype's element type holding exactly {@code count} elements
     * ({@code call(Object, Object, int, Datatype)}), or, when the collective's data are in direct
     * buffers, native-order direct ByteBuffers of {@code count} elements ({@code call(ByteBuffer,
     * ByteBuffer, int, Datatype)}, whose default copies to arrays and calls the array form).
     * mpiJava's {@link User_function} gets arrays with element offsets: the program's own array
     * where the data are there, otherwise a copy. Whatever the function throws is kept (the
     * engine calls this under its lock, where an exception must not escape) and raised as ERR_OP
     * when the collective completes; applications after a failure do nothing.
     */
    static final class UserOp implements UserReduction {
        final Op op;
        final Datatype type;
        final boolean direct;
        volatile Throwable failure;

        UserOp(Op op, Datatype type, boolean direct) {
            this.op = op;
            this.type = type;
            this.direct = direct;
        }

        @Override
        public boolean commutative() {
            return op.commute;
        }

        @Override
        public void apply(Object inBase, long inOff, Object ioBase, long ioOff, int count) {
            if (failure != null || count == 0) {
                return;
            }
            try {
                if (op.function != null) {
                    applyOmpi(inBase, inOff, ioBase, ioOff, count);
                } else {
                    applyMpiJava(inBase, inOff, ioBase, ioOff, count);
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }

        private void applyOmpi(Object inBase, long inOff, Object ioBase, long ioOff, int count) {
            int bytes = count * type.size;
            if (direct || type.arrayClass == Void.class) {
                ByteBuffer in = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
                ByteBuffer io = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
                Addresses.copy(inBase, inOff, null, Addresses.addressOf(in), bytes);
                Addresses.copy(ioBase, ioOff, null, Addresses.addressOf(io), bytes);
                op.function.call(in, io, count, type);
                Addresses.copy(null, Addresses.addressOf(io), ioBase, ioOff, bytes);
                java.lang.ref.Reference.reachabilityFence(in);
                java.lang.ref.Reference.reachabilityFence(io);
                return;
            }
            Object in = copyOut(inBase, inOff, count);
            Object io = copyOut(ioBase, ioOff, count);
            op.function.call(in, io, count, type);
            Addresses.copy(io, type.arrayBase, ioBase, ioOff, bytes);
        }

        private void applyMpiJava(Object inBase, long inOff, Object ioBase, long ioOff, int count) {
            int in0 = elementIndex(inBase, inOff);
            int io0 = elementIndex(ioBase, ioOff);
            Object in = in0 >= 0 ? inBase : copyOut(inBase, inOff, count);
            Object io = io0 >= 0 ? ioBase : copyOut(ioBase, ioOff, count);
            op.mpiJavaFunction.Call(in, Math.max(in0, 0), io, Math.max(io0, 0), count, type);
            if (io0 < 0) {
                Addresses.copy(io, type.arrayBase, ioBase, ioOff, (long) count * type.size);
            }
        }

        /** Index of the element at {@code off} when {@code base} is an array of the type's class; else -1. */
        private int elementIndex(Object base, long off) {
            if (base == null || base.getClass() != type.arrayClass) {
                return -1;
            }
            long d = off - type.arrayBase;
            return d % type.size == 0 ? (int) (d / type.size) : -1;
        }

        /** A new array of the type's class holding the {@code count} elements at {@code (base, off)}. */
        private Object copyOut(Object base, long off, int count) {
            Object a = Array.newInstance(type.arrayClass.getComponentType(), count);
            Addresses.copy(base, off, a, type.arrayBase, (long) count * type.size);
            return a;
        }
    }

    /** The {@link UserFunction} ByteBuffer default: the array form on copies. */
    static void callArrayForm(UserFunction f, ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
        if (type.arrayClass == Void.class) {
            throw new UnsupportedOperationException("UserFunction.call(ByteBuffer, ByteBuffer, int, Datatype) is not "
                + "implemented by " + f.getClass().getName() + " (needed for " + type + ")");
        }
        long bytes = (long) count * type.size;
        Object a = Array.newInstance(type.arrayClass.getComponentType(), count);
        Object b = Array.newInstance(type.arrayClass.getComponentType(), count);
        Addresses.copy(baseOf(in), offsetOf(in), a, type.arrayBase, bytes);
        Addresses.copy(baseOf(inOut), offsetOf(inOut), b, type.arrayBase, bytes);
        f.call(a, b, count, type);
        Addresses.copy(b, type.arrayBase, baseOf(inOut), offsetOf(inOut), bytes);
    }

    private static Object baseOf(Buffer b) {
        return b.isDirect() ? null : b.array();
    }

    private static long offsetOf(ByteBuffer b) {
        return b.isDirect() ? Addresses.addressOf(b) : Addresses.BYTE_ARRAY_BASE + b.arrayOffset();
    }

    // ================================================================ connection point 2: buffers

    /**
     * A checked buffer argument as the engine's {@code (base, offset)} of packed bytes: {@code
     * count} elements of {@code type} from element {@code offset} (an mpiJava offset; 0 for the
     * Open MPI forms). Raises ERR_TYPE/ERR_COUNT/ERR_BUFFER naming {@code call} and {@code arg}.
     *
     * @param write the collective writes it (read-only buffers are refused)
     * @param read  the collective also reads it (a send buffer, or a receive buffer used in place)
     */
    static Region region(CollectiveCall c, String arg, Object buf, int offset, int count, Datatype type,
                         boolean write, boolean read) {
        Comm comm = c.comm;
        if (type == null) {
            throw comm.raise(ErrorClass.TYPE, c.name + " (" + arg + "): datatype is null");
        }
        if (type.isObject()) {
            throw comm.raise(ErrorClass.TYPE, c.name + " (" + arg + "): MPI.OBJECT is supported in the blocking bcast,"
                + " gather(v), scatter(v), allgather(v), alltoall(v) and reductions with a user operation only");
        }
        long off = Buffers.offset(comm, c.name, arg, buf, offset, count, type, write);
        Object base = Buffers.base(buf);
        if (contiguous(type)) {
            return new Region(base, off);
        }
        // A non-contiguous type travels as packed bytes. The temporary is always filled from the
        // buffer first, even when the collective only writes it: the v-variants write some blocks
        // and leave the gaps, and unpacking the whole temporary afterwards must give the gaps back
        // unchanged.
        byte[] packed = type.packToArray(base, off, count);
        if (write) {
            c.after(() -> {
                type.unpackFromArray(packed, packed.length, base, off);
                java.lang.ref.Reference.reachabilityFence(buf);
            });
        }
        return new Region(packed, Addresses.BYTE_ARRAY_BASE);
    }

    /**
     * Byte offset, from a region's start, of a block at element displacement {@code displ}
     * (displacements of the v-variants count extents of the type in the user's buffer, which are
     * items of the packed data the engine sees).
     */
    static long blockOffset(int displ, Datatype type) {
        // A contiguous type's extent is its size, and a non-contiguous one is packed: both are
        // addressed in packed bytes.
        return (long) displ * type.size;
    }

    /** An engine address: base object (array, or null for native memory) and offset. */
    static final class Region {
        final Object base;
        final long offset;

        Region(Object base, long offset) {
            this.base = base;
            this.offset = offset;
        }
    }

    /** Whether any of the buffers is native memory (a direct java.nio buffer or a native memory segment). */
    static boolean anyDirect(Object a, Object b) {
        return Buffers.isNative(a) || Buffers.isNative(b);
    }
}

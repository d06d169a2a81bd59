package org.atollmpi.coll;

import java.lang.reflect.Array;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;

/**
 * What a reducing collective applies: a predefined {@link ReduceOp} on an {@link ElementKind}, or
 * a {@link UserReduction} on elements of a given packed size. Immutable; one may serve any number
 * of concurrent collectives.
 */
public final class Reduction {
    private final ReduceOp op;
    private final ElementKind kind;
    private final UserReduction user;
    private final int elementBytes;

    private Reduction(ReduceOp op, ElementKind kind, UserReduction user, int elementBytes) {
        this.op = op;
        this.kind = kind;
        this.user = user;
        this.elementBytes = elementBytes;
    }

    /**
     * A predefined operation.
     *
     * @throws EngineException of class {@link ErrorClass#OP} when MPI does not define {@code op}
     *                         on {@code kind} (e.g. MAX on a complex, SUM on a boolean)
     */
    public static Reduction of(ReduceOp op, ElementKind kind) {
        if (!op.accepts(kind)) {
            throw ReduceKernels.refused(op, kind);
        }
        return new Reduction(op, kind, null, kind.bytes());
    }

    /** A program-defined operation on elements of {@code elementBytes} packed bytes. */
    public static Reduction user(UserReduction function, int elementBytes) {
        if (elementBytes <= 0) {
            throw new EngineException(ErrorClass.ARG, "user reduction on elements of " + elementBytes + " bytes");
        }
        return new Reduction(null, null, function, elementBytes);
    }

    /** {@code inout[i] = in[i] op inout[i]} for {@code count} elements. */
    public void apply(Object inBase, long inOff, Object inoutBase, long inoutOff, int count) {
        if (user != null) {
            user.apply(inBase, inOff, inoutBase, inoutOff, count);
        } else {
            ReduceKernels.apply(op, kind, inBase, inOff, inoutBase, inoutOff, count);
        }
    }

    public boolean commutative() {
        return user != null ? user.commutative() : op.commutative();
    }

    /** Packed size of one element. */
    public int elementBytes() {
        return elementBytes;
    }

    /**
     * Scratch memory for {@code count} elements that a collective reduces into or out of beside
     * the program's buffer at {@code (likeBase, likeOffset)}. When that buffer is a Java array of
     * this reduction's element type, the scratch is one too, and at the same offset: the kernels
     * then run their vectorised same-index loops ({@link ReduceKernels}). Otherwise a byte array.
     */
    Region scratch(int count, Object likeBase, long likeOffset) {
        int bytes = bytes(count);
        if (kind != null && likeBase != null && likeBase.getClass() == arrayClass(kind)) {
            long base = arrayBase(kind);
            long lead = likeOffset - base;
            if (lead >= 0 && lead % elementBytes == 0 && lead / elementBytes + count <= Integer.MAX_VALUE) {
                int length = (int) (lead / elementBytes) + count;
                return new Region(Array.newInstance(likeBase.getClass().getComponentType(), length),
                    likeOffset);
            }
        }
        return new Region(new byte[bytes], Addresses.BYTE_ARRAY_BASE);
    }

    private static Class<?> arrayClass(ElementKind k) {
        return switch (k) {
            case BYTE -> byte[].class;
            case CHAR -> char[].class;
            case SHORT -> short[].class;
            case BOOLEAN -> boolean[].class;
            case INT -> int[].class;
            case LONG -> long[].class;
            case FLOAT -> float[].class;
            case DOUBLE -> double[].class;
            default -> Void.class;
        };
    }

    private static long arrayBase(ElementKind k) {
        return switch (k) {
            case BYTE -> Addresses.BYTE_ARRAY_BASE;
            case CHAR -> Addresses.CHAR_ARRAY_BASE;
            case SHORT -> Addresses.SHORT_ARRAY_BASE;
            case BOOLEAN -> Addresses.BOOLEAN_ARRAY_BASE;
            case INT -> Addresses.INT_ARRAY_BASE;
            case LONG -> Addresses.LONG_ARRAY_BASE;
            case FLOAT -> Addresses.FLOAT_ARRAY_BASE;
            case DOUBLE -> Addresses.DOUBLE_ARRAY_BASE;
            default -> 0;
        };
    }

    /** Bytes of {@code count} elements. */
    int bytes(int count) {
        return Math.multiplyExact(count, elementBytes);
    }

    @Override
    public String toString() {
        return user != null ? "user reduction (" + elementBytes + "-byte elements)" : op + " on " + kind;
    }
}

package org.atollmpi.coll;

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

    /** Bytes of {@code count} elements. */
    int bytes(int count) {
        return Math.multiplyExact(count, elementBytes);
    }

    @Override
    public String toString() {
        return user != null ? "user reduction (" + elementBytes + "-byte elements)" : op + " on " + kind;
    }
}

package mpi;

import org.atollmpi.coll.ElementKind;
import org.atollmpi.coll.Reduction;
import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.rma.ElementOp;

/**
 * A predefined MPI operation on a datatype's elements, as the one-sided layer applies it in
 * accumulate, getAccumulate and fetchAndOp: the collectives' reduction kernels ({@link Reduction})
 * for the reducing operations, a copy for REPLACE, nothing for NO_OP. User operations are not
 * allowed in one-sided accumulates (MPI-3.1 §11.3.4).
 */
final class AccumulateOp implements ElementOp {
    private static final ElementKind[] KINDS = ElementKind.values();
    /** The reducing operations made so far, by (op code, element kind): an accumulate allocates none. */
    private static final AccumulateOp[] REDUCING = new AccumulateOp[(Op.NO_OP + 1) * KINDS.length];
    private final int code;
    private final ElementKind kind;
    private final Reduction reduction;
    private final int elementBytes;

    private AccumulateOp(int code, ElementKind kind, Reduction reduction, int elementBytes) {
        this.code = code;
        this.kind = kind;
        this.reduction = reduction;
        this.elementBytes = elementBytes;
    }

    /**
     * {@code op} on {@code type}'s elements, or an {@link EngineException} of class ERR_OP naming
     * {@code call} when MPI does not define it there.
     */
    static AccumulateOp of(String call, Op op, Datatype type) {
        if (op == null) {
            throw new EngineException(ErrorClass.OP, call + ": op is null");
        }
        if (op.freed) {
            throw new EngineException(ErrorClass.OP, call + ": op " + op + " has been freed");
        }
        if (op.code == Op.USER) {
            throw new EngineException(ErrorClass.OP, call + ": a user-defined operation cannot be used in a"
                + " one-sided accumulate (MPI allows only predefined operations there)");
        }
        ElementKind kind = CollectiveData.kindOf(type);
        if (op.code == Op.REPLACE || op.code == Op.NO_OP) {
            int unit = kind != null ? kind.bytes() : Math.max(1, type.baseSize);
            return new AccumulateOp(op.code, kind, null, unit);
        }
        if (kind == null) {
            throw new EngineException(ErrorClass.OP, call + ": " + op + " is not defined on " + type);
        }
        int slot = op.code * KINDS.length + kind.ordinal();
        AccumulateOp cached = REDUCING[slot];
        if (cached != null) {
            return cached;
        }
        try {
            AccumulateOp made = new AccumulateOp(op.code, kind, Reduction.of(CollectiveData.reduceOp(op.code), kind),
                kind.bytes());
            REDUCING[slot] = made; // immutable (final fields): a racing thread at worst makes its own
            return made;
        } catch (EngineException e) {
            throw new EngineException(e.errorClass(), call + ": " + op + " on " + type + ": " + e.getMessage());
        }
    }

    @Override
    public int elementBytes() {
        return elementBytes;
    }

    @Override
    public boolean onLongs() {
        return kind == ElementKind.LONG;
    }

    @Override
    public boolean isSum() {
        return code == Op.SUM;
    }

    @Override
    public boolean isNoOp() {
        return code == Op.NO_OP;
    }

    @Override
    public void apply(Object originBase, long originOffset, Object targetBase, long targetOffset, int count) {
        if (code == Op.REPLACE) {
            Addresses.copy(originBase, originOffset, targetBase, targetOffset, (long) count * elementBytes);
        } else if (code != Op.NO_OP) {
            // predefined operations commute: in op inout is target op origin
            reduction.apply(originBase, originOffset, targetBase, targetOffset, count);
        }
    }
}

package org.atollmpi.coll;

/**
 * The predefined reduction operations of MPI. Each combines {@code inout[i] = in[i] op inout[i]};
 * which {@link ElementKind}s an operation accepts is {@link #accepts}, following MPI-4.1 §6.9.2
 * (logical operations on booleans and integers, bitwise ones on integers and bytes, MAX/MIN on
 * integers and floating point, MAXLOC/MINLOC on the value-index pairs only). {@link #REPLACE} and
 * {@link #NO_OP} are for one-sided accumulation and accept every kind.
 */
public enum ReduceOp {
    MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR, MAXLOC, MINLOC, REPLACE, NO_OP;

    /** Whether MPI defines this operation on {@code kind}. */
    public boolean accepts(ElementKind kind) {
        switch (this) {
            case REPLACE:
            case NO_OP:
                return true;
            case MAXLOC:
            case MINLOC:
                return kind.isPair();
            case MAX:
            case MIN:
                return kind.isInteger() || kind.isFloatingPoint();
            case SUM:
            case PROD:
                return kind.isInteger() || kind.isFloatingPoint() || kind.isComplex();
            case LAND:
            case LOR:
            case LXOR:
                return kind.isInteger() || kind == ElementKind.BOOLEAN;
            case BAND:
            case BOR:
            case BXOR:
                return kind.isInteger() || kind == ElementKind.BYTE;
            default:
                throw new AssertionError(this);
        }
    }

    /** Whether the order of operands may change the result (only for the accumulate operations). */
    public boolean commutative() {
        return this != REPLACE && this != NO_OP;
    }
}

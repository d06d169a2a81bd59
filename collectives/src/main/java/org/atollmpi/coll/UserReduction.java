package org.atollmpi.coll;

/**
 * A reduction function the program defines ({@code MPI_Op_create}); the {@code mpi} layer adapts
 * {@code mpi.UserFunction} to it. Data are packed elements addressed {@code (base, offset)} as
 * everywhere in the engine (see {@link org.atollmpi.engine.Addresses}).
 */
public interface UserReduction {
    /**
     * Combines {@code inout[i] = in[i] op inout[i]} for {@code count} elements. Must not keep
     * either address past the call.
     */
    void apply(Object inBase, long inOff, Object inoutBase, long inoutOff, int count);

    /**
     * Whether operands may be combined in any order. When false the collectives apply the
     * operation in rank order: the result is {@code x0 op x1 op ... op x(n-1)} (still associative:
     * the grouping may vary).
     */
    boolean commutative();
}

package org.atollmpi.rma;

/**
 * What an accumulate applies to each element of the target, given by the {@code mpi} layer (which
 * owns the reduction kernels and the MPI operations): {@code target[i] = target[i] op origin[i]},
 * with REPLACE (the origin's element) and NO_OP (nothing) among the operations.
 *
 * <p>The window chooses how to make it atomic per element from what this says: SUM on 8-byte
 * integers is the NIC's fetch-and-add, any other operation on 8-byte integers a compare-and-swap
 * loop, anything else a get-modify-put under the target's accumulate lock (see {@link Window}).
 */
public interface ElementOp {
    /** Bytes of one element (the unit of atomicity). */
    int elementBytes();

    /** Elements are 8-byte integers (MPI.LONG). */
    boolean onLongs();

    /** The operation is SUM. */
    boolean isSum();

    /** The operation is NO_OP: the target is only read. */
    boolean isNoOp();

    /** {@code target[i] = target[i] op origin[i]} for {@code count} elements, native byte order. */
    void apply(Object originBase, long originOffset, Object targetBase, long targetOffset, int count);
}

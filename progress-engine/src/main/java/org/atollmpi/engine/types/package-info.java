/**
 * MPI derived datatypes below the API: {@link org.atollmpi.engine.types.TypeLayout} (a committed
 * type: constructors, bounds, the flattened type map) and its compiled
 * {@link org.atollmpi.engine.types.PackPlan} (pack, unpack, and any byte range of either).
 *
 * <p>How the {@code mpi} layer is meant to use it: build a layout when the program constructs a
 * datatype (the layout is already committed, so {@code commit} has nothing left to do); on a send
 * or receive, check the user's buffer with {@code layout.fits(count, offset, capacity)} and raise
 * MPI_ERR_BUFFER if it fails, then either move the bytes directly when
 * {@code layout.isContiguous()} (from {@code offset + layout.lb()}, {@code count * size} bytes) or
 * pack into / unpack from staging with the plan. On a short receive, {@code unpackBytes} and
 * {@code elementsIn} give the data and MPI_Get_elements.
 *
 * <p>Memory: the flattened map costs one run per stretch of elements of one kind and one block per
 * contiguous stretch of bytes, about 40 bytes for a run and its block (a vector of a million single doubles holds
 * a million of each). Building a layout allocates; packing and unpacking never do.
 */
package org.atollmpi.engine.types;

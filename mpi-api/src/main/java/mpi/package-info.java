/**
 * MPI for Java: the Open MPI Java bindings (v5.0.10) and the mpiJava 1.2 / MPJ Express API in one
 * package, so that programs written for either compile and run unchanged. Open MPI names are
 * camel case ({@code comm.send(buf, count, type, dest, tag)}), mpiJava names are capitalised and
 * take an element offset ({@code comm.Send(buf, offset, count, type, dest, tag)}); both forms of
 * a call share one implementation.
 *
 * <h2>Buffers</h2>
 * Every call takes primitive arrays and {@link java.nio.Buffer}s alike; nonblocking and
 * persistent calls take arrays too (the MVAPICH2-J extension), not only direct buffers. A direct
 * buffer's data start at its element 0 whatever its position, as in Open MPI: use
 * {@link mpi.MPI#slice} to start elsewhere. A request keeps its buffer referenced until the
 * operation completes. Scalars still travel in one-element arrays ({@code new int[] {x}}), as in
 * every Java MPI.
 *
 * <h2>Errors</h2>
 * {@link mpi.MPIException} is unchecked and carries the MPI error class. Arguments are checked
 * before anything is sent or received; a count that does not fit the buffer is an error, never a
 * read or write past its end. Under the default {@link mpi.MPI#ERRORS_ARE_FATAL} an error prints
 * a message naming the rank and ends the whole job; with {@link mpi.MPI#ERRORS_RETURN} set on the
 * communicator (or {@code MPI.Errorhandler_set} in MPJ programs) it is thrown to the caller.
 *
 * <p>MPI-IO ({@link mpi.File}) reads and writes files the ranks share through views, with
 * independent, collective (two-phase), shared-pointer and nonblocking calls; files have their own
 * error handler, {@link mpi.MPI#ERRORS_RETURN} by default.
 *
 * <h2>Not in this version</h2>
 * Dynamic processes (spawn, connect/accept, ports). The classes and methods are there, so
 * programs that mention them compile; calling them raises an {@link mpi.MPIException} saying so.
 */
package mpi;

/**
 * One-sided communication (MPI windows) on the NIC's window descriptors, over the engine's
 * one-sided facade ({@link org.atollmpi.engine.OneSidedChannel}): a {@link Window} per rank and
 * window, holding every member's {@link WindowMembers exposed memory}, the {@link EpochState epoch
 * state machine}, the passive-target {@link LockWord lock words} and the operations. The
 * {@code mpi} layer creates windows (it exchanges the members' keys with its collectives) and
 * checks the program's arguments; this package never reaches a NIC class.
 */
package org.atollmpi.rma;

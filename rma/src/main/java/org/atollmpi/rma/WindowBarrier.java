package org.atollmpi.rma;

/**
 * The barrier among a window's members that a fence ends with, run by the {@code mpi} layer on
 * the window's own communicator (its collectives live above this package). It progresses the
 * engine while it waits, so a member blocked in it still serves what others need of it.
 */
@FunctionalInterface
public interface WindowBarrier {
    void barrier();
}

package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * A job's way to its first barrier, for the scale test and the start-up measurement in
 * {@code docs/SCALING.md}: every rank calls {@code Init} and {@code barrier}, then prints
 * {@code BARRIER rank r at T} (T: the wall clock in ms, which a script sets beside the moment it
 * started mpirun) and checks, with an allreduce, that every rank of the world got there.
 */
public final class FirstBarrier {
    public static void main(String[] args) {
        Check.init(args);
        MPI.COMM_WORLD.barrier();
        long at = System.currentTimeMillis();
        System.out.println("BARRIER rank " + Check.rank() + " at " + at);
        int[] count = {1};
        MPI.COMM_WORLD.allReduce(count, 1, MPI.INT, MPI.SUM);
        Check.equal(Check.size(), count[0], "ranks that passed the barrier");
        Check.done();
    }
}

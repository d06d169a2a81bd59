package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * Every rank prints {@code PID=<pid>} and {@code WAITING rank <r>} once MPI is up, then blocks in
 * a receive nobody sends: only a signal to mpirun (or to the ranks) can end this job.
 */
public final class WaitForever {
    public static void main(String[] args) {
        Check.init(args);
        Check.printJobId();
        System.out.println("PID=" + ProcessHandle.current().pid());
        System.out.println("WAITING rank " + Check.rank());
        System.out.flush();
        MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, MPI.ANY_SOURCE, 0);
        System.out.println("STILL ALIVE rank " + Check.rank());
        Check.done();
    }
}

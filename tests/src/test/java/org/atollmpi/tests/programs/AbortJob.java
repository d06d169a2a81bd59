package org.atollmpi.tests.programs;

import mpi.MPI;

/** Rank 1 calls {@code abort(7)} ({@code ompi}) or {@code Abort(7)} ({@code mpj}); the others wait forever. */
public final class AbortJob {
    public static void main(String[] args) {
        String dialect = Check.init(args)[0];
        Check.printJobId();
        MPI.COMM_WORLD.barrier();
        if (Check.rank() == 1) {
            System.out.println("ABORTING");
            System.out.flush();
            if (dialect.equals("mpj")) {
                MPI.COMM_WORLD.Abort(7);
            } else {
                MPI.COMM_WORLD.abort(7);
            }
            System.out.println("STILL ALIVE AFTER ABORT");
        } else {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 1, 0);
        }
        Check.done();
    }
}

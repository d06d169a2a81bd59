package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * Rank 1 calls {@code abort(code)} ({@code ompi}) or {@code Abort(code)} ({@code mpj}), code 7 or
 * the second argument; the others wait forever.
 */
public final class AbortJob {
    public static void main(String[] args) {
        String[] words = Check.init(args);
        String dialect = words[0];
        int code = words.length > 1 ? Integer.parseInt(words[1]) : 7;
        Check.printJobId();
        MPI.COMM_WORLD.barrier();
        if (Check.rank() == 1) {
            System.out.println("ABORTING");
            System.out.flush();
            if (dialect.equals("mpj")) {
                MPI.COMM_WORLD.Abort(code);
            } else {
                MPI.COMM_WORLD.abort(code);
            }
            System.out.println("STILL ALIVE AFTER ABORT");
        } else {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 1, 0);
        }
        Check.done();
    }
}

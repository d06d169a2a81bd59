package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * The default error handler, ERRORS_ARE_FATAL: rank 1 sends to a rank that does not exist; the
 * whole job must end with a non-zero status and a message (rank 0 waits for a message that never
 * comes, so only the launcher can end it; with argument {@code finalizing} it goes straight to
 * Finalize and waits there).
 */
public final class FatalError {
    public static void main(String[] args) {
        Check.init(args);
        int[] buf = new int[1];
        Check.printJobId();
        MPI.COMM_WORLD.barrier();
        if (Check.rank() == 1) {
            System.out.println("SENDING TO A BAD RANK");
            System.out.flush();
            MPI.COMM_WORLD.send(buf, 1, MPI.INT, Check.size() + 5, 0);
            System.out.println("STILL ALIVE AFTER A FATAL ERROR");
        } else if (args.length == 0 || !args[0].equals("finalizing")) {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 1, 0);
        }
        Check.done();
    }
}

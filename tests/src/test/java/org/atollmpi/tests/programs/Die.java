package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * One rank dies ({@code exception}: an uncaught exception; {@code exit}: {@code System.exit(3)};
 * {@code kill}: it prints its pid and waits for the test to {@code kill -9} it) while the others
 * block in a receive that can never complete. Prints {@code PID=} and {@code DYING} markers only,
 * never a rank number, so that a message naming the rank can only come from the launcher.
 */
public final class Die {
    public static void main(String[] args) {
        String mode = Check.init(args)[0];
        int victim = Check.size() - 1;
        Check.printJobId();
        MPI.COMM_WORLD.barrier();
        if (Check.rank() == victim) {
            System.out.println("PID=" + ProcessHandle.current().pid());
            System.out.println("DYING");
            System.out.flush();
            switch (mode) {
                case "exception" -> throw new IllegalStateException("deliberate failure");
                case "exit" -> System.exit(3);
                case "kill" -> MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 0, 99);
                default -> throw new IllegalArgumentException(mode);
            }
        }
        MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, victim, 0);
        Check.done();
    }
}

package org.atollmpi.tests.programs;

import mpi.MPI;
import mpi.MPIException;

/**
 * Calls before {@code Init} and after {@code Finalize} fail with an {@link MPIException} whose
 * message says why; {@code isInitialized}/{@code isFinalized} work at any time. Prints what it saw
 * (BEFORE-INIT / AFTER-FINALIZE lines) for the test to check. One rank.
 */
public final class BeforeInit {
    public static void main(String[] args) {
        Check.that(!MPI.isInitialized(), "isInitialized() true before Init");
        Check.that(!MPI.isFinalized(), "isFinalized() true before Init");
        report("BEFORE-INIT", () -> MPI.COMM_WORLD.getRank());
        report("BEFORE-INIT-MPJ", () -> MPI.COMM_WORLD.Rank());
        report("BEFORE-INIT-SEND", () -> MPI.COMM_WORLD.send(new int[1], 1, MPI.INT, 0, 0));
        Check.init(args);
        Check.that(MPI.isInitialized(), "isInitialized() false after Init");
        MPI.Finalize();
        Check.that(MPI.isFinalized(), "isFinalized() false after Finalize");
        report("AFTER-FINALIZE", () -> MPI.COMM_WORLD.getRank());
        System.out.println("OK rank 0");
    }

    private static void report(String when, Runnable call) {
        try {
            call.run();
            System.out.println(when + " returned normally");
        } catch (MPIException e) {
            System.out.println(when + " MPIException class " + e.getErrorClass() + ": " + e.getMessage());
        }
        System.out.flush();
    }
}

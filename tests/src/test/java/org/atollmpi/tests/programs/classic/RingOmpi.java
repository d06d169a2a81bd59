package org.atollmpi.tests.programs.classic;

import mpi.MPI;
import mpi.MPIException;

/**
 * Open MPI's ring_c, in Java (Open MPI's examples/Ring.java): rank 0 sends a counter round the
 * ring, decrementing it each time it comes back, until it is 0; every rank passes it on.
 * Argument: the number of rounds (10).
 */
public class RingOmpi {
    public static void main(String[] args) {
        try {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.getRank();
            int size = MPI.COMM_WORLD.getSize();
            int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
            int next = (rank + 1) % size;
            int prev = (rank + size - 1) % size;
            int tag = 201;
            int[] message = new int[1];
            if (rank == 0) {
                message[0] = rounds;
                MPI.COMM_WORLD.send(message, 1, MPI.INT, next, tag);
            }
            int passes = 0;
            while (true) {
                MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, tag);
                if (rank == 0) {
                    --message[0];
                }
                MPI.COMM_WORLD.send(message, 1, MPI.INT, next, tag);
                if (message[0] == 0) {
                    break;
                }
                passes++;
            }
            if (rank == 0) {
                // the last 0 comes back round
                MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, tag);
            }
            // serial: rank 0 leaves the loop when it has counted down to 0 (rounds - 1 passes
            // before that); the others pass on rounds values, then the 0
            int expected = rank == 0 ? rounds - 1 : rounds;
            if (passes != expected) {
                throw new AssertionError("rank " + rank + ": passed the message on " + passes + " times, expected " + expected);
            }
            MPI.Finalize();
            System.out.println("OK rank " + rank);
        } catch (MPIException e) {
            System.err.println("MPI error " + e.getErrorClass() + ": " + e.getMessage());
            System.exit(1);
        }
    }
}

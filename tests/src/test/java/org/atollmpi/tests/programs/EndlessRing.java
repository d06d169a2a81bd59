package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * A token goes around the ring until the job is ended from outside: for tests that break the job
 * while messages are in flight (a network link pulled down). Every rank prints
 * {@code RINGING rank <r>} once the token has passed it the first time.
 */
public final class EndlessRing {
    public static void main(String[] args) {
        Check.init(args);
        int rank = Check.rank();
        int size = Check.size();
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        long[] token = new long[1];
        for (long round = 0; ; round++) {
            if (rank == 0) {
                token[0]++;
                MPI.COMM_WORLD.send(token, 1, MPI.LONG, next, 0);
                MPI.COMM_WORLD.recv(token, 1, MPI.LONG, prev, 0);
            } else {
                MPI.COMM_WORLD.recv(token, 1, MPI.LONG, prev, 0);
                token[0]++;
                MPI.COMM_WORLD.send(token, 1, MPI.LONG, next, 0);
            }
            if (round == 0) {
                System.out.println("RINGING rank " + rank);
                System.out.flush();
            }
        }
    }
}

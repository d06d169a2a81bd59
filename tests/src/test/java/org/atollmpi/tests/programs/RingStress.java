package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * A token goes around the ring {@code rounds} times (default 1000), each rank adding one; rank 0
 * checks the total and prints the time ({@code RING ranks=8 rounds=1000 seconds=...}).
 */
public final class RingStress {
    public static void main(String[] args) {
        String[] rest = Check.init(args);
        int rounds = rest.length > 0 ? Integer.parseInt(rest[0]) : 1000;
        int rank = Check.rank();
        int size = Check.size();
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        long[] token = new long[1];
        MPI.COMM_WORLD.barrier();
        double t0 = MPI.wtime();
        for (int round = 0; round < rounds; round++) {
            if (rank == 0) {
                token[0]++;
                MPI.COMM_WORLD.send(token, 1, MPI.LONG, next, 0);
                MPI.COMM_WORLD.recv(token, 1, MPI.LONG, prev, 0);
            } else {
                MPI.COMM_WORLD.recv(token, 1, MPI.LONG, prev, 0);
                token[0]++;
                MPI.COMM_WORLD.send(token, 1, MPI.LONG, next, 0);
            }
        }
        double seconds = MPI.wtime() - t0;
        if (rank == 0) {
            Check.equal((long) rounds * size, token[0], "token after " + rounds + " rounds");
            System.out.printf("RING ranks=%d rounds=%d seconds=%.3f hop_us=%.2f%n", size, rounds, seconds,
                    seconds * 1e6 / ((double) rounds * size));
        }
        Check.done();
    }
}

package org.atollmpi.tests.programs.classic;

import mpi.MPI;
import mpi.MPIException;

/** Hello world, Open MPI style: every rank greets rank 0, which checks it heard from all. */
public class HelloOmpi {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        String name = MPI.getProcessorName();
        System.out.println("Hello world from rank " + rank + " of " + size + " on " + name);
        if (rank == 0) {
            boolean[] heard = new boolean[size];
            heard[0] = true;
            int[] who = new int[1];
            for (int i = 1; i < size; i++) {
                MPI.COMM_WORLD.recv(who, 1, MPI.INT, MPI.ANY_SOURCE, 99);
                if (who[0] < 1 || who[0] >= size || heard[who[0]]) {
                    throw new AssertionError("rank 0: unexpected greeting from " + who[0]);
                }
                heard[who[0]] = true;
            }
        } else {
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, 0, 99);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
        System.out.println("OK rank " + rank);
    }
}

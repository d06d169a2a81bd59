package org.atollmpi.tests.programs;

import java.nio.file.Files;
import java.nio.file.Path;

import mpi.MPI;
import mpi.MPIException;

/**
 * A job for {@code bin/atoll-stat} to watch: ranks 0 and 1 ping-pong {@code count} 8-byte
 * messages, rank 0 prints "ready", and every rank stays in the job (outside MPI) until the file
 * {@code go} exists; then they finalize.
 */
public final class NicWatched {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int count = Integer.parseInt(args[0]);
        Path go = Path.of(args[1]);
        int rank = MPI.COMM_WORLD.getRank();
        byte[] word = new byte[8];
        if (rank < 2) {
            for (int i = 0; i < count; i++) {
                if (rank == 0) {
                    MPI.COMM_WORLD.send(word, 8, MPI.BYTE, 1, 1);
                    MPI.COMM_WORLD.recv(word, 8, MPI.BYTE, 1, 1);
                } else {
                    MPI.COMM_WORLD.recv(word, 8, MPI.BYTE, 0, 1);
                    MPI.COMM_WORLD.send(word, 8, MPI.BYTE, 0, 1);
                }
            }
        }
        if (rank == 0) {
            System.out.println("ready");
            System.out.flush();
        }
        while (!Files.exists(go)) { // the test's signal; the job's time limit bounds the wait
            Thread.sleep(5);
        }
        MPI.Finalize();
    }
}

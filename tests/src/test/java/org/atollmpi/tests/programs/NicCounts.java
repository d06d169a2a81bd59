package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;

import mpi.MPI;
import mpi.MPIException;

/**
 * Traffic whose NIC counts are known exactly, for {@code mpirun --report-nic}: ranks 0 and 1
 * ping-pong {@code small} 8-byte messages (byte arrays) and then {@code large} 1 MiB ones (direct
 * buffers), nothing else. Every 8-byte message must be one fast send, every large one one
 * rendezvous; any other rank only starts and finalizes.
 */
public final class NicCounts {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int small = Integer.parseInt(args[0]);
        int large = Integer.parseInt(args[1]);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank < 2) {
            int peer = 1 - rank;
            byte[] word = new byte[8];
            for (int i = 0; i < small; i++) {
                pingPong(rank, word, peer);
            }
            ByteBuffer big = ByteBuffer.allocateDirect(1 << 20);
            for (int i = 0; i < large; i++) {
                if (rank == 0) {
                    MPI.COMM_WORLD.send(big, big.capacity(), MPI.BYTE, peer, 2);
                    MPI.COMM_WORLD.recv(big, big.capacity(), MPI.BYTE, peer, 2);
                } else {
                    MPI.COMM_WORLD.recv(big, big.capacity(), MPI.BYTE, peer, 2);
                    MPI.COMM_WORLD.send(big, big.capacity(), MPI.BYTE, peer, 2);
                }
            }
        }
        MPI.Finalize();
    }

    private static void pingPong(int rank, byte[] word, int peer) throws MPIException {
        if (rank == 0) {
            MPI.COMM_WORLD.send(word, word.length, MPI.BYTE, peer, 1);
            MPI.COMM_WORLD.recv(word, word.length, MPI.BYTE, peer, 1);
        } else {
            MPI.COMM_WORLD.recv(word, word.length, MPI.BYTE, peer, 1);
            MPI.COMM_WORLD.send(word, word.length, MPI.BYTE, peer, 1);
        }
    }
}

package org.atollmpi.tests.programs.classic;

import mpi.MPI;
import mpi.Request;

/**
 * A ring in the mpiJava style: each rank posts Irecv from its left, Sends its value to the right
 * and adds what arrives, size-1 times, so every rank ends with the sum of all ranks' values.
 */
public class RingMpj {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (me + 1) % size;
        int left = (me - 1 + size) % size;
        long[] pass = {0, (me + 1) * 1000L, 0};  // value at offset 1
        long[] in = new long[3];
        long sum = pass[1];
        for (int step = 1; step < size; step++) {
            Request r = MPI.COMM_WORLD.Irecv(in, 2, 1, MPI.LONG, left, 7);
            MPI.COMM_WORLD.Send(pass, 1, 1, MPI.LONG, right, 7);
            r.Wait();
            sum += in[2];
            pass[1] = in[2];
        }
        long expected = 0;
        for (int r = 0; r < size; r++) {
            expected += (r + 1) * 1000L;
        }
        if (sum != expected) {
            throw new AssertionError("rank " + me + ": ring sum " + sum + ", expected " + expected);
        }
        MPI.Finalize();
        System.out.println("OK rank " + me);
    }
}

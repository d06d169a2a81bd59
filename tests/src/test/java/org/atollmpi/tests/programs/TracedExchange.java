package org.atollmpi.tests.programs;

import mpi.MPI;
import mpi.Request;

/**
 * A known number of messages and collectives for {@code mpirun --trace} (TraceJobTest): each rank
 * sends {@link #MESSAGES} messages of tag {@link #TAG} around the ring (one fast, one eager, one
 * rendezvous by size) and receives as many from its left neighbour, then one allreduce and one
 * barrier. Nothing else: no other collective, so the trace has exactly those.
 */
public final class TracedExchange {
    public static final int TAG = 21;
    public static final int MESSAGES = 3;
    /** A fast send's slot, a ring record, a rendezvous (above the staged eager limit). */
    static final int[] SIZES = {8, 4096, 256 << 10};

    public static void main(String[] args) {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int next = (rank + 1) % size;
        int prev = (rank - 1 + size) % size;
        for (int i = 0; i < MESSAGES; i++) {
            byte[] out = new byte[SIZES[i]];
            byte[] in = new byte[SIZES[i]];
            out[0] = (byte) (rank + i);
            Request r = MPI.COMM_WORLD.iRecv(in, in.length, MPI.BYTE, prev, TAG);
            MPI.COMM_WORLD.send(out, out.length, MPI.BYTE, next, TAG);
            r.waitFor();
            if (in[0] != (byte) (prev + i)) {
                throw new AssertionError("message " + i + " from rank " + prev + " carries " + in[0]);
            }
        }
        int[] sum = {rank + 1};
        MPI.COMM_WORLD.allReduce(sum, 1, MPI.INT, MPI.SUM);
        if (sum[0] != size * (size + 1) / 2) {
            throw new AssertionError("allreduce gave " + sum[0]);
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("OK rank " + rank);
        MPI.Finalize();
    }
}

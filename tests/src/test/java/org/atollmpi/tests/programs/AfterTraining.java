package org.atollmpi.tests.programs;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

/**
 * What a program sees right after {@code MPI.Init}'s training pass: nothing of it. No message is
 * waiting on the world (not even for a receive of any source and tag), a first communicator works
 * and keeps its messages apart from the world's, the first message exchanged is the program's,
 * and a blocking collective of every kind the pass ran returns the program's values. Run with
 * {@code ATOLL_TRAINING=full} on any number of ranks (an odd one trains the last rank with itself).
 */
public final class AfterTraining {
    public static void main(String[] args) {
        Check.init(args);
        int rank = Check.rank();
        int size = Check.size();
        Check.step("nothing left on the world", () -> {
            Status s = MPI.COMM_WORLD.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
            Check.equal(null, s, "a message waiting after Init");
        });
        Check.step("a first communicator", () -> {
            Intracomm dup = MPI.COMM_WORLD.dup();
            int next = (rank + 1) % size;
            int prev = (rank - 1 + size) % size;
            int[] fromWorld = new int[1];
            int[] fromDup = new int[1];
            var world = MPI.COMM_WORLD.iRecv(fromWorld, 1, MPI.INT, prev, 7);
            var onDup = dup.iRecv(fromDup, 1, MPI.INT, prev, 7);
            dup.send(new int[] {1000 + rank}, 1, MPI.INT, next, 7);
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, next, 7);
            world.waitFor();
            onDup.waitFor();
            Check.equal(prev, fromWorld[0], "world message");
            Check.equal(1000 + prev, fromDup[0], "communicator message");
            dup.free();
        });
        Check.step("collectives", () -> {
            int[] value = {rank + 1};
            MPI.COMM_WORLD.allReduce(value, 1, MPI.INT, MPI.SUM);
            Check.equal(size * (size + 1) / 2, value[0], "allreduce");
            double[] root = {rank == size - 1 ? 2.5 : 0};
            MPI.COMM_WORLD.bcast(root, 1, MPI.DOUBLE, size - 1);
            Check.equal(2.5, root[0], "bcast");
            MPI.COMM_WORLD.barrier();
        });
        Check.done();
    }
}

package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * Hello from every rank, plus checks given as arguments: {@code size=N} (the world size) and
 * {@code env=NAME=VALUE} (an environment variable every rank must see, for {@code mpirun -x}) and
 * {@code java=N} (the ranks run on Java N).
 * Also a self message on COMM_WORLD, so a singleton world is really usable.
 */
public final class Hello {
    public static void main(String[] args) {
        String[] rest = Check.init(args);
        int rank = Check.rank();
        int size = Check.size();
        for (String a : rest) {
            if (a.startsWith("size=")) {
                Check.equal(Integer.parseInt(a.substring(5)), size, "world size");
            } else if (a.startsWith("java=")) {
                Check.equal(Integer.parseInt(a.substring(5)), Runtime.version().feature(), "Java version of the rank");
            } else if (a.startsWith("env=")) {
                String[] kv = a.substring(4).split("=", 2);
                Check.equal(kv[1], System.getenv(kv[0]), "environment variable " + kv[0]);
            }
        }
        int[] in = new int[1];
        var r = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, rank, 1);
        MPI.COMM_WORLD.send(new int[] {rank + 100}, 1, MPI.INT, rank, 1);
        r.waitFor();
        Check.equal(rank + 100, in[0], "self message");
        System.out.println("Hello from rank " + rank + " of " + size + " on " + MPI.getProcessorName() + " on Java "
            + Runtime.version().feature());
        Check.done();
    }
}

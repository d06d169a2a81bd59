package org.atollmpi.bench.reference;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.MPI;
import mpi.MPIException;

/**
 * The collective loops of the C reference ({@code ../shared/bench/c_reference.c}, {@code coll}),
 * statement for statement in Java against the public API, so that the two measure the same
 * thing: a barrier loop, then broadcasts of {@code MPI_CHAR} and allreduces of {@code MPI_DOUBLE}
 * sums from 8 bytes to 1 MiB, back to back (no barrier between calls), each rank's average
 * averaged over the ranks. The OSU benchmarks ({@code osu_bcast} ...) time each call alone with
 * a barrier between calls, as OSU does, and so answer a slightly different question.
 * Buffers are direct buffers from {@link ByteBuffer#allocateDirect}, as a program's would be.
 *
 * <p>Run as {@code bin/mpirun -np 4 java -cp benchmarks/target/classes
 * org.atollmpi.bench.reference.CollectiveLoops}, and on the Open MPI Java bindings with
 * {@code ../shared/bench/ompi-java/run.sh 4 benchmarks/target/classes
 * org.atollmpi.bench.reference.CollectiveLoops}.
 */
public final class CollectiveLoops {
    private static final int MAX_SIZE = 4 << 20;

    private CollectiveLoops() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int np = MPI.COMM_WORLD.getSize();
        ByteBuffer buf = ByteBuffer.allocateDirect(MAX_SIZE).order(ByteOrder.nativeOrder());
        ByteBuffer rbuf = ByteBuffer.allocateDirect(MAX_SIZE).order(ByteOrder.nativeOrder());
        double[] local = new double[1];
        double[] total = new double[1];
        int iters = 1000;
        MPI.COMM_WORLD.barrier();
        double start = MPI.wtime();
        for (int i = 0; i < iters; i++) {
            MPI.COMM_WORLD.barrier();
        }
        double us = (MPI.wtime() - start) * 1e6 / iters;
        if (rank == 0) {
            System.out.printf("# Barrier (Java, as the C reference)%n%-10s%18.2f%n", "-", us);
        }
        String[] names = {"Bcast", "Allreduce"};
        for (int op = 0; op < 2; op++) {
            if (rank == 0) {
                System.out.printf("# %s (Java, as the C reference)%n# Size          Latency (us)%n", names[op]);
            }
            for (int size = 8; size <= MAX_SIZE / 4; size *= 2) {
                int n = size > 65536 ? 100 : 1000;
                int skip = n / 10;
                double t0 = 0;
                for (int i = 0; i < n + skip; i++) {
                    if (i == skip) {
                        MPI.COMM_WORLD.barrier();
                        t0 = MPI.wtime();
                    }
                    if (op == 0) {
                        MPI.COMM_WORLD.bcast(buf, size, MPI.BYTE, 0);
                    } else {
                        MPI.COMM_WORLD.allReduce(buf, rbuf, size / 8, MPI.DOUBLE, MPI.SUM);
                    }
                }
                local[0] = (MPI.wtime() - t0) * 1e6 / n;
                MPI.COMM_WORLD.reduce(local, total, 1, MPI.DOUBLE, MPI.SUM, 0);
                if (rank == 0) {
                    System.out.printf("%-10d%18.2f%n", size, total[0] / np);
                }
            }
        }
        MPI.Finalize();
    }
}

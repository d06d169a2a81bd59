package org.atollmpi.tests.programs.classic;

import mpi.MPI;
import mpi.MPIException;

/**
 * cpi: pi as the integral of 4/(1+x^2) over [0,1] by the midpoint rule. Rank 0 broadcasts the
 * number of intervals, each rank sums every size-th interval, MPI.SUM reduces to rank 0, which
 * broadcasts pi back so every rank can check it against the serial sum. Argument: intervals
 * (1,000,000).
 */
public class PiOmpi {
    static double f(double x) {
        return 4.0 / (1.0 + x * x);
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] n = new int[1];
        if (rank == 0) {
            n[0] = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        }
        double start = MPI.wtime();
        MPI.COMM_WORLD.bcast(n, 1, MPI.INT, 0);
        double h = 1.0 / n[0];
        double[] mine = {0.0};
        for (int i = rank; i < n[0]; i += size) {
            mine[0] += f(h * (i + 0.5));
        }
        mine[0] *= h;
        double[] pi = new double[1];
        MPI.COMM_WORLD.reduce(mine, pi, 1, MPI.DOUBLE, MPI.SUM, 0);
        MPI.COMM_WORLD.bcast(pi, 1, MPI.DOUBLE, 0);

        double serial = 0.0;
        for (int i = 0; i < n[0]; i++) {
            serial += f(h * (i + 0.5));
        }
        serial *= h;
        if (Math.abs(pi[0] - serial) > 1e-10 || Math.abs(pi[0] - Math.PI) > 1e-9) {
            throw new AssertionError("rank " + rank + ": pi = " + pi[0] + ", serial " + serial + ", Math.PI " + Math.PI);
        }
        if (rank == 0) {
            System.out.printf("pi is approximately %.16f, error %.3e, %.3f s%n", pi[0], Math.abs(pi[0] - Math.PI),
                    MPI.wtime() - start);
        }
        MPI.Finalize();
        System.out.println("OK rank " + rank);
    }
}

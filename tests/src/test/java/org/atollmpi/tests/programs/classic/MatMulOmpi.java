package org.atollmpi.tests.programs.classic;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * C = A x B, n x n (n a multiple of the number of ranks; 24 by default, argument n), Open MPI
 * style. Rank 0 scatters block rows of A and broadcasts B; each rank computes its rows of C;
 * rank 0 gathers the rows into C and, a second time, gathers them through a column type into
 * the transpose of C: a vector of n doubles with stride n (one column), resized to the extent of
 * one double so that consecutive columns start one element apart. Every rank then receives both
 * and checks them against the serial product.
 */
public class MatMulOmpi {
    static double a(int i, int j) {
        return (i + 1) * 0.5 + j % 7;
    }

    static double b(int i, int j) {
        return (i == j ? 2.0 : 0.0) + (i + 2 * j) % 5 * 0.25;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 24;
        if (n % size != 0) {
            throw new AssertionError("n = " + n + " is not a multiple of " + size + " ranks");
        }
        int rows = n / size;
        double[] aAll = new double[n * n];
        double[] bAll = new double[n * n];
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    aAll[i * n + j] = a(i, j);
                    bAll[i * n + j] = b(i, j);
                }
            }
        }
        double[] aRows = new double[rows * n];
        MPI.COMM_WORLD.scatter(aAll, rows * n, MPI.DOUBLE, aRows, rows * n, MPI.DOUBLE, 0);
        MPI.COMM_WORLD.bcast(bAll, n * n, MPI.DOUBLE, 0);

        double[] cRows = new double[rows * n];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += aRows[i * n + k] * bAll[k * n + j];
                }
                cRows[i * n + j] = s;
            }
        }

        // createResized takes bytes and getExtent answers in bytes, as in C: one double apart
        Datatype column = Datatype.createVector(n, 1, n, MPI.DOUBLE);
        Datatype columnResized = Datatype.createResized(column, 0, MPI.DOUBLE.getExtent());
        columnResized.commit();

        double[] c = new double[n * n];
        double[] cT = new double[n * n];
        MPI.COMM_WORLD.gather(cRows, rows * n, MPI.DOUBLE, c, rows * n, MPI.DOUBLE, 0);
        // my rows of C become columns rank*rows .. of C's transpose
        MPI.COMM_WORLD.gather(cRows, rows * n, MPI.DOUBLE, cT, rows, columnResized, 0);
        MPI.COMM_WORLD.bcast(c, n * n, MPI.DOUBLE, 0);
        MPI.COMM_WORLD.bcast(cT, n * n, MPI.DOUBLE, 0);
        columnResized.free();
        column.free();

        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += a(i, k) * b(k, j);
                }
                if (c[i * n + j] != s) {
                    throw new AssertionError("rank " + rank + ": C[" + i + "][" + j + "] = " + c[i * n + j] + ", expected " + s);
                }
                if (cT[j * n + i] != s) {
                    throw new AssertionError("rank " + rank + ": transpose[" + j + "][" + i + "] = " + cT[j * n + i]
                            + ", expected " + s);
                }
            }
        }
        MPI.Finalize();
        System.out.println("OK rank " + rank);
    }
}

package org.atollmpi.tests.programs.classic;

import mpi.Datatype;
import mpi.MPI;

/**
 * C = A x B in the mpiJava style, with offsets: A and B travel inside larger arrays (a header
 * element in front), block rows of A are Scattered, B is Bcast, the rows of C are Gathered, and
 * gathered once more through a column type, Datatype.Vector(n, 1, n, DOUBLE) with its extent
 * cut to one double by an MPI.UB marker in a Struct (mpiJava 1.2 has no Resized), into the
 * transpose of C. Every rank checks both against the serial product. Argument: n (24).
 */
public class MatMulMpj {
    public static void main(String[] args) throws Exception {
        String[] rest = MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int n = rest != null && rest.length > 0 ? Integer.parseInt(rest[0]) : 24;
        if (n % size != 0) {
            throw new AssertionError("n = " + n + " is not a multiple of " + size + " ranks");
        }
        int rows = n / size;
        int off = 1;
        double[] a = new double[off + n * n];
        double[] b = new double[off + n * n];
        if (me == 0) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    a[off + i * n + j] = MatMulOmpi.a(i, j);
                    b[off + i * n + j] = MatMulOmpi.b(i, j);
                }
            }
        }
        double[] myRows = new double[rows * n];
        MPI.COMM_WORLD.Scatter(a, off, rows * n, MPI.DOUBLE, myRows, 0, rows * n, MPI.DOUBLE, 0);
        MPI.COMM_WORLD.Bcast(b, off, n * n, MPI.DOUBLE, 0);

        double[] myC = new double[rows * n];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += myRows[i * n + k] * b[off + k * n + j];
                }
                myC[i * n + j] = s;
            }
        }

        Datatype column = Datatype.Vector(n, 1, n, MPI.DOUBLE);
        // mpiJava displacements count elements of the base type: UB at 1 makes the extent one double
        Datatype columnType = Datatype.Struct(new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {column, MPI.UB});
        columnType.Commit();

        double[] c = new double[off + n * n];
        double[] cT = new double[n * n];
        MPI.COMM_WORLD.Gather(myC, 0, rows * n, MPI.DOUBLE, c, off, rows * n, MPI.DOUBLE, 0);
        MPI.COMM_WORLD.Gather(myC, 0, rows * n, MPI.DOUBLE, cT, 0, rows, columnType, 0);
        MPI.COMM_WORLD.Bcast(c, off, n * n, MPI.DOUBLE, 0);
        MPI.COMM_WORLD.Bcast(cT, 0, n * n, MPI.DOUBLE, 0);

        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += MatMulOmpi.a(i, k) * MatMulOmpi.b(k, j);
                }
                if (c[off + i * n + j] != s || cT[j * n + i] != s) {
                    throw new AssertionError("rank " + me + ": C[" + i + "][" + j + "] = " + c[off + i * n + j]
                            + ", transpose " + cT[j * n + i] + ", expected " + s);
                }
            }
        }
        MPI.Finalize();
        System.out.println("OK rank " + me);
    }
}

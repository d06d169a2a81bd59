package org.atollmpi.tests.programs.classic;

import java.nio.DoubleBuffer;

import mpi.CartComm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;

/**
 * A 2-D Jacobi stencil on a Cartesian communicator, Open MPI style. The ranks form a dims[0] x
 * dims[1] grid (CartComm.createDims, createCart, not periodic); each holds a block of the
 * interior plus a one-point halo in a direct DoubleBuffer (MPI.newDoubleBuffer), row-major.
 * Each sweep exchanges halo rows with the neighbours of dimension 0 (contiguous, sendRecv at
 * MPI.slice offsets) and halo columns with those of dimension 1 (a vector type: one double per
 * row, stride the local row length); the change of the sweep is allReduced with MPI.MAX. Checked
 * against {@link Jacobi#serial} bit for bit.
 */
public class JacobiOmpi {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.getSize();
        int worldRank = MPI.COMM_WORLD.getRank();
        int[] dims = new int[2];
        CartComm.createDims(size, dims);
        CartComm grid = MPI.COMM_WORLD.createCart(dims, new boolean[] {false, false}, false);
        int rank = grid.getRank();
        int[] coords = grid.getCoords(rank);
        int n = Jacobi.N;
        if (n % dims[0] != 0 || n % dims[1] != 0) {
            throw new AssertionError("grid " + dims[0] + "x" + dims[1] + " does not divide " + n);
        }
        int rows = n / dims[0];
        int cols = n / dims[1];
        int width = cols + 2;
        int row0 = coords[0] * rows;  // global interior row of local row 1, minus 1
        int col0 = coords[1] * cols;

        DoubleBuffer u = MPI.newDoubleBuffer((rows + 2) * width);
        DoubleBuffer v = MPI.newDoubleBuffer((rows + 2) * width);
        for (int i = 0; i < rows + 2; i++) {
            for (int j = 0; j < width; j++) {
                int gi = row0 + i;
                int gj = col0 + j;
                double x = gi == 0 || gj == 0 || gi == n + 1 || gj == n + 1 ? Jacobi.boundary(gi, gj) : 0.0;
                u.put(i * width + j, x);
                v.put(i * width + j, x);
            }
        }

        ShiftParms vertical = grid.shift(0, 1);
        ShiftParms horizontal = grid.shift(1, 1);
        int up = vertical.getRankSource();
        int down = vertical.getRankDest();
        int left = horizontal.getRankSource();
        int right = horizontal.getRankDest();
        Datatype column = Datatype.createVector(rows, 1, width, MPI.DOUBLE);
        column.commit();

        double[] diff = new double[1];
        double[] residual = new double[1];
        for (int it = 0; it < Jacobi.ITERATIONS; it++) {
            // halo rows: my first interior row goes up while the row below comes into my last halo row
            grid.sendRecv(MPI.slice(u, width), width, MPI.DOUBLE, up, 1,
                    MPI.slice(u, (rows + 1) * width), width, MPI.DOUBLE, down, 1);
            grid.sendRecv(MPI.slice(u, rows * width), width, MPI.DOUBLE, down, 2,
                    MPI.slice(u, 0), width, MPI.DOUBLE, up, 2);
            // halo columns, one vector each
            grid.sendRecv(MPI.slice(u, width + 1), 1, column, left, 3,
                    MPI.slice(u, width + cols + 1), 1, column, right, 3);
            grid.sendRecv(MPI.slice(u, width + cols), 1, column, right, 4,
                    MPI.slice(u, width), 1, column, left, 4);

            diff[0] = 0;
            for (int i = 1; i <= rows; i++) {
                for (int j = 1; j <= cols; j++) {
                    int k = i * width + j;
                    double x = Jacobi.update(u.get(k - width), u.get(k + width), u.get(k - 1), u.get(k + 1));
                    v.put(k, x);
                    diff[0] = Math.max(diff[0], Math.abs(x - u.get(k)));
                }
            }
            grid.allReduce(diff, residual, 1, MPI.DOUBLE, MPI.MAX);
            DoubleBuffer t = u;
            u = v;
            v = t;
        }
        column.free();

        double[] serialResidual = new double[1];
        double[][] expected = Jacobi.serial(serialResidual);
        for (int i = 1; i <= rows; i++) {
            for (int j = 1; j <= cols; j++) {
                double got = u.get(i * width + j);
                if (got != expected[row0 + i][col0 + j]) {
                    throw new AssertionError("rank " + rank + " at " + coords[0] + "," + coords[1] + ": u[" + (row0 + i) + "]["
                            + (col0 + j) + "] = " + got + ", serial " + expected[row0 + i][col0 + j]);
                }
            }
        }
        if (residual[0] != serialResidual[0]) {
            throw new AssertionError("rank " + rank + ": residual " + residual[0] + ", serial " + serialResidual[0]);
        }
        if (rank == 0) {
            System.out.println("Jacobi on a " + dims[0] + "x" + dims[1] + " grid of ranks: residual " + residual[0]);
        }
        grid.free();
        MPI.Finalize();
        System.out.println("OK rank " + worldRank);
    }
}

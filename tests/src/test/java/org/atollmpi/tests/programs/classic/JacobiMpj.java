package org.atollmpi.tests.programs.classic;

import mpi.Cartcomm;
import mpi.Datatype;
import mpi.MPI;
import mpi.ShiftParms;

/**
 * The 2-D Jacobi stencil in the mpiJava style: Cartcomm.Dims_create, Create_cart, Shift (its
 * rank_source / rank_dest fields), Sendrecv of halo rows at array offsets and of halo columns
 * with a Datatype.Vector, Allreduce of the sweep's change with MPI.MAX. The local block lives in
 * a plain double[] with a halo. Checked against {@link Jacobi#serial} bit for bit.
 */
public class JacobiMpj {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int worldRank = MPI.COMM_WORLD.Rank();
        int[] dims = new int[2];
        Cartcomm.Dims_create(MPI.COMM_WORLD.Size(), dims);
        Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {false, false}, false);
        int me = grid.Rank();
        int[] coords = grid.Coords(me);
        int n = Jacobi.N;
        int rows = n / dims[0];
        int cols = n / dims[1];
        int width = cols + 2;
        int row0 = coords[0] * rows;
        int col0 = coords[1] * cols;

        double[] u = new double[(rows + 2) * width];
        double[] v = new double[(rows + 2) * width];
        for (int i = 0; i < rows + 2; i++) {
            for (int j = 0; j < width; j++) {
                int gi = row0 + i;
                int gj = col0 + j;
                u[i * width + j] = gi == 0 || gj == 0 || gi == n + 1 || gj == n + 1 ? Jacobi.boundary(gi, gj) : 0.0;
            }
        }
        System.arraycopy(u, 0, v, 0, u.length);

        ShiftParms ud = grid.Shift(0, 1);
        ShiftParms lr = grid.Shift(1, 1);
        Datatype column = Datatype.Vector(rows, 1, width, MPI.DOUBLE);
        column.Commit();

        double[] diff = new double[1];
        double[] residual = new double[1];
        for (int it = 0; it < Jacobi.ITERATIONS; it++) {
            grid.Sendrecv(u, width, width, MPI.DOUBLE, ud.rank_source, 1,
                    u, (rows + 1) * width, width, MPI.DOUBLE, ud.rank_dest, 1);
            grid.Sendrecv(u, rows * width, width, MPI.DOUBLE, ud.rank_dest, 2,
                    u, 0, width, MPI.DOUBLE, ud.rank_source, 2);
            grid.Sendrecv(u, width + 1, 1, column, lr.rank_source, 3,
                    u, width + cols + 1, 1, column, lr.rank_dest, 3);
            grid.Sendrecv(u, width + cols, 1, column, lr.rank_dest, 4,
                    u, width, 1, column, lr.rank_source, 4);

            diff[0] = 0;
            for (int i = 1; i <= rows; i++) {
                for (int j = 1; j <= cols; j++) {
                    int k = i * width + j;
                    v[k] = Jacobi.update(u[k - width], u[k + width], u[k - 1], u[k + 1]);
                    diff[0] = Math.max(diff[0], Math.abs(v[k] - u[k]));
                }
            }
            grid.Allreduce(diff, 0, residual, 0, 1, MPI.DOUBLE, MPI.MAX);
            double[] t = u;
            u = v;
            v = t;
        }

        double[] serialResidual = new double[1];
        double[][] expected = Jacobi.serial(serialResidual);
        for (int i = 1; i <= rows; i++) {
            for (int j = 1; j <= cols; j++) {
                if (u[i * width + j] != expected[row0 + i][col0 + j]) {
                    throw new AssertionError("rank " + me + ": u[" + (row0 + i) + "][" + (col0 + j) + "] = " + u[i * width + j]
                            + ", serial " + expected[row0 + i][col0 + j]);
                }
            }
        }
        if (residual[0] != serialResidual[0]) {
            throw new AssertionError("rank " + me + ": residual " + residual[0] + ", serial " + serialResidual[0]);
        }
        grid.Free();
        MPI.Finalize();
        System.out.println("OK rank " + worldRank);
    }
}

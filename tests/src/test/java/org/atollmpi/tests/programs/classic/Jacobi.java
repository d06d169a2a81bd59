package org.atollmpi.tests.programs.classic;

/**
 * What both Jacobi ports share: the problem (a {@value #N} x {@value #N} interior, boundary values
 * from {@link #boundary}, interior starting at 0, {@value #ITERATIONS} sweeps) and the serial
 * solution the parallel ones are checked against, point by point and bit for bit (every point is
 * updated with the same arithmetic whatever the decomposition).
 */
final class Jacobi {
    static final int N = 24;
    static final int ITERATIONS = 60;

    private Jacobi() {
    }

    /** The fixed value on the global boundary (rows/columns 0 and N+1). */
    static double boundary(int i, int j) {
        return i == 0 ? 1.0 + j * 0.01 : i == N + 1 ? -0.5 : j == 0 ? 0.25 * i : 2.0;
    }

    /** One sweep's update of a point from its four neighbours. */
    static double update(double up, double down, double left, double right) {
        return 0.25 * (up + down + left + right);
    }

    /** The serial solution: the grid with halo, (N+2) x (N+2), and the last sweep's max change in [0][0] of residual. */
    static double[][] serial(double[] residual) {
        double[][] u = new double[N + 2][N + 2];
        for (int i = 0; i < N + 2; i++) {
            for (int j = 0; j < N + 2; j++) {
                u[i][j] = i == 0 || j == 0 || i == N + 1 || j == N + 1 ? boundary(i, j) : 0.0;
            }
        }
        double[][] v = new double[N + 2][];
        for (int it = 0; it < ITERATIONS; it++) {
            double diff = 0;
            for (int i = 0; i < N + 2; i++) {
                v[i] = u[i].clone();
            }
            for (int i = 1; i <= N; i++) {
                for (int j = 1; j <= N; j++) {
                    v[i][j] = update(u[i - 1][j], u[i + 1][j], u[i][j - 1], u[i][j + 1]);
                    diff = Math.max(diff, Math.abs(v[i][j] - u[i][j]));
                }
            }
            double[][] t = u;
            u = v;
            v = t;
            residual[0] = diff;
        }
        return u;
    }
}

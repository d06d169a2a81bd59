package org.atollmpi.tests.programs.classic;

import mpi.MPI;

/**
 * cpi in the mpiJava style (MPJ Express's PI example): Bcast of the interval count, Reduce with
 * MPI.SUM into an offset of the receive array, then Allreduce of the same partial sums so every
 * rank checks against the serial sum. Argument: intervals (1,000,000).
 */
public class PiMpj {
    public static void main(String[] args) throws Exception {
        String[] rest = MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] n = new int[2];
        if (me == 0) {
            n[1] = rest != null && rest.length > 0 ? Integer.parseInt(rest[0]) : 1_000_000;
        }
        MPI.COMM_WORLD.Bcast(n, 1, 1, MPI.INT, 0);
        double h = 1.0 / n[1];
        double[] sum = new double[1];
        for (int i = me + 1; i <= n[1]; i += size) {
            double x = h * (i - 0.5);
            sum[0] += 4.0 / (1.0 + x * x);
        }
        double[] partial = {h * sum[0]};
        double[] pi = new double[3];
        MPI.COMM_WORLD.Reduce(partial, 0, pi, 1, 1, MPI.DOUBLE, MPI.SUM, 0);
        MPI.COMM_WORLD.Allreduce(partial, 0, pi, 2, 1, MPI.DOUBLE, MPI.SUM);

        double serial = 0.0;
        for (int i = 1; i <= n[1]; i++) {
            double x = h * (i - 0.5);
            serial += 4.0 / (1.0 + x * x);
        }
        serial *= h;
        if (Math.abs(pi[2] - serial) > 1e-10 || Math.abs(pi[2] - Math.PI) > 1e-9) {
            throw new AssertionError("rank " + me + ": Allreduce gave " + pi[2] + ", serial " + serial);
        }
        if (me == 0 && Math.abs(pi[1] - pi[2]) > 1e-12) {
            throw new AssertionError("rank 0: Reduce gave " + pi[1] + ", Allreduce " + pi[2]);
        }
        if (me == 0) {
            System.out.println("pi is approximately " + pi[1] + ", Error is " + Math.abs(pi[1] - Math.PI));
        }
        MPI.Finalize();
        System.out.println("OK rank " + me);
    }
}

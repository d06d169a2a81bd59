package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.Comm;
import mpi.Datatype;
import mpi.DoubleInt;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;
import mpi.User_function;

/**
 * Every collective through the public API, any number of ranks (testlist: 1, 2, 3, 4, 5, 8): the
 * Open MPI forms on int/double arrays and direct buffers, their in-place overloads, the
 * nonblocking forms (also overlapped with point-to-point and completed by one waitAll), the
 * mpiJava capitalised forms with offsets (guards before and after untouched), roots 0 and last,
 * count 0, user operations (commutative, and a non-commutative 2x2 matrix product checked for
 * rank order; Open MPI array and ByteBuffer forms, mpiJava with offsets), mpiJava MAXLOC/MINLOC
 * on DOUBLE2/INT2 once those types have a layout, and errors (bad root, SUM on BOOLEAN, negative
 * count, short count array, null buffer, a throwing user function) with class and message.
 * Every result is checked against a serial reference.
 */
public final class CollectiveCalls {
    private static int me;
    private static int n;
    private static Intracomm world;

    /** Rank r's element i. */
    static int v(int r, int i) {
        return r * 1000 + i + 1;
    }

    static double dv(int r, int i) {
        return r + i * 0.5 + 0.25;
    }

    static int[] ints(int r, int count) {
        int[] a = new int[count];
        for (int i = 0; i < count; i++) {
            a[i] = v(r, i);
        }
        return a;
    }

    static double[] doubles(int r, int count) {
        double[] a = new double[count];
        for (int i = 0; i < count; i++) {
            a[i] = dv(r, i);
        }
        return a;
    }

    static int sum(int i) {
        int s = 0;
        for (int r = 0; r < n; r++) {
            s += v(r, i);
        }
        return s;
    }

    static IntBuffer direct(int[] a) {
        IntBuffer b = MPI.newIntBuffer(Math.max(a.length, 1));
        b.put(a).clear();
        return b;
    }

    static int[] array(IntBuffer b, int count) {
        int[] a = new int[count];
        for (int i = 0; i < count; i++) {
            a[i] = b.get(i);
        }
        return a;
    }

    static void same(int[] expected, int[] actual, String what) {
        that(Arrays.equals(expected, actual), "%s: %s, expected %s", what, Arrays.toString(actual),
            Arrays.toString(expected));
    }

    static void same(double[] expected, double[] actual, String what) {
        that(Arrays.equals(expected, actual), "%s: %s, expected %s", what, Arrays.toString(actual),
            Arrays.toString(expected));
    }

    /** 2x2 int matrix product on groups of 4 ints: inout = in * inout (associative, not commutative). */
    static final class MatMul extends UserFunction {
        @Override
        public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
            int[] a = (int[]) inVec;
            int[] b = (int[]) inOutVec;
            that(a.length == count && b.length == count, "user function arrays of %d/%d for count %d", a.length,
                b.length, count);
            for (int k = 0; k + 3 < count; k += 4) {
                int p = a[k] * b[k] + a[k + 1] * b[k + 2];
                int q = a[k] * b[k + 1] + a[k + 1] * b[k + 3];
                int r = a[k + 2] * b[k] + a[k + 3] * b[k + 2];
                int s = a[k + 2] * b[k + 1] + a[k + 3] * b[k + 3];
                b[k] = p;
                b[k + 1] = q;
                b[k + 2] = r;
                b[k + 3] = s;
            }
        }
    }

    static int[] matrix(int r) {
        return new int[] {r + 2, 1, 1, r};
    }

    static int[] product(int from, int to) {
        int[] m = {1, 0, 0, 1};
        for (int r = from; r <= to; r++) {
            int[] x = matrix(r);
            m = new int[] {m[0] * x[0] + m[1] * x[2], m[0] * x[1] + m[1] * x[3],
                m[2] * x[0] + m[3] * x[2], m[2] * x[1] + m[3] * x[3]};
        }
        return m;
    }

    public static void main(String[] args) {
        Check.init(args);
        world = MPI.COMM_WORLD;
        me = world.getRank();
        n = world.getSize();
        int[] roots = n == 1 ? new int[] {0} : new int[] {0, n - 1};

        step("barrier and iBarrier", () -> {
            world.barrier();
            world.Barrier();
            Request r = world.iBarrier();
            r.waitFor();
            that(r.isNull(), "iBarrier request not null after wait");
        });

        step("bcast", () -> {
            for (int root : roots) {
                int[] a = me == root ? ints(root, 5) : new int[5];
                world.bcast(a, 5, MPI.INT, root);
                same(ints(root, 5), a, "bcast int root " + root);
                double[] d = me == root ? doubles(root, 3) : new double[3];
                world.bcast(d, 3, MPI.DOUBLE, root);
                same(doubles(root, 3), d, "bcast double root " + root);
                IntBuffer b = direct(me == root ? ints(root, 4) : new int[4]);
                world.iBcast(b, 4, MPI.INT, root).waitFor();
                same(ints(root, 4), array(b, 4), "iBcast direct root " + root);
                int[] m = new int[9];
                if (me == root) {
                    System.arraycopy(ints(root, 5), 0, m, 2, 5);
                }
                world.Bcast(m, 2, 5, MPI.INT, root);
                int[] want = new int[9];
                System.arraycopy(ints(root, 5), 0, want, 2, 5);
                same(want, m, "Bcast with offset root " + root);
            }
        });

        step("gather", () -> {
            for (int root : roots) {
                int c = 3;
                int[] want = new int[n * c];
                for (int r = 0; r < n; r++) {
                    System.arraycopy(ints(r, c), 0, want, r * c, c);
                }
                int[] recv = new int[n * c];
                world.gather(ints(me, c), c, MPI.INT, recv, c, MPI.INT, root);
                if (me == root) {
                    same(want, recv, "gather root " + root);
                }
                // in place: the root's block is already in the receive buffer
                int[] buf = me == root ? new int[n * c] : ints(me, c);
                if (me == root) {
                    System.arraycopy(ints(me, c), 0, buf, me * c, c);
                }
                world.gather(buf, c, MPI.INT, root);
                if (me == root) {
                    same(want, buf, "gather in place root " + root);
                }
                // direct buffers, nonblocking
                IntBuffer rb = MPI.newIntBuffer(n * c);
                world.iGather(direct(ints(me, c)), c, MPI.INT, rb, c, MPI.INT, root).waitFor();
                if (me == root) {
                    same(want, array(rb, n * c), "iGather direct root " + root);
                }
                // mpiJava with offsets
                int[] m = new int[n * c + 4];
                int[] s = new int[c + 1];
                System.arraycopy(ints(me, c), 0, s, 1, c);
                world.Gather(s, 1, c, MPI.INT, m, 2, c, MPI.INT, root);
                if (me == root) {
                    int[] w = new int[n * c + 4];
                    System.arraycopy(want, 0, w, 2, n * c);
                    same(w, m, "Gather with offsets root " + root);
                }
            }
        });

        step("gatherv", () -> {
            for (int root : roots) {
                int[] counts = new int[n];
                int[] displs = new int[n];
                int total = 0;
                for (int r = n - 1; r >= 0; r--) { // blocks in reverse rank order, gaps of one
                    counts[r] = r % 3;
                    displs[r] = total;
                    total += counts[r] + 1;
                }
                int[] want = new int[total];
                for (int r = 0; r < n; r++) {
                    System.arraycopy(ints(r, counts[r]), 0, want, displs[r], counts[r]);
                }
                int[] recv = new int[total];
                world.gatherv(ints(me, counts[me]), counts[me], MPI.INT, recv, counts, displs, MPI.INT, root);
                if (me == root) {
                    same(want, recv, "gatherv root " + root);
                }
                int[] buf = new int[total];
                if (me == root) {
                    System.arraycopy(ints(me, counts[me]), 0, buf, displs[me], counts[me]);
                    world.gatherv(buf, counts, displs, MPI.INT, root);
                    same(want, buf, "gatherv in place root " + root);
                } else {
                    world.gatherv(ints(me, counts[me]), counts[me], MPI.INT, root);
                }
                int[] m = new int[total + 3];
                world.Gatherv(ints(me, counts[me]), 0, counts[me], MPI.INT, m, 3, counts, displs, MPI.INT, root);
                if (me == root) {
                    same(want, Arrays.copyOfRange(m, 3, total + 3), "Gatherv with offset root " + root);
                }
            }
        });

        step("scatter and scatterv", () -> {
            for (int root : roots) {
                int c = 2;
                int[] all = ints(root, n * c);
                int[] mine = Arrays.copyOfRange(all, me * c, me * c + c);
                int[] recv = new int[c];
                world.scatter(me == root ? all : null, c, MPI.INT, recv, c, MPI.INT, root);
                same(mine, recv, "scatter root " + root);
                int[] buf = me == root ? all.clone() : new int[c];
                world.scatter(buf, c, MPI.INT, root);
                same(me == root ? all : mine, buf, "scatter in place root " + root);
                IntBuffer rb = MPI.newIntBuffer(c);
                world.iScatter(direct(all), c, MPI.INT, rb, c, MPI.INT, root).waitFor();
                same(mine, array(rb, c), "iScatter direct root " + root);
                int[] m = new int[c + 2];
                world.Scatter(all, 0, c, MPI.INT, m, 1, c, MPI.INT, root);
                same(mine, Arrays.copyOfRange(m, 1, c + 1), "Scatter with offset root " + root);
                // scatterv: rank r gets r % 4 elements from displacement 2r
                int[] counts = new int[n];
                int[] displs = new int[n];
                for (int r = 0; r < n; r++) {
                    counts[r] = r % 4;
                    displs[r] = 2 * r + (r % 4 == 0 ? 0 : 0);
                }
                int[] src = ints(root, 2 * n + 4);
                int[] expect = Arrays.copyOfRange(src, displs[me], displs[me] + counts[me]);
                int[] rv = new int[counts[me]];
                world.scatterv(src, counts, displs, MPI.INT, rv, counts[me], MPI.INT, root);
                same(expect, rv, "scatterv root " + root);
                if (me == root) {
                    world.scatterv(src, counts, displs, MPI.INT, root);
                } else {
                    int[] r2 = new int[counts[me]];
                    world.scatterv(r2, counts[me], MPI.INT, root);
                    same(expect, r2, "scatterv leaf form root " + root);
                }
                int[] r3 = new int[counts[me] + 1];
                world.Scatterv(src, 0, counts, displs, MPI.INT, r3, 1, counts[me], MPI.INT, root);
                same(expect, Arrays.copyOfRange(r3, 1, counts[me] + 1), "Scatterv root " + root);
            }
        });

        step("allGather and allGatherv", () -> {
            int c = 3;
            int[] want = new int[n * c];
            for (int r = 0; r < n; r++) {
                System.arraycopy(ints(r, c), 0, want, r * c, c);
            }
            int[] recv = new int[n * c];
            world.allGather(ints(me, c), c, MPI.INT, recv, c, MPI.INT);
            same(want, recv, "allGather");
            int[] buf = new int[n * c];
            System.arraycopy(ints(me, c), 0, buf, me * c, c);
            world.allGather(buf, c, MPI.INT);
            same(want, buf, "allGather in place");
            IntBuffer rb = MPI.newIntBuffer(n * c);
            world.iAllGather(direct(ints(me, c)), c, MPI.INT, rb, c, MPI.INT).waitFor();
            same(want, array(rb, n * c), "iAllGather direct");
            double[] dw = new double[n * 2];
            for (int r = 0; r < n; r++) {
                System.arraycopy(doubles(r, 2), 0, dw, r * 2, 2);
            }
            double[] dr = new double[n * 2 + 1];
            world.Allgather(doubles(me, 2), 0, 2, MPI.DOUBLE, dr, 1, 2, MPI.DOUBLE);
            same(dw, Arrays.copyOfRange(dr, 1, n * 2 + 1), "Allgather double with offset");
            int[] counts = new int[n];
            int[] displs = new int[n];
            int total = 0;
            for (int r = 0; r < n; r++) {
                counts[r] = (r + 1) % 3;
                displs[r] = total;
                total += counts[r];
            }
            int[] wv = new int[total];
            for (int r = 0; r < n; r++) {
                System.arraycopy(ints(r, counts[r]), 0, wv, displs[r], counts[r]);
            }
            int[] rv = new int[total];
            world.allGatherv(ints(me, counts[me]), counts[me], MPI.INT, rv, counts, displs, MPI.INT);
            same(wv, rv, "allGatherv");
            int[] bv = new int[total];
            System.arraycopy(ints(me, counts[me]), 0, bv, displs[me], counts[me]);
            world.iAllGatherv(bv, counts, displs, MPI.INT).waitFor();
            same(wv, bv, "iAllGatherv in place");
            int[] mv = new int[total + 2];
            world.Allgatherv(ints(me, counts[me]), 0, counts[me], MPI.INT, mv, 2, counts, displs, MPI.INT);
            same(wv, Arrays.copyOfRange(mv, 2, total + 2), "Allgatherv with offset");
        });

        step("allToAll, allToAllv, allToAllw", () -> {
            int c = 2;
            int[] send = ints(me, n * c);
            int[] want = new int[n * c];
            for (int r = 0; r < n; r++) {
                System.arraycopy(ints(r, n * c), me * c, want, r * c, c);
            }
            int[] recv = new int[n * c];
            world.allToAll(send, c, MPI.INT, recv, c, MPI.INT);
            same(want, recv, "allToAll");
            IntBuffer rb = MPI.newIntBuffer(n * c);
            world.iAllToAll(direct(send), c, MPI.INT, rb, c, MPI.INT).waitFor();
            same(want, array(rb, n * c), "iAllToAll direct");
            int[] m = new int[n * c + 1];
            world.Alltoall(send, 0, c, MPI.INT, m, 1, c, MPI.INT);
            same(want, Arrays.copyOfRange(m, 1, n * c + 1), "Alltoall with offset");
            // v: rank s sends (s + d) % 3 elements to rank d, from displacement 3d
            int[] sc = new int[n];
            int[] sd = new int[n];
            int[] rc = new int[n];
            int[] rd = new int[n];
            for (int r = 0; r < n; r++) {
                sc[r] = (me + r) % 3;
                sd[r] = 3 * r;
                rc[r] = (r + me) % 3;
                rd[r] = 3 * r;
            }
            int[] src = ints(me, 3 * n);
            int[] wv = new int[3 * n];
            for (int r = 0; r < n; r++) {
                System.arraycopy(ints(r, 3 * n), 3 * me, wv, 3 * r, rc[r]);
            }
            int[] rv = new int[3 * n];
            world.allToAllv(src, sc, sd, MPI.INT, rv, rc, rd, MPI.INT);
            same(wv, rv, "allToAllv");
            int[] mv = new int[3 * n];
            world.Alltoallv(src, 0, sc, sd, MPI.INT, mv, 0, rc, rd, MPI.INT);
            same(wv, mv, "Alltoallv");
            // w: byte displacements, one type per peer (all INT on an int array)
            Datatype[] types = new Datatype[n];
            Arrays.fill(types, MPI.INT);
            int[] sdb = new int[n];
            int[] rdb = new int[n];
            for (int r = 0; r < n; r++) {
                sdb[r] = 4 * sd[r];
                rdb[r] = 4 * rd[r];
            }
            int[] wvr = new int[3 * n];
            world.allToAllw(src, sc, sdb, types, wvr, rc, rdb, types);
            same(wv, wvr, "allToAllw");
            IntBuffer wb = MPI.newIntBuffer(3 * n);
            world.iAllToAllw(direct(src), sc, sdb, types, wb, rc, rdb, types).waitFor();
            same(wv, array(wb, 3 * n), "iAllToAllw direct");
        });

        step("reduce and allReduce", () -> {
            int c = 4;
            int[] want = new int[c];
            int[] wmax = new int[c];
            double[] dwant = new double[c];
            for (int i = 0; i < c; i++) {
                want[i] = sum(i);
                wmax[i] = v(n - 1, i);
                for (int r = 0; r < n; r++) {
                    dwant[i] += dv(r, i);
                }
            }
            for (int root : roots) {
                int[] recv = new int[c];
                world.reduce(ints(me, c), recv, c, MPI.INT, MPI.SUM, root);
                if (me == root) {
                    same(want, recv, "reduce SUM root " + root);
                }
                int[] buf = ints(me, c);
                world.reduce(buf, c, MPI.INT, MPI.MAX, root);
                if (me == root) {
                    same(wmax, buf, "reduce MAX in place root " + root);
                }
                DoubleBuffer db = MPI.newDoubleBuffer(c);
                DoubleBuffer ds = MPI.newDoubleBuffer(c);
                ds.put(doubles(me, c)).clear();
                world.iReduce(ds, db, c, MPI.DOUBLE, MPI.SUM, root).waitFor();
                if (me == root) {
                    double[] got = new double[c];
                    db.get(got);
                    same(dwant, got, "iReduce double direct root " + root);
                }
                int[] m = new int[c + 3];
                int[] s = new int[c + 1];
                System.arraycopy(ints(me, c), 0, s, 1, c);
                world.Reduce(s, 1, m, 3, c, MPI.INT, MPI.SUM, root);
                if (me == root) {
                    same(want, Arrays.copyOfRange(m, 3, c + 3), "Reduce with offsets root " + root);
                }
            }
            int[] all = new int[c];
            world.allReduce(ints(me, c), all, c, MPI.INT, MPI.SUM);
            same(want, all, "allReduce");
            int[] in = ints(me, c);
            world.allReduce(in, c, MPI.INT, MPI.SUM);
            same(want, in, "allReduce in place");
            double[] dall = new double[c];
            world.allReduce(doubles(me, c), dall, c, MPI.DOUBLE, MPI.SUM);
            same(dwant, dall, "allReduce double");
            IntBuffer ib = direct(ints(me, c));
            world.iAllReduce(ib, c, MPI.INT, MPI.SUM).waitFor();
            same(want, array(ib, c), "iAllReduce direct in place");
            int[] m = new int[c + 1];
            world.Allreduce(ints(me, c), 0, m, 1, c, MPI.INT, MPI.SUM);
            same(want, Arrays.copyOfRange(m, 1, c + 1), "Allreduce with offset");
            int[] local = ints(me, c);
            Comm.reduceLocal(ints(1, c), local, c, MPI.INT, MPI.SUM);
            for (int i = 0; i < c; i++) {
                equal(v(1, i) + v(me, i), local[i], "reduceLocal[" + i + "]");
            }
        });

        step("reduceScatter, reduceScatterBlock, scan, exScan", () -> {
            int[] counts = new int[n];
            int total = 0;
            for (int r = 0; r < n; r++) {
                counts[r] = (r % 3) + 1;
                total += counts[r];
            }
            int first = 0;
            for (int r = 0; r < me; r++) {
                first += counts[r];
            }
            int[] want = new int[counts[me]];
            for (int i = 0; i < counts[me]; i++) {
                want[i] = sum(first + i);
            }
            int[] recv = new int[counts[me]];
            world.reduceScatter(ints(me, total), recv, counts, MPI.INT, MPI.SUM);
            same(want, recv, "reduceScatter");
            int[] buf = ints(me, total);
            world.reduceScatter(buf, counts, MPI.INT, MPI.SUM);
            same(want, Arrays.copyOf(buf, counts[me]), "reduceScatter in place");
            int[] m = new int[counts[me] + 2];
            world.Reduce_scatter(ints(me, total), 0, m, 2, counts, MPI.INT, MPI.SUM);
            same(want, Arrays.copyOfRange(m, 2, counts[me] + 2), "Reduce_scatter");
            int c = 2;
            int[] wb = new int[c];
            for (int i = 0; i < c; i++) {
                wb[i] = sum(me * c + i);
            }
            int[] rb = new int[c];
            world.reduceScatterBlock(ints(me, n * c), rb, c, MPI.INT, MPI.SUM);
            same(wb, rb, "reduceScatterBlock");
            int[] bb = ints(me, n * c);
            world.iReduceScatterBlock(bb, c, MPI.INT, MPI.SUM).waitFor();
            same(wb, Arrays.copyOf(bb, c), "iReduceScatterBlock in place");
            // scans
            int[] ws = new int[3];
            int[] wx = new int[3];
            for (int i = 0; i < 3; i++) {
                for (int r = 0; r <= me; r++) {
                    ws[i] += v(r, i);
                    wx[i] += r < me ? v(r, i) : 0;
                }
            }
            int[] s = new int[3];
            world.scan(ints(me, 3), s, 3, MPI.INT, MPI.SUM);
            same(ws, s, "scan");
            int[] sp = ints(me, 3);
            world.scan(sp, 3, MPI.INT, MPI.SUM);
            same(ws, sp, "scan in place");
            int[] x = new int[3];
            world.exScan(ints(me, 3), x, 3, MPI.INT, MPI.SUM);
            if (me > 0) {
                same(wx, x, "exScan");
            }
            IntBuffer xb = direct(ints(me, 3));
            world.iExScan(xb, 3, MPI.INT, MPI.SUM).waitFor();
            if (me > 0) {
                same(wx, array(xb, 3), "iExScan direct in place");
            }
            int[] sm = new int[4];
            world.Scan(ints(me, 3), 0, sm, 1, 3, MPI.INT, MPI.SUM);
            same(ws, Arrays.copyOfRange(sm, 1, 4), "Scan with offset");
        });

        step("user operations", () -> {
            Op mat = new Op(new MatMul(), false);
            that(!mat.isCommutative(), "MatMul op commutative");
            int[] want = product(0, n - 1);
            for (int root : roots) {
                int[] r = new int[4];
                world.reduce(matrix(me), r, 4, MPI.INT, mat, root);
                if (me == root) {
                    same(want, r, "non-commutative reduce (rank order) root " + root);
                }
            }
            int[] a = new int[4];
            world.allReduce(matrix(me), a, 4, MPI.INT, mat);
            same(want, a, "non-commutative allReduce");
            // direct buffers: the default ByteBuffer form calls the array form
            IntBuffer ib = direct(matrix(me));
            world.iAllReduce(ib, 4, MPI.INT, mat).waitFor();
            same(want, array(ib, 4), "non-commutative iAllReduce direct");
            int[] s = new int[4];
            world.scan(matrix(me), s, 4, MPI.INT, mat);
            same(product(0, me), s, "non-commutative scan");
            // commutative, ByteBuffer form implemented by the program
            Op bsum = new Op(new UserFunction() {
                @Override
                public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
                    for (int i = 0; i < count; i++) {
                        inOut.putInt(4 * i, in.getInt(4 * i) + inOut.getInt(4 * i));
                    }
                }
            }, true);
            IntBuffer sb = direct(ints(me, 3));
            IntBuffer rb = MPI.newIntBuffer(3);
            world.allReduce(sb, rb, 3, MPI.INT, bsum);
            same(new int[] {sum(0), sum(1), sum(2)}, array(rb, 3), "user ByteBuffer SUM");
            // mpiJava User_function with offsets
            Op msum = new Op(new User_function() {
                @Override
                public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype t) {
                    double[] x = (double[]) invec;
                    double[] y = (double[]) inoutvec;
                    for (int i = 0; i < count; i++) {
                        y[inoutoffset + i] = x[inoffset + i] + y[inoutoffset + i];
                    }
                }
            }, true);
            double[] d = new double[5];
            double[] src = new double[4];
            System.arraycopy(doubles(me, 3), 0, src, 1, 3);
            world.Allreduce(src, 1, d, 2, 3, MPI.DOUBLE, msum);
            for (int i = 0; i < 3; i++) {
                double w = 0;
                for (int r = 0; r < n; r++) {
                    w += dv(r, i);
                }
                that(d[2 + i] == w, "mpiJava user op element %d: %f, expected %f", i, d[2 + i], w);
            }
            that(d[0] == 0 && d[1] == 0, "mpiJava user op wrote before the offset");
            double[] o = {1, 2};
            msum.Call(new double[] {0, 10, 20}, 1, o, 0, 2, MPI.DOUBLE);
            same(new double[] {11, 22}, o, "Op.Call");
            mat.free();
            that(mat.isNull(), "freed op not null");
        });

        step("MAXLOC/MINLOC (mpiJava pairs)", () -> {
            double[] p = {me % 3, me, 5.0, me};
            double[] q = new double[4];
            world.allReduce(p, q, 2, MPI.DOUBLE2, MPI.MAXLOC);
            double top = Math.min(n - 1, 2);
            same(new double[] {top, top, 5.0, 0}, q, "MAXLOC DOUBLE2 (ties keep the smaller index)");
            int[] ip = {-me, me};
            int[] iq = new int[2];
            world.allReduce(ip, iq, 1, MPI.INT2, MPI.MINLOC);
            same(new int[] {-(n - 1), n - 1}, iq, "MINLOC INT2");
        });

        step("MAXLOC/MINLOC (Open MPI DOUBLE_INT through MPI.doubleInt views)", () -> {
            // two pairs per rank in C's layout (value at 0, index at 8, extent 16), in a direct buffer
            ByteBuffer in = MPI.newByteBuffer(2 * MPI.doubleInt.getExtent());
            ByteBuffer out = MPI.newByteBuffer(2 * MPI.doubleInt.getExtent());
            DoubleInt.Data a = MPI.doubleInt.getData(in, 0);
            a.putValue(me % 2);
            a.putIndex(me);
            DoubleInt.Data b = MPI.doubleInt.getData(in, 1);
            b.putValue(-me);
            b.putIndex(me);
            world.allReduce(in, out, 2, MPI.DOUBLE_INT, MPI.MAXLOC);
            DoubleInt.Data ra = MPI.doubleInt.getData(out, 0);
            DoubleInt.Data rb = MPI.doubleInt.getData(out, 1);
            equal(n > 1 ? 1.0 : 0.0, ra.getValue(), "MAXLOC value");
            equal(n > 1 ? 1 : 0, ra.getIndex(), "MAXLOC index: the smallest rank holding the maximum");
            equal(0.0, rb.getValue(), "MAXLOC value 2");
            equal(0, rb.getIndex(), "MAXLOC index 2");
            world.allReduce(in, out, 2, MPI.DOUBLE_INT, MPI.MINLOC);
            DoubleInt.Data ma = MPI.doubleInt.getData(out, 0);
            DoubleInt.Data mb = MPI.doubleInt.getData(out, 1);
            equal(0.0, ma.getValue(), "MINLOC value");
            equal(0, ma.getIndex(), "MINLOC index");
            equal((double) -(n - 1), mb.getValue(), "MINLOC value 2");
            equal(n - 1, mb.getIndex(), "MINLOC index 2");
        });

        step("nonblocking overlapped with point-to-point", () -> {
            int right = (me + 1) % n;
            int left = (me + n - 1) % n;
            int[] sum = new int[3];
            int[] token = new int[1];
            int[] bc = me == 0 ? ints(7, 6) : new int[6];
            int[] ag = new int[n];
            Request[] rs = {
                world.iAllReduce(ints(me, 3), sum, 3, MPI.INT, MPI.SUM),
                world.iRecv(token, 1, MPI.INT, left, 5),
                world.iBcast(bc, 6, MPI.INT, 0),
                world.iSend(new int[] {me}, 1, MPI.INT, right, 5),
                world.iAllGather(new int[] {me * 3}, 1, MPI.INT, ag, 1, MPI.INT),
                world.iBarrier(),
            };
            Request.waitAll(rs);
            same(new int[] {sum(0), sum(1), sum(2)}, sum, "iAllReduce in waitAll");
            equal(left, token[0], "ring token");
            same(ints(7, 6), bc, "iBcast in waitAll");
            for (int r = 0; r < n; r++) {
                equal(3 * r, ag[r], "iAllGather[" + r + "]");
            }
            // several of the same kind in flight at once, completed in reverse
            int[][] out = new int[4][2];
            Request[] many = new Request[4];
            for (int k = 0; k < 4; k++) {
                many[k] = world.iAllReduce(new int[] {k, me}, out[k], 2, MPI.INT, MPI.MAX);
            }
            for (int k = 3; k >= 0; k--) {
                many[k].waitFor();
                same(new int[] {k, n - 1}, out[k], "concurrent iAllReduce " + k);
            }
        });

        step("count 0", () -> {
            world.bcast(null, 0, MPI.INT, 0);
            world.gather(new int[0], 0, MPI.INT, new int[0], 0, MPI.INT, n - 1);
            world.allReduce(new int[0], new int[0], 0, MPI.INT, MPI.SUM);
            world.iAllGather(new int[0], 0, MPI.INT, new int[0], 0, MPI.INT).waitFor();
            world.allToAll(new int[0], 0, MPI.INT, new int[0], 0, MPI.INT);
            world.reduceScatterBlock(new int[0], new int[0], 0, MPI.INT, MPI.SUM);
            world.scan(new double[0], new double[0], 0, MPI.DOUBLE, MPI.SUM);
        });

        step("MPI.OBJECT in Bcast, Gather(v), Scatter(v), Allgather(v) (mpiJava)", () -> {
            Object[] cast = new Object[3];
            if (me == n - 1) {
                java.util.Map<String, Integer> map = new java.util.HashMap<>();
                map.put("ranks", n);
                cast[0] = "from the last rank";
                cast[1] = null;
                cast[2] = map;
            }
            world.Bcast(cast, 0, 3, MPI.OBJECT, n - 1);
            equal("from the last rank", cast[0], "Bcast object 0");
            equal(null, cast[1], "Bcast null");
            equal(java.util.Map.of("ranks", n), cast[2], "Bcast map");

            Object[] mine = {"r" + me, me};
            Object[] all = new Object[1 + 2 * n];
            world.Gather(mine, 0, 2, MPI.OBJECT, all, 1, 2, MPI.OBJECT, 0);
            if (me == 0) {
                equal(null, all[0], "Gather leaves the offset alone");
                for (int i = 0; i < n; i++) {
                    equal("r" + i, all[1 + 2 * i], "Gather string of " + i);
                    equal(i, all[2 + 2 * i], "Gather int of " + i);
                }
            }

            Object[] parts = new Object[2 * n];
            if (me == 0) {
                for (int i = 0; i < n; i++) {
                    parts[2 * i] = "part" + i;
                    parts[2 * i + 1] = new int[] {i, i};
                }
            }
            Object[] got = new Object[2];
            world.Scatter(parts, 0, 2, MPI.OBJECT, got, 0, 2, MPI.OBJECT, 0);
            equal("part" + me, got[0], "Scatter string");
            same(new int[] {me, me}, (int[]) got[1], "Scatter int[]");

            // rank i contributes i + 1 objects
            int[] counts = new int[n];
            int[] displs = new int[n];
            for (int i = 0, at = 0; i < n; at += counts[i], i++) {
                counts[i] = i + 1;
                displs[i] = at;
            }
            Object[] contribution = new Object[me + 1];
            Arrays.fill(contribution, "x" + me);
            Object[] everything = new Object[displs[n - 1] + counts[n - 1]];
            world.Allgatherv(contribution, 0, me + 1, MPI.OBJECT, everything, 0, counts, displs, MPI.OBJECT);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < counts[i]; j++) {
                    equal("x" + i, everything[displs[i] + j], "Allgatherv object " + j + " of " + i);
                }
            }
            world.allGather(new Object[] {me * 10}, 1, MPI.OBJECT, everything, 1, MPI.OBJECT);
            for (int i = 0; i < n; i++) {
                equal(i * 10, everything[i], "allGather object of " + i);
            }

            world.setErrhandler(MPI.ERRORS_RETURN);
            // A rank whose objects cannot be serialized still takes part: every rank gets an error,
            // nobody waits for it, and the communicator goes on.
            int bad = n - 1;
            Object unserializable = new Object();
            expectError(MPI.ERR_TYPE, "Bcast of an unserializable object",
                () -> world.Bcast(new Object[] {me == bad ? unserializable : null}, 0, 1, MPI.OBJECT, bad), "Bcast");
            // Gather: the root and the rank that failed learn of it; the others' sends went through.
            Runnable gather = () -> world.Gather(new Object[] {me == bad ? unserializable : "ok"}, 0, 1, MPI.OBJECT,
                new Object[n], 0, 1, MPI.OBJECT, 0);
            if (me == 0 || me == bad) {
                expectError(MPI.ERR_TYPE, "Gather with one unserializable contribution", gather, "Gather");
            } else {
                gather.run();
            }
            // Allgather: everyone receives everyone's objects, so everyone learns of it.
            expectError(MPI.ERR_TYPE, "Allgather with one unserializable contribution",
                () -> world.Allgather(new Object[] {me == bad ? unserializable : "ok"}, 0, 1, MPI.OBJECT,
                    new Object[n], 0, 1, MPI.OBJECT), "Allgather", me == bad ? "serializ" : "rank(s) " + bad);
            Object[] parts2 = new Object[n];
            Arrays.fill(parts2, "fine");
            parts2[n - 1] = unserializable;
            Object[] got2 = new Object[1];
            if (me == 0 || me == n - 1) {
                expectError(MPI.ERR_TYPE, "Scatter with one unserializable part",
                    () -> world.Scatter(parts2, 0, 1, MPI.OBJECT, got2, 0, 1, MPI.OBJECT, 0), "Scatter");
            } else {
                world.Scatter(parts2, 0, 1, MPI.OBJECT, got2, 0, 1, MPI.OBJECT, 0);
                equal("fine", got2[0], "Scatter part beside an unserializable one");
            }
            int[] still = {1};
            world.allReduce(still, 1, MPI.INT, MPI.SUM);
            equal(n, still[0], "the communicator after failed object collectives");
            expectError(MPI.ERR_TYPE, "MPI.OBJECT in a nonblocking collective",
                () -> world.iBcast(new Object[1], 1, MPI.OBJECT, 0), "iBcast", "nonblocking");
            expectError(MPI.ERR_OP, "MPI.OBJECT in a reduction with a predefined operation",
                () -> world.allReduce(new Object[1], new Object[1], 1, MPI.OBJECT, MPI.SUM), "allReduce", "MPI_SUM",
                "MPI.OBJECT");
            expectError(MPI.ERR_TYPE, "MPI.OBJECT in a nonblocking all-to-all",
                () -> world.iAllToAll(new Object[n], 1, MPI.OBJECT, new Object[n], 1, MPI.OBJECT), "iAllToAll",
                "nonblocking");
            world.setErrhandler(MPI.ERRORS_ARE_FATAL);
        });

        step("errors", () -> {
            world.setErrhandler(MPI.ERRORS_RETURN);
            MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN); // reduceLocal and Op.Call raise on COMM_SELF
            expectError(MPI.ERR_ROOT, "bcast root n", () -> world.bcast(new int[1], 1, MPI.INT, n),
                "bcast", "root " + n);
            expectError(MPI.ERR_ROOT, "iReduce root -1",
                () -> world.iReduce(new int[1], new int[1], 1, MPI.INT, MPI.SUM, -1), "iReduce", "root -1");
            expectError(MPI.ERR_OP, "SUM on BOOLEAN",
                () -> world.allReduce(new boolean[1], new boolean[1], 1, MPI.BOOLEAN, MPI.SUM),
                "allReduce", "SUM", "BOOLEAN");
            expectError(MPI.ERR_OP, "MAX on MPI_PACKED? no: MAXLOC on INT",
                () -> world.allReduce(new int[1], new int[1], 1, MPI.INT, MPI.MAXLOC), "MAXLOC", "INT");
            expectError(MPI.ERR_COUNT, "negative count", () -> world.allReduce(new int[1], new int[1], -2, MPI.INT,
                MPI.SUM), "count -2");
            expectError(MPI.ERR_ARG, "short recvcounts", () -> world.allGatherv(new int[1], 1, MPI.INT,
                new int[n + 1], new int[n - 1], new int[n], MPI.INT), "recvcount", "fewer");
            expectError(MPI.ERR_BUFFER, "null buffer", () -> world.allGather(null, 2, MPI.INT, new int[2 * n], 2,
                MPI.INT), "sendbuf", "null");
            expectError(MPI.ERR_BUFFER, "recvbuf too small", () -> world.allGather(new int[2], 2, MPI.INT,
                new int[2 * n - 1], 2, MPI.INT), "recvbuf");
            expectError(MPI.ERR_OP, "throwing user function", () -> Comm.reduceLocal(new int[1], new int[1], 1,
                MPI.INT, new Op(new UserFunction() {
                    @Override
                    public void call(Object a, Object b, int count, Datatype t) {
                        throw new IllegalStateException("boom");
                    }
                }, true)), "reduceLocal", "boom");
            Op freed = new Op(new MatMul(), true);
            freed.free();
            expectError(MPI.ERR_OP, "freed op", () -> world.allReduce(new int[4], new int[4], 4, MPI.INT, freed),
                "freed");
            expectError(MPI.ERR_OP, "free predefined", () -> MPI.SUM.free(), "MPI_SUM", "predefined");
            // and the communicator still works, call tags still agree
            int[] one = {1};
            world.allReduce(one, 1, MPI.INT, MPI.SUM);
            equal(n, one[0], "allReduce after errors");
            world.setErrhandler(MPI.ERRORS_ARE_FATAL);
            MPI.COMM_SELF.setErrhandler(MPI.ERRORS_ARE_FATAL);
        });

        Check.done();
    }

    private CollectiveCalls() {
    }
}

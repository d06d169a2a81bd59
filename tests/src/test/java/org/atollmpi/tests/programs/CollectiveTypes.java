package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.util.Arrays;

import mpi.Datatype;
import mpi.MPI;
import mpi.Op;
import mpi.Request;

/**
 * Collectives on non-contiguous derived datatypes (packed into temporaries and unpacked after),
 * blocking and nonblocking: matrix columns gathered and scattered (vector + resized), v-variants
 * whose displacements leave gaps that stay untouched, alltoallw with a derived type per peer,
 * reductions on vectors and contiguous runs of doubles, bcast of a struct on a byte[] and a
 * direct ByteBuffer, mpiJava forms with offsets.
 */
public final class CollectiveTypes {
    private static final double GAP = -7.5;

    private CollectiveTypes() {
    }

    public static void main(String[] args) {
        Check.init(args);
        int me = Check.rank();
        int n = Check.size();
        mpi.Intracomm w = MPI.COMM_WORLD;
        int rows = 4;

        // A column of a rows x n row-major matrix of doubles, resized so that column j starts j doubles on.
        Datatype col = Datatype.createVector(rows, 1, n, MPI.DOUBLE);
        col.commit();
        Datatype colR = Datatype.createResized(col, 0, 8);
        colR.commit();

        Check.step("gather columns", () -> {
            for (int root : new int[] {0, n - 1}) {
                double[] mine = new double[rows];
                for (int r = 0; r < rows; r++) {
                    mine[r] = value(me, r);
                }
                double[] matrix = new double[rows * n];
                Arrays.fill(matrix, GAP);
                w.gather(mine, rows, MPI.DOUBLE, matrix, 1, colR, root);
                if (me == root) {
                    for (int r = 0; r < rows; r++) {
                        for (int j = 0; j < n; j++) {
                            Check.that(matrix[r * n + j] == value(j, r), "gather: m[%d][%d] = %s", r, j,
                                matrix[r * n + j]);
                        }
                    }
                } else {
                    for (double d : matrix) {
                        Check.that(d == GAP, "gather: non-root buffer touched");
                    }
                }
            }
        });

        Check.step("scatter columns", () -> {
            int root = n / 2;
            double[] matrix = new double[rows * n];
            for (int r = 0; r < rows; r++) {
                for (int j = 0; j < n; j++) {
                    matrix[r * n + j] = value(j, r);
                }
            }
            double[] mine = new double[rows + 2];
            Arrays.fill(mine, GAP);
            w.scatter(matrix, 1, colR, mine, rows, MPI.DOUBLE, root);
            for (int r = 0; r < rows; r++) {
                Check.that(mine[r] == value(me, r), "scatter: mine[%d] = %s", r, mine[r]);
            }
            Check.that(mine[rows] == GAP && mine[rows + 1] == GAP, "scatter wrote past the block");
        });

        // Every other column of a rows x 2n matrix: the odd columns are gaps that must stay untouched.
        Datatype col2 = Datatype.createVector(rows, 1, 2 * n, MPI.DOUBLE);
        col2.commit();
        Datatype col2R = Datatype.createResized(col2, 0, 8);
        col2R.commit();
        int[] ones = new int[n];
        int[] evens = new int[n];
        for (int j = 0; j < n; j++) {
            ones[j] = 1;
            evens[j] = 2 * j;
        }

        Check.step("gatherv into every other column", () -> {
            double[] mine = new double[rows];
            for (int r = 0; r < rows; r++) {
                mine[r] = value(me, r);
            }
            double[] matrix = new double[rows * 2 * n];
            Arrays.fill(matrix, GAP);
            w.gatherv(mine, rows, MPI.DOUBLE, matrix, ones, evens, col2R, 0);
            if (me == 0) {
                checkEvenColumns(matrix, rows, n, "gatherv");
            }
        });

        Check.step("allgatherv into every other column, blocking and nonblocking", () -> {
            double[] mine = new double[rows];
            for (int r = 0; r < rows; r++) {
                mine[r] = value(me, r);
            }
            double[] matrix = new double[rows * 2 * n];
            Arrays.fill(matrix, GAP);
            w.allGatherv(mine, rows, MPI.DOUBLE, matrix, ones, evens, col2R);
            checkEvenColumns(matrix, rows, n, "allGatherv");
            double[] m2 = new double[rows * 2 * n];
            Arrays.fill(m2, GAP);
            Request q = w.iAllGatherv(mine, rows, MPI.DOUBLE, m2, ones, evens, col2R);
            q.waitFor();
            checkEvenColumns(m2, rows, n, "iAllGatherv");
        });

        Check.step("scatterv from every other column", () -> {
            double[] matrix = new double[rows * 2 * n];
            for (int r = 0; r < rows; r++) {
                for (int j = 0; j < n; j++) {
                    matrix[r * 2 * n + 2 * j] = value(j, r);
                    matrix[r * 2 * n + 2 * j + 1] = GAP;
                }
            }
            double[] mine = new double[rows];
            w.scatterv(matrix, ones, evens, col2R, mine, rows, MPI.DOUBLE, n - 1);
            for (int r = 0; r < rows; r++) {
                Check.that(mine[r] == value(me, r), "scatterv: mine[%d] = %s", r, mine[r]);
            }
        });

        // Three doubles, every other one of six.
        Datatype strided = Datatype.createVector(3, 1, 2, MPI.DOUBLE);
        strided.commit();
        Datatype three = Datatype.createContiguous(3, MPI.DOUBLE);
        three.commit();

        Check.step("allReduce and reduce with SUM on derived types of doubles", () -> {
            for (Datatype t : new Datatype[] {three, strided}) {
                boolean gaps = t == strided;
                int span = gaps ? 6 : 3;
                double[] in = new double[2 * span];
                double[] out = new double[2 * span];
                Arrays.fill(in, GAP);
                Arrays.fill(out, GAP);
                for (int i = 0; i < 6; i++) {
                    int at = gaps ? (i / 3) * 5 + (i % 3) * 2 : i; // the vector's extent is 5 doubles
                    in[at] = me + i;
                }
                w.allReduce(in, out, 2, t, MPI.SUM);
                double ranks = n * (n - 1) / 2.0;
                for (int i = 0; i < 6; i++) {
                    int at = gaps ? (i / 3) * 5 + (i % 3) * 2 : i; // the vector's extent is 5 doubles
                    Check.that(out[at] == ranks + (double) n * i, "allReduce %s: element %d = %s", t, i, out[at]);
                    if (gaps && i % 3 != 2) {
                        Check.that(out[at + 1] == GAP, "allReduce %s: gap after element %d touched", t, i);
                    }
                }
                double[] red = new double[2 * span];
                Arrays.fill(red, GAP);
                w.reduce(in, red, 2, t, MPI.SUM, n - 1);
                if (me == n - 1) {
                    for (int i = 0; i < 6; i++) {
                        int at = gaps ? (i / 3) * 5 + (i % 3) * 2 : i; // the vector's extent is 5 doubles
                        Check.that(red[at] == ranks + (double) n * i, "reduce %s: element %d = %s", t, i, red[at]);
                    }
                }
                double[] io = in.clone();
                Request q = w.iAllReduce(io, 2, t, MPI.MAX);
                q.waitFor();
                for (int i = 0; i < 6; i++) {
                    int at = gaps ? (i / 3) * 5 + (i % 3) * 2 : i; // the vector's extent is 5 doubles
                    Check.that(io[at] == n - 1 + i, "iAllReduce in place %s: element %d = %s", t, i, io[at]);
                }
            }
        });

        // A struct {int a; double b} with a 4-byte hole, 16 bytes extent.
        Datatype pair = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8},
                new Datatype[] {MPI.INT, MPI.DOUBLE});
        pair.commit();

        Check.step("derived types of complex numbers and of pairs reduce as those", () -> {
            // two complex numbers per item: PROD must multiply them as complex numbers
            Datatype twoComplex = Datatype.createContiguous(2, MPI.DOUBLE_COMPLEX);
            twoComplex.commit();
            double[] z = {0, 1, 1, 1}; // i and 1+i on every rank
            double[] p = new double[4];
            w.allReduce(z, p, 1, twoComplex, MPI.PROD);
            double[] iPow = {1, 0};
            double[] onePlusIPow = {1, 0};
            for (int r = 0; r < n; r++) {
                iPow = new double[] {-iPow[1], iPow[0]};
                onePlusIPow = new double[] {onePlusIPow[0] - onePlusIPow[1], onePlusIPow[0] + onePlusIPow[1]};
            }
            Check.that(p[0] == iPow[0] && p[1] == iPow[1], "PROD of i over %d ranks: %s %s", n, p[0], p[1]);
            Check.that(p[2] == onePlusIPow[0] && p[3] == onePlusIPow[1], "PROD of 1+i over %d ranks: %s %s", n,
                p[2], p[3]);
            Check.expectError(MPI.ERR_OP, "MAX on a derived type of complex numbers", () -> {
                w.setErrhandler(MPI.ERRORS_RETURN);
                try {
                    w.allReduce(z, p, 1, twoComplex, MPI.MAX);
                } finally {
                    w.setErrhandler(MPI.ERRORS_ARE_FATAL);
                }
            }, "MAX");
            // mpiJava's same-kind pairs in a derived type: MAXLOC per pair
            Datatype twoPairs = Datatype.createContiguous(2, MPI.INT2);
            twoPairs.commit();
            int[] v = {me % 2, me, -me, me};
            int[] best = new int[4];
            w.allReduce(v, best, 1, twoPairs, MPI.MAXLOC);
            Check.that(best[0] == (n > 1 ? 1 : 0) && best[1] == (n > 1 ? 1 : 0), "MAXLOC pair 0: %s %s", best[0],
                best[1]);
            Check.that(best[2] == 0 && best[3] == 0, "MAXLOC pair 1: %s %s", best[2], best[3]);
            twoComplex.free();
            twoPairs.free();
        });

        Check.step("bcast of a struct on a byte[] and a direct ByteBuffer", () -> {
            int items = 5;
            byte[] a = new byte[items * 16];
            ByteBuffer d = MPI.newByteBuffer(items * 16);
            for (int i = 0; i < a.length; i++) {
                a[i] = (byte) (me == 1 % n ? i : 0x55);
                d.put(i, (byte) (me == 1 % n ? 3 * i : 0x55));
            }
            w.bcast(a, items, pair, 1 % n);
            Request q = w.iBcast(d, items, pair, 1 % n);
            q.waitFor();
            for (int i = 0; i < a.length; i++) {
                boolean hole = i % 16 >= 4 && i % 16 < 8;
                byte expA = hole && me != 1 % n ? 0x55 : (byte) i;
                byte expD = hole && me != 1 % n ? 0x55 : (byte) (3 * i);
                Check.that(a[i] == expA, "bcast byte[]: byte %d = %d, expected %d", i, a[i], expA);
                Check.that(d.get(i) == expD, "iBcast direct: byte %d = %d, expected %d", i, d.get(i), expD);
            }
        });

        Check.step("alltoallw with a derived type per peer", () -> {
            // To peer j: j+1 doubles taken every other one from an area of its own; from peer j:
            // me+1 doubles, contiguous on this side, into an area with a gap before it.
            int[] sc = new int[n];
            int[] sd = new int[n];
            Datatype[] st = new Datatype[n];
            int[] rc = new int[n];
            int[] rd = new int[n];
            Datatype[] rt = new Datatype[n];
            Datatype every2 = Datatype.createResized(Datatype.createVector(1, 1, 1, MPI.DOUBLE), 0, 16);
            every2.commit();
            int sAt = 0;
            int rAt = 8;
            for (int j = 0; j < n; j++) {
                sc[j] = j + 1;
                sd[j] = sAt;
                st[j] = every2;
                sAt += 16 * (j + 1);
                rc[j] = me + 1;
                rd[j] = rAt;
                rt[j] = MPI.DOUBLE;
                rAt += 8 * (me + 1) + 8;
            }
            double[] send = new double[sAt / 8];
            for (int j = 0, k = 0; j < n; j++) {
                for (int i = 0; i < j + 1; i++) {
                    send[k++] = 1000 * me + 10 * j + i;
                    send[k++] = GAP;
                }
            }
            double[] recv = new double[rAt / 8];
            Arrays.fill(recv, GAP);
            w.allToAllw(send, sc, sd, st, recv, rc, rd, rt);
            for (int j = 0; j < n; j++) {
                Check.that(recv[rd[j] / 8 - 1] == GAP, "allToAllw: gap before block %d touched", j);
                for (int i = 0; i < me + 1; i++) {
                    double v = recv[rd[j] / 8 + i];
                    Check.that(v == 1000 * j + 10 * me + i, "allToAllw: from %d item %d = %s", j, i, v);
                }
            }
            // The same, the derived type on the receive side: every other double.
            for (int j = 0; j < n; j++) {
                st[j] = MPI.DOUBLE;
                rt[j] = every2;
            }
            double[] send2 = new double[n * n];
            int[] sd2 = new int[n];
            int[] rd2 = new int[n];
            for (int j = 0; j < n; j++) {
                sd2[j] = 8 * n * j;
                rd2[j] = 16 * (me + 1) * j;
                for (int i = 0; i < j + 1; i++) {
                    send2[n * j + i] = 1000 * me + 10 * j + i;
                }
            }
            double[] recv2 = new double[2 * (me + 1) * n];
            Arrays.fill(recv2, GAP);
            w.allToAllw(send2, sc, sd2, st, recv2, rc, rd2, rt);
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < me + 1; i++) {
                    double v = recv2[rd2[j] / 8 + 2 * i];
                    Check.that(v == 1000 * j + 10 * me + i, "allToAllw (derived recv): from %d item %d = %s", j, i, v);
                    Check.that(recv2[rd2[j] / 8 + 2 * i + 1] == GAP, "allToAllw (derived recv): gap touched");
                }
            }
        });

        Check.step("alltoallw at byte displacements that are no multiple of the type", () -> {
            java.nio.ByteOrder order = java.nio.ByteOrder.nativeOrder();
            int[] one = new int[n];
            Arrays.fill(one, 1);
            int[] sd = new int[n];
            int[] rd = new int[n];
            Datatype[] ints = new Datatype[n];
            Arrays.fill(ints, MPI.INT);
            for (int j = 0; j < n; j++) {
                sd[j] = 1 + 5 * j; // odd, unaligned
                rd[j] = 3 + 7 * j;
            }
            byte[] send = new byte[5 * n + 4];
            java.nio.ByteBuffer sv = java.nio.ByteBuffer.wrap(send).order(order);
            for (int j = 0; j < n; j++) {
                sv.putInt(sd[j], 1000 * me + j);
            }
            byte[] recv = new byte[7 * n + 4];
            Arrays.fill(recv, (byte) 0x5A);
            w.allToAllw(send, one, sd, ints, recv, one, rd, ints);
            java.nio.ByteBuffer rv = java.nio.ByteBuffer.wrap(recv).order(order);
            for (int j = 0; j < n; j++) {
                Check.that(rv.getInt(rd[j]) == 1000 * j + me, "unaligned allToAllw from %d: %s", j, rv.getInt(rd[j]));
                for (int b = rd[j] + 4; b < rd[j] + 7 && b < recv.length; b++) {
                    Check.that(recv[b] == 0x5A, "unaligned allToAllw: byte %d between blocks touched", b);
                }
            }
            // A non-contiguous type (ints 0 and 2, extent 12 bytes) at displacements of 13 bytes.
            Datatype spread = Datatype.createVector(2, 1, 2, MPI.INT);
            spread.commit();
            Datatype[] spreads = new Datatype[n];
            Arrays.fill(spreads, spread);
            int[] d13 = new int[n];
            for (int j = 0; j < n; j++) {
                d13[j] = 13 * j;
            }
            byte[] send2 = new byte[13 * n + 12];
            java.nio.ByteBuffer s2 = java.nio.ByteBuffer.wrap(send2).order(order);
            for (int j = 0; j < n; j++) {
                s2.putInt(d13[j], 100 * me + j);
                s2.putInt(d13[j] + 8, -(100 * me + j));
            }
            byte[] recv2 = new byte[13 * n + 12];
            Arrays.fill(recv2, (byte) 0x5A);
            w.allToAllw(send2, one, d13, spreads, recv2, one, d13, spreads);
            java.nio.ByteBuffer r2 = java.nio.ByteBuffer.wrap(recv2).order(order);
            for (int j = 0; j < n; j++) {
                Check.that(r2.getInt(d13[j]) == 100 * j + me && r2.getInt(d13[j] + 8) == -(100 * j + me),
                    "spread allToAllw from %d: %s %s", j, r2.getInt(d13[j]), r2.getInt(d13[j] + 8));
                Check.that(r2.getInt(d13[j] + 4) == 0x5A5A5A5A, "spread allToAllw: the hole of block %d touched", j);
            }
            spread.free();
        });

        Check.step("mpiJava forms with offsets and derived types", () -> {
            double[] mine = new double[rows + 3];
            for (int r = 0; r < rows; r++) {
                mine[3 + r] = value(me, r);
            }
            double[] matrix = new double[2 + rows * n];
            Arrays.fill(matrix, GAP);
            w.Gather(mine, 3, rows, MPI.DOUBLE, matrix, 2, 1, colR, 0);
            if (me == 0) {
                Check.that(matrix[0] == GAP && matrix[1] == GAP, "Gather wrote before the offset");
                for (int r = 0; r < rows; r++) {
                    for (int j = 0; j < n; j++) {
                        Check.that(matrix[2 + r * n + j] == value(j, r), "Gather: m[%d][%d] = %s", r, j,
                            matrix[2 + r * n + j]);
                    }
                }
            }
            double[] in = new double[1 + 6];
            double[] out = new double[1 + 6];
            Arrays.fill(out, GAP);
            for (int i = 0; i < 6; i++) {
                in[1 + i] = me + i;
            }
            w.Allreduce(in, 1, out, 1, 1, strided, MPI.SUM);
            for (int i = 0; i < 3; i++) {
                Check.that(out[1 + 2 * i] == n * (n - 1) / 2.0 + n * 2.0 * i, "Allreduce offset: element %d = %s", i,
                    out[1 + 2 * i]);
                Check.that(out[2 + 2 * i] == GAP, "Allreduce offset: gap %d touched", i);
            }
        });

        Check.step("nonblocking gathers of columns unpacked before wait returns", () -> {
            Request[] qs = new Request[8];
            double[][] ms = new double[8][];
            double[] mine = new double[rows];
            for (int r = 0; r < rows; r++) {
                mine[r] = value(me, r);
            }
            for (int k = 0; k < qs.length; k++) {
                ms[k] = new double[rows * n];
                Arrays.fill(ms[k], GAP);
                qs[k] = w.iAllGather(mine, rows, MPI.DOUBLE, ms[k], 1, colR);
            }
            Request.waitAll(qs);
            for (int k = 0; k < qs.length; k++) {
                for (int r = 0; r < rows; r++) {
                    for (int j = 0; j < n; j++) {
                        Check.that(ms[k][r * n + j] == value(j, r), "iAllGather %d: m[%d][%d] = %s", k, r, j,
                            ms[k][r * n + j]);
                    }
                }
            }
            DoubleBuffer db = MPI.newDoubleBuffer(rows * n);
            for (int i = 0; i < rows * n; i++) {
                db.put(i, GAP);
            }
            Request q = w.iGather(DoubleBuffer.wrap(mine), rows, MPI.DOUBLE, db, 1, colR, 0);
            q.waitFor();
            if (me == 0) {
                for (int r = 0; r < rows; r++) {
                    for (int j = 0; j < n; j++) {
                        Check.that(db.get(r * n + j) == value(j, r), "iGather direct: m[%d][%d] = %s", r, j,
                            db.get(r * n + j));
                    }
                }
            }
        });

        Check.step("neighbour collectives on derived types", () -> {
            mpi.CartComm ring = w.createCart(new int[] {n}, new boolean[] {true}, false);
            ring.setErrhandler(MPI.ERRORS_RETURN);
            Datatype two = Datatype.createContiguous(2, MPI.INT);
            two.commit();
            int left = (me + n - 1) % n;
            int right = (me + 1) % n;
            int[] out = {10 * me, 10 * me + 1, -1};
            int[] in = new int[5];
            Arrays.fill(in, -9);
            // Displacements count extents of the type: left's pair at ints 0-1, right's at 2-3.
            ring.neighborAllGather(out, 1, two, in, 1, two);
            Check.that(in[0] == 10 * left && in[1] == 10 * left + 1 && in[2] == 10 * right
                && in[3] == 10 * right + 1 && in[4] == -9, "neighborAllGather of pairs: %s", Arrays.toString(in));
            // A non-contiguous type travels packed: every other double of a row, gaps untouched.
            Datatype everyOther = Datatype.createVector(3, 1, 2, MPI.DOUBLE); // extent 5 doubles
            everyOther.commit();
            double[] line = {me, GAP, me + 0.5, GAP, me + 0.75, GAP};
            double[] got = new double[10];
            Arrays.fill(got, GAP);
            ring.neighborAllGather(line, 1, everyOther, got, 1, everyOther);
            double[] expect = {left, GAP, left + 0.5, GAP, left + 0.75, right, GAP, right + 0.5, GAP, right + 0.75};
            Check.that(Arrays.equals(expect, got), "neighborAllGather of a vector: %s", Arrays.toString(got));
            Arrays.fill(got, GAP);
            mpi.Request r = ring.iNeighborAllToAll(new double[] {me, GAP, me, GAP, me, -1, GAP, -1, GAP, -1}, 1,
                everyOther, got, 1, everyOther);
            r.waitFor();
            Check.that(got[0] == -1 && got[2] == -1 && got[4] == -1 && got[1] == GAP && got[3] == GAP,
                "iNeighborAllToAll block from the left (its block for the right): %s", Arrays.toString(got));
            Check.that(got[5] == right && got[7] == right && got[9] == right && got[6] == GAP && got[8] == GAP,
                "iNeighborAllToAll block from the right (its block for the left): %s", Arrays.toString(got));
            everyOther.free();
            ring.free();
        });

        Check.done();
    }

    private static double value(int rank, int row) {
        return 100 * rank + row + 0.25;
    }

    private static void checkEvenColumns(double[] matrix, int rows, int n, String what) {
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < n; j++) {
                double v = matrix[r * 2 * n + 2 * j];
                Check.that(v == value(j, r), "%s: m[%d][%d] = %s", what, r, 2 * j, v);
                Check.that(matrix[r * 2 * n + 2 * j + 1] == GAP, "%s: gap m[%d][%d] touched (%s)", what, r,
                    2 * j + 1, matrix[r * 2 * n + 2 * j + 1]);
            }
        }
    }
}

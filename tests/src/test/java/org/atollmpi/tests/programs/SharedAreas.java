package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

import mpi.Comm;
import mpi.Datatype;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;

/**
 * The blocking collectives that run through a communicator's shared area of board memory
 * (`BoardCollectives`), through the real launcher: every one of them on the world, a duplicate and
 * the two halves of a split (two areas in use at once) and the ranks of a node, at sizes on both sides of the thresholds
 * where the messages take over and past a slot's half (chunked), in place, with a derived type
 * and with an operation that does not commute; hundreds of communicators that open an area and
 * free it (the board memory comes back: no run-out); and nonblocking collectives and a large
 * point-to-point message in flight across blocking ones. Run as well with
 * {@code ATOLL_COLL_SHARED=off}, where the same calls run as messages, and over pretend nodes,
 * where the world spans two and only the halves of a node share a board.
 */
public final class SharedAreas {
    /**
     * Ints: none, one, within a half, past the sliced reduction, past a 64 KiB half, and two
     * halves and a last chunk short enough (20 B) to be staged inline in other collectives.
     */
    private static final int[] COUNTS = {0, 1, 600, 2000, 40_000, 32_773};

    /**
     * 2x2 integer matrices multiplied in order (associative, not commutative), on a type of 4
     * ints: the reduction may be cut into pieces anywhere between two matrices, never inside one.
     */
    static final class MatMul extends UserFunction {
        @Override
        public void call(Object in, Object inOut, int count, Datatype type) {
            int[] a = (int[]) in;
            int[] b = (int[]) inOut;
            for (int k = 0; k + 3 < Math.min(a.length, b.length); k += 4) {
                int e = b[k], f = b[k + 1], g = b[k + 2], h = b[k + 3];
                b[k] = a[k] * e + a[k + 1] * g;
                b[k + 1] = a[k] * f + a[k + 1] * h;
                b[k + 2] = a[k + 2] * e + a[k + 3] * g;
                b[k + 3] = a[k + 2] * f + a[k + 3] * h;
            }
        }

        /** The form Open MPI calls for a derived type: {@code count} matrices of the type. */
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
            in.order(ByteOrder.nativeOrder());
            inOut.order(ByteOrder.nativeOrder());
            int[] a = new int[4];
            int[] b = new int[4];
            for (int m = 0; m < count; m++) {
                for (int i = 0; i < 4; i++) {
                    a[i] = in.getInt(16 * m + 4 * i);
                    b[i] = inOut.getInt(16 * m + 4 * i);
                }
                call(a, b, 4, MPI.INT);
                for (int i = 0; i < 4; i++) {
                    inOut.putInt(16 * m + 4 * i, b[i]);
                }
            }
        }
    }

    public static void main(String[] args) throws MPIException {
        Check.init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        Check.step("every collective on the world, a duplicate and the halves of a split", () -> {
            Intracomm dup = world.dup();
            Intracomm half = world.split(rank % 2, rank);
            Intracomm node = world.splitType(Comm.TYPE_SHARED, rank, new Info());
            for (Intracomm c : new Intracomm[] {world, dup, half, node}) {
                exercise(c);
            }
            dup.free();
            half.free();
            node.free();
        });
        Check.step("300 communicators open an area and give it back", () -> {
            for (int i = 0; i < 300; i++) {
                Intracomm d = world.dup();
                int[] v = {i + d.getRank()};
                d.allReduce(v, 1, MPI.INT, MPI.SUM);
                int n = d.getSize();
                Check.equal((long) i * n + (long) n * (n - 1) / 2, v[0], "allreduce on duplicate " + i);
                d.free();
            }
        });
        Check.step("nonblocking collectives and a large message in flight across blocking ones", () -> {
            int n = world.getSize();
            ByteBuffer out = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.nativeOrder());
            ByteBuffer in = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.nativeOrder());
            for (int k = 0; k < out.capacity(); k += 4) {
                out.putInt(k, rank * 7919 + k);
            }
            Request recv = world.iRecv(in, 1 << 20, MPI.BYTE, (rank + n - 1) % n, 5);
            Request send = world.iSend(out, 1 << 20, MPI.BYTE, (rank + 1) % n, 5);
            Request barrier = world.iBarrier();
            IntBuffer sum = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()).asIntBuffer();
            sum.put(0, rank);
            Request isum = world.iAllReduce(sum, 1, MPI.INT, MPI.SUM);
            for (int i = 0; i < 50; i++) {
                int[] v = {1};
                world.allReduce(v, 1, MPI.INT, MPI.SUM);
                Check.equal(n, v[0], "blocking allreduce " + i + " among nonblocking calls");
                world.barrier();
            }
            isum.waitFor();
            Check.equal((long) n * (n - 1) / 2, sum.get(0), "nonblocking allreduce");
            barrier.waitFor();
            send.waitFor();
            recv.waitFor();
            int from = (rank + n - 1) % n;
            for (int k = 0; k < in.capacity(); k += 4096) {
                Check.equal(from * 7919 + k, in.getInt(k), "byte " + k + " of the large message");
            }
        });
        Check.done();
    }

    private static int value(int call, int rank, int k) {
        return rank * 1_000_003 + k * 7 + call * 13 + 1;
    }

    private static int[] values(int call, int rank, int count) {
        int[] a = new int[count];
        for (int k = 0; k < count; k++) {
            a[k] = value(call, rank, k);
        }
        return a;
    }

    private static void same(int[] expected, int[] actual, String what) {
        for (int k = 0; k < expected.length; k++) {
            if (expected[k] != actual[k]) {
                Check.equal(expected[k], actual[k], what + ", element " + k);
            }
        }
    }

    private static int[] matrices(int rank, int count) {
        int[] a = new int[count];
        for (int k = 0; k + 3 < count; k += 4) {
            a[k] = 1 + rank;
            a[k + 1] = 2 + k % 5;
            a[k + 2] = 3 * rank + 1;
            a[k + 3] = 1 + (k + rank) % 3;
        }
        return a;
    }

    private static int[] product(int members, int count) {
        int[] acc = matrices(members - 1, count);
        MatMul mul = new MatMul();
        for (int r = members - 2; r >= 0; r--) {
            mul.call(matrices(r, count), acc, count, MPI.INT);
        }
        return acc;
    }

    private static void exercise(Intracomm c) throws MPIException {
        int n = c.getSize();
        int me = c.getRank();
        String on = " (" + n + " members, member " + me + ")";
        Op mat = new Op(new MatMul(), false);
        Datatype matrix = Datatype.createContiguous(4, MPI.INT);
        matrix.commit();
        int call = 0;
        for (int count : COUNTS) {
            String at = " of " + count + " ints" + on;
            for (int root : new int[] {0, n - 1}) {
                call++;
                int[] buf = me == root ? values(call, root, count) : new int[count];
                c.bcast(buf, count, MPI.INT, root);
                same(values(call, root, count), buf, "bcast from " + root + at);

                int[] r = new int[count];
                c.reduce(values(call, me, count), r, count, MPI.INT, MPI.SUM, root);
                if (me == root) {
                    same(sums(call, n, count), r, "reduce to " + root + at);
                }
                int[] pr = new int[count];
                c.reduce(matrices(me, count), pr, count / 4, matrix, mat, root);
                if (me == root) {
                    same(product(n, count), pr, "reduce of matrices to " + root + at);
                }
            }
            call++;
            int[] out = new int[count];
            c.allReduce(values(call, me, count), out, count, MPI.INT, MPI.SUM);
            same(sums(call, n, count), out, "allreduce" + at);
            int[] inPlace = values(call, me, count);
            c.allReduce(inPlace, count, MPI.INT, MPI.SUM);
            same(sums(call, n, count), inPlace, "allreduce in place" + at);
            int[] prod = new int[count];
            c.allReduce(matrices(me, count), prod, count / 4, matrix, mat);
            same(product(n, count), prod, "allreduce of matrices" + at);

            int block = Math.min(count, 3000); // blocks on both sides of 8 KiB
            int[] all = new int[n * block];
            for (int r = 0; r < n; r++) {
                System.arraycopy(values(call, r, block), 0, all, r * block, block);
            }
            int[] gathered = new int[n * block];
            c.allGather(values(call, me, block), block, MPI.INT, gathered, block, MPI.INT);
            same(all, gathered, "allgather of " + block + " ints" + on);
            int[] toRoot = new int[n * block];
            c.gather(values(call, me, block), block, MPI.INT, toRoot, block, MPI.INT, n - 1);
            if (me == n - 1) {
                same(all, toRoot, "gather of " + block + " ints" + on);
            }
            int[] mine = new int[block];
            c.scatter(me == 0 ? all : null, block, MPI.INT, mine, block, MPI.INT, 0);
            same(values(call, me, block), mine, "scatter of " + block + " ints" + on);
            int[] send = new int[n * block];
            int[] expected = new int[n * block];
            for (int j = 0; j < n; j++) {
                System.arraycopy(values(call + 100 * j, me, block), 0, send, j * block, block);
                System.arraycopy(values(call + 100 * me, j, block), 0, expected, j * block, block);
            }
            int[] received = new int[n * block];
            c.allToAll(send, block, MPI.INT, received, block, MPI.INT);
            same(expected, received, "alltoall of " + block + " ints" + on);
        }
        // a derived type: every other int of 2 * 500, on the root only (the others receive packed ints)
        Datatype everyOther = Datatype.createVector(500, 1, 2, MPI.INT);
        everyOther.commit();
        int[] spread = new int[1000];
        int[] packed = new int[500];
        if (me == 0) {
            for (int k = 0; k < 500; k++) {
                spread[2 * k] = value(99, 0, k);
            }
            c.bcast(spread, 1, everyOther, 0);
        } else {
            c.bcast(packed, 500, MPI.INT, 0);
            same(values(99, 0, 500), packed, "bcast of a vector type" + on);
        }
        everyOther.free();
        matrix.free();
        mat.free();
        c.barrier();
    }

    private static int[] sums(int call, int n, int count) {
        int[] s = new int[count];
        for (int r = 0; r < n; r++) {
            int[] v = values(call, r, count);
            for (int k = 0; k < count; k++) {
                s[k] += v[k];
            }
        }
        return s;
    }
}

package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;

/**
 * Every collective on an intercommunicator between the lower {@code low} ranks of the world and
 * the others (argument {@code low=K}, default half: 2 and 3 at -np 5, 1 and 3 with {@code low=1}
 * at -np 4), blocking on arrays and nonblocking on direct buffers, counts 0, 1 and past the
 * eager limit, checked against what MPI says each member gets (MPI-3.1 §5.2.2): rooted
 * collectives from each group with the root first and last of its group ({@code MPI.ROOT} at
 * the root, {@code MPI.PROC_NULL} at its group's others, whose buffers stay untouched); the
 * all-to-all family, each group getting the other group's data, v-forms with blocks in reverse
 * order and gaps that stay untouched; reductions with SUM and a non-commutative user operation
 * (the other group's rank order); reduce_scatter(_block) with different counts in the two groups;
 * a strided datatype; several nonblocking collectives in flight at once beside point-to-point;
 * a barrier that holds one group until the other arrives; argument errors.
 */
public final class IntercommCollectives {
    private static final int UNTOUCHED = -7;
    private static final int[] COUNTS = {0, 1, 33_000};

    /** Which group this rank is in (0 lower, 1 upper), its rank and size there, the remote size. */
    private static int mine;
    private static int lr;
    private static int ls;
    private static int rs;
    private static Intercomm ic;

    /** Element {@code i} of what member {@code r} of group {@code g} contributes in case {@code c}. */
    static int v(int c, int g, int r, int i) {
        return c * 100_000_000 + g * 10_000_000 + r * 100_000 + i + 1;
    }

    static int[] data(int c, int g, int r, int count) {
        int[] a = new int[count];
        for (int i = 0; i < count; i++) {
            a[i] = v(c, g, r, i);
        }
        return a;
    }

    static int[] untouched(int count) {
        int[] a = new int[count];
        Arrays.fill(a, UNTOUCHED);
        return a;
    }

    static int sizeOf(int g) {
        return g == mine ? ls : rs;
    }

    static IntBuffer direct(int[] a) {
        IntBuffer b = MPI.newIntBuffer(Math.max(a.length, 1));
        b.put(a).clear();
        return b;
    }

    static int[] array(IntBuffer b, int count) {
        int[] a = new int[count];
        b.get(0, a);
        return a;
    }

    static void same(int[] expected, int[] actual, String what) {
        that(Arrays.equals(expected, actual), "%s: %s, expected %s", what, brief(actual), brief(expected));
    }

    private static String brief(int[] a) {
        return a.length <= 24 ? Arrays.toString(a) : Arrays.toString(Arrays.copyOf(a, 24)) + "... (" + a.length + ")";
    }

    /** Places {@code block} at {@code at} of {@code into}. */
    static void put(int[] into, int at, int[] block) {
        System.arraycopy(block, 0, into, at, block.length);
    }

    /** Block layout of a v-collective: member j's block of counts[j] at displs[j], reverse order, a gap before each. */
    static int[] reverseDispls(int[] counts) {
        int[] displs = new int[counts.length];
        int at = 0;
        for (int j = counts.length - 1; j >= 0; j--) {
            displs[j] = at + 1;
            at += counts[j] + 1;
        }
        return displs;
    }

    static int end(int[] counts, int[] displs) {
        int e = 0;
        for (int j = 0; j < counts.length; j++) {
            e = Math.max(e, displs[j] + counts[j]);
        }
        return e;
    }

    /** 2x2 int matrix product on groups of 4 ints: inout = in * inout (associative, not commutative). */
    static final class MatMul extends UserFunction {
        @Override
        public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
            int[] a = (int[]) inVec;
            int[] b = (int[]) inOutVec;
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

    static int[] matrix(int g, int r) {
        return new int[] {r + 2 + g, 1, 1, r + g};
    }

    /** Group g's matrices multiplied in rank order. */
    static int[] product(int g) {
        int[] m = {1, 0, 0, 1};
        for (int r = 0; r < sizeOf(g); r++) {
            int[] x = matrix(g, r);
            m = new int[] {m[0] * x[0] + m[1] * x[2], m[0] * x[1] + m[1] * x[3],
                m[2] * x[0] + m[3] * x[2], m[2] * x[1] + m[3] * x[3]};
        }
        return m;
    }

    /** Sum over group g's members of their contributions in case c. */
    static int[] sum(int c, int g, int count) {
        int[] s = new int[count];
        for (int r = 0; r < sizeOf(g); r++) {
            for (int i = 0; i < count; i++) {
                s[i] += v(c, g, r, i);
            }
        }
        return s;
    }

    /** The root argument of this rank for a root at rank {@code rootRank} of group {@code rootGroup}. */
    static int rootArg(int rootGroup, int rootRank) {
        if (rootGroup != mine) {
            return rootRank;
        }
        return lr == rootRank ? MPI.ROOT : MPI.PROC_NULL;
    }

    /** Roots to try: first and last of each group, as (group, rank) pairs. */
    static List<int[]> roots() {
        List<int[]> roots = new ArrayList<>();
        for (int g = 0; g < 2; g++) {
            roots.add(new int[] {g, 0});
            if (sizeOf(g) > 1) {
                roots.add(new int[] {g, sizeOf(g) - 1});
            }
        }
        return roots;
    }

    interface Case {
        void run(boolean nb, int count, int c);
    }

    /** Runs a case blocking and nonblocking for every count; {@code c} numbers the cases' data apart. */
    static void forms(String name, Case body) {
        step(name, () -> {
            int c = 1;
            for (boolean nb : new boolean[] {false, true}) {
                for (int count : COUNTS) {
                    body.run(nb, count, c++);
                }
            }
        });
    }

    public static void main(String[] args) {
        String[] rest = Check.init(args);
        Check.needRanks(2);
        int me = Check.rank();
        int n = Check.size();
        int low = n / 2;
        for (String a : rest) {
            if (a.startsWith("low=")) {
                low = Integer.parseInt(a.substring(4));
            }
        }
        that(low >= 1 && low < n, "low=%d for %d ranks", low, n);
        Intracomm world = MPI.COMM_WORLD;
        world.setErrhandler(MPI.ERRORS_RETURN);
        mine = me < low ? 0 : 1;
        Intracomm local = world.split(mine, me);
        ic = world.createIntercomm(local, 0, mine == 0 ? low : 0, 5);
        ic.setErrhandler(MPI.ERRORS_RETURN);
        lr = ic.getRank();
        ls = ic.getSize();
        rs = ic.getRemoteSize();
        int other = 1 - mine;
        equal(me - (mine == 0 ? 0 : low), lr, "local rank");

        step("barrier holds each group until the other has arrived", () -> {
            for (int late = 0; late < 2; late++) {
                for (boolean nb : new boolean[] {false, true}) {
                    world.barrier();
                    long start = System.nanoTime();
                    if (mine == late) {
                        Check.sleep(300);
                    }
                    if (nb) {
                        Request r = ic.iBarrier();
                        r.waitFor();
                        that(r.isNull(), "iBarrier request not null after wait");
                    } else {
                        ic.barrier();
                    }
                    long waited = Check.millisSince(start);
                    that(waited >= 200, "group %d left the %s after %d ms, before group %d arrived (300 ms late)",
                        mine, nb ? "iBarrier" : "barrier", waited, late);
                }
            }
        });

        forms("bcast", (nb, count, c) -> {
            for (int[] root : roots()) {
                int arg = rootArg(root[0], root[1]);
                int[] buf = arg == MPI.ROOT ? data(c, mine, lr, count) : untouched(count);
                if (nb) {
                    IntBuffer b = direct(buf);
                    ic.iBcast(b, count, MPI.INT, arg).waitFor();
                    buf = array(b, count);
                } else {
                    ic.bcast(buf, count, MPI.INT, arg);
                }
                int[] want = arg == MPI.PROC_NULL ? untouched(count) : data(c, root[0], root[1], count);
                same(want, buf, "bcast from " + Arrays.toString(root) + " count " + count);
            }
        });

        forms("gather", (nb, count, c) -> {
            for (int[] root : roots()) {
                int arg = rootArg(root[0], root[1]);
                int[] send = data(c, mine, lr, count);
                int[] recv = untouched(rs * count);
                if (nb) {
                    IntBuffer r = direct(recv);
                    ic.iGather(direct(send), count, MPI.INT, r, count, MPI.INT, arg).waitFor();
                    recv = array(r, rs * count);
                } else {
                    ic.gather(send, count, MPI.INT, recv, count, MPI.INT, arg);
                }
                int[] want = untouched(rs * count);
                if (arg == MPI.ROOT) {
                    for (int j = 0; j < rs; j++) {
                        put(want, j * count, data(c, other, j, count));
                    }
                }
                same(want, recv, "gather to " + Arrays.toString(root) + " count " + count);
            }
        });

        forms("gatherv", (nb, count, c) -> {
            for (int[] root : roots()) {
                int arg = rootArg(root[0], root[1]);
                int[] counts = new int[rs];
                for (int j = 0; j < rs; j++) {
                    counts[j] = count * (j % 3);
                }
                int[] displs = reverseDispls(counts);
                int total = end(counts, displs);
                int[] send = data(c, mine, lr, count * (lr % 3));
                int[] recv = untouched(total);
                if (nb) {
                    IntBuffer r = direct(recv);
                    Request q = arg == MPI.ROOT ? ic.iGatherv(r, counts, displs, MPI.INT, arg)
                        : ic.iGatherv(direct(send), send.length, MPI.INT, arg);
                    q.waitFor();
                    recv = array(r, total);
                } else if (arg == MPI.ROOT) {
                    ic.gatherv(recv, counts, displs, MPI.INT, arg);
                } else {
                    ic.gatherv(send, send.length, MPI.INT, recv, counts, displs, MPI.INT, arg);
                }
                int[] want = untouched(total);
                if (arg == MPI.ROOT) {
                    for (int j = 0; j < rs; j++) {
                        put(want, displs[j], data(c, other, j, counts[j]));
                    }
                }
                same(want, recv, "gatherv to " + Arrays.toString(root) + " count " + count);
            }
        });

        forms("scatter", (nb, count, c) -> {
            for (int[] root : roots()) {
                int arg = rootArg(root[0], root[1]);
                int[] send = new int[rs * count];
                for (int j = 0; j < rs; j++) {
                    put(send, j * count, data(c, 2, j, count));
                }
                int[] recv = untouched(count);
                if (nb) {
                    IntBuffer r = direct(recv);
                    ic.iScatter(direct(send), count, MPI.INT, r, count, MPI.INT, arg).waitFor();
                    recv = array(r, count);
                } else {
                    ic.scatter(send, count, MPI.INT, recv, count, MPI.INT, arg);
                }
                int[] want = root[0] == other ? data(c, 2, lr, count) : untouched(count);
                same(want, recv, "scatter from " + Arrays.toString(root) + " count " + count);
            }
        });

        forms("scatterv", (nb, count, c) -> {
            for (int[] root : roots()) {
                int arg = rootArg(root[0], root[1]);
                int[] counts = new int[rs];
                for (int j = 0; j < rs; j++) {
                    counts[j] = count * ((j + 1) % 3);
                }
                int[] displs = reverseDispls(counts);
                int[] send = untouched(end(counts, displs));
                for (int j = 0; j < rs; j++) {
                    put(send, displs[j], data(c, 2, j, counts[j]));
                }
                int mineCount = count * ((lr + 1) % 3);
                int[] recv = untouched(mineCount);
                if (nb) {
                    IntBuffer r = direct(recv);
                    Request q = arg == MPI.ROOT ? ic.iScatterv(direct(send), counts, displs, MPI.INT, arg)
                        : ic.iScatterv(r, mineCount, MPI.INT, arg);
                    q.waitFor();
                    recv = array(r, mineCount);
                } else if (arg == MPI.ROOT) {
                    ic.scatterv(send, counts, displs, MPI.INT, arg);
                } else {
                    ic.scatterv(send, counts, displs, MPI.INT, recv, mineCount, MPI.INT, arg);
                }
                int[] want = root[0] == other ? data(c, 2, lr, mineCount) : untouched(mineCount);
                same(want, recv, "scatterv from " + Arrays.toString(root) + " count " + count);
            }
        });

        Op matMul = new Op(new MatMul(), false);
        forms("reduce", (nb, count, c) -> {
            for (int[] root : roots()) {
                int arg = rootArg(root[0], root[1]);
                int[] recv = untouched(count);
                int[] matrices = untouched(4);
                if (nb) {
                    IntBuffer r = direct(recv);
                    IntBuffer m = direct(matrices);
                    Request.waitAll(new Request[] {
                        ic.iReduce(direct(data(c, mine, lr, count)), r, count, MPI.INT, MPI.SUM, arg),
                        ic.iReduce(direct(matrix(mine, lr)), m, 4, MPI.INT, matMul, arg)});
                    recv = array(r, count);
                    matrices = array(m, 4);
                } else {
                    ic.reduce(data(c, mine, lr, count), recv, count, MPI.INT, MPI.SUM, arg);
                    ic.reduce(matrix(mine, lr), matrices, 4, MPI.INT, matMul, arg);
                }
                boolean isRoot = arg == MPI.ROOT;
                String at = " to " + Arrays.toString(root) + " count " + count + (nb ? " (nonblocking)" : "");
                same(isRoot ? sum(c, other, count) : untouched(count), recv, "reduce SUM" + at);
                same(isRoot ? product(other) : untouched(4), matrices, "reduce matmul (rank order)" + at);
            }
        });

        forms("allGather", (nb, count, c) -> {
            int[] recv = untouched(rs * count);
            int[] send = data(c, mine, lr, count);
            if (nb) {
                IntBuffer r = direct(recv);
                ic.iAllGather(direct(send), count, MPI.INT, r, count, MPI.INT).waitFor();
                recv = array(r, rs * count);
            } else {
                ic.allGather(send, count, MPI.INT, recv, count, MPI.INT);
            }
            int[] want = new int[rs * count];
            for (int j = 0; j < rs; j++) {
                put(want, j * count, data(c, other, j, count));
            }
            same(want, recv, "allGather count " + count);
        });

        forms("allGatherv", (nb, count, c) -> {
            int[] counts = new int[rs];
            for (int j = 0; j < rs; j++) {
                counts[j] = count * (1 + j % 2);
            }
            int[] packed = new int[rs];
            for (int j = 1; j < rs; j++) {
                packed[j] = packed[j - 1] + counts[j - 1];
            }
            for (int[] displs : new int[][] {packed, reverseDispls(counts)}) {
                int total = end(counts, displs);
                int[] send = data(c, mine, lr, count * (1 + lr % 2));
                int[] recv = untouched(total);
                if (nb) {
                    IntBuffer r = direct(recv);
                    ic.iAllGatherv(direct(send), send.length, MPI.INT, r, counts, displs, MPI.INT).waitFor();
                    recv = array(r, total);
                } else {
                    ic.allGatherv(send, send.length, MPI.INT, recv, counts, displs, MPI.INT);
                }
                int[] want = untouched(total);
                for (int j = 0; j < rs; j++) {
                    put(want, displs[j], data(c, other, j, counts[j]));
                }
                same(want, recv, "allGatherv displs " + Arrays.toString(displs) + " count " + count);
            }
        });

        forms("allToAll", (nb, count, c) -> {
            int[] send = new int[rs * count];
            for (int j = 0; j < rs; j++) {
                put(send, j * count, data(c, mine, lr * 16 + j, count));
            }
            int[] recv = untouched(rs * count);
            if (nb) {
                IntBuffer r = direct(recv);
                ic.iAllToAll(direct(send), count, MPI.INT, r, count, MPI.INT).waitFor();
                recv = array(r, rs * count);
            } else {
                ic.allToAll(send, count, MPI.INT, recv, count, MPI.INT);
            }
            int[] want = new int[rs * count];
            for (int j = 0; j < rs; j++) {
                put(want, j * count, data(c, other, j * 16 + lr, count));
            }
            same(want, recv, "allToAll count " + count);
        });

        forms("allToAllv and allToAllw", (nb, count, c) -> {
            // member a of the lower group and b of the upper exchange (a + 2b) % 3 * count ints each way
            int[] sc = new int[rs];
            int[] rc = new int[rs];
            for (int j = 0; j < rs; j++) {
                int a = mine == 0 ? lr : j;
                int b = mine == 0 ? j : lr;
                sc[j] = (a + 2 * b) % 3 * count;
                rc[j] = sc[j];
            }
            int[] sd = reverseDispls(sc);
            int[] rd = reverseDispls(rc);
            int[] send = untouched(end(sc, sd));
            for (int j = 0; j < rs; j++) {
                put(send, sd[j], data(c, mine, lr * 16 + j, sc[j]));
            }
            int[] want = untouched(end(rc, rd));
            for (int j = 0; j < rs; j++) {
                put(want, rd[j], data(c, other, j * 16 + lr, rc[j]));
            }
            int[] recv = untouched(want.length);
            int[] recvW = untouched(want.length);
            Datatype[] types = new Datatype[rs];
            Arrays.fill(types, MPI.INT);
            int[] sdBytes = Arrays.stream(sd).map(d -> 4 * d).toArray();
            int[] rdBytes = Arrays.stream(rd).map(d -> 4 * d).toArray();
            if (nb) {
                IntBuffer r = direct(recv);
                IntBuffer w = direct(recvW);
                Request.waitAll(new Request[] {
                    ic.iAllToAllv(direct(send), sc, sd, MPI.INT, r, rc, rd, MPI.INT),
                    ic.iAllToAllw(direct(send), sc, sdBytes, types, w, rc, rdBytes, types)});
                recv = array(r, want.length);
                recvW = array(w, want.length);
            } else {
                ic.allToAllv(send, sc, sd, MPI.INT, recv, rc, rd, MPI.INT);
                ic.allToAllw(send, sc, sdBytes, types, recvW, rc, rdBytes, types);
            }
            same(want, recv, "allToAllv count " + count);
            same(want, recvW, "allToAllw count " + count);
        });

        forms("allReduce", (nb, count, c) -> {
            int[] recv = untouched(count);
            int[] matrices = untouched(4);
            if (nb) {
                IntBuffer r = direct(recv);
                IntBuffer m = direct(matrices);
                Request.waitAll(new Request[] {
                    ic.iAllReduce(direct(data(c, mine, lr, count)), r, count, MPI.INT, MPI.SUM),
                    ic.iAllReduce(direct(matrix(mine, lr)), m, 4, MPI.INT, matMul)});
                recv = array(r, count);
                matrices = array(m, 4);
            } else {
                ic.allReduce(data(c, mine, lr, count), recv, count, MPI.INT, MPI.SUM);
                ic.allReduce(matrix(mine, lr), matrices, 4, MPI.INT, matMul);
            }
            same(sum(c, other, count), recv, "allReduce SUM count " + count);
            same(product(other), matrices, "allReduce matmul (rank order)");
        });

        forms("reduceScatter and reduceScatterBlock", (nb, count, c) -> {
            // both groups reduce vectors of ls * rs * count elements; this group splits them unevenly
            int total = ls * rs * count;
            int[] counts = new int[ls];
            for (int i = 0; i < ls; i++) {
                counts[i] = total / ls + (i == 0 ? -count : i == ls - 1 && ls > 1 ? count : 0);
            }
            if (ls == 1) {
                counts[0] = total;
            }
            int start = 0;
            for (int i = 0; i < lr; i++) {
                start += counts[i];
            }
            int block = rs * count; // reduceScatterBlock: this group's share per member
            int[] send = data(c, mine, lr, total);
            int[] recv = untouched(counts[lr]);
            int[] recvBlock = untouched(block);
            if (nb) {
                IntBuffer r = direct(recv);
                IntBuffer b = direct(recvBlock);
                Request.waitAll(new Request[] {
                    ic.iReduceScatter(direct(send), r, counts, MPI.INT, MPI.SUM),
                    ic.iReduceScatterBlock(direct(send), b, block, MPI.INT, MPI.SUM)});
                recv = array(r, counts[lr]);
                recvBlock = array(b, block);
            } else {
                ic.reduceScatter(send, recv, counts, MPI.INT, MPI.SUM);
                ic.reduceScatterBlock(send, recvBlock, block, MPI.INT, MPI.SUM);
            }
            int[] all = sum(c, other, total);
            same(Arrays.copyOfRange(all, start, start + counts[lr]), recv, "reduceScatter count " + count);
            same(Arrays.copyOfRange(all, lr * block, lr * block + block), recvBlock,
                "reduceScatterBlock count " + count);
        });

        step("a strided datatype: gaps stay untouched", () -> {
            Datatype strided = Datatype.createVector(2, 1, 2, MPI.INT); // ints 0 and 2 of each 3
            strided.commit();
            int items = 4;
            int[] buf = untouched(3 * items);
            int[] mineData = data(9, mine, lr, 3 * items);
            boolean root = mine == 0 && lr == 0;
            if (root) {
                buf = mineData;
            }
            ic.bcast(buf, items, strided, mine == 0 ? (root ? MPI.ROOT : MPI.PROC_NULL) : 0);
            if (mine == 1) {
                int[] want = data(9, 0, 0, 3 * items);
                for (int k = 0; k < items; k++) {
                    want[3 * k + 1] = UNTOUCHED;
                }
                same(want, buf, "bcast of a strided type");
            }
            int[] recv = untouched(3 * items * rs);
            ic.allGather(data(9, mine, lr, 2 * items), 2 * items, MPI.INT, recv, items, strided);
            for (int j = 0; j < rs; j++) {
                int[] theirs = data(9, other, j, 2 * items);
                for (int k = 0; k < 2 * items; k++) {
                    int at = 3 * items * j + 3 * (k / 2) + 2 * (k % 2);
                    equal(theirs[k], recv[at], "allGather into a strided type, member " + j + " element " + k);
                }
                for (int k = 0; k < items; k++) {
                    equal(UNTOUCHED, recv[3 * items * j + 3 * k + 1], "gap " + k + " of member " + j);
                }
            }
            strided.free();
        });

        step("nonblocking collectives in flight together, beside point-to-point", () -> {
            int count = 1000;
            IntBuffer bc = direct(lr == 0 && mine == 0 ? data(11, 0, 0, count) : untouched(count));
            IntBuffer ar = direct(untouched(count));
            IntBuffer ag = direct(untouched(rs * count));
            IntBuffer a2a = direct(untouched(rs));
            int[] toAll = new int[rs];
            for (int j = 0; j < rs; j++) {
                toAll[j] = v(12, mine, lr * 16 + j, 0);
            }
            IntBuffer p2p = direct(untouched(1));
            int bcastRoot = mine == 0 ? (lr == 0 ? MPI.ROOT : MPI.PROC_NULL) : 0;
            Request[] all = {
                ic.iRecv(p2p, 1, MPI.INT, lr % rs, 3),
                ic.iBcast(bc, count, MPI.INT, bcastRoot),
                ic.iAllReduce(direct(data(13, mine, lr, count)), ar, count, MPI.INT, MPI.SUM),
                ic.iBarrier(),
                ic.iAllGather(direct(data(14, mine, lr, count)), count, MPI.INT, ag, count, MPI.INT),
                ic.iAllToAll(direct(toAll), 1, MPI.INT, a2a, 1, MPI.INT),
            };
            // every member of the other group whose rank maps onto this one sends it one int
            List<Request> sends = new ArrayList<>();
            for (int j = 0; j < rs; j++) {
                if (j % ls == lr) {
                    sends.add(ic.iSend(direct(new int[] {v(15, mine, lr, j)}), 1, MPI.INT, j, 3));
                }
            }
            Request.waitAll(all);
            Request.waitAll(sends.toArray(new Request[0]));
            if (mine == 1) {
                same(data(11, 0, 0, count), array(bc, count), "iBcast in flight");
            }
            same(sum(13, other, count), array(ar, count), "iAllReduce in flight");
            int[] want = new int[rs * count];
            for (int j = 0; j < rs; j++) {
                put(want, j * count, data(14, other, j, count));
            }
            same(want, array(ag, rs * count), "iAllGather in flight");
            for (int j = 0; j < rs; j++) {
                equal(v(12, other, j * 16 + lr, 0), array(a2a, rs)[j], "iAllToAll in flight from " + j);
            }
            equal(v(15, other, lr % rs, lr), array(p2p, 1)[0], "point-to-point beside the collectives");
        });

        step("argument errors", () -> {
            int[] b = new int[4];
            expectError(MPI.ERR_ROOT, "bcast root past the remote group", () -> ic.bcast(b, 1, MPI.INT, rs),
                "bcast", "root " + rs, "remote group");
            expectError(MPI.ERR_ROOT, "reduce root -3", () -> ic.reduce(b, b.clone(), 1, MPI.INT, MPI.SUM, -3),
                "reduce", "root -3", "MPI.ROOT", "MPI.PROC_NULL");
            expectError(MPI.ERR_ARG, "allReduce in place", () -> ic.allReduce(b, 1, MPI.INT, MPI.SUM),
                "allReduce", "IN_PLACE", "intercommunicator");
            expectError(MPI.ERR_ARG, "allGather in place", () -> ic.allGather(b, 1, MPI.INT), "allGather",
                "IN_PLACE");
            expectError(MPI.ERR_TYPE, "allGather of MPI.OBJECT", () -> ic.allGather(new Object[1], 1, MPI.OBJECT,
                new Object[rs], 1, MPI.OBJECT), "allGather", "OBJECT", "intercommunicator");
            // the calls above raised before communicating: the intercommunicator still works
            int[] s = {mine};
            int[] r = new int[1];
            ic.allReduce(s, r, 1, MPI.INT, MPI.SUM);
            equal((long) other * rs, r[0], "allReduce after the errors");
        });

        ic.free();
        local.free();
        Check.done();
    }
}

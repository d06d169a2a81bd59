package org.atollmpi.tests.programs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import mpi.Comm;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * Collectives misused and crowded: every kind of collective on a freed communicator and on
 * MPI.COMM_NULL (ERR_COMM naming the call, never another class, an NPE or a hang); misused
 * collectives on an intercommunicator (a root that is no remote rank, an in-place form), after
 * which it still works (IntercommCollectives tests the collectives themselves); argument errors;
 * 64 iAllReduce and iBcast in
 * flight at once completed in reverse order with point-to-point on the same communicator;
 * collectives on a fresh dup and split while the parent has some in flight; dup/split/free churn.
 */
public final class CollectiveMisuse {
    private CollectiveMisuse() {
    }

    public static void main(String[] args) {
        Check.init(args);
        int me = Check.rank();
        int n = Check.size();
        Intracomm w = MPI.COMM_WORLD;
        w.setErrhandler(MPI.ERRORS_RETURN);

        Check.step("collectives on a freed communicator", () -> {
            Intracomm d = w.dup();
            d.free();
            everyCollective(d, "freed");
        });

        Check.step("collectives on COMM_NULL", () -> everyCollective(MPI.COMM_NULL, "COMM_NULL"));

        Check.step("collectives on an intercommunicator", () -> {
            if (n < 2) {
                return;
            }
            Intracomm half = w.split(me % 2, me);
            Intercomm ic = w.createIntercomm(half, 0, me % 2 == 0 ? 1 : 0, 7);
            ic.setErrhandler(MPI.ERRORS_RETURN);
            int[] b = new int[4];
            int remote = ic.getRemoteSize();
            Check.expectError(MPI.ERR_ROOT, "bcast on intercomm, root past the remote group",
                () -> ic.bcast(b, 1, MPI.INT, remote), "bcast", "root " + remote, "remote group");
            Check.expectError(MPI.ERR_ARG, "allReduce on intercomm, in place",
                () -> ic.allReduce(b, 1, MPI.INT, MPI.SUM), "allReduce", "IN_PLACE", "intercommunicator");
            ic.barrier();
            int[] got = new int[remote];
            ic.iAllGather(new int[] {me}, 1, MPI.INT, got, 1, MPI.INT).waitFor();
            for (int j = 0; j < remote; j++) {
                Check.equal(2 * j + (me % 2 == 0 ? 1 : 0), got[j], "iAllGather on intercomm, from remote " + j);
            }
            ic.free();
            half.free();
        });

        Check.step("argument errors", () -> {
            int[] a = new int[n];
            int[] r = new int[n];
            Check.expectError(MPI.ERR_ROOT, "bcast root -1", () -> w.bcast(a, 1, MPI.INT, -1), "bcast", "-1");
            Check.expectError(MPI.ERR_ROOT, "reduce root n", () -> w.reduce(a, r, 1, MPI.INT, MPI.SUM, n), "reduce");
            Check.expectError(MPI.ERR_COUNT, "bcast count -1", () -> w.bcast(a, -1, MPI.INT, 0), "bcast", "-1");
            Check.expectError(MPI.ERR_COUNT, "allReduce count -2",
                () -> w.allReduce(a, r, -2, MPI.INT, MPI.SUM), "allReduce", "-2");
            Check.expectError(MPI.ERR_BUFFER, "allReduce null recvbuf",
                () -> w.allReduce(a, null, 1, MPI.INT, MPI.SUM), "allReduce", "recvbuf");
            Check.expectError(MPI.ERR_BUFFER, "allGather recvbuf too small",
                () -> w.allGather(a, 1, MPI.INT, new int[n - 1 + 0], 1, MPI.INT), "allGather", "recvbuf");
            Check.expectError(MPI.ERR_ARG, "allGatherv counts too short",
                () -> w.allGatherv(a, 1, MPI.INT, r, new int[n - 1], new int[n], MPI.INT), "allGatherv",
                "recvcount");
            Check.expectError(MPI.ERR_OP, "SUM on BOOLEAN",
                () -> w.allReduce(new boolean[1], new boolean[1], 1, MPI.BOOLEAN, MPI.SUM), "allReduce");
            Check.expectError(MPI.ERR_BUFFER, "bcast buffer too small", () -> w.bcast(new int[1], 2, MPI.INT, 0),
                "bcast", "buf");
            Check.expectError(MPI.ERR_TYPE, "bcast null type", () -> w.bcast(a, 1, null, 0), "bcast");
            Check.expectError(MPI.ERR_OP, "allReduce null op", () -> w.allReduce(a, r, 1, MPI.INT, null),
                "allReduce", "op");
            Check.expectError(MPI.ERR_ARG, "alltoallw types too short",
                () -> w.allToAllw(a, new int[n], new int[n], new mpi.Datatype[0], r, new int[n], new int[n],
                    new mpi.Datatype[n]), "allToAllw");
            // The job goes on: a collective still works afterwards.
            int[] x = {me};
            int[] y = new int[1];
            w.allReduce(x, y, 1, MPI.INT, MPI.SUM);
            Check.equal((long) n * (n - 1) / 2, y[0], "allReduce after the errors");
        });

        Check.step("64 iAllReduce + iBcast in flight, reverse order, with point-to-point", () -> {
            int k = 64;
            Request[] q = new Request[2 * k + 2];
            int[][] outs = new int[k][];
            int[][] bc = new int[k][];
            for (int i = 0; i < k; i++) {
                outs[i] = new int[3];
                q[2 * i] = w.iAllReduce(new int[] {me + i, 1, -me}, outs[i], 3, MPI.INT, MPI.SUM);
                bc[i] = new int[] {me == i % n ? i * 10 : -1, me == i % n ? i : -1};
                q[2 * i + 1] = w.iBcast(bc[i], 2, MPI.INT, i % n);
            }
            int[] token = new int[1];
            q[2 * k] = w.iRecv(token, 1, MPI.INT, (me + n - 1) % n, 5);
            q[2 * k + 1] = w.iSend(new int[] {me}, 1, MPI.INT, (me + 1) % n, 5);
            Request[] rev = q.clone();
            for (int i = 0; i < rev.length; i++) {
                rev[i] = q[q.length - 1 - i];
            }
            int left = rev.length;
            while (left > 0) {
                Status s = Request.waitAnyStatus(rev);
                Check.that(s != null, "waitAny returned no status");
                left--;
            }
            for (int i = 0; i < k; i++) {
                Check.that(outs[i][0] == n * (n - 1) / 2 + n * i && outs[i][1] == n
                    && outs[i][2] == -n * (n - 1) / 2, "iAllReduce %d: %s", i, Arrays.toString(outs[i]));
                Check.that(bc[i][0] == i * 10 && bc[i][1] == i, "iBcast %d: %s", i, Arrays.toString(bc[i]));
            }
            Check.equal((me + n - 1) % n, token[0], "token");
        });

        Check.step("collectives on a fresh dup and split while the parent has some in flight", () -> {
            int[] a = new int[1];
            Request p1 = w.iAllReduce(new int[] {1}, a, 1, MPI.INT, MPI.SUM);
            Intracomm d = w.dup();
            int[] b = new int[1];
            Request p2 = w.iBarrier();
            Intracomm s = d.split(me % 2, -me);
            int[] c = new int[1];
            s.allReduce(new int[] {me}, c, 1, MPI.INT, MPI.MAX);
            d.allReduce(new int[] {2}, b, 1, MPI.INT, MPI.SUM);
            Request.waitAll(new Request[] {p2, p1});
            Check.equal(n, a[0], "parent iAllReduce");
            Check.equal(2L * n, b[0], "dup allReduce");
            int top = me % 2 == 0 ? (n - 1) / 2 * 2 : (n - 2) / 2 * 2 + 1;
            Check.equal(top, c[0], "split allReduce");
            s.free();
            d.free();
        });

        Check.step("dup/split/free churn with collectives", () -> {
            List<Intracomm> alive = new ArrayList<>();
            for (int i = 0; i < 1500; i++) {
                Intracomm c = (i % 3 == 0) ? w.split(i % 2 == 0 ? me % 2 : 0, me) : w.dup();
                if (i % 50 == 0) {
                    int[] x = new int[1];
                    c.allReduce(new int[] {1}, x, 1, MPI.INT, MPI.SUM);
                    Check.equal(c.getSize(), x[0], "churn allReduce " + i);
                }
                alive.add(c);
                if (alive.size() > 20) {
                    alive.remove(0).free();
                }
            }
            for (Intracomm c : alive) {
                c.free();
            }
        });

        Check.step("free with a throwing delete callback; intercomm merge chain; overlapping createGroup", () -> {
            int key = Comm.createKeyval(null, (obj, k, v) -> {
                throw new IllegalStateException("delete refuses " + v);
            });
            Intracomm d = w.dup();
            d.setAttr(key, "x");
            try {
                d.free();
                Check.that(false, "free with a throwing delete callback returned normally");
            } catch (mpi.MPIException e) {
                Check.that(e.getMessage().contains("free"), "message '%s' does not name free", e.getMessage());
            }
            Check.that(d.isNull(), "the communicator is not null after a failed delete callback");
            Comm.freeKeyval(key);
            // The context went back: communicators still work after many of these.
            for (int i = 0; i < 5; i++) {
                Intracomm x = w.dup();
                int[] y = new int[1];
                x.allReduce(new int[] {1}, y, 1, MPI.INT, MPI.SUM);
                Check.equal(n, y[0], "allReduce on a dup after the failed free");
                x.free();
            }
            if (n >= 2) {
                Intracomm cur = w.dup();
                for (int round = 0; round < 10; round++) {
                    Intracomm half = cur.split(cur.getRank() % 2, cur.getRank());
                    int remote = cur.getRank() % 2 == 0 ? 1 : 0;
                    Intercomm ic = cur.createIntercomm(half, 0, remote, 100 + round);
                    Intracomm merged = ic.merge(cur.getRank() % 2 == 1);
                    int[] y = new int[1];
                    merged.allReduce(new int[] {me}, y, 1, MPI.INT, MPI.SUM);
                    Check.equal((long) n * (n - 1) / 2, y[0], "allReduce on merged round " + round);
                    ic.free();
                    half.free();
                    cur.free();
                    cur = merged;
                }
                cur.free();
            }
            // Overlapping groups: {0..n-1} split into lower and upper halves overlapping at the middle.
            int mid = n / 2;
            mpi.Group g = w.getGroup();
            mpi.Group low = g.rangeIncl(new int[][] {{0, mid, 1}});
            mpi.Group high = g.rangeIncl(new int[][] {{mid, n - 1, 1}});
            Intracomm a = me <= mid ? w.createGroup(low, 1) : null;
            Intracomm b = me >= mid ? w.createGroup(high, 2) : null;
            if (a != null) {
                int[] y = new int[1];
                a.allReduce(new int[] {1}, y, 1, MPI.INT, MPI.SUM);
                Check.equal(mid + 1, y[0], "low group size");
                a.free();
            }
            if (b != null) {
                int[] y = new int[1];
                b.allReduce(new int[] {1}, y, 1, MPI.INT, MPI.SUM);
                Check.equal(n - mid, y[0], "high group size");
                b.free();
            }
        });

        Check.done();
    }

    /** Every kind of collective on {@code c} must raise ERR_COMM naming the call. */
    private static void everyCollective(Comm c, String what) {
        int[] a = new int[16];
        int[] b = new int[16];
        int[] ones = new int[16];
        Arrays.fill(ones, 1);
        int[] zeros = new int[16];
        List<Object[]> calls = new ArrayList<>();
        add(calls, "barrier", x -> x.barrier());
        add(calls, "iBarrier", x -> x.iBarrier());
        add(calls, "bcast", x -> x.bcast(a, 1, MPI.INT, 0));
        add(calls, "gather", x -> x.gather(a, 1, MPI.INT, b, 1, MPI.INT, 0));
        add(calls, "gatherv", x -> x.gatherv(a, 1, MPI.INT, b, ones, zeros, MPI.INT, 0));
        add(calls, "scatter", x -> x.scatter(a, 1, MPI.INT, b, 1, MPI.INT, 0));
        add(calls, "scatterv", x -> x.scatterv(a, ones, zeros, MPI.INT, b, 1, MPI.INT, 0));
        add(calls, "allGather", x -> x.allGather(a, 1, MPI.INT, b, 1, MPI.INT));
        add(calls, "allGatherv", x -> x.allGatherv(a, 1, MPI.INT, b, ones, zeros, MPI.INT));
        add(calls, "allToAll", x -> x.allToAll(a, 1, MPI.INT, b, 1, MPI.INT));
        add(calls, "reduce", x -> x.reduce(a, b, 1, MPI.INT, MPI.SUM, 0));
        add(calls, "allReduce", x -> x.allReduce(a, b, 1, MPI.INT, MPI.SUM));
        add(calls, "iAllReduce", x -> x.iAllReduce(a, b, 1, MPI.INT, MPI.SUM));
        add(calls, "reduceScatterBlock", x -> x.reduceScatterBlock(a, b, 1, MPI.INT, MPI.SUM));
        if (c instanceof Intracomm) {
            add(calls, "scan", x -> ((Intracomm) x).scan(a, b, 1, MPI.INT, MPI.SUM));
        }
        if (c instanceof Intracomm) {
            add(calls, "Bcast", x -> ((Intracomm) x).Bcast(a, 0, 1, MPI.INT, 0));
        }
        if (c instanceof Intracomm) {
            add(calls, "Allreduce", x -> ((Intracomm) x).Allreduce(a, 0, b, 0, 1, MPI.INT, MPI.SUM));
        }
        add(calls, "send", x -> x.send(a, 1, MPI.INT, 0, 1));
        add(calls, "dup", x -> x.dup());
        if (c instanceof Intracomm) {
            add(calls, "split", x -> ((Intracomm) x).split(0, 0));
        }
        add(calls, "send", x -> x.send(a, 1, MPI.INT, MPI.PROC_NULL, 1));
        add(calls, "iRecv", x -> x.iRecv(a, 1, MPI.INT, MPI.ANY_SOURCE, 1));
        add(calls, "recv", x -> x.recv(a, 1, MPI.INT, MPI.PROC_NULL, 1));
        for (Object[] call : calls) {
            String name = (String) call[0];
            @SuppressWarnings("unchecked")
            Consumer<Comm> body = (Consumer<Comm>) call[1];
            try {
                Check.expectError(MPI.ERR_COMM, name + " on " + what, () -> body.accept(c), name);
            } catch (RuntimeException e) {
                throw new AssertionError(name + " on " + what + ": " + e, e);
            }
        }
    }

    private static void add(List<Object[]> calls, String name, Consumer<Comm> body) {
        calls.add(new Object[] {name, body});
    }
}

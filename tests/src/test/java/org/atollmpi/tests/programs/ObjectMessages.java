package org.atollmpi.tests.programs;

import java.util.Arrays;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * MPI.OBJECT receives match in MPI's order, at post time, like every other receive (mpiJava
 * dialect, 2 or more ranks; rank 0 sends, rank 1 receives, the others only join the steps).
 * Small messages travel in one message, large ones (over the first part's capacity) in two; each
 * step runs both.
 *
 * <ul>
 * <li>ten nonblocking object receives waited in reverse order each hold their own message;
 * <li>a typed receive posted after an object receive, on the same source and tag, takes the typed
 * message, not the object's;
 * <li>a freed active object receive still consumes its message, the next receive takes the next;
 * <li>a cancelled object receive that no message matched reports cancelled and takes nothing.
 * </ul>
 */
public final class ObjectMessages {
    private ObjectMessages() {
    }

    /** A payload of {@code i}: large ones carry an int[] of 40000 (160 KB serialized). */
    static Object[] payload(int i, boolean large) {
        int[] data = new int[large ? 40_000 : 3];
        Arrays.fill(data, i * 7);
        return new Object[] {"message " + i, i, data};
    }

    static void checkPayload(Object[] got, int offset, int i, boolean large, String what) {
        Check.equal("message " + i, got[offset], what + ": element 0");
        Check.equal(i, got[offset + 1], what + ": element 1");
        int[] data = (int[]) got[offset + 2];
        Check.equal(large ? 40_000 : 3, data.length, what + ": array length");
        for (int k = 0; k < data.length; k++) {
            if (data[k] != i * 7) {
                Check.equal(i * 7, data[k], what + ": array element " + k);
            }
        }
    }

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        Comm w = MPI.COMM_WORLD;
        int r = Check.rank();

        for (boolean large : new boolean[] {false, true}) {
            String size = large ? " (large, two parts)" : " (small, one part)";
            Check.step("ten object receives waited in reverse order" + size, () -> {
                int n = 10;
                if (r == 1) {
                    Object[][] in = new Object[n][4];
                    Request[] rq = new Request[n];
                    for (int i = 0; i < n; i++) {
                        rq[i] = w.Irecv(in[i], 1, 3, MPI.OBJECT, 0, 5);
                    }
                    w.Send(new int[] {1}, 0, 1, MPI.INT, 0, 99); // posted: go
                    for (int i = n - 1; i >= 0; i--) {
                        Status s = rq[i].Wait();
                        Check.equal(3, s.Get_count(MPI.OBJECT), "objects of receive " + i);
                        Check.equal(0, s.source, "source of receive " + i);
                        Check.equal(5, s.tag, "tag of receive " + i);
                        checkPayload(in[i], 1, i, large, "receive " + i);
                        Check.equal(null, in[i][0], "element before the offset of receive " + i);
                    }
                } else if (r == 0) {
                    w.Recv(new int[1], 0, 1, MPI.INT, 1, 99);
                    for (int i = 0; i < n; i++) {
                        w.Send(payload(i, large), 0, 3, MPI.OBJECT, 1, 5);
                    }
                }
            });

            Check.step("messages sent before the receives are posted, waited in reverse" + size, () -> {
                int n = 4;
                if (r == 1) {
                    w.Recv(new int[1], 0, 1, MPI.INT, 0, 98); // all sent (the small ones arrived)
                    Object[][] in = new Object[n][3];
                    Request[] rq = new Request[n];
                    for (int i = 0; i < n; i++) {
                        rq[i] = w.Irecv(in[i], 0, 3, MPI.OBJECT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    }
                    for (int i = n - 1; i >= 0; i--) {
                        Status s = rq[i].Wait();
                        Check.equal(3, s.Get_count(MPI.OBJECT), "objects of receive " + i);
                        Check.equal(10 + i, s.tag, "tag of receive " + i);
                        checkPayload(in[i], 0, i, large, "receive " + i);
                    }
                } else if (r == 0) {
                    Request[] sends = new Request[n];
                    for (int i = 0; i < n; i++) {
                        sends[i] = w.Isend(payload(i, large), 0, 3, MPI.OBJECT, 1, 10 + i);
                    }
                    w.Send(new int[] {1}, 0, 1, MPI.INT, 1, 98);
                    Request.Waitall(sends);
                }
            });

            Check.step("a typed receive posted after an object receive takes the typed message" + size, () -> {
                if (r == 1) {
                    Object[] objects = new Object[3];
                    int[] ints = new int[4];
                    Request ro = w.Irecv(objects, 0, 3, MPI.OBJECT, 0, 6);
                    Request ri = w.Irecv(ints, 0, 4, MPI.INT, 0, 6);
                    w.Send(new int[] {1}, 0, 1, MPI.INT, 0, 99);
                    Status si = ri.Wait();
                    Check.equal(4, si.Get_count(MPI.INT), "ints received");
                    Check.equal(Arrays.toString(new int[] {1, 2, 3, 4}), Arrays.toString(ints), "ints");
                    Status so = ro.Wait();
                    Check.equal(3, so.Get_count(MPI.OBJECT), "objects received");
                    checkPayload(objects, 0, 42, large, "objects");
                } else if (r == 0) {
                    w.Recv(new int[1], 0, 1, MPI.INT, 1, 99);
                    w.Send(payload(42, large), 0, 3, MPI.OBJECT, 1, 6);
                    w.Send(new int[] {1, 2, 3, 4}, 0, 4, MPI.INT, 1, 6);
                }
            });

            Check.step("a freed object receive consumes its message; the next receive takes the next" + size, () -> {
                if (r == 1) {
                    Object[] lost = new Object[3];
                    Request freed = w.Irecv(lost, 0, 3, MPI.OBJECT, 0, 7);
                    freed.Free();
                    Check.that(freed.Is_null(), "a freed request is null");
                    w.Send(new int[] {1}, 0, 1, MPI.INT, 0, 99);
                    Object[] next = new Object[3];
                    Status s = w.Recv(next, 0, 3, MPI.OBJECT, 0, 7);
                    Check.equal(3, s.Get_count(MPI.OBJECT), "objects of the next receive");
                    checkPayload(next, 0, 2, large, "the next receive");
                    Object[] last = new Object[3];
                    w.Recv(last, 0, 3, MPI.OBJECT, 0, 8);
                    checkPayload(last, 0, 3, large, "the receive after");
                } else if (r == 0) {
                    w.Recv(new int[1], 0, 1, MPI.INT, 1, 99);
                    w.Send(payload(1, large), 0, 3, MPI.OBJECT, 1, 7);
                    w.Send(payload(2, large), 0, 3, MPI.OBJECT, 1, 7);
                    w.Send(payload(3, large), 0, 3, MPI.OBJECT, 1, 8);
                }
            });

            Check.step("a cancelled object receive takes nothing" + size, () -> {
                if (r == 1) {
                    Request rq = w.Irecv(new Object[3], 0, 3, MPI.OBJECT, 0, 9);
                    rq.Cancel();
                    Status s = rq.Wait();
                    Check.that(s.Test_cancelled(), "the receive is cancelled");
                    w.Send(new int[] {1}, 0, 1, MPI.INT, 0, 99);
                    Object[] next = new Object[3];
                    Status s2 = w.Recv(next, 0, 3, MPI.OBJECT, 0, 9);
                    Check.that(!s2.Test_cancelled(), "the next receive is not cancelled");
                    checkPayload(next, 0, 5, large, "the receive after the cancelled one");
                } else if (r == 0) {
                    w.Recv(new int[1], 0, 1, MPI.INT, 1, 99);
                    w.Send(payload(5, large), 0, 3, MPI.OBJECT, 1, 9);
                }
            });

            Check.step("synchronous and ready object sends" + size, () -> {
                if (r == 1) {
                    Object[] a = new Object[3];
                    Object[] b = new Object[3];
                    Request rb = w.Irecv(b, 0, 3, MPI.OBJECT, 0, 21);
                    w.Send(new int[] {1}, 0, 1, MPI.INT, 0, 99);
                    w.Recv(a, 0, 3, MPI.OBJECT, 0, 20);
                    rb.Wait();
                    checkPayload(a, 0, 6, large, "synchronous");
                    checkPayload(b, 0, 7, large, "ready");
                } else if (r == 0) {
                    w.Recv(new int[1], 0, 1, MPI.INT, 1, 99);
                    w.Ssend(payload(6, large), 0, 3, MPI.OBJECT, 1, 20);
                    w.Rsend(payload(7, large), 0, 3, MPI.OBJECT, 1, 21);
                }
            });
        }

        Check.done();
    }
}

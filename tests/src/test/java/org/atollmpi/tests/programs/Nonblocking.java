package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.util.List;
import java.util.TreeSet;

import mpi.Comm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;

/**
 * Nonblocking and persistent point-to-point in one dialect, 2 ranks, on arrays (and, in the Open
 * MPI dialect, on direct buffers from {@code MPI.newIntBuffer} with a slice offset): iSend/iRecv,
 * isSend, ibSend, irSend, wait/test, waitAll/testAll, waitAny/testAny, waitSome/testSome, cancel,
 * free, sendInit/recvInit with start/startAll.
 */
public final class Nonblocking {
    /** Where messages live: arrays or direct buffers, at an element offset. */
    record Mem(String name, boolean buffer, int offset) {
        Object ints(int n) {
            Object m = buffer ? Kind.INT.buffer(n + offset) : Kind.INT.array(n + offset);
            Kind.INT.clear(m);
            return m;
        }
    }

    static final int N = 48;
    static final Comm WORLD = MPI.COMM_WORLD;

    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        Check.needRanks(2);
        List<Mem> mems = d instanceof Ompi
                ? List.of(new Mem("arrays", false, 0), new Mem("buffers", true, 2))
                : List.of(new Mem("arrays", false, d.nonblockingOffset()));
        for (Mem m : mems) {
            run(d, m);
        }
        Check.done();
    }

    static void run(Dialect d, Mem m) {
        int me = Check.rank();
        int off = m.offset();
        String on = " on " + m.name();

        step("iSend/iRecv" + on, () -> {
            Object buf = m.ints(N);
            if (me == 0) {
                Kind.INT.fill(buf, off, N, 1);
                Request r = d.iSend(WORLD, buf, off, N, MPI.INT, 1, 1);
                d.waitFor(r);
                that(d.isNull(r), "a completed iSend request is not null after wait");
            } else if (me == 1) {
                Request r = d.iRecv(WORLD, buf, off, N, MPI.INT, 0, 1);
                d.waitFor(r).expect(0, 1, N, MPI.INT, "iRecv");
                Kind.INT.verify(buf, off, N, 1, "iRecv");
            }
        });

        step("test polls to completion" + on, () -> {
            Object buf = m.ints(N);
            if (me == 0) {
                Check.sleep(300);
                Kind.INT.fill(buf, off, N, 2);
                d.send(WORLD, buf, off, N, MPI.INT, 1, 2);
            } else if (me == 1) {
                Request r = d.iRecv(WORLD, buf, off, N, MPI.INT, 0, 2);
                St st = null;
                long t0 = System.nanoTime();
                int polls = 0;
                while (st == null && Check.millisSince(t0) < 20_000) {
                    st = d.test(r);
                    polls++;
                }
                that(st != null, "test() never completed in 20 s");
                that(polls > 1, "test() completed on the first poll, before the sender slept 300 ms");
                st.expect(0, 2, N, MPI.INT, "test");
                Kind.INT.verify(buf, off, N, 2, "test");
            }
        });

        step("isSend completes only after the receive started" + on, () -> {
            Object buf = m.ints(N);
            if (me == 0) {
                Kind.INT.fill(buf, off, N, 3);
                Request r = d.isSend(WORLD, buf, off, N, MPI.INT, 1, 3);
                long t0 = System.nanoTime();
                while (Check.millisSince(t0) < 250) {
                    that(d.test(r) == null, "isSend completed while the receiver sleeps 1000 ms");
                }
                d.waitFor(r);
            } else if (me == 1) {
                Check.sleep(1000);
                d.recv(WORLD, buf, off, N, MPI.INT, 0, 3).expect(0, 3, N, MPI.INT, "isSend");
                Kind.INT.verify(buf, off, N, 3, "isSend");
            }
        });

        step("ibSend completes locally" + on, () -> {
            Object buf = m.ints(N);
            if (me == 0) {
                d.attachBuffer(new byte[4 * N + MPI.BSEND_OVERHEAD]);
                Kind.INT.fill(buf, off, N, 4);
                long t0 = System.nanoTime();
                d.waitFor(d.ibSend(WORLD, buf, off, N, MPI.INT, 1, 4));
                long ms = Check.millisSince(t0);
                that(ms < 700, "ibSend took %d ms to complete while the receiver sleeps 1000 ms", ms);
                d.detachBuffer();
            } else if (me == 1) {
                Check.sleep(1000);
                d.recv(WORLD, buf, off, N, MPI.INT, 0, 4).expect(0, 4, N, MPI.INT, "ibSend");
                Kind.INT.verify(buf, off, N, 4, "ibSend");
            }
        });

        step("irSend to a posted receive" + on, () -> {
            Object buf = m.ints(N);
            int[] signal = new int[1];
            if (me == 1) {
                Request r = d.iRecv(WORLD, buf, off, N, MPI.INT, 0, 5);
                d.send(WORLD, signal, 0, 1, MPI.INT, 0, 6);
                d.waitFor(r).expect(0, 5, N, MPI.INT, "irSend");
                Kind.INT.verify(buf, off, N, 5, "irSend");
            } else if (me == 0) {
                d.recv(WORLD, signal, 0, 1, MPI.INT, 1, 6);
                Kind.INT.fill(buf, off, N, 5);
                d.waitFor(d.irSend(WORLD, buf, off, N, MPI.INT, 1, 5));
            }
        });

        step("testAll is true only when all are complete" + on, () -> {
            Object a = m.ints(N);
            Object b = m.ints(N);
            int[] signal = new int[1];
            if (me == 0) {
                Kind.INT.fill(a, off, N, 7);
                Kind.INT.fill(b, off, N, 8);
                d.sSend(WORLD, a, off, N, MPI.INT, 1, 7);      // matched when sSend returns
                d.send(WORLD, signal, 0, 1, MPI.INT, 1, 9);
                d.recv(WORLD, signal, 0, 1, MPI.INT, 1, 10);
                d.send(WORLD, b, off, N, MPI.INT, 1, 8);
            } else if (me == 1) {
                Request[] rs = {d.iRecv(WORLD, a, off, N, MPI.INT, 0, 7), d.iRecv(WORLD, b, off, N, MPI.INT, 0, 8)};
                d.recv(WORLD, signal, 0, 1, MPI.INT, 0, 9);
                for (int i = 0; i < 100; i++) {
                    that(d.testAll(rs) == null, "testAll true while the second message is not sent");
                }
                that(!d.isNull(rs[0]) && !d.isNull(rs[1]), "testAll false but freed a request");
                d.send(WORLD, signal, 0, 1, MPI.INT, 0, 10);
                St[] all = null;
                long t0 = System.nanoTime();
                while (all == null && Check.millisSince(t0) < 20_000) {
                    all = d.testAll(rs);
                }
                that(all != null, "testAll never true in 20 s");
                all[0].expect(0, 7, N, MPI.INT, "testAll[0]");
                all[1].expect(0, 8, N, MPI.INT, "testAll[1]");
                that(d.isNull(rs[0]) && d.isNull(rs[1]), "testAll true but left a request active");
                Kind.INT.verify(a, off, N, 7, "testAll[0]");
                Kind.INT.verify(b, off, N, 8, "testAll[1]");
            }
        });

        step("waitAll" + on, () -> {
            Object[] bufs = {m.ints(N), m.ints(N), m.ints(N)};
            Request[] rs = new Request[3];
            for (int k = 0; k < 3; k++) {
                if (me == 0) {
                    Kind.INT.fill(bufs[k], off, N, 11 + k);
                    rs[k] = d.iSend(WORLD, bufs[k], off, N, MPI.INT, 1, 11 + k);
                } else if (me == 1) {
                    rs[k] = d.iRecv(WORLD, bufs[k], off, N, MPI.INT, 0, 11 + k);
                }
            }
            if (me < 2) {
                St[] st = d.waitAll(rs);
                for (int k = 0; k < 3; k++) {
                    that(d.isNull(rs[k]), "waitAll left request %d active", k);
                    if (me == 1) {
                        st[k].expect(0, 11 + k, N, MPI.INT, "waitAll[" + k + "]");
                        Kind.INT.verify(bufs[k], off, N, 11 + k, "waitAll[" + k + "]");
                    }
                }
            }
        });

        step("waitAny/testAny, UNDEFINED when nothing is active" + on, () -> {
            Object[] bufs = {m.ints(N), m.ints(N), m.ints(N)};
            int[] signal = new int[1];
            if (me == 0) {
                Kind.INT.fill(bufs[2], off, N, 22);
                d.sSend(WORLD, bufs[2], off, N, MPI.INT, 1, 22);
                d.recv(WORLD, signal, 0, 1, MPI.INT, 1, 29);
                for (int k = 0; k < 2; k++) {
                    Kind.INT.fill(bufs[k], off, N, 20 + k);
                    d.send(WORLD, bufs[k], off, N, MPI.INT, 1, 20 + k);
                }
            } else if (me == 1) {
                Request[] rs = new Request[3];
                for (int k = 0; k < 3; k++) {
                    rs[k] = d.iRecv(WORLD, bufs[k], off, N, MPI.INT, 0, 20 + k);
                }
                equal(2, d.waitAny(rs), "waitAny index");
                that(d.isNull(rs[2]), "the request waitAny completed is still active");
                Kind.INT.verify(bufs[2], off, N, 22, "waitAny");
                equal(MPI.UNDEFINED, d.testAny(rs), "testAny with nothing complete");
                d.send(WORLD, signal, 0, 1, MPI.INT, 0, 29);
                TreeSet<Integer> seen = new TreeSet<>();
                seen.add(d.waitAny(rs));
                long t0 = System.nanoTime();
                int k;
                while ((k = d.testAny(rs)) == MPI.UNDEFINED && Check.millisSince(t0) < 20_000) {
                    Thread.onSpinWait();
                }
                seen.add(k);
                equal("[0, 1]", seen.toString(), "indices from waitAny and testAny");
                Kind.INT.verify(bufs[0], off, N, 20, "waitAny[0]");
                Kind.INT.verify(bufs[1], off, N, 21, "waitAny[1]");
                equal(MPI.UNDEFINED, d.waitAny(rs), "waitAny with no active request");
                equal(MPI.UNDEFINED, d.testAny(rs), "testAny with no active request");
                equal(MPI.UNDEFINED, d.waitAny(new Request[] {MPI.REQUEST_NULL, MPI.REQUEST_NULL}),
                        "waitAny on REQUEST_NULLs");
            }
        });

        step("waitSome/testSome return only completed indices" + on, () -> {
            Object[] bufs = {m.ints(N), m.ints(N), m.ints(N), m.ints(N)};
            int[] signal = new int[1];
            if (me == 0) {
                for (int k : new int[] {1, 3}) {
                    Kind.INT.fill(bufs[k], off, N, 40 + k);
                    d.sSend(WORLD, bufs[k], off, N, MPI.INT, 1, 40 + k);
                }
                d.recv(WORLD, signal, 0, 1, MPI.INT, 1, 49);
                for (int k : new int[] {0, 2}) {
                    Kind.INT.fill(bufs[k], off, N, 40 + k);
                    d.send(WORLD, bufs[k], off, N, MPI.INT, 1, 40 + k);
                }
            } else if (me == 1) {
                Request[] rs = new Request[4];
                for (int k = 0; k < 4; k++) {
                    rs[k] = d.iRecv(WORLD, bufs[k], off, N, MPI.INT, 0, 40 + k);
                }
                TreeSet<Integer> first = new TreeSet<>();
                long t0 = System.nanoTime();
                while (first.size() < 2 && Check.millisSince(t0) < 20_000) {
                    for (int k : d.testSome(rs)) {
                        that(first.add(k), "testSome returned %d twice", k);
                    }
                }
                equal("[1, 3]", first.toString(), "indices from testSome before 0 and 2 were sent");
                equal(0, d.testSome(rs).length, "testSome with nothing newly complete");
                d.send(WORLD, signal, 0, 1, MPI.INT, 0, 49);
                TreeSet<Integer> rest = new TreeSet<>();
                while (rest.size() < 2) {
                    int[] done = d.waitSome(rs);
                    that(done.length > 0, "waitSome returned no index with active requests");
                    for (int k : done) {
                        that(rest.add(k), "waitSome returned %d twice", k);
                    }
                }
                equal("[0, 2]", rest.toString(), "indices from waitSome");
                for (int k = 0; k < 4; k++) {
                    Kind.INT.verify(bufs[k], off, N, 40 + k, "some[" + k + "]");
                }
            }
        });

        step("cancel of a pending receive" + on, () -> {
            Object buf = m.ints(N);
            Request r = d.iRecv(WORLD, buf, off, N, MPI.INT, MPI.ANY_SOURCE, 77);
            d.cancel(r);
            St st = d.waitFor(r);
            that(st.cancelled(), "a cancelled pending receive completed with isCancelled() false");
            Kind.INT.verifyCleared(buf, 0, Kind.length(buf), "cancelled receive");
        });

        step("free of an active request" + on, () -> {
            Object buf = m.ints(4096);
            if (me == 0) {
                Kind.INT.fill(buf, off, 4096, 50);
                Request r = d.iSend(WORLD, buf, off, 4096, MPI.INT, 1, 50);
                d.free(r);
                that(d.isNull(r), "a freed request is not null");
                d.send(WORLD, new int[] {51}, 0, 1, MPI.INT, 1, 50);
            } else if (me == 1) {
                Check.sleep(100);
                d.recv(WORLD, buf, off, 4096, MPI.INT, 0, 50).expect(0, 50, 4096, MPI.INT, "freed send");
                Kind.INT.verify(buf, off, 4096, 50, "freed send");
                int[] next = new int[1];
                d.recv(WORLD, next, 0, 1, MPI.INT, 0, 50);
                equal(51, next[0], "message after the freed one");
            }
        });

        step("persistent requests with start and startAll" + on, () -> {
            Object buf = m.ints(N);
            if (me < 2) {
                Prequest p = me == 0
                        ? d.sendInit(WORLD, buf, off, N, MPI.INT, 1, 60)
                        : d.recvInit(WORLD, buf, off, N, MPI.INT, 0, 60);
                for (int round = 0; round < 3; round++) {
                    if (me == 0) {
                        Kind.INT.fill(buf, off, N, 60 + round);
                    } else {
                        Kind.INT.clear(buf);
                    }
                    d.start(p);
                    St st = d.waitFor(p);
                    if (me == 1) {
                        st.expect(0, 60, N, MPI.INT, "persistent round " + round);
                        Kind.INT.verify(buf, off, N, 60 + round, "persistent round " + round);
                    }
                }
                Object[] bufs = {m.ints(N), m.ints(N)};
                Prequest[] ps = new Prequest[2];
                for (int k = 0; k < 2; k++) {
                    ps[k] = me == 0
                            ? d.sendInit(WORLD, bufs[k], off, N, MPI.INT, 1, 61 + k)
                            : d.recvInit(WORLD, bufs[k], off, N, MPI.INT, 0, 61 + k);
                }
                for (int round = 0; round < 2; round++) {
                    for (int k = 0; k < 2; k++) {
                        if (me == 0) {
                            Kind.INT.fill(bufs[k], off, N, 70 + 2 * round + k);
                        }
                    }
                    d.startAll(ps);
                    d.waitAll(ps);
                    if (me == 1) {
                        for (int k = 0; k < 2; k++) {
                            Kind.INT.verify(bufs[k], off, N, 70 + 2 * round + k, "startAll[" + k + "]");
                        }
                    }
                }
                d.free(p);
                for (Prequest q : ps) {
                    d.free(q);
                }
            }
        });
    }
}

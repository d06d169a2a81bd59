package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.util.TreeSet;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * Blocking point-to-point in one dialect ({@code ompi} or {@code mpj}), at least 3 ranks:
 * send/recv with offsets and status, sSend, bSend with attach/detach, rSend, sendRecv,
 * sendRecvReplace, probe/iProbe, getCount (also UNDEFINED), short messages, PROC_NULL, zero
 * counts, ANY_SOURCE/ANY_TAG, COMM_SELF vs COMM_WORLD matching, the largest tag, environment.
 */
public final class PointToPoint {
    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        Check.needRanks(3);
        Comm world = MPI.COMM_WORLD;
        int me = d.rank(world);
        int n = d.size(world);
        int left = (me + n - 1) % n;
        int right = (me + 1) % n;

        step("environment", () -> {
            equal(world.getRank(), me, "rank (both dialects)");
            equal(world.getSize(), n, "size (both dialects)");
            that(MPI.isInitialized() && MPI.Initialized(), "isInitialized()/Initialized() false after Init");
            that(!MPI.isFinalized(), "isFinalized() true before Finalize");
            double t = d.wtime();
            for (int i = 0; i < 1000; i++) {
                double u = d.wtime();
                that(u >= t, "wtime went back from %f to %f", t, u);
                t = u;
            }
            that(d.wtick() > 0 && d.wtick() < 0.01, "wtick %g", d.wtick());
            that(d.processorName() != null && !d.processorName().isBlank(), "empty processor name");
            equal(1, d.size(MPI.COMM_SELF), "COMM_SELF size");
            equal(0, d.rank(MPI.COMM_SELF), "COMM_SELF rank");
        });

        step("send/recv with offsets and status", () -> {
            if (me == 0) {
                int[] buf = new int[20];
                Kind.INT.fill(buf, 3, 10, 1);
                d.send(world, buf, 3, 10, MPI.INT, 1, 7);
            } else if (me == 1) {
                int[] buf = new int[20];
                St st = d.recv(world, buf, 5, 12, MPI.INT, 0, 7).expect(0, 7, 10, MPI.INT, "recv");
                Kind.INT.verify(buf, 5, 10, 1, "recv");
                Kind.INT.verifyCleared(buf, 0, 5, "before the offset");
                Kind.INT.verifyCleared(buf, 15, 20, "after the message");
                equal(st.status.getSource(), st.status.source, "getSource() vs field source");
                equal(st.status.getTag(), st.status.tag, "getTag() vs field tag");
                equal(st.status.getCount(MPI.INT), st.status.Get_count(MPI.INT), "getCount vs Get_count");
                equal(40, st.count(MPI.BYTE), "count in bytes");
            }
        });

        step("sSend completes only after the receive started", () -> {
            byte[] buf = new byte[100];
            if (me == 0) {
                Kind.BYTE.fill(buf, 0, 100, 2);
                long t0 = System.nanoTime();
                d.sSend(world, buf, 0, 100, MPI.BYTE, 1, 8);
                long ms = Check.millisSince(t0);
                that(ms >= 400, "sSend returned after %d ms, before the receiver (sleeping 600 ms) posted", ms);
            } else if (me == 1) {
                Check.sleep(600);
                d.recv(world, buf, 0, 100, MPI.BYTE, 0, 8).expect(0, 8, 100, MPI.BYTE, "ssend");
                Kind.BYTE.verify(buf, 0, 100, 2, "ssend");
            }
        });

        step("bSend is local, detachBuffer waits for the messages to leave", () -> {
            int[] sizes = {16, 1000, 64 * 1024};
            if (me == 0) {
                int room = 0;
                for (int s : sizes) {
                    room += 4 * s + MPI.BSEND_OVERHEAD;
                }
                byte[] attached = new byte[room];
                d.attachBuffer(attached);
                long t0 = System.nanoTime();
                for (int k = 0; k < sizes.length; k++) {
                    int[] data = new int[sizes[k]];
                    Kind.INT.fill(data, 0, sizes[k], 30 + k);
                    d.bSend(world, data, 0, sizes[k], MPI.INT, 1, 30 + k);
                    Kind.INT.clear(data); // the message was copied: reusing the array is fine
                }
                long ms = Check.millisSince(t0);
                that(ms < 700, "three bSends took %d ms while the receiver sleeps 1000 ms", ms);
                byte[] back = d.detachBuffer();
                that(back == null || back == attached, "detachBuffer returned another array");
                // detach returns once the messages have left the buffer: overwriting it now is safe
                java.util.Arrays.fill(attached, (byte) 0x5A);
            } else if (me == 1) {
                Check.sleep(1000);
                for (int k = 0; k < sizes.length; k++) {
                    int[] data = new int[sizes[k]];
                    d.recv(world, data, 0, sizes[k], MPI.INT, 0, 30 + k).expect(0, 30 + k, sizes[k], MPI.INT, "bsend");
                    Kind.INT.verify(data, 0, sizes[k], 30 + k, "bsend");
                }
            }
        });

        step("rSend to a posted receive", () -> {
            long[] buf = new long[64];
            long[] signal = new long[1];
            if (me == 1) {
                Request r = d.iRecv(world, buf, 0, 64, MPI.LONG, 0, 9);
                d.send(world, signal, 0, 1, MPI.LONG, 0, 10);
                d.waitFor(r).expect(0, 9, 64, MPI.LONG, "rsend");
                Kind.LONG.verify(buf, 0, 64, 9, "rsend");
            } else if (me == 0) {
                d.recv(world, signal, 0, 1, MPI.LONG, 1, 10);
                Kind.LONG.fill(buf, 0, 64, 9);
                d.rSend(world, buf, 0, 64, MPI.LONG, 1, 9);
            }
        });

        step("sendRecv around the ring and with PROC_NULL", () -> {
            double[] out = new double[50];
            double[] in = new double[60];
            Kind.DOUBLE.fill(out, 0, 50, 100 + me);
            d.sendRecv(world, out, 0, 50, MPI.DOUBLE, right, 11, in, 4, 56, MPI.DOUBLE, left, 11)
                    .expect(left, 11, 50, MPI.DOUBLE, "sendRecv");
            Kind.DOUBLE.verify(in, 4, 50, 100 + left, "sendRecv");
            double[] untouched = new double[5];
            d.sendRecv(world, out, 0, 50, MPI.DOUBLE, MPI.PROC_NULL, 12, untouched, 0, 5, MPI.DOUBLE, MPI.PROC_NULL, 12)
                    .expect(MPI.PROC_NULL, MPI.ANY_TAG, 0, MPI.DOUBLE, "sendRecv PROC_NULL");
            Kind.DOUBLE.verifyCleared(untouched, 0, 5, "sendRecv PROC_NULL");
        });

        step("sendRecvReplace around the ring", () -> {
            short[] buf = new short[40];
            Kind.SHORT.fill(buf, 2, 33, 200 + me);
            d.sendRecvReplace(world, buf, 2, 33, MPI.SHORT, right, 13, left, 13).expect(left, 13, 33, MPI.SHORT, "replace");
            Kind.SHORT.verify(buf, 2, 33, 200 + left, "replace");
            Kind.SHORT.verifyCleared(buf, 0, 2, "replace, before the offset");
            Kind.SHORT.verifyCleared(buf, 35, 40, "replace, after the message");
        });

        step("probe and iProbe describe the next message", () -> {
            if (me == 0) {
                int[] a = new int[3];
                int[] b = new int[7];
                Kind.INT.fill(a, 0, 3, 5);
                Kind.INT.fill(b, 0, 7, 6);
                d.send(world, a, 0, 3, MPI.INT, 1, 5);
                d.send(world, b, 0, 7, MPI.INT, 1, 6);
                d.send(world, new byte[5], 0, 5, MPI.BYTE, 1, 7);
            } else if (me == 1) {
                d.probe(world, 0, MPI.ANY_TAG).expect(0, 5, 3, MPI.INT, "probe(0, ANY_TAG)");
                d.probe(world, MPI.ANY_SOURCE, MPI.ANY_TAG).expect(0, 5, 3, MPI.INT, "probe(ANY_SOURCE, ANY_TAG)");
                St six = null;
                long t0 = System.nanoTime();
                while (six == null && Check.millisSince(t0) < 10_000) {
                    six = d.iProbe(world, 0, 6);
                }
                that(six != null, "iProbe(0, 6) found nothing in 10 s");
                six.expect(0, 6, 7, MPI.INT, "iProbe(0, 6)");
                int[] b = new int[7];
                d.recv(world, b, 0, 7, MPI.INT, 0, 6).expect(0, 6, 7, MPI.INT, "recv tag 6");
                Kind.INT.verify(b, 0, 7, 6, "recv tag 6");
                St odd = d.probe(world, MPI.ANY_SOURCE, 7).expect(0, 7, 5, MPI.BYTE, "probe 5 bytes");
                equal(MPI.UNDEFINED, odd.count(MPI.INT), "count of 5 bytes as INT");
                d.recv(world, new byte[5], 0, 5, MPI.BYTE, 0, 7);
                int[] a = new int[3];
                d.recv(world, a, 0, 3, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG).expect(0, 5, 3, MPI.INT, "recv tag 5");
                Kind.INT.verify(a, 0, 3, 5, "recv tag 5");
                that(d.iProbe(world, 0, 99) == null, "iProbe for a tag never sent found something");
                that(d.iProbe(world, MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "iProbe found a message after all were received");
            }
        });

        step("a shorter message than the buffer", () -> {
            float[] buf = new float[10];
            if (me == 0) {
                Kind.FLOAT.fill(buf, 0, 4, 14);
                d.send(world, buf, 0, 4, MPI.FLOAT, 2, 14);
            } else if (me == 2) {
                d.recv(world, buf, 0, 10, MPI.FLOAT, 0, 14).expect(0, 14, 4, MPI.FLOAT, "short message");
                Kind.FLOAT.verify(buf, 0, 4, 14, "short message");
                Kind.FLOAT.verifyCleared(buf, 4, 10, "short message");
            }
        });

        step("PROC_NULL", () -> {
            int[] buf = new int[4];
            d.send(world, buf, 0, 4, MPI.INT, MPI.PROC_NULL, 1);
            d.sSend(world, buf, 0, 4, MPI.INT, MPI.PROC_NULL, 1);
            d.recv(world, buf, 0, 4, MPI.INT, MPI.PROC_NULL, 1).expect(MPI.PROC_NULL, MPI.ANY_TAG, 0, MPI.INT, "recv PROC_NULL");
            Kind.INT.verifyCleared(buf, 0, 4, "recv PROC_NULL");
            d.waitFor(d.iRecv(world, buf, 0, 4, MPI.INT, MPI.PROC_NULL, 1))
                    .expect(MPI.PROC_NULL, MPI.ANY_TAG, 0, MPI.INT, "iRecv PROC_NULL");
            d.waitFor(d.iSend(world, buf, 0, 4, MPI.INT, MPI.PROC_NULL, 1));
        });

        step("zero-count messages", () -> {
            if (me == 0) {
                d.send(world, new int[0], 0, 0, MPI.INT, 1, 15);
                d.send(world, new int[5], 0, 0, MPI.INT, 1, 16);
                d.waitFor(d.iSend(world, new long[0], 0, 0, MPI.LONG, 1, 17));
            } else if (me == 1) {
                d.recv(world, new int[0], 0, 0, MPI.INT, 0, 15).expect(0, 15, 0, MPI.INT, "zero into empty");
                int[] five = new int[5];
                d.recv(world, five, 0, 5, MPI.INT, 0, 16).expect(0, 16, 0, MPI.INT, "zero into five");
                Kind.INT.verifyCleared(five, 0, 5, "zero into five");
                d.waitFor(d.iRecv(world, new long[0], 0, 0, MPI.LONG, 0, 17)).expect(0, 17, 0, MPI.LONG, "iRecv zero");
            }
        });

        step("ANY_SOURCE and ANY_TAG", () -> {
            if (me != 0) {
                int[] data = new int[me + 1];
                Kind.INT.fill(data, 0, me + 1, 20 + me);
                d.send(world, data, 0, me + 1, MPI.INT, 0, 20 + me);
            } else {
                TreeSet<Integer> sources = new TreeSet<>();
                for (int k = 1; k < n; k++) {
                    int[] data = new int[16];
                    St st = d.recv(world, data, 0, 16, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    that(st.source > 0 && st.source < n, "ANY_SOURCE gave source %d", st.source);
                    st.expect(st.source, 20 + st.source, st.source + 1, MPI.INT, "ANY_SOURCE");
                    Kind.INT.verify(data, 0, st.source + 1, 20 + st.source, "ANY_SOURCE");
                    sources.add(st.source);
                }
                equal(n - 1, sources.size(), "distinct sources");
            }
        });

        step("ANY_TAG from one source keeps the sender's order", () -> {
            if (me == 2) {
                d.send(world, new int[] {31}, 0, 1, MPI.INT, 0, 31);
                d.send(world, new int[] {30}, 0, 1, MPI.INT, 0, 30);
            } else if (me == 0) {
                int[] v = new int[1];
                d.recv(world, v, 0, 1, MPI.INT, 2, MPI.ANY_TAG).expect(2, 31, 1, MPI.INT, "first ANY_TAG");
                equal(31, v[0], "first ANY_TAG payload");
                d.recv(world, v, 0, 1, MPI.INT, 2, MPI.ANY_TAG).expect(2, 30, 1, MPI.INT, "second ANY_TAG");
                equal(30, v[0], "second ANY_TAG payload");
            }
        });

        step("ANY_SOURCE never crosses communicators", () -> {
            if (me == 1) {
                d.send(world, new int[] {40}, 0, 1, MPI.INT, 0, 40);
                d.send(world, new int[] {42}, 0, 1, MPI.INT, 0, 42);
            } else if (me == 0) {
                int[] self = new int[1];
                Request selfRecv = d.iRecv(MPI.COMM_SELF, self, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                int[] v = new int[1];
                d.recv(world, v, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG).expect(1, 40, 1, MPI.INT, "world recv");
                for (int i = 0; i < 5; i++) {
                    that(d.test(selfRecv) == null, "a COMM_SELF receive matched a COMM_WORLD message");
                    Check.sleep(20);
                }
                d.send(MPI.COMM_SELF, new int[] {41}, 0, 1, MPI.INT, 0, 41);
                d.waitFor(selfRecv).expect(0, 41, 1, MPI.INT, "COMM_SELF recv");
                equal(41, self[0], "COMM_SELF payload");
                // the other way: a pending COMM_SELF message is not seen by a COMM_WORLD receive
                Request selfSend = d.iSend(MPI.COMM_SELF, new int[] {43}, 0, 1, MPI.INT, 0, 43);
                d.recv(world, v, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG).expect(1, 42, 1, MPI.INT, "world recv 2");
                equal(42, v[0], "world payload");
                d.recv(MPI.COMM_SELF, self, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG).expect(0, 43, 1, MPI.INT, "self 2");
                equal(43, self[0], "COMM_SELF payload 2");
                d.waitFor(selfSend);
            }
        });

        step("tags up to TAG_UB, at least 32767", () -> {
            Object attr = d instanceof Mpj ? world.Attr_get(MPI.TAG_UB) : world.getAttr(MPI.TAG_UB);
            that(attr instanceof Number, "TAG_UB attribute is %s", attr);
            int ub = ((Number) attr).intValue();
            that(ub >= 32767, "TAG_UB %d is less than 32767", ub);
            for (int tag : new int[] {0, 32767, ub}) {
                if (me == 0) {
                    d.send(world, new char[] {'x', 'y'}, 0, 2, MPI.CHAR, 1, tag);
                } else if (me == 1) {
                    char[] c = new char[2];
                    d.recv(world, c, 0, 2, MPI.CHAR, 0, tag).expect(0, tag, 2, MPI.CHAR, "tag " + tag);
                    equal("xy", new String(c), "payload");
                }
            }
        });

        Check.done();
    }
}

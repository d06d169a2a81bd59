package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.util.ArrayList;
import java.util.List;

import mpi.Comm;
import mpi.Errhandler;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/**
 * Point-to-point completeness and the error machinery, any number of ranks, one dialect for the
 * calls both have ({@code Message} and the error-code calls exist only in the Open MPI style and
 * as our extensions, and are called the same way in both runs):
 * <ul>
 * <li>mProbe/mRecv and imRecv of messages of every protocol size, from every rank (itself
 *     included), matched from ANY_SOURCE, in send order per sender, data intact;</li>
 * <li>imProbe polling (null, and the message left null, while nothing matches);</li>
 * <li>a matched message is not stolen by a wildcard probe or receive posted afterwards;</li>
 * <li>PROC_NULL through every send, receive, probe, sendRecv, nonblocking, persistent and
 *     matched-probe form: complete at once, status source PROC_NULL, tag ANY_TAG, count 0;</li>
 * <li>Request.getStatus leaves the request active, free of a completed request makes it null;</li>
 * <li>a user error handler is called with the communicator and the code, then the caller gets
 *     the exception (code and class); addErrorClass/Code/String round trip, LASTUSEDCODE;
 *     getErrorString of the predefined classes; a buffered send with no buffer names attachBuffer.</li>
 * </ul>
 */
public final class MatchedProbe {
    static final Comm WORLD = MPI.COMM_WORLD;
    static final int[] SIZES = {0, 1, 40, 41, 1000, 16_384, 16_385, 131_072, 131_073, 300_000};

    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        boolean mpj = d.name().equals("mpj");
        int me = Check.rank();
        int n = Check.size();
        d.setErrorsReturn(WORLD);

        step("mProbe/mRecv every protocol size from ANY_SOURCE, every sender in order", () -> {
            List<Request> sends = new ArrayList<>();
            for (int dest = 0; dest < n; dest++) {
                for (int i = 0; i < SIZES.length; i++) {
                    sends.add(d.iSend(WORLD, pattern(SIZES[i], me * 31 + dest * 7 + i), 0, SIZES[i], MPI.BYTE,
                            dest, 100 + i));
                }
            }
            int[] next = new int[n];
            for (int k = 0; k < n * SIZES.length; k++) {
                Message m = new Message();
                that(m.isNull() && !m.isNoProc(), "a new Message is MESSAGE_NULL");
                St probed = new St(m.mProbe(MPI.ANY_SOURCE, MPI.ANY_TAG, WORLD), mpj);
                that(!m.isNull(), "a matched Message is not null");
                int src = probed.source;
                that(src >= 0 && src < n, "probed source %d", src);
                int i = next[src]++;
                int size = SIZES[i];
                probed.expect(src, 100 + i, size, MPI.BYTE, "mProbe from " + src);
                byte[] got = new byte[size + 8];
                St s = (k & 1) == 0 ? new St(m.mRecv(got, size + 8, MPI.BYTE), mpj)
                        : d.waitFor(m.imRecv(got, size + 8, MPI.BYTE));
                s.expect(src, 100 + i, size, MPI.BYTE, "mRecv from " + src);
                that(m.isNull(), "a received Message is null again");
                verify(got, size, src * 31 + me * 7 + i, "mRecv of " + size + " bytes from " + src);
                expectError(MPI.ERR_REQUEST, "mRecv of a received message",
                        () -> m.mRecv(got, 1, MPI.BYTE), "mRecv", "null");
            }
            d.waitAll(sends.toArray(new Request[0]));
        });

        step("imProbe polls: null while nothing matches, then the message", () -> {
            Message m = new Message();
            that(m.imProbe(MPI.ANY_SOURCE, 77, WORLD) == null, "imProbe of an unsent tag is null");
            that(m.isNull(), "the message stays null after an empty imProbe");
            int to = (me + 1) % n;
            int from = (me + n - 1) % n;
            Request send = d.iSend(WORLD, pattern(200_000, me), 0, 200_000, MPI.BYTE, to, 5);
            Status s;
            long polls = 0;
            while ((s = m.imProbe(from, 5, WORLD)) == null) {
                polls++;
            }
            new St(s, mpj).expect(from, 5, 200_000, MPI.BYTE, "imProbe after " + polls + " empty polls");
            byte[] got = new byte[200_000];
            d.waitFor(m.imRecv(got, got.length, MPI.BYTE)).expect(from, 5, 200_000, MPI.BYTE, "imRecv");
            verify(got, 200_000, from, "imRecv");
            d.waitFor(send);
        });

        step("a matched message is not stolen by a wildcard probe or receive posted afterwards", () -> {
            int to = (me + 1) % n;
            int from = (me + n - 1) % n;
            Request big = d.iSend(WORLD, pattern(150_000, 1 + me), 0, 150_000, MPI.BYTE, to, 1);
            d.send(WORLD, pattern(10, 2 + me), 0, 10, MPI.BYTE, to, 1);
            d.send(WORLD, pattern(3000, 3 + me), 0, 3000, MPI.BYTE, to, 2);
            Message m = new Message();
            new St(m.mProbe(from, 1, WORLD), mpj).expect(from, 1, 150_000, MPI.BYTE, "mProbe of the big one");
            d.probe(WORLD, MPI.ANY_SOURCE, MPI.ANY_TAG).expect(from, 1, 10, MPI.BYTE, "probe after mProbe");
            byte[] small = new byte[150_000];
            d.waitFor(d.iRecv(WORLD, small, 0, small.length, MPI.BYTE, MPI.ANY_SOURCE, MPI.ANY_TAG))
                    .expect(from, 1, 10, MPI.BYTE, "wildcard iRecv after mProbe");
            verify(small, 10, 2 + from, "the small message");
            byte[] third = new byte[150_000];
            d.recv(WORLD, third, 0, third.length, MPI.BYTE, MPI.ANY_SOURCE, MPI.ANY_TAG)
                    .expect(from, 2, 3000, MPI.BYTE, "wildcard recv after mProbe");
            verify(third, 3000, 3 + from, "the tag-2 message");
            that(d.iProbe(WORLD, MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "nothing else is pending");
            byte[] got = new byte[150_000];
            new St(m.mRecv(got, got.length, MPI.BYTE), mpj).expect(from, 1, 150_000, MPI.BYTE, "mRecv of the big one");
            verify(got, 150_000, 1 + from, "the matched message");
            d.waitFor(big);
        });

        step("PROC_NULL through every call form", () -> {
            int p = MPI.PROC_NULL;
            int[] buf = {7, 7, 7, 7};
            d.send(WORLD, buf, 0, 4, MPI.INT, p, 1);
            d.sSend(WORLD, buf, 0, 4, MPI.INT, p, 1);
            d.bSend(WORLD, buf, 0, 4, MPI.INT, p, 1); // no buffer attached: nothing to copy
            d.rSend(WORLD, buf, 0, 4, MPI.INT, p, 1);
            procNull(d.recv(WORLD, buf, 0, 4, MPI.INT, p, 1), "recv");
            procNull(d.recv(WORLD, buf, 0, 4, MPI.INT, p, MPI.ANY_TAG), "recv ANY_TAG");
            procNull(d.probe(WORLD, p, 3), "probe");
            procNull(d.iProbe(WORLD, p, MPI.ANY_TAG), "iProbe");
            procNull(d.sendRecv(WORLD, buf, 0, 4, MPI.INT, p, 1, buf, 0, 4, MPI.INT, p, 1), "sendRecv");
            procNull(d.sendRecvReplace(WORLD, buf, 0, 4, MPI.INT, p, 1, p, 1), "sendRecvReplace");
            for (Request r : new Request[] {
                d.iSend(WORLD, buf, 0, 4, MPI.INT, p, 1), d.isSend(WORLD, buf, 0, 4, MPI.INT, p, 1),
                d.ibSend(WORLD, buf, 0, 4, MPI.INT, p, 1), d.irSend(WORLD, buf, 0, 4, MPI.INT, p, 1)}) {
                that(!d.isNull(r), "a PROC_NULL send request is active until completed");
                d.waitFor(r);
                that(d.isNull(r), "a completed PROC_NULL send request is null");
            }
            Request r = d.iRecv(WORLD, buf, 0, 4, MPI.INT, p, 1);
            St t = d.test(r);
            that(t != null, "a PROC_NULL iRecv tests complete at once");
            procNull(t, "iRecv");
            Prequest ps = d.sendInit(WORLD, buf, 0, 4, MPI.INT, p, 1);
            Prequest pr = d.recvInit(WORLD, buf, 0, 4, MPI.INT, p, 1);
            for (int round = 0; round < 2; round++) {
                d.startAll(new Prequest[] {ps, pr});
                d.waitFor(ps);
                procNull(d.waitFor(pr), "persistent recv, round " + round);
            }
            d.free(ps);
            d.free(pr);
            Message m = new Message();
            procNull(new St(m.mProbe(p, 1, WORLD), mpj), "mProbe");
            that(m.isNoProc() && !m.isNull(), "mProbe of PROC_NULL is MESSAGE_NO_PROC");
            procNull(new St(m.mRecv(buf, 4, MPI.INT), mpj), "mRecv of MESSAGE_NO_PROC");
            that(m.isNull() && !m.isNoProc(), "after its receive MESSAGE_NO_PROC is null");
            procNull(new St(m.imProbe(p, MPI.ANY_TAG, WORLD), mpj), "imProbe");
            that(m.isNoProc(), "imProbe of PROC_NULL is MESSAGE_NO_PROC");
            procNull(d.waitFor(m.imRecv(buf, 4, MPI.INT)), "imRecv of MESSAGE_NO_PROC");
            for (int v : buf) {
                equal(7, v, "the buffer after PROC_NULL receives (untouched)");
            }
        });

        step("getStatus leaves a request active; free of a completed one makes it null", () -> {
            int to = (me + 1) % n;
            int from = (me + n - 1) % n;
            int[] out = {me};
            int[] in = new int[1];
            Request r = d.iRecv(WORLD, in, 0, 1, MPI.INT, from, 9);
            d.send(WORLD, out, 0, 1, MPI.INT, to, 9);
            Status s;
            while ((s = r.getStatus()) == null) {
                Thread.onSpinWait();
            }
            equal(from, s.getSource(), "getStatus source");
            that(!r.isNull(), "getStatus does not complete the request");
            equal(from, r.getStatus().getSource(), "getStatus again");
            d.waitFor(r).expect(from, 9, 1, MPI.INT, "wait after getStatus");
            equal(from, in[0], "received");
            that(d.isNull(r), "null after wait");
            equal(MPI.ANY_SOURCE, r.getStatus().getSource(), "getStatus of a null request is empty");
            Request done = d.iSend(WORLD, out, 0, 1, MPI.INT, to, 10);
            d.recv(WORLD, in, 0, 1, MPI.INT, from, 10);
            d.free(done);
            that(d.isNull(done), "freed request is null");
            d.free(done); // freeing a null request does nothing (Open MPI's bindings)
        });

        step("a user error handler gets the code, then the caller gets the exception", () -> {
            List<String> seen = new ArrayList<>();
            Errhandler h = Comm.createErrhandler((comm, code) -> seen.add(comm.getName() + "/" + code));
            WORLD.setErrhandler(h);
            expectError(MPI.ERR_RANK, "send to rank " + (n + 5) + " under a user handler",
                    () -> d.send(WORLD, new int[1], 0, 1, MPI.INT, n + 5, 1), "rank", Integer.toString(n + 5));
            int cls = MPI.addErrorClass();
            int code = MPI.addErrorCode(cls);
            MPI.addErrorString(code, "widget " + me + " broke");
            MPIException e = expectError(cls, "callErrhandler(user code)", () -> WORLD.callErrhandler(code),
                    "widget " + me + " broke");
            equal(code, e.getErrorCode(), "error code of callErrhandler(user code)");
            e = expectError(MPI.ERR_OTHER, "callErrhandler(ERR_OTHER)", () -> WORLD.callErrhandler(MPI.ERR_OTHER),
                    "MPI_ERR_OTHER");
            equal(MPI.ERR_OTHER, e.getErrorCode(), "error code of callErrhandler(ERR_OTHER)");
            equal(List.of("MPI_COMM_WORLD/" + MPI.ERR_RANK, "MPI_COMM_WORLD/" + code, "MPI_COMM_WORLD/" + MPI.ERR_OTHER),
                    seen, "the handler's calls");
            d.setErrorsReturn(WORLD);
            expectError(MPI.ERR_RANK, "send to a bad rank after ERRORS_RETURN",
                    () -> d.send(WORLD, new int[1], 0, 1, MPI.INT, -9, 1), "-9");
            equal(3, seen.size(), "calls of a handler no longer installed");
        });

        step("addErrorClass / addErrorCode / addErrorString round trip", () -> {
            int cls = MPI.addErrorClass();
            that(cls > MPI.ERR_LASTCODE, "user class %d above ERR_LASTCODE", cls);
            int c1 = MPI.addErrorCode(cls);
            int c2 = MPI.addErrorCode(MPI.ERR_TRUNCATE);
            Object last = mpj ? WORLD.Attr_get(MPI.LASTUSEDCODE) : WORLD.getAttr(MPI.LASTUSEDCODE);
            equal(c2, last, "LASTUSEDCODE");
            equal(cls, MPI.getErrorClass(c1), "class of c1");
            equal(MPI.ERR_TRUNCATE, MPI.getErrorClass(c2), "class of c2");
            equal("", MPI.getErrorString(c1), "string of c1 before it is set");
            MPI.addErrorString(cls, "my class");
            MPI.addErrorString(c1, "my code");
            equal("my class", MPI.getErrorString(cls), "string of cls");
            equal("my code", MPI.getErrorString(c1), "string of c1");
            expectError(MPI.ERR_ARG, "addErrorString of a predefined class",
                    () -> MPI.addErrorString(MPI.ERR_TAG, "x"), "addErrorString", "predefined");
            expectError(MPI.ERR_ARG, "addErrorCode of a code", () -> MPI.addErrorCode(c1), "addErrorCode",
                    Integer.toString(c1));
            expectError(MPI.ERR_ARG, "getErrorClass of an unused number", () -> MPI.getErrorClass(c2 + 1000),
                    "getErrorClass", Integer.toString(c2 + 1000));
        });

        step("getErrorString of the predefined classes", () -> {
            equal("MPI_SUCCESS: no errors", MPI.getErrorString(MPI.SUCCESS), "SUCCESS");
            equal("MPI_ERR_TRUNCATE: message truncated", MPI.getErrorString(MPI.ERR_TRUNCATE), "ERR_TRUNCATE");
            int[] classes = {MPI.ERR_BUFFER, MPI.ERR_COUNT, MPI.ERR_TYPE, MPI.ERR_TAG, MPI.ERR_COMM, MPI.ERR_RANK,
                MPI.ERR_REQUEST, MPI.ERR_ROOT, MPI.ERR_GROUP, MPI.ERR_OP, MPI.ERR_ARG, MPI.ERR_UNKNOWN, MPI.ERR_OTHER,
                MPI.ERR_INTERN, MPI.ERR_IN_STATUS, MPI.ERR_PENDING, MPI.ERR_KEYVAL, MPI.ERR_NO_MEM, MPI.ERR_IO,
                MPI.ERR_UNSUPPORTED_OPERATION, MPI.ERR_WIN, MPI.ERR_SYSRESOURCE};
            for (int c : classes) {
                String s = MPI.getErrorString(c);
                that(s.startsWith("MPI_ERR_") && s.length() > 12, "getErrorString(%d) = '%s'", c, s);
                equal(c, MPI.getErrorClass(c), "class of predefined " + c);
            }
        });

        step("a buffered send past the eager limit with no buffer attached is ERR_BUFFER naming attachBuffer", () -> {
            // (a short one is sent, as Open MPI's inline send: Errors)
            int ints = 1 << 18;
            expectError(MPI.ERR_BUFFER, "bSend of 1 MiB with no buffer",
                    () -> d.bSend(WORLD, new int[ints], 0, ints, MPI.INT, (me + 1) % n, 1), "attachBuffer");
        });

        Check.done();
    }

    static void procNull(St s, String what) {
        that(s != null, "%s of PROC_NULL gave no status", what);
        s.expect(MPI.PROC_NULL, MPI.ANY_TAG, 0, MPI.INT, what + " of PROC_NULL");
        equal(0, s.count(MPI.BYTE), what + " of PROC_NULL: byte count");
    }

    static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 13 + seed);
        }
        return b;
    }

    static void verify(byte[] got, int n, int seed, String what) {
        for (int i = 0; i < n; i++) {
            if (got[i] != (byte) (i * 13 + seed)) {
                throw new AssertionError("rank " + Check.rank() + ": " + what + ": byte " + i + " is " + got[i]
                        + ", expected " + (byte) (i * 13 + seed));
            }
        }
        for (int i = n; i < got.length; i++) {
            if (got[i] != 0) {
                throw new AssertionError("rank " + Check.rank() + ": " + what + ": byte " + i + " past the message was written");
            }
        }
    }
}

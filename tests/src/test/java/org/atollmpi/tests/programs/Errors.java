package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * Errors under {@code ERRORS_RETURN}, ranks in pairs, one dialect: a too-small receive buffer is
 * {@code ERR_TRUNCATE} (blocking and at wait); an invalid rank is {@code ERR_RANK}, an invalid tag
 * {@code ERR_TAG}, a negative count {@code ERR_COUNT}, each message naming the argument and the
 * value; {@code bSend} without enough attached buffer is {@code ERR_BUFFER}; and the job goes on.
 */
public final class Errors {
    static final Comm WORLD = MPI.COMM_WORLD;

    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        Check.needRanks(2);
        int me = Check.rank();
        int n = Check.size();
        // Ranks in pairs (0 and 1, 2 and 3, ...): each exchange below has one partner.
        that(n % 2 == 0, "this program pairs ranks: it needs an even number, has %d", n);
        int peer = me ^ 1;
        d.setErrorsReturn(WORLD);
        d.setErrorsReturn(MPI.COMM_SELF); // error handlers are per communicator

        step("a receive buffer too small is ERR_TRUNCATE", () -> {
            int[] ten = new int[10];
            if (me == 0) {
                Kind.INT.fill(ten, 0, 10, 1);
                d.send(WORLD, ten, 0, 10, MPI.INT, 1, 1);
                d.send(WORLD, ten, 0, 10, MPI.INT, 1, 2);
                d.send(WORLD, ten, 0, 10, MPI.INT, 1, 3);
            } else if (me == 1) {
                int[] five = new int[5];
                expectError(MPI.ERR_TRUNCATE, "recv of 10 ints into 5",
                        () -> d.recv(WORLD, five, 0, 5, MPI.INT, 0, 1));
                Request r = d.iRecv(WORLD, new int[5], 0, 5, MPI.INT, 0, 2);
                expectError(MPI.ERR_TRUNCATE, "iRecv of 10 ints into 5, at wait", () -> d.waitFor(r));
                // the job goes on: the next message is received normally
                d.recv(WORLD, ten, 0, 10, MPI.INT, 0, 3).expect(0, 3, 10, MPI.INT, "after truncation");
                Kind.INT.verify(ten, 0, 10, 1, "after truncation");
            }
        });

        step("an invalid rank is ERR_RANK and named", () -> {
            int[] buf = new int[1];
            int bad = n + 3;
            int negative = -7;
            that(negative != MPI.PROC_NULL && negative != MPI.ANY_SOURCE, "-7 is a special rank here");
            expectError(MPI.ERR_RANK, "send to rank " + bad,
                    () -> d.send(WORLD, buf, 0, 1, MPI.INT, bad, 1), "rank", Integer.toString(bad));
            expectError(MPI.ERR_RANK, "recv from rank " + bad,
                    () -> d.recv(WORLD, buf, 0, 1, MPI.INT, bad, 1), "rank", Integer.toString(bad));
            expectError(MPI.ERR_RANK, "iSend to rank -7",
                    () -> d.iSend(WORLD, buf, 0, 1, MPI.INT, negative, 1), "rank", "-7");
            expectError(MPI.ERR_RANK, "send to rank 1 on COMM_SELF",
                    () -> d.send(MPI.COMM_SELF, buf, 0, 1, MPI.INT, 1, 1), "rank");
        });

        step("an invalid tag is ERR_TAG and named", () -> {
            int[] buf = new int[1];
            int bad = -77;
            that(bad != MPI.ANY_TAG, "-77 is ANY_TAG here");
            expectError(MPI.ERR_TAG, "send with tag -77",
                    () -> d.send(WORLD, buf, 0, 1, MPI.INT, peer, bad), "tag", "-77");
            expectError(MPI.ERR_TAG, "recv with tag -77",
                    () -> d.recv(WORLD, buf, 0, 1, MPI.INT, peer, bad), "tag", "-77");
            expectError(MPI.ERR_TAG, "send with ANY_TAG",
                    () -> d.send(WORLD, buf, 0, 1, MPI.INT, peer, MPI.ANY_TAG), "tag");
            expectError(MPI.ERR_TAG, "iRecv with tag -77",
                    () -> d.iRecv(WORLD, buf, 0, 1, MPI.INT, peer, bad), "tag", "-77");
        });

        step("a negative count is ERR_COUNT and named", () -> {
            int[] buf = new int[4];
            expectError(MPI.ERR_COUNT, "send of -1 elements",
                    () -> d.send(WORLD, buf, 0, -1, MPI.INT, peer, 1), "count", "-1");
            expectError(MPI.ERR_COUNT, "recv of -1 elements",
                    () -> d.recv(WORLD, buf, 0, -1, MPI.INT, peer, 1), "count", "-1");
            expectError(MPI.ERR_COUNT, "iSend of -2 elements",
                    () -> d.iSend(WORLD, buf, 0, -2, MPI.INT, peer, 1), "count", "-2");
        });

        step("bSend without enough attached buffer is ERR_BUFFER; a short one with none is sent, as Open MPI's", () -> {
            byte[] big = new byte[1 << 20]; // past the eager limit
            expectError(MPI.ERR_BUFFER, "bSend of 1 MiB with no buffer attached",
                    () -> d.bSend(WORLD, big, 0, big.length, MPI.BYTE, peer, 1));
            byte[] shortOne = new byte[100];
            java.util.Arrays.fill(shortOne, (byte) (40 + me));
            d.bSend(WORLD, shortOne, 0, 100, MPI.BYTE, peer, 2);
            java.util.Arrays.fill(shortOne, (byte) 0); // the call returned: the buffer is the program's again
            Request second = d.ibSend(WORLD, new int[] {7000 + me}, 0, 1, MPI.INT, peer, 3);
            second.waitFor();
            byte[] got = new byte[100];
            d.recv(WORLD, got, 0, 100, MPI.BYTE, peer, 2);
            int[] gotInt = new int[1];
            d.recv(WORLD, gotInt, 0, 1, MPI.INT, peer, 3);
            for (byte b : got) {
                equal((byte) (40 + peer), b, "bSend with no buffer attached: a byte received");
            }
            equal(7000 + peer, gotInt[0], "ibSend with no buffer attached: received");
            byte[] data = new byte[1000];
            d.attachBuffer(new byte[64 + MPI.BSEND_OVERHEAD]);
            expectError(MPI.ERR_BUFFER, "bSend of 1000 bytes with 64 attached",
                    () -> d.bSend(WORLD, data, 0, 1000, MPI.BYTE, peer, 1));
            d.detachBuffer();
        });

        step("the job goes on after errors", () -> {
            long[] v = {me};
            St st = d.sendRecv(WORLD, new long[] {me * 10L}, 0, 1, MPI.LONG, peer, 5, v, 0, 1, MPI.LONG, peer, 5);
            st.expect(peer, 5, 1, MPI.LONG, "sendRecv after errors");
            equal(peer * 10L, v[0], "payload after errors");
        });
        Check.done();
    }
}

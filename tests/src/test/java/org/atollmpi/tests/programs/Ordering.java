package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.step;

import mpi.Comm;
import mpi.MPI;
import mpi.Request;

/**
 * Non-overtaking order, 2 ranks, one dialect: 100,000 same-tag messages (half received by
 * source/tag, half by ANY_SOURCE/ANY_TAG); 1,000 preposted receives matched in posting order; a
 * small message sent after a large (rendezvous) one is received after it; a stream of mixed sizes
 * across the fast, eager and rendezvous thresholds arrives in order and intact.
 */
public final class Ordering {
    static final Comm WORLD = MPI.COMM_WORLD;
    static final int MESSAGES = 100_000;
    static final int LARGE = 4 << 20;
    static final int[] MIXED = {0, 1, 8, 48, 56, 57, 63, 64, 65, 100, 1000, 4095, 4096, 4097, 8192, 16384,
            65535, 65536, 65537, 262144, 1 << 20};

    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        Check.needRanks(2);
        int me = Check.rank();

        step("100,000 same-tag messages arrive in order", () -> {
            int[] v = new int[1];
            if (me == 0) {
                for (int i = 0; i < MESSAGES; i++) {
                    v[0] = i;
                    d.send(WORLD, v, 0, 1, MPI.INT, 1, 1);
                }
            } else if (me == 1) {
                for (int i = 0; i < MESSAGES; i++) {
                    v[0] = -1;
                    if (i < MESSAGES / 2) {
                        d.recv(WORLD, v, 0, 1, MPI.INT, 0, 1);
                    } else {
                        d.recv(WORLD, v, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    }
                    if (v[0] != i) {
                        throw new AssertionError("message " + i + " carried " + v[0]);
                    }
                }
            }
        });

        step("1,000 preposted receives match in posting order", () -> {
            int n = 1000;
            int[][] cells = new int[n][1];
            Request[] rs = new Request[n];
            if (me == 1) {
                for (int i = 0; i < n; i++) {
                    rs[i] = d.iRecv(WORLD, cells[i], 0, 1, MPI.INT, 0, 2);
                }
                d.send(WORLD, new int[1], 0, 1, MPI.INT, 0, 3);
                d.waitAll(rs);
                for (int i = 0; i < n; i++) {
                    equal(i, cells[i][0], "preposted receive " + i);
                }
            } else if (me == 0) {
                d.recv(WORLD, new int[1], 0, 1, MPI.INT, 1, 3);
                for (int i = 0; i < n; i++) {
                    cells[i][0] = i;
                    rs[i] = d.iSend(WORLD, cells[i], 0, 1, MPI.INT, 1, 2);
                }
                d.waitAll(rs);
            }
        });

        step("a small message after a large one arrives after it", () -> {
            byte[] large = new byte[LARGE];
            byte[] small = new byte[8];
            if (me == 0) {
                Kind.fillBytes(large, 5);
                Kind.BYTE.fill(small, 0, 8, 6);
                Request r = d.iSend(WORLD, large, 0, LARGE, MPI.BYTE, 1, 4);
                d.send(WORLD, small, 0, 8, MPI.BYTE, 1, 4);
                d.waitFor(r);
            } else if (me == 1) {
                Check.sleep(200); // both are unexpected by now, or on their way
                d.recv(WORLD, large, 0, LARGE, MPI.BYTE, 0, 4).expect(0, 4, LARGE, MPI.BYTE, "first (large)");
                byte[] expected = new byte[LARGE];
                Kind.fillBytes(expected, 5);
                equal(Kind.crc(expected), Kind.crc(large), "crc of the large message");
                d.recv(WORLD, small, 0, 8, MPI.BYTE, MPI.ANY_SOURCE, MPI.ANY_TAG).expect(0, 4, 8, MPI.BYTE, "second (small)");
                Kind.BYTE.verify(small, 0, 8, 6, "small");
            }
        });

        step("mixed sizes across the protocol thresholds arrive in order", () -> {
            int rounds = 3;
            int total = rounds * MIXED.length;
            if (me == 0) {
                Request[] rs = new Request[total];
                byte[][] data = new byte[total][];
                for (int i = 0; i < total; i++) {
                    int size = MIXED[(i * 7) % MIXED.length];
                    data[i] = new byte[size];
                    Kind.BYTE.fill(data[i], 0, size, 1000 + i);
                    rs[i] = d.iSend(WORLD, data[i], 0, size, MPI.BYTE, 1, 5);
                }
                d.waitAll(rs);
            } else if (me == 1) {
                byte[] buf = new byte[1 << 20];
                for (int i = 0; i < total; i++) {
                    int size = MIXED[(i * 7) % MIXED.length];
                    d.recv(WORLD, buf, 0, buf.length, MPI.BYTE, 0, 5).expect(0, 5, size, MPI.BYTE, "mixed message " + i);
                    Kind.BYTE.verify(buf, 0, size, 1000 + i, "mixed message " + i);
                }
            }
        });
        Check.done();
    }
}

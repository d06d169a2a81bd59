package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.that;

import mpi.MPI;
import mpi.Request;

/**
 * Rank 0 starts a 16 MiB {@code iSend} (a staged rendezvous) and then computes for 3 s without
 * calling MPI; rank 1 receives. Rank 1 prints {@code RECEIVE_MS=<ms>}: with
 * {@code mpirun --async-progress} rank 0's progress thread moves the transfer and the receive
 * completes at once; without it the receive waits for rank 0 to come back to MPI. With the
 * argument {@code async} the program asserts the former (under a second).
 */
public final class AsyncProgress {
    static final int SIZE = 16 << 20;
    static final long COMPUTE_NANOS = 3_000_000_000L;

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        boolean expectAsync = args.length > 0 && args[0].equals("async");
        int me = Check.rank();
        byte[] buf = new byte[SIZE];
        if (me == 0) {
            Kind.fillBytes(buf, 16);
        }
        MPI.COMM_WORLD.barrier();
        if (me == 0) {
            Request r = MPI.COMM_WORLD.iSend(buf, SIZE, MPI.BYTE, 1, 1);
            long sum = compute();
            r.waitFor();
            that(sum != 42, "computed");
        } else if (me == 1) {
            long start = System.nanoTime();
            MPI.COMM_WORLD.recv(buf, SIZE, MPI.BYTE, 0, 1);
            long ms = Check.millisSince(start);
            System.out.println("RECEIVE_MS=" + ms);
            byte[] expected = new byte[SIZE];
            Kind.fillBytes(expected, 16);
            equal(Kind.crc(expected), Kind.crc(buf), "crc of the 16 MiB message");
            if (expectAsync) {
                that(ms < 1000, "the 16 MiB receive took %d ms while the sender computed without MPI calls", ms);
            }
        }
        Check.done();
    }

    /** Busy work, no MPI calls, for {@link #COMPUTE_NANOS}. */
    private static long compute() {
        long end = System.nanoTime() + COMPUTE_NANOS;
        long x = 1;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }
}

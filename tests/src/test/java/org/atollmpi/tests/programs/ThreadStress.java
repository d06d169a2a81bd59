package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.that;

import java.util.concurrent.atomic.AtomicReference;

import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * {@code MPI_THREAD_MULTIPLE} under stress, 2 ranks: on each, four threads exchange messages of
 * every protocol (8 B to 1 MiB) with the same thread of the other rank on their own tag, with
 * {@code iSend}/{@code iRecv}, {@code waitAll}, {@code testAny} polling, probes that see other
 * threads' traffic, and a cancelled receive per round, while a fifth thread runs barriers. Every
 * message must arrive intact and in order on its thread.
 */
public final class ThreadStress {
    static final int[] SIZES = {8, 40, 2000, 64 << 10, 256 << 10, 1 << 20};
    static final int THREADS = 4;
    static final int ROUNDS = 60;

    public static void main(String[] args) throws InterruptedException {
        int provided = Check.initThread(args, MPI.THREAD_MULTIPLE);
        equal(MPI.THREAD_MULTIPLE, provided, "thread level provided");
        Check.needRanks(2);
        int me = Check.rank();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[THREADS + 1];
        if (me < 2) {
            int peer = 1 - me;
            for (int t = 0; t < THREADS; t++) {
                int tag = 10 + t;
                threads[t] = new Thread(() -> exchange(peer, tag, failure), "exchange-" + t);
            }
        }
        threads[THREADS] = new Thread(() -> {
            try {
                for (int i = 0; i < 50; i++) {
                    MPI.COMM_WORLD.barrier();
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }, "barriers");
        for (Thread t : threads) {
            if (t != null) {
                t.start();
            }
        }
        for (Thread t : threads) {
            if (t != null) {
                t.join();
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("rank " + me + ": " + failure.get(), failure.get());
        }
        Check.done();
    }

    private static void exchange(int peer, int tag, AtomicReference<Throwable> failure) {
        try {
            for (int round = 0; round < ROUNDS; round++) {
                int size = SIZES[(round + tag) % SIZES.length];
                byte[] out = new byte[size];
                byte[] in = new byte[size];
                Kind.fillBytes(out, round * 100 + tag + 1000 * Check.rank());
                Request never = MPI.COMM_WORLD.iRecv(new byte[1], 1, MPI.BYTE, peer, 1000 + tag);
                Request[] rs = {
                    MPI.COMM_WORLD.iRecv(in, size, MPI.BYTE, peer, tag),
                    round % 3 == 0 ? MPI.COMM_WORLD.isSend(out, size, MPI.BYTE, peer, tag)
                        : MPI.COMM_WORLD.iSend(out, size, MPI.BYTE, peer, tag),
                };
                MPI.COMM_WORLD.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                if (round % 2 == 0) {
                    Request.waitAll(rs);
                } else {
                    int done = 0;
                    while (done < 2) {
                        if (Request.testAny(rs) != MPI.UNDEFINED) {
                            done++;
                        }
                    }
                }
                never.cancel();
                Status s = never.waitStatus();
                that(s.isCancelled(), "thread %d round %d: the unmatched receive was not cancelled", tag, round);
                byte[] expected = new byte[size];
                Kind.fillBytes(expected, round * 100 + tag + 1000 * peer);
                equal(Kind.crc(expected), Kind.crc(in), "thread " + tag + " round " + round + " crc");
            }
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
        }
    }
}

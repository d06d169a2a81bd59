package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.that;

import java.util.concurrent.atomic.AtomicReference;

import mpi.MPI;

/**
 * {@code InitThread(THREAD_MULTIPLE)} returns the level really provided and {@code queryThread}
 * agrees; where it is {@code THREAD_MULTIPLE}, 4 threads per rank ping-pong at once, each on its
 * own tag, and every message arrives where it belongs. 2 ranks.
 */
public final class Threads {
    static final int THREADS = 4;
    static final int ROUNDS = 2000;

    public static void main(String[] args) throws InterruptedException {
        int provided = Check.initThread(args, MPI.THREAD_MULTIPLE);
        Check.needRanks(2);
        int me = Check.rank();
        that(provided >= MPI.THREAD_SINGLE && provided <= MPI.THREAD_MULTIPLE, "provided level %d", provided);
        equal(provided, MPI.queryThread(), "queryThread() vs InitThread's answer");
        that(MPI.isThreadMain(), "isThreadMain() false on the thread that called InitThread");
        if (me == 0) {
            System.out.println("THREADS provided=" + provided + (provided == MPI.THREAD_MULTIPLE ? " (multiple)" : ""));
        }
        if (provided == MPI.THREAD_MULTIPLE && me < 2) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[THREADS];
            for (int t = 0; t < THREADS; t++) {
                int tag = t;
                threads[t] = new Thread(() -> {
                    try {
                        pingPong(me, tag);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "pingpong-" + t);
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join(60_000);
                that(!t.isAlive(), "thread %s still running after 60 s", t.getName());
            }
            if (failure.get() != null) {
                throw new AssertionError("a ping-pong thread failed", failure.get());
            }
        }
        MPI.COMM_WORLD.barrier();
        Check.done();
    }

    private static void pingPong(int me, int tag) {
        long[] v = new long[2];
        int other = 1 - me;
        for (int i = 0; i < ROUNDS; i++) {
            if (me == 0) {
                v[0] = tag;
                v[1] = i;
                MPI.COMM_WORLD.send(v, 2, MPI.LONG, other, tag);
                MPI.COMM_WORLD.recv(v, 2, MPI.LONG, other, tag);
                equal(tag, v[0], "thread tag echoed");
                equal(i + 1, v[1], "round echoed");
            } else {
                MPI.COMM_WORLD.recv(v, 2, MPI.LONG, other, tag);
                equal(tag, v[0], "thread tag received");
                equal(i, v[1], "round received");
                v[1]++;
                MPI.COMM_WORLD.send(v, 2, MPI.LONG, other, tag);
            }
        }
    }
}

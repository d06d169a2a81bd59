package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * One-sided communication under THREAD_MULTIPLE: {@value #THREADS} threads a rank share one window
 * in one lockAll epoch and add to a long on rank 0 with fetchAndOp and to an int with accumulate,
 * each flushing its own operations; the totals are exact. Then thread t of every rank runs fence
 * epochs on window t of its own, all threads at once, each epoch putting into the next rank's
 * window and checked after the fence.
 */
public final class OneSidedThreads {
    static final int THREADS = 4;
    static final int FETCHES = 5000;
    static final int FENCES = 200;

    private OneSidedThreads() {
    }

    public static void main(String[] args) {
        int provided = Check.initThread(args, MPI.THREAD_MULTIPLE);
        Check.equal(MPI.THREAD_MULTIPLE, provided, "thread level provided");
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;

        Check.step("threads share a lockAll epoch: fetchAndOp and accumulate totals are exact", () -> {
            Win win = new Win(16, 1, MPI.INFO_NULL, world, (Buffer) null, Win.FLAVOR_PRIVATE);
            ByteBuffer base = ((ByteBuffer) win.getAttr(MPI.WIN_BASE)).order(ByteOrder.nativeOrder());
            win.lockAll(0);
            run(t -> {
                ByteBuffer one = MPI.newByteBuffer(8);
                ByteBuffer old = MPI.newByteBuffer(8);
                ByteBuffer inc = MPI.newByteBuffer(4);
                one.putLong(0, 1);
                inc.putInt(0, 1);
                long last = -1;
                for (int i = 0; i < FETCHES; i++) {
                    win.fetchAndOp(one, old, MPI.LONG, 0, 0, MPI.SUM);
                    win.flush(0);
                    Check.that(old.getLong(0) > last, "thread %d fetched %d after %d", t, old.getLong(0), last);
                    last = old.getLong(0);
                    win.accumulate(inc, 1, MPI.INT, 0, 8, 1, MPI.INT, MPI.SUM);
                }
                win.flush(0);
            });
            win.unlockAll();
            world.barrier();
            if (me == 0) {
                Check.equal((long) THREADS * FETCHES * n, base.getLong(0), "the long after every thread's fetchAndOp");
                Check.equal((long) THREADS * FETCHES * n, base.getInt(8), "the int after every thread's accumulate");
            }
            win.free();
        });

        Check.step("each thread fences its own window, all at once", () -> {
            Win[] wins = new Win[THREADS];
            ByteBuffer[] memory = new ByteBuffer[THREADS];
            for (int t = 0; t < THREADS; t++) {
                memory[t] = MPI.newByteBuffer(8);
                wins[t] = new Win(memory[t], 8, 1, MPI.INFO_NULL, world);
            }
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            run(t -> {
                ByteBuffer v = MPI.newByteBuffer(8);
                wins[t].fence(0);
                for (int i = 0; i < FENCES; i++) {
                    v.putLong(0, ((long) i << 32) | (t << 16) | me);
                    wins[t].put(v, 8, MPI.BYTE, next, 0, 8, MPI.BYTE);
                    wins[t].fence(0);
                    Check.equal(((long) i << 32) | (t << 16) | prev, memory[t].getLong(0),
                        "thread " + t + ", epoch " + i + ": the put from " + prev);
                    wins[t].fence(0);
                }
            });
            for (Win w : wins) {
                w.free();
            }
        });

        Check.done();
    }

    /** Runs {@code body} on {@link #THREADS} threads, numbered, and waits; a thread's failure fails the rank. */
    private static void run(java.util.function.IntConsumer body) {
        Thread[] threads = new Thread[THREADS];
        Throwable[] failures = new Throwable[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            threads[t] = new Thread(() -> {
                try {
                    body.accept(id);
                } catch (Throwable e) {
                    failures[id] = e;
                }
            }, "rma-" + t);
            threads[t].start();
        }
        for (int t = 0; t < THREADS; t++) {
            try {
                threads[t].join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            if (failures[t] != null) {
                throw new AssertionError("thread " + t + ": " + failures[t], failures[t]);
            }
        }
    }
}

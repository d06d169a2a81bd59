package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.util.concurrent.atomic.AtomicReference;

import mpi.Intracomm;
import mpi.MPI;

/**
 * Communicator creation from several threads at once ({@code THREAD_MULTIPLE}): three threads per
 * rank, each on its own parent communicator, dup, split and free 300 times, sending a message
 * around each new communicator now and then. The context agreement must neither deadlock nor hand
 * two live communicators the same context (messages would cross).
 */
public final class CommThreads {
    public static void main(String[] args) {
        int provided = Check.initThread(args, MPI.THREAD_MULTIPLE);
        equal(MPI.THREAD_MULTIPLE, provided, "thread level");
        int me = Check.rank();
        int n = Check.size();
        int threads = 3;
        Intracomm[] parents = new Intracomm[threads];
        for (int t = 0; t < threads; t++) {
            parents[t] = MPI.COMM_WORLD.dup();
        }
        step("concurrent dup, split and free", () -> {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] running = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                Intracomm parent = parents[t];
                int id = t;
                running[t] = new Thread(() -> {
                    try {
                        for (int k = 0; k < 300; k++) {
                            Intracomm c = k % 3 == 0 ? parent.split(0, -me) : parent.dup();
                            if (k % 20 == 0) {
                                int r = c.getRank();
                                int[] v = {1000 * id + k};
                                int[] w = {-1};
                                c.sendRecv(v, 1, MPI.INT, (r + 1) % n, id, w, 1, MPI.INT, (r - 1 + n) % n, id);
                                equal(1000 * id + k, w[0], "thread " + id + " message on communicator " + k);
                            }
                            c.free();
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "creator-" + t);
                running[t].start();
            }
            for (Thread th : running) {
                try {
                    th.join();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
            if (failure.get() != null) {
                throw new AssertionError("a creating thread failed: " + failure.get(), failure.get());
            }
        });
        for (Intracomm p : parents) {
            p.free();
        }
        that(parents[0].isNull(), "freed");
        Check.done();
    }
}

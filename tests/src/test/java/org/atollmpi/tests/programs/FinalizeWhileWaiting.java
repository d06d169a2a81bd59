package org.atollmpi.tests.programs;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import mpi.MPI;
import mpi.MPIException;

/**
 * A thread blocked in a receive that nothing will match while the main thread calls Finalize
 * (THREAD_MULTIPLE): the receive ends with an MPIException (ERR_OTHER, saying MPI was finalized),
 * never another exception, and the job ends normally.
 */
public final class FinalizeWhileWaiting {
    public static void main(String[] args) throws InterruptedException {
        Check.initThread(args, MPI.THREAD_MULTIPLE);
        int me = Check.rank();
        AtomicReference<Throwable> ended = new AtomicReference<>();
        CountDownLatch posted = new CountDownLatch(1);
        Thread waiter = new Thread(() -> {
            try {
                posted.countDown();
                MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, MPI.ANY_SOURCE, 4242);
                ended.set(new AssertionError("the receive returned though nothing was sent"));
            } catch (Throwable t) {
                ended.set(t);
            }
        }, "waiter");
        waiter.start();
        posted.await();
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
        waiter.join(60_000);
        Check.that(!waiter.isAlive(), "the waiting thread still waits after Finalize");
        Throwable t = ended.get();
        Check.that(t instanceof MPIException, "the waiting receive ended with %s, not an MPIException", t);
        Check.that(((MPIException) t).getErrorClass() == MPI.ERR_OTHER, "error class %d (%s), expected ERR_OTHER",
            ((MPIException) t).getErrorClass(), t.getMessage());
        Check.that(t.getMessage().contains("Finalize"), "the message does not say Finalize: %s", t.getMessage());
        System.out.println("OK rank " + me);
    }
}

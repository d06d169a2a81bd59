package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.that;

import java.lang.reflect.Method;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import mpi.MPI;

/**
 * Blocking MPI calls from virtual threads (Java 21+), {@code THREAD_MULTIPLE}, 2 ranks. A virtual
 * thread that waits must leave its carrier to the others: the receives of {@code reverse} can only
 * complete once the senders, started after them on the same few carriers, have run.
 *
 * <ul>
 *   <li>{@code reverse [threads]}: per rank, {@code threads} (64) virtual threads each post a
 *       blocking receive for their own tag; once every one of them is about to receive, as many
 *       more virtual threads send the tags, in reverse order, to the other rank.</li>
 *   <li>{@code pairs [threads]}: per rank, {@code threads} (10,000) virtual threads, all started
 *       at once; thread {@code i} of rank 0 sends {@code i} with tag {@code i} and receives the
 *       answer, rank 1's receives it and answers {@code i + 1}.</li>
 *   <li>{@code mixed [threads]}: as {@code pairs} with 1,000 threads, and besides them each rank's
 *       main (platform) thread ping-pongs with the other's; then, from a virtual thread, barriers
 *       and allreduces, a blocking probe, and a window's fences and locks.</li>
 * </ul>
 */
public final class VirtualThreads {
    private static final Method START_VIRTUAL = startVirtual();

    public static void main(String[] args) throws Exception {
        int provided = Check.initThread(args, MPI.THREAD_MULTIPLE);
        Check.needRanks(2);
        equal(MPI.THREAD_MULTIPLE, provided, "thread level provided");
        String mode = args.length > 0 ? args[0] : "reverse";
        int me = Check.rank();
        if (me < 2) {
            switch (mode) {
                case "reverse" -> reverse(me, args.length > 1 ? Integer.parseInt(args[1]) : 64);
                case "pairs" -> pairs(me, args.length > 1 ? Integer.parseInt(args[1]) : 10_000, false);
                case "mixed" -> pairs(me, args.length > 1 ? Integer.parseInt(args[1]) : 1_000, true);
                default -> throw new IllegalArgumentException("mode " + mode);
            }
        }
        if (mode.equals("mixed")) {
            collectivesFromVirtualThreads();
        }
        MPI.COMM_WORLD.barrier();
        Check.done();
    }

    /** Receives first, all blocked; the senders come later, on the carriers the receivers wait on. */
    private static void reverse(int me, int threads) throws Exception {
        int other = 1 - me;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch aboutToReceive = new CountDownLatch(threads);
        Thread[] receivers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int tag = t;
            receivers[t] = startVirtual(failure, () -> {
                long[] v = new long[1];
                aboutToReceive.countDown();
                MPI.COMM_WORLD.recv(v, 1, MPI.LONG, other, tag);
                equal(1000L * other + tag, v[0], "value of tag " + tag);
            });
        }
        that(aboutToReceive.await(60, TimeUnit.SECONDS), "receivers not started after 60 s");
        Thread[] senders = new Thread[threads];
        for (int t = threads - 1; t >= 0; t--) {
            int tag = t;
            senders[t] = startVirtual(failure, () ->
                MPI.COMM_WORLD.send(new long[] {1000L * me + tag}, 1, MPI.LONG, other, tag));
        }
        joinAll(receivers, failure);
        joinAll(senders, failure);
        System.out.println("VIRTUAL reverse rank " + me + ": " + threads + " receives before their sends");
    }

    private static void pairs(int me, int threads, boolean platformToo) throws Exception {
        int other = 1 - me;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] all = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int tag = t;
            all[t] = startVirtual(failure, () -> {
                int[] v = new int[1];
                if (me == 0) {
                    v[0] = tag;
                    MPI.COMM_WORLD.send(v, 1, MPI.INT, other, tag);
                    MPI.COMM_WORLD.recv(v, 1, MPI.INT, other, tag);
                    equal(tag + 1, v[0], "answer to tag " + tag);
                } else {
                    MPI.COMM_WORLD.recv(v, 1, MPI.INT, other, tag);
                    equal(tag, v[0], "value of tag " + tag);
                    v[0]++;
                    MPI.COMM_WORLD.send(v, 1, MPI.INT, other, tag);
                }
            });
        }
        if (platformToo) {
            // The platform thread spins while it waits, and progresses for the parked virtual threads.
            long[] v = new long[1];
            int tag = threads + 1;
            for (int i = 0; i < 2000; i++) {
                if (me == 0) {
                    v[0] = i;
                    MPI.COMM_WORLD.send(v, 1, MPI.LONG, other, tag);
                    MPI.COMM_WORLD.recv(v, 1, MPI.LONG, other, tag);
                    equal(i + 1L, v[0], "platform ping-pong round");
                } else {
                    MPI.COMM_WORLD.recv(v, 1, MPI.LONG, other, tag);
                    v[0]++;
                    MPI.COMM_WORLD.send(v, 1, MPI.LONG, other, tag);
                }
            }
        }
        joinAll(all, failure);
        System.out.println("VIRTUAL pairs rank " + me + ": " + threads + " virtual threads"
            + (platformToo ? " beside a platform thread" : ""));
    }

    /**
     * Waits of every kind in virtual threads: barriers and allreduces, a blocking probe for a
     * message that a virtual thread of the other rank sends once the prober is about to probe,
     * and one-sided synchronisation (fence, then lock/unlock) on a window.
     */
    private static void collectivesFromVirtualThreads() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int me = Check.rank();
        int n = Check.size();
        Thread t = startVirtual(failure, () -> {
            if (me < 2) {
                int other = 1 - me;
                if (me == 0) {
                    MPI.COMM_WORLD.barrier();
                    mpi.Status s = MPI.COMM_WORLD.probe(other, 77);
                    equal(3, s.getCount(MPI.INT), "probed count");
                    int[] got = new int[3];
                    MPI.COMM_WORLD.recv(got, 3, MPI.INT, other, 77);
                    equal(7, got[2], "probed message");
                } else {
                    MPI.COMM_WORLD.barrier();
                    MPI.COMM_WORLD.send(new int[] {5, 6, 7}, 3, MPI.INT, other, 77);
                }
            } else {
                MPI.COMM_WORLD.barrier();
            }
            java.nio.LongBuffer memory = MPI.newLongBuffer(n);
            // A LongBuffer window counts its size and displacement unit in longs.
            mpi.Win win = new mpi.Win(memory, n, 1, new mpi.Info(), MPI.COMM_WORLD);
            win.fence(0);
            win.put(new long[] {100 + me}, 1, MPI.LONG, (me + 1) % n, me, 1, MPI.LONG);
            win.fence(0);
            int left = (me + n - 1) % n;
            equal(100L + left, memory.get(left), "fence put from rank " + left);
            MPI.COMM_WORLD.barrier(); // read before the next epoch's put from the left overwrites it
            win.lock(MPI.LOCK_EXCLUSIVE, (me + 1) % n, 0);
            win.put(new long[] {200 + me}, 1, MPI.LONG, (me + 1) % n, me, 1, MPI.LONG);
            win.unlock((me + 1) % n);
            MPI.COMM_WORLD.barrier();
            win.lock(MPI.LOCK_SHARED, me, 0);
            equal(200L + left, memory.get(left), "passive put from rank " + left);
            win.unlock(me);
            MPI.COMM_WORLD.barrier();
            win.free();
            for (int i = 0; i < 100; i++) {
                MPI.COMM_WORLD.barrier();
                int[] in = {Check.rank() + i};
                int[] out = new int[1];
                MPI.COMM_WORLD.allReduce(in, out, 1, MPI.INT, MPI.SUM);
                equal(n * (n - 1) / 2 + n * i, out[0], "allreduce round " + i);
            }
        });
        joinAll(new Thread[] {t}, failure);
    }

    private static Thread startVirtual(AtomicReference<Throwable> failure, Runnable body) throws Exception {
        Runnable guarded = () -> {
            try {
                body.run();
            } catch (Throwable e) {
                if (failure.compareAndSet(null, e)) {
                    // Said at once: the threads still waiting would hide it until the join times out.
                    System.err.println("rank " + Check.rank() + ": a virtual thread failed: " + e);
                    e.printStackTrace();
                }
            }
        };
        return (Thread) START_VIRTUAL.invoke(null, guarded);
    }

    private static void joinAll(Thread[] threads, AtomicReference<Throwable> failure) throws InterruptedException {
        for (Thread t : threads) {
            t.join(120_000);
            that(!t.isAlive(), "thread %s still running after 120 s", t);
        }
        if (failure.get() != null) {
            throw new AssertionError("a virtual thread failed", failure.get());
        }
    }

    /** {@code Thread.startVirtualThread}, looked up so that the tests compile for Java 17. */
    private static Method startVirtual() {
        try {
            return Thread.class.getMethod("startVirtualThread", Runnable.class);
        } catch (NoSuchMethodException e) {
            throw new AssertionError("virtual threads need Java 21 or later; this is " + Runtime.version(), e);
        }
    }
}

package org.atollmpi.bench.osu;

import java.util.function.IntToLongFunction;

import mpi.Comm;
import mpi.MPI;

/**
 * OSU MPI-Java multi-threaded latency test: MPI at {@code THREAD_MULTIPLE}, {@code -t n} threads
 * on each of the two ranks (2 by default), thread k of rank 0 ping-ponging with thread k of rank 1
 * on its own tag, all threads at once (as {@code osu_latency_mt} with {@code -t n:n}). As OSU's,
 * the iterations of a size (skip and timed) are shared out among the threads, thread k taking
 * every n-th from the k-th; each thread times its own share. The row is the mean half round
 * trip of rank 0's threads: their timed seconds summed over all the timed iterations, over 2.
 * A {@code --percentiles} lap is one iteration of any of rank 0's threads, reported as half its
 * round trip. {@code -c} validates through every thread at once, with patterns that differ by
 * thread, so a message delivered to the wrong thread fails.
 *
 * <p>The threads are started for each size, outside the timing: they are the measure's only
 * allocation. With {@code --virtual-thread} they are virtual threads (Java 21+).
 *
 * <pre>bin/mpirun -np 2 osu_latency_mt [-t n] [-m [min:]max] [-i n] [-x n] [-a buffer|direct|arrays] [-c]
 *     [--percentiles] [--jit-warmup]</pre>
 */
public final class OsuLatencyMt extends LatencyBenchmark {
    private final PingPong[] pingPongs;
    /** Each thread's laps, merged into {@link #laps} after each size. */
    private final IterationTimes[] threadLaps;
    /** Each thread's timed nanoseconds of the last size. */
    private final long[] threadNanos;

    OsuLatencyMt(OsuOptions options, Comm comm) {
        super(options, comm);
        int threads = options.threads;
        pingPongs = new PingPong[threads];
        threadLaps = new IterationTimes[threads];
        threadNanos = new long[threads];
        int most = mostIterations(options);
        for (int t = 0; t < threads; t++) {
            pingPongs[t] = new PingPong(comm, options, sender, peer, TAG_DATA + t, this::spoils);
            threadLaps[t] = new IterationTimes(options.percentiles, share(most, t));
        }
    }

    public static void main(String[] args) {
        main(OsuOptions.Kind.LATENCY_MT, "osu_latency_mt", args, MPI.THREAD_MULTIPLE, OsuLatencyMt::new);
    }

    @Override
    String title() {
        return "Multi-threaded Latency";
    }

    @Override
    void printNotes() {
        out.println("# Threads: " + pingPongs.length + " on each rank");
        super.printNotes();
    }

    @Override
    String lapDescription() {
        return "half the round trip of each iteration of every thread";
    }

    /** Iterations thread {@code t} runs of {@code total}: every n-th from the t-th. */
    private int share(int total, int t) {
        int n = pingPongs.length;
        return total <= t ? 0 : (total - t + n - 1) / n;
    }

    @Override
    double measure(int size, int iterations, int warmup) {
        comm.barrier();
        inThreads(t -> {
            IterationTimes l = threadLaps[t];
            threadNanos[t] = pingPongs[t].time(size, share(iterations, t), share(warmup, t), l::start, l);
            return 0;
        });
        long nanos = 0;
        laps.clear();
        for (int t = 0; t < pingPongs.length; t++) {
            nanos += threadNanos[t];
            laps.addAll(threadLaps[t]);
        }
        return nanos / 1e3 / iterations / 2;
    }

    @Override
    long validate(int size, int iterations) {
        return inThreads(t -> pingPongs[t].validate(size, share(iterations, t)));
    }

    /**
     * Runs {@code body} for every thread index on a thread of its own and waits for them all;
     * returns the sum of what they return. A thread's failure is rethrown here, after the others
     * ended.
     */
    private long inThreads(IntToLongFunction body) {
        int n = pingPongs.length;
        long[] results = new long[n];
        Throwable[] failures = new Throwable[n];
        Thread[] threads = new Thread[n];
        for (int t = 0; t < n; t++) {
            int index = t;
            Runnable work = () -> {
                try {
                    results[index] = body.applyAsLong(index);
                } catch (Throwable e) {
                    failures[index] = e;
                }
            };
            if (options.virtualThread) {
                threads[t] = startVirtual(work);
            } else {
                threads[t] = new Thread(work, "osu_latency_mt-" + t);
                threads[t].start();
            }
        }
        long sum = 0;
        for (int t = 0; t < n; t++) {
            joinUninterruptibly(threads[t]);
            if (failures[t] instanceof RuntimeException e) {
                throw e;
            }
            if (failures[t] instanceof Error e) {
                throw e;
            }
            sum += results[t];
        }
        return sum;
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}

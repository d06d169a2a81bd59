package org.atollmpi.tests.programs;

import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * Every synchronisation mode of one-sided communication carries put, get and accumulate to every
 * rank, on a window of the kind the argument names ({@link IntWindow.Kind}: newbuffer, direct,
 * arrays, allocate, dynamic): fence (with its assertions), post/start/complete/wait and test
 * (a ring, and one target exposed to all the others), exclusive and shared locks (an exclusive
 * lock keeps a read-modify-write of a counter whole), lockAll with flush, flushAll, flushLocal,
 * flushLocalAll and sync, and the request forms rPut, rGet, rAccumulate, rGetAccumulate; an
 * exclusive lock keeps other lockers out until it is released; start waits for the target's post.
 *
 * <p>Each rank's window has one slot of {@value #K} ints per rank (rank s writes slot s) and a
 * last slot that its owner fills for gets or that accumulates receive. Values name the writer,
 * the target, the element and the step, so a value in the wrong place is caught.
 */
public final class OneSidedEpochs {
    static final int K = 8;

    private OneSidedEpochs() {
    }

    static int value(int step, int origin, int target, int j) {
        return step * 1_000_000 + origin * 10_000 + target * 100 + j;
    }

    public static void main(String[] args) {
        Check.init(args);
        IntWindow.Kind kind = IntWindow.Kind.of(args.length > 0 ? args[0] : "allocate");
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;
        IntWindow w = IntWindow.create(kind, (n + 1) * K, world);
        boolean arrays = kind == IntWindow.Kind.ARRAY;
        Origin out = Origin.of(arrays, K);
        Origin in = Origin.of(arrays, K);
        int last = n * K;

        Check.step("fence: put to every rank, get from the next, accumulate into every rank", () -> {
            w.fill(-1);
            for (int j = 0; j < K; j++) {
                w.set(last + j, value(1, me, me, j));
            }
            w.win.fence(MPI.MODE_NOPRECEDE);
            for (int t = 0; t < n; t++) {
                for (int j = 0; j < K; j++) {
                    out.set(j, value(1, me, t, j));
                }
                out.put(w.win, K, t, w.disp(me * K));
                w.win.fence(0);
            }
            int next = (me + 1) % n;
            in.get(w.win, K, next, w.disp(last));
            w.win.fence(MPI.MODE_NOSTORE);
            for (int j = 0; j < K; j++) {
                Check.equal(value(1, next, next, j), in.get(j), "fence get from " + next + " [" + j + "]");
            }
            for (int j = 0; j < K; j++) {
                w.set(last + j, 0);
                out.set(j, (me + 1) * (j + 1));
            }
            w.win.fence(0);
            for (int t = 0; t < n; t++) {
                out.accumulate(w.win, K, t, w.disp(last), MPI.SUM);
            }
            w.win.fence(MPI.MODE_NOSUCCEED);
            for (int s = 0; s < n; s++) {
                for (int j = 0; j < K; j++) {
                    Check.equal(value(1, s, me, j), w.get(s * K + j), "fence put from " + s + " [" + j + "]");
                }
            }
            for (int j = 0; j < K; j++) {
                Check.equal((long) n * (n + 1) / 2 * (j + 1), w.get(last + j), "fence accumulate [" + j + "]");
            }
        });

        Check.step("post/start/complete/wait: a ring, put to the next and get from it", () -> {
            w.fill(-1);
            for (int j = 0; j < K; j++) {
                w.set(last + j, value(2, me, me, j));
                out.set(j, value(2, me, (me + 1) % n, j));
            }
            world.barrier();
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            Group all = world.getGroup();
            Group toNext = all.incl(new int[] {next});
            Group fromPrev = all.incl(new int[] {prev});
            w.win.post(fromPrev, 0);
            w.win.start(toNext, 0);
            out.put(w.win, K, next, w.disp(me * K));
            in.get(w.win, K, next, w.disp(last));
            w.win.complete();
            if (me % 2 == 0) {
                w.win.waitFor();
            } else {
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (!w.win.test()) {
                    Check.that(System.nanoTime() < deadline, "Win.test never returned true");
                }
            }
            for (int j = 0; j < K; j++) {
                Check.equal(value(2, prev, me, j), w.get(prev * K + j), "pscw put from " + prev + " [" + j + "]");
                Check.equal(value(2, next, next, j), in.get(j), "pscw get from " + next + " [" + j + "]");
            }
            toNext.free();
            fromPrev.free();
            all.free();
        });

        Check.step("post/start/complete/wait: rank 0 exposed to all the others, which accumulate", () -> {
            w.fill(0);
            world.barrier();
            Group all = world.getGroup();
            if (me == 0) {
                int[] others = new int[n - 1];
                for (int r = 1; r < n; r++) {
                    others[r - 1] = r;
                }
                Group g = all.incl(others);
                w.win.post(g, 0);
                w.win.waitFor();
                g.free();
                for (int j = 0; j < K; j++) {
                    Check.equal((long) (n - 1) * n / 2 * (j + 1), w.get(last + j), "pscw accumulate [" + j + "]");
                }
            } else {
                Group g = all.incl(new int[] {0});
                for (int j = 0; j < K; j++) {
                    out.set(j, me * (j + 1));
                }
                w.win.start(g, 0);
                out.accumulate(w.win, K, 0, w.disp(last), MPI.SUM);
                w.win.complete();
                g.free();
            }
            all.free();
        });

        Check.step("lock exclusive and shared: put and get on every rank", () -> {
            w.fill(-1);
            for (int j = 0; j < K; j++) {
                w.set(last + j, value(3, me, me, j));
            }
            world.barrier();
            for (int t = 0; t < n; t++) {
                int lockType = (t + me) % 2 == 0 ? MPI.LOCK_EXCLUSIVE : MPI.LOCK_SHARED;
                w.win.lock(lockType, t, 0);
                for (int j = 0; j < K; j++) {
                    out.set(j, value(3, me, t, j));
                }
                out.put(w.win, K, t, w.disp(me * K));
                in.get(w.win, K, t, w.disp(last));
                w.win.unlock(t);
                for (int j = 0; j < K; j++) {
                    Check.equal(value(3, t, t, j), in.get(j), "locked get from " + t + " [" + j + "]");
                }
            }
            world.barrier();
            for (int s = 0; s < n; s++) {
                for (int j = 0; j < K; j++) {
                    Check.equal(value(3, s, me, j), w.get(s * K + j), "locked put from " + s + " [" + j + "]");
                }
            }
        });

        Check.step("lock exclusive: read-modify-write of a counter on rank 0 stays whole", () -> {
            w.fill(0);
            world.barrier();
            int rounds = 50;
            for (int i = 0; i < rounds; i++) {
                w.win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                in.get(w.win, 1, 0, w.disp(last));
                w.win.flush(0);
                out.set(0, in.get(0) + 1);
                out.put(w.win, 1, 0, w.disp(last));
                w.win.unlock(0);
            }
            world.barrier();
            if (me == 0) {
                Check.equal((long) rounds * n, w.get(last), "counter after " + rounds + " exclusive increments by "
                    + n + " ranks");
            }
        });

        Check.step("lockAll with flush, flushLocal, flushAll, flushLocalAll and sync", () -> {
            w.fill(-1);
            for (int j = 0; j < K; j++) {
                w.set(last + j, value(4, me, me, j));
            }
            world.barrier();
            w.win.lockAll(0);
            for (int t = 0; t < n; t++) {
                for (int j = 0; j < K; j++) {
                    out.set(j, value(4, me, t, j));
                }
                out.put(w.win, K, t, w.disp(me * K));
                if (t % 2 == 0) {
                    w.win.flush(t);
                } else {
                    w.win.flushLocal(t);
                }
                in.get(w.win, K, t, w.disp(last));
                w.win.flushLocal(t);
                for (int j = 0; j < K; j++) {
                    Check.equal(value(4, t, t, j), in.get(j), "get after flushLocal from " + t + " [" + j + "]");
                }
            }
            w.win.flushAll();
            w.win.flushLocalAll();
            w.win.sync();
            w.win.unlockAll();
            world.barrier();
            for (int s = 0; s < n; s++) {
                for (int j = 0; j < K; j++) {
                    Check.equal(value(4, s, me, j), w.get(s * K + j), "put under lockAll from " + s + " [" + j + "]");
                }
            }
        });

        Check.step("request forms: rPut, rGet, rAccumulate, rGetAccumulate under lockAll", () -> {
            w.fill(-1);
            for (int j = 0; j < K; j++) {
                w.set(last + j, 0);
            }
            world.barrier();
            int next = (me + 1) % n;
            w.win.lockAll(0);
            for (int j = 0; j < K; j++) {
                out.set(j, value(5, me, next, j));
            }
            Request put = out.rPut(w.win, K, next, w.disp(me * K));
            put.waitFor();
            w.win.flush(next);
            Request get = in.rGet(w.win, K, next, w.disp(me * K));
            get.waitFor();
            for (int j = 0; j < K; j++) {
                Check.equal(value(5, me, next, j), in.get(j), "rGet of what rPut wrote [" + j + "]");
            }
            Origin ones = Origin.of(arrays, K);
            for (int j = 0; j < K; j++) {
                ones.set(j, j + 1);
            }
            Request[] acc = new Request[n];
            for (int t = 0; t < n; t++) {
                acc[t] = ones.rAccumulate(w.win, K, t, w.disp(last), MPI.SUM);
            }
            Request.waitAll(acc);
            w.win.flushAll();
            w.win.unlockAll();
            world.barrier();
            for (int j = 0; j < K; j++) {
                Check.equal((long) n * (j + 1), w.get(last + j), "rAccumulate from every rank [" + j + "]");
            }
            world.barrier();
            w.win.lockAll(0);
            Origin result = Origin.of(arrays, K);
            Request ga = ones.rGetAccumulate(w.win, result, K, next, w.disp(last), MPI.SUM);
            ga.waitFor();
            w.win.unlockAll();
            world.barrier();
            for (int j = 0; j < K; j++) {
                Check.equal((long) n * (j + 1), result.get(j), "rGetAccumulate fetched the old value [" + j + "]");
                Check.equal((long) (n + 1) * (j + 1), w.get(last + j), "after the previous rank's rGetAccumulate [" + j
                    + "]");
            }
        });

        Check.step("assertions: post and start with MODE_NOCHECK, fence with MODE_NOPUT, lock with MODE_NOCHECK", () -> {
            w.fill(-1);
            for (int j = 0; j < K; j++) {
                w.set(last + j, value(7, me, me, j));
                out.set(j, value(7, me, (me + 1) % n, j));
            }
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            Group all = world.getGroup();
            Group toNext = all.incl(new int[] {next});
            Group fromPrev = all.incl(new int[] {prev});
            w.win.post(fromPrev, MPI.MODE_NOCHECK);
            world.barrier();                          // every post is done: what NOCHECK on start asserts
            w.win.start(toNext, MPI.MODE_NOCHECK);
            out.put(w.win, K, next, w.disp(me * K));
            w.win.complete();
            w.win.waitFor();
            for (int j = 0; j < K; j++) {
                Check.equal(value(7, prev, me, j), w.get(prev * K + j), "put under NOCHECK from " + prev + " [" + j + "]");
            }
            toNext.free();
            fromPrev.free();
            all.free();
            // a fence epoch in which no rank puts into this one: gets only
            w.win.fence(MPI.MODE_NOPRECEDE);
            in.get(w.win, K, next, w.disp(last));
            w.win.fence(MPI.MODE_NOPUT | MPI.MODE_NOSUCCEED);
            for (int j = 0; j < K; j++) {
                Check.equal(value(7, next, next, j), in.get(j), "get in a NOPUT epoch [" + j + "]");
            }
            // every rank locks only its own window here, so no lock conflicts: NOCHECK holds
            w.win.lock(MPI.LOCK_EXCLUSIVE, me, MPI.MODE_NOCHECK);
            out.set(0, 31337);
            out.put(w.win, 1, me, w.disp(last));
            w.win.unlock(me);
            Check.equal(31337, w.get(last), "a put to this rank's own window under a NOCHECK lock");
        });

        Check.step("an exclusive lock keeps others out: rank 1 never sees rank 0's epoch half done", () -> {
            if (n < 2) {
                return;
            }
            w.fill(0);
            world.barrier();
            int target = n - 1;
            if (me == 0) {
                w.win.lock(MPI.LOCK_EXCLUSIVE, target, 0);
                out.set(0, 1);
                out.put(w.win, 1, target, w.disp(last));
                w.win.flush(target);
                world.barrier();                     // the others now try to lock
                Check.sleep(300);
                out.set(0, 2);
                out.put(w.win, 1, target, w.disp(last));
                w.win.unlock(target);
            } else {
                world.barrier();
                w.win.lock(me % 2 == 0 ? MPI.LOCK_SHARED : MPI.LOCK_EXCLUSIVE, target, 0);
                in.get(w.win, 1, target, w.disp(last));
                w.win.unlock(target);
                Check.equal(2, in.get(0), "what a lock taken while rank 0 held an exclusive one reads");
            }
        });

        Check.step("start waits for the target's post: a put lands after what the target wrote before posting", () -> {
            w.fill(0);
            world.barrier();
            Group all = world.getGroup();
            int target = n - 1;
            if (me == target) {
                Check.sleep(300);
                for (int s = 0; s < n - 1; s++) {
                    w.set(s * K, -5);                // what the origins' puts must overwrite
                }
                int[] origins = new int[n - 1];
                for (int r = 0; r < n - 1; r++) {
                    origins[r] = r;
                }
                Group g = all.incl(origins);
                w.win.post(g, 0);
                w.win.waitFor();
                g.free();
                for (int s = 0; s < n - 1; s++) {
                    Check.equal(value(6, s, target, 0), w.get(s * K), "the put of rank " + s + " after the post");
                }
            } else {
                Group g = all.incl(new int[] {target});
                out.set(0, value(6, me, target, 0));
                w.win.start(g, 0);
                out.put(w.win, 1, target, w.disp(me * K));
                w.win.complete();
                g.free();
            }
            all.free();
        });

        w.free();
        Check.done();
    }
}

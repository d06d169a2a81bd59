package org.atollmpi.tests.programs;

import java.util.List;

import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * Every one-sided operation under every synchronisation, one pair at a time: each rank operates on
 * the next one's window ({@link Mode} x {@link Call}), the request forms under the passive-target
 * modes only (MPI allows them nowhere else). Before each pair every window holds base values of
 * its owner and every origin values of its own; after the closing synchronisation and a barrier
 * the target's window and the origin's result are checked against what the call must have done.
 * The argument names the window kind ({@link IntWindow.Kind}).
 */
public final class OneSidedMatrix {
    static final int K = 6;

    /** How an access epoch is opened and closed. */
    enum Mode {
        FENCE, PSCW, LOCK_EXCLUSIVE, LOCK_SHARED, LOCK_ALL_FLUSH, LOCK_ALL_FLUSH_ALL, LOCK_FLUSH_LOCAL,
        LOCK_ALL_FLUSH_LOCAL_ALL;

        boolean passive() {
            return this != FENCE && this != PSCW;
        }
    }

    /** The operation. */
    enum Call {
        PUT, GET, ACCUMULATE, GET_ACCUMULATE, FETCH_AND_OP, COMPARE_AND_SWAP, R_PUT, R_GET, R_ACCUMULATE,
        R_GET_ACCUMULATE;

        boolean request() {
            return ordinal() >= R_PUT.ordinal();
        }

        /** The elements it touches: one for the atomics. */
        int count() {
            return this == FETCH_AND_OP || this == COMPARE_AND_SWAP ? 1 : K;
        }
    }

    private OneSidedMatrix() {
    }

    static int base(int rank, int j) {
        return 1000 * rank + j;
    }

    static int origin(int rank, int j) {
        return 500_000 + 1000 * rank + j;
    }

    public static void main(String[] args) {
        Check.init(args);
        IntWindow.Kind kind = IntWindow.Kind.of(args.length > 0 ? args[0] : "allocate");
        int me = Check.rank();
        int n = Check.size();
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        Intracomm world = MPI.COMM_WORLD;
        boolean arrays = kind == IntWindow.Kind.ARRAY;
        IntWindow w = IntWindow.create(kind, K, world);
        Origin out = Origin.of(arrays, K);
        Origin result = Origin.of(arrays, K);
        Origin compare = Origin.of(arrays, 1);
        Group all = world.getGroup();
        Group toNext = all.incl(new int[] {next});
        Group fromPrev = all.incl(new int[] {prev});

        for (Mode mode : Mode.values()) {
            for (Call call : Call.values()) {
                if (call.request() && !mode.passive()) {
                    continue;
                }
                Check.step(call + " under " + mode, () -> {
                    for (int j = 0; j < K; j++) {
                        w.set(j, base(me, j));
                        out.set(j, origin(me, j));
                        result.set(j, -1);
                    }
                    compare.set(0, base(next, 0));
                    world.barrier();
                    open(mode, w, next, toNext, fromPrev);
                    Request request = issue(call, w, out, result, compare, next);
                    if (request != null) {
                        request.waitFor();
                    }
                    close(mode, w, next);
                    world.barrier();
                    check(call, w, result, me, prev, next);
                });
            }
        }
        toNext.free();
        fromPrev.free();
        all.free();
        w.free();
        Check.done();
    }

    static void open(Mode mode, IntWindow w, int next, Group toNext, Group fromPrev) {
        switch (mode) {
            case FENCE -> w.win.fence(0);
            case PSCW -> {
                w.win.post(fromPrev, 0);
                w.win.start(toNext, 0);
            }
            case LOCK_EXCLUSIVE -> w.win.lock(MPI.LOCK_EXCLUSIVE, next, 0);
            case LOCK_SHARED, LOCK_FLUSH_LOCAL -> w.win.lock(MPI.LOCK_SHARED, next, 0);
            default -> w.win.lockAll(0);
        }
    }

    static void close(Mode mode, IntWindow w, int next) {
        switch (mode) {
            case FENCE -> w.win.fence(0);
            case PSCW -> {
                w.win.complete();
                w.win.waitFor();
            }
            case LOCK_EXCLUSIVE, LOCK_SHARED -> w.win.unlock(next);
            case LOCK_FLUSH_LOCAL -> {
                w.win.flushLocal(next);
                w.win.unlock(next);
            }
            case LOCK_ALL_FLUSH -> {
                w.win.flush(next);
                w.win.unlockAll();
            }
            case LOCK_ALL_FLUSH_ALL -> {
                w.win.flushAll();
                w.win.unlockAll();
            }
            default -> {
                w.win.flushLocalAll();
                w.win.unlockAll();
            }
        }
    }

    static Request issue(Call call, IntWindow w, Origin out, Origin result, Origin compare, int target) {
        int disp = w.disp(0);
        switch (call) {
            case PUT -> out.put(w.win, K, target, disp);
            case GET -> result.get(w.win, K, target, disp);
            case ACCUMULATE -> out.accumulate(w.win, K, target, disp, MPI.SUM);
            case GET_ACCUMULATE -> out.getAccumulate(w.win, result, K, target, disp, MPI.SUM);
            case FETCH_AND_OP -> out.fetchAndOp(w.win, result, target, disp, MPI.SUM);
            case COMPARE_AND_SWAP -> out.compareAndSwap(w.win, compare, result, target, disp);
            case R_PUT -> {
                return out.rPut(w.win, K, target, disp);
            }
            case R_GET -> {
                return result.rGet(w.win, K, target, disp);
            }
            case R_ACCUMULATE -> {
                return out.rAccumulate(w.win, K, target, disp, MPI.SUM);
            }
            default -> {
                return out.rGetAccumulate(w.win, result, K, target, disp, MPI.SUM);
            }
        }
        return null;
    }

    static void check(Call call, IntWindow w, Origin result, int me, int prev, int next) {
        List<Call> fetching = List.of(Call.GET, Call.GET_ACCUMULATE, Call.FETCH_AND_OP, Call.COMPARE_AND_SWAP,
            Call.R_GET, Call.R_GET_ACCUMULATE);
        for (int j = 0; j < K; j++) {
            boolean touched = j < call.count();
            int expected = switch (call) {
                case PUT, R_PUT -> origin(prev, j);
                case ACCUMULATE, GET_ACCUMULATE, FETCH_AND_OP, R_ACCUMULATE, R_GET_ACCUMULATE ->
                    touched ? base(me, j) + origin(prev, j) : base(me, j);
                case COMPARE_AND_SWAP -> touched ? origin(prev, j) : base(me, j);
                default -> base(me, j);
            };
            Check.equal(expected, w.get(j), call + ": window element " + j + " after rank " + prev + "'s call");
            if (fetching.contains(call)) {
                Check.equal(touched ? base(next, j) : -1, result.get(j), call + ": result element " + j
                    + " fetched from rank " + next);
            }
        }
    }
}

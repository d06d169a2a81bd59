package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;
import java.util.List;

import mpi.Datatype;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.UserFunction;
import mpi.Win;

/**
 * Bad one-sided accesses are refused with the right error class, under ERRORS_RETURN on the
 * window, and change no memory: a displacement or count outside the target window (put, get,
 * accumulate, getAccumulate, fetchAndOp, compareAndSwap, the request forms, a derived target type
 * whose extent runs past the end, a negative displacement) is ERR_RMA_RANGE; an operation, flush
 * or unlock outside an epoch, a put to a rank outside the start group, complete without start and
 * wait without post are ERR_RMA_SYNC; a target rank outside the window is ERR_RANK; a lock type
 * that is none is ERR_LOCKTYPE; a lock of a locked target, lockAll under a lock, a lock under
 * lockAll and (argument {@code request-epochs}) a request form outside any epoch are ERR_RMA_SYNC (in a fence epoch it works, as Open MPI's); SUM on bytes, BAND on doubles and
 * a user operation in accumulate are ERR_OP; (argument {@code atomic-types})
 * compareAndSwap on doubles and fetchAndOp on a derived type are ERR_TYPE; any call on a freed window is ERR_WIN. Every rank's whole window
 * has the same checksum before and after, and good accesses still work afterwards. The argument
 * names the window kind ({@link IntWindow.Kind}).
 */
public final class OneSidedErrors {
    static final int ERR_RMA_RANGE = MPI.ERR_RMA_RANGE;
    static final int INTS = 64;

    private OneSidedErrors() {
    }

    /** A negative displacement is outside the window (ERR_RMA_RANGE) or no displacement at all (ERR_DISP). */
    private static void expectRangeOrDisp(String what, Runnable call) {
        try {
            call.run();
        } catch (MPIException e) {
            Check.that(e.getErrorClass() == ERR_RMA_RANGE || e.getErrorClass() == MPI.ERR_DISP,
                "%s: error class %d (%s), expected ERR_RMA_RANGE or ERR_DISP", what, e.getErrorClass(), e.getMessage());
            return;
        }
        throw new AssertionError("rank " + Check.rank() + ": " + what + ": no MPIException");
    }

    public static void main(String[] args) {
        Check.init(args);
        IntWindow.Kind kind = IntWindow.Kind.of(args.length > 0 ? args[0] : "allocate");
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;
        world.setErrhandler(MPI.ERRORS_RETURN);
        IntWindow w = IntWindow.create(kind, INTS, world);
        Win win = w.win;
        win.setErrhandler(MPI.ERRORS_RETURN);
        for (int i = 0; i < INTS; i++) {
            w.set(i, me * 1000 + i * 7 + 3);
        }
        long before = w.checksum();
        boolean arrays = kind == IntWindow.Kind.ARRAY;
        Origin v = Origin.of(arrays, INTS + 8);
        Origin result = Origin.of(arrays, INTS + 8);
        Origin compare = Origin.of(arrays, 1);
        for (int i = 0; i < INTS + 8; i++) {
            v.set(i, -5);
        }
        int t = (me + 1) % n;
        int end = w.disp(INTS);

        Check.step("out of range: ERR_RMA_RANGE for every operation, nothing written", () -> {
            win.lockAll(0);
            Check.expectError(ERR_RMA_RANGE, "put at the end", () -> v.put(win, 1, t, end), "put");
            Check.expectError(ERR_RMA_RANGE, "put running past the end",
                () -> v.put(win, 4, t, w.disp(INTS - 2)), "put");
            Check.expectError(ERR_RMA_RANGE, "put of more than the window",
                () -> v.put(win, INTS + 1, t, 0), "put");
            expectRangeOrDisp("put at a negative displacement", () -> v.put(win, 1, t, -1));
            Check.expectError(ERR_RMA_RANGE, "get past the end", () -> result.get(win, 2, t, w.disp(INTS - 1)), "get");
            Check.expectError(ERR_RMA_RANGE, "accumulate past the end",
                () -> v.accumulate(win, 8, t, w.disp(INTS - 4), MPI.SUM), "accumulate");
            Check.expectError(ERR_RMA_RANGE, "getAccumulate past the end",
                () -> v.getAccumulate(win, result, 2, t, end, MPI.SUM), "getAccumulate");
            Check.expectError(ERR_RMA_RANGE, "fetchAndOp at the end",
                () -> v.fetchAndOp(win, result, t, end, MPI.SUM), "fetchAndOp");
            Check.expectError(ERR_RMA_RANGE, "compareAndSwap at the end",
                () -> v.compareAndSwap(win, compare, result, t, end), "compareAndSwap");
            Check.expectError(ERR_RMA_RANGE, "rPut at the end", () -> v.rPut(win, 1, t, end), "rPut");
            Check.expectError(ERR_RMA_RANGE, "rGet at the end", () -> result.rGet(win, 1, t, end), "rGet");
            Check.expectError(ERR_RMA_RANGE, "rAccumulate at the end",
                () -> v.rAccumulate(win, 1, t, end, MPI.SUM), "rAccumulate");
            Check.expectError(ERR_RMA_RANGE, "rGetAccumulate at the end",
                () -> v.rGetAccumulate(win, result, 1, t, end, MPI.SUM), "rGetAccumulate");
            // displacements whose byte offset overflows an int (2^30 ints is 2^32 bytes)
            Check.expectError(ERR_RMA_RANGE, "put at displacement 2^30 (2^32 bytes)",
                () -> v.put(win, 1, t, w.disp(1 << 30)), "put");
            Check.expectError(ERR_RMA_RANGE, "put at displacement Integer.MAX_VALUE",
                () -> v.put(win, 1, t, Integer.MAX_VALUE), "put");
            Check.expectError(ERR_RMA_RANGE, "fetchAndOp at displacement 2^30 + 1",
                () -> v.fetchAndOp(win, result, t, w.disp((1 << 30) + 1), MPI.SUM), "fetchAndOp");
            Datatype strided = Datatype.createVector(INTS / 2 + 1, 1, 2, MPI.INT);
            strided.commit();
            Check.expectError(ERR_RMA_RANGE, "put with a target type whose extent passes the end",
                () -> v.put(win, INTS / 2 + 1, MPI.INT, t, 0, 1, strided), "put");
            strided.free();
            win.unlockAll();
        });

        Check.step("outside an epoch: ERR_RMA_SYNC, nothing written", () -> {
            Check.expectError(MPI.ERR_RMA_SYNC, "put with no epoch", () -> v.put(win, 1, t, 0), "put");
            Check.expectError(MPI.ERR_RMA_SYNC, "get with no epoch", () -> result.get(win, 1, t, 0), "get");
            Check.expectError(MPI.ERR_RMA_SYNC, "accumulate with no epoch",
                () -> v.accumulate(win, 1, t, 0, MPI.SUM), "accumulate");
            Check.expectError(MPI.ERR_RMA_SYNC, "fetchAndOp with no epoch",
                () -> v.fetchAndOp(win, result, t, 0, MPI.SUM), "fetchAndOp");
            Check.expectError(MPI.ERR_RMA_SYNC, "rPut with no epoch", () -> v.rPut(win, 1, t, 0), "rPut");
            Check.expectError(MPI.ERR_RMA_SYNC, "flush with no lock", () -> win.flush(t), "flush");
            Check.expectError(MPI.ERR_RMA_SYNC, "unlock with no lock", () -> win.unlock(t), "unlock");
            Check.expectError(MPI.ERR_RMA_SYNC, "unlockAll with no lockAll", win::unlockAll, "unlockAll");
            Check.expectError(MPI.ERR_RMA_SYNC, "complete with no start", win::complete, "complete");
            Check.expectError(MPI.ERR_RMA_SYNC, "waitFor with no post", win::waitFor, "wait");
            win.lock(MPI.LOCK_SHARED, t, 0);
            if (n > 2) {
                int other = (me + 2) % n;
                Check.expectError(MPI.ERR_RMA_SYNC, "put to a rank not locked", () -> v.put(win, 1, other, 0), "put");
            }
            win.unlock(t);
            // a fence that ends every epoch (NOSUCCEED) leaves none open
            win.fence(0);
            win.fence(MPI.MODE_NOSUCCEED);
            Check.expectError(MPI.ERR_RMA_SYNC, "put after fence(NOSUCCEED)", () -> v.put(win, 1, t, 0), "put");
            // an access epoch to one rank only
            Group all = world.getGroup();
            Group to = all.incl(new int[] {t});
            Group from = all.incl(new int[] {(me + n - 1) % n});
            win.post(from, 0);
            win.start(to, 0);
            if (n > 2) {
                int other = (me + 2) % n;
                Check.expectError(MPI.ERR_RMA_SYNC, "put to a rank outside the start group",
                    () -> v.put(win, 1, other, 0), "put");
            }
            win.complete();
            win.waitFor();
            to.free();
            from.free();
            all.free();
        });

        Check.step("synchronisation out of turn: ERR_RMA_SYNC", () -> {
            win.lock(MPI.LOCK_SHARED, t, 0);
            Check.expectError(MPI.ERR_RMA_SYNC, "lock of a target already locked",
                () -> win.lock(MPI.LOCK_SHARED, t, 0), "lock");
            Check.expectError(MPI.ERR_RMA_SYNC, "lockAll while a lock is held", () -> win.lockAll(0), "lockAll");
            win.unlock(t);
            win.lockAll(0);
            Check.expectError(MPI.ERR_RMA_SYNC, "lock inside lockAll", () -> win.lock(MPI.LOCK_SHARED, t, 0), "lock");
            win.unlockAll();
        });

        if (List.of(args).contains("request-epochs")) {
            Check.step("request forms: ERR_RMA_SYNC outside an epoch; in a fence epoch they work, as Open MPI's", () -> {
                Check.expectError(MPI.ERR_RMA_SYNC, "rPut outside an epoch", () -> v.rPut(win, 1, t, 0), "rPut");
                Check.expectError(MPI.ERR_RMA_SYNC, "rGet outside an epoch", () -> result.rGet(win, 1, t, 0), "rGet");
                Origin same = Origin.of(arrays, 1); // the target's own word: the checksum stays
                same.set(0, t * 1000 + 3);
                Origin got = Origin.of(arrays, 1);
                win.fence(0);
                same.rPut(win, 1, t, 0).waitFor();
                got.rGet(win, 1, t, 0).waitFor();
                Origin old = Origin.of(arrays, 1);
                Origin zero = Origin.of(arrays, 1);
                zero.rGetAccumulate(win, old, 1, t, 0, MPI.SUM).waitFor();
                win.fence(MPI.MODE_NOSUCCEED);
                Check.equal(t * 1000 + 3, got.get(0), "rGet in a fence epoch");
                Check.equal(t * 1000 + 3, old.get(0), "rGetAccumulate (SUM of 0) in a fence epoch");
            });
        }

        Check.step("an operation that is not for this type or not predefined: ERR_OP, nothing written", () -> {
            ByteBuffer b = MPI.newByteBuffer(8);
            win.lockAll(0);
            Check.expectError(MPI.ERR_OP, "accumulate SUM on MPI.BYTE",
                () -> win.accumulate(b, 4, MPI.BYTE, t, 0, 4, MPI.BYTE, MPI.SUM), "accumulate");
            Check.expectError(MPI.ERR_OP, "accumulate BAND on MPI.DOUBLE",
                () -> win.accumulate(b, 1, MPI.DOUBLE, t, 0, 1, MPI.DOUBLE, MPI.BAND), "accumulate");
            Op mine = new Op(new UserFunction() { }, true);
            Check.expectError(MPI.ERR_OP, "accumulate with a user operation",
                () -> win.accumulate(b, 1, MPI.INT, t, 0, 1, MPI.INT, mine), "accumulate");
            win.unlockAll();
            mine.free();
        });

        if (List.of(args).contains("atomic-types")) {
            Check.step("types the atomic calls do not take: ERR_TYPE, nothing written", () -> {
                ByteBuffer b = MPI.newByteBuffer(16);
                ByteBuffer c = MPI.newByteBuffer(16);
                ByteBuffer r = MPI.newByteBuffer(16);
                Datatype two = Datatype.createContiguous(2, MPI.INT);
                two.commit();
                win.lockAll(0);
                Check.expectError(MPI.ERR_TYPE, "compareAndSwap on MPI.DOUBLE (MPI: integer, logical and byte types"
                    + " only)", () -> win.compareAndSwap(b, c, r, MPI.DOUBLE, t, 0), "compareAndSwap");
                Check.expectError(MPI.ERR_TYPE, "fetchAndOp with a derived type (MPI: predefined types only)",
                    () -> win.fetchAndOp(b, r, two, t, 0, MPI.SUM), "fetchAndOp");
                win.unlockAll();
                two.free();
            });
        }

        Check.step("a rank outside the window, a lock type that is none", () -> {
            win.lockAll(0);
            Check.expectError(MPI.ERR_RANK, "put to rank n", () -> v.put(win, 1, n, 0), "put", String.valueOf(n));
            Check.expectError(MPI.ERR_RANK, "get from rank -1", () -> result.get(win, 1, -1, 0), "get");
            win.unlockAll();
            Check.expectError(MPI.ERR_LOCKTYPE, "lock type 99", () -> win.lock(99, t, 0), "lock");
        });

        Check.step("the checksum of every window is unchanged", () -> {
            Check.equal(before, w.checksum(), "checksum of rank " + me + "'s whole window after the refused accesses");
        });

        Check.step("good accesses still work; a count of 0 at the end of the window is no access", () -> {
            v.set(0, 4242);
            win.lock(MPI.LOCK_EXCLUSIVE, t, 0);
            v.put(win, 1, t, w.disp(INTS - 1));
            v.put(win, 0, t, end);
            result.get(win, 0, t, end);
            win.unlock(t);
            world.barrier();
            Check.equal(4242, w.get(INTS - 1), "the last element after a good put");
        });

        w.free();
        Check.step("a freed window: ERR_WIN", () -> {
            Check.expectError(MPI.ERR_WIN, "put on a freed window", () -> v.put(win, 1, t, 0), "put");
            Check.expectError(MPI.ERR_WIN, "fence on a freed window", () -> win.fence(0), "fence");
            Check.expectError(MPI.ERR_WIN, "lock on a freed window", () -> win.lock(MPI.LOCK_SHARED, t, 0), "lock");
            Check.expectError(MPI.ERR_WIN, "lockAll on a freed window", () -> win.lockAll(0), "lockAll");
            Check.expectError(MPI.ERR_WIN, "free of a freed window", win::free, "free");
        });
        Check.done();
    }
}

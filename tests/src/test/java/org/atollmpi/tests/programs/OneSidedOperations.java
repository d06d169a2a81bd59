package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;

/**
 * Every one-sided operation with what it may take, each rank against every other under lockAll
 * and flush, on a window of the kind the argument names ({@link IntWindow.Kind}): accumulate with
 * every predefined operation on ints and with SUM on short, int, long, float and double;
 * getAccumulate with SUM, NO_OP (an atomic read) and REPLACE (an atomic swap); accumulates from
 * one origin to one location applied in order (SUM, REPLACE, MAX mixed, only flushLocal between); fetchAndOp on int
 * and long; compareAndSwap that wins once among all ranks and fails for the others; derived
 * datatypes (vectors) at the origin, at the target and at both, for put, get and accumulate; an
 * indexed type with its blocks out of order at the target of a put, and at both ends of a get;
 * displacement units of 1, 4 and 8 bytes.
 */
public final class OneSidedOperations {
    static final int K = 8;

    private OneSidedOperations() {
    }

    public static void main(String[] args) {
        Check.init(args);
        IntWindow.Kind kind = IntWindow.Kind.of(args.length > 0 ? args[0] : "allocate");
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;
        boolean arrays = kind == IntWindow.Kind.ARRAY;
        IntWindow w = IntWindow.create(kind, 6 * K * n, world);

        Check.step("accumulate: every predefined operation on int, from every rank to every rank", () -> {
            Op[] ops = {MPI.SUM, MPI.PROD, MPI.MAX, MPI.MIN, MPI.BAND, MPI.BOR, MPI.BXOR, MPI.LAND, MPI.LOR, MPI.LXOR};
            int[] start = {0, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 0, 1, 0, 0};
            for (int k = 0; k < ops.length; k++) {
                w.set(k, start[k]);
            }
            world.barrier();
            Origin v = Origin.of(arrays, 1);
            w.win.lockAll(0);
            for (int t = 0; t < n; t++) {
                for (int k = 0; k < ops.length; k++) {
                    v.set(0, operand(k, me));
                    v.accumulate(w.win, 1, t, w.disp(k), ops[k]);
                    w.win.flush(t);
                }
            }
            w.win.unlockAll();
            world.barrier();
            for (int k = 0; k < ops.length; k++) {
                int expected = start[k];
                for (int r = 0; r < n; r++) {
                    expected = apply(k, expected, operand(k, r));
                }
                Check.equal(expected, w.get(k), "accumulate with " + ops[k] + " from " + n + " ranks");
            }
        });

        Check.step("accumulate SUM on short, int, long, float, double (displacement in the window's units)", () -> {
            Datatype[] types = {MPI.SHORT, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};
            w.fill(0);
            world.barrier();
            ByteBuffer one = MPI.newByteBuffer(8);
            w.win.lockAll(0);
            for (int k = 0; k < types.length; k++) {
                int disp = 2 * k; // an 8-byte slot: elements 2k and 2k+1 of the int window
                putNumber(one, types[k], me + 1);
                for (int t = 0; t < n; t++) {
                    w.win.accumulate(one, 1, types[k], t, w.disp(disp), 1, types[k], MPI.SUM);
                    w.win.flush(t);
                }
            }
            w.win.unlockAll();
            world.barrier();
            long sum = (long) n * (n + 1) / 2;
            ByteBuffer mine = MPI.newByteBuffer(8);
            for (int k = 0; k < types.length; k++) {
                mine.putInt(0, w.get(2 * k));
                mine.putInt(4, w.get(2 * k + 1));
                Check.equal(sum, Math.round(getNumber(mine, types[k])), "SUM of " + types[k]);
            }
        });

        Check.step("getAccumulate SUM, NO_OP and REPLACE; fetchAndOp on int and long", () -> {
            w.fill(0);
            world.barrier();
            Origin v = Origin.of(arrays, K);
            Origin result = Origin.of(arrays, K);
            for (int j = 0; j < K; j++) {
                v.set(j, j + 1);
            }
            int target = (me + 1) % n;
            w.win.lockAll(0);
            v.getAccumulate(w.win, result, K, target, w.disp(0), MPI.SUM);
            w.win.flush(target);
            for (int j = 0; j < K; j++) {
                Check.equal(0, result.get(j), "getAccumulate SUM fetched the old value [" + j + "]");
            }
            w.win.unlockAll();
            world.barrier();
            for (int j = 0; j < K; j++) {
                Check.equal(j + 1, w.get(j), "after one getAccumulate SUM [" + j + "]");
            }
            world.barrier();
            w.win.lockAll(0);
            v.getAccumulate(w.win, result, K, target, w.disp(0), MPI.NO_OP);
            w.win.flush(target);
            for (int j = 0; j < K; j++) {
                Check.equal(j + 1, result.get(j), "getAccumulate NO_OP reads [" + j + "]");
            }
            Origin one = Origin.of(arrays, 1);
            Origin old = Origin.of(arrays, 1);
            one.set(0, 1000 + me);
            one.fetchAndOp(w.win, old, target, w.disp(K), MPI.REPLACE);
            w.win.flush(target);
            w.win.unlockAll();
            world.barrier();
            Check.equal(1000 + (me + n - 1) % n, w.get(K), "fetchAndOp REPLACE left the origin's value");
            Check.equal(0, old.get(0), "fetchAndOp REPLACE fetched the old value");
            world.barrier();
            w.win.lockAll(0);
            for (int t = 0; t < n; t++) {
                one.set(0, me + 1);
                one.fetchAndOp(w.win, old, t, w.disp(K + 1), MPI.SUM);
                w.win.flush(t);
                Check.that(old.get(0) >= 0 && old.get(0) < n * (n + 1) / 2, "fetchAndOp SUM fetched %d", old.get(0));
            }
            w.win.unlockAll();
            world.barrier();
            Check.equal((long) n * (n + 1) / 2, w.get(K + 1), "fetchAndOp SUM from every rank");
            // a long: two ints of the window, 8-byte aligned
            world.barrier();
            ByteBuffer add = MPI.newByteBuffer(8);
            ByteBuffer got = MPI.newByteBuffer(8);
            add.putLong(0, 1L << 33);
            w.win.lockAll(0);
            w.win.fetchAndOp(add, got, MPI.LONG, 0, w.disp(K + 2), MPI.SUM);
            w.win.flush(0);
            w.win.unlockAll();
            Check.that(got.getLong(0) % (1L << 33) == 0, "fetchAndOp on a long fetched %d", got.getLong(0));
            world.barrier();
            if (me == 0) {
                ByteBuffer b = MPI.newByteBuffer(8);
                b.putInt(0, w.get(K + 2));
                b.putInt(4, w.get(K + 3));
                Check.equal((long) n << 33, b.getLong(0), "fetchAndOp SUM on a long, past 32 bits");
            }
        });

        Check.step("accumulates from one origin to one location stay in order (MPI's default accumulate_ordering)", () -> {
            w.fill(0);
            world.barrier();
            int target = (me + 1) % n;
            ByteBuffer v = MPI.newByteBuffer(8);
            ByteBuffer old = MPI.newByteBuffer(8);
            w.win.lockAll(0);
            // on a long (8-byte SUM is the NIC's fetch-and-add; REPLACE and MAX are not); between the calls only
            // flushLocal, which lets the origin buffer be reused but completes nothing at the target
            for (int r = 1; r <= 50; r++) {
                for (long[] step : new long[][] {{5, 0}, {1000L * r, 1}, {3, 0}, {-1, 2}}) {
                    v.putLong(0, step[0]);
                    mpi.Op op = step[1] == 0 ? MPI.SUM : step[1] == 1 ? MPI.REPLACE : MPI.MAX;
                    w.win.accumulate(v, 1, MPI.LONG, target, w.disp(0), 1, MPI.LONG, op);
                    w.win.flushLocal(target);
                }
            }
            w.win.getAccumulate(v, 1, MPI.LONG, old, 1, MPI.LONG, target, w.disp(0), 1, MPI.LONG, MPI.NO_OP);
            w.win.flush(target);
            Check.equal(50_003, old.getLong(0), "getAccumulate NO_OP after SUM, REPLACE, SUM, MAX x 50");
            // on ints (every operation under the accumulate lock)
            Origin one = Origin.of(arrays, 1);
            for (int r = 1; r <= 50; r++) {
                one.set(0, r);
                one.accumulate(w.win, 1, target, w.disp(2), MPI.REPLACE);
                w.win.flushLocal(target);
                one.set(0, 7);
                one.accumulate(w.win, 1, target, w.disp(2), MPI.SUM);
                w.win.flushLocal(target);
            }
            w.win.unlockAll();
            world.barrier();
            Check.equal(57, w.get(2), "the int after REPLACE r, SUM 7 for r = 1 .. 50");
        });

        Check.step("compareAndSwap: one rank wins, the others see its value", () -> {
            w.fill(-1);
            world.barrier();
            Origin mine = Origin.of(arrays, 1);
            Origin expect = Origin.of(arrays, 1);
            Origin result = Origin.of(arrays, 1);
            mine.set(0, me);
            expect.set(0, -1);
            w.win.lock(MPI.LOCK_SHARED, 0, 0);
            mine.compareAndSwap(w.win, expect, result, 0, w.disp(0));
            w.win.unlock(0);
            int[] results = new int[n];
            world.allGather(new int[] {result.get(0)}, 1, MPI.INT, results, 1, MPI.INT);
            int winners = 0;
            int winner = -1;
            for (int r = 0; r < n; r++) {
                if (results[r] == -1) {
                    winners++;
                    winner = r;
                }
            }
            Check.equal(1, winners, "ranks whose compareAndSwap found -1");
            for (int r = 0; r < n; r++) {
                Check.that(results[r] == -1 || results[r] == winner, "rank %d's compareAndSwap saw %d, not -1 or the"
                    + " winner %d", r, results[r], winner);
            }
            if (me == 0) {
                Check.equal(winner, w.get(0), "the value compareAndSwap left");
            }
            world.barrier();
            // a failing compare changes nothing and returns the value
            expect.set(0, 12345);
            w.win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
            mine.compareAndSwap(w.win, expect, result, 0, w.disp(0));
            w.win.unlock(0);
            Check.equal(winner, result.get(0), "a failed compareAndSwap returns the value");
            world.barrier();
            if (me == 0) {
                Check.equal(winner, w.get(0), "a failed compareAndSwap changes nothing");
            }
        });

        Check.step("derived datatypes at origin, target and both (vectors of stride 2)", () -> {
            Datatype strided = Datatype.createVector(K, 1, 2, MPI.INT);
            strided.commit();
            w.fill(-1);
            world.barrier();
            int target = (me + 1) % n;
            int base = me * 6 * K;
            Origin wide = Origin.of(arrays, 2 * K);
            for (int j = 0; j < 2 * K; j++) {
                wide.set(j, j % 2 == 0 ? 100 * me + j / 2 : -7);
            }
            w.win.lockAll(0);
            // each rank's region of 6K ints on its target: [0, K) a contiguous target, [K, 3K) a strided
            // one, [3K, 5K) a strided accumulate
            // origin strided -> target contiguous
            wide.put(w.win, 1, strided, target, w.disp(base), K, MPI.INT);
            // origin contiguous (the even elements reread) -> target strided from base + K
            Origin packed = Origin.of(arrays, K);
            for (int j = 0; j < K; j++) {
                packed.set(j, 200 * me + j);
            }
            packed.put(w.win, K, MPI.INT, target, w.disp(base + K), 1, strided);
            // strided at both ends, accumulated
            wide.accumulate(w.win, 1, strided, target, w.disp(base + 3 * K), 1, strided, MPI.SUM);
            w.win.flush(target);
            Origin back = Origin.of(arrays, 2 * K);
            for (int j = 0; j < 2 * K; j++) {
                back.set(j, -9);
            }
            back.get(w.win, 1, strided, target, w.disp(base + K), 1, strided);
            w.win.flush(target);
            w.win.unlockAll();
            for (int j = 0; j < 2 * K; j++) {
                Check.equal(j % 2 == 0 ? 200 * me + j / 2 : -9, back.get(j), "strided get of a strided put [" + j + "]");
            }
            world.barrier();
            int from = (me + n - 1) % n;
            int fbase = from * 6 * K;
            for (int j = 0; j < K; j++) {
                Check.equal(100 * from + j, w.get(fbase + j), "strided origin, contiguous target [" + j + "]");
            }
            for (int j = 0; j < 2 * K; j++) {
                Check.equal(j % 2 == 0 ? 200 * from + j / 2 : -1, w.get(fbase + K + j), "contiguous origin, strided target ["
                    + j + "]");
            }
            for (int j = 0; j < K; j++) {
                // -1 + (100 * from + j) at even target elements; untouched odd ones
                Check.equal(-1 + 100 * from + j, w.get(fbase + 3 * K + 2 * j), "strided accumulate [" + j + "]");
                Check.equal(-1, w.get(fbase + 3 * K + 2 * j + 1), "strided accumulate skips [" + j + "]");
            }
            strided.free();
        });

        Check.step("an indexed type with blocks out of order at the target of a put, at both ends of a get", () -> {
            Datatype scattered = Datatype.createIndexed(new int[] {2, 1, 3}, new int[] {5, 0, 9}, MPI.INT);
            scattered.commit();
            w.fill(-1);
            world.barrier();
            int target = (me + 1) % n;
            int base = me * 6 * K;
            Origin six = Origin.of(arrays, 6);
            for (int j = 0; j < 6; j++) {
                six.set(j, 300 * me + j);
            }
            w.win.lock(MPI.LOCK_EXCLUSIVE, target, 0);
            six.put(w.win, 6, MPI.INT, target, w.disp(base), 1, scattered);
            w.win.flush(target);
            Origin twelve = Origin.of(arrays, 12);
            for (int j = 0; j < 12; j++) {
                twelve.set(j, -3);
            }
            twelve.get(w.win, 1, scattered, target, w.disp(base), 1, scattered);
            w.win.unlock(target);
            int[] where = {5, 6, 0, 9, 10, 11};
            for (int j = 0; j < 12; j++) {
                int k = java.util.Arrays.stream(where).boxed().toList().indexOf(j);
                Check.equal(k < 0 ? -3 : 300 * me + k, twelve.get(j), "origin element " + j + " of the indexed get");
            }
            world.barrier();
            int from = (me + n - 1) % n;
            int fbase = from * 6 * K;
            for (int j = 0; j < 12; j++) {
                int k = java.util.Arrays.stream(where).boxed().toList().indexOf(j);
                Check.equal(k < 0 ? -1 : 300 * from + k, w.get(fbase + j), "target element " + j + " of the indexed put");
            }
            scattered.free();
        });

        w.free();

        Check.step("displacement units of 1, 4 and 8 bytes", () -> {
            for (int unit : new int[] {1, 4, 8}) {
                ByteBuffer memory = MPI.newByteBuffer(64);
                mpi.Win win = new mpi.Win(memory, 64, unit, MPI.INFO_NULL, world);
                Check.equal(unit, ((Number) win.getAttr(MPI.WIN_DISP_UNIT)).longValue(), "WIN_DISP_UNIT");
                ByteBuffer v = MPI.newByteBuffer(4);
                v.putInt(0, 0x01020304 + me);
                int target = (me + 1) % n;
                win.fence(0);
                win.put(v, 4, MPI.BYTE, target, 3, 4, MPI.BYTE);
                win.fence(0);
                int from = (me + n - 1) % n;
                Check.equal(0x01020304 + from, memory.getInt(3 * unit), "a put at displacement 3 in units of " + unit);
                Check.equal(0, memory.getInt(unit == 1 ? 7 : 0), "nothing beside it (unit " + unit + ")");
                win.free();
            }
        });

        Check.done();
    }

    /** What rank {@code r} contributes to operation {@code k} of the first step. */
    static int operand(int k, int r) {
        return switch (k) {
            case 0 -> r + 1;          // SUM
            case 1 -> r % 2 == 0 ? 2 : -1; // PROD
            case 2, 3 -> 17 * r - 20; // MAX, MIN
            case 4 -> ~(1 << r);      // BAND
            case 5, 6 -> 1 << r;      // BOR, BXOR
            case 7 -> 1;              // LAND
            default -> r == 1 ? 1 : 0; // LOR, LXOR
        };
    }

    static int apply(int k, int a, int b) {
        return switch (k) {
            case 0 -> a + b;
            case 1 -> a * b;
            case 2 -> Math.max(a, b);
            case 3 -> Math.min(a, b);
            case 4 -> a & b;
            case 5 -> a | b;
            case 6 -> a ^ b;
            case 7 -> (a != 0 && b != 0) ? 1 : 0;
            case 8 -> (a != 0 || b != 0) ? 1 : 0;
            default -> ((a != 0) != (b != 0)) ? 1 : 0;
        };
    }

    static void putNumber(ByteBuffer b, Datatype type, int v) {
        if (type == MPI.SHORT) {
            b.putShort(0, (short) v);
        } else if (type == MPI.INT) {
            b.putInt(0, v);
        } else if (type == MPI.LONG) {
            b.putLong(0, v);
        } else if (type == MPI.FLOAT) {
            b.putFloat(0, v);
        } else {
            b.putDouble(0, v);
        }
    }

    static double getNumber(ByteBuffer b, Datatype type) {
        if (type == MPI.SHORT) {
            return b.getShort(0);
        } else if (type == MPI.INT) {
            return b.getInt(0);
        } else if (type == MPI.LONG) {
            return b.getLong(0);
        } else if (type == MPI.FLOAT) {
            return b.getFloat(0);
        }
        return b.getDouble(0);
    }
}

package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * Accumulate operations are atomic with respect to each other: every rank (rank 0, the target,
 * included) adds 1 to one long on rank 0 with {@code fetchAndOp(SUM)} {@code fetches} times
 * (default 100,000), and the total is exact; more, the values fetched over all ranks are exactly
 * 0 .. total - 1, each once (no two fetch-and-adds saw the same value). Then every rank adds its
 * rank + 1 to each element of a 1,000-int array on rank 0 with {@code accumulate(SUM)}
 * {@code arrays} times (default 1,000), and every element is exact; the same with SUM on longs
 * and doubles and MAX on longs (a fifth of the rounds); accumulate and fetchAndOp mixed on one
 * long. Each in a lockAll epoch with flush, on a window from {@code Win.allocate}; the arguments
 * are {@code fetches=N arrays=N}.
 */
public final class OneSidedAtomicity {
    static final int ELEMENTS = 1000;
    /** The window's regions (bytes): the fetched long, ints, longs summed, longs maxed, doubles, the mixed long. */
    static final int INTS_AT = 8;
    static final int LONGS_AT = INTS_AT + 4 * ELEMENTS;
    static final int MAX_AT = LONGS_AT + 8 * ELEMENTS;
    static final int DOUBLES_AT = MAX_AT + 8 * ELEMENTS;
    static final int MIXED_AT = DOUBLES_AT + 8 * ELEMENTS;
    static final int BYTES = MIXED_AT + 8;

    private OneSidedAtomicity() {
    }

    public static void main(String[] args) {
        Check.init(args);
        int fetches = 100_000;
        int arrays = 1_000;
        for (String a : args) {
            if (a.startsWith("fetches=")) {
                fetches = Integer.parseInt(a.substring(8));
            } else if (a.startsWith("arrays=")) {
                arrays = Integer.parseInt(a.substring(7));
            }
        }
        int me = Check.rank();
        int n = Check.size();
        Intracomm world = MPI.COMM_WORLD;
        Win win = new Win(BYTES, 1, MPI.INFO_NULL, world, (Buffer) null, Win.FLAVOR_PRIVATE);
        ByteBuffer base = ((ByteBuffer) win.getAttr(MPI.WIN_BASE)).order(ByteOrder.nativeOrder());
        final int perRank = fetches;
        final int rounds = arrays;

        Check.step("fetchAndOp(SUM) on one long from every rank: exact total, every value fetched once", () -> {
            ByteBuffer one = MPI.newByteBuffer(8);
            ByteBuffer old = MPI.newByteBuffer(8);
            one.putLong(0, 1);
            long[] seen = new long[perRank];
            long start = System.nanoTime();
            win.lockAll(0);
            for (int i = 0; i < perRank; i++) {
                win.fetchAndOp(one, old, MPI.LONG, 0, 0, MPI.SUM);
                win.flush(0);
                seen[i] = old.getLong(0);
            }
            win.unlockAll();
            System.out.printf("rank %d: %d fetchAndOp in %d ms%n", me, perRank, Check.millisSince(start));
            for (int i = 1; i < perRank; i++) {
                Check.that(seen[i] > seen[i - 1], "fetch %d saw %d after %d: not increasing", i, seen[i], seen[i - 1]);
            }
            long[] all = me == 0 ? new long[perRank * n] : null;
            world.gather(seen, perRank, MPI.LONG, all, perRank, MPI.LONG, 0);
            world.barrier();
            if (me == 0) {
                long total = (long) perRank * n;
                Check.equal(total, base.getLong(0), "the long after " + n + " x " + perRank + " fetchAndOp(SUM, 1)");
                BitSet values = new BitSet((int) total);
                for (long v : all) {
                    Check.that(v >= 0 && v < total, "a fetched value %d outside 0 .. %d", v, total - 1);
                    Check.that(!values.get((int) v), "value %d fetched twice", v);
                    values.set((int) v);
                }
            }
        });

        Check.step("accumulate(SUM) of " + ELEMENTS + " ints from every rank: every element exact", () -> {
            ByteBuffer add = MPI.newByteBuffer(4 * ELEMENTS);
            for (int i = 0; i < ELEMENTS; i++) {
                add.putInt(4 * i, me + 1);
            }
            long start = System.nanoTime();
            win.lockAll(0);
            for (int r = 0; r < rounds; r++) {
                win.accumulate(add, ELEMENTS, MPI.INT, 0, INTS_AT, ELEMENTS, MPI.INT, MPI.SUM);
                if (r % 16 == 15) {
                    win.flush(0);
                }
            }
            win.unlockAll();
            System.out.printf("rank %d: %d accumulates of %d ints in %d ms%n", me, rounds, ELEMENTS,
                Check.millisSince(start));
            world.barrier();
            if (me == 0) {
                long expected = (long) rounds * n * (n + 1) / 2;
                for (int i = 0; i < ELEMENTS; i++) {
                    Check.equal(expected, base.getInt(INTS_AT + 4 * i), "element " + i + " after " + rounds
                        + " accumulates from each of " + n + " ranks");
                }
            }
        });

        Check.step("accumulate SUM of longs and doubles, MAX of longs, " + ELEMENTS + " elements from every rank", () -> {
            ByteBuffer longs = MPI.newByteBuffer(8 * ELEMENTS);
            ByteBuffer doubles = MPI.newByteBuffer(8 * ELEMENTS);
            ByteBuffer maxima = MPI.newByteBuffer(8 * ELEMENTS);
            for (int i = 0; i < ELEMENTS; i++) {
                longs.putLong(8 * i, (me + 1L) << 32 | 1);
                doubles.putDouble(8 * i, me + 1);
            }
            int longRounds = Math.max(1, rounds / 5);
            long start = System.nanoTime();
            win.lockAll(0);
            for (int r = 0; r < longRounds; r++) {
                for (int i = 0; i < ELEMENTS; i++) {
                    maxima.putLong(8 * i, ((long) r * n + me) * ELEMENTS + i);
                }
                win.accumulate(longs, ELEMENTS, MPI.LONG, 0, LONGS_AT, ELEMENTS, MPI.LONG, MPI.SUM);
                win.accumulate(doubles, ELEMENTS, MPI.DOUBLE, 0, DOUBLES_AT, ELEMENTS, MPI.DOUBLE, MPI.SUM);
                win.accumulate(maxima, ELEMENTS, MPI.LONG, 0, MAX_AT, ELEMENTS, MPI.LONG, MPI.MAX);
                win.flush(0);
            }
            win.unlockAll();
            System.out.printf("rank %d: %d rounds of long SUM, double SUM and long MAX accumulates in %d ms%n", me,
                longRounds, Check.millisSince(start));
            world.barrier();
            if (me == 0) {
                long ones = (long) longRounds * n;
                long high = (long) longRounds * n * (n + 1) / 2;
                for (int i = 0; i < ELEMENTS; i++) {
                    Check.equal(high << 32 | ones, base.getLong(LONGS_AT + 8 * i), "long SUM element " + i);
                    Check.equal(high, Math.round(base.getDouble(DOUBLES_AT + 8 * i)), "double SUM element " + i);
                    Check.equal(((long) (longRounds - 1) * n + n - 1) * ELEMENTS + i, base.getLong(MAX_AT + 8 * i),
                        "long MAX element " + i);
                }
            }
        });

        Check.step("accumulate(SUM) and fetchAndOp(SUM) mixed on one long: exact", () -> {
            ByteBuffer one = MPI.newByteBuffer(8);
            ByteBuffer old = MPI.newByteBuffer(8);
            one.putLong(0, 1);
            int count = Math.max(1, perRank / 10);
            win.lockAll(0);
            for (int i = 0; i < count; i++) {
                if ((me + i) % 2 == 0) {
                    win.accumulate(one, 1, MPI.LONG, 0, MIXED_AT, 1, MPI.LONG, MPI.SUM);
                } else {
                    win.fetchAndOp(one, old, MPI.LONG, 0, MIXED_AT, MPI.SUM);
                }
                win.flush(0);
            }
            win.unlockAll();
            world.barrier();
            if (me == 0) {
                Check.equal((long) count * n, base.getLong(MIXED_AT), "the long after accumulates and fetchAndOps");
            }
        });

        win.free();
        Check.done();
    }
}

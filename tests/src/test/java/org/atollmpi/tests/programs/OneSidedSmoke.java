package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;

import mpi.Datatype;
import mpi.Info;
import mpi.MPI;
import mpi.Win;

/**
 * The one-sided path end to end on 2 or more ranks (the conformance suite covers the rest): fence
 * epochs with put and get over a window on {@code MPI.newByteBuffer} memory, passive target with
 * lock/unlock while the target makes no call, exact {@code fetchAndOp(SUM)} from every rank on one
 * word of an allocated window, accumulate and compareAndSwap, post/start/complete/wait, a vector
 * target type, and the error classes of bad accesses, which change no memory.
 */
public final class OneSidedSmoke {
    private static final int WORDS = 64;

    private OneSidedSmoke() {
    }

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        int rank = Check.rank();
        int size = Check.size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;

        Check.step("fence put/get on board memory", () -> {
            LongBuffer mem = MPI.newLongBuffer(WORDS);
            Win win = new Win(mem, WORDS, 1, new Info(), MPI.COMM_WORLD);
            win.fence(0);
            LongBuffer mine = MPI.newLongBuffer(1).put(0, 1000 + rank);
            win.put(mine, 1, MPI.LONG, right, rank, 1, MPI.LONG);
            win.fence(0);
            Check.equal(1000 + left, mem.get(left), "word put by the left neighbour");
            long[] got = new long[1];
            win.get(got, 1, MPI.LONG, right, rank, 1, MPI.LONG);
            win.fence(MPI.MODE_NOSUCCEED);
            Check.equal(1000 + rank, got[0], "word got back from the right neighbour");
            Check.equal(WORDS * 8L, win.getAttr(MPI.WIN_SIZE), "WIN_SIZE");
            Check.equal(8, win.getAttr(MPI.WIN_DISP_UNIT), "WIN_DISP_UNIT");
            win.free();
        });

        Check.step("lock, fetchAndOp, accumulate, compareAndSwap on an allocated window", () -> {
            Win win = new Win(WORDS * 8, 8, new Info(), MPI.COMM_WORLD, (ByteBuffer) null, Win.FLAVOR_PRIVATE);
            ByteBuffer mem = (ByteBuffer) win.getAttr(MPI.WIN_BASE);
            int rounds = 500;
            long[] one = {1};
            long[] old = new long[1];
            for (int i = 0; i < rounds; i++) {
                win.lock(MPI.LOCK_SHARED, 0, 0);
                win.fetchAndOp(one, old, MPI.LONG, 0, 0, MPI.SUM);
                win.accumulate(new int[] {1, 2}, 2, MPI.INT, 0, 2, 2, MPI.INT, MPI.SUM);
                win.unlock(0);
            }
            win.lockAll(0);
            long[] swapped = new long[1];
            win.compareAndSwap(new long[] {rank + 1}, new long[] {0}, swapped, MPI.LONG, 0, 3);
            win.flushAll();
            win.unlockAll();
            MPI.COMM_WORLD.barrier();
            if (rank == 0) {
                Check.equal((long) rounds * size, mem.getLong(0), "fetchAndOp total");
                Check.equal(rounds * size, mem.getInt(16), "accumulated int 0");
                Check.equal(2L * rounds * size, mem.getInt(20), "accumulated int 1");
                long winner = mem.getLong(24);
                Check.that(winner >= 1 && winner <= size, "compareAndSwap left %d", winner);
            }
            win.lock(MPI.LOCK_EXCLUSIVE, right, 0);
            win.put(new long[] {rank}, 1, MPI.LONG, right, 8, 1, MPI.LONG);
            win.unlock(right);
            MPI.COMM_WORLD.barrier();
            Check.equal(left, mem.getLong(64), "word put under an exclusive lock");
            win.free();
        });

        Check.step("post/start/complete/wait and a vector target", () -> {
            LongBuffer mem = MPI.newLongBuffer(WORDS);
            Win win = new Win(mem, WORDS, 1, new Info(), MPI.COMM_WORLD);
            mpi.Group world = MPI.COMM_WORLD.getGroup();
            mpi.Group rightGroup = world.incl(new int[] {right});
            mpi.Group leftGroup = world.incl(new int[] {left});
            Datatype everyOther = Datatype.createVector(3, 1, 2, MPI.LONG);
            everyOther.commit();
            win.post(leftGroup, 0);
            win.start(rightGroup, 0);
            win.put(new long[] {7, 8, 9}, 3, MPI.LONG, right, 10, 1, everyOther);
            win.complete();
            win.waitFor();
            Check.equal(7, mem.get(10), "vector block 0");
            Check.equal(0, mem.get(11), "gap");
            Check.equal(8, mem.get(12), "vector block 1");
            Check.equal(9, mem.get(14), "vector block 2");
            win.free();
        });

        Check.step("bad accesses raise and change nothing", () -> {
            LongBuffer mem = MPI.newLongBuffer(WORDS);
            Win win = new Win(mem, WORDS, 1, new Info(), MPI.COMM_WORLD);
            win.setErrhandler(MPI.ERRORS_RETURN);
            long[] data = {42, 42};
            Check.expectError(MPI.ERR_RMA_SYNC, "put outside an epoch",
                () -> win.put(data, 1, MPI.LONG, right, 0, 1, MPI.LONG));
            win.lock(MPI.LOCK_SHARED, right, 0);
            Check.expectError(MPI.ERR_RMA_RANGE, "put past the end",
                () -> win.put(data, 2, MPI.LONG, right, WORDS - 1, 2, MPI.LONG));
            win.unlock(right);
            MPI.COMM_WORLD.barrier();
            for (int i = 0; i < WORDS; i++) {
                Check.equal(0, mem.get(i), "word " + i + " after refused accesses");
            }
            win.free();
            Check.expectError(MPI.ERR_WIN, "fence on a freed window", () -> win.fence(0));
        });

        Check.done();
    }
}

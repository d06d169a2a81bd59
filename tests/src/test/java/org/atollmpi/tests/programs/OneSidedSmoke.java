package org.atollmpi.tests.programs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.Arrays;

import mpi.Datatype;
import mpi.Info;
import mpi.MPI;
import mpi.Win;

/**
 * The one-sided path end to end on 2 or more ranks (the conformance suite covers the rest): fence
 * epochs with put and get over a window on {@code MPI.newByteBuffer} memory, passive target with
 * lock/unlock while the target makes no call, exact {@code fetchAndOp(SUM)} from every rank on one
 * word of an allocated window, accumulate and compareAndSwap, post/start/complete/wait, a vector
 * target type, a window over a heap array (served by the target's engine), and the error classes
 * of bad accesses, which change no memory.
 *
 * <p>Argument {@code noshared}: the ranks share no memory (the TCP board), so the steps leave out
 * what needs it, {@code sharedQuery} and a window allocated as shared, and allocate it privately.
 */
public final class OneSidedSmoke {
    private static final int WORDS = 64;
    private static final VarHandle WORD = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private OneSidedSmoke() {
    }

    public static void main(String[] args) {
        boolean shared = !Arrays.asList(Check.init(args)).contains("noshared");
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
            // MPI.newLongBuffer is board memory: the NIC reaches it, so a neighbour can map it too
            if (shared) {
                Check.equal(1000 + rank, win.sharedQuery(right).getLong(8 * rank), "my word in the right neighbour's memory");
            }
            long[] got = new long[1];
            win.get(got, 1, MPI.LONG, right, rank, 1, MPI.LONG);
            win.fence(MPI.MODE_NOSUCCEED);
            Check.equal(1000 + rank, got[0], "word got back from the right neighbour");
            Check.equal(WORDS * 8, win.getAttr(MPI.WIN_SIZE), "WIN_SIZE, an Integer as Open MPI's");
            Check.equal(8, win.getAttr(MPI.WIN_DISP_UNIT), "WIN_DISP_UNIT");
            win.free();
        });

        Check.step("lock, fetchAndOp, accumulate, compareAndSwap on an allocated shared window", () -> {
            Win win = new Win(WORDS * 8, 8, new Info(), MPI.COMM_WORLD, (ByteBuffer) null,
                shared ? Win.FLAVOR_SHARED : Win.FLAVOR_PRIVATE);
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
            if (shared) {
                ByteBuffer neighbour = win.sharedQuery(left);
                Check.equal((left + size - 1) % size, neighbour.getLong(64), "the left neighbour's word, through sharedQuery");
            }
            win.free();
        });

        Check.step("passive target: the target makes no MPI call while the others lock, put and unlock", () -> {
            Win win = new Win(WORDS * 8, 8, new Info(), MPI.COMM_WORLD, (ByteBuffer) null, Win.FLAVOR_PRIVATE);
            ByteBuffer mem = (ByteBuffer) win.getAttr(MPI.WIN_BASE);
            MPI.COMM_WORLD.barrier();
            if (rank == 0) {
                // waits for every other rank's word without entering MPI: only the NIC can deliver them
                long deadline = System.nanoTime() + 30_000_000_000L;
                for (int r = 1; r < size; r++) {
                    while ((long) WORD.getVolatile(mem, 8 * r) != 5000 + r) {
                        Check.that(System.nanoTime() < deadline, "word of rank %d never arrived", r);
                        Thread.onSpinWait();
                    }
                }
            } else {
                win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                long[] back = new long[1];
                win.put(new long[] {5000 + rank}, 1, MPI.LONG, 0, rank, 1, MPI.LONG);
                win.flush(0);
                win.get(back, 1, MPI.LONG, 0, rank, 1, MPI.LONG);
                win.unlock(0);
                Check.equal(5000 + rank, back[0], "word read back under the lock");
            }
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

        Check.step("request forms, getAccumulate, other types and operations, derived origin", () -> {
            Win win = new Win(WORDS * 8, 8, new Info(), MPI.COMM_WORLD, (ByteBuffer) null, Win.FLAVOR_PRIVATE);
            ByteBuffer mem = (ByteBuffer) win.getAttr(MPI.WIN_BASE);
            win.lockAll(0);
            // ints at word 1 (bytes 8..15): fetchAndOp on INT takes the accumulate lock
            int[] oldInt = new int[1];
            win.fetchAndOp(new int[] {3}, oldInt, MPI.INT, 0, 0, MPI.SUM); // disp unit 8: word 0 holds ints 0 and 1
            win.accumulate(new double[] {rank + 0.5}, 1, MPI.DOUBLE, 0, 2, 1, MPI.DOUBLE, MPI.MAX);
            long[] before = new long[2];
            win.getAccumulate(new long[] {10, 20}, 2, MPI.LONG, before, 2, MPI.LONG, 0, 3, 2, MPI.LONG, MPI.SUM);
            win.flushAll();
            win.unlockAll();
            MPI.COMM_WORLD.barrier();
            if (rank == 0) {
                Check.equal(3 * size, mem.getInt(0), "fetchAndOp on an int");
                Check.that(mem.getDouble(16) == size - 0.5, "MAX of doubles: %s", mem.getDouble(16));
                Check.equal(10L * size, mem.getLong(24), "getAccumulate word 3");
                Check.equal(20L * size, mem.getLong(32), "getAccumulate word 4");
            }
            MPI.COMM_WORLD.barrier();
            win.lock(MPI.LOCK_SHARED, right, 0);
            Datatype pairs = Datatype.createVector(2, 1, 2, MPI.LONG);
            pairs.commit();
            long[] spread = new long[3];
            mpi.Request got = win.rGet(spread, 1, pairs, right, 3, 2, MPI.LONG);
            got.waitFor();
            Check.equal(right == 0 ? 10L * size : 0, spread[0], "rGet into a vector, element 0");
            Check.equal(0, spread[1], "rGet into a vector leaves the gap");
            Check.equal(right == 0 ? 20L * size : 0, spread[2], "rGet into a vector, element 1");
            mpi.Request put = win.rPut(new long[] {rank}, 1, MPI.LONG, right, 9, 1, MPI.LONG);
            put.waitFor();
            int[] found = new int[1];
            win.compareAndSwap(new int[] {rank + 1}, new int[] {0}, found, MPI.INT, right, 10);
            win.unlock(right);
            MPI.COMM_WORLD.barrier();
            Check.equal(left, mem.getLong(72), "rPut");
            Check.equal(left + 1, mem.getInt(80), "compareAndSwap on an int");
            win.free();
        });

        Check.step("the allocating form given a buffer: the element type only, as Open MPI's", () -> {
            // An empty IntBuffer: size and dispUnit count ints; the memory is the window's own.
            java.nio.IntBuffer type = ByteBuffer.allocateDirect(0).asIntBuffer();
            Win win = new Win(WORDS, 1, new Info(), MPI.COMM_WORLD, type, Win.FLAVOR_PRIVATE);
            Check.equal(4, win.getAttr(MPI.WIN_DISP_UNIT), "disp unit of an IntBuffer window");
            Check.equal(WORDS * 4, win.getAttr(MPI.WIN_SIZE), "WIN_SIZE of WORDS ints, in bytes");
            win.lockAll(0);
            win.put(new int[] {300 + rank}, 1, MPI.INT, right, rank, 1, MPI.INT);
            win.unlockAll();
            MPI.COMM_WORLD.barrier();
            ByteBuffer mem = (ByteBuffer) win.getAttr(MPI.WIN_BASE);
            Check.equal(WORDS * 4, mem.capacity(), "the allocated memory");
            Check.equal(300 + left, mem.getInt(4 * left), "int put into the window's memory");
            win.free();
        });

        Check.step("a window over a heap array, served by the target's engine", () -> {
            long[] mem = new long[WORDS];
            Win win = new Win(mem, WORDS, 1, new Info(), MPI.COMM_WORLD);
            win.fence(0);
            win.put(new long[] {2000 + rank}, 1, MPI.LONG, right, rank, 1, MPI.LONG);
            win.accumulate(new long[] {1}, 1, MPI.LONG, 0, WORDS - 1, 1, MPI.LONG, MPI.SUM);
            win.fence(0);
            Check.equal(2000 + left, mem[left], "word put by the left neighbour");
            long[] got = new long[1];
            win.get(got, 1, MPI.LONG, right, rank, 1, MPI.LONG);
            win.fence(MPI.MODE_NOSUCCEED);
            Check.equal(2000 + rank, got[0], "word got back");
            if (rank == 0) {
                Check.equal(size, mem[WORDS - 1], "accumulated word");
            }
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

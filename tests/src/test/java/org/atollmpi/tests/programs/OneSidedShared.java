package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * Shared windows (MPI_Win_allocate_shared, {@code FLAVOR_SHARED}) and {@code Win.sharedQuery}: each
 * rank stores into its own memory directly; every rank then loads every other rank's through
 * sharedQuery, stores into the next rank's directly, and the owner sees it, each step separated by
 * {@code Win.sync} and a barrier inside a lockAll epoch (MPI's unified model); puts and direct
 * stores mix. sharedQuery also reaches a window over MPI.newByteBuffer; over a heap array it is
 * ERR_RMA_SHARED.
 */
public final class OneSidedShared {
    static final int INTS = 256;

    private OneSidedShared() {
    }

    public static void main(String[] args) {
        Check.init(args);
        int me = Check.rank();
        int n = Check.size();
        int next = (me + 1) % n;
        int prev = (me + n - 1) % n;
        Intracomm world = MPI.COMM_WORLD;

        Check.step("allocateShared: direct loads and stores of every rank's memory", () -> {
            Win win = new Win(4 * INTS, 4, MPI.INFO_NULL, world, (Buffer) null, Win.FLAVOR_SHARED);
            ByteBuffer mine = ((ByteBuffer) win.getAttr(MPI.WIN_BASE)).order(ByteOrder.nativeOrder());
            win.lockAll(0);
            for (int i = 0; i < INTS; i++) {
                mine.putInt(4 * i, me * 10_000 + i);
            }
            win.sync();
            world.barrier();
            win.sync();
            for (int r = 0; r < n; r++) {
                ByteBuffer theirs = win.sharedQuery(r).order(ByteOrder.nativeOrder());
                Check.that(theirs.capacity() >= 4 * INTS, "sharedQuery(%d) has %d bytes", r, theirs.capacity());
                for (int i = 0; i < INTS; i++) {
                    Check.equal(r * 10_000 + i, theirs.getInt(4 * i), "rank " + r + "'s element " + i + " loaded directly");
                }
            }
            world.barrier();
            ByteBuffer nextMemory = win.sharedQuery(next).order(ByteOrder.nativeOrder());
            for (int i = 0; i < INTS / 2; i++) {
                nextMemory.putInt(4 * i, -(me * 10_000 + i));
            }
            ByteBuffer v = MPI.newByteBuffer(4);
            v.putInt(0, 77 + me);
            win.put(v, 1, MPI.INT, next, INTS - 1, 1, MPI.INT);
            win.flush(next);
            win.sync();
            world.barrier();
            win.sync();
            for (int i = 0; i < INTS / 2; i++) {
                Check.equal(-(prev * 10_000 + i), mine.getInt(4 * i), "element " + i + " stored directly by " + prev);
            }
            Check.equal(77 + prev, mine.getInt(4 * (INTS - 1)), "the element " + prev + " put");
            win.unlockAll();
            win.free();
        });

        Check.step("sharedQuery on a window over MPI.newByteBuffer; ERR_RMA_SHARED over a heap array", () -> {
            ByteBuffer memory = MPI.newByteBuffer(16);
            memory.putInt(0, 500 + me);
            Win win = new Win(memory, 16, 1, MPI.INFO_NULL, world);
            win.fence(0);
            Check.equal(500 + next, win.sharedQuery(next).order(ByteOrder.nativeOrder()).getInt(0),
                "the next rank's first int, loaded directly");
            win.fence(0);
            win.free();
            Win heap = new Win(new int[4], 4, 1, MPI.INFO_NULL, world);
            heap.setErrhandler(MPI.ERRORS_RETURN);
            Check.expectError(MPI.ERR_RMA_SHARED, "sharedQuery of a heap window", () -> heap.sharedQuery(next),
                "sharedQuery");
            heap.free();
        });

        Check.done();
    }
}

package org.atollmpi.tests.programs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Info;
import mpi.MPI;
import mpi.Win;

/**
 * Dynamic windows ({@code new Win(info, comm)}, attach, detach) on 2 or more ranks. Each rank
 * attaches a buffer of board memory ({@code MPI.newByteBuffer}: reached by the origins' NIC) and
 * an {@code int[]} (served by its engine); the others reach them by displacement in attach order
 * (bytes: the first region at 0, the next at 64). Fence and passive-target epochs move the data,
 * attached board memory is reached while its owner makes no MPI call, {@code fetchAndOp} from
 * every rank is exact, an access no region covers is ERR_RMA_RANGE and changes nothing, a
 * detached region is no longer reached, memory attached again gets the next displacement, the
 * info key {@code atoll_max_attached} bounds the regions, and free detaches what is still
 * attached.
 */
public final class OneSidedDynamic {
    private static final int BYTES = 64;
    private static final VarHandle WORD = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private OneSidedDynamic() {
    }

    public static void main(String[] args) {
        Check.init(args);
        Check.needRanks(2);
        int rank = Check.rank();
        int size = Check.size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;

        Check.step("attach, then fence put/get and passive-target fetchAndOp by displacement", () -> {
            Win win = new Win(new Info(), MPI.COMM_WORLD);
            Check.equal(0L, ((Number) win.getAttr(MPI.WIN_SIZE)).longValue(), "WIN_SIZE of a dynamic window");
            Check.equal(1, ((Number) win.getAttr(MPI.WIN_DISP_UNIT)).intValue(), "WIN_DISP_UNIT of a dynamic window");
            ByteBuffer board = MPI.newByteBuffer(BYTES);
            int[] served = new int[BYTES / 4];
            win.attach(board, BYTES);          // displacement 0
            win.attach(served, BYTES / 4);     // displacement 64 (size in ints)
            win.fence(0);
            win.put(new long[] {1000 + rank}, 1, MPI.LONG, right, 8, 1, MPI.LONG);
            win.put(new int[] {2000 + rank}, 1, MPI.INT, right, BYTES + 8, 1, MPI.INT);
            win.fence(0);
            Check.equal(1000 + left, board.getLong(8), "long put into the attached board memory");
            Check.equal(2000 + left, served[2], "int put into the attached int[]");
            long[] gotLong = new long[1];
            int[] gotInt = new int[1];
            win.get(gotLong, 1, MPI.LONG, right, 8, 1, MPI.LONG);
            win.get(gotInt, 1, MPI.INT, right, BYTES + 8, 1, MPI.INT);
            win.fence(MPI.MODE_NOSUCCEED);
            Check.equal(1000 + rank, gotLong[0], "long got back");
            Check.equal(2000 + rank, gotInt[0], "int got back");

            int rounds = 200;
            win.lockAll(0);
            long[] old = new long[1];
            for (int i = 0; i < rounds; i++) {
                win.fetchAndOp(new long[] {1}, old, MPI.LONG, 0, 16, MPI.SUM);
                win.accumulate(new int[] {1}, 1, MPI.INT, 0, BYTES + 12, 1, MPI.INT, MPI.SUM);
            }
            win.unlockAll();
            MPI.COMM_WORLD.barrier(); // rank 0 enters MPI: its engine serves the int[] meanwhile
            if (rank == 0) {
                Check.equal((long) rounds * size, board.getLong(16), "fetchAndOp total in board memory");
                Check.equal(rounds * size, served[3], "accumulate total in the int[]");
            }
            win.free(); // both regions still attached: free detaches them
        });

        Check.step("passive target: attached board memory reached while its owner makes no MPI call", () -> {
            Win win = new Win(new Info(), MPI.COMM_WORLD);
            ByteBuffer board = MPI.newByteBuffer(8 * size);
            if (rank == 0) {
                win.attach(board, 8 * size);
            }
            MPI.COMM_WORLD.barrier();
            if (rank == 0) {
                // waits for every other rank's word without entering MPI: the others read this rank's
                // attachment table and write the words with the NIC alone
                long deadline = System.nanoTime() + 30_000_000_000L;
                for (int r = 1; r < size; r++) {
                    while ((long) WORD.getVolatile(board, 8 * r) != 5000 + r) {
                        Check.that(System.nanoTime() < deadline, "word of rank %d never arrived", r);
                        Thread.onSpinWait();
                    }
                }
            } else {
                long[] back = new long[1];
                win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                win.put(new long[] {5000 + rank}, 1, MPI.LONG, 0, 8 * rank, 1, MPI.LONG);
                win.flush(0);
                win.get(back, 1, MPI.LONG, 0, 8 * rank, 1, MPI.LONG);
                win.unlock(0);
                Check.equal(5000 + rank, back[0], "word read back under the lock");
            }
            win.free();
        });

        Check.step("bad accesses, detach, attach again", () -> {
            Win win = new Win(new Info(), MPI.COMM_WORLD);
            win.setErrhandler(MPI.ERRORS_RETURN);
            ByteBuffer board = MPI.newByteBuffer(BYTES);
            int[] served = new int[BYTES / 4];
            win.attach(board, BYTES);
            win.attach(served, BYTES / 4);
            MPI.COMM_WORLD.barrier();
            long[] data = {42, 42};
            win.lock(MPI.LOCK_EXCLUSIVE, right, 0);
            Check.expectError(MPI.ERR_RMA_RANGE, "put past every attached region",
                () -> win.put(data, 1, MPI.LONG, right, 2 * BYTES, 1, MPI.LONG), "attached");
            Check.expectError(MPI.ERR_RMA_RANGE, "put across two regions",
                () -> win.put(data, 2, MPI.LONG, right, BYTES - 8, 2, MPI.LONG));
            win.unlock(right);
            Check.expectError(MPI.ERR_RMA_ATTACH, "detach of memory not attached",
                () -> win.detach(MPI.newByteBuffer(8)));
            Check.expectError(MPI.ERR_RMA_SHARED, "sharedQuery on a dynamic window", () -> win.sharedQuery(right),
                "dynamic");
            MPI.COMM_WORLD.barrier();
            for (int i = 0; i < BYTES / 8; i++) {
                Check.equal(0, board.getLong(8 * i), "board word " + i + " after refused accesses");
            }
            for (int i = 0; i < served.length; i++) {
                Check.equal(0, served[i], "int " + i + " after refused accesses");
            }

            win.detach(served);
            MPI.COMM_WORLD.barrier();
            win.lock(MPI.LOCK_EXCLUSIVE, right, 0);
            win.put(new int[] {7}, 1, MPI.INT, right, BYTES, 1, MPI.INT);
            Check.expectError(MPI.ERR_RMA_RANGE, "put into a detached region", () -> win.unlock(right));
            MPI.COMM_WORLD.barrier();
            Check.equal(0, served[0], "the detached int[] is unchanged");

            win.attach(served, BYTES / 4); // the next displacement: 128
            MPI.COMM_WORLD.barrier();
            win.lock(MPI.LOCK_EXCLUSIVE, right, 0);
            win.put(new int[] {3000 + rank}, 1, MPI.INT, right, 2 * BYTES + 4, 1, MPI.INT);
            win.unlock(right);
            MPI.COMM_WORLD.barrier();
            Check.equal(3000 + left, served[1], "int put into memory attached again, at displacement 132");
            win.detach(served);
            win.detach(board);
            win.free();
            Check.expectError(MPI.ERR_WIN, "attach on a freed window", () -> win.attach(board, BYTES));
        });

        Check.step("info key atoll_max_attached bounds the regions", () -> {
            Info info = new Info();
            info.set(Win.MAX_ATTACHED_KEY, "2");
            Win win = new Win(info, MPI.COMM_WORLD);
            win.setErrhandler(MPI.ERRORS_RETURN);
            ByteBuffer a = MPI.newByteBuffer(8);
            ByteBuffer b = MPI.newByteBuffer(8);
            win.attach(a, 8);
            win.attach(b, 8);
            Check.expectError(MPI.ERR_RMA_ATTACH, "a third region", () -> win.attach(new long[1], 1),
                "atoll_max_attached");
            win.free();
        });

        Check.done();
    }
}

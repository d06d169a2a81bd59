package org.atollmpi.tests.programs;

import java.nio.Buffer;

import mpi.MPI;
import mpi.Win;

import org.atollmpi.nic.shm.HostileBoardWriter;

/**
 * A rank corrupts the shm board on purpose, through its own mapping, as a hostile or broken
 * process could; the job must end with a message naming the rank and the field (driven by
 * {@code BoardCorruptionJobTest}, on 3 ranks, default error handler ERRORS_ARE_FATAL).
 *
 * <ul>
 * <li>{@code ring}: rank 1 appends to rank 0's receive ring a record of 768 MiB;</li>
 * <li>{@code slot}: rank 1 publishes to rank 0 a fast-send slot of 200 bytes (40 at most);</li>
 * <li>{@code notification}: rank 1 posts to rank 0 a notification whose source is rank 4242;</li>
 * <li>{@code window}: rank 0 points its window's descriptor at the board header, and rank 1 Gets
 * from it.</li>
 * </ul>
 * Rank 0 (rank 1 for {@code window}) then waits for a message from the corrupting rank; the
 * others wait for one that never comes, so only the launcher ends them.
 */
public final class CorruptBoard {
    /**
     * The engine's envelope of an eager message on context 0, tag 0 (kind 1 in the top byte), and
     * a sequence number ahead of any this job reaches: an engine that trusted the length would
     * copy it, in turn or held ahead (which is what crashed the JVM before the board checked it).
     */
    private static final long EAGER_ENVELOPE = 1L << 56;
    private static final long LATER_SEQUENCE = 1000L << 32;

    private CorruptBoard() {
    }

    public static void main(String[] args) {
        String field = Check.init(args)[0];
        Check.needRanks(3);
        Check.printJobId();
        int[] buf = new int[1];
        if (field.equals("window")) {
            window();
            return;
        }
        MPI.COMM_WORLD.barrier();
        if (Check.rank() == 1) {
            HostileBoardWriter board = HostileBoardWriter.ofThisProcess();
            switch (field) {
                case "ring" -> board.receiveRingRecord(0, 1, 768 << 20, EAGER_ENVELOPE, LATER_SEQUENCE);
                case "slot" -> board.fastSlot(0, 1, 200, EAGER_ENVELOPE, LATER_SEQUENCE);
                case "notification" -> board.notification(0, 4242);
                default -> throw new IllegalArgumentException("unknown field " + field);
            }
            System.out.println("CORRUPTED " + field);
            System.out.flush();
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 0);
        } else if (Check.rank() == 0) {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 1, 0);
            System.out.println("STILL ALIVE AFTER A CORRUPT BOARD");
        } else {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 0);
        }
        Check.done();
    }

    private static void window() {
        Win win = new Win(64, 1, MPI.INFO_NULL, MPI.COMM_WORLD, (Buffer) null, Win.FLAVOR_PRIVATE);
        win.fence(0);
        if (Check.rank() == 0) {
            int rewritten = HostileBoardWriter.ofThisProcess().windowBases(0, 0);
            System.out.println("CORRUPTED window (" + rewritten + " descriptors)");
            System.out.flush();
        }
        MPI.COMM_WORLD.barrier();
        if (Check.rank() == 1) {
            win.get(MPI.newByteBuffer(8), 8, MPI.BYTE, 0, 0, 8, MPI.BYTE);
            win.fence(0);
            System.out.println("STILL ALIVE AFTER A CORRUPT BOARD");
        }
        int[] buf = new int[1];
        MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 1, 0);
    }
}

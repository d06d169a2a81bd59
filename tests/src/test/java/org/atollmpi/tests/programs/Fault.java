package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;

import mpi.Info;
import mpi.MPI;
import mpi.Win;

/**
 * Runs one phase of work for ever on 3 ranks, so that a test can {@code kill -9} rank 1 (the
 * victim) in the middle of it. The victim prints {@code REACHED PID=<pid>} once it is well inside
 * the phase (never its rank: a line naming the rank can only come from the launcher); rank 0
 * prints {@code JOB=<id>}.
 *
 * <ul>
 * <li>{@code send-large}: the victim sends 8 MiB messages to rank 0 one after another (a kill falls
 * mid-transfer), rank 2 waits in a receive from the victim;</li>
 * <li>{@code recv-wait}: the victim computes, both others wait in a receive from it;</li>
 * <li>{@code allreduce}: all loop over a 64 KiB allreduce and a bcast;</li>
 * <li>{@code lock-put}: passive target: each rank locks its right neighbour exclusively, puts
 * 64 KiB, flushes and unlocks, round after round (the victim may die holding a lock);</li>
 * <li>{@code fence}: active target: fence, 64 KiB put to the right neighbour, fence.</li>
 * </ul>
 */
public final class Fault {
    static final int VICTIM = 1;
    private static final int LARGE = 8 << 20;
    private static final int CHUNK = 64 << 10;
    /** Rounds the victim completes before it says it is inside the phase. */
    private static final int WARM_ROUNDS = 5;

    private Fault() {
    }

    public static void main(String[] args) {
        String phase = Check.init(args)[0];
        Check.needRanks(3);
        Check.printJobId();
        int rank = Check.rank();
        int size = Check.size();
        MPI.COMM_WORLD.barrier();
        switch (phase) {
            case "send-large" -> sendLarge(rank);
            case "recv-wait" -> recvWait(rank);
            case "allreduce" -> allreduce(rank);
            case "lock-put" -> lockPut(rank, size);
            case "fence" -> fence(rank, size);
            default -> throw new IllegalArgumentException("unknown phase " + phase);
        }
        // never reached: every phase runs until the victim is killed and mpirun ends the job
        Check.done();
    }

    private static void sendLarge(int rank) {
        byte[] data = new byte[LARGE];
        if (rank == VICTIM) {
            for (int i = 0; ; i++) {
                MPI.COMM_WORLD.send(data, LARGE, MPI.BYTE, 0, 1);
                reached(i);
            }
        } else if (rank == 0) {
            while (true) {
                MPI.COMM_WORLD.recv(data, LARGE, MPI.BYTE, VICTIM, 1);
            }
        } else {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, VICTIM, 2);
        }
    }

    private static void recvWait(int rank) {
        if (rank == VICTIM) {
            reached(WARM_ROUNDS);
            while (true) {
                Check.sleep(100); // computing, no MPI call
            }
        }
        MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, VICTIM, 3);
    }

    private static void allreduce(int rank) {
        double[] in = new double[CHUNK / 8];
        double[] out = new double[CHUNK / 8];
        int[] word = new int[1];
        for (int i = 0; ; i++) {
            MPI.COMM_WORLD.allReduce(in, out, in.length, MPI.DOUBLE, MPI.SUM);
            MPI.COMM_WORLD.bcast(word, 1, MPI.INT, 0);
            if (rank == VICTIM) {
                reached(i);
            }
        }
    }

    private static void lockPut(int rank, int size) {
        Win win = new Win(CHUNK, 1, new Info(), MPI.COMM_WORLD, (ByteBuffer) null, Win.FLAVOR_PRIVATE);
        ByteBuffer data = MPI.newByteBuffer(CHUNK);
        int right = (rank + 1) % size;
        for (int i = 0; ; i++) {
            win.lock(MPI.LOCK_EXCLUSIVE, right, 0);
            win.put(data, CHUNK, MPI.BYTE, right, 0, CHUNK, MPI.BYTE);
            win.flush(right);
            win.unlock(right);
            if (rank == VICTIM) {
                reached(i);
            }
        }
    }

    private static void fence(int rank, int size) {
        Win win = new Win(CHUNK, 1, new Info(), MPI.COMM_WORLD, (ByteBuffer) null, Win.FLAVOR_PRIVATE);
        ByteBuffer data = MPI.newByteBuffer(CHUNK);
        int right = (rank + 1) % size;
        for (int i = 0; ; i++) {
            win.fence(0);
            win.put(data, CHUNK, MPI.BYTE, right, 0, CHUNK, MPI.BYTE);
            win.fence(0);
            if (rank == VICTIM) {
                reached(i);
            }
        }
    }

    private static void reached(int round) {
        if (round == WARM_ROUNDS) {
            System.out.println("REACHED PID=" + ProcessHandle.current().pid());
            System.out.flush();
        }
    }
}

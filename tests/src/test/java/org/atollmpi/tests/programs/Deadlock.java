package org.atollmpi.tests.programs;

import java.nio.ByteBuffer;

import mpi.Info;
import mpi.MPI;
import mpi.Win;

/**
 * Jobs that never end, for {@code mpirun --timeout} to diagnose. Each rank prints
 * {@code STUCK PID=<pid>} just before the call it stays in (so a test can stop it, and knows
 * every rank got there), never its rank.
 *
 * <ul>
 * <li>{@code both-recv} (2 ranks): each receives from the other first, rank 0 with tag 10, rank 1
 * with tag 11;</li>
 * <li>{@code nobody-sends} (3 ranks): rank 0 receives from rank 1 with tag 42, which never sends;
 * ranks 1 and 2 wait for rank 0 in a barrier;</li>
 * <li>{@code lock} (2 ranks): rank 1 locks rank 0's window exclusively, keeps the lock and waits in
 * a barrier; rank 0 waits to lock its own window.</li>
 * </ul>
 */
public final class Deadlock {
    private Deadlock() {
    }

    public static void main(String[] args) {
        String scenario = Check.init(args)[0];
        int rank = Check.rank();
        Check.printJobId();
        switch (scenario) {
            case "both-recv" -> {
                Check.needRanks(2);
                stuck();
                MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 1 - rank, 10 + rank);
            }
            case "nobody-sends" -> {
                Check.needRanks(3);
                stuck();
                if (rank == 0) {
                    MPI.COMM_WORLD.recv(new int[4], 4, MPI.INT, 1, 42);
                } else {
                    MPI.COMM_WORLD.barrier();
                }
            }
            case "lock" -> {
                Check.needRanks(2);
                Win win = new Win(64, 1, new Info(), MPI.COMM_WORLD, (ByteBuffer) null, Win.FLAVOR_PRIVATE);
                if (rank == 1) {
                    win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                }
                MPI.COMM_WORLD.barrier();
                stuck();
                if (rank == 0) {
                    win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                } else {
                    MPI.COMM_WORLD.barrier();
                }
            }
            default -> throw new IllegalArgumentException("unknown scenario " + scenario);
        }
        Check.done();
    }

    private static void stuck() {
        System.out.println("STUCK PID=" + ProcessHandle.current().pid());
        System.out.flush();
    }
}

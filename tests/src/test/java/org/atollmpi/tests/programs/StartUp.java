package org.atollmpi.tests.programs;

import mpi.MPI;

/**
 * Ranks that leave or never reach {@code MPI_Init} while others are in it, and a job that never
 * uses MPI; driven by {@code StartUpTest}. The argument says what rank 1 does; rank 0 (and any
 * other) calls {@code Init} and {@code Finalize}, except under {@code no-mpi}.
 *
 * <ul>
 * <li>{@code exit}: rank 1 prints {@code LEAVING} and exits 0 without calling {@code Init};</li>
 * <li>{@code die}: rank 1 exits with status 4 before {@code Init};</li>
 * <li>{@code sleep}: rank 1 sleeps for ten minutes before {@code Init};</li>
 * <li>{@code no-mpi}: no rank calls MPI; each prints {@code NO MPI <rank>}.</li>
 * </ul>
 */
public final class StartUp {
    public static void main(String[] args) throws InterruptedException {
        String mode = args.length > 0 ? args[0] : "";
        int rank = Integer.parseInt(System.getenv("OMPI_COMM_WORLD_RANK"));
        if (mode.equals("no-mpi")) {
            System.out.println("NO MPI " + rank);
            return;
        }
        if (rank == 1) {
            switch (mode) {
                case "exit" -> {
                    System.out.println("LEAVING");
                    System.out.flush();
                    return;
                }
                case "die" -> {
                    System.out.println("LEAVING");
                    System.out.flush();
                    System.exit(4);
                }
                case "sleep" -> Thread.sleep(600_000);
                default -> throw new IllegalArgumentException("usage: StartUp exit|die|sleep|no-mpi");
            }
        }
        Check.init(args);
        Check.done();
    }
}

package org.atollmpi.launch;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.atollmpi.runtime.boot.JobBootstrap;

/**
 * A rank program for the launcher tests; it uses only {@link JobBootstrap}. Like the shm board,
 * it creates its node's board file and leaves it there, so the tests see that mpirun removes it.
 *
 * <pre>
 *   hello                  print who it is, barrier, finalize
 *   exclusive              hello, but the node's first rank creates the board file as the shm board does
 *                          (O_EXCL), and exits 3 if the name is taken
 *   exit R CODE            rank R calls System.exit(CODE) after a barrier; the others sleep
 *   throw R                rank R throws after a barrier; the others sleep
 *   pid                    every rank prints "PID rank pid" and sleeps
 *   abort R CODE           rank R aborts the job with CODE after a barrier; the others sleep
 *   barrier DIR ROUNDS     barriers and exchanges, checking no rank leaves early
 *   env VAR...             print VAR=value for each
 *   nofinalize             barrier, then exit 0 without finalizing
 *   cat                    copy stdin to stdout (only rank 0 has mpirun's stdin), then barrier
 *   plain                  print whether it runs under mpirun, without joining the job
 *   gate FILE              the last rank joins only once FILE exists (rank 0 prints "SERVER address"
 *                          first), then barrier, finalize
 * </pre>
 */
public final class TestRank {
    private static final long SLEEP_MS = 120_000;

    private TestRank() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        if (mode.equals("plain")) {
            System.out.println("under mpirun: " + (System.getenv("ATOLL_JOB_SERVER") != null));
            return;
        }
        if (mode.equals("gate") && System.getenv("ATOLL_RANK").equals(Integer.toString(
                Integer.parseInt(System.getenv("ATOLL_SIZE")) - 1))) {
            while (!Files.exists(Path.of(args[1]))) {
                Thread.sleep(20);
            }
        }
        JobBootstrap job = JobBootstrap.fromEnvironment();
        if (job == null) {
            System.out.println("singleton");
            return;
        }
        if (mode.equals("exclusive")) {
            // as the shm board does: the node's first rank creates the file, and fails if it exists
            if (job.rank() == job.localRanks()[0]) {
                try {
                    Files.createFile(job.boardPath());
                } catch (FileAlreadyExistsException e) {
                    System.out.println("board " + job.boardPath() + " already exists");
                    System.exit(3);
                }
            }
            mode = "hello";
        } else {
            try {
                Files.createFile(job.boardPath());
            } catch (FileAlreadyExistsException e) {
                // another rank of the node created it: attach, as the shm board does
            }
        }
        int rank = job.rank();
        if (rank == 0) {
            System.out.println("JOB " + job.jobId() + " BOARD " + job.boardPath());
            if (mode.equals("gate")) {
                System.out.println("SERVER " + System.getenv("ATOLL_JOB_SERVER"));
            }
            System.out.flush();
        }
        switch (mode) {
            case "hello" -> {
                System.out.println("hello from rank " + rank + " of " + job.size() + " on " + job.hostName()
                        + " local " + Arrays.toString(job.localRanks()));
                job.barrier();
            }
            case "exit" -> {
                job.barrier();
                if (rank == Integer.parseInt(args[1])) {
                    System.out.println("EXITING " + System.currentTimeMillis());
                    System.out.flush();
                    System.exit(Integer.parseInt(args[2]));
                }
                Thread.sleep(SLEEP_MS);
            }
            case "throw" -> {
                job.barrier();
                if (rank == Integer.parseInt(args[1])) {
                    throw new IllegalStateException("rank " + rank + " fails on purpose");
                }
                Thread.sleep(SLEEP_MS);
            }
            case "pid" -> {
                System.out.println("PID " + rank + " " + ProcessHandle.current().pid());
                System.out.flush();
                Thread.sleep(SLEEP_MS);
            }
            case "abort" -> {
                job.barrier();
                if (rank == Integer.parseInt(args[1])) {
                    System.out.println("ABORTING " + System.currentTimeMillis());
                    System.out.flush();
                    job.abort(Integer.parseInt(args[2]), false, "test abort from rank " + rank);
                    System.out.println("abort returned");
                    System.exit(99);
                }
                Thread.sleep(SLEEP_MS);
            }
            case "barrier" -> barriers(job, Path.of(args[1]), Integer.parseInt(args[2]));
            case "env" -> {
                for (int i = 1; i < args.length; i++) {
                    System.out.println("rank " + rank + " " + args[i] + "=" + System.getenv(args[i]));
                }
            }
            case "cat" -> {
                System.in.transferTo(System.out);
                System.out.flush();
                job.barrier();
            }
            case "gate" -> job.barrier();
            case "nofinalize" -> {
                job.barrier();
                System.exit(0);
            }
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        }
        job.finalized();
        job.close();
    }

    /**
     * Each round, ranks arrive at different times and leave a mark before the barrier; after it,
     * every rank must see every mark. The exchange must return every rank's blob in rank order.
     */
    private static void barriers(JobBootstrap job, Path dir, int rounds) throws Exception {
        int rank = job.rank();
        for (int round = 0; round < rounds; round++) {
            Thread.sleep(rank * 40L);
            Files.createFile(dir.resolve(round + "-" + rank));
            job.barrier();
            for (int r = 0; r < job.size(); r++) {
                if (!Files.exists(dir.resolve(round + "-" + r))) {
                    System.out.println("rank " + rank + " left barrier " + round + " before rank " + r + " arrived");
                    System.exit(10);
                }
            }
            byte[][] all = job.exchange(("rank " + rank + " round " + round).getBytes(StandardCharsets.UTF_8));
            for (int r = 0; r < job.size(); r++) {
                String expected = "rank " + r + " round " + round;
                if (!expected.equals(new String(all[r], StandardCharsets.UTF_8))) {
                    System.out.println("rank " + rank + " got a wrong blob for rank " + r);
                    System.exit(11);
                }
            }
        }
        System.out.println("rank " + rank + " passed " + rounds + " barriers");
    }
}

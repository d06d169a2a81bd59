package org.atollmpi.tests.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Board files in {@code /dev/shm}: what a job leaves behind. */
public final class Shm {
    static final Path DIR = Paths.get("/dev/shm");

    private Shm() {
    }

    /**
     * The board file of a job whose ranks a PMI launcher started (Hydra, srun): {@code JobFiles}
     * names it {@code atoll-<pid>p<random hex>-n<node>}.
     */
    private static final String PMI_BOARD = "^atoll-\\d+p[0-9a-f]+-n\\d+$";

    /**
     * Runs a job that a PMI launcher starts and asserts it left no board file: with no mpirun to
     * clean up, the ranks must.
     */
    public static JobResult runLeavingNoPmiBoard(Job job) {
        Set<String> before = pmiBoards();
        JobResult result = job.run();
        Set<String> left = pmiBoards();
        left.removeAll(before);
        if (!left.isEmpty()) {
            throw new AssertionError("left in /dev/shm: " + left + "\n" + result.describe());
        }
        return result;
    }

    private static Set<String> pmiBoards() {
        Set<String> names = atollFiles();
        names.removeIf(name -> !name.matches(PMI_BOARD));
        return names;
    }

    /** Names in /dev/shm containing "atoll" (any case). */
    public static Set<String> atollFiles() {
        Set<String> names = new TreeSet<>();
        if (!Files.isDirectory(DIR)) {
            return names;
        }
        try (Stream<Path> s = Files.list(DIR)) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.toLowerCase().contains("atoll")).forEach(names::add);
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /dev/shm", e);
        }
        return names;
    }

    /**
     * Asserts that no board file of the job is left once it ended (waiting up to 2 s for the
     * launcher's clean-up): no new name in /dev/shm containing "atoll" and the job's id (printed
     * by the program as {@code JOB=<id>}; when it printed none, any new name of a job of this
     * launcher: the ids of its jobs, spawned ones too, begin with its pid and {@code x}, so the
     * jobs of other launchers running meanwhile do not count).
     */
    public static void assertNothingLeft(Set<String> before, JobResult result) {
        List<String> ids = result.matching("^JOB=\\S+");
        String jobId = ids.isEmpty() || ids.get(0).equals("JOB=null") ? null : ids.get(0).substring(4);
        long deadline = System.nanoTime() + 2_000_000_000L;
        Set<String> left;
        do {
            left = new TreeSet<>(atollFiles());
            left.removeAll(before);
            String mine = jobId != null ? jobId : "atoll-" + result.launcherPid() + "x";
            left.removeIf(name -> !name.contains(mine));
            if (left.isEmpty()) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        } while (System.nanoTime() < deadline);
        String job = jobId != null ? jobId : "of launcher " + result.launcherPid();
        throw new AssertionError("left in /dev/shm after job " + job + ": " + left + "\n" + result.describe());
    }
}

package org.atollmpi.tests.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Board files in {@code /dev/shm}: what a job leaves behind. */
public final class Shm {
    static final Path DIR = Paths.get("/dev/shm");

    private Shm() {
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
     * Asserts that no board file appeared since {@code before} was taken (waiting up to 2 s for
     * the launcher's clean-up). Files of other jobs that ran meanwhile would show up too: run the
     * tests alone.
     */
    public static void assertNothingLeft(Set<String> before, JobResult result) {
        long deadline = System.nanoTime() + 2_000_000_000L;
        Set<String> left;
        do {
            left = new TreeSet<>(atollFiles());
            left.removeAll(before);
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
        throw new AssertionError("left in /dev/shm after the job: " + left + "\n" + result.describe());
    }
}

package org.atollmpi.runtime.boot;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a job's boards are, and the files it leaves there, {@code atoll-<jobid>-*}: boards and
 * whatever the boards keep beside them. mpirun removes them at every ending of the job; ranks that lose mpirun
 * remove them before halting, since no one else will.
 */
public final class JobFiles {
    private JobFiles() {
    }

    /** Where boards live: {@code /dev/shm} (memory, not disk) where there is one, else the temp directory. */
    public static Path boardDirectory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** This machine's name, for ranks whose mpirun did not name their node. */
    public static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /**
     * Removes every file and directory of job {@code jobId} in {@code dir}.
     *
     * @return what could not be removed, with the reason; empty when all is gone
     */
    public static List<String> deleteAll(Path dir, String jobId) {
        List<String> failures = new ArrayList<>();
        String prefix = BootProtocol.jobFilePrefix(jobId);
        List<Path> roots;
        try (Stream<Path> entries = Files.list(dir)) {
            roots = entries.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
        } catch (IOException e) {
            failures.add(dir + ": " + e.getMessage());
            return failures;
        }
        for (Path root : roots) {
            try (Stream<Path> tree = Files.walk(root)) {
                for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                failures.add(root + ": " + e.getMessage());
            }
        }
        return failures;
    }
}

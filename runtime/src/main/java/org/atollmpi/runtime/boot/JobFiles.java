package org.atollmpi.runtime.boot;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /** mpirun's job ids: its pid, 'x', four hex digits ({@code Job}); the files {@code atoll-<id>-...}. */
    private static final Pattern MPIRUN_JOB_FILE = Pattern.compile("atoll-(\\d{1,10})x[0-9a-f]{4}-.*");

    /**
     * Removes the files of earlier jobs whose mpirun is gone: a job killed outright (every process
     * {@code kill -9}ed before its board was unlinked) leaves its board behind, and no one else
     * would remove it. Only this user's own entries, never through a symbolic link, and only
     * names an mpirun made whose pid is no longer a live process (a reused pid keeps its files:
     * the next sweep gets them). Quiet: housekeeping, not the job's business.
     *
     * @return the names removed
     */
    public static List<String> removeOrphans(Path dir) {
        List<String> removed = new ArrayList<>();
        UserPrincipal me;
        List<Path> candidates;
        try (Stream<Path> entries = Files.list(dir)) {
            me = dir.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
            candidates = entries.toList();
        } catch (IOException | RuntimeException e) {
            return removed;
        }
        for (Path p : candidates) {
            Matcher m = MPIRUN_JOB_FILE.matcher(p.getFileName().toString());
            if (!m.matches() || ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive).orElse(false)) {
                continue;
            }
            try {
                if (Files.isSymbolicLink(p) || !me.equals(Files.getOwner(p, LinkOption.NOFOLLOW_LINKS))) {
                    continue;
                }
                try (Stream<Path> tree = Files.walk(p)) {
                    for (Path q : tree.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(q);
                    }
                }
                removed.add(p.getFileName().toString());
            } catch (IOException e) {
                // another mpirun sweeping at the same time, or not ours to remove: leave it
            }
        }
        return removed;
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

package org.atollmpi.runtime.boot;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.atollmpi.nic.KernelRandom;

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
     * mpirun's job ids: its pid, 'x', 32 hex digits (128 random bits, {@link #newJobId}); the
     * files {@code atoll-<id>-...}. Ids of 4 hex digits are what earlier versions made: their
     * files are swept all the same.
     */
    private static final Pattern MPIRUN_JOB_FILE = Pattern.compile("atoll-(\\d{1,10})x(?:[0-9a-f]{32}|[0-9a-f]{4})-.*");

    /** Random hex digits in a job id: 128 bits, so that no one can name a job's files before they appear. */
    public static final int RANDOM_HEX_DIGITS = 32;

    /** Ids {@link #newJobId} tries before it gives up. */
    private static final int ID_ATTEMPTS = 8;

    /**
     * 128 random bits from the kernel as 32 hex digits (no '-': board names are split at it).
     * {@link KernelRandom}, not {@code SecureRandom}, whose first use costs a JVM ~20-30 ms of
     * start-up (docs/BENCHMARKS.md, "Start-up").
     */
    public static String randomToken() {
        byte[] bits = new byte[RANDOM_HEX_DIGITS / 2];
        KernelRandom.nextBytes(bits);
        return HexFormat.of().formatHex(bits);
    }

    /**
     * A fresh job id {@code <pid><tag><32 hex digits>} whose files do not exist in {@code dir}:
     * the pid lets {@link #removeOrphans} tell a dead job's files, the 128 random bits make the
     * names impossible to guess, so no other user can create them first (a board is created
     * {@code O_EXCL} and the job would fail). Should an id's files exist all the same (someone
     * saw them, or the kernel's randomness is broken) another id is drawn.
     *
     * @param tag one letter, {@code x} for mpirun's jobs (the only ones {@link #removeOrphans} sweeps)
     * @throws IllegalStateException when every id tried is taken
     */
    public static String newJobId(Path dir, long pid, char tag) {
        return newJobId(dir, pid, tag, JobFiles::randomToken);
    }

    static String newJobId(Path dir, long pid, char tag, Supplier<String> random) {
        List<String> taken = new ArrayList<>();
        for (int attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
            String id = Long.toString(pid) + tag + random.get();
            if (!anyWithPrefix(dir, BootProtocol.jobFilePrefix(id))) {
                return id;
            }
            taken.add(id);
        }
        throw new IllegalStateException("cannot name a job: files for the job ids " + taken + " already exist in " + dir);
    }

    private static boolean anyWithPrefix(Path dir, String prefix) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.anyMatch(p -> p.getFileName().toString().startsWith(prefix));
        } catch (IOException e) {
            // an unreadable directory: the boards' O_EXCL creation is the check then
            return false;
        }
    }

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
            me = currentUser(dir);
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
                if (removeOwnTree(p, me)) {
                    removed.add(p.getFileName().toString());
                }
            } catch (IOException e) {
                // another mpirun sweeping at the same time, or not ours to remove: leave it
            }
        }
        return removed;
    }

    /**
     * Removes every file and directory of job {@code jobId} in {@code dir} that this user made:
     * the directory is world-writable, so an entry with the job's prefix that another user
     * planted (a file, a directory, a symbolic link to anywhere) is left alone, and no link is
     * ever followed.
     *
     * @return what could not be removed, with the reason; empty when all is gone
     */
    public static List<String> deleteAll(Path dir, String jobId) {
        List<String> failures = new ArrayList<>();
        String prefix = BootProtocol.jobFilePrefix(jobId);
        List<Path> roots;
        UserPrincipal me;
        try (Stream<Path> entries = Files.list(dir)) {
            roots = entries.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
            me = currentUser(dir);
        } catch (IOException e) {
            failures.add(dir + ": " + e.getMessage());
            return failures;
        }
        for (Path root : roots) {
            try {
                removeOwnTree(root, me);
            } catch (IOException e) {
                failures.add(root + ": " + e.getMessage());
            }
        }
        return failures;
    }

    private static UserPrincipal currentUser(Path dir) throws IOException {
        return dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(System.getProperty("user.name"));
    }

    /**
     * Removes {@code root} and what is in it, if {@code root} is this user's and no symbolic link.
     * Inside, entries that are not this user's are kept (and so their directory); links are
     * removed as links, never followed.
     *
     * @return whether {@code root} was this user's to remove
     */
    private static boolean removeOwnTree(Path root, UserPrincipal me) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(root, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return false;
        }
        if (attributes.isSymbolicLink() || !me.equals(Files.getOwner(root, LinkOption.NOFOLLOW_LINKS))) {
            return false;
        }
        try (Stream<Path> tree = Files.walk(root)) {
            for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
                if (p.equals(root) || me.equals(Files.getOwner(p, LinkOption.NOFOLLOW_LINKS))) {
                    Files.deleteIfExists(p);
                }
            }
        }
        return true;
    }
}

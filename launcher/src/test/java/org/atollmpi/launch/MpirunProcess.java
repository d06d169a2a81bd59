package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.atollmpi.runtime.boot.BootProtocol;
import org.atollmpi.runtime.boot.JobBootstrap;

/** An mpirun (or any command) run as a child process by a test, with its output collected. */
final class MpirunProcess implements AutoCloseable {
    static final Path SHM = Path.of("/dev/shm");
    private static final Pattern JOB_LINE = Pattern.compile("JOB (\\S+) BOARD (\\S+)");

    final Process process;
    private final StringBuffer out = new StringBuffer();
    private final StringBuffer err = new StringBuffer();
    private final List<Thread> readers = new ArrayList<>();
    private volatile long exitedAtMillis;

    private MpirunProcess(Process process) {
        this.process = process;
        readers.add(drain(process.getInputStream(), out));
        readers.add(drain(process.getErrorStream(), err));
        process.onExit().thenRun(() -> exitedAtMillis = System.currentTimeMillis());
    }

    /** The class path that holds mpirun, JobBootstrap (and the NIC interface it implements) and the test rank programs. */
    static String testClassPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : List.of(TestRank.class, Mpirun.class, JobBootstrap.class, org.atollmpi.nic.RoutingSpace.class)) {
            try {
                entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Where the test rank programs are. */
    static String testClasses() {
        try {
            return Path.of(TestRank.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** mpirun from the build's classes, in a JVM of its own, with these arguments. */
    static MpirunProcess mpirun(Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(RankCommand.ownJava(), "-cp", testClassPath(), Mpirun.class.getName()));
        cmd.addAll(List.of(args));
        return start(cmd, env, null);
    }

    static MpirunProcess start(List<String> command, Map<String, String> env, Path workDir) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("ATOLL_") || k.equals("CLASSPATH"));
        pb.environment().putAll(env);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        return new MpirunProcess(pb.start());
    }

    /** Waits for the exit status; fails the test (and kills everything) past the timeout. */
    int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            close();
            fail("mpirun still running after " + timeout + "\nstdout:\n" + out + "\nstderr:\n" + err);
        }
        for (Thread t : readers) {
            t.join(5_000);
        }
        return process.exitValue();
    }

    /** Waits for a line of stdout matching {@code pattern}; returns its match. */
    Matcher awaitLine(Pattern pattern, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = pattern.matcher(out);
            if (m.find()) {
                return m;
            }
            if (!process.isAlive() && !readers.get(0).isAlive()) {
                break;
            }
            Thread.sleep(20);
        }
        fail("no line matching " + pattern + "\nstdout:\n" + out + "\nstderr:\n" + err);
        return null;
    }

    String jobId() throws InterruptedException {
        return awaitLine(JOB_LINE, Duration.ofSeconds(30)).group(1);
    }

    Path board() throws InterruptedException {
        return Path.of(awaitLine(JOB_LINE, Duration.ofSeconds(30)).group(2));
    }

    long exitedAtMillis() {
        return exitedAtMillis;
    }

    String out() {
        return out.toString();
    }

    String err() {
        return err.toString();
    }

    /** Nothing of job {@code jobId} is left in /dev/shm. */
    static void assertNoJobFiles(String jobId) throws IOException {
        String prefix = BootProtocol.jobFilePrefix(jobId);
        try (Stream<Path> files = Files.list(SHM)) {
            List<Path> left = files.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
            assertEquals(List.of(), left, "files of job " + jobId + " left in " + SHM);
        }
    }

    /** True while {@code pid} is a process that has not exited (a zombie has). */
    static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false;
        }
    }

    /** Waits up to {@code timeout} for {@code pid} to be gone. */
    static boolean awaitGone(long pid, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (running(pid)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static Thread drain(InputStream in, StringBuffer into) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    into.append(line).append('\n');
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "test-drain");
        t.setDaemon(true);
        t.start();
        return t;
    }
}

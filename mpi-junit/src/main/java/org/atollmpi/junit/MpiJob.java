package org.atollmpi.junit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.atollmpi.junit.RankResults.Outcome;

/**
 * One {@link MpiTest} method run as an MPI job: starts {@code bin/mpirun} with {@link MpiTestRank}
 * on every rank, relays the job's output, waits within the time limit (killing the whole process
 * tree at the limit), then judges the ranks' results (see {@link #judge}).
 */
final class MpiJob {
    /** Lines of the job's output kept for a failure message. */
    static final int TAIL_LINES = 30;

    /** What to run and how. */
    record Spec(Path mpirun, int ranks, Duration timeout, boolean asyncProgress, List<String> env,
                List<String> jvmArgs, List<String> mpirunArgs, String classPath, String className,
                String methodName) {
        String testName() {
            return className.substring(className.lastIndexOf('.') + 1) + "." + methodName + "()";
        }

        List<String> command(Path resultDir, String java) {
            List<String> cmd = new ArrayList<>();
            cmd.add(mpirun.toString());
            cmd.add("-np");
            cmd.add(Integer.toString(ranks));
            cmd.add("--oversubscribe");
            if (asyncProgress) {
                cmd.add("--async-progress");
            }
            for (String e : env) {
                cmd.add("-x");
                cmd.add(e);
            }
            cmd.addAll(mpirunArgs);
            cmd.add(java);
            cmd.add("-ea");
            cmd.addAll(jvmArgs);
            cmd.add("-cp");
            cmd.add(classPath);
            cmd.add(MpiTestRank.class.getName());
            cmd.add(resultDir.toString());
            cmd.add(className);
            cmd.add(methodName);
            return cmd;
        }
    }

    private MpiJob() {
    }

    /** Runs the job; returns when every rank passed, throws {@link AssertionError} otherwise. */
    static void run(Spec spec) {
        Path dir;
        try {
            dir = Files.createTempDirectory("atoll-mpitest-");
        } catch (IOException e) {
            throw new UncheckedIOException("@MpiTest: cannot create a result directory", e);
        }
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder builder = new ProcessBuilder(spec.command(dir, java)).redirectErrorStream(true);
            // mpirun itself runs on JAVA_HOME's java: the same as this JVM's, like the ranks
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            Deque<String> tail = new ArrayDeque<>();
            Process process;
            try {
                process = builder.start();
            } catch (IOException e) {
                throw new AssertionError("@MpiTest " + spec.testName() + ": cannot start " + spec.mpirun() + ": " + e.getMessage(), e);
            }
            Thread relay = relay(process, tail);
            boolean ended = false;
            try {
                ended = process.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                if (!ended) {
                    killTree(process);
                }
            }
            try {
                relay.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            List<String> lines;
            synchronized (tail) {
                lines = List.copyOf(tail);
            }
            AssertionError failure = judge(spec.testName(), spec.ranks(), RankResults.readAll(dir, spec.ranks()),
                    ended ? process.exitValue() : null, spec.timeout(), lines);
            if (failure != null) {
                throw failure;
            }
        } finally {
            deleteQuietly(dir);
        }
    }

    /**
     * The verdict: null when every rank passed and mpirun exited 0; otherwise an
     * {@link AssertionError} whose message lists every failing rank (its exception's type,
     * message and first frames), the ranks with no result (still running at a time limit, or
     * ended with the job when a rank died or aborted it) and, for those, the job's last lines,
     * where the launcher names a rank that died. The first failing rank's exception is the
     * cause; the others' are suppressed.
     *
     * @param exitCode mpirun's exit status, or null when it was killed at the time limit
     */
    static AssertionError judge(String testName, int size, List<Outcome> outcomes, Integer exitCode, Duration timeout,
                                List<String> tail) {
        List<Outcome> failed = outcomes.stream().filter(o -> o.state() == Outcome.State.FAILED).toList();
        List<Outcome> missing = outcomes.stream().filter(o -> o.state() == Outcome.State.MISSING).toList();
        boolean timedOut = exitCode == null;
        if (!timedOut && failed.isEmpty() && missing.isEmpty() && exitCode == 0) {
            return null;
        }
        StringBuilder m = new StringBuilder("@MpiTest ").append(testName).append(": ");
        if (timedOut) {
            m.append("timed out after ").append(timeout.toSeconds()).append(" s with ").append(size)
                    .append(size == 1 ? " rank" : " ranks").append(": killed the job");
        } else if (!failed.isEmpty()) {
            m.append(failed.size()).append(" of ").append(size).append(size == 1 ? " rank" : " ranks").append(" failed");
        } else if (!missing.isEmpty()) {
            m.append("mpirun exited with ").append(exitCode).append(" before ").append(ranks(missing))
                    .append(missing.size() == 1 ? " reported a result (did it die?)" : " reported results (did one die?)");
        } else {
            m.append("every rank passed, but mpirun exited with ").append(exitCode);
        }
        for (Outcome o : failed) {
            m.append('\n').append(o.describe(size));
        }
        if (!missing.isEmpty()) {
            m.append("\nno result from ").append(ranks(missing)).append(" of ").append(size).append(": ")
                    .append(timedOut ? "still running at the time limit"
                            : failed.isEmpty() ? "ended with the job" : "ended with the job when a failing rank aborted it");
        }
        if (timedOut || !missing.isEmpty() || failed.isEmpty()) {
            m.append("\nlast lines of the job's output:");
            if (tail.isEmpty()) {
                m.append(" (none)");
            }
            for (String line : tail) {
                m.append("\n  | ").append(line);
            }
        }
        Throwable cause = failed.stream().map(Outcome::exception).filter(e -> e != null).findFirst().orElse(null);
        AssertionError error = new AssertionError(m.toString(), cause);
        failed.stream().map(Outcome::exception).filter(e -> e != null && e != cause).forEach(error::addSuppressed);
        return error;
    }

    private static String ranks(List<Outcome> outcomes) {
        return (outcomes.size() == 1 ? "rank " : "ranks ")
                + outcomes.stream().map(o -> Integer.toString(o.rank())).collect(Collectors.joining(", "));
    }

    /** Copies the job's output to this JVM's stdout (so the IDE shows it) and keeps the last lines. */
    private static Thread relay(Process process, Deque<String> tail) {
        Thread t = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    System.out.println(line);
                    synchronized (tail) {
                        tail.addLast(line);
                        if (tail.size() > TAIL_LINES) {
                            tail.removeFirst();
                        }
                    }
                }
            } catch (IOException e) {
                // the job was killed: what was read is what there is
            }
        }, "mpitest-output");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** SIGKILL to mpirun and every process under it (the ranks), then waits for mpirun. */
    private static void killTree(Process process) {
        List<ProcessHandle> tree = process.descendants().toList();
        process.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a temporary directory: the OS cleans what is left
                }
            });
        } catch (IOException e) {
            // as above
        }
    }
}

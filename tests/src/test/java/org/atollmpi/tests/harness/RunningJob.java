package org.atollmpi.tests.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A job while it runs: its output so far (stdout and stderr, each line with the time it arrived)
 * and ways to wait for a line, for the end, or to kill the whole process tree.
 */
public final class RunningJob {
    /** One line of output and when it was read (nanoTime). */
    public record Line(boolean stderr, String text, long nanos) {
    }

    private final Job job;
    private final Process process;
    private final long startNanos = System.nanoTime();
    private final List<Line> lines = new ArrayList<>();
    private final Thread outReader;
    private final Thread errReader;

    RunningJob(Job job, Process process) {
        this.job = job;
        this.process = process;
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // no input for the job either way
        }
        this.outReader = reader(process.getInputStream(), false);
        this.errReader = reader(process.getErrorStream(), true);
    }

    private Thread reader(InputStream stream, boolean stderr) {
        Thread t = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String s; (s = in.readLine()) != null; ) {
                    synchronized (lines) {
                        lines.add(new Line(stderr, s, System.nanoTime()));
                        lines.notifyAll();
                    }
                }
            } catch (IOException e) {
                // the process tree was killed: what was read is what we have
            }
        }, "job-" + (stderr ? "err" : "out"));
        t.setDaemon(true);
        t.start();
        return t;
    }

    public long pid() {
        return process.pid();
    }

    public List<Line> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /**
     * Waits until a line matches {@code regex} and returns its match; fails (killing the job) if
     * the job ends or {@code limit} passes first.
     */
    public Matcher awaitLine(String regex, Duration limit) {
        Pattern pattern = Pattern.compile(regex);
        long deadline = System.nanoTime() + limit.toNanos();
        int seen = 0;
        synchronized (lines) {
            while (true) {
                for (; seen < lines.size(); seen++) {
                    Matcher m = pattern.matcher(lines.get(seen).text());
                    if (m.find()) {
                        return m;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || (!process.isAlive() && readersDone())) {
                    break;
                }
                try {
                    lines.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 50)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        JobResult result = process.isAlive() ? killTree("no line matching /" + regex + "/ within " + limit) : await();
        throw new AssertionError("no line matching /" + regex + "/\n" + result.describe());
    }

    /** When (nanoTime) the first line matching {@code regex} arrived; -1 if none did. */
    public long lineTime(String regex) {
        Pattern pattern = Pattern.compile(regex);
        for (Line line : lines()) {
            if (pattern.matcher(line.text()).find()) {
                return line.nanos();
            }
        }
        return -1;
    }

    private boolean readersDone() {
        return !outReader.isAlive() && !errReader.isAlive();
    }

    /** Waits for the end within the job's time limit; at the limit, kills the tree and fails. */
    public JobResult await() {
        long left = job.timeout().toNanos() - (System.nanoTime() - startNanos);
        boolean ended;
        try {
            ended = process.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = false;
        }
        if (!ended) {
            JobResult killed = killTree("timed out after " + job.timeout().toSeconds() + " s");
            throw new AssertionError("job timed out\n" + killed.describe());
        }
        return finish(null);
    }

    /** Kills the process and all its descendants (SIGKILL) and returns what was captured. */
    public JobResult killTree(String why) {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        process.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return finish(why);
    }

    private JobResult finish(String killedBecause) {
        try {
            outReader.join(5000);
            errReader.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long end = System.nanoTime();
        int exit = process.isAlive() ? Integer.MIN_VALUE : process.exitValue();
        return new JobResult(job.commandLine(), process.pid(), exit, lines(), Duration.ofNanos(end - startNanos), end,
            killedBecause);
    }
}

package org.atollmpi.tests.harness;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** What a finished job did: exit status, output lines, how long it took. */
public final class JobResult {
    private final List<String> command;
    private final long launcherPid;
    private final int exitCode;
    private final List<RunningJob.Line> lines;
    private final Duration elapsed;
    private final long endNanos;
    private final String killedBecause;

    JobResult(List<String> command, long launcherPid, int exitCode, List<RunningJob.Line> lines, Duration elapsed,
              long endNanos, String killedBecause) {
        this.command = command;
        this.launcherPid = launcherPid;
        this.exitCode = exitCode;
        this.lines = lines;
        this.elapsed = elapsed;
        this.endNanos = endNanos;
        this.killedBecause = killedBecause;
    }

    /**
     * The pid of the launcher process ({@code bin/mpirun} execs its JVM), which begins the id of
     * every job it starts ({@code JobFiles.newJobId}: {@code <pid>x<random>}), spawned ones too.
     */
    public long launcherPid() {
        return launcherPid;
    }

    public int exitCode() {
        return exitCode;
    }

    public Duration elapsed() {
        return elapsed;
    }

    /** nanoTime at which the job was seen to end. */
    public long endNanos() {
        return endNanos;
    }

    public String stdout() {
        return join(false);
    }

    public String stderr() {
        return join(true);
    }

    /** stdout and stderr interleaved in arrival order. */
    public String output() {
        return lines.stream().map(RunningJob.Line::text).collect(Collectors.joining("\n"));
    }

    private String join(boolean stderr) {
        return lines.stream().filter(l -> l.stderr() == stderr).map(RunningJob.Line::text)
                .collect(Collectors.joining("\n"));
    }

    /** Lines (stdout and stderr) that match {@code regex} somewhere. */
    public List<String> matching(String regex) {
        Pattern p = Pattern.compile(regex);
        List<String> out = new ArrayList<>();
        for (RunningJob.Line l : lines) {
            if (p.matcher(l.text()).find()) {
                out.add(l.text());
            }
        }
        return out;
    }

    /** Everything a failure message needs: the command, the exit status, the time, the output. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append("command: ").append(String.join(" ", command)).append('\n');
        b.append("exit: ").append(exitCode == Integer.MIN_VALUE ? "still running" : Integer.toString(exitCode));
        b.append(", elapsed: ").append(elapsed.toMillis()).append(" ms");
        if (killedBecause != null) {
            b.append(", killed: ").append(killedBecause);
        }
        b.append("\n--- stdout ---\n").append(stdout());
        b.append("\n--- stderr ---\n").append(stderr()).append('\n');
        return b.toString();
    }

    /** Asserts the conventions of our test programs: exit 0 and {@code OK rank r} from every rank. */
    public JobResult assertOk(int np) {
        if (exitCode != 0) {
            throw new AssertionError("exit status " + exitCode + ", expected 0\n" + describe());
        }
        for (int r = 0; r < np; r++) {
            if (matching("^OK rank " + r + "\\b").isEmpty()) {
                throw new AssertionError("rank " + r + " did not print 'OK rank " + r + "'\n" + describe());
            }
        }
        return this;
    }

    public JobResult assertExit(int expected) {
        if (exitCode != expected) {
            throw new AssertionError("exit status " + exitCode + ", expected " + expected + "\n" + describe());
        }
        return this;
    }

    public JobResult assertFailed() {
        if (exitCode == 0 || exitCode == Integer.MIN_VALUE) {
            throw new AssertionError("expected a non-zero exit status\n" + describe());
        }
        return this;
    }

    /** Asserts some line (stdout or stderr) matches {@code regex}. */
    public JobResult assertLine(String regex) {
        if (matching(regex).isEmpty()) {
            throw new AssertionError("no output line matches /" + regex + "/\n" + describe());
        }
        return this;
    }

    public JobResult assertNoLine(String regex) {
        List<String> found = matching(regex);
        if (!found.isEmpty()) {
            throw new AssertionError("unexpected output " + found + "\n" + describe());
        }
        return this;
    }

    public JobResult assertWithin(Duration limit) {
        if (elapsed.compareTo(limit) > 0) {
            throw new AssertionError("took " + elapsed.toMillis() + " ms, limit " + limit.toMillis() + " ms\n"
                    + describe());
        }
        return this;
    }
}

package org.atollmpi.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a command with a time limit, its output into files or into a string. */
final class Command {
    /** How it ended: the exit status, or timed out (killed, with its descendants), or did not start. */
    record Outcome(int status, boolean timedOut, String failure) {
        boolean ok() {
            return failure == null && !timedOut && status == 0;
        }

        /** Why it failed, in words ("exit status 1", "killed after 900 s"); null when it succeeded. */
        String problem(int timeoutSeconds) {
            if (failure != null) {
                return failure;
            }
            if (timedOut) {
                return "killed after " + timeoutSeconds + " s";
            }
            return status == 0 ? null : "exit status " + status;
        }
    }

    private Command() {
    }

    /** Runs {@code command}, standard output into {@code stdout}, standard error into {@code stderr}. */
    static Outcome run(List<String> command, Path stdout, Path stderr, int timeoutSeconds) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Outcome(-1, false, "could not start " + command.get(0) + ": " + e.getMessage());
        }
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                // the ranks are the launcher's descendants: kill them too, or they spin on
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                return new Outcome(-1, true, null);
            }
            return new Outcome(p.exitValue(), false, null);
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Outcome(-1, false, "interrupted");
        }
    }

    /**
     * Standard output and error of a short command ({@code java -version}, {@code mpicc --version}),
     * stripped; null if it cannot start, fails or takes more than {@code timeoutSeconds}.
     */
    static String output(int timeoutSeconds, String... command) {
        Path file = null;
        try {
            file = Files.createTempFile("atoll-bench", ".out");
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(file.toFile());
            pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            Process p = pb.start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            return p.exitValue() == 0 ? text : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a leftover temporary file is not worth failing a report for
                }
            }
        }
    }

    /** {@code name} in a directory of PATH, as the shell would find it; null if none. */
    static Path onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** A command as a shell line: arguments with spaces or quotes in single quotes. */
    static String shellLine(List<String> command) {
        StringBuilder line = new StringBuilder();
        for (String arg : command) {
            if (!line.isEmpty()) {
                line.append(' ');
            }
            if (arg.isEmpty() || !arg.matches("[A-Za-z0-9_./:=,+@%-]+")) {
                line.append('\'').append(arg.replace("'", "'\\''")).append('\'');
            } else {
                line.append(arg);
            }
        }
        return line.toString();
    }
}

package org.atollmpi.dist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A command the tests run as a user would type it, with a time limit: its exit status and what it
 * printed. Output goes to files, so that a talkative command never blocks on a full pipe.
 */
record Command(List<String> words, int exit, String out, String err) {
    /** Exit status of a command that ran past its limit (and was killed, with everything it started). */
    static final int TIMED_OUT = -1;

    /** Runs {@code words} in {@code dir} and waits at most {@code limit}. */
    static Command run(Path dir, Duration limit, String... words) throws IOException, InterruptedException {
        Path out = Files.createTempFile("dist-it", ".out");
        Path err = Files.createTempFile("dist-it", ".err");
        try {
            Process p = new ProcessBuilder(words).directory(dir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            int exit;
            if (p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                exit = p.exitValue();
            } else {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                exit = TIMED_OUT;
            }
            return new Command(List.of(words), exit, Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The command, its status and its output: the message of a failed assertion. */
    String describe() {
        return String.join(" ", words) + "\nexit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}

package org.atollmpi.junit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The files through which each rank hands its result to the JVM that launched the job, one
 * directory per job: {@code rank-<r>.passed} (empty), or {@code rank-<r>.failed} (the exception's
 * class name on the first line, then its stack trace) with {@code rank-<r>.throwable} (the
 * exception, serialized, when it can be). Files appear whole (written aside, then renamed), so a
 * reader never sees half of one. Files rather than marked stdout lines: the ranks' output stays
 * the user's, and a rank killed in the middle of a line cannot corrupt another's result.
 */
final class RankResults {
    /** How many lines of a rank's stack trace a failure message shows. */
    static final int TRACE_LINES = 6;

    private RankResults() {
    }

    /** One rank's outcome: passed, failed (with its exception), or no result at all. */
    record Outcome(int rank, State state, String className, String trace, Throwable exception) {
        enum State { PASSED, FAILED, MISSING }

        /** {@code AssertionFailedError: expected: <3> but was: <2>} and the first lines of the trace. */
        String describe(int size) {
            String head = "rank " + rank + " of " + size + ": ";
            return switch (state) {
                case PASSED -> head + "passed";
                case MISSING -> head + "no result";
                case FAILED -> head + summary() + excerpt();
            };
        }

        private String summary() {
            String simple = className.substring(className.lastIndexOf('.') + 1);
            String message = message();
            return message.isEmpty() ? simple : simple + ": " + message;
        }

        /** The exception's message: the trace's lines before the first frame, less the class name. */
        String message() {
            StringBuilder sb = new StringBuilder();
            for (String line : trace.split("\\R")) {
                if (line.startsWith("\tat ")) {
                    break;
                }
                sb.append(sb.length() == 0 ? "" : "\n").append(line);
            }
            String m = sb.toString();
            if (m.startsWith(className)) {
                m = m.substring(className.length());
                m = m.startsWith(": ") ? m.substring(2) : m.strip();
            }
            return m;
        }

        /**
         * The frames worth reading: the assertion library's own frames at the top and everything
         * from the reflective call of {@link MpiTestRank} down are left out; each {@code Caused by}
         * line is kept.
         */
        private String excerpt() {
            StringBuilder sb = new StringBuilder();
            int shown = 0;
            boolean user = false;
            boolean below = false;
            for (String raw : trace.split("\\R")) {
                String line = raw.strip();
                if (line.startsWith("Caused by:")) {
                    sb.append("\n        ").append(line);
                    user = false;
                    below = false;
                    continue;
                }
                if (!line.startsWith("at ") || below) {
                    continue;
                }
                String frame = line.substring(3);
                if (!user && LIBRARY_FRAMES.stream().anyMatch(frame::startsWith)) {
                    continue;
                }
                user = true;
                if (RUNNER_FRAMES.stream().anyMatch(frame::startsWith)) {
                    below = true;
                    continue;
                }
                if (shown < TRACE_LINES) {
                    sb.append("\n        ").append(line);
                } else if (shown == TRACE_LINES) {
                    sb.append("\n        ...");
                }
                shown++;
            }
            return sb.toString();
        }
    }

    /** Frames of assertion libraries, left out at the top of a trace. */
    private static final List<String> LIBRARY_FRAMES = List.of("org.junit.", "org.opentest4j.", "junit.framework.",
            "org.hamcrest.", "org.assertj.", "java.base/java.util.Objects", "java.util.Objects");
    /** Frames of the reflective call from {@link MpiTestRank} and below: the same in every trace. */
    private static final List<String> RUNNER_FRAMES = List.of("java.base/jdk.internal.reflect.", "jdk.internal.reflect.",
            "java.base/java.lang.reflect.", "java.lang.reflect.", MpiTestRank.class.getName() + ".");

    static void writePassed(Path dir, int rank) {
        write(dir, rank + ".passed", new byte[0]);
    }

    static void writeFailed(Path dir, int rank, Throwable t) {
        StringWriter trace = new StringWriter();
        try (PrintWriter w = new PrintWriter(trace)) {
            t.printStackTrace(w);
        }
        byte[] serialized = serialize(t);
        if (serialized != null) {
            write(dir, rank + ".throwable", serialized);
        }
        // last: the .failed file is the one readers look for
        write(dir, rank + ".failed", (t.getClass().getName() + "\n" + trace).getBytes(StandardCharsets.UTF_8));
    }

    /** Whether rank {@code rank} has written its result. */
    static boolean reported(Path dir, int rank) {
        return Files.exists(dir.resolve("rank-" + rank + ".passed")) || Files.exists(dir.resolve("rank-" + rank + ".failed"));
    }

    /** Every rank's outcome, in rank order. */
    static List<Outcome> readAll(Path dir, int size) {
        List<Outcome> outcomes = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            outcomes.add(read(dir, r));
        }
        return outcomes;
    }

    static Outcome read(Path dir, int rank) {
        if (Files.exists(dir.resolve("rank-" + rank + ".passed"))) {
            return new Outcome(rank, Outcome.State.PASSED, null, null, null);
        }
        Path failed = dir.resolve("rank-" + rank + ".failed");
        if (!Files.exists(failed)) {
            return new Outcome(rank, Outcome.State.MISSING, null, null, null);
        }
        try {
            String text = Files.readString(failed, StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            String className = text.substring(0, nl);
            String trace = text.substring(nl + 1);
            return new Outcome(rank, Outcome.State.FAILED, className, trace, deserialize(dir.resolve("rank-" + rank + ".throwable")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + failed, e);
        }
    }

    private static void write(Path dir, String name, byte[] content) {
        Path target = dir.resolve("rank-" + name);
        Path aside = dir.resolve(".rank-" + name + ".tmp");
        try {
            Files.write(aside, content);
            Files.move(aside, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    private static byte[] serialize(Throwable t) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(t);
        } catch (IOException | RuntimeException e) {
            return null; // something in it is not serializable: the text is enough
        }
        return bytes.toByteArray();
    }

    private static Throwable deserialize(Path file) {
        if (!Files.exists(file)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(file);
             ObjectInputStream objects = new ObjectInputStream(in) {
                 @Override
                 protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                     ClassLoader loader = Thread.currentThread().getContextClassLoader();
                     if (loader != null) {
                         try {
                             return Class.forName(desc.getName(), false, loader);
                         } catch (ClassNotFoundException e) {
                             // fall back to the default resolution
                         }
                     }
                     return super.resolveClass(desc);
                 }
             }) {
            return (Throwable) objects.readObject();
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            return null;
        }
    }
}

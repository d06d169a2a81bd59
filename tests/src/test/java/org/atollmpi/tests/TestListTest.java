package org.atollmpi.tests;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Runs every line of {@code testlist} as one job and checks the programs' OK lines. */
class TestListTest {
    static final String PROGRAMS = "org.atollmpi.tests.programs.";

    /**
     * The boards a line runs on, each one job: what mpirun gets to put the job on it. A line names
     * its boards with {@code boards=shm,tcp,router}; one that names none runs on {@link #SHM}.
     */
    enum TestBoard {
        /** The shm board, mpirun's default for a job on one machine. */
        SHM(List.of()),
        /** The TCP board on loopback: every message a frame over an authenticated connection. */
        TCP(List.of("--board=tcp")),
        /**
         * Two pretend nodes joined by TCP (ranks dealt round robin): the router, with node peers
         * through their node's shm board and the others through the TCP board. Needs 3 ranks or
         * more for any two to share a node.
         */
        ROUTER(List.of("-x", "ATOLL_TEST_NODES=2"));

        final List<String> mpirunOptions;

        TestBoard(List<String> mpirunOptions) {
            this.mpirunOptions = mpirunOptions;
        }

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        static TestBoard named(String name, int lineNumber) throws IOException {
            for (TestBoard b : values()) {
                if (b.toString().equals(name)) {
                    return b;
                }
            }
            throw new IOException("testlist line " + lineNumber + ": no board '" + name + "' (shm, tcp, router)");
        }
    }

    /**
     * One job: the program, its ranks and arguments, its time limit, what mpirun gets before the
     * program ({@code x:VAR=value} becomes {@code -x VAR=value}, {@code opt:--flag} the flag) and
     * the board, whose options come first.
     */
    record Entry(String program, int np, List<String> args, Duration timeout, List<String> mpirunOptions, int minJava,
                 TestBoard board) {
        /** Program, ranks, arguments, options and board: what {@code -Datoll.testlist} matches. */
        String name() {
            return program + " np=" + np + (args.isEmpty() ? "" : " " + String.join(" ", args))
                    + (mpirunOptions.isEmpty() ? "" : " [" + String.join(" ", mpirunOptions) + "]") + " board=" + board;
        }

        List<String> allMpirunOptions() {
            List<String> all = new ArrayList<>(board.mpirunOptions);
            all.addAll(mpirunOptions);
            return all;
        }
    }

    /**
     * {@code -Datoll.testlist=<regex>} runs only the jobs whose name (program, ranks, arguments,
     * options, board) the regular expression finds, e.g. {@code -Datoll.testlist='Collectives.*np=4'}
     * or {@code -Datoll.testlist='board=tcp'}.
     */
    @TestFactory
    Stream<DynamicTest> testlist() throws IOException {
        String filter = System.getProperty("atoll.testlist", "");
        java.util.regex.Pattern only = java.util.regex.Pattern.compile(filter);
        return read().stream().filter(e -> filter.isEmpty() || only.matcher(e.name()).find())
                .map(e -> DynamicTest.dynamicTest(e.name(), () -> {
            // The ranks run on this JVM's Java (the launcher starts them with its own java.home).
            Assumptions.assumeTrue(Runtime.version().feature() >= e.minJava(),
                () -> "needs Java " + e.minJava() + ", this is " + Runtime.version());
            JobResult result = Job.mpirun(e.np())
                    .args(e.allMpirunOptions().toArray(String[]::new))
                    .args(PROGRAMS + e.program())
                    .args(e.args().toArray(String[]::new))
                    .timeout(e.timeout())
                    .run();
            result.assertOk(e.np());
            System.out.printf("%-40s %6d ms%n", e.name(), result.elapsed().toMillis());
        }));
    }

    static List<Entry> read() throws IOException {
        try (InputStream in = TestListTest.class.getResourceAsStream("/testlist")) {
            if (in == null) {
                throw new IOException("testlist resource missing");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        }
    }

    /** The jobs of a testlist: one per line and board. */
    static List<Entry> parse(BufferedReader reader) throws IOException {
        List<Entry> entries = new ArrayList<>();
        int lineNumber = 0;
        for (String line; (line = reader.readLine()) != null; ) {
            lineNumber++;
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> words = new ArrayList<>(Arrays.asList(line.split("\\s+")));
            String program = words.remove(0);
            int np = Integer.parseInt(words.remove(0));
            Duration timeout = Job.DEFAULT_TIMEOUT;
            int minJava = 17;
            List<String> options = new ArrayList<>();
            List<TestBoard> boards = null;
            for (int i = 0; i < words.size(); ) {
                String w = words.get(i);
                if (w.startsWith("java=")) {
                    minJava = Integer.parseInt(w.substring(5));
                } else if (w.startsWith("timeout=")) {
                    timeout = Duration.ofSeconds(Long.parseLong(w.substring(8)));
                } else if (w.startsWith("boards=")) {
                    if (boards != null) {
                        throw new IOException("testlist line " + lineNumber + ": boards named twice");
                    }
                    boards = new ArrayList<>();
                    for (String name : w.substring(7).split(",")) {
                        TestBoard b = TestBoard.named(name, lineNumber);
                        if (boards.contains(b)) {
                            throw new IOException("testlist line " + lineNumber + ": board " + b + " named twice");
                        }
                        boards.add(b);
                    }
                } else if (w.startsWith("x:")) {
                    options.add("-x");
                    options.add(w.substring(2));
                } else if (w.startsWith("opt:")) {
                    options.add(w.substring(4));
                } else {
                    i++;
                    continue;
                }
                words.remove(i);
            }
            // The board is the column's alone: a line that picked it by an mpirun option would
            // run twice on one board, or on another than its name says.
            for (String option : options) {
                if (option.startsWith("--board") || option.startsWith("ATOLL_TEST_NODES=")
                        || option.startsWith("ATOLL_BOARD=")) {
                    throw new IOException("testlist line " + lineNumber + ": '" + option
                            + "' picks a board; name it with boards=shm,tcp,router");
                }
            }
            for (TestBoard board : boards == null ? List.of(TestBoard.SHM) : boards) {
                entries.add(new Entry(program, np, List.copyOf(words), timeout, List.copyOf(options), minJava,
                        board));
            }
        }
        return entries;
    }
}

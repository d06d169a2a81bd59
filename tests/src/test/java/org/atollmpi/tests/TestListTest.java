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
     * One line: the program, its ranks and arguments, its time limit, and what mpirun gets before
     * the program ({@code x:VAR=value} becomes {@code -x VAR=value}, {@code opt:--flag} the flag).
     */
    record Entry(String program, int np, List<String> args, Duration timeout, List<String> mpirunOptions, int minJava) {
        String name() {
            return program + " np=" + np + (args.isEmpty() ? "" : " " + String.join(" ", args))
                    + (mpirunOptions.isEmpty() ? "" : " [" + String.join(" ", mpirunOptions) + "]");
        }
    }

    /**
     * {@code -Datoll.testlist=<regex>} runs only the lines whose name (program, ranks, arguments)
     * the regular expression finds, e.g. {@code -Datoll.testlist='Collectives.*np=4'}.
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
                    .args(e.mpirunOptions().toArray(String[]::new))
                    .args(PROGRAMS + e.program())
                    .args(e.args().toArray(String[]::new))
                    .timeout(e.timeout())
                    .run();
            result.assertOk(e.np());
            System.out.printf("%-40s %6d ms%n", e.name(), result.elapsed().toMillis());
        }));
    }

    static List<Entry> read() throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (InputStream in = TestListTest.class.getResourceAsStream("/testlist")) {
            if (in == null) {
                throw new IOException("testlist resource missing");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = reader.readLine()) != null; ) {
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
                for (int i = 0; i < words.size(); ) {
                    String w = words.get(i);
                    if (w.startsWith("java=")) {
                        minJava = Integer.parseInt(w.substring(5));
                    } else if (w.startsWith("timeout=")) {
                        timeout = Duration.ofSeconds(Long.parseLong(w.substring(8)));
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
                entries.add(new Entry(program, np, List.copyOf(words), timeout, List.copyOf(options), minJava));
            }
        }
        return entries;
    }
}

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
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Runs every line of {@code testlist} as one job and checks the programs' OK lines. */
class TestListTest {
    static final String PROGRAMS = "org.atollmpi.tests.programs.";

    record Entry(String program, int np, List<String> args, Duration timeout) {
        String name() {
            return program + " np=" + np + (args.isEmpty() ? "" : " " + String.join(" ", args));
        }
    }

    @TestFactory
    Stream<DynamicTest> testlist() throws IOException {
        return read().stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
            JobResult result = Job.mpirun(e.np())
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
                for (int i = words.size() - 1; i >= 0; i--) {
                    if (words.get(i).startsWith("timeout=")) {
                        timeout = Duration.ofSeconds(Long.parseLong(words.remove(i).substring(8)));
                    }
                }
                entries.add(new Entry(program, np, List.copyOf(words), timeout));
            }
        }
        return entries;
    }
}

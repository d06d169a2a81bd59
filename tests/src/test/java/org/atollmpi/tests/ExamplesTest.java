package org.atollmpi.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The programs in {@code examples/} compile with {@code bin/mpijavac} as a user would compile
 * them, and run on 4 ranks with {@code bin/mpirun}.
 */
class ExamplesTest {
    @TempDir
    static Path classes;

    @BeforeAll
    static void compile() throws IOException {
        Path examples = Repo.root().resolve("examples");
        JobResult result = Job.command(Repo.mpijavac().toString(), "-d", classes.toString(),
                        examples.resolve("Hello.java").toString(), examples.resolve("Ring.java").toString(),
                        examples.resolve("HelloMpj.java").toString())
                .timeout(Duration.ofSeconds(120)).run().assertExit(0);
        if (!Files.exists(classes.resolve("Hello.class"))) {
            throw new AssertionError("mpijavac wrote no Hello.class\n" + result.describe());
        }
    }

    private static JobResult run(String program, String... args) {
        return Job.command(Repo.mpirun().toString(), "-np", "4", "--oversubscribe", "-cp", classes.toString(), program)
                .args(args).timeout(Duration.ofSeconds(90)).run().assertExit(0);
    }

    @Test
    void hello() {
        JobResult result = run("Hello");
        for (int r = 0; r < 4; r++) {
            result.assertLine("^Hello from rank " + r + " of 4 on \\S+");
        }
    }

    @Test
    void ring() {
        run("Ring", "10").assertLine("^Ring of 4 ranks, 10 rounds: token 40 \\(expected 40\\)");
    }

    @Test
    void helloInTheMpiJavaDialect() {
        JobResult result = run("HelloMpj");
        for (int r = 0; r < 4; r++) {
            result.assertLine("^HelloMpj: rank " + r + " of 4 on \\S+");
        }
        result.assertLine("^HelloMpj: rank 0 got greetings from ranks \\[1, 2, 3\\]");
    }
}

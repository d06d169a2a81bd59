package org.atollmpi.dist;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * examples/maven-hello, built by maven-invoker-plugin against the installed {@code mpi-api}
 * artifact just before this test (pre-integration-test), runs under this repository's
 * {@code bin/mpirun}: from its classes directory and as a jar with its Main-Class.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MavenExampleIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Path EXAMPLE = Path.of(System.getProperty("dist.example"));
    private static final Path MPIRUN = Path.of(System.getProperty("atoll.repo"), "bin", "mpirun");

    @BeforeAll
    static void theExampleIsBuilt() {
        assertTrue(Files.isRegularFile(EXAMPLE.resolve("target/maven-hello-1.0.jar")),
                "maven-invoker-plugin builds examples/maven-hello (its log: " + EXAMPLE.resolve("build.log") + ")");
    }

    @Test
    void runsFromItsClasses() throws Exception {
        assertHelloAndSum(Command.run(EXAMPLE, LIMIT, MPIRUN.toString(), "-np", "2", "-cp", "target/classes", "hello.Hello"));
    }

    @Test
    void runsAsAJar() throws Exception {
        assertHelloAndSum(Command.run(EXAMPLE, LIMIT, MPIRUN.toString(), "-np", "2", "-jar", "target/maven-hello-1.0.jar"));
    }

    private static void assertHelloAndSum(Command run) {
        assertEquals(0, run.exit(), run.describe());
        for (int rank = 0; rank < 2; rank++) {
            String prefix = "Hello from rank " + rank + " of 2 on ";
            assertTrue(run.out().lines().anyMatch(l -> l.startsWith(prefix)), run.describe());
        }
        assertTrue(run.out().lines().anyMatch("Sum of the ranks: 1"::equals), run.describe());
    }
}

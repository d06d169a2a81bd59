package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.programs.Hello;
import org.atollmpi.tests.programs.PointToPoint;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * One jar for every Java from 17 on: built by a JDK of 22 or later it carries the MemorySegment
 * support in {@code META-INF/versions/22}, and the same file still runs jobs on Java 17 (where
 * the JVM ignores those classes). The JDK 17 is {@code -Datoll.java17=HOME}, {@code ATOLL_JAVA17},
 * or the first of Debian's and Temurin's usual places; without one the test is skipped.
 */
class JavaVersionsTest {
    @Test
    void theMultiReleaseJarRunsOnJava17() throws IOException {
        Path jdk17 = java17();
        Assumptions.assumeTrue(jdk17 != null, "no JDK 17 found (-Datoll.java17=HOME or ATOLL_JAVA17)");
        try (JarFile jar = new JarFile(Repo.jar().toFile())) {
            Assumptions.assumeTrue(jar.getEntry("META-INF/versions/22/mpi/SegmentAccess.class") != null,
                "lib/atoll-mpi.jar was built by a JDK before 22: it has no Java 22 classes to ignore");
            assertTrue(jar.isMultiRelease(), "the jar says it is multi-release");
        }
        Job.mpirun(2).env("JAVA_HOME", jdk17.toString()).program(Hello.class, "java=17", "size=2")
            .timeout(Duration.ofSeconds(120)).run()
            .assertOk(2).assertLine("^Hello from rank 1 of 2 on .* on Java 17$");
        Job.mpirun(3).env("JAVA_HOME", jdk17.toString()).program(PointToPoint.class, "ompi")
            .timeout(Duration.ofSeconds(120)).run()
            .assertOk(3);
    }

    static Path java17() throws IOException {
        String given = System.getProperty("atoll.java17", System.getenv("ATOLL_JAVA17"));
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        for (String home : List.of("/usr/lib/jvm/java-17-openjdk-amd64", "/usr/lib/jvm/java-17-openjdk-arm64",
            "/usr/lib/jvm/java-17-openjdk")) {
            if (Files.isExecutable(Path.of(home, "bin", "java"))) {
                return Path.of(home);
            }
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> homes = Files.list(jvms)) {
                return homes.filter(h -> h.getFileName().toString().matches("temurin-17.*|jdk-17.*"))
                    .filter(h -> Files.isExecutable(h.resolve("bin/java"))).findFirst().orElse(null);
            }
        }
        return null;
    }
}

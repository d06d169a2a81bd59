package org.atollmpi.launch;

import static org.atollmpi.launch.MpirunProcess.*;
import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user's commands: bin/mpirun, bin/mpiexec and bin/mpijavac over the self-contained jar that
 * {@code package} just built into lib/. Runs in {@code integration-test} (failsafe), after package.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BinScriptsIT {
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(60);
    private static final String RANK = TestRank.class.getName();
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();
    private static final Path BIN = ROOT.resolve("bin");

    @TempDir
    Path tmp;

    @BeforeAll
    static void theJarIsBuilt() {
        assertTrue(Files.isRegularFile(ROOT.resolve("lib/atoll-mpi.jar")), "package builds lib/atoll-mpi.jar");
    }

    private static MpirunProcess run(Map<String, String> env, Path workDir, String script, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(BIN.resolve(script).toString()));
        cmd.addAll(List.of(args));
        return MpirunProcess.start(cmd, env, workDir);
    }

    @Test
    void mpirunRunsAClassFromTheClassPath() throws Exception {
        try (MpirunProcess p = run(Map.of(), null, "mpirun", "-np", "2", "-cp", testClasses(), RANK, "hello")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            assertTrue(p.out().contains("hello from rank 1 of 2"), p.out());
            assertNoJobFiles(p.jobId());
        }
    }

    /**
     * The build records the class-data archives, and the ranks map theirs: every atoll-mpi class a
     * one-rank job loads comes from the archive, none from the jar.
     */
    @Test
    void ranksStartFromTheClassDataArchiveTheBuildMade() throws Exception {
        assertTrue(Files.isRegularFile(ROOT.resolve("lib/" + ClassDataArchives.RANK_ARCHIVE)), "package records it");
        assertTrue(Files.isRegularFile(ROOT.resolve("lib/" + ClassDataArchives.LAUNCHER_ARCHIVE)), "package records it");
        try (MpirunProcess p = run(Map.of(), null, "mpirun", "-np", "1", "java", "-Xlog:class+load=info",
                "-cp", testClasses(), RANK, "hello")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            List<String> ours = p.out().lines()
                    .filter(l -> l.contains(" org.atollmpi.") && !l.contains("test-classes")).toList();
            assertFalse(ours.isEmpty(), p.out());
            assertTrue(ours.size() > 5, p.out());
            for (String line : ours) {
                assertTrue(line.contains("shared objects file"), "loaded from the jar, not the archive: " + line);
            }
        }
    }

    @Test
    void mpiexecTakesTheOpenMpiJavaFormAndReportsUnderItsName() throws Exception {
        try (MpirunProcess p = run(Map.of(), null, "mpiexec", "-np", "2", "java", "-Xmx64m", "-cp", testClasses(),
                RANK, "exit", "1", "5")) {
            assertEquals(5, p.waitFor(JOB_TIMEOUT), p.err());
            assertTrue(Pattern.compile("mpiexec: rank 1 \\(pid \\d+\\) exited with status 5; aborting the job")
                    .matcher(p.err()).find(), p.err());
            assertNoJobFiles(p.jobId());
        }
    }

    @Test
    void classpathVariableAndCurrentDirectoryAreHonoured() throws Exception {
        try (MpirunProcess p = run(Map.of("CLASSPATH", testClasses()), tmp, "mpirun", "-np", "2", RANK, "hello")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
        }
        try (MpirunProcess p = run(Map.of(), Path.of(testClasses()), "mpirun", "-np", "1", RANK, "hello")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            assertTrue(p.out().contains("hello from rank 0 of 1"), p.out());
        }
    }

    @Test
    void aJarRunsWithItsMainClass() throws Exception {
        Path jar = tmp.resolve("app.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, RANK);
        String entry = RANK.replace('.', '/') + ".class";
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            j.putNextEntry(new JarEntry(entry));
            j.write(Files.readAllBytes(Path.of(testClasses()).resolve(entry)));
            j.closeEntry();
        }
        try (MpirunProcess p = run(Map.of(), tmp, "mpirun", "-np", "2", "-jar", jar.toString(), "hello")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            assertTrue(p.out().contains("hello from rank 0 of 2"), p.out());
        }
    }

    @Test
    void mpijavacCompilesAgainstTheJar() throws Exception {
        Path src = Files.writeString(tmp.resolve("Hello.java"), """
                import org.atollmpi.runtime.boot.JobBootstrap;

                public class Hello {
                    public static void main(String[] args) {
                        try (JobBootstrap job = JobBootstrap.fromEnvironment()) {
                            job.barrier();
                            System.out.println("compiled rank " + job.rank() + " of " + job.size());
                            job.finalized();
                        }
                    }
                }
                """);
        Path classes = Files.createDirectory(tmp.resolve("classes"));
        try (MpirunProcess c = run(Map.of(), tmp, "mpijavac", "-d", classes.toString(), "-cp", "unused", src.toString())) {
            assertEquals(0, c.waitFor(JOB_TIMEOUT), c.err());
        }
        try (MpirunProcess p = run(Map.of(), tmp, "mpirun", "-np", "2", "-cp", classes.toString(), "Hello")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            assertTrue(p.out().contains("compiled rank 1 of 2"), p.out());
        }
        try (MpirunProcess show = run(Map.of("CLASSPATH", "from/env"), tmp, "mpijavac", "--showme", "X.java")) {
            assertEquals(0, show.waitFor(JOB_TIMEOUT), show.err());
            assertTrue(show.out().contains("-cp " + ROOT.resolve("lib/atoll-mpi.jar") + ":from/env X.java"), show.out());
        }
    }

    @Test
    void versionAndHelp() throws Exception {
        try (MpirunProcess p = run(Map.of(), null, "mpirun", "--version")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            assertTrue(p.out().startsWith("mpirun (atoll-mpi) "), p.out());
        }
        try (MpirunProcess p = run(Map.of(), null, "mpiexec", "-V")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            assertTrue(p.out().startsWith("mpiexec (atoll-mpi) "), p.out());
        }
        try (MpirunProcess p = run(Map.of(), null, "mpiexec", "--help")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            assertTrue(p.out().startsWith("Usage: mpiexec [-np N]"), p.out());
            assertTrue(p.out().contains("   or: mpiexec [-np N] [options] java [jvm options]"), p.out());
            assertTrue(p.out().contains("Exit status:"), p.out());
            assertTrue(p.out().contains("130, 143   mpirun got SIGINT or SIGTERM"), p.out());
        }
    }

    @Test
    void scriptsWithoutTheJarSayHowToBuildIt() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("copy/bin"));
        for (String script : List.of("mpirun", "mpijavac")) {
            Files.copy(BIN.resolve(script), bin.resolve(script));
            try (MpirunProcess p = MpirunProcess.start(List.of(bin.resolve(script).toString(), "-np", "1", "X"), Map.of(), tmp)) {
                assertEquals(1, p.waitFor(JOB_TIMEOUT));
                assertTrue(p.err().contains("run 'mvn package' first"), p.err());
            }
        }
    }

    /** The flags mpirun adds for newer JDKs are accepted there (when such a JDK is installed). */
    @Test
    void runsOnANewerJdk() throws Exception {
        Optional<Path> home = newerJdk();
        assumeTrue(home.isPresent(), "no JDK 24 or later installed");
        try (MpirunProcess p = run(Map.of("JAVA_HOME", home.get().toString()), null, "mpirun", "-np", "2",
                "-cp", testClasses(), RANK, "hello")) {
            assertEquals(0, p.waitFor(JOB_TIMEOUT), p.err());
            assertFalse(p.err().contains("WARNING"), p.err());
        }
    }

    private static Optional<Path> newerJdk() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.filter(h -> Files.isExecutable(h.resolve("bin/java")))
                    .filter(h -> RankCommand.featureVersion(h.resolve("bin/java").toString()) >= 24
                            && Files.exists(h.resolve("release")))
                    .findFirst();
        }
    }
}

package org.atollmpi.dist;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive that {@code package} made, unpacked where a user would put it (far from this
 * repository): its scripts compile and run an example from there, and through a symbolic link to
 * {@code bin/mpirun} from another directory, as with {@code ln -s /opt/atoll-mpi/bin/mpirun ~/bin}.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DistributionIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    static Path tmp;
    /** The unpacked {@code atoll-mpi-VERSION/}. */
    private static Path home;
    /** examples/Hello.java, compiled with the unpacked bin/mpijavac. */
    private static Path classes;

    @BeforeAll
    static void unpackAndCompile() throws Exception {
        Path archive = Path.of(System.getProperty("dist.archive"));
        assertTrue(Files.isRegularFile(archive), "package makes " + archive);
        Path opt = Files.createDirectory(tmp.resolve("opt"));
        Command tar = Command.run(opt, LIMIT, "tar", "-xzf", archive.toString());
        assertEquals(0, tar.exit(), tar.describe());
        home = opt.resolve(archive.getFileName().toString().replace(".tar.gz", ""));
        classes = Files.createDirectory(tmp.resolve("classes"));
        Command javac = Command.run(tmp, LIMIT, home.resolve("bin/mpijavac").toString(),
                "-d", classes.toString(), home.resolve("examples/Hello.java").toString());
        assertEquals(0, javac.exit(), javac.describe());
    }

    @Test
    void holdsTheScriptsTheJarsTheExamplesAndTheDocs() {
        for (String script : List.of("bin/mpirun", "bin/mpiexec", "bin/mpijavac", "bin/osu", "bin/atoll-bench")) {
            assertTrue(Files.isExecutable(home.resolve(script)), script);
        }
        for (String file : List.of("lib/atoll-mpi.jar", "lib/atoll-mpi-benchmarks.jar", "examples/Hello.java",
                "examples/maven-hello/pom.xml", "docs/ARCHITECTURE.md", "README.md", "benchmarks/c/osu_reference.c")) {
            assertTrue(Files.isRegularFile(home.resolve(file)), file);
        }
        assertFalse(Files.exists(home.resolve("examples/maven-hello/target")), "no build output of the example");
    }

    @Test
    void osuListsTheBenchmarksFromTheUnpackedTree() throws Exception {
        Command list = Command.run(tmp, LIMIT, home.resolve("bin/osu").toString(), "--list");
        assertEquals(0, list.exit(), list.describe());
        assertTrue(list.out().contains("osu_multi_lat") && list.out().contains("osu_ialltoallv"), list.describe());
    }

    @Test
    void mpijavacCompilesAgainstTheUnpackedJar() throws Exception {
        Command showme = Command.run(tmp, LIMIT, home.resolve("bin/mpijavac").toString(), "--showme", "X.java");
        assertEquals(0, showme.exit(), showme.describe());
        assertTrue(showme.out().contains(home.resolve("lib/atoll-mpi.jar").toString()), showme.describe());
        assertTrue(Files.isRegularFile(classes.resolve("Hello.class")));
    }

    /**
     * bin/atoll-bench compare from the unpacked tree: the report and its plot, which need XChart
     * in lib/; with Open MPI installed (its mpicc on PATH) the C side is built from the
     * archive's benchmarks/c/ and fills its column, without it the report says there is none.
     */
    @Test
    void atollBenchCompareWritesAReportFromTheUnpackedTree() throws Exception {
        Path out = tmp.resolve("compare");
        Command compare = Command.run(tmp, LIMIT, home.resolve("bin/atoll-bench").toString(), "compare",
                "--benchmarks", "osu_latency", "--rounds", "1", "-m", "8:64", "-i", "20", "--out", out.toString());
        assertEquals(0, compare.exit(), compare.describe());
        String report = Files.readString(out.resolve("report.md"));
        // the tool's own condition: mpicc on PATH and Open MPI's mpirun beside it (a machine with
        // MPICH alone, as the CI's after it installs mpiexec.hydra, has an mpicc that is not it)
        boolean openMpi = Arrays.stream(System.getenv("PATH").split(":"))
                .map(dir -> Path.of(dir, "mpicc")).filter(Files::isExecutable).findFirst()
                .map(mpicc -> mpicc.toAbsolutePath().resolveSibling("mpirun"))
                .filter(Files::isExecutable)
                .map(mpirun -> {
                    try {
                        return Command.run(tmp, LIMIT, mpirun.toString(), "--version").out().contains("Open MPI");
                    } catch (Exception e) {
                        return false;
                    }
                }).orElse(false);
        if (openMpi) {
            assertTrue(report.contains("The C side is `benchmarks/c/osu_reference.c`"), report);
            assertTrue(report.lines().anyMatch(l -> l.matches("\\| 64 \\| \\d+\\.\\d\\d \\| \\d+\\.\\d\\d \\| \\d.*\\|")), report);
            assertTrue(Files.isRegularFile(out.resolve("raw/osu_latency.c.1.txt")));
        } else {
            assertTrue(report.contains("**No C reference:** "), report);
            assertTrue(report.lines().anyMatch(l -> l.matches("\\| 64 \\| \\d+\\.\\d\\d \\|  \\|  \\|")), report);
        }
        assertTrue(Files.size(out.resolve("osu_latency.png")) > 1000, "the plot");
        assertTrue(Files.isRegularFile(out.resolve("raw/osu_latency.ours.1.txt")));
    }

    @Test
    void mpirunRunsTheExampleFromTheUnpackedTree() throws Exception {
        assertHello(Command.run(tmp, LIMIT, home.resolve("bin/mpirun").toString(),
                "-np", "2", "-cp", classes.toString(), "Hello"));
    }

    @Test
    void linksToTheScriptsFromAnotherDirectoryFindTheTree() throws Exception {
        Path userBin = Files.createDirectories(tmp.resolve("user/bin"));
        Path javacLink = Files.createSymbolicLink(userBin.resolve("mpijavac"), home.resolve("bin/mpijavac"));
        Command showme = Command.run(userBin.getParent(), LIMIT, javacLink.toString(), "--showme", "X.java");
        assertEquals(0, showme.exit(), showme.describe());
        assertTrue(showme.out().contains(home.resolve("lib/atoll-mpi.jar").toString()), showme.describe());

        Path link = Files.createSymbolicLink(userBin.resolve("mpirun"), home.resolve("bin/mpirun"));
        assertHello(Command.run(userBin.getParent(), LIMIT, link.toString(),
                "-np", "2", "-cp", classes.toString(), "Hello"));
        Command bw = Command.run(userBin.getParent(), LIMIT, link.toString(),
                "-np", "2", "osu_bw", "-W", "16", "-m", "1:1024", "-i", "10", "-x", "2");
        assertEquals(0, bw.exit(), bw.describe());
        assertTrue(bw.out().startsWith("# OSU MPI-Java Bandwidth Test"), bw.describe());
        assertTrue(bw.out().lines().anyMatch(l -> l.matches("1024\\s+\\d+(\\.\\d+)?")), bw.describe());
    }

    /**
     * The archive holds no class-data archives (they serve only the tree that recorded them);
     * bin/atoll-cds records them for the unpacked tree, and its ranks then map theirs.
     */
    @Test
    void atollCdsRecordsTheClassDataArchivesOfTheUnpackedTree() throws Exception {
        Path rankArchive = home.resolve("lib/atoll-mpi-rank.jsa");
        assertFalse(Files.exists(rankArchive), "shipped a class-data archive");
        Command cds = Command.run(tmp, LIMIT, home.resolve("bin/atoll-cds").toString());
        assertEquals(0, cds.exit(), cds.describe());
        assertTrue(Files.isRegularFile(rankArchive), cds.describe());
        assertTrue(Files.isRegularFile(home.resolve("lib/atoll-mpi-launcher.jsa")), cds.describe());
        Command run = Command.run(tmp, LIMIT, home.resolve("bin/mpirun").toString(),
                "-np", "1", "java", "-Xlog:class+load=info", "-cp", classes.toString(), "Hello");
        assertEquals(0, run.exit(), run.describe());
        List<String> engine = run.out().lines().filter(l -> l.contains(" org.atollmpi.engine.Engine ")).toList();
        assertEquals(1, engine.size(), run.describe());
        assertTrue(engine.get(0).contains("shared objects file"), engine.get(0));
    }

    /** Both ranks said hello, and nothing went to stderr (no warning from a tree that moved). */
    private static void assertHello(Command run) {
        assertEquals(0, run.exit(), run.describe());
        assertEquals("", run.err(), run.describe());
        for (int rank = 0; rank < 2; rank++) {
            String prefix = "Hello from rank " + rank + " of 2 on ";
            assertTrue(run.out().lines().anyMatch(l -> l.startsWith(prefix)), run.describe());
        }
    }
}

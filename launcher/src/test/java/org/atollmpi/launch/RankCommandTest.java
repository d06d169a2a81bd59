package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.*;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.atollmpi.launch.RankCommand.Installation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RankCommandTest {
    private static final Installation OURS = new Installation("/atoll/lib/atoll-mpi.jar", null);

    @TempDir
    Path dir;

    private static List<String> command(String classPathEnv, String... mpirunArgs) {
        return RankCommand.command(MpirunArgs.parse("mpirun", mpirunArgs), OURS, classPathEnv);
    }

    private static String classPathOf(List<String> cmd) {
        return cmd.get(cmd.indexOf("-cp") + 1);
    }

    @Test
    void ourJarComesFirstThenTheUsersClassPath() {
        List<String> cmd = command(null, "-np", "2", "-cp", "app/classes", "Hello", "a");
        assertEquals(RankCommand.ownJava(), cmd.get(0));
        assertEquals(String.join(File.pathSeparator, "/atoll/lib/atoll-mpi.jar", "app/classes"), classPathOf(cmd));
        assertEquals(List.of("Hello", "a"), cmd.subList(cmd.size() - 2, cmd.size()));
    }

    @Test
    void classPathFallsBackToClasspathVariableThenCurrentDirectory() {
        assertEquals("/atoll/lib/atoll-mpi.jar" + File.pathSeparator + "env/cp", classPathOf(command("env/cp", "Hello")));
        assertEquals("/atoll/lib/atoll-mpi.jar" + File.pathSeparator + ".", classPathOf(command(null, "Hello")));
        assertEquals("/atoll/lib/atoll-mpi.jar" + File.pathSeparator + ".", classPathOf(command("", "Hello")));
        assertEquals("/atoll/lib/atoll-mpi.jar" + File.pathSeparator + "given",
                classPathOf(command("env/cp", "java", "-cp", "given", "Hello")));
    }

    @Test
    void aModularProgramGetsOurJarFirstOnItsModulePath() {
        List<String> cmd = command(null, "java", "-p", "mods:/atoll/lib/atoll-mpi.jar", "-m", "app/app.Main", "a");
        assertEquals(String.join(File.pathSeparator, "/atoll/lib/atoll-mpi.jar", "mods"),
            cmd.get(cmd.indexOf("--module-path") + 1));
        assertFalse(cmd.contains("-p"), "the program's -p became ours");
        assertFalse(cmd.contains("-cp"));
        assertEquals("ALL-DEFAULT", cmd.get(cmd.indexOf("--add-modules") + 1), "the JDK modules a class-path program has");
        assertEquals(List.of("--module", "app/app.Main", "a"), cmd.subList(cmd.size() - 3, cmd.size()));
    }

    @Test
    void aClassPathThatListsOurJarDoesNotListItTwice() {
        assertEquals("/atoll/lib/atoll-mpi.jar", classPathOf(command(null, "-cp", "/atoll/lib/../lib/atoll-mpi.jar", "X")));
        assertEquals(String.join(File.pathSeparator, "/atoll/lib/atoll-mpi.jar", "a", "b"),
                classPathOf(command(null, "java", "-cp", "a:/atoll/lib/atoll-mpi.jar:b", "X")));
    }

    @Test
    void ranksStartFromTheClassDataArchiveUnlessTheUserDecidesAboutSharing() {
        Path archive = Path.of("/atoll/lib/" + ClassDataArchives.RANK_ARCHIVE);
        Installation withArchive = new Installation("/atoll/lib/atoll-mpi.jar", null, archive);
        List<String> cmd = RankCommand.command(MpirunArgs.parse("mpirun", "java", "-Xmx1g", "Hello"), withArchive, null);
        assertTrue(cmd.contains("-XX:SharedArchiveFile=" + archive), cmd.toString());
        assertTrue(cmd.indexOf("-XX:SharedArchiveFile=" + archive) < cmd.indexOf("-Xmx1g"));
        assertTrue(cmd.indexOf("-XX:+UnlockDiagnosticVMOptions") < cmd.indexOf("-XX:ArchiveRelocationMode=0"),
            "mapped where it was recorded: " + cmd);
        for (String theirs : List.of("-Xshare:off", "-XX:SharedArchiveFile=/my.jsa", "-XX:ArchiveClassesAtExit=/x.jsa")) {
            List<String> own = RankCommand.command(MpirunArgs.parse("mpirun", "java", theirs, "Hello"), withArchive, null);
            assertFalse(own.contains("-XX:SharedArchiveFile=" + archive), theirs + ": " + own);
        }
        assertFalse(String.join(" ", command(null, "Hello")).contains("SharedArchiveFile"), "no archive, no option");
        List<String> otherJava = RankCommand.command(MpirunArgs.parse("mpirun", "/opt/jdk/bin/java", "Hello"), withArchive, null);
        assertFalse(String.join(" ", otherJava).contains("SharedArchiveFile"), "the archive serves only our own JVM");
    }

    @Test
    void everyJavaRankGetsTheCompilerHintsBeforeTheUsersOptions() {
        List<String> hints = RankCompilerHints.options();
        assertEquals("-XX:CompileCommand=quiet", hints.get(0), "first, or the JVM prints each directive on stdout");
        assertTrue(hints.contains("-XX:CompileCommand=inline,mpi.Request::waitFor"), hints.toString());
        for (List<String> cmd : List.of(command(null, "Hello"), command(null, "java", "-Xmx256m", "Hello"),
                RankCommand.command(MpirunArgs.parse("mpirun", "/opt/jdk/bin/java", "-Xmx256m", "Hello"), OURS, null))) {
            int at = Collections.indexOfSubList(cmd, hints);
            assertTrue(at > 0, cmd.toString());
            assertTrue(cmd.indexOf("-Xmx256m") < 0 || cmd.indexOf("-Xmx256m") > at, "the user's options come later: " + cmd);
        }
        assertFalse(command(null, "/bin/echo", "x").contains(hints.get(0)), "not for a program that is not java");
    }

    @Test
    void jvmOptionsFollowTheFlagsTheRuntimeNeeds() throws IOException {
        List<String> cmd = command(null, fakeJava("new", "25.0.1").toString(), "-Xmx256m", "--enable-native-access=M", "Hello");
        int ours = cmd.indexOf("--enable-native-access=ALL-UNNAMED");
        assertTrue(ours > 0);
        assertTrue(cmd.indexOf("--sun-misc-unsafe-memory-access=allow") > 0);
        assertTrue(cmd.indexOf("-Xmx256m") > ours, "the user's options come later, so they win");
        assertTrue(cmd.indexOf("--enable-native-access=M") > ours);
    }

    @Test
    void beforeJdk22NoNativeAccessOptionSlowsTheStart() throws IOException {
        // JNI needs no permission there, and on 17 the option disables the JDK's archived module graph
        for (String version : new String[] {"17.0.15", "21.0.2"}) {
            List<String> cmd = command(null, fakeJava("v" + version, version).toString(), "Hello");
            assertFalse(cmd.stream().anyMatch(o -> o.startsWith("--enable-native-access")), cmd.toString());
        }
        assertTrue(command(null, fakeJava("v22", "22.0.1").toString(), "Hello").contains("--enable-native-access=ALL-UNNAMED"));
    }

    @Test
    void namedJavaIsUsedAndItsVersionDecidesTheFlags() throws IOException {
        Path newJava = fakeJava("new", "25.0.1");
        List<String> cmd = command(null, newJava.toString(), "-cp", "c", "Hello");
        assertEquals(newJava.toString(), cmd.get(0));
        assertTrue(cmd.contains("--sun-misc-unsafe-memory-access=allow"));

        Path oldJava = fakeJava("old", "17.0.15");
        assertFalse(command(null, oldJava.toString(), "Hello").contains("--sun-misc-unsafe-memory-access=allow"));
        assertEquals(8, RankCommand.featureVersion(fakeJava("eight", "1.8.0_292").toString()));
        assertEquals(Runtime.version().feature(), RankCommand.featureVersion(dir.resolve("nowhere/bin/java").toString()));
    }

    @Test
    void localJavaRanksFindTheUnpackedLibrariesFirstOnTheLibraryPath() {
        Path natives = Path.of("/atoll/lib/native");
        Installation unpacked = new Installation("/atoll/lib/atoll-mpi.jar", null, null, natives);
        JobSpec java = MpirunArgs.parse("mpirun", new String[] {"-np", "2", "Hello"});
        assertEquals(Map.of("LD_LIBRARY_PATH", "/atoll/lib/native"),
            RankCommand.localEnvironment(java, unpacked, Map.of(), Map.of()));
        assertEquals(Map.of("LD_LIBRARY_PATH", "/atoll/lib/native:/usr/local/lib"),
            RankCommand.localEnvironment(java, unpacked, Map.of("LD_LIBRARY_PATH", "/usr/local/lib"), Map.of()));
        assertEquals(Map.of("LD_LIBRARY_PATH", "/atoll/lib/native:/opt/x"), RankCommand.localEnvironment(java,
            unpacked, Map.of("LD_LIBRARY_PATH", "/usr/local/lib"), Map.of("LD_LIBRARY_PATH", "/opt/x")), "-x wins");
        assertEquals(Map.of(), RankCommand.localEnvironment(java, OURS, Map.of(), Map.of()), "nothing unpacked");
        JobSpec executable = MpirunArgs.parse("mpirun", new String[] {"-np", "2", "/bin/echo", "x"});
        assertEquals(Map.of(), RankCommand.localEnvironment(executable, unpacked, Map.of(), Map.of()), "not a JVM");
    }

    @Test
    void javaRanksOfAnOversubscribedNodeCompileLaterAndTrainingNodesCompileTheLibraryEarly() {
        List<String> java = List.of("/jdk/bin/java", "-Xmx1g", "-cp", "x", "Main");
        List<String> training = RankCompilerHints.trainingOptions();
        List<String> full = new ArrayList<>(List.of("/jdk/bin/java"));
        full.addAll(training);
        full.addAll(java.subList(1, java.size()));
        assertEquals(full, RankCommand.withNodeOptions(java, true, 2, 2), "a core a rank: the library early");
        assertEquals(List.of("/jdk/bin/java", "-XX:CompileThresholdScaling=3", "-Xmx1g", "-cp", "x", "Main"),
            RankCommand.withNodeOptions(java, true, 3, 2), "ranks that share cores do not train");
        assertEquals(List.of("/jdk/bin/java", "-XX:CompileThresholdScaling=3", "-Xmx1g", "-cp", "x", "Main"),
            RankCommand.withNodeOptions(java, true, 5, 2));
        assertEquals(List.of("/jdk/bin/java", "-XX:CompileThresholdScaling=10", "-Xmx1g", "-cp", "x", "Main"),
            RankCommand.withNodeOptions(java, true, 64, 2));
        assertEquals("-XX:CompileCommand=quiet", training.get(0), "the JVM prints every CompileCommand before a quiet");
        assertTrue(training.stream().skip(1).limit(training.size() - 2)
            .allMatch(o -> o.startsWith("-XX:CompileCommand=CompileThresholdScaling,")), training.toString());
        assertEquals("-Datoll.jit.libraryScaling=0.02", training.get(training.size() - 1), "the training pass is told");
        List<String> executable = List.of("/bin/echo", "x");
        assertEquals(executable, RankCommand.withNodeOptions(executable, false, 64, 2), "not a JVM");
    }

    @Test
    void jarRunsItsMainClassWithOurJarOnTheClassPath() throws IOException {
        Path jar = jar("app.jar", "com.example.Main");
        List<String> cmd = command("ignored", "-np", "2", "-jar", jar.toString(), "x");
        assertEquals("/atoll/lib/atoll-mpi.jar" + File.pathSeparator + jar, classPathOf(cmd));
        assertEquals(List.of("com.example.Main", "x"), cmd.subList(cmd.size() - 2, cmd.size()));

        Path plain = jar("plain.jar", null);
        UsageError e = assertThrows(UsageError.class, () -> command(null, "-jar", plain.toString()));
        assertTrue(e.getMessage().contains("no Main-Class"), e.getMessage());
        e = assertThrows(UsageError.class, () -> command(null, "-jar", dir.resolve("missing.jar").toString()));
        assertTrue(e.getMessage().contains("cannot read"), e.getMessage());
    }

    @Test
    void benchmarkNamesNeedTheBenchmarksJar() throws IOException {
        Path bench = Files.createFile(dir.resolve(RankCommand.BENCHMARKS_JAR));
        Installation installed = new Installation("/atoll/lib/atoll-mpi.jar", bench);
        List<String> cmd = RankCommand.command(MpirunArgs.parse("mpirun", "-np", "2", "osu_latency", "-m", "8"), installed, null);
        assertTrue(classPathOf(cmd).startsWith("/atoll/lib/atoll-mpi.jar" + File.pathSeparator + bench));
        assertEquals(List.of("org.atollmpi.bench.osu.OsuLatency", "-m", "8"), cmd.subList(cmd.size() - 3, cmd.size()));

        cmd = RankCommand.command(MpirunArgs.parse("mpirun", "-np", "4", "osu_iallreduce", "-c"), installed, null);
        assertEquals(List.of("org.atollmpi.bench.osu.OsuCollectives", "osu_iallreduce", "-c"),
                cmd.subList(cmd.size() - 3, cmd.size()), "a collective's name goes first to their shared main class");
        cmd = RankCommand.command(MpirunArgs.parse("mpirun", "-np", "4", "java", "-Dx=1", "osu_reduce_scatter"), installed, null);
        assertEquals(List.of("-Dx=1", "-cp"), cmd.subList(cmd.size() - 5, cmd.size() - 3), "the java form keeps its options");
        assertEquals(List.of("org.atollmpi.bench.osu.OsuCollectives", "osu_reduce_scatter"), cmd.subList(cmd.size() - 2, cmd.size()));
        assertEquals(6 + 9 + 2 * 13, RankCommand.BENCHMARKS.size(),
                "osu_latency, osu_multi_lat, osu_bw, osu_bibw, osu_mbw_mr, osu_latency_mt, 9 one-sided,"
                        + " 13 collectives blocking and not");
        cmd = RankCommand.command(MpirunArgs.parse("mpirun", "-np", "2", "osu_put_latency", "-s", "fence"), installed, null);
        assertEquals(List.of("org.atollmpi.bench.osu.OsuPutLatency", "-s", "fence"), cmd.subList(cmd.size() - 3, cmd.size()));

        UsageError e = assertThrows(UsageError.class, () -> command(null, "osu_bw"));
        assertTrue(e.getMessage().contains(RankCommand.BENCHMARKS_JAR), e.getMessage());
    }

    @Test
    void exportsTakeGivenValuesOrMpirunsOwn() {
        List<String> warnings = new ArrayList<>();
        Map<String, String> vars = RankCommand.exports(List.of("A=1", "B", "C", "D=x=y", "E="),
                Map.of("B", "from-env"), warnings::add);
        assertEquals(Map.of("A", "1", "B", "from-env", "D", "x=y", "E", ""), vars);
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("-x C"), warnings.get(0));
    }

    @Test
    void signalsAreReadBackFromTheExitStatus() {
        assertEquals("exited with status 3", Job.describeExit(3));
        assertEquals("killed by signal 9 (SIGKILL)", Job.describeExit(137));
        assertEquals("killed by signal 15 (SIGTERM)", Job.describeExit(143));
        assertEquals("exited with status 255", Job.describeExit(255));
    }

    private Path fakeJava(String name, String version) throws IOException {
        Path bin = Files.createDirectories(dir.resolve(name).resolve("bin"));
        Files.writeString(dir.resolve(name).resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + version + "\"\n");
        return Files.writeString(bin.resolve("java"), "");
    }

    private Path jar(String name, String mainClass) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (mainClass != null) {
            manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        }
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            j.flush();
        }
        return jar;
    }
}

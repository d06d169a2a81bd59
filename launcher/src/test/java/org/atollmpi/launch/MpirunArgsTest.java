package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MpirunArgsTest {
    private static JobSpec parse(String... args) {
        return MpirunArgs.parse("mpirun", args);
    }

    @Test
    void classFormStopsAtTheProgram() {
        JobSpec s = parse("-np", "4", "--oversubscribe", "-x", "A=1", "-x", "B", "--tag-output", "-cp", "x:y",
                "Hello", "-np", "3", "-x", "--tag-output");
        assertEquals(4, s.np());
        assertTrue(s.oversubscribe());
        assertTrue(s.tagOutput());
        assertEquals(List.of("A=1", "B"), s.exports());
        assertEquals("x:y", s.classPath());
        assertEquals("Hello", s.mainClass());
        assertNull(s.jar());
        assertNull(s.java());
        assertEquals(List.of(), s.jvmOptions());
        assertEquals(List.of("-np", "3", "-x", "--tag-output"), s.args(), "after the program, all is the program's");
    }

    @Test
    void npSpellings() {
        assertEquals(3, parse("-n", "3", "Hello").np());
        assertEquals(3, parse("--np", "3", "Hello").np());
        assertEquals(3, parse("-c", "3", "Hello").np());
        assertEquals(Runtime.getRuntime().availableProcessors(), parse("Hello").np(), "one per core by default");
    }

    @Test
    void openMpiJavaForm() {
        JobSpec s = parse("-np", "2", "java", "-Xmx1g", "-Dk=v", "-cp", "lib/a.jar:.", "--add-opens",
                "java.base/java.lang=ALL-UNNAMED", "-ea", "Ring", "10", "-cp", "z");
        assertEquals(2, s.np());
        assertNull(s.java(), "plain 'java' is mpirun's own");
        assertEquals(List.of("-Xmx1g", "-Dk=v", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-ea"), s.jvmOptions());
        assertEquals("lib/a.jar:.", s.classPath());
        assertEquals("Ring", s.mainClass());
        assertEquals(List.of("10", "-cp", "z"), s.args());

        assertEquals("p", parse("java", "-classpath", "p", "Ring").classPath());
        assertEquals("p", parse("java", "--class-path", "p", "Ring").classPath());
        assertEquals("p", parse("java", "--class-path=p", "Ring").classPath());
        assertNull(parse("java", "Ring").classPath());
        assertEquals("/opt/jdk/bin/java", parse("-np", "1", "/opt/jdk/bin/java", "Ring").java());
    }

    @Test
    void jarEndsTheOptionsInBothForms() {
        JobSpec s = parse("-np", "2", "-jar", "app.jar", "-x", "1", "--tag-output");
        assertEquals(Path.of("app.jar"), s.jar());
        assertNull(s.mainClass());
        assertFalse(s.tagOutput());
        assertEquals(List.of("-x", "1", "--tag-output"), s.args());

        JobSpec j = parse("-np", "2", "java", "-Xss2m", "-jar", "app.jar", "-np", "5");
        assertEquals(Path.of("app.jar"), j.jar());
        assertEquals(List.of("-Xss2m"), j.jvmOptions());
        assertEquals(List.of("-np", "5"), j.args());
    }

    @Test
    void theModularJavaFormNamesTheModuleAndKeepsItsPath() {
        JobSpec j = parse("-np", "2", "java", "-Xss2m", "-p", "mods", "-m", "app/app.Main", "-m", "x");
        assertTrue(j.modular());
        assertEquals("app/app.Main", j.mainClass());
        assertEquals(List.of("-Xss2m", "-p", "mods"), j.jvmOptions());
        assertEquals(List.of("-m", "x"), j.args(), "what follows the module is the program's");
        JobSpec k = parse("-np", "2", "java", "--module-path=mods", "--module=app");
        assertTrue(k.modular());
        assertEquals("app", k.mainClass());
        assertEquals(List.of("--module-path", "mods"), k.jvmOptions());
    }

    @Test
    void atFilesArePlainArguments() {
        assertEquals(List.of("@args.txt"), parse("-np", "1", "Hello", "@args.txt").args());
    }

    @Test
    void mistakesAreExplained() {
        assertError(UsageError.class, "no program given", "-np", "2");
        assertError(UsageError.class, "at least one rank", "-np", "0", "Hello");
        assertError(UsageError.class, "no class or -jar", "-np", "2", "java", "-Xmx1g");
        assertError(UsageError.class, "give the program's module path (-p DIR) too", "java", "-m", "mod/pkg.Main");
        assertError(UsageError.class, "--rsh '  ': expected a command", "--rsh", "  ", "-H", "localhost", "Hello");
        assertError(UsageError.class, "--hostfile nowhere/hosts: cannot read it", "--hostfile", "nowhere/hosts", "Hello");
        assertError(UsageError.class, "neither an executable file nor a class name", "-np", "2", "./a.out");
        assertError(UsageError.class, "give -jar", "-np", "2", "app.jar");
        assertError(UsageError.class, "both mpirun and java", "-cp", "a", "java", "-cp", "b", "Hello");
        assertError(UsageError.class, "-jar needs a file", "-np", "2", "-jar");
        assertError(UsageError.class, "needs a value", "java", "-cp");
        assertError(UsageError.class, "VAR or VAR=value", "-x", "=v", "Hello");
        assertError(UsageError.class, "Unknown option: '--bogus'", "--bogus", "Hello");
        assertError(UsageError.class, "--board infiniband: expected shm, tcp or auto", "--board", "infiniband", "Hello");
        assertError(UsageError.class, "Invalid value for option '-np': 'two' is not an int", "-np", "two", "Hello");
    }

    @Test
    void hostsNamingThisMachineGiveTheDefaultRanksAndSlots(@TempDir Path dir) throws IOException {
        assertEquals(2, parse("-H", "localhost:2", "Hello").np());
        assertEquals(2, parse("--host", "localhost,localhost", "Hello").np());
        assertEquals(3, parse("-host", "localhost", "-H", "127.0.0.1:2", "Hello").np());
        assertEquals(1, parse("-H", "localhost:4", "-np", "1", "Hello").np());
        assertEquals(4, parse("-H", "localhost:4", "Hello").hosts().slots());
        Path hosts = Files.writeString(dir.resolve("hosts"), "# here\nlocalhost slots=2\n\n");
        assertEquals(2, parse("--hostfile", hosts.toString(), "Hello").np());
        assertEquals(2, parse("--machinefile", hosts.toString(), "-H", "localhost", "Hello").np(), "the file gives the slots");
        assertNull(parse("Hello").hosts());
    }

    @Test
    void ranksPerNodeIsTheRankCountOnOneNode() {
        assertEquals(3, parse("-N", "3", "Hello").np());
        assertEquals(3, parse("--npernode", "3", "-np", "3", "Hello").np());
        assertEquals(2, parse("--map-by", "ppr:2:node", "Hello").np());
        assertError(UsageError.class, "-np 4 and -N 2 disagree", "-np", "4", "-N", "2", "Hello");
    }

    @Test
    void otherHostsAreNodesOfTheirOwnStartedThroughTheRemoteShell() {
        JobSpec s = parse("-H", "localhost:1,node17.invalid:2", "Hello");
        assertEquals(3, s.np());
        assertEquals(List.of(true, false), s.placement().nodes().stream().map(m -> m.node().local()).toList());
        assertArrayEquals(new int[] {0, 1, 1}, s.placement().nodeOf());
        assertEquals(RemoteCommand.DEFAULT_RSH, s.rsh());
        assertArrayEquals(new int[] {0, 1, 0, 1}, parse("-H", "a.invalid:2,b.invalid:2", "--map-by", "node", "Hello")
                .placement().nodeOf());
        assertEquals(4, parse("-N", "2", "-H", "a.invalid:1,b.invalid:1", "--oversubscribe", "Hello").np());
        assertEquals(List.of("ip", "netns", "exec"), parse("--rsh", "ip netns exec", "-H", "ns1", "Hello").rsh());
        assertEquals(List.of("rsh"), parse("--mca", "plm_rsh_agent", "rsh : ssh", "-H", "n1.invalid", "Hello").rsh());
        JobSpec tcp = parse("--mca", "oob_tcp_if_include", "eth0", "--mca", "btl_tcp_if_include", "10.0.0.0/8", "Hello");
        assertEquals("eth0", tcp.serverInterfaces());
        assertEquals("10.0.0.0/8", tcp.boardInterfaces());
        assertEquals(List.of(), tcp.warnings(), "honoured, not ignored");
        assertError(UsageError.class, "--board shm: shared memory joins the ranks of one machine only, and this job spans 2"
                + " hosts", "--board", "shm", "-H", "localhost,b.invalid", "Hello");
    }

    @Test
    void openMpiOptionsThatMeanNothingHereWarnOnce() {
        JobSpec s = parse("--mca", "btl", "self,vader", "-mca", "pml", "ob1", "--prefix", "/opt/ompi",
                "--mca", "btl", "self,vader", "Hello");
        assertEquals(List.of("--mca btl self,vader --mca pml ob1 --mca btl self,vader are ignored (MCA parameters select"
                        + " and tune Open MPI's components; atoll-mpi has its own knobs, see its README)",
                "--prefix /opt/ompi is ignored (the ranks run from this mpirun's installation)"), s.warnings());
        assertEquals(List.of("--mca btl self,vader is ignored (MCA parameters select and tune Open MPI's components;"
                + " atoll-mpi has its own knobs, see its README)"), parse("--mca", "btl", "self,vader", "Hello").warnings());
        assertEquals(List.of(), parse("-q", "--mca", "btl", "tcp", "--prefix", "p", "Hello").warnings());
        assertEquals(List.of(), parse("--map-by", "core", "--rank-by", "slot", "--bind-to", "core", "Hello").warnings());
    }

    @Test
    void mappingAndBinding() {
        assertTrue(parse("--map-by", "core", "Hello").bindToCore());
        assertTrue(parse("--map-by", "socket:OVERSUBSCRIBE", "Hello").oversubscribe());
        assertTrue(parse("--bind-to", "hwthread", "Hello").bindToCore());
        assertFalse(parse("--bind-to", "none", "Hello").bindToCore());
        JobSpec socket = parse("--bind-to", "socket", "Hello");
        assertFalse(socket.bindToCore());
        assertTrue(socket.warnings().get(0).startsWith("--bind-to socket is ignored: the ranks are left unbound"));
        assertTrue(parse("--bind-to", "core:REPORT", "Hello").reportBindings());
        assertEquals(1, parse("--map-by", "slot:PE=2", "Hello").warnings().size());
        assertEquals(1, parse("--map-by", "ppr:1:socket", "Hello").warnings().size());
        assertError(UsageError.class, "--map-by diagonal: expected slot, core", "--map-by", "diagonal", "Hello");
        assertError(UsageError.class, "--bind-to everything: expected core, hwthread or none", "--bind-to", "everything", "Hello");
    }

    @Test
    void workingDirectoryReportsAndTimeout(@TempDir Path dir) {
        JobSpec s = parse("--wdir", dir.toString(), "--report-bindings", "--display-map", "--timeout", "30", "-v",
                "-jar", "app.jar");
        assertEquals(dir.toAbsolutePath(), s.workDir());
        assertEquals(dir.resolve("app.jar"), s.jar(), "read from where the ranks run");
        assertTrue(s.reportBindings() && s.displayMap() && s.verbose());
        assertEquals(java.time.Duration.ofSeconds(30), s.timeout());
        assertNull(parse("Hello").timeout());
        assertEquals(dir.toAbsolutePath(), parse("-wdir", dir.toString(), "Hello").workDir());
        assertEquals(dir.toAbsolutePath(), parse("--wd", dir.toString(), "Hello").workDir());
        assertError(UsageError.class, "no such directory", "--wdir", dir.resolve("missing").toString(), "Hello");
        assertError(UsageError.class, "--timeout 0: expected a number of seconds", "--timeout", "0", "Hello");
    }

    @Test
    void aPathToAnExecutableRunsIt(@TempDir Path dir) throws IOException {
        Path script = Files.writeString(dir.resolve("run.sh"), "#!/bin/sh\n");
        script.toFile().setExecutable(true);
        JobSpec s = parse("-np", "2", script.toString(), "a", "-np");
        assertEquals(script.toString(), s.executable());
        assertEquals(List.of("a", "-np"), s.args());
        assertEquals(script.toString(), parse("--wdir", dir.toString(), "./run.sh").executable(), "from the ranks' directory");
    }

    @Test
    void helpAndVersionRunNothing() {
        assertNull(parse("--help"));
        assertNull(parse("-h"));
        assertNull(parse("--version"));
        assertFalse(MpirunArgs.version().isBlank());
    }

    private static void assertError(Class<? extends RuntimeException> type, String fragment, String... args) {
        RuntimeException e = assertThrows(type, () -> parse(args));
        assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' should say '" + fragment + "'");
    }

    @Test
    void boardIsPassedOnOrLeftToTheEnvironment() {
        assertEquals("tcp", parse("--board", "tcp", "Hello").board());
        assertEquals("shm", parse("--board=shm", "Hello").board());
        assertEquals("auto", parse("--board", "auto", "Hello").board());
        assertNull(parse("Hello").board(), "no --board: the ranks read ATOLL_BOARD, auto when unset");
    }
}

package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.*;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.atollmpi.launch.ProgramLookup.ProgramNotFound;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramLookupTest {
    @TempDir
    Path dir;
    private String path;

    @BeforeEach
    void commandsAndClasses() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.setPosixFilePermissions(Files.writeString(bin.resolve("tool"), "#!/bin/sh\n"),
                PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(bin.resolve("Data"), "not executable\n");
        path = dir.resolve("empty") + File.pathSeparator + bin;
        Files.createDirectories(dir.resolve("classes/app"));
        Files.write(dir.resolve("classes/app/Main.class"), new byte[] {1});
    }

    private JobSpec resolve(String... args) {
        JobSpec spec = MpirunArgs.parse("mpirun", args);
        return ProgramLookup.resolve(spec, List.of("/atoll/lib/atoll-mpi.jar", dir.resolve("classes").toString()), path);
    }

    @Test
    void aClassOnTheClassPathIsTheProgram() {
        JobSpec spec = resolve("-np", "2", "app.Main", "x");
        assertEquals("app.Main", spec.mainClass());
        assertNull(spec.executable());
    }

    @Test
    void aWordThatIsNoClassButACommandOnPathRunsTheCommand() {
        JobSpec spec = resolve("-np", "2", "tool", "-a", "b");
        assertEquals(dir.resolve("bin/tool").toString(), spec.executable());
        assertNull(spec.mainClass());
        assertEquals(List.of("-a", "b"), spec.args());
        assertEquals(List.of(dir.resolve("bin/tool").toString(), "-a", "b"),
                RankCommand.command(spec, new RankCommand.Installation("/atoll/lib/atoll-mpi.jar", null), null),
                "no JVM, no JVM options");
    }

    @Test
    void aMissingClassIsOneMessageNamingItAndTheClassPath() {
        ProgramNotFound e = assertThrows(ProgramNotFound.class, () -> resolve("-np", "2", "com.example.NoSuchClass"));
        assertEquals("class com.example.NoSuchClass not found on the class path (/atoll/lib/atoll-mpi.jar, "
                + dir.resolve("classes") + "): give -cp <dir or jar> or run from the directory that holds"
                + " com/example/NoSuchClass.class; mpirun runs Java classes and executables", e.getMessage());
        assertThrows(ProgramNotFound.class, () -> resolve("Data"), "a file that is not executable is no command");
    }

    @Test
    void theJavaFormIsAlwaysJava() {
        ProgramNotFound e = assertThrows(ProgramNotFound.class, () -> resolve("java", "-Xmx1g", "tool"));
        assertTrue(e.getMessage().startsWith("class tool not found"), e.getMessage());
        assertEquals("app.Main", resolve("java", "app.Main").mainClass());
    }

    @Test
    void benchmarksJarsAndUnreadableClassPathsAreLeftAsTheyAre() throws IOException {
        assertEquals("osu_latency", resolve("osu_latency").mainClass());
        assertEquals(Path.of("app.jar"), resolve("-jar", "app.jar").jar());
        Files.writeString(dir.resolve("classes/odd.jar"), "no zip");
        JobSpec spec = MpirunArgs.parse("mpirun", "Missing");
        assertSame(spec, ProgramLookup.resolve(spec, List.of(dir.resolve("classes/odd.jar").toString()), path));
    }

    @Test
    void pathLookupIsThatOfAShell() {
        assertEquals(dir.resolve("bin/tool"), ProgramLookup.onPath("tool", path, dir));
        assertNull(ProgramLookup.onPath("Data", path, dir));
        assertNull(ProgramLookup.onPath("tool", null, dir));
        assertNull(ProgramLookup.onPath("bin/tool", path, dir), "a name with '/' is no PATH lookup");
        assertEquals(dir.resolve("bin/tool"), ProgramLookup.onPath("tool", "bin", dir), "relative PATH entries");
    }
}

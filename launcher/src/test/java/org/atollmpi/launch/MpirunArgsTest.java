package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

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
    void atFilesArePlainArguments() {
        assertEquals(List.of("@args.txt"), parse("-np", "1", "Hello", "@args.txt").args());
    }

    @Test
    void mistakesAreExplained() {
        assertError(UsageError.class, "no program given", "-np", "2");
        assertError(UsageError.class, "at least one rank", "-np", "0", "Hello");
        assertError(UsageError.class, "no class or -jar", "-np", "2", "java", "-Xmx1g");
        assertError(UsageError.class, "modular main classes", "java", "-m", "mod/pkg.Main");
        assertError(UsageError.class, "remote ranks are not supported", "--hostfile", "hosts", "Hello");
        assertError(UsageError.class, "not a class name", "-np", "2", "./a.out");
        assertError(UsageError.class, "give -jar", "-np", "2", "app.jar");
        assertError(UsageError.class, "both mpirun and java", "-cp", "a", "java", "-cp", "b", "Hello");
        assertError(UsageError.class, "-jar needs a file", "-np", "2", "-jar");
        assertError(UsageError.class, "needs a value", "java", "-cp");
        assertError(UsageError.class, "VAR or VAR=value", "-x", "=v", "Hello");
        assertError(ParameterException.class, "Unknown option", "--bogus", "Hello");
        assertError(ParameterException.class, "np", "-np", "two", "Hello");
    }

    @Test
    void helpAndVersionRunNothing() {
        assertNull(parse("--help"));
        assertNull(parse("-h"));
        assertNull(parse("--version"));
        assertFalse(MpirunArgs.Version.version().isBlank());
    }

    private static void assertError(Class<? extends RuntimeException> type, String fragment, String... args) {
        RuntimeException e = assertThrows(type, () -> parse(args));
        assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' should say '" + fragment + "'");
    }
}

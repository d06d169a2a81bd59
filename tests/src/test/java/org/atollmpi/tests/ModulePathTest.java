package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A modular program: its {@code module-info} {@code requires org.atollmpi.mpi} (the automatic
 * module name of lib/atoll-mpi.jar), it is compiled against the jar on the module path, and
 * {@code mpirun java -p DIR -m module/class} runs it, on whichever Java runs the tests.
 */
class ModulePathTest {
    private static final String MODULE_INFO = """
        module hello.modular {
            requires org.atollmpi.mpi;
        }
        """;
    private static final String MAIN = """
        package hello.modular;

        import mpi.MPI;

        public final class Main {
            public static void main(String[] args) {
                MPI.Init(args);
                int rank = MPI.COMM_WORLD.getRank();
                int[] sum = {rank + 1};
                MPI.COMM_WORLD.allReduce(sum, 1, MPI.INT, MPI.SUM);
                System.out.println("MODULAR rank " + rank + " in module " + Main.class.getModule().getName()
                    + ", mpi in " + MPI.class.getModule().getName() + ", sum " + sum[0] + ", args " + String.join(" ", args));
                MPI.Finalize();
            }
        }
        """;

    @Test
    void aProgramOnTheModulePathRequiresTheLibraryAndRuns(@TempDir Path dir) throws IOException {
        Path src = dir.resolve("src/hello.modular");
        Files.createDirectories(src.resolve("hello/modular"));
        Files.writeString(src.resolve("module-info.java"), MODULE_INFO);
        Files.writeString(src.resolve("hello/modular/Main.java"), MAIN);
        Path mods = dir.resolve("mods/hello.modular");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "the tests run on a JDK");
        StringWriter out = new StringWriter();
        int status = javac.getTask(out, null, null, List.of("-p", Repo.jar().toString(), "-d", mods.toString()), null,
            javac.getStandardFileManager(null, null, null).getJavaFileObjects(
                src.resolve("module-info.java").toFile(), src.resolve("hello/modular/Main.java").toFile())).call() ? 0 : 1;
        assertEquals(0, status, "javac: " + out);

        Job.command(Repo.mpirun().toString(), "-np", "3", "--oversubscribe", "java", "-p", dir.resolve("mods").toString(),
                "-m", "hello.modular/hello.modular.Main", "one", "two")
            .timeout(Duration.ofSeconds(120)).run()
            .assertExit(0)
            .assertLine("^MODULAR rank 2 in module hello.modular, mpi in org.atollmpi.mpi, sum 6, args one two$")
            .assertNoLine("WARNING");
    }
}

package org.atollmpi.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@code @MpiTest} looks for {@code bin/mpirun}, and what it says when there is none. */
class MpiLauncherTest {
    @TempDir
    Path tmp;

    private Path home(String name) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve(name).resolve("bin"));
        Path mpirun = Files.writeString(bin.resolve("mpirun"), "#!/bin/sh\n# mpirun for atoll-mpi\n");
        Files.setPosixFilePermissions(mpirun, PosixFilePermissions.fromString("rwxr-xr-x"));
        return tmp.resolve(name);
    }

    @Test
    void thePropertyComesFirstThenTheEnvironmentThenTheWalkUp() throws IOException {
        Path byProperty = home("a");
        Path byEnv = home("b");
        Path project = home("c");
        Path deep = Files.createDirectories(project.resolve("module/target/x"));
        assertEquals(byProperty.resolve("bin/mpirun"), MpiLauncher.find(byProperty.toString(), byEnv.toString(), deep));
        assertEquals(byEnv.resolve("bin/mpirun"), MpiLauncher.find(null, byEnv.toString(), deep));
        assertEquals(byEnv.resolve("bin/mpirun"), MpiLauncher.find(" ", byEnv.toString(), deep));
        assertEquals(project.resolve("bin/mpirun"), MpiLauncher.find(null, null, deep));
    }

    @Test
    void aNamedHomeWithoutTheLauncherIsAnErrorNotAHint() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path project = home("c");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MpiLauncher.find(empty.toString(), null, project));
        assertTrue(e.getMessage().contains("-Datoll.home=" + empty + " has no bin/mpirun"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> MpiLauncher.find(null, empty.toString(), project));
        assertTrue(e.getMessage().contains("ATOLL_HOME=" + empty + " has no bin/mpirun"), e.getMessage());
    }

    @Test
    void anotherMpisMpirunIsPassedOver() throws IOException {
        Path project = home("c");
        Path other = Files.createDirectories(project.resolve("openmpi/bin"));
        Files.writeString(other.resolve("mpirun"), "ELF of another MPI");
        assertEquals(project.resolve("bin/mpirun"), MpiLauncher.find(null, null, other));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MpiLauncher.find(project.resolve("openmpi").toString(), null, project));
        assertTrue(e.getMessage().contains("is not atoll-mpi's mpirun"), e.getMessage());
    }

    @Test
    void nothingFoundSaysHowToPointAtIt() throws IOException {
        Path nowhere = Files.createDirectories(tmp.resolve("no/launcher/here"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MpiLauncher.find(null, null, nowhere));
        assertTrue(e.getMessage().contains("cannot find atoll-mpi's bin/mpirun: set -Datoll.home=<atoll-mpi directory>"
                + " or ATOLL_HOME (looked upwards from " + nowhere + ")"), e.getMessage());
    }
}

package org.atollmpi.tests.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Where things are: the repository root (with {@code bin/} and {@code lib/}) and our classes. */
public final class Repo {
    private Repo() {
    }

    /** The repository root: {@code -Datoll.root} (set by the pom), else found upwards from the cwd. */
    public static Path root() {
        String property = System.getProperty("atoll.root");
        if (property != null && !property.isBlank() && Files.isDirectory(Paths.get(property, "bin"))) {
            return Paths.get(property).toAbsolutePath().normalize();
        }
        for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("bin/mpirun")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the repository root (bin/mpirun); set -Datoll.root");
    }

    public static Path mpirun() {
        return root().resolve("bin/mpirun");
    }

    public static Path mpijavac() {
        return root().resolve("bin/mpijavac");
    }

    /** The self-contained jar built by the launcher module earlier in the reactor. */
    public static Path jar() {
        return root().resolve("lib/atoll-mpi.jar");
    }

    /** The compiled test programs: {@code -Dtests.classes} (set by the pom) or target/test-classes. */
    public static Path testClasses() {
        String property = System.getProperty("tests.classes");
        if (property != null && !property.isBlank()) {
            return Paths.get(property).toAbsolutePath();
        }
        return root().resolve("tests/target/test-classes");
    }

    public static String java() {
        return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }
}

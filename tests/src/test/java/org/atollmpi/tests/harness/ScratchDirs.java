package org.atollmpi.tests.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Temporary directories that tests set up daemons in (sshd, Slurm) and remove afterwards. */
public final class ScratchDirs {
    private ScratchDirs() {
    }

    /**
     * Deletes {@code dir} and everything under it, deepest first, without following links out of
     * it; says on standard error what could not be read rather than failing the test's clean-up.
     */
    public static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("cannot delete " + dir + ": " + e);
        }
    }
}

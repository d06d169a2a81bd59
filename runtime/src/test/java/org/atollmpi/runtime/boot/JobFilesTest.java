package org.atollmpi.runtime.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobFilesTest {
    /** Above any pid_max Linux allows (2^22): never a live process. */
    private static final long GONE = 999_999_999L;

    @Test
    void removesOnlyTheFilesOfJobsWhoseMpirunIsGone(@TempDir Path dir) throws IOException {
        long alive = ProcessHandle.current().pid();
        Path orphan = Files.createFile(dir.resolve("atoll-" + GONE + "x00af-0"));
        Path orphanDir = Files.createDirectories(dir.resolve("atoll-" + GONE + "xbeef-side"));
        Files.createFile(orphanDir.resolve("inside"));
        Path running = Files.createFile(dir.resolve("atoll-" + alive + "x1234-0"));
        Path notOurs = Files.createFile(dir.resolve("atoll-" + GONE + "-n0"));   // a PMI job's name
        Path other = Files.createFile(dir.resolve("something-" + GONE + "x00af-0"));
        Path target = Files.createFile(dir.resolve("kept"));
        Path link = Files.createSymbolicLink(dir.resolve("atoll-" + GONE + "x0001-0"), target);

        List<String> removed = JobFiles.removeOrphans(dir);

        assertEquals(List.of(orphan.getFileName().toString(), orphanDir.getFileName().toString()),
            removed.stream().sorted().toList());
        assertFalse(Files.exists(orphan));
        assertFalse(Files.exists(orphanDir));
        assertTrue(Files.exists(running), "a live mpirun's board stays");
        assertTrue(Files.exists(notOurs), "names mpirun did not make stay");
        assertTrue(Files.exists(other));
        assertTrue(Files.isSymbolicLink(link), "a symbolic link is never followed nor removed");
        assertTrue(Files.exists(target));
    }

    @Test
    void aMissingDirectoryRemovesNothing(@TempDir Path dir) {
        assertEquals(List.of(), JobFiles.removeOrphans(dir.resolve("absent")));
    }
}

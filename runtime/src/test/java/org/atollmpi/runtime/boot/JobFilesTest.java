package org.atollmpi.runtime.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobFilesTest {
    /** Above any pid_max Linux allows (2^22): never a live process. */
    private static final long GONE = 999_999_999L;
    private static final String R1 = "0123456789abcdef0123456789abcdef";
    private static final String R2 = "fedcba9876543210fedcba9876543210";

    @Test
    void removesOnlyTheFilesOfJobsWhoseMpirunIsGone(@TempDir Path dir) throws IOException {
        long alive = ProcessHandle.current().pid();
        Path orphan = Files.createFile(dir.resolve("atoll-" + GONE + "x" + R1 + "-0"));
        Path orphanDir = Files.createDirectories(dir.resolve("atoll-" + GONE + "x" + R2 + "-side"));
        Files.createFile(orphanDir.resolve("inside"));
        Path oldStyle = Files.createFile(dir.resolve("atoll-" + GONE + "xbeef-0.n1"));   // an earlier version's name
        Path running = Files.createFile(dir.resolve("atoll-" + alive + "x" + R1 + "-0"));
        Path notOurs = Files.createFile(dir.resolve("atoll-" + GONE + "-n0"));   // a PMI job's name
        Path other = Files.createFile(dir.resolve("something-" + GONE + "x00af-0"));
        Path target = Files.createFile(dir.resolve("kept"));
        Path link = Files.createSymbolicLink(dir.resolve("atoll-" + GONE + "x" + R2 + "-0"), target);

        List<String> removed = JobFiles.removeOrphans(dir);

        assertEquals(List.of(orphan.getFileName().toString(), oldStyle.getFileName().toString(),
            orphanDir.getFileName().toString()), removed.stream().sorted().toList());
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

    @Test
    void jobIdsCarry128RandomBitsAndNoDash(@TempDir Path dir) {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String id = JobFiles.newJobId(dir, 4242, 'x');
            assertTrue(id.matches("4242x[0-9a-f]{32}"), id);
            ids.add(id);
        }
        assertEquals(1000, ids.size(), "every id is fresh");
    }

    /** A squatter who somehow named the job's files first (a file, a link) makes mpirun draw another id, never use theirs. */
    @Test
    void anIdWhoseNamesAreTakenIsNeverUsed(@TempDir Path dir) throws IOException {
        Path target = Files.createFile(dir.resolve("victim"));
        Files.createFile(dir.resolve("atoll-7x" + R1 + "-0"));
        Files.createSymbolicLink(dir.resolve("atoll-7x" + R2 + "-0.n1"), target);
        Iterator<String> draws = List.of(R1, R2, "00000000000000000000000000000003").iterator();

        assertEquals("7x00000000000000000000000000000003", JobFiles.newJobId(dir, 7, 'x', draws::next));

        Iterator<String> allTaken = List.of(R1, R2, R1, R2, R1, R2, R1, R2).iterator();
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> JobFiles.newJobId(dir, 7, 'x', allTaken::next));
        assertTrue(e.getMessage().contains("already exist in " + dir), e.getMessage());
    }

    /** The job's own clean-up removes what it made, and neither follows nor removes what others planted under its names. */
    @Test
    void deleteAllNeverFollowsALinkPlantedUnderTheJobsNames(@TempDir Path dir) throws IOException {
        String job = "7x" + R1;
        Path victimDir = Files.createDirectories(dir.resolve("victim"));
        Path victimFile = Files.createFile(victimDir.resolve("precious"));
        Path board = Files.createFile(dir.resolve("atoll-" + job + "-0"));
        Path linkToDir = Files.createSymbolicLink(dir.resolve("atoll-" + job + "-0.n1"), victimDir);
        Path linkToFile = Files.createSymbolicLink(dir.resolve("atoll-" + job + "-1"), victimFile);
        Path ownDir = Files.createDirectories(dir.resolve("atoll-" + job + "-side"));
        Path innerLink = Files.createSymbolicLink(ownDir.resolve("link"), victimDir);

        assertEquals(List.of(), JobFiles.deleteAll(dir, job));

        assertFalse(Files.exists(board, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isSymbolicLink(linkToDir), "a link at a job name is not ours to remove");
        assertTrue(Files.isSymbolicLink(linkToFile));
        assertFalse(Files.exists(ownDir, LinkOption.NOFOLLOW_LINKS), "the job's own directory goes, with the link in it");
        assertFalse(Files.exists(innerLink, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(victimFile), "nothing behind a link is touched");
    }

    /** Run as root (the only way a test can hold two users' files): another user's entries under the job's names stay. */
    @Test
    void deleteAllLeavesAnotherUsersFiles(@TempDir Path dir) throws IOException {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root to make a file of another user");
        String job = "7x" + R1;
        Path foreign = Files.createFile(dir.resolve("atoll-" + job + "-0"));
        UserPrincipal nobody;
        try {
            nobody = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        } catch (IOException e) {
            assumeTrue(false, "no user 'nobody'");
            return;
        }
        Files.setOwner(foreign, nobody);
        Path gone = Files.createFile(dir.resolve("atoll-" + GONE + "x" + R1 + "-0"));
        Files.setOwner(gone, nobody);

        assertEquals(List.of(), JobFiles.deleteAll(dir, job));
        assertEquals(List.of(), JobFiles.removeOrphans(dir));

        assertTrue(Files.exists(foreign), "another user's file is theirs");
        assertTrue(Files.exists(gone));
    }
}

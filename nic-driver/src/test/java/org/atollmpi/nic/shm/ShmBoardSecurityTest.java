package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What keeps one job out of another's board. The board file is this user's and owner-only
 * (0600), whichever way it is mapped; another user can neither read nor write it; a second job
 * of the same user that is given the file's name cannot attach (its job key differs) and changes
 * nothing; and a window cannot be reached with a guessed capability. (A process of the same user
 * that maps the file with its own code is inside the trust boundary, as it could ptrace the
 * ranks; the board file is unlinked once the node's ranks attached, which leaves it no name.)
 */
@Timeout(60)
class ShmBoardSecurityTest {
    private static final long JOB_KEY = 0x0A11_CE5E_C4E7L;
    private final Path file = ShmBoard.SHM_DIRECTORY.resolve("atoll-test-" + UUID.randomUUID());

    @AfterEach
    void removeFile() throws IOException {
        Files.deleteIfExists(file);
    }

    private static ShmBoardConfig config(long key) {
        return Recorder.smallConfig().withJobKey(key).withAttachTimeoutMillis(300);
    }

    @Test
    void theBoardFileIsOwnerOnlyWhicheverWayItIsMapped() throws IOException {
        for (boolean useNative : new boolean[] {true, false}) {
            try (ShmBoard board = ShmBoard.attach(file, 2, config(JOB_KEY).withNativeMapping(useNative), true)) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file,
                    LinkOption.NOFOLLOW_LINKS)), "native mapping " + useNative);
                assertEquals(System.getProperty("user.name"), Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).getName());
            }
            Files.delete(file);
        }
    }

    /** A second job given the first one's board name: refused with a reason, and the first board is as it was. */
    @Test
    void aSecondJobGivenTheBoardsNameCannotAttachAndChangesNothing() {
        try (ShmBoard first = ShmBoard.attach(file, 2, config(JOB_KEY), true)) {
            byte[] header = header(first);
            IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ShmBoard.attach(file, 2, config(JOB_KEY + 1), false));
            assertTrue(e.getMessage().contains("shm board " + file) && e.getMessage().contains("from another job"),
                e.getMessage());
            e = assertThrows(IllegalStateException.class, () -> ShmBoard.attach(file, 2, config(JOB_KEY + 1), true));
            assertTrue(e.getMessage().contains("already exists"), e.getMessage());
            assertArrayEquals(header, header(first), "the header is unchanged");
        }
    }

    /** As root, the test plays another user (nobody): the 0600 board cannot be opened to read or to write. */
    @Test
    void anotherUserCanNeitherReadNorWriteTheBoard() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/setpriv")),
            "needs root and setpriv to act as another user");
        try (ShmBoard first = ShmBoard.attach(file, 2, config(JOB_KEY), true)) {
            byte[] header = header(first);
            Result read = asNobody("dd", "if=" + file, "of=/dev/null", "bs=64", "count=1");
            assertNotEquals(0, read.status, read.output);
            assertTrue(read.output.contains("Permission denied"), read.output);
            Result write = asNobody("dd", "if=/dev/zero", "of=" + file, "bs=64", "count=1", "conv=notrunc");
            assertNotEquals(0, write.status, write.output);
            assertTrue(write.output.contains("Permission denied"), write.output);
            Result control = asNobody("dd", "if=/dev/zero", "of=/dev/null", "bs=64", "count=1");
            assertEquals(0, control.status, "nobody can run dd at all: " + control.output);
            assertArrayEquals(header, header(first), "the header changed");
        }
    }

    /** A window's 64-bit capability cannot be guessed: 10,000 guesses are all TWID_CAPA and write nothing. */
    @Test
    void aGuessedCapabilityNeverReachesTheWindow() {
        try (ShmBoard board = ShmBoard.attach(file, 2, config(JOB_KEY), true)) {
            ShmHostPort owner = board.open(1);
            ShmHostPort other = board.open(0);
            BoardRegion region = owner.allocate(64);
            WindowKey key = owner.register(region, 0, 64, WindowRights.ALL);
            long[] value = {-1};
            SplittableRandom random = new SplittableRandom(13);
            for (int i = 0; i < 10_000; i++) {
                long guess = random.nextLong();
                if (guess == key.capability()) {
                    continue;
                }
                assertEquals(NicStatus.TWID_CAPA, OneSided.put(other, 1, key.id(), guess, 0, value, Memory.LONG_ARRAY_BASE, 8));
            }
            for (int i = 0; i < 64; i += 8) {
                assertEquals(0, Memory.getLong(region.base(), region.address() + i), "the window was written at " + i);
            }
        }
    }

    private static byte[] header(ShmBoard board) {
        byte[] h = new byte[BoardHeaderDescriptor.LENGTH];
        Memory.copy(null, board.address(), h, Memory.BYTE_ARRAY_BASE, h.length);
        return h;
    }

    private record Result(int status, String output) {
    }

    private static Result asNobody(String... command) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("/usr/bin/setpriv", "--reuid=65534", "--regid=65534",
            "--clear-groups", "--"));
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the command did not end: " + cmd);
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}

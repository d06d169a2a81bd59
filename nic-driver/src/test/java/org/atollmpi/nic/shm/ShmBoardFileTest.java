package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Two attachments of one board file in one JVM behave like two processes: separate mappings, one memory. */
@Timeout(30)
class ShmBoardFileTest {
    private final Path file = ShmBoard.SHM_DIRECTORY.resolve("atoll-test-" + UUID.randomUUID());

    @AfterEach
    void removeFile() throws Exception {
        Files.deleteIfExists(file);
    }

    private static ShmBoardConfig config() {
        return Recorder.smallConfig().withAttachTimeoutMillis(5_000);
    }

    /** Rank 0 on one attachment talks to rank 1 on the other over every channel and RMA. */
    private static void exchange(ShmBoard creator, ShmBoard joiner) {
        assertTrue(creator.address() != joiner.address(), "two mappings");
        ShmHostPort p0 = creator.open(0);
        ShmHostPort p1 = joiner.open(1);
        long[] v = {1234};
        byte[] record = Recorder.pattern(3000, 4);
        assertTrue(p0.fastSend(1, 1, 2, v, Memory.LONG_ARRAY_BASE, 8));
        assertTrue(p0.send(1, 3, 4, record, Memory.BYTE_ARRAY_BASE, record.length));
        assertTrue(p0.notify(1, 5, 6, 7, 8));
        Recorder r1 = new Recorder();
        assertEquals(3, p1.poll(r1, 10));
        assertEquals(1234, Memory.getLong(r1.messages.stream().filter(m -> m.header0() == 1).findFirst().get().payload(),
            Memory.BYTE_ARRAY_BASE));
        assertEquals(3000, r1.messages.stream().filter(m -> m.header0() == 3).findFirst().get().payload().length);
        assertEquals(new Recorder.Notification(0, 5, 6, 7, 8), r1.notifications.get(0));

        BoardRegion region = p1.allocate(64);
        WindowKey key = p1.register(region, 0, 64, WindowRights.ALL);
        assertTrue(p1.notify(0, 9, key.id(), key.capability(), 0));
        Recorder r0 = new Recorder();
        assertEquals(1, p0.poll(r0, 10));
        Recorder.Notification n = r0.notifications.get(0);
        long[] result = new long[1];
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(p0, 1, (int) n.arg0(), n.arg1(), 0, 41, result));
        assertEquals(NicStatus.OK, OneSided.put(p0, 1, (int) n.arg0(), n.arg1(), 8, v, Memory.LONG_ARRAY_BASE, 8));
        assertEquals(41, Memory.getLong(region.address()));
        assertEquals(1234, Memory.getLong(region.address() + 8));
        assertEquals(NicStatus.TWID_CAPA, OneSided.put(p0, 1, (int) n.arg0(), ~n.arg1(), 8, v, Memory.LONG_ARRAY_BASE, 8));
    }

    @Test
    void twoAttachmentsShareTheBoard() throws Exception {
        try (ShmBoard creator = ShmBoard.attach(file, 2, config(), true);
             ShmBoard joiner = ShmBoard.attach(file, 2, config(), false)) {
            assertTrue(joiner.awaitAttached(2, 1000));
            assertEquals(2, creator.attachedCount());
            assertEquals(creator.size(), Files.size(file), "sized by the creator");
            creator.unlink();
            assertFalse(Files.exists(file), "unlinked once everyone attached");
            exchange(creator, joiner);
        }
    }

    @Test
    void joinerWaitsForTheCreator() throws Exception {
        CompletableFuture<ShmBoard> joining = CompletableFuture.supplyAsync(() -> ShmBoard.attach(file, 2, config(), false));
        Thread.sleep(50);
        assertFalse(joining.isDone(), "waiting for the file");
        try (ShmBoard creator = ShmBoard.attach(file, 2, config(), true);
             ShmBoard joiner = joining.get(10, TimeUnit.SECONDS)) {
            exchange(creator, joiner);
        }
    }

    @Test
    void fileChannelFallbackInteroperatesWithNativeMapping() {
        ShmBoardConfig channel = config().withNativeMapping(false);
        try (ShmBoard creator = ShmBoard.attach(file, 2, config(), true);
             ShmBoard joiner = ShmBoard.attach(file, 2, channel, false)) {
            assertEquals("FileChannel.map", joiner.mappingKind());
            exchange(creator, joiner);
        }
    }

    @Test
    void fileChannelBoardOnItsOwn() {
        ShmBoardConfig channel = config().withNativeMapping(false);
        try (ShmBoard creator = ShmBoard.attach(file, 2, channel, true);
             ShmBoard joiner = ShmBoard.attach(file, 2, channel, false)) {
            assertEquals("FileChannel.map", creator.mappingKind());
            creator.unlink();
            exchange(creator, joiner);
        }
    }

    @Test
    void nativeMappingIsUsedWhenBuilt() {
        try (ShmBoard board = ShmBoard.attach(file, 1, config(), true)) {
            assertEquals(NativeBoard.available() ? "mmap (JNI)" : "FileChannel.map", board.mappingKind());
            assertTrue(NativeBoard.available(), "the build compiles the JNI library: " + NativeBoard.failure());
        }
    }

    @Test
    void creatingAnExistingBoardFails() throws Exception {
        try (ShmBoard creator = ShmBoard.attach(file, 1, config(), true)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ShmBoard.attach(file, 1, config(), true));
            assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("already exists"), e.getMessage());
        }
    }

    @Test
    void joiningTimesOutNamingTheFile() {
        long start = System.nanoTime();
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> ShmBoard.attach(file, 2, config().withAttachTimeoutMillis(200), false));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("not ready after 200 ms"),
            e.getMessage());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
    }

    @Test
    void joiningWithTheWrongRankCountOrJobKeyFails() {
        try (ShmBoard creator = ShmBoard.attach(file, 2, config().withJobKey(77), true)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ShmBoard.attach(file, 3, config().withJobKey(77), false));
            assertTrue(e.getMessage().contains("created for 2 ranks"), e.getMessage());
            e = assertThrows(IllegalStateException.class,
                () -> ShmBoard.attach(file, 2, config().withJobKey(78).withAttachTimeoutMillis(100), false));
            assertTrue(e.getMessage().contains("job key 78"), e.getMessage());
            ShmBoard.attach(file, 2, config().withJobKey(77), false).close();
        }
    }

    @Test
    void joinerAdoptsTheCreatorsLayout() {
        ShmBoardConfig other = ShmBoardConfig.defaults().withSlotsPerRing(4).withHeapBytesPerRank(8 << 20);
        try (ShmBoard creator = ShmBoard.attach(file, 2, config().withSlotsPerRing(8), true);
             ShmBoard joiner = ShmBoard.attach(file, 2, other, false)) {
            assertEquals(8, joiner.layout().slotsPerRing);
            assertEquals(creator.heapBytesPerRank(), joiner.heapBytesPerRank());
        }
    }

    @Test
    void boardFileIsUnderDevShmWithoutADevice() {
        if (System.getenv(ShmBoard.DEVICE_ENV) == null && !Files.exists(ShmBoard.DEFAULT_DEVICE)) {
            assertEquals(ShmBoard.SHM_DIRECTORY.resolve("atoll-job-42"), ShmBoard.boardFile("job-42"));
        }
        assertThrows(IllegalArgumentException.class, () -> ShmBoard.boardFile("../etc"));
        assertThrows(IllegalArgumentException.class, () -> ShmBoard.boardFile("a/b"));
        assertThrows(IllegalArgumentException.class, () -> ShmBoard.boardFile(""));
    }

    /**
     * A device is opened, not created, and its ports are cleared because a device keeps the
     * last job's memory. /dev/zero stands in for a board device: a character device that maps.
     * (Never unlink it: unlink is a no-op for devices, but this test does not even try.)
     */
    @Test
    void creatorOnADeviceClearsAndPublishes() {
        Path device = Paths.get("/dev/zero");
        if (!NativeBoard.available() || !Files.isWritable(device)) {
            return;
        }
        try (ShmBoard board = ShmBoard.attach(device, 1, config().withJobKey(5), true)) {
            assertEquals(1, board.attachedCount());
            ShmHostPort port = board.open(0);
            long[] v = {99};
            assertTrue(port.fastSend(0, 1, 2, v, Memory.LONG_ARRAY_BASE, 8));
            Recorder r = new Recorder();
            assertEquals(1, port.poll(r, 10));
            assertEquals(99, Memory.getLong(r.messages.get(0).payload(), Memory.BYTE_ARRAY_BASE));
        }
        assertTrue(Files.exists(device));
    }

    @Test
    void aPortIsOpenInOnePlaceAtATime() {
        try (ShmBoard creator = ShmBoard.attach(file, 2, config(), true);
             ShmBoard joiner = ShmBoard.attach(file, 2, config(), false)) {
            ShmHostPort p = creator.open(1);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> joiner.open(1));
            assertTrue(e.getMessage().contains("already open"), e.getMessage());
            p.close();
            joiner.open(1);
        }
    }
}

package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A second JVM attaches to the same board file: real cross-process fast sends, records, notifications and RMA. */
@Timeout(60)
class ShmMultiProcessTest {
    private static final int FAST_MESSAGES = 3000;
    private static final int RECORDS = 500;
    private static final int ATOMICS = 1000;

    private final Path file = ShmBoard.SHM_DIRECTORY.resolve("atoll-test-" + UUID.randomUUID());
    private Process child;
    private Path childLog;

    @AfterEach
    void cleanUp() throws Exception {
        if (child != null && child.isAlive()) {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        Files.deleteIfExists(file);
        if (childLog != null) {
            Files.deleteIfExists(childLog);
        }
    }

    private Process startPeer() throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        childLog = Files.createTempFile("atoll-test-peer-", ".log");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx64m", "-cp", classPath,
            ShmPeerProcess.class.getName(), file.toString()));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(childLog.toFile()).start();
    }

    /** Rank 0's side: counts echoes per channel and checks their order and content. */
    private static final class Echoes implements ArrivalHandler {
        long fast;
        long records;
        int windowId;
        long capability;
        boolean offered;
        int processWindowId;
        long processCapability;
        long processBytes = -1;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            assertEquals(1, source);
            if (header1 == ShmPeerProcess.FAST) {
                assertEquals(fast + 1, header0, "fast echoes in order");
                assertEquals((int) (fast % 41), length);
                byte[] got = new byte[length];
                Memory.copy(base, offset, got, Memory.BYTE_ARRAY_BASE, length);
                assertArrayEquals(Recorder.pattern(length, (int) fast), got);
                fast++;
            } else {
                assertEquals(ShmPeerProcess.RECORD, header1);
                assertEquals(records * 2 + 1, header0, "records in order");
                assertEquals(100 + (int) records * 7, length);
                assertEquals(records, Memory.getLong(base, offset));
                records++;
            }
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            if (type == ShmPeerProcess.PROCESS_OFFER) {
                processWindowId = (int) arg0;
                processCapability = arg1;
                processBytes = arg2;
                return;
            }
            assertEquals(ShmPeerProcess.WINDOW_OFFER, type);
            windowId = (int) arg0;
            capability = arg1;
            offered = true;
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            throw new AssertionError("no one-sided operation was issued");
        }
    }

    /**
     * The peer's window over a direct buffer of its own process: read by cross-memory attach into
     * an array and a direct buffer, at an offset, in one Get; never written, never an atomic's
     * target, refused past its end and with the wrong capability. Where the kernel refuses such
     * reads ({@link ProcessMemory#usable()} false) the peer could not expose it at all.
     */
    private static void readsThePeersProcessMemory(ShmHostPort port, Echoes echoes) {
        int n = ShmPeerProcess.PROCESS_BYTES;
        if (!ProcessMemory.usable()) {
            assertEquals(-1, echoes.processWindowId, ProcessMemory.describe());
            assertFalse(port.exposesProcessMemoryTo(1));
            return;
        }
        assertTrue(port.exposesProcessMemoryTo(1));
        assertEquals(n, echoes.processBytes);
        int id = echoes.processWindowId;
        long capa = echoes.processCapability;
        byte[] expected = Recorder.pattern(n, 77);
        byte[] got = new byte[n];
        assertEquals(NicStatus.DONE, port.get(1, id, capa, 0, got, Memory.BYTE_ARRAY_BASE, n, 0));
        assertArrayEquals(expected, got);
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(1000);
        assertEquals(NicStatus.DONE, port.get(1, id, capa, n - 1000, null, Memory.addressOf(direct), 1000, 0));
        for (int i = 0; i < 1000; i++) {
            assertEquals(expected[n - 1000 + i], direct.get(i), "byte " + (n - 1000 + i));
        }
        assertEquals(NicStatus.TLENGTH, port.get(1, id, capa, n - 10, got, Memory.BYTE_ARRAY_BASE, 11, 0));
        assertEquals(NicStatus.TWID_CAPA, port.get(1, id, ~capa, 0, got, Memory.BYTE_ARRAY_BASE, 8, 0));
        assertEquals(NicStatus.TRIGHTS, port.put(1, id, capa, 0, got, Memory.BYTE_ARRAY_BASE, 8, 0));
        long[] result = new long[1];
        assertEquals(NicStatus.TRIGHTS, OneSided.fetchAndAdd(port, 1, id, capa, 0, 1, result));
        assertEquals(null, port.mapWindow(1, id, capa, 8), "process memory is never mapped");
    }

    @Test
    void secondJvmExchangesMessagesAndRmaThroughTheBoardFile() throws Exception {
        try (ShmBoard board = ShmBoard.attach(file, 2, ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 20), true)) {
            child = startPeer();
            assertTrue(board.awaitAttached(2, 30_000), "the peer JVM attached");
            board.unlink();
            assertFalse(Files.exists(file));

            ShmHostPort port = board.open(0);
            Echoes echoes = new Echoes();
            byte[] record = new byte[100 + RECORDS * 7];
            long sentFast = 0;
            long sentRecords = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (echoes.fast < FAST_MESSAGES || echoes.records < RECORDS || !echoes.offered || echoes.processBytes < 0) {
                assertTrue(System.nanoTime() < deadline, "echoes: " + echoes.fast + " fast, " + echoes.records
                    + " records; peer log: " + Files.readString(childLog));
                assertTrue(child.isAlive() || child.exitValue() == 0, "peer died: " + Files.readString(childLog));
                if (sentFast < FAST_MESSAGES) {
                    int length = (int) (sentFast % 41);
                    byte[] payload = Recorder.pattern(length, (int) sentFast);
                    if (port.fastSend(1, sentFast, ShmPeerProcess.FAST, payload, Memory.BYTE_ARRAY_BASE, length)) {
                        sentFast++;
                    }
                }
                if (sentRecords < RECORDS) {
                    Memory.putLong(record, Memory.BYTE_ARRAY_BASE, sentRecords);
                    int length = 100 + (int) sentRecords * 7;
                    if (port.send(1, sentRecords * 2, ShmPeerProcess.RECORD, record, Memory.BYTE_ARRAY_BASE, length)) {
                        sentRecords++;
                    }
                }
                if (port.poll(echoes, 64) == 0) {
                    Thread.yield();
                }
            }

            long[] result = new long[1];
            for (int i = 0; i < ATOMICS; i++) {
                assertEquals(NicStatus.OK, OneSided.fetchAndAdd(port, 1, echoes.windowId, echoes.capability, 0, 3, result));
                assertEquals(3L * i, result[0]);
            }
            assertEquals(NicStatus.TWID_CAPA, OneSided.fetchAndAdd(port, 1, echoes.windowId, ~echoes.capability, 0, 1, result));
            readsThePeersProcessMemory(port, echoes);
            assertTrue(port.notify(1, ShmPeerProcess.DONE, 3L * ATOMICS, 0, 0));
            assertTrue(child.waitFor(20, TimeUnit.SECONDS), "peer exits");
            assertEquals(0, child.exitValue(), "peer log: " + Files.readString(childLog));
        }
    }
}

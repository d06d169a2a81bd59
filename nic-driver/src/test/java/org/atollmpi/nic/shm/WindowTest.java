package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Windows of the shm board: data, atomics, every error code, generations, registration bounds,
 * mapping and process-memory windows. NACK order and rights per operation are every board's, in
 * {@code HostPortContractTest}.
 */
@Timeout(20)
class WindowTest {
    private static final int WINDOW = 256;
    private static final byte FILL = (byte) 0x5A;
    private ShmBoard board;
    private ShmHostPort origin;
    private ShmHostPort owner;
    private BoardRegion region;
    private WindowKey key;
    private final long[] result = {-7};

    @BeforeEach
    void setUp() {
        board = ShmBoard.anonymous(2, Recorder.smallConfig().withWindowEntries(8));
        origin = board.open(0);
        owner = board.open(1);
        region = owner.allocate(WINDOW + 64);
        Memory.setMemory(region.address(), region.length(), FILL);
        key = owner.register(region, 64, WINDOW, WindowRights.ALL);
    }

    @AfterEach
    void tearDown() {
        board.close();
    }

    private byte[] ownerMemory() {
        byte[] copy = new byte[(int) region.length()];
        Memory.copy(null, region.address(), copy, Memory.BYTE_ARRAY_BASE, copy.length);
        return copy;
    }

    private static byte[] filled(int length) {
        byte[] b = new byte[length];
        Arrays.fill(b, FILL);
        return b;
    }

    /** Runs all four operations with the given arguments and checks each fails with {@code status} touching nothing. */
    private void assertEveryOpFails(int status, int target, int id, long capability, long offset, int length) {
        byte[] before = ownerMemory();
        byte[] src = Recorder.pattern(Math.max(length, 0) + 8, 1);
        byte[] dst = new byte[Math.max(length, 0) + 8];
        byte[] dstBefore = dst.clone();
        // Alignment only binds atomics; a misaligned put or get is fine.
        int copyStatus = status == NicStatus.TALIGN ? NicStatus.OK : status;
        if (copyStatus != NicStatus.OK) {
            assertEquals(status, OneSided.put(origin, target, id, capability, offset, src, Memory.BYTE_ARRAY_BASE, length),
                "put " + NicStatus.name(status));
            assertEquals(status, OneSided.get(origin, target, id, capability, offset, dst, Memory.BYTE_ARRAY_BASE, length),
                "get " + NicStatus.name(status));
        }
        assertArrayEquals(dstBefore, dst, "failed get wrote the destination");
        assertArrayEquals(before, ownerMemory(), "failed op touched the window");
        result[0] = -7;
        if (status != NicStatus.TLENGTH) { // atomics always access 8 bytes
            assertEquals(status, OneSided.fetchAndAdd(origin, target, id, capability, offset, 5, result), "faa");
            assertEquals(status, OneSided.compareAndSwap(origin, target, id, capability, offset, 0, 1, result), "cas");
            assertEquals(-7, result[0], "failed atomic wrote the result");
            assertArrayEquals(before, ownerMemory(), "failed atomic touched the window");
        }
    }

    @Test
    void putAndGetMoveData() {
        byte[] data = Recorder.pattern(100, 3);
        assertEquals(NicStatus.OK, OneSided.put(origin, 1, key.id(), key.capability(), 10, data, Memory.BYTE_ARRAY_BASE, 100));
        byte[] back = new byte[100];
        assertEquals(NicStatus.OK, OneSided.get(origin, 1, key.id(), key.capability(), 10, back, Memory.BYTE_ARRAY_BASE, 100));
        assertArrayEquals(data, back);
        byte[] mem = ownerMemory();
        assertArrayEquals(data, Arrays.copyOfRange(mem, 64 + 10, 64 + 110), "the window starts 64 bytes into the region");
        assertArrayEquals(filled(74), Arrays.copyOfRange(mem, 0, 74));
        // Whole window, and zero bytes at its very end, are in bounds.
        assertEquals(NicStatus.OK, OneSided.get(origin, 1, key.id(), key.capability(), 0, new byte[WINDOW], Memory.BYTE_ARRAY_BASE, WINDOW));
        assertEquals(NicStatus.OK, OneSided.put(origin, 1, key.id(), key.capability(), WINDOW, data, Memory.BYTE_ARRAY_BASE, 0));
    }

    @Test
    void atomicsAreAtomicAndReportWhatTheyFound() {
        assertEquals(NicStatus.OK, OneSided.put(origin, 1, key.id(), key.capability(), 8, new long[] {100}, Memory.LONG_ARRAY_BASE, 8));
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(origin, 1, key.id(), key.capability(), 8, 5, result));
        assertEquals(100, result[0]);
        assertEquals(NicStatus.OK, OneSided.compareAndSwap(origin, 1, key.id(), key.capability(), 8, 105, 7, result));
        assertEquals(105, result[0], "swapped");
        assertEquals(NicStatus.OK, OneSided.compareAndSwap(origin, 1, key.id(), key.capability(), 8, 105, 9, result));
        assertEquals(7, result[0], "not swapped: reports the value found");
        assertEquals(7, Memory.getLong(region.address() + 64 + 8));
        // Self-access through the owner's own port takes the same path.
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(owner, 1, key.id(), key.capability(), 8, 1, result));
        assertEquals(7, result[0]);
        assertEquals(8, Memory.getLong(region.address() + 64 + 8));
    }

    @Test
    void concurrentFetchAndAddLosesNoUpdate() throws Exception {
        // Two ports in two threads hit one word: the origin remotely, the owner on itself.
        int perThread = 50_000;
        Thread t = new Thread(() -> {
            long[] r = new long[1];
            for (int i = 0; i < perThread; i++) {
                OneSided.fetchAndAdd(owner, 1, key.id(), key.capability(), 0, 1, r);
            }
        });
        Memory.putLong(region.address() + 64, 0);
        t.start();
        for (int i = 0; i < perThread; i++) {
            OneSided.fetchAndAdd(origin, 1, key.id(), key.capability(), 0, 1, result);
        }
        t.join();
        assertEquals(2L * perThread, Memory.getLong(region.address() + 64));
    }

    @Test
    void everyErrorCodeTouchesNoMemory() {
        long capa = key.capability();
        int id = key.id();
        assertEveryOpFails(NicStatus.TPEER, 2, id, capa, 0, 8);
        assertEveryOpFails(NicStatus.TPEER, -1, id, capa, 0, 8);
        assertEveryOpFails(NicStatus.TWID, 1, id + 1, capa, 0, 8);          // unused entry
        assertEveryOpFails(NicStatus.TWID, 1, 0, capa, 0, 8);               // never valid
        assertEveryOpFails(NicStatus.TWID, 1, -1, capa, 0, 8);
        assertEveryOpFails(NicStatus.TWID, 1, id | 0xFFFF, capa, 0, 8);     // index beyond the table
        assertEveryOpFails(NicStatus.TWID, 0, id, capa, 0, 8);              // right id, wrong rank's table
        assertEveryOpFails(NicStatus.TWID_CAPA, 1, id, capa ^ 1, 0, 8);
        assertEveryOpFails(NicStatus.TOFFSET, 1, id, capa, -8, 8);
        assertEveryOpFails(NicStatus.TOFFSET, 1, id, capa, WINDOW + 8, 8);
        assertEveryOpFails(NicStatus.TLENGTH, 1, id, capa, WINDOW - 4, 8);
        assertEveryOpFails(NicStatus.TLENGTH, 1, id, capa, 0, WINDOW + 1);
        assertEveryOpFails(NicStatus.TLENGTH, 1, id, capa, 0, -1);
        assertEveryOpFails(NicStatus.TALIGN, 1, id, capa, 4, 8);
        // An atomic on the last word fits, one past it does not.
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(origin, 1, id, capa, WINDOW - 8, 0, result));
        assertEquals(NicStatus.TLENGTH, OneSided.fetchAndAdd(origin, 1, id, capa, WINDOW, 0, result));
    }

    @Test
    void deregisteredAndStaleKeysFailWithTwid() {
        byte[] b = new byte[8];
        owner.deregister(key);
        assertEveryOpFails(NicStatus.TWID, 1, key.id(), key.capability(), 0, 8);
        assertThrows(IllegalArgumentException.class, () -> owner.deregister(key), "deregistered twice");

        // The entry is reused under a new generation with a new capability; the old key stays dead.
        WindowKey again = owner.register(region, 64, WINDOW, WindowRights.ALL);
        assertEquals(WindowDescriptor.index(key.id()), WindowDescriptor.index(again.id()));
        assertNotEquals(key.id(), again.id());
        assertNotEquals(key.capability(), again.capability());
        assertEquals(NicStatus.TWID, OneSided.get(origin, 1, key.id(), key.capability(), 0, b, Memory.BYTE_ARRAY_BASE, 8));
        assertEquals(NicStatus.TWID, OneSided.get(origin, 1, key.id(), again.capability(), 0, b, Memory.BYTE_ARRAY_BASE, 8));
        assertEquals(NicStatus.OK, OneSided.get(origin, 1, again.id(), again.capability(), 0, b, Memory.BYTE_ARRAY_BASE, 8));
    }

    @Test
    void registrationIsCheckedAndBounded() {
        assertThrows(IllegalArgumentException.class, () -> owner.register(region, 0, region.length() + 1, WindowRights.ALL));
        assertThrows(IllegalArgumentException.class, () -> owner.register(region, -1, 8, WindowRights.ALL));
        assertThrows(IllegalArgumentException.class, () -> owner.register(region, 0, 8, 8));
        BoardRegion foreign = origin.allocate(64);
        assertThrows(IllegalArgumentException.class, () -> owner.register(foreign, 0, 8, WindowRights.ALL),
            "memory of another rank's partition");
        assertThrows(IllegalArgumentException.class, () -> owner.deregister(new WindowKey(0, key.id(), key.capability())));
        for (int i = 1; i < 8; i++) { // 8 entries, one in use
            owner.register(region, 0, 8, WindowRights.READ);
        }
        assertNull(owner.register(region, 0, 8, WindowRights.READ), "table full");
        owner.deregister(key);
        assertNotNull(owner.register(region, 0, 8, WindowRights.READ), "room again");
    }

    @Test
    void windowOverARegionOfViewWorks() {
        BoardRegion view = owner.regionOf(null, region.address() + 64, 64);
        WindowKey k = owner.register(view, 0, 64, WindowRights.READ);
        long[] v = new long[1];
        Memory.putLong(region.address() + 64, 77);
        assertEquals(NicStatus.OK, OneSided.get(origin, 1, k.id(), k.capability(), 0, v, Memory.LONG_ARRAY_BASE, 8));
        assertEquals(77, v[0]);
    }

    @Test
    void mapWindowIsThePeersMemoryAfterTheWindowCheck() {
        java.nio.ByteBuffer mapped = origin.mapWindow(1, key.id(), key.capability(), WINDOW);
        assertNotNull(mapped);
        assertEquals(WINDOW, mapped.capacity());
        assertEquals(FILL, mapped.get(0));
        mapped.put(5, (byte) 1);
        assertEquals(1, Memory.getByte(null, region.address() + 64 + 5), "a store through the mapping is the owner's memory");
        assertNull(origin.mapWindow(1, key.id(), key.capability() + 1, WINDOW), "wrong capability");
        assertNull(origin.mapWindow(1, key.id(), key.capability(), WINDOW + 1), "longer than the window");
        owner.deregister(key);
        assertNull(origin.mapWindow(1, key.id(), key.capability(), WINDOW), "withdrawn window");
    }

    /**
     * A window over memory of the owner's process (kind 1): a Get copies it (here, where both
     * ranks are threads of one process, without the kernel); it grants reading only, is never
     * mapped, and a network board serving the owner's windows never reaches it (TRIGHTS).
     */
    @Test
    void processMemoryWindowsAreReadOnlyAndReachedOnlyByGet() {
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(4096);
        for (int i = 0; i < 4096; i++) {
            direct.put(i, (byte) (i * 7));
        }
        WindowKey exposed = owner.exposeProcessMemory(0, Memory.addressOf(direct), 4096);
        assertNotNull(exposed);
        byte[] got = new byte[100];
        assertEquals(NicStatus.DONE, origin.get(1, exposed.id(), exposed.capability(), 1000, got, Memory.BYTE_ARRAY_BASE,
            100, 0));
        for (int i = 0; i < 100; i++) {
            assertEquals((byte) ((1000 + i) * 7), got[i], "byte " + (1000 + i));
        }
        assertEquals(NicStatus.TLENGTH, origin.get(1, exposed.id(), exposed.capability(), 4000, got,
            Memory.BYTE_ARRAY_BASE, 100, 0));
        assertEquals(NicStatus.TWID_CAPA, origin.get(1, exposed.id(), ~exposed.capability(), 0, got,
            Memory.BYTE_ARRAY_BASE, 8, 0));
        assertEquals(NicStatus.TRIGHTS, origin.put(1, exposed.id(), exposed.capability(), 0, got,
            Memory.BYTE_ARRAY_BASE, 8, 0));
        assertEquals(NicStatus.TRIGHTS, OneSided.fetchAndAdd(origin, 1, exposed.id(), exposed.capability(), 0, 1, result));
        assertNull(origin.mapWindow(1, exposed.id(), exposed.capability(), 8));
        assertEquals(-NicStatus.TRIGHTS, owner.resolveOwnWindow(exposed.id(), exposed.capability(), 0, 8,
            WindowRights.READ, false));
        owner.deregister(exposed);
        assertEquals(NicStatus.TWID, origin.get(1, exposed.id(), exposed.capability(), 0, got, Memory.BYTE_ARRAY_BASE,
            8, 0));
        java.lang.ref.Reference.reachabilityFence(direct);
    }
}

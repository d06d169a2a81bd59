package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One-sided operations on the TCP board: the owner's event loop checks every access against its
 * window table (nothing touched on failure; NACK order and rights per operation are
 * {@code HostPortContractTest}'s, on every board) and runs it without
 * the owner's thread, which never polls here. Parts are 1 KiB, so a Put or Get of 3000 bytes
 * travels as three frames.
 */
@ExtendWith(NettyLeakCheck.class)
@Timeout(30)
class TcpWindowTest {
    private static final int WINDOW = 4096;
    private static final byte FILL = (byte) 0x5A;
    private TcpBoard board;
    private HostPort origin;
    private HostPort owner;
    private BoardRegion region;
    private WindowKey key;
    private final long[] result = {-7};

    @BeforeEach
    void setUp() {
        board = new TcpBoard(2, TcpBoardConfig.defaults().withWindows(8, 1 << 20).withPartBytes(1024));
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

    private static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    @Test
    void putAndGetMoveDataInParts() {
        byte[] data = pattern(3000, 3);
        assertEquals(NicStatus.OK, OneSided.put(origin, 1, key.id(), key.capability(), 10, data, Memory.BYTE_ARRAY_BASE, 3000));
        byte[] back = new byte[3000];
        assertEquals(NicStatus.OK, OneSided.get(origin, 1, key.id(), key.capability(), 10, back, Memory.BYTE_ARRAY_BASE, 3000));
        assertArrayEquals(data, back);
        byte[] mem = ownerMemory();
        assertArrayEquals(data, Arrays.copyOfRange(mem, 64 + 10, 64 + 3010), "the window starts 64 bytes into the region");
        byte[] fill = new byte[74];
        Arrays.fill(fill, FILL);
        assertArrayEquals(fill, Arrays.copyOfRange(mem, 0, 74));
        // Zero bytes at the window's very end are in bounds; so is a Get into native memory.
        assertEquals(NicStatus.OK, OneSided.put(origin, 1, key.id(), key.capability(), WINDOW, data, Memory.BYTE_ARRAY_BASE, 0));
        BoardRegion local = origin.allocate(3000);
        assertEquals(NicStatus.OK, OneSided.get(origin, 1, key.id(), key.capability(), 10, null, local.address(), 3000));
        byte[] viaNative = new byte[3000];
        Memory.copy(null, local.address(), viaNative, Memory.BYTE_ARRAY_BASE, 3000);
        assertArrayEquals(data, viaNative);
    }

    @Test
    void atomicsReportWhatTheyFoundAndSelfAccessTakesTheSamePath() {
        assertEquals(NicStatus.OK, OneSided.put(origin, 1, key.id(), key.capability(), 8, new long[] {100}, Memory.LONG_ARRAY_BASE, 8));
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(origin, 1, key.id(), key.capability(), 8, 5, result));
        assertEquals(100, result[0]);
        assertEquals(NicStatus.OK, OneSided.compareAndSwap(origin, 1, key.id(), key.capability(), 8, 105, 7, result));
        assertEquals(105, result[0], "swapped");
        assertEquals(NicStatus.OK, OneSided.compareAndSwap(origin, 1, key.id(), key.capability(), 8, 105, 9, result));
        assertEquals(7, result[0], "not swapped: reports the value found");
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(owner, 1, key.id(), key.capability(), 8, 1, result));
        assertEquals(7, result[0]);
        assertEquals(8, Memory.getLong(region.address() + 64 + 8));
    }

    @Test
    void concurrentFetchAndAddLosesNoUpdate() throws Exception {
        int perThread = 2_000;
        Memory.putLong(region.address() + 64, 0);
        Thread t = new Thread(() -> {
            long[] r = new long[1];
            for (int i = 0; i < perThread; i++) {
                OneSided.fetchAndAdd(owner, 1, key.id(), key.capability(), 0, 1, r);
            }
        });
        t.start();
        for (int i = 0; i < perThread; i++) {
            OneSided.fetchAndAdd(origin, 1, key.id(), key.capability(), 0, 1, result);
        }
        t.join();
        assertEquals(2L * perThread, Memory.getLong(region.address() + 64));
    }

    /** Every operation with these arguments fails with {@code status}, touching neither window nor destination. */
    private void assertEveryOpFails(int status, int target, int id, long capability, long offset, int length) {
        byte[] before = ownerMemory();
        byte[] src = pattern(Math.max(length, 0) + 8, 1);
        byte[] dst = new byte[Math.max(length, 0) + 8];
        if (status != NicStatus.TALIGN) {
            assertEquals(status, OneSided.put(origin, target, id, capability, offset, src, Memory.BYTE_ARRAY_BASE, length),
                "put " + NicStatus.name(status));
            assertEquals(status, OneSided.get(origin, target, id, capability, offset, dst, Memory.BYTE_ARRAY_BASE, length),
                "get " + NicStatus.name(status));
        }
        assertArrayEquals(new byte[dst.length], dst, "failed get wrote the destination");
        assertArrayEquals(before, ownerMemory(), "failed op touched the window");
        result[0] = -7;
        if (status != NicStatus.TLENGTH) {
            assertEquals(status, OneSided.fetchAndAdd(origin, target, id, capability, offset, 5, result), "faa");
            assertEquals(status, OneSided.compareAndSwap(origin, target, id, capability, offset, 0, 1, result), "cas");
            assertEquals(-7, result[0], "failed atomic wrote the result");
            assertArrayEquals(before, ownerMemory(), "failed atomic touched the window");
        }
    }

    @Test
    void everyErrorCodeTouchesNoMemory() {
        long capa = key.capability();
        int id = key.id();
        assertEveryOpFails(NicStatus.TPEER, 2, id, capa, 0, 8);
        assertEveryOpFails(NicStatus.TPEER, -1, id, capa, 0, 8);
        assertEveryOpFails(NicStatus.TWID, 1, id + 1, capa, 0, 8);
        assertEveryOpFails(NicStatus.TWID, 1, 0, capa, 0, 8);
        assertEveryOpFails(NicStatus.TWID, 1, -1, capa, 0, 8);
        assertEveryOpFails(NicStatus.TWID, 1, id | 0xFFFF, capa, 0, 8);
        assertEveryOpFails(NicStatus.TWID, 0, id, capa, 0, 8);
        assertEveryOpFails(NicStatus.TWID_CAPA, 1, id, capa ^ 1, 0, 8);
        assertEveryOpFails(NicStatus.TOFFSET, 1, id, capa, -8, 8);
        assertEveryOpFails(NicStatus.TOFFSET, 1, id, capa, WINDOW + 8, 8);
        assertEveryOpFails(NicStatus.TLENGTH, 1, id, capa, WINDOW - 4, 8);
        assertEveryOpFails(NicStatus.TLENGTH, 1, id, capa, 0, WINDOW + 1);
        assertEveryOpFails(NicStatus.TLENGTH, 1, id, capa, 0, -1);
        // A multi-part access whose last part would run past the end: no part touches memory.
        assertEveryOpFails(NicStatus.TLENGTH, 1, id, capa, 1000, WINDOW);
        assertEveryOpFails(NicStatus.TALIGN, 1, id, capa, 4, 8);
    }

    @Test
    void deregisteredKeysFailAndRegistrationIsBounded() {
        byte[] b = new byte[8];
        owner.deregister(key);
        assertEquals(NicStatus.TWID, OneSided.get(origin, 1, key.id(), key.capability(), 0, b, Memory.BYTE_ARRAY_BASE, 8));
        assertThrows(IllegalArgumentException.class, () -> owner.deregister(key), "deregistered twice");
        WindowKey again = owner.register(region, 64, WINDOW, WindowRights.ALL);
        assertEquals(NicStatus.TWID, OneSided.get(origin, 1, key.id(), again.capability(), 0, b, Memory.BYTE_ARRAY_BASE, 8));
        assertEquals(NicStatus.OK, OneSided.get(origin, 1, again.id(), again.capability(), 0, b, Memory.BYTE_ARRAY_BASE, 8));
        assertThrows(IllegalArgumentException.class, () -> owner.register(region, 0, region.length() + 1, WindowRights.ALL));
        assertThrows(IllegalArgumentException.class, () -> owner.register(region, 0, 8, 8));
        BoardRegion foreign = origin.allocate(64);
        assertThrows(IllegalArgumentException.class, () -> owner.register(foreign, 0, 8, WindowRights.ALL));
        for (int i = 1; i < 8; i++) {
            owner.register(region, 0, 8, WindowRights.READ);
        }
        assertNull(owner.register(region, 0, 8, WindowRights.READ), "table full");
        owner.deregister(again);
        assertNotNull(owner.register(region, 0, 8, WindowRights.READ), "room again");
        BoardRegion view = owner.regionOf(null, region.address() + 64, 64);
        assertNotNull(view);
        assertNull(owner.regionOf(new byte[8], Memory.BYTE_ARRAY_BASE, 8), "heap arrays are not board memory");
    }

    @Test
    void onlyTheOwnersOwnWindowsAreMapped() {
        java.nio.ByteBuffer mine = owner.mapWindow(1, key.id(), key.capability(), WINDOW);
        assertNotNull(mine);
        assertEquals(FILL, mine.get(0));
        mine.put(5, (byte) 1);
        assertEquals(1, Memory.getByte(null, region.address() + 64 + 5));
        assertNull(origin.mapWindow(1, key.id(), key.capability(), WINDOW), "a peer's window is in another rank");
        assertNull(owner.mapWindow(1, key.id(), key.capability() + 1, WINDOW), "wrong capability");
        assertNull(owner.mapWindow(1, key.id(), key.capability(), WINDOW + 1), "longer than the window");
    }
}

package org.atollmpi.nic.router;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.atollmpi.nic.shm.ShmHostPort;
import org.atollmpi.nic.tcp.TcpBoardConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The router port over 4 ranks on 2 nodes dealt round robin (node 0: ranks 0 and 2, node 1: ranks
 * 1 and 3), so a rank's place on its node's board differs from its rank: each call goes to the
 * board of its target, sources and window owners come back as job ranks, one window key works
 * from both kinds of peer, and poll serves both boards.
 */
@Timeout(60)
class RouterPortTest {
    private static final long DEADLINE_NANOS = 10_000_000_000L;
    private RouterBoard board;
    private final HostPort[] port = new HostPort[4];

    @BeforeEach
    void setUp() {
        board = RouterBoard.roundRobin(4, 2, ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 20),
            TcpBoardConfig.defaults().withPartBytes(1024));
        for (int r = 0; r < 4; r++) {
            port[r] = board.open(r);
        }
    }

    @AfterEach
    void tearDown() {
        board.close();
    }

    /** What a port delivered: messages as "source:header0", notifications as "note source:type". */
    private static final class Inbox implements ArrivalHandler {
        final List<String> got = new ArrayList<>();

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            got.add(source + ":" + header0);
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            got.add("note " + source + ":" + type);
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            got.add("completion " + token);
        }
    }

    private static void fastSendUntilTaken(HostPort from, int to, long header) {
        byte[] b = {1};
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        while (!from.fastSend(to, header, 0, b, Memory.BYTE_ARRAY_BASE, 1)) {
            assertTrue(System.nanoTime() < deadline, "rank " + from.rank() + " could not deposit to rank " + to);
            Thread.onSpinWait();
        }
    }

    private static void receive(HostPort at, Inbox inbox, int count) {
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        while (inbox.got.size() < count) {
            assertTrue(System.nanoTime() < deadline, "rank " + at.rank() + " has " + inbox.got + ", wants " + count);
            at.poll(inbox, 16);
        }
    }

    @Test
    void nodePeersGoThroughTheShmBoardAndOthersThroughTcp() {
        byte[] b = {7};
        // The shm board deposits at once; the TCP board refuses the first deposit while it opens the link.
        assertTrue(port[0].fastSend(2, 10, 0, b, Memory.BYTE_ARRAY_BASE, 1), "rank 2 shares rank 0's node");
        assertFalse(port[0].fastSend(1, 11, 0, b, Memory.BYTE_ARRAY_BASE, 1), "rank 1 is on the other node");
        fastSendUntilTaken(port[0], 1, 11);
        assertTrue(port[0].sharesMemoryWith(2) && port[0].sharesMemoryWith(0));
        assertFalse(port[0].sharesMemoryWith(1) || port[0].sharesMemoryWith(3) || port[0].sharesMemoryWith(4));

        Inbox at2 = new Inbox();
        receive(port[2], at2, 1);
        assertEquals(List.of("0:10"), at2.got, "the source is the job rank");
        Inbox at1 = new Inbox();
        receive(port[1], at1, 1);
        assertEquals(List.of("0:11"), at1.got);

        // Rank 3 is index 1 on node 1's board: rank 1 must see it as 3, over both channels and notifications.
        assertTrue(port[3].send(1, 30, 0, new byte[100], Memory.BYTE_ARRAY_BASE, 100));
        assertTrue(port[3].notify(1, 5, 0, 0, 0));
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        while (!port[2].notify(1, 6, 0, 0, 0)) {
            assertTrue(System.nanoTime() < deadline);
        }
        Inbox more = new Inbox();
        receive(port[1], more, 3);
        assertTrue(more.got.containsAll(List.of("3:30", "note 3:5", "note 2:6")), more.got.toString());
    }

    @Test
    void depositsToRanksOutsideTheJobAreMisuseAndOneSidedOnesCompleteWithTpeer() {
        byte[] b = {1};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> port[0].fastSend(4, 0, 0, b, Memory.BYTE_ARRAY_BASE, 1));
        assertTrue(e.getMessage().contains("target rank 4"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> port[1].notify(-1, 0, 0, 0, 0));
        assertEquals(NicStatus.TPEER, OneSided.get(port[0], 9, 1, 1, 0, new byte[8], Memory.BYTE_ARRAY_BASE, 8));
        assertNull(port[0].mapWindow(9, 1, 1, 8));
    }

    @Test
    void oneWindowKeyServesPeersOnTheNodeAndOffIt() {
        HostPort owner = port[2];
        BoardRegion region = owner.allocate(4096);
        assertNotNull(region);
        assertNotNull(owner.regionOf(null, region.address() + 64, 128), "router memory is the node board's");
        Memory.setMemory(region.address(), region.length(), (byte) 0);
        WindowKey key = owner.register(region, 0, 4096, WindowRights.ALL);
        assertEquals(2, key.owner(), "the key names the job rank, not the place on the node");

        byte[] data = new byte[3000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 13 + 1);
        }
        // A node peer puts, a rank off the node reads it back (3 parts of 1 KiB over TCP).
        assertEquals(NicStatus.OK, OneSided.put(port[0], 2, key.id(), key.capability(), 8, data, Memory.BYTE_ARRAY_BASE,
            data.length));
        byte[] back = new byte[3000];
        assertEquals(NicStatus.OK, OneSided.get(port[1], 2, key.id(), key.capability(), 8, back, Memory.BYTE_ARRAY_BASE,
            back.length));
        assertArrayEquals(data, back);
        // and the other way round
        assertEquals(NicStatus.OK, OneSided.put(port[3], 2, key.id(), key.capability(), 3500, data,
            Memory.BYTE_ARRAY_BASE, 500));
        byte[] near = new byte[500];
        assertEquals(NicStatus.OK, OneSided.get(port[0], 2, key.id(), key.capability(), 3500, near,
            Memory.BYTE_ARRAY_BASE, 500));
        assertArrayEquals(Arrays.copyOf(data, 500), near);

        // Atomics from both sides on one word.
        long[] old = {-1};
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(port[1], 2, key.id(), key.capability(), 4088, 5, old));
        assertEquals(0, old[0]);
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(port[0], 2, key.id(), key.capability(), 4088, 7, old));
        assertEquals(5, old[0]);
        assertEquals(NicStatus.OK, OneSided.compareAndSwap(port[3], 2, key.id(), key.capability(), 4088, 12, 100, old));
        assertEquals(12, old[0]);
        assertEquals(NicStatus.OK, OneSided.compareAndSwap(port[2], 2, key.id(), key.capability(), 4088, 100, 101, old));
        assertEquals(100, old[0], "the owner reaches its own window too");
        assertEquals(101, Memory.getLongVolatile(region.address() + 4088));

        // Shared-memory mapping: a node peer's window is memory of this process, one off the node is not.
        ByteBuffer mapped = port[0].mapWindow(2, key.id(), key.capability(), 4096);
        assertNotNull(mapped);
        assertEquals(data[0], mapped.get(8));
        assertNull(port[1].mapWindow(2, key.id(), key.capability(), 4096));

        // The same checks on both boards: a wrong capability, then a withdrawn window.
        assertEquals(NicStatus.TWID_CAPA, OneSided.get(port[0], 2, key.id(), key.capability() + 1, 0, back,
            Memory.BYTE_ARRAY_BASE, 8));
        assertEquals(NicStatus.TWID_CAPA, OneSided.get(port[1], 2, key.id(), key.capability() + 1, 0, back,
            Memory.BYTE_ARRAY_BASE, 8));
        assertEquals(NicStatus.TLENGTH, OneSided.put(port[1], 2, key.id(), key.capability(), 4000, data,
            Memory.BYTE_ARRAY_BASE, 200));
        assertThrows(IllegalArgumentException.class,
            () -> owner.deregister(new WindowKey(0, key.id(), key.capability())), "a key of another owner");
        owner.deregister(key);
        assertEquals(NicStatus.TWID, OneSided.get(port[0], 2, key.id(), key.capability(), 0, back,
            Memory.BYTE_ARRAY_BASE, 8));
        assertEquals(NicStatus.TWID, OneSided.get(port[3], 2, key.id(), key.capability(), 0, back,
            Memory.BYTE_ARRAY_BASE, 8));
        assertEquals(101, Memory.getLongVolatile(region.address() + 4088), "refused accesses touch nothing");
        region.free();
    }

    /**
     * A network port that always has another notification from rank 1, against a node board with
     * 20 fast sends waiting from rank 2: polling one at a time alternates, and a larger limit is
     * filled by one board first and then the other, turn by turn.
     */
    @Test
    void pollServesBothBoardsTurnByTurn() {
        try (ShmBoard node = ShmBoard.anonymous(2, ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 16))) {
            ShmHostPort mine = node.open(0);
            ShmHostPort peer = node.open(1);
            for (int i = 0; i < 20; i++) {
                assertTrue(peer.fastSend(0, i, 0, new byte[1], Memory.BYTE_ARRAY_BASE, 1));
            }
            RouterPort router = new RouterPort(0, 3, new int[] {0, 2}, mine, new AlwaysBusy(0, 3),
                new NodeMemory(mine, 0));
            Inbox inbox = new Inbox();
            for (int i = 0; i < 10; i++) {
                assertEquals(1, router.poll(inbox, 1));
            }
            long fromNode = inbox.got.stream().filter(s -> s.startsWith("2:")).count();
            assertEquals(5, fromNode, "one at a time, turn by turn: " + inbox.got);
            inbox.got.clear();
            assertEquals(8, router.poll(inbox, 8));
            assertEquals(8, router.poll(inbox, 8));
            fromNode = inbox.got.stream().filter(s -> s.startsWith("2:")).count();
            assertEquals(8, fromNode, "a busy network port takes one call's whole limit, the node the next: "
                + inbox.got);
            inbox.got.clear();
            assertEquals(8, router.poll(inbox, 8));
            assertEquals(8, router.poll(inbox, 8));
            assertEquals(List.of("2:13", "2:14", "2:15", "2:16", "2:17", "2:18", "2:19", "note 1:99"),
                inbox.got.subList(0, 8), "the node's last seven, then the network fills the call");
        }
    }

    /** A network port with a notification from rank 1 always waiting. */
    private static final class AlwaysBusy implements HostPort {
        private final int rank;
        private final int size;

        AlwaysBusy(int rank, int size) {
            this.rank = rank;
            this.size = size;
        }

        @Override public int rank() { return rank; }
        @Override public int size() { return size; }
        @Override public int fastSendCapacity() { return 40; }
        @Override public int maxSendLength() { return 1024; }

        @Override
        public int poll(ArrivalHandler handler, int limit) {
            for (int i = 0; i < limit; i++) {
                handler.onNotification(1, 99, 0, 0, 0);
            }
            return limit;
        }

        @Override public boolean fastSend(int t, long h0, long h1, Object b, long o, int l) { throw new AssertionError(); }
        @Override public boolean send(int t, long h0, long h1, Object b, long o, int l) { throw new AssertionError(); }
        @Override public boolean notify(int t, int type, long a0, long a1, long a2) { throw new AssertionError(); }
        @Override public BoardRegion allocate(long length) { throw new AssertionError(); }
        @Override public int windowCapacity() { throw new AssertionError(); }
        @Override public WindowKey register(BoardRegion r, long o, long l, int rights) { throw new AssertionError(); }
        @Override public void deregister(WindowKey key) { throw new AssertionError(); }
        @Override public boolean sharesMemoryWith(int r) { throw new AssertionError(); }
        @Override public BoardRegion regionOf(Object b, long o, long l) { throw new AssertionError(); }
        @Override public int get(int t, int w, long c, long o, Object b, long bo, int l, long tok) { throw new AssertionError(); }
        @Override public int put(int t, int w, long c, long o, Object b, long bo, int l, long tok) { throw new AssertionError(); }
        @Override public int fetchAndAdd(int t, int w, long c, long o, long d, long tok) { throw new AssertionError(); }
        @Override public int compareAndSwap(int t, int w, long c, long o, long e, long v, long tok) { throw new AssertionError(); }
        @Override public void close() { }
    }
}

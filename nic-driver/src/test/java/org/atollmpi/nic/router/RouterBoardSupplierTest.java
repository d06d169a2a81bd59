package org.atollmpi.nic.router;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.RoutingSpace;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.atollmpi.nic.tcp.TcpBoardConfig;
import org.atollmpi.nic.tcp.TcpBoardSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wire-up of a job on two nodes, ranks as threads: ranks 0 and 1 share node A's board file and
 * take the router, rank 2 is alone on node B and takes the plain TCP board, as {@code auto}
 * chooses. The job meets in one exchange only (a barrier would hang: nobody calls one), the
 * node's file is gone once both attached, and all three reach each other and each other's
 * windows.
 */
@Timeout(60)
class RouterBoardSupplierTest {
    @TempDir
    Path dir;

    @Test
    void routerRanksAndATcpRankWireUpThroughOneExchange() throws Exception {
        Path nodeFile = dir.resolve("atoll-test-A");
        CyclicBarrier exchange = new CyclicBarrier(3);
        AtomicReferenceArray<byte[]> blobs = new AtomicReferenceArray<>(3);
        HostPort[] ports = new HostPort[3];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[3];
        TcpBoardConfig tcp = TcpBoardConfig.defaults().withHost("127.0.0.1");
        for (int r = 0; r < 3; r++) {
            int rank = r;
            int[] node = rank < 2 ? new int[] {0, 1} : new int[] {2};
            RoutingSpace space = new RoutingSpace() {
                @Override public int rank() { return rank; }
                @Override public int size() { return 3; }
                @Override public int[] nodeRanks() { return node.clone(); }
                @Override public Path boardPath() { return rank < 2 ? nodeFile : dir.resolve("atoll-test-B"); }
                @Override public long jobKey() { return 4242; }
                @Override public void barrier() { throw new AssertionError("the router meets the job in its exchange only"); }
                @Override public byte[][] exchange(byte[] mine) {
                    blobs.set(rank, mine);
                    try {
                        exchange.await();
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                    return new byte[][] {blobs.get(0), blobs.get(1), blobs.get(2)};
                }
            };
            threads[r] = new Thread(() -> {
                try {
                    ports[rank] = rank < 2
                        ? new RouterBoardSupplier(ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 20), tcp).openPort(space)
                        : new TcpBoardSupplier(tcp).openPort(space);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            });
            threads[r].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertInstanceOf(RouterPort.class, ports[0]);
        assertFalse(Files.exists(nodeFile), "the node's first rank unlinks the board file once both attached");
        assertTrue(ports[1].sharesMemoryWith(0) && !ports[1].sharesMemoryWith(2));

        // Messages: 0 -> 1 on the node, 1 -> 2 and 2 -> 0 over TCP.
        deposit(ports[0], 1, 100);
        deposit(ports[1], 2, 101);
        deposit(ports[2], 0, 102);
        assertEquals(0, receiveOne(ports[1]));
        assertEquals(1, receiveOne(ports[2]));
        assertEquals(2, receiveOne(ports[0]));

        // A router rank's window reached by its node peer and by the TCP rank with one key, and the
        // TCP rank's own window reached by a router rank.
        BoardRegion region = ports[1].allocate(1024);
        WindowKey key = ports[1].register(region, 0, 1024, WindowRights.ALL);
        byte[] data = {1, 2, 3, 4, 5, 6, 7, 8};
        assertEquals(NicStatus.OK, OneSided.put(ports[2], 1, key.id(), key.capability(), 16, data,
            Memory.BYTE_ARRAY_BASE, 8));
        byte[] back = new byte[8];
        assertEquals(NicStatus.OK, OneSided.get(ports[0], 1, key.id(), key.capability(), 16, back,
            Memory.BYTE_ARRAY_BASE, 8));
        assertArrayEquals(data, back);
        BoardRegion far = ports[2].allocate(64);
        WindowKey farKey = ports[2].register(far, 0, 64, WindowRights.ALL);
        long[] old = {-1};
        Memory.putLongVolatile(far.address(), 40);
        assertEquals(NicStatus.OK, OneSided.fetchAndAdd(ports[0], 2, farKey.id(), farKey.capability(), 0, 2, old));
        assertEquals(40, old[0]);
        assertEquals(42, Memory.getLongVolatile(far.address()));
        for (HostPort p : ports) {
            p.close();
        }
    }

    /** The node's first rank gives up, naming the file and the node's ranks, when a node peer never attaches. */
    @Test
    void aNodePeerThatNeverAttachesEndsTheWaitWithTheFileNamed() {
        Path nodeFile = dir.resolve("atoll-test-lonely");
        RoutingSpace creator = new RoutingSpace() {
            @Override public int rank() { return 0; }
            @Override public int size() { return 3; }
            @Override public int[] nodeRanks() { return new int[] {0, 2}; }
            @Override public Path boardPath() { return nodeFile; }
            @Override public long jobKey() { return 5; }
            @Override public void barrier() { throw new AssertionError(); }
            @Override public byte[][] exchange(byte[] mine) { throw new AssertionError("the node board fails first"); }
        };
        long start = System.nanoTime();
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> new RouterBoardSupplier(ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 16)
                .withAttachTimeoutMillis(300), TcpBoardConfig.defaults()).openPort(creator));
        assertTrue(e.getMessage().contains(nodeFile.toString()) && e.getMessage().contains("[0, 2]")
            && e.getMessage().contains("only 1 of the 2"), e.getMessage());
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "bounded by the attach timeout");
        assertFalse(Files.exists(nodeFile), "nothing left behind");
    }

    private static void deposit(HostPort from, int to, long header) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!from.fastSend(to, header, 0, new byte[1], Memory.BYTE_ARRAY_BASE, 1)) {
            assertTrue(System.nanoTime() < deadline, "rank " + from.rank() + " cannot deposit to " + to);
            Thread.onSpinWait();
        }
    }

    /** @return the source of the one message that arrives */
    private static int receiveOne(HostPort at) {
        int[] source = {-1};
        ArrivalHandler h = new ArrivalHandler() {
            @Override public void onMessage(int s, long h0, long h1, Object base, long offset, int length) {
                source[0] = s;
            }
            @Override public void onNotification(int s, int type, long a0, long a1, long a2) { }
            @Override public void onCompletion(long token, int status, long value) { }
        };
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (source[0] < 0) {
            assertTrue(System.nanoTime() < deadline, "rank " + at.rank() + " received nothing");
            at.poll(h, 1);
        }
        return source[0];
    }
}

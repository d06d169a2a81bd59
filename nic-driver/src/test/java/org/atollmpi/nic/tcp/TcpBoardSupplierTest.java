package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.RoutingSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** Wire-up: each rank announces one small address blob; settings come from properties or ATOLL_TCP_* variables. */
@ExtendWith(NettyLeakCheck.class)
@Timeout(30)
class TcpBoardSupplierTest {
    @Test
    void addressesTravelAsOneSmallBlobPerRank() throws Exception {
        InetSocketAddress v4 = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 40001);
        InetSocketAddress v6 = new InetSocketAddress(InetAddress.getByName("::1"), 65535);
        assertEquals(7, TcpBoardSupplier.encode(v4).length);
        assertEquals(v4, TcpBoardSupplier.decode(TcpBoardSupplier.encode(v4), 0));
        assertEquals(v6, TcpBoardSupplier.decode(TcpBoardSupplier.encode(v6), 0));
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> TcpBoardSupplier.decode(new byte[0], 3));
        assertTrue(e.getMessage().contains("rank 3 announced no TCP board address"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> TcpBoardSupplier.decode(new byte[] {4, 1, 2}, 1));
    }

    /** Two ranks as threads, wired up through an in-memory exchange, then one message each way. */
    @Test
    void ranksWireUpThroughTheExchangeAndConnectOnFirstUse() throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(2);
        AtomicReferenceArray<byte[]> blobs = new AtomicReferenceArray<>(2);
        HostPort[] ports = new HostPort[2];
        Thread[] threads = new Thread[2];
        for (int r = 0; r < 2; r++) {
            int rank = r;
            RoutingSpace space = new RoutingSpace() {
                @Override public int rank() { return rank; }
                @Override public int size() { return 2; }
                @Override public int[] nodeRanks() { return new int[] {0, 1}; }
                @Override public Path boardPath() { return null; }
                @Override public long jobKey() { return 99; }
                @Override public void barrier() { }
                @Override public byte[][] exchange(byte[] mine) {
                    blobs.set(rank, mine);
                    try {
                        barrier.await();
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                    return new byte[][] {blobs.get(0), blobs.get(1)};
                }
            };
            threads[r] = new Thread(() -> ports[rank] = new TcpBoardSupplier(TcpBoardConfig.defaults()).openPort(space));
            threads[r].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        byte[] b = {5};
        for (int r = 0; r < 2; r++) {
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!ports[r].fastSend(1 - r, 100 + r, 0, b, Memory.BYTE_ARRAY_BASE, 1)) {
                assertTrue(System.nanoTime() < deadline);
                Thread.onSpinWait();
            }
        }
        for (int r = 0; r < 2; r++) {
            long[] got = {-1};
            ArrivalHandler h = new ArrivalHandler() {
                @Override public void onMessage(int source, long h0, long h1, Object base, long offset, int length) {
                    got[0] = h0;
                }
                @Override public void onNotification(int source, int type, long a0, long a1, long a2) { }
                @Override public void onCompletion(long token, int status, long value) { }
            };
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (got[0] < 0) {
                assertTrue(System.nanoTime() < deadline);
                ports[r].poll(h, 1);
            }
            assertEquals(100 + (1 - r), got[0]);
            ports[r].close();
        }
    }

    @Test
    void settingsComeFromPropertiesOrVariables() {
        Properties p = new Properties();
        p.setProperty("atoll.tcp.slots", "8");
        TcpBoardConfig c = TcpBoardConfig.from(Map.of("ATOLL_TCP_RING_BYTES", "64k", "ATOLL_TCP_SLOTS", "2",
            "ATOLL_TCP_HOST", "127.0.0.1", "ATOLL_TCP_PART_BYTES", "16k"), p);
        assertEquals(8, c.slotsPerPeer(), "the property wins");
        assertEquals(64 * 1024, c.ringBytesPerPeer());
        assertEquals(64 * 1024 / 8 - 32, c.maxSendLength());
        assertEquals(16 * 1024, c.partBytes());
        assertEquals("127.0.0.1", c.host());
        assertNull(TcpBoardConfig.from(Map.of(), new Properties()).host());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> TcpBoardConfig.from(Map.of("ATOLL_TCP_RING_BYTES", "lots"), new Properties()));
        assertTrue(e.getMessage().contains("ATOLL_TCP_RING_BYTES=lots"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
            () -> TcpBoardConfig.from(Map.of("ATOLL_TCP_RING_BYTES", "100"), new Properties()));
    }
}

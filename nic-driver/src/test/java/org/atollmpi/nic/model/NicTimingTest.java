package org.atollmpi.nic.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.Test;

/**
 * The timing model against the seeds' published figures (docs/NIC-MODEL.md's table), the
 * source routes of a torus, and the modelled port on a clock of the test's own: a message is
 * handed on no sooner than it would arrive, without its stamp, and a stream goes at the modelled
 * occupancy.
 */
class NicTimingTest {
    private final NicTiming atoll = NicTiming.named("atoll");
    private final NicTiming ultra = NicTiming.named("ultra");

    @Test
    void atollReproducesTheSeedsHeadlines() {
        // 004 l.2180: "about 2,4 us for a message size of 32 byte", PIO and DMA "almost negligible" apart
        assertEquals(2398, atoll.dmaLatency(32, 1), 1);
        assertEquals(2325, atoll.pioLatency(32, 1), 1);
        assertEquals(atoll.pioLatency(32, 1), atoll.latency(32, 1), 0.001, "32 B goes by PIO (000 l.646)");
        // 004 l.2202: "213 Mbyte/s for a 4 Kbyte message", "225-230 Mbyte/s" sustained
        assertEquals(213.2, 4096 / atoll.occupancy(4096, 1) * 1000, 0.1);
        double sustained = (1 << 20) / atoll.occupancy(1 << 20, 1) * 1000;
        assertTrue(sustained > 225 && sustained <= 231, "sustained " + sustained);
        // more hops: 90 ns each (000 l.602)
        assertEquals(90, atoll.dmaLatency(32, 3) - atoll.dmaLatency(32, 2), 0.001);
        assertEquals(0, atoll.latency(32, 0), "a rank to itself crosses no network");
        // a message of no data still crosses the bus and the link: its routing and header frames
        assertEquals(atoll.pioLatency(0, 1), atoll.latency(0, 1), 0.001);
        assertTrue(atoll.latency(0, 1) > 2000 && atoll.occupancy(0, 1) > 0 && atoll.hostInject(0, 1) > 0);
    }

    @Test
    void ultraSingleWritesAreBelowOneMicrosecond() {
        // 000 l.2819: "latencies around 750 ns" on the HTX prototype
        assertEquals(750, ultra.latency(8, 1), 0.001);
        assertTrue(ultra.latency(24, 1) < 1000, "one burst of 24 B: " + ultra.latency(24, 1));
        assertTrue(ultra.singleWrite(56) && !ultra.singleWrite(57));
        assertEquals(atoll.latency(4096, 1), ultra.latency(4096, 1), 0.001, "large messages go as ATOLL's DMA");
        assertEquals(atoll.dmaLatency(64, 1), ultra.latency(64, 1), 0.001, "beyond one write: DMA, never PIO");
        assertTrue(!ultra.pio(64) && atoll.pio(64));
        assertEquals(750, ultra.latency(0, 1), 0.001, "an empty message is one write too");
        assertThrows(IllegalArgumentException.class, () -> NicTiming.named("myrinet"));
    }

    @Test
    void routesTakeTheShorterWayRoundTheTorusOneByteAHopWithParity() {
        SourceRoutes grid = new SourceRoutes(4, 4, true);
        assertEquals(1, grid.hops(0, 1));
        assertEquals(1, grid.hops(0, 3), "the torus wraps");
        assertEquals(4, grid.hops(0, 10), "2 across and 2 down");
        byte[] route = grid.route(0, 10);
        assertEquals(5, route.length, "one byte per crossbar, the destination's included");
        assertArrayEquals(new byte[] {(byte) 0x84, (byte) 0x84, 0x06, 0x06, 0}, route);
        for (byte b : route) {
            assertEquals(0, Integer.bitCount(b & 0xFF) & 1, "even parity: " + b);
        }
        SourceRoutes mesh = new SourceRoutes(4, 4, false);
        assertEquals(3, mesh.hops(0, 3), "a mesh does not wrap");
        assertEquals(2, SourceRoutes.torusFor(2).hops(0, 1) + SourceRoutes.torusFor(2).hops(1, 0));
        SourceRoutes nine = SourceRoutes.torusFor(9);
        assertEquals(3, nine.columns());
        assertEquals(3, nine.rows());
    }

    @Test
    void aMessageArrivesNoSoonerThanTheModelSaysAndAStreamAtItsOccupancy() {
        AtomicLong time = new AtomicLong(1_000_000);
        java.util.function.LongSupplier clock = () -> time.addAndGet(5); // every look at the clock takes 5 ns
        LocalBoard board = new LocalBoard(2);
        SourceRoutes routes = SourceRoutes.torusFor(2);
        HostPort zero = new ModelledHostPort(board.open(0), atoll, routes, clock);
        HostPort one = new ModelledHostPort(board.open(1), atoll, routes, clock);
        assertEquals(LocalBoard.FAST_SEND_CAPACITY - 8, zero.fastSendCapacity(), "the stamp takes 8 bytes of a slot");

        byte[] payload = {1, 2, 3, 4, 5, 6, 7, 8};
        long sent = time.get();
        for (int i = 0; i < 3; i++) {
            assertTrue(zero.send(1, i, 0, payload, Memory.BYTE_ARRAY_BASE, payload.length));
        }
        List<long[]> arrivals = new ArrayList<>();
        while (arrivals.size() < 3) {
            one.poll(new ArrivalHandler() {
                @Override
                public void onMessage(int source, long h0, long h1, Object base, long offset, int length) {
                    assertEquals(8, length, "handed on without the stamp");
                    assertEquals(1, Memory.getByte(base, offset));
                    arrivals.add(new long[] {h0, time.get()});
                }

                @Override
                public void onNotification(int source, int type, long a0, long a1, long a2) {
                }

                @Override
                public void onCompletion(long token, int status, long value) {
                }
            }, 16);
        }
        double latency = atoll.latency(8, 1);
        double gap = atoll.occupancy(8, 1);
        assertTrue(arrivals.get(0)[1] - sent >= latency, "first arrival after " + (arrivals.get(0)[1] - sent));
        for (int i = 1; i < 3; i++) {
            // each waits for the NIC to be free of the one before (the sender's PIO writes held it too)
            assertTrue(arrivals.get(i)[1] - arrivals.get(i - 1)[1] >= gap - 50,
                "message " + i + " " + (arrivals.get(i)[1] - arrivals.get(i - 1)[1]) + " ns after the one before");
        }
        assertTrue(!zero.sharesMemoryWith(1) && zero.sharesMemoryWith(0), "collectives go through the modelled NIC");
    }

    @Test
    void aMessageFromARankWithoutTheModelIsAFaultNotData() {
        LocalBoard board = new LocalBoard(2);
        HostPort plain = board.open(0);
        HostPort modelled = ModelledHostPort.of(board.open(1), atoll);
        long[] word = {42};
        assertTrue(plain.send(1, 7, 0, word, Memory.LONG_ARRAY_BASE, 8));
        List<String> faults = new ArrayList<>();
        List<Integer> delivered = new ArrayList<>();
        while (faults.isEmpty()) {
            modelled.poll(new ArrivalHandler() {
                @Override
                public void onMessage(int source, long h0, long h1, Object base, long offset, int length) {
                    delivered.add(length);
                }

                @Override
                public void onNotification(int source, int type, long a0, long a1, long a2) {
                }

                @Override
                public void onCompletion(long token, int status, long value) {
                }

                @Override
                public void onBoardFault(int peer, String field) {
                    faults.add(peer + ": " + field);
                }
            }, 16);
        }
        assertEquals(List.of(), delivered, "nothing of it handed on as data");
        assertTrue(faults.get(0).startsWith("0: a message without the NIC model's stamp"), faults.toString());
    }
}

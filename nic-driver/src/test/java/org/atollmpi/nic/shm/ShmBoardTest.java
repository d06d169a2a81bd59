package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.Set;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class ShmBoardTest {

    @Test
    void everyChannelReachesEveryRankIncludingItself() {
        try (ShmBoard board = ShmBoard.anonymous(3, Recorder.smallConfig())) {
            ShmHostPort[] ports = {board.open(0), board.open(1), board.open(2)};
            byte[] big = Recorder.pattern(5000, 9);
            for (ShmHostPort from : ports) {
                for (int to = 0; to < 3; to++) {
                    long tag = from.rank() * 10L + to;
                    assertTrue(from.fastSend(to, tag, 1, big, Memory.BYTE_ARRAY_BASE, 40));
                    assertTrue(from.send(to, tag, 2, big, Memory.BYTE_ARRAY_BASE, big.length));
                    assertTrue(from.notify(to, 3, tag, 0, 0));
                }
            }
            for (ShmHostPort port : ports) {
                Recorder r = new Recorder();
                assertEquals(9, port.poll(r, 100));
                assertEquals(0, port.poll(r, 100));
                Set<Long> fast = new HashSet<>();
                Set<Long> records = new HashSet<>();
                for (Recorder.Message m : r.messages) {
                    assertEquals(m.source() * 10L + port.rank(), m.header0());
                    (m.header1() == 1 ? fast : records).add(m.header0());
                    int length = m.header1() == 1 ? 40 : big.length;
                    assertArrayEquals(java.util.Arrays.copyOf(big, length), m.payload());
                }
                assertEquals(3, fast.size());
                assertEquals(3, records.size());
                assertEquals(3, r.notifications.size());
                for (Recorder.Notification n : r.notifications) {
                    assertEquals(n.source() * 10L + port.rank(), n.arg0());
                    assertEquals(3, n.type());
                }
            }
        }
    }

    @Test
    void pollRotatesSoNoChannelStarves() {
        try (ShmBoard board = ShmBoard.anonymous(2, Recorder.smallConfig())) {
            ShmHostPort a = board.open(0);
            ShmHostPort b = board.open(1);
            long[] v = {0};
            for (int i = 0; i < 20; i++) {
                assertTrue(a.fastSend(1, i, 0, v, Memory.LONG_ARRAY_BASE, 8));
            }
            assertTrue(a.send(1, 100, 0, v, Memory.LONG_ARRAY_BASE, 8));
            assertTrue(a.notify(1, 5, 200, 0, 0));
            Recorder r = new Recorder();
            int polls = 0;
            while (r.notifications.isEmpty() || r.messages.stream().noneMatch(m -> m.header0() == 100)) {
                assertEquals(1, b.poll(r, 1));
                polls++;
            }
            assertTrue(polls <= 4, "the ring and the queue were served within one rotation: " + polls);
        }
    }

    @Test
    void limitsAndMisuseAreReported() {
        try (ShmBoard board = ShmBoard.anonymous(2, Recorder.smallConfig())) {
            ShmHostPort a = board.open(0);
            assertEquals(40, a.fastSendCapacity());
            assertEquals((1 << 16) / 8 - 32, a.maxSendLength());
            assertEquals(2, a.size());
            byte[] tooBig = new byte[a.maxSendLength() + 1];
            assertThrows(IllegalArgumentException.class, () -> a.send(1, 0, 0, tooBig, Memory.BYTE_ARRAY_BASE, tooBig.length));
            assertThrows(IllegalArgumentException.class, () -> a.send(1, 0, 0, tooBig, Memory.BYTE_ARRAY_BASE, -1));
            assertThrows(IllegalArgumentException.class, () -> a.notify(2, 0, 0, 0, 0));
            assertThrows(IllegalStateException.class, () -> board.open(0), "already open");
            assertThrows(IllegalArgumentException.class, () -> board.open(2));
            a.close();
            assertThrows(IllegalStateException.class, () -> a.poll(new Recorder(), 1));
            board.open(0).close();
        }
    }

    @Test
    void receiveRingAndQueueFillUpAndResume() {
        try (ShmBoard board = ShmBoard.anonymous(2, Recorder.smallConfig().withNotificationEntries(4))) {
            ShmHostPort a = board.open(0);
            ShmHostPort b = board.open(1);
            byte[] payload = new byte[a.maxSendLength()];
            int sent = 0;
            while (a.send(1, sent, 0, payload, Memory.BYTE_ARRAY_BASE, payload.length)) {
                sent++;
            }
            assertEquals(8, sent, "records of capacity/8 fill a ring with 8");
            for (int i = 0; i < 4; i++) {
                assertTrue(a.notify(1, 0, i, 0, 0));
            }
            assertFalse(a.notify(1, 0, 4, 0, 0));
            Recorder r = new Recorder();
            b.poll(r, 100);
            assertEquals(8, r.messages.size());
            assertEquals(4, r.notifications.size());
            assertTrue(a.send(1, 9, 0, payload, Memory.BYTE_ARRAY_BASE, payload.length));
            assertTrue(a.notify(1, 0, 4, 0, 0));
        }
    }

    /** The hot paths allocate nothing: measured with the JVM's per-thread allocation counter. */
    @Test
    void hotPathsDoNotAllocate() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (ShmBoard board = ShmBoard.anonymous(2, Recorder.smallConfig())) {
            ShmHostPort a = board.open(0);
            ShmHostPort b = board.open(1);
            BoardRegion region = b.allocate(4096);
            WindowKey key = b.register(region, 0, 4096, WindowRights.ALL);
            byte[] payload = new byte[1024];
            long[] result = new long[1];
            ArrivalHandler sink = new ArrivalHandler() {
                long sum;

                @Override
                public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
                    sum += header0 + length;
                }

                @Override
                public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
                    sum += arg0;
                }

                @Override
                public void onCompletion(long token, int status, long value) {
                    sum += token + status + value;
                }
            };
            Runnable round = () -> {
                for (int i = 0; i < 1000; i++) {
                    a.fastSend(1, i, 0, payload, Memory.BYTE_ARRAY_BASE, 16);
                    a.send(1, i, 0, payload, Memory.BYTE_ARRAY_BASE, 1024);
                    a.notify(1, 1, i, 0, 0);
                    b.poll(sink, 100);
                    a.put(1, key.id(), key.capability(), 1024, payload, Memory.BYTE_ARRAY_BASE, 512, i);
                    a.get(1, key.id(), key.capability(), 2048, payload, Memory.BYTE_ARRAY_BASE, 512, i);
                    a.fetchAndAdd(1, key.id(), key.capability(), 8, 1, i);
                    a.compareAndSwap(1, key.id(), key.capability(), 16, 0, 1, i);
                    a.get(1, key.id(), ~key.capability(), 0, payload, Memory.BYTE_ARRAY_BASE, 8, i);
                    a.poll(sink, 100); // the completions
                }
            };
            round.run(); // class loading and first-call allocations happen here
            long before = threads.getCurrentThreadAllocatedBytes();
            round.run();
            round.run();
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertTrue(allocated < 1024, "18,000 operations allocated " + allocated + " bytes");
            assertEquals(NicStatus.OK, OneSided.fetchAndAdd(a, 1, key.id(), key.capability(), 8, 0, result));
            assertEquals(3000, result[0]);
        }
    }
}

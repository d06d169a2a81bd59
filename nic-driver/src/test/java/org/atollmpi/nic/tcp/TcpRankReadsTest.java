package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.OneSided;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The rank's thread reads its own sockets while it polls (hot) and its event loops read them when it
 * waits long or stays away (cold): a stream of messages of every size stays whole and in order while
 * the reading passes back and forth between the two threads, and a rank that polled and then stops
 * polling still has its window served.
 */
@ExtendWith(NettyLeakCheck.class)
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TcpRankReadsTest {
    private static final long SECRET = 91;
    /** Messages the rank takes by reading its socket before it stays away and the event loop reads. */
    private static final int BATCH = 200;
    private final List<String> log = new CopyOnWriteArrayList<>();

    /** Checks each message against the sequence number in its header and the bytes derived from it. */
    private static final class Checker implements ArrivalHandler {
        long next;
        String broken;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            if (broken != null) {
                return;
            }
            if (header0 != next || header1 != length) {
                broken = "message " + next + ": got sequence " + header0 + " of " + header1 + " bytes, " + length + " came";
                return;
            }
            for (int i = 0; i < length; i++) {
                byte b = Memory.getByte(base, offset + i);
                if (b != (byte) (next * 7 + i)) {
                    broken = "message " + next + " byte " + i + ": " + b;
                    return;
                }
            }
            next++;
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        }

        @Override
        public void onCompletion(long token, int status, long value) {
        }
    }

    @Test
    void messagesStayWholeAndInOrderWhileTheReadingPassesBetweenThreads() throws Exception {
        int messages = 8_000; // every buffer access records a stack trace at paranoid leak detection
        TcpBoard board = new TcpBoard(2, TcpBoardConfig.defaults(), SECRET, log::add);
        try {
            TcpHostPort sender = (TcpHostPort) board.open(0);
            TcpHostPort receiver = (TcpHostPort) board.open(1);
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread send = new Thread(() -> {
                try {
                    SplittableRandom random = new SplittableRandom(7);
                    int max = sender.maxSendLength();
                    for (long m = 0; m < messages; m++) {
                        int n = switch (random.nextInt(4)) {
                            case 0 -> random.nextInt(41);
                            case 1 -> random.nextInt(512);
                            default -> random.nextInt(max + 1);
                        };
                        byte[] b = new byte[n];
                        for (int i = 0; i < n; i++) {
                            b[i] = (byte) (m * 7 + i);
                        }
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                        while (!sender.send(1, m, n, b, Memory.BYTE_ARRAY_BASE, n)) {
                            if (System.nanoTime() > deadline) {
                                throw new AssertionError("message " + m + " not taken in 20 s");
                            }
                            sender.poll(new Checker(), 64); // credits come back as frames the sender's side reads
                        }
                    }
                } catch (Throwable t) {
                    failed.set(t);
                }
            });
            send.start();
            Checker checker = new Checker();
            int handOffs = 0;
            boolean sawHot = false;
            while (checker.next < messages && checker.broken == null && failed.get() == null) {
                // hot: the rank polls, reading its socket itself, until a batch has come
                long until = Math.min(messages, checker.next + BATCH);
                while (checker.next < until && checker.broken == null && failed.get() == null) {
                    receiver.poll(checker, 16);
                    sawHot |= receiver.readsItsSockets();
                }
                // away: the rank stops polling; the watcher hands the reading back to the event
                // loop, which then reads and queues what the sender still sends
                if (checker.next < messages) {
                    // take what the rank's own reads queued, so that an arrival seen below was
                    // queued by the event loop (a hot port's event loop reads nothing)
                    while (receiver.hasArrivals() && checker.broken == null) {
                        receiver.poll(checker, 16);
                    }
                    while (receiver.readsItsSockets()) {
                        Thread.yield(); // the event loop and the sender need the cores
                    }
                    while (!receiver.hasArrivals() && send.isAlive()) {
                        Thread.yield(); // the event loop and the sender need the cores
                    }
                    if (receiver.hasArrivals()) {
                        handOffs++;
                    }
                }
            }
            send.join();
            if (failed.get() != null) {
                throw new AssertionError(failed.get());
            }
            assertEquals(null, checker.broken);
            assertEquals(messages, checker.next);
            assertTrue(sawHot, "the rank never read its socket itself");
            assertTrue(handOffs > 0, "the event loop never read and queued a message");
            assertTrue(log.isEmpty(), log.toString());
        } finally {
            board.close();
        }
    }

    @Test
    void aRankThatPolledAndThenComputesStillHasItsWindowServed() {
        TcpBoard board = new TcpBoard(2, TcpBoardConfig.defaults(), SECRET, log::add);
        try {
            TcpHostPort origin = (TcpHostPort) board.open(0);
            TcpHostPort owner = (TcpHostPort) board.open(1);
            BoardRegion region = owner.allocate(4096);
            WindowKey key = owner.register(region, 0, 4096, WindowRights.ALL);
            byte[] one = {0};
            // a first message opens the link; the owner polls it in, reading its socket itself
            while (!origin.send(1, 0, 1, one, Memory.BYTE_ARRAY_BASE, 1)) {
                origin.poll(new Checker(), 16);
            }
            Checker checker = new Checker();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (checker.next < 1) {
                assertTrue(System.nanoTime() < deadline, "the first message did not come");
                owner.poll(checker, 16);
            }
            // an empty poll turns the port hot (polled again in case a stalled thread let the watcher cool it)
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            do {
                owner.poll(checker, 16);
            } while (!owner.readsItsSockets() && System.nanoTime() < deadline);
            assertTrue(owner.readsItsSockets(), "a polling rank reads its sockets");
            // the owner now computes and never polls again: its event loop must take the reading back
            byte[] data = new byte[3000];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (i * 13);
            }
            long start = System.nanoTime();
            assertEquals(NicStatus.OK, OneSided.put(origin, 1, key.id(), key.capability(), 100, data, Memory.BYTE_ARRAY_BASE, data.length));
            byte[] back = new byte[data.length];
            assertEquals(NicStatus.OK, OneSided.get(origin, 1, key.id(), key.capability(), 100, back, Memory.BYTE_ARRAY_BASE, back.length));
            assertArrayEquals(data, back);
            long[] found = new long[1];
            for (int i = 0; i < 100; i++) {
                assertEquals(NicStatus.OK, OneSided.fetchAndAdd(origin, 1, key.id(), key.capability(), 8, 1, found));
            }
            assertEquals(100, Memory.getLong(region.address() + 8));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "served, but slowly");
            assertFalse(owner.readsItsSockets(), "the away rank's event loop reads again");
            assertTrue(log.isEmpty(), log.toString());
        } finally {
            board.close();
        }
    }
}

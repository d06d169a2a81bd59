package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Links between ports: opened lazily and settled on one connection when both ranks dial at once;
 * credits make a target that does not poll refuse deposits instead of buffering them, and hand the
 * room back as it polls; a peer that is gone makes the next deposit fail naming it.
 */
@ExtendWith(NettyLeakCheck.class)
@Timeout(60)
class TcpLinkTest {
    private static final long SECRET = 77;
    private final List<String> log = new CopyOnWriteArrayList<>();

    private static final class Inbox implements ArrivalHandler {
        final List<Long> headers = new ArrayList<>();
        int notes;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            headers.add(header0);
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            notes++;
        }

        @Override
        public void onCompletion(long token, int status, long value) {
        }
    }

    private static void sendUntilTaken(TcpHostPort from, int to, long header) {
        byte[] b = {1};
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!from.fastSend(to, header, 0, b, Memory.BYTE_ARRAY_BASE, 1)) {
            assertTrue(System.nanoTime() < deadline, "rank " + from.rank() + " could not deposit to rank " + to);
            Thread.onSpinWait();
        }
    }

    private static void receive(TcpHostPort port, Inbox inbox, int count) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (inbox.headers.size() < count) {
            assertTrue(System.nanoTime() < deadline, "rank " + port.rank() + " has " + inbox.headers.size() + " of " + count);
            port.poll(inbox, 64);
        }
    }

    @Test
    void bothRanksDiallingAtOnceEndOnOneConnection() throws Exception {
        for (int round = 0; round < 50; round++) {
            TcpBoard board = new TcpBoard(2, TcpBoardConfig.defaults(), SECRET, log::add);
            try {
                TcpHostPort a = (TcpHostPort) board.open(0);
                TcpHostPort b = (TcpHostPort) board.open(1);
                CyclicBarrier start = new CyclicBarrier(2);
                Thread other = new Thread(() -> {
                    try {
                        start.await();
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                    sendUntilTaken(b, 0, 1);
                });
                other.start();
                start.await();
                sendUntilTaken(a, 1, 0);
                other.join();
                Inbox atA = new Inbox();
                Inbox atB = new Inbox();
                receive(a, atA, 1);
                receive(b, atB, 1);
                assertEquals(List.of(1L), atA.headers);
                assertEquals(List.of(0L), atB.headers);
                assertNotNull(a.link(1).channel());
                assertEquals(a.link(1).channel().localAddress(), b.link(0).channel().remoteAddress(),
                    "round " + round + ": the two ranks use different connections");
            } finally {
                board.close();
            }
        }
        assertTrue(log.isEmpty(), "a simultaneous open is no error: " + log);
    }

    @Test
    void aTargetThatDoesNotPollRefusesDepositsBeyondItsCreditAndLosesNothing() {
        TcpBoardConfig config = TcpBoardConfig.defaults().withQueues(4, 8 * 1024, 3);
        try (TcpBoard board = new TcpBoard(2, config, SECRET, log::add)) {
            TcpHostPort sender = (TcpHostPort) board.open(0);
            TcpHostPort target = (TcpHostPort) board.open(1);
            sendUntilTaken(sender, 1, 0); // opens the link
            byte[] b = new byte[config.maxSendLength()];
            int fast = 1;
            while (sender.fastSend(1, fast, 0, b, Memory.BYTE_ARRAY_BASE, 8)) {
                fast++;
            }
            assertEquals(4, fast, "fast sends beyond the target's 4 slots");
            int records = 0;
            while (sender.send(1, 100 + records, 0, b, Memory.BYTE_ARRAY_BASE, b.length)) {
                records++;
            }
            assertEquals(8, records, "records of a full eighth of the ring credit");
            int notes = 0;
            while (sender.notify(1, 5, 0, 0, 0)) {
                notes++;
            }
            assertEquals(3, notes);
            Inbox inbox = new Inbox();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (inbox.headers.size() < fast + records || inbox.notes < notes) {
                assertTrue(System.nanoTime() < deadline, "lost arrivals: " + inbox.headers + ", " + inbox.notes);
                target.poll(inbox, 64);
            }
            for (long h = 0; h < fast; h++) {
                assertTrue(inbox.headers.contains(h), "fast send " + h);
            }
            // The target's polls handed the room back.
            deadline = System.nanoTime() + 10_000_000_000L;
            while (!sender.fastSend(1, 99, 0, b, Memory.BYTE_ARRAY_BASE, 8)) {
                assertTrue(System.nanoTime() < deadline, "credit never came back");
            }
        }
        assertTrue(log.isEmpty(), log.toString());
    }

    @Test
    void aPeerThatIsGoneFailsTheNextDepositNamingIt() throws Exception {
        TcpBoard board = new TcpBoard(2, TcpBoardConfig.defaults(), SECRET, log::add);
        try {
            TcpHostPort a = (TcpHostPort) board.open(0);
            sendUntilTaken(a, 1, 0);
            board.open(1).close();
            byte[] b = {1};
            long deadline = System.nanoTime() + 10_000_000_000L;
            IllegalStateException failure = null;
            while (failure == null) {
                assertTrue(System.nanoTime() < deadline, "deposits to a closed peer never failed");
                try {
                    a.fastSend(1, 1, 0, b, Memory.BYTE_ARRAY_BASE, 1);
                    Thread.sleep(1);
                } catch (IllegalStateException e) {
                    failure = e;
                }
            }
            assertTrue(failure.getMessage().contains("rank 0 cannot reach rank 1"), failure.getMessage());
            assertFalse(a.link(1).state() == PeerLink.State.UP);
        } finally {
            board.close();
        }
    }
}

package org.atollmpi.nic.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Large Gets, the path a rendezvous takes on the TCP board: the owner's event loop writes each
 * part from the window without copying it (what the socket does not take at once goes through
 * the event loop), the origin copies the reply's data to its destination piece by piece as it is
 * read. Many Gets in flight at once fill the socket, so replies are cut at arbitrary points on
 * both sides; every byte must still land where it belongs, and deposits on the same link keep
 * their order meanwhile.
 */
@ExtendWith(NettyLeakCheck.class)
@Timeout(60)
class TcpLargeTransferTest {
    private static final int WINDOW = 6 << 20;

    private static final class Completions implements ArrivalHandler {
        final Map<Long, Integer> status = new HashMap<>();
        long nextHeader;
        boolean outOfOrder;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            outOfOrder |= header0 != nextHeader++;
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            this.status.put(token, status);
        }
    }

    @Test
    void pipelinedLargeGetsLandWhole() {
        try (TcpBoard board = new TcpBoard(2, TcpBoardConfig.defaults().withWindows(8, 16L << 20))) {
            HostPort origin = board.open(0);
            HostPort owner = board.open(1);
            BoardRegion region = owner.allocate(WINDOW);
            for (long i = 0; i < WINDOW; i += 8) {
                Memory.putLong(region.address() + i, i * 0x9E3779B97F4A7C15L);
            }
            WindowKey key = owner.register(region, 0, WINDOW, WindowRights.READ);
            // Lengths around the streaming threshold and the part size, at odd offsets.
            int[] lengths = {FrameDecoder.STREAM_BYTES - 1, FrameDecoder.STREAM_BYTES, (1 << 20) + 13, (5 << 20) - 7,
                300_001, 1 << 20};
            byte[][] heap = new byte[lengths.length][];
            BoardRegion local = origin.allocate(WINDOW);
            Completions done = new Completions();
            Completions ownerInbox = new Completions();
            long sent = 0;
            for (int round = 0; round < 3; round++) {
                done.status.clear();
                for (int i = 0; i < lengths.length; i++) {
                    byte[] dst = heap[i] = new byte[lengths[i]];
                    int length = lengths[i];
                    long offset = 8L * i + 3;
                    long header = sent++;
                    issue(origin, done, () -> origin.get(1, key.id(), key.capability(), offset, dst,
                        Memory.BYTE_ARRAY_BASE, length, offset));
                    issue(origin, done, () -> origin.get(1, key.id(), key.capability(), offset, null, local.address(),
                        length, 100 + offset));
                    // A deposit between the Gets: the link stays FIFO for messages.
                    issue(origin, done, () -> origin.fastSend(1, header, 0, null, 0, 0) ? NicStatus.OK : NicStatus.BUSY);
                }
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (done.status.size() < 2 * lengths.length || ownerInbox.nextHeader < sent) {
                    assertTrue(System.nanoTime() < deadline, done.status.size() + " of " + 2 * lengths.length
                        + " Gets done " + done.status + ", " + ownerInbox.nextHeader + " of " + sent + " messages in");
                    origin.poll(done, 64);
                    owner.poll(ownerInbox, 64);
                }
                assertTrue(!ownerInbox.outOfOrder, "messages kept their order");
                for (int i = 0; i < lengths.length; i++) {
                    long offset = 8L * i + 3;
                    assertEquals(NicStatus.OK, done.status.get(offset));
                    assertEquals(NicStatus.OK, done.status.get(100 + offset));
                    byte[] want = new byte[lengths[i]];
                    Memory.copy(null, region.address() + offset, want, Memory.BYTE_ARRAY_BASE, want.length);
                    assertArrayEquals(want, heap[i], "Get " + i + " into a heap array, round " + round);
                }
                // The Gets into board memory overlap: it holds the last one's data.
                int last = lengths.length - 1;
                byte[] want = new byte[lengths[last]];
                byte[] got = new byte[lengths[last]];
                Memory.copy(null, region.address() + 8L * last + 3, want, Memory.BYTE_ARRAY_BASE, want.length);
                Memory.copy(null, local.address(), got, Memory.BYTE_ARRAY_BASE, got.length);
                assertArrayEquals(want, got, "Get into board memory, round " + round);
            }
        }
    }

    @Test
    void largePutsLandWholeAndARefusedOneTouchesNothing() {
        try (TcpBoard board = new TcpBoard(2, TcpBoardConfig.defaults().withWindows(8, 16L << 20))) {
            HostPort origin = board.open(0);
            HostPort owner = board.open(1);
            BoardRegion region = owner.allocate(WINDOW);
            Memory.setMemory(region.address(), WINDOW, (byte) 0x5A);
            WindowKey key = owner.register(region, 0, WINDOW, WindowRights.ALL);
            int length = (3 << 20) - 64;
            byte[] fromHeap = new byte[length];
            for (int i = 0; i < length; i++) {
                fromHeap[i] = (byte) (i * 7 + 1);
            }
            BoardRegion local = origin.allocate(length);
            for (int i = 0; i < length; i++) {
                Memory.putByte(null, local.address() + i, (byte) (i * 13 + 2));
            }
            Completions done = new Completions();
            issue(origin, done, () -> origin.put(1, key.id(), key.capability(), 1, fromHeap, Memory.BYTE_ARRAY_BASE,
                length, 1));
            issue(origin, done, () -> origin.put(1, key.id(), key.capability() ^ 1, 0, fromHeap, Memory.BYTE_ARRAY_BASE,
                FrameDecoder.STREAM_BYTES * 3, 2));
            issue(origin, done, () -> origin.put(1, key.id(), key.capability(), WINDOW - length, null, local.address(),
                length, 3));
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (done.status.size() < 3) {
                assertTrue(System.nanoTime() < deadline, done.status.size() + " of 3 Puts done");
                origin.poll(done, 64);
            }
            assertEquals(NicStatus.OK, done.status.get(1L));
            assertEquals(NicStatus.TWID_CAPA, done.status.get(2L), "a Put with a wrong capability is refused");
            assertEquals(NicStatus.OK, done.status.get(3L));
            byte[] first = new byte[length];
            Memory.copy(null, region.address() + 1, first, Memory.BYTE_ARRAY_BASE, length);
            assertArrayEquals(fromHeap, first);
            assertEquals((byte) 0x5A, Memory.getByte(null, region.address()), "the refused Put touched nothing");
            byte[] second = new byte[length];
            byte[] want = new byte[length];
            Memory.copy(null, region.address() + WINDOW - length, second, Memory.BYTE_ARRAY_BASE, length);
            Memory.copy(null, local.address(), want, Memory.BYTE_ARRAY_BASE, length);
            assertArrayEquals(want, second);
        }
    }

    /**
     * The link goes down while Gets and an atomic wait for the target's answers (it does not read
     * that connection, so none comes): they complete with TLINK instead of waiting for ever, each once, and a
     * later operation to the rank is refused at issue.
     */
    @Test
    void operationsWaitingOnALostLinkCompleteWithTlink() throws Exception {
        try (TcpBoard board = new TcpBoard(2, TcpBoardConfig.defaults().withWindows(8, 16L << 20))) {
            TcpHostPort origin = (TcpHostPort) board.open(0);
            TcpHostPort owner = (TcpHostPort) board.open(1);
            BoardRegion region = owner.allocate(1 << 20);
            WindowKey key = owner.register(region, 0, 1 << 20, WindowRights.ALL);
            Completions done = new Completions();
            issue(origin, done, () -> origin.fastSend(1, 0, 0, null, 0, 0) ? NicStatus.OK : NicStatus.BUSY);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (owner.link(0).state() != PeerLink.State.UP) {
                assertTrue(System.nanoTime() < deadline, "the link never came up at the owner");
                owner.poll(done, 64);
            }
            // The owner stops reading that connection: the requests wait in its socket, unanswered.
            io.netty.channel.Channel ownerSide = owner.link(0).channel();
            ownerSide.eventLoop().submit(() -> ownerSide.config().setAutoRead(false))
                .get(10, java.util.concurrent.TimeUnit.SECONDS);
            try {
                byte[] dst = new byte[1 << 20];
                issue(origin, done, () -> origin.get(1, key.id(), key.capability(), 0, dst, Memory.BYTE_ARRAY_BASE,
                    dst.length, 1));
                issue(origin, done, () -> origin.get(1, key.id(), key.capability(), 64, dst, Memory.BYTE_ARRAY_BASE, 8, 2));
                issue(origin, done, () -> origin.fetchAndAdd(1, key.id(), key.capability(), 0, 1, 3));
                origin.link(1).channel().close().awaitUninterruptibly(10, java.util.concurrent.TimeUnit.SECONDS);
                deadline = System.nanoTime() + 10_000_000_000L;
                while (done.status.size() < 3) {
                    assertTrue(System.nanoTime() < deadline, "operations on the lost link still wait: " + done.status);
                    origin.poll(done, 64);
                }
                assertEquals(java.util.Map.of(1L, NicStatus.TLINK, 2L, NicStatus.TLINK, 3L, NicStatus.TLINK), done.status);
                Thread.sleep(50);
                origin.poll(done, 64);
                assertEquals(3, done.status.size(), "each completed once");
                assertEquals(PeerLink.State.DOWN, origin.link(1).state());
                org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                    () -> origin.get(1, key.id(), key.capability(), 0, dst, Memory.BYTE_ARRAY_BASE, 8, 4),
                    "an operation to a rank whose link is down is refused at issue");
            } finally {
                ownerSide.config().setAutoRead(true);
            }
        }
    }

    private static void issue(HostPort origin, Completions done, java.util.function.IntSupplier op) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        int status;
        while ((status = op.getAsInt()) == NicStatus.BUSY) {
            assertTrue(System.nanoTime() < deadline, "the origin stayed busy");
            origin.poll(done, 64);
        }
        assertEquals(NicStatus.OK, status);
    }
}

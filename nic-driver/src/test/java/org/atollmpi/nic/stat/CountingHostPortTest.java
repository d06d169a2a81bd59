package org.atollmpi.nic.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counting port in front of a board: every instruction counted once, accepted or refused, a
 * refusal by its NACK code whether the call or a completion answered it, arrivals as the poll
 * hands them on; and the page as another process reads it, through the file.
 */
class CountingHostPortTest {
    private static final byte[] PAYLOAD = new byte[40];

    private final LocalBoard board = new LocalBoard(2, LocalBoard.Limits.DEFAULT.withQueues(2, 2, 16, 4096));
    private final NicCounters sender = NicCounters.inHeap(0, 2, "local");
    private final NicCounters receiver = NicCounters.inHeap(1, 2, "local");
    private final HostPort zero = new CountingHostPort(board.open(0), sender);
    private final HostPort one = new CountingHostPort(board.open(1), receiver);

    @Test
    void depositsAreCountedPerTargetAndAFullRingAsAStall() {
        assertTrue(zero.fastSend(1, 1, 2, PAYLOAD, Memory.BYTE_ARRAY_BASE, 8));
        assertTrue(zero.fastSend(1, 1, 2, PAYLOAD, Memory.BYTE_ARRAY_BASE, 40));
        assertFalse(zero.fastSend(1, 1, 2, PAYLOAD, Memory.BYTE_ARRAY_BASE, 8), "two slots per pair");
        assertTrue(zero.send(1, 1, 2, PAYLOAD, Memory.BYTE_ARRAY_BASE, 20));
        assertTrue(zero.send(1, 1, 2, PAYLOAD, Memory.BYTE_ARRAY_BASE, 20));
        assertFalse(zero.send(1, 1, 2, PAYLOAD, Memory.BYTE_ARRAY_BASE, 20), "two records in the ring");
        assertTrue(zero.notify(1, 3, 0, 0, 0));

        assertEquals(2, sender.get(1, PeerCounter.FAST_SENDS));
        assertEquals(48, sender.get(1, PeerCounter.FAST_BYTES));
        assertEquals(1, sender.get(1, PeerCounter.FAST_RING_FULL));
        assertEquals(2, sender.get(1, PeerCounter.EAGER_RECORDS));
        assertEquals(40, sender.get(1, PeerCounter.EAGER_BYTES));
        assertEquals(1, sender.get(1, PeerCounter.RECEIVE_RING_FULL));
        assertEquals(1, sender.get(1, PeerCounter.NOTIFICATIONS));
        assertEquals(0, sender.total(PeerCounter.FAST_SENDS) - 2, "nothing counted for another target");

        List<Integer> lengths = new ArrayList<>();
        int delivered = 0;
        while (delivered < 5) {
            delivered += one.poll(handler(lengths), 16);
        }
        assertEquals(4, receiver.get(NicCounter.MESSAGES_IN));
        assertEquals(88, receiver.get(NicCounter.BYTES_IN));
        assertEquals(1, receiver.get(NicCounter.NOTIFICATIONS_IN));
        assertEquals(1, receiver.get(NicCounter.NOTIFICATION_HIGH_WATER));
        assertEquals(4, lengths.size(), "every arrival reached the handler behind the counting");
    }

    @Test
    void oneSidedOperationsAndEveryRefusalByItsCode() {
        BoardRegion region = one.allocate(4096);
        WindowKey key = one.register(region, 0, 4096, WindowRights.READ | WindowRights.ATOMIC);
        byte[] into = new byte[64];
        int issued = zero.get(1, key.id(), key.capability(), 0, into, Memory.BYTE_ARRAY_BASE, 64, 1);
        int wrongCapability = zero.get(1, key.id(), key.capability() ^ 1, 0, into, Memory.BYTE_ARRAY_BASE, 64, 2);
        int noWrite = zero.put(1, key.id(), key.capability(), 0, into, Memory.BYTE_ARRAY_BASE, 64, 3);
        int atomic = zero.fetchAndAdd(1, key.id(), key.capability(), 8, 1, 4);
        List<Integer> statuses = new ArrayList<>();
        for (int status : new int[] {issued, wrongCapability, noWrite, atomic}) {
            if (status != NicStatus.OK) {
                statuses.add(status); // answered in the call
            }
        }
        while (sender.get(NicCounter.COMPLETIONS_IN) + statuses.size() < 4) {
            zero.poll(new ArrivalHandler() {
                @Override
                public void onMessage(int source, long h0, long h1, Object base, long offset, int length) {
                }

                @Override
                public void onNotification(int source, int type, long a0, long a1, long a2) {
                }

                @Override
                public void onCompletion(long token, int status, long value) {
                    statuses.add(status);
                }
            }, 16);
        }
        assertTrue(statuses.contains(NicStatus.TWID_CAPA), statuses.toString());
        assertTrue(statuses.contains(NicStatus.TRIGHTS), statuses.toString());
        assertEquals(1, sender.get(NicCounter.REFUSED_TWID_CAPA));
        assertEquals(1, sender.get(NicCounter.REFUSED_TRIGHTS));
        assertEquals(2, sender.snapshot().refusals());
        // a get is counted when issued; this board checks the window later, so both gets were issued
        assertEquals(2, sender.get(NicCounter.GETS));
        assertEquals(128, sender.get(NicCounter.GET_BYTES));
        assertEquals(1, sender.get(NicCounter.ATOMICS));
    }

    @Test
    void theTrainingIsForgottenByClear() {
        assertTrue(zero.fastSend(1, 1, 2, PAYLOAD, Memory.BYTE_ARRAY_BASE, 8));
        sender.increment(NicCounter.IDLE_SPINS);
        sender.clear();
        assertEquals(0, sender.total(PeerCounter.FAST_SENDS));
        assertEquals(0, sender.get(NicCounter.IDLE_SPINS));
    }

    @Test
    void aPageIsReadFromItsFileAsTheWriterLeftIt(@TempDir Path dir) throws IOException {
        Path file = CounterPage.pathFor(dir.resolve("atoll-123x00ff-node-a"), 1);
        assertEquals("atoll-123x00ff-node-a.nic1", file.getFileName().toString());
        assertEquals("123x00ff", CounterPage.jobOf(file));
        assertNull(CounterPage.jobOf(dir.resolve("atoll-123x00ff-node-a")));
        NicCounters written = CounterPage.create(file, 1, 4, "tcp").counters();
        written.deposited(3, PeerCounter.EAGER_RECORDS, 100);
        written.increment(NicCounter.RENDEZVOUS_SENT);
        written.max(NicCounter.NOTIFICATION_HIGH_WATER, 7);
        written.max(NicCounter.NOTIFICATION_HIGH_WATER, 5);
        NicSnapshot read = CounterPage.open(file).snapshot();
        assertEquals(1, read.rank());
        assertEquals(4, read.ranks());
        assertEquals("tcp", read.board());
        assertEquals(ProcessHandle.current().pid(), read.pid());
        assertEquals(NicCountersDescriptor.STATE_RUNNING, read.state());
        assertEquals(1, read.get(PeerCounter.EAGER_RECORDS));
        assertEquals(100, read.get(PeerCounter.EAGER_BYTES));
        assertEquals(1, read.get(NicCounter.RENDEZVOUS_SENT));
        assertEquals(7, read.get(NicCounter.NOTIFICATION_HIGH_WATER));
        assertThrows(IOException.class, () -> CounterPage.create(file, 1, 4, "tcp"), "an existing file is refused");

        Path junk = dir.resolve("atoll-1x2-n.nic0");
        Files.write(junk, new byte[256]);
        IOException e = assertThrows(IOException.class, () -> CounterPage.open(junk));
        assertTrue(e.getMessage().contains("no counter page"), e.getMessage());
        Path truncated = dir.resolve("atoll-1x2-n.nic1");
        Files.write(truncated, java.util.Arrays.copyOf(Files.readAllBytes(file), 200));
        e = assertThrows(IOException.class, () -> CounterPage.open(truncated));
        assertTrue(e.getMessage().contains("4 ranks in 200 bytes"), e.getMessage());
        byte[] page = Files.readAllBytes(file);
        java.nio.ByteBuffer.wrap(page).order(java.nio.ByteOrder.nativeOrder()).putInt(8, 9); // rank 9 of 4
        Path wrongRank = dir.resolve("atoll-1x2-n.nic2");
        Files.write(wrongRank, page);
        e = assertThrows(IOException.class, () -> CounterPage.open(wrongRank));
        assertTrue(e.getMessage().contains("rank 9 of 4"), e.getMessage());
        Path link = dir.resolve("atoll-1x2-n.nic3");
        Files.createSymbolicLink(link, file);
        e = assertThrows(IOException.class, () -> CounterPage.open(link), "a link is never followed");
    }

    @Test
    void aSnapshotTravelsAsOneLineAndPrintsAsATable() {
        sender.deposited(1, PeerCounter.FAST_SENDS, 8);
        sender.increment(NicCounter.REFUSED_TOFFSET);
        NicSnapshot s = sender.snapshot();
        NicSnapshot back = NicSnapshot.decode(s.encode() + " SOME_FUTURE_COUNTER=5");
        assertEquals(s.encode(), back.encode());
        String table = NicReport.table(java.util.Arrays.asList(back, null));
        assertEquals("1", NicReport.cell(table, "fast sends", 0));
        assertEquals("-", NicReport.cell(table, "fast sends", 1));
        assertEquals("1", NicReport.cell(table, "refused TOFFSET", 0));
        assertNull(NicReport.cell(table, "refused TWID", 0), "no row for a NACK no rank met");
        assertEquals("local", NicReport.cell(table, "board", 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NicSnapshot.decode("rank=1 junk"));
        assertTrue(e.getMessage().contains("'junk'"), e.getMessage());
    }

    private static ArrivalHandler handler(List<Integer> lengths) {
        return new ArrivalHandler() {
            @Override
            public void onMessage(int source, long h0, long h1, Object base, long offset, int length) {
                lengths.add(length);
            }

            @Override
            public void onNotification(int source, int type, long a0, long a1, long a2) {
            }

            @Override
            public void onCompletion(long token, int status, long value) {
            }
        };
    }
}

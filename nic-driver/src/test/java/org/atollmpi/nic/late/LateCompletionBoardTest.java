package org.atollmpi.nic.late;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The late-completing board really is late and out of order, and loses nothing. */
@Timeout(20)
class LateCompletionBoardTest {
    private static final class Completions implements ArrivalHandler {
        final List<Long> tokens = new ArrayList<>();
        final List<Integer> statuses = new ArrayList<>();

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            tokens.add(token);
            statuses.add(status);
        }
    }

    @Test
    void operationsCompleteLateOutOfOrderAndAllOfThem() {
        ShmBoardConfig config = ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 20).withReceiveRingBytes(1 << 16);
        try (LateCompletionBoard board = new LateCompletionBoard(ShmBoard.anonymous(2, config), 42, 16)) {
            HostPort origin = board.open(0);
            HostPort owner = board.open(1);
            BoardRegion region = owner.allocate(4096);
            WindowKey key = owner.register(region, 0, 4096, WindowRights.ALL);
            byte[] data = new byte[16 * 8];
            for (int i = 0; i < 16; i++) {
                Memory.putLong(region.address() + i * 8L, 1000 + i);
            }
            for (int i = 0; i < 16; i++) {
                assertEquals(NicStatus.OK, origin.get(1, key.id(), key.capability(), i * 8L, data,
                    Memory.BYTE_ARRAY_BASE + i * 8L, 8, i));
            }
            assertEquals(NicStatus.BUSY, origin.get(1, key.id(), key.capability(), 0, data, Memory.BYTE_ARRAY_BASE, 8, 99),
                "16 outstanding is the limit");
            assertArrayEquals(new byte[16 * 8], data, "nothing ran at issue");
            Completions c = new Completions();
            int polls = 0;
            while (c.tokens.size() < 16) {
                origin.poll(c, 64);
                polls++;
            }
            assertTrue(polls > 2, "completions took " + polls + " polls");
            List<Long> inOrder = new ArrayList<>();
            for (long t = 0; t < 16; t++) {
                inOrder.add(t);
            }
            assertNotEquals(inOrder, c.tokens, "completions come out of order");
            assertTrue(c.tokens.containsAll(inOrder));
            for (int i = 0; i < 16; i++) {
                assertEquals(1000 + i, Memory.getLong(data, Memory.BYTE_ARRAY_BASE + i * 8L));
            }
            // NACKs come late too, from the inner board's check.
            assertEquals(NicStatus.OK, origin.fetchAndAdd(1, key.id(), ~key.capability(), 0, 1, 7));
            c.tokens.clear();
            c.statuses.clear();
            while (c.tokens.isEmpty()) {
                origin.poll(c, 64);
            }
            assertEquals(List.of(7L), c.tokens);
            assertEquals(List.of(NicStatus.TWID_CAPA), c.statuses);
        }
    }
}

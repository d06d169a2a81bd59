package org.atollmpi.nic.router;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The universe port's routing: the job's ranks through the job's port untouched, slots through
 * their bridges, each bridge's sources back as slots, slots handed out in order and refused past
 * the last. Two in-process boards play the job (2 ranks) and a union with another job (3 ranks:
 * this rank is union rank 0, the other job's processes union ranks 1 and 2).
 */
class UniversePortTest {
    private static final long B = Memory.BYTE_ARRAY_BASE;
    private final LocalBoard jobBoard = new LocalBoard(2);
    private final LocalBoard unionBoard = new LocalBoard(3);

    @AfterEach
    void close() {
        jobBoard.close();
        unionBoard.close();
    }

    /** What a poll delivered: source and first header word of each message. */
    private static final class Seen implements ArrivalHandler {
        final List<long[]> messages = new ArrayList<>();
        final List<String> faults = new ArrayList<>();

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            messages.add(new long[] {source, header0});
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            messages.add(new long[] {source, arg0});
        }

        @Override
        public void onCompletion(long token, int status, long value) {
        }

        @Override
        public void onBoardFault(int peer, String field) {
            faults.add(peer + " " + field);
        }
    }

    private static List<long[]> drain(HostPort port) {
        Seen seen = new Seen();
        for (int i = 0; i < 10; i++) {
            port.poll(seen, 16);
        }
        return seen.messages;
    }

    @Test
    void jobRanksGoToTheJobsPortAndSlotsToTheirBridge() {
        HostPort other = jobBoard.open(1);
        UniversePort me = new UniversePort(jobBoard.open(0), 4, 1024);
        assertEquals(2, me.jobSize());
        assertEquals(6, me.size(), "the job's ranks and every slot");
        assertNull(me.memory(), "the in-process board cannot be bridged");
        HostPort bridge = unionBoard.open(0);
        HostPort far1 = unionBoard.open(1);
        HostPort far2 = unionBoard.open(2);
        assertEquals(2, me.attach(bridge, 1, 2), "the first slot is the job's size");
        assertEquals(2, me.freeSlots());

        byte[] data = {1, 2, 3};
        assertTrue(me.send(1, 11, 0, data, B, 3));
        assertTrue(me.fastSend(2, 22, 0, data, B, 3));
        assertTrue(me.notify(3, 1, 33, 0, 0));
        assertEquals(11, drain(other).get(0)[1]);
        List<long[]> at1 = drain(far1);
        assertEquals(1, at1.size());
        assertEquals(0, at1.get(0)[0], "the far side sees this rank as union rank 0");
        assertEquals(22, at1.get(0)[1]);
        assertEquals(33, drain(far2).get(0)[1]);

        assertTrue(far2.send(0, 44, 0, data, B, 3));
        assertTrue(other.send(0, 55, 0, data, B, 3));
        List<long[]> got = drain(me);
        assertEquals(2, got.size());
        long[] fromJob = got.get(0)[1] == 55 ? got.get(0) : got.get(1);
        long[] fromFar = got.get(0)[1] == 44 ? got.get(0) : got.get(1);
        assertEquals(1, fromJob[0], "a job rank stays itself");
        assertEquals(3, fromFar[0], "union rank 2 is slot 3");
    }

    @Test
    void slotsRunOutWithAMessageNamingTheSetting() {
        UniversePort me = new UniversePort(jobBoard.open(0), 1, 1024);
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> me.attach(unionBoard.open(0), 1, 2));
        assertTrue(e.getMessage().contains("ATOLL_DYNAMIC_PEERS"), e.getMessage());
        assertEquals(1, me.freeSlots(), "a refused bridge takes no slot");
        assertThrows(IllegalArgumentException.class, () -> me.send(1 + 1, 0, 0, new byte[0], B, 0),
            "a slot not given is no target");
    }

    @Test
    void slotsShareNoMemoryAndTheEagerLimitHoldsOnBoth() {
        UniversePort me = new UniversePort(jobBoard.open(0), 2, 100);
        assertEquals(100, me.maxSendLength(), "a bridge's records bound the engine's eager messages");
        me.attach(unionBoard.open(0), 1, 2);
        assertFalse(me.sharesMemoryWith(2));
        assertFalse(me.exposesProcessMemoryTo(3));
        assertNull(me.mapWindow(2, 0, 0, 8));
    }
}

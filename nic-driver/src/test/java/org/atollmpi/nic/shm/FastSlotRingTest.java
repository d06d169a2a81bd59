package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class FastSlotRingTest {
    private static final int SLOTS = 32;
    private ShmBoard board;
    private ShmHostPort sender;
    private ShmHostPort receiver;
    private final Recorder recorder = new Recorder();

    @BeforeEach
    void setUp() {
        board = ShmBoard.anonymous(2, Recorder.smallConfig().withSlotsPerRing(SLOTS));
        sender = board.open(0);
        receiver = board.open(1);
    }

    @AfterEach
    void tearDown() {
        board.close();
    }

    @Test
    void deliversEveryPayloadLengthInOrder() {
        for (int length = 0; length <= 40; length++) {
            byte[] payload = Recorder.pattern(length, length);
            assertTrue(sender.fastSend(1, length, -length, payload, Memory.BYTE_ARRAY_BASE, length));
            if (length % 16 == 15) {
                receiver.poll(recorder, Integer.MAX_VALUE);
            }
        }
        receiver.poll(recorder, Integer.MAX_VALUE);
        assertEquals(41, recorder.messages.size());
        for (int length = 0; length <= 40; length++) {
            Recorder.Message m = recorder.messages.get(length);
            assertEquals(0, m.source());
            assertEquals(length, m.header0());
            assertEquals(-length, m.header1());
            assertArrayEquals(Recorder.pattern(length, length), m.payload());
        }
    }

    @Test
    void fullRingRefusesThenResumesAfterConsumption() {
        long[] src = new long[1];
        for (int i = 0; i < SLOTS; i++) {
            src[0] = i;
            assertTrue(sender.fastSend(1, i, 0, src, Memory.LONG_ARRAY_BASE, 8), "slot " + i);
        }
        src[0] = 999;
        assertFalse(sender.fastSend(1, 999, 0, src, Memory.LONG_ARRAY_BASE, 8), "ring of " + SLOTS + " is full");
        assertFalse(sender.fastSend(1, 999, 0, src, Memory.LONG_ARRAY_BASE, 8), "still full");

        assertEquals(5, receiver.poll(recorder, 5));
        for (int i = 0; i < 5; i++) {
            assertTrue(sender.fastSend(1, SLOTS + i, 0, src, Memory.LONG_ARRAY_BASE, 8));
        }
        assertFalse(sender.fastSend(1, 999, 0, src, Memory.LONG_ARRAY_BASE, 8));
        receiver.poll(recorder, Integer.MAX_VALUE);
        assertEquals(SLOTS + 5, recorder.messages.size());
        for (int i = 0; i < SLOTS + 5; i++) {
            assertEquals(i, recorder.messages.get(i).header0());
        }
    }

    @Test
    void wrapsAroundOverManyLaps() {
        long next = 0;
        long expected = 0;
        int[] batches = {1, 7, 32, 3, 31, 16, 2};
        byte[] payload = new byte[40];
        ArrivalHandler check = new ArrivalHandler() {
            long seen;

            @Override
            public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
                assertEquals(seen, header0);
                assertEquals(~seen, header1);
                assertEquals((int) (seen % 41), length);
                if (length >= 8) {
                    assertEquals(seen, Memory.getLong(base, offset));
                }
                seen++;
            }

            @Override
            public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
                throw new AssertionError();
            }

            @Override
            public void onCompletion(long token, int status, long value) {
                throw new AssertionError("no one-sided operation was issued");
            }
        };
        for (int round = 0; round < 700; round++) {
            int batch = batches[round % batches.length];
            for (int i = 0; i < batch; i++) {
                Memory.putLong(payload, Memory.BYTE_ARRAY_BASE, next);
                assertTrue(sender.fastSend(1, next, ~next, payload, Memory.BYTE_ARRAY_BASE, (int) (next % 41)));
                next++;
            }
            expected += receiver.poll(check, Integer.MAX_VALUE);
        }
        assertEquals(next, expected);
        assertTrue(next > 100L * SLOTS, "ran " + next / SLOTS + " laps");
    }

    @Test
    void rejectsOversizedPayloadAndBadTarget() {
        byte[] b = new byte[41];
        assertThrows(IllegalArgumentException.class, () -> sender.fastSend(1, 0, 0, b, Memory.BYTE_ARRAY_BASE, 41));
        assertThrows(IllegalArgumentException.class, () -> sender.fastSend(2, 0, 0, b, Memory.BYTE_ARRAY_BASE, 8));
        assertThrows(IllegalArgumentException.class, () -> sender.fastSend(-1, 0, 0, b, Memory.BYTE_ARRAY_BASE, 8));
    }

    @Test
    void selfSendGoesThroughOwnRing() {
        long[] v = {42};
        assertTrue(sender.fastSend(0, 1, 2, v, Memory.LONG_ARRAY_BASE, 8));
        assertEquals(1, sender.poll(recorder, 10));
        assertEquals(0, recorder.messages.get(0).source());
        assertEquals(42, Memory.getLong(recorder.messages.get(0).payload(), Memory.BYTE_ARRAY_BASE));
    }

    @Test
    void reopenedPortsContinueTheirSequences() {
        long[] v = {0};
        for (int i = 0; i < 20; i++) {
            assertTrue(sender.fastSend(1, i, 0, v, Memory.LONG_ARRAY_BASE, 8));
        }
        assertEquals(10, receiver.poll(recorder, 10));
        sender.close();
        receiver.close();
        sender = board.open(0);
        receiver = board.open(1);
        for (int i = 20; i < 40; i++) {
            assertTrue(sender.fastSend(1, i, 0, v, Memory.LONG_ARRAY_BASE, 8));
        }
        receiver.poll(recorder, Integer.MAX_VALUE);
        assertEquals(40, recorder.messages.size());
        for (int i = 0; i < 40; i++) {
            assertEquals(i, recorder.messages.get(i).header0());
        }
    }

    @Test
    void handlerThatThrowsHasConsumedItsSlot() {
        long[] v = {0};
        assertTrue(sender.fastSend(1, 1, 0, v, Memory.LONG_ARRAY_BASE, 8));
        assertTrue(sender.fastSend(1, 2, 0, v, Memory.LONG_ARRAY_BASE, 8));
        ArrivalHandler thrower = new ArrivalHandler() {
            @Override
            public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
                throw new IllegalStateException("boom");
            }

            @Override
            public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            }

            @Override
            public void onCompletion(long token, int status, long value) {
                throw new AssertionError("no one-sided operation was issued");
            }
        };
        assertThrows(IllegalStateException.class, () -> receiver.poll(thrower, 10));
        receiver.poll(recorder, 10);
        assertEquals(1, recorder.messages.size());
        assertEquals(2, recorder.messages.get(0).header0());
    }

    @Test
    void producerAndConsumerThreadsKeepOrder() throws Exception {
        int count = 200_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            long[] v = new long[1];
            try {
                for (int i = 0; i < count; ) {
                    v[0] = i * 3L;
                    if (sender.fastSend(1, i, 0, v, Memory.LONG_ARRAY_BASE, 8)) {
                        i++;
                    } else {
                        Thread.onSpinWait();
                    }
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        producer.start();
        long[] seen = {0};
        ArrivalHandler check = new ArrivalHandler() {
            @Override
            public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
                if (header0 != seen[0] || Memory.getLong(base, offset) != seen[0] * 3) {
                    throw new AssertionError("expected " + seen[0] + " got " + header0);
                }
                seen[0]++;
            }

            @Override
            public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            }

            @Override
            public void onCompletion(long token, int status, long value) {
                throw new AssertionError("no one-sided operation was issued");
            }
        };
        while (seen[0] < count && failure.get() == null) {
            if (receiver.poll(check, 64) == 0) {
                Thread.yield();
            }
        }
        producer.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(count, seen[0]);
    }
}

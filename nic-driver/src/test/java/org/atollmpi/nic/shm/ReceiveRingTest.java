package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class ReceiveRingTest {
    private static final int CAPACITY = 4096;
    private static final int RANKS = 8;
    private ByteBuffer memory;
    private long address;
    private ReceiveRing ring;
    private final Recorder recorder = new Recorder();

    @BeforeEach
    void setUp() {
        memory = ByteBuffer.allocateDirect(CAPACITY + ReceiveRingDescriptor.TRAILER_LENGTH + 64);
        address = (Memory.addressOf(memory) + 63) & ~63L;
        ring = new ReceiveRing(address, CAPACITY, RANKS);
    }

    private boolean write(int source, long h0, byte[] payload) {
        return ring.write(source, h0, ~h0, payload, Memory.BYTE_ARRAY_BASE, payload.length);
    }

    @Test
    void deliversRecordsWithHeadersAndPayloads() {
        for (int length : new int[] {0, 1, 7, 8, 31, 32, 33, 100, ring.maxPayload()}) {
            assertTrue(write(3, length, Recorder.pattern(length, length)));
            assertEquals(1, ring.read(recorder, 10));
            Recorder.Message m = recorder.messages.remove(0);
            assertEquals(3, m.source());
            assertEquals(length, m.header0());
            assertEquals(~(long) length, m.header1());
            assertArrayEquals(Recorder.pattern(length, length), m.payload());
        }
        assertEquals(CAPACITY / 8 - 32, ring.maxPayload());
    }

    @Test
    void fullRingRefusesThenResumes() {
        byte[] payload = new byte[100]; // 132 bytes, 160 aligned: 25 fit into 4096
        int written = 0;
        while (write(0, written, payload)) {
            written++;
        }
        assertEquals(CAPACITY / 160, written);
        assertFalse(write(0, -1, payload));
        assertEquals(2, ring.read(recorder, 2));
        assertTrue(write(0, written++, payload), "room again after consumption");
        ring.read(recorder, Integer.MAX_VALUE);
        assertEquals(written, recorder.messages.size());
        for (int i = 0; i < written; i++) {
            assertEquals(i, recorder.messages.get(i).header0());
        }
    }

    @Test
    void wrapsWithPaddingAndZeroesWhatItConsumed() {
        // 200-byte payloads (232 -> 256 aligned) and 24-byte ones (56 -> 64) do not divide the
        // ring evenly, so the tail keeps meeting the end and a padding record fills the rest.
        long next = 0;
        long delivered = 0;
        for (int round = 0; round < 2_000; round++) {
            int len = round % 3 == 0 ? 24 : 200;
            for (int i = 0; i < 1 + round % 5; i++) {
                byte[] payload = Recorder.pattern(len, (int) next);
                if (!write(1, next, payload)) {
                    break;
                }
                next++;
            }
            delivered += ring.read(recorder, 1 + round % 4);
        }
        delivered += ring.read(recorder, Integer.MAX_VALUE);
        assertEquals(next, delivered);
        assertTrue(next * 200 > 50L * CAPACITY, "wrapped many times");
        for (int i = 0; i < next; i++) {
            Recorder.Message m = recorder.messages.get(i);
            assertEquals(i, m.header0());
            assertArrayEquals(Recorder.pattern(m.payload().length, i), m.payload());
        }
        for (int i = 0; i < CAPACITY; i += 8) {
            assertEquals(0, Memory.getLong(address + i), "consumed memory is zeroed at " + i);
        }
    }

    @Test
    void readRespectsLimitAcrossTheWrap() {
        byte[] payload = new byte[200];
        long next = 0;
        // 14 x 256 + 64 bytes: the head stops at 3648, so the second record below (256 bytes)
        // no longer fits before the end and goes behind a 192-byte padding record.
        for (int i = 0; i < 14; i++) {
            assertTrue(write(0, next++, payload));
        }
        assertTrue(write(0, next++, new byte[24]));
        assertEquals(15, ring.read(recorder, Integer.MAX_VALUE));
        assertEquals(3648, Memory.getLong(address + CAPACITY + ReceiveRingDescriptor.HEAD_OFFSET));
        for (int i = 0; i < 4; i++) {
            assertTrue(write(0, next++, payload));
        }
        assertEquals(1, ring.read(recorder, 1));
        assertEquals(3, ring.read(recorder, 10), "records after the padding come in the same call");
        assertEquals(0, ring.read(recorder, 10));
        assertEquals(3 * 256, Memory.getLong(address + CAPACITY + ReceiveRingDescriptor.HEAD_OFFSET) & (CAPACITY - 1));
    }

    @Test
    void concurrentProducersLoseNothingAndKeepTheirOrder() throws Exception {
        int producers = 3;
        int perProducer = 30_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[producers];
        for (int p = 0; p < producers; p++) {
            int source = p;
            threads[p] = new Thread(() -> {
                byte[] payload = new byte[64];
                try {
                    for (int i = 0; i < perProducer; ) {
                        int len = 8 + (i % 7) * 8;
                        Memory.putLong(payload, Memory.BYTE_ARRAY_BASE, i);
                        if (ring.write(source, i, source, payload, Memory.BYTE_ARRAY_BASE, len)) {
                            i++;
                        } else {
                            Thread.yield();
                        }
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            threads[p].start();
        }
        long[] next = new long[producers];
        long[] total = {0};
        ArrivalHandler check = new ArrivalHandler() {
            @Override
            public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
                if (header0 != next[source] || header1 != source || Memory.getLong(base, offset) != header0
                    || length != 8 + (header0 % 7) * 8) {
                    throw new AssertionError("producer " + source + ": expected " + next[source] + " got " + header0);
                }
                next[source]++;
                total[0]++;
            }

            @Override
            public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            }

            @Override
            public void onCompletion(long token, int status, long value) {
                throw new AssertionError("no one-sided operation was issued");
            }
        };
        while (total[0] < (long) producers * perProducer && failure.get() == null) {
            if (ring.read(check, 100) == 0) {
                Thread.yield();
            }
        }
        for (Thread t : threads) {
            t.join();
        }
        assertNull(failure.get());
        for (int p = 0; p < producers; p++) {
            assertEquals(perProducer, next[p]);
        }
        assertEquals(0, ring.read(check, 100), "no duplicates");
    }

    @Test
    void rejectsCapacityThatIsNotAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new ReceiveRing(address, 3000, RANKS));
        assertThrows(IllegalArgumentException.class, () -> new ReceiveRing(address, 2048, RANKS));
    }
}

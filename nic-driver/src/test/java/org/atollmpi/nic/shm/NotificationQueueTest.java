package org.atollmpi.nic.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Memory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class NotificationQueueTest {
    private static final int ENTRIES = 16;
    private NotificationQueue queue;
    private ByteBuffer memory;
    private final Recorder recorder = new Recorder();

    @BeforeEach
    void setUp() {
        memory = ByteBuffer.allocateDirect((int) NotificationQueueDescriptor.length(ENTRIES) + 64);
        queue = new NotificationQueue((Memory.addressOf(memory) + 63) & ~63L, ENTRIES, 8);
    }

    @Test
    void deliversAllFieldsInOrder() {
        assertTrue(queue.offer(2, 7, 1, 2, 3));
        assertTrue(queue.offer(5, 8, -1, Long.MIN_VALUE, Long.MAX_VALUE));
        assertEquals(2, queue.poll(recorder, 10));
        assertEquals(new Recorder.Notification(2, 7, 1, 2, 3), recorder.notifications.get(0));
        assertEquals(new Recorder.Notification(5, 8, -1, Long.MIN_VALUE, Long.MAX_VALUE), recorder.notifications.get(1));
        assertEquals(0, queue.poll(recorder, 10));
    }

    @Test
    void fullQueueRefusesThenResumesOverManyLaps() {
        long next = 0;
        long seen = 0;
        for (int lap = 0; lap < 50; lap++) {
            for (int i = 0; i < ENTRIES; i++) {
                assertTrue(queue.offer(0, 1, next++, 0, 0));
            }
            assertFalse(queue.offer(0, 1, -1, 0, 0), "full at " + ENTRIES);
            assertEquals(3, queue.poll(recorder, 3));
            for (int i = 0; i < 3; i++) {
                assertTrue(queue.offer(0, 1, next++, 0, 0));
            }
            assertFalse(queue.offer(0, 1, -1, 0, 0));
            queue.poll(recorder, Integer.MAX_VALUE);
            for (; seen < next; seen++) {
                assertEquals(seen, recorder.notifications.get((int) seen).arg0());
            }
        }
        assertEquals(next, recorder.notifications.size());
    }

    @Test
    void concurrentProducersLoseNothingAndKeepTheirOrder() throws Exception {
        int producers = 3;
        int perProducer = 50_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[producers];
        for (int p = 0; p < producers; p++) {
            int source = p;
            threads[p] = new Thread(() -> {
                try {
                    for (int i = 0; i < perProducer; ) {
                        if (queue.offer(source, 9, i, ~i, source)) {
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
            }

            @Override
            public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
                if (type != 9 || arg0 != next[source] || arg1 != ~arg0 || arg2 != source) {
                    throw new AssertionError("producer " + source + ": expected " + next[source] + " got " + arg0);
                }
                next[source]++;
                total[0]++;
            }

            @Override
            public void onCompletion(long token, int status, long value) {
                throw new AssertionError("no one-sided operation was issued");
            }
        };
        while (total[0] < (long) producers * perProducer && failure.get() == null) {
            if (queue.poll(check, 8) == 0) {
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
        assertEquals(0, queue.poll(check, 8), "no duplicates");
    }
}

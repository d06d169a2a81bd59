package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import org.atollmpi.engine.trace.MessageTrace;
import org.atollmpi.engine.trace.TracePart;
import org.atollmpi.engine.trace.TraceRecordDescriptor;
import org.atollmpi.nic.local.LocalBoard;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's message trace: every send and receive of each protocol gets one record with its
 * timestamps in order and the sequence number that pairs the two sides; an unexpected receive
 * says so; past the capacity records are counted as dropped; a part file reads back as written;
 * and neither tracing nor its absence makes a message allocate.
 */
@Timeout(60)
class MessageTraceTest {
    private static final long B = EngineContract.B;
    private static final int CTX = EngineContract.CTX;

    private static Engine[] pair(LocalBoard board, MessageTrace t0, MessageTrace t1) {
        EngineConfig config = EngineContract.config(1024);
        return new Engine[] {new Engine(board.open(0), config, false, t0), new Engine(board.open(1), config, false, t1)};
    }

    private static void awaitBoth(Engine a, Operation x, Engine b, Operation y) {
        while (!x.isComplete() || !y.isComplete()) {
            a.progress();
            b.progress();
        }
    }

    @Test
    void everyProtocolGetsOneRecordOnEachSideWithOrderedTimestamps(@TempDir Path dir) throws Exception {
        MessageTrace t0 = new MessageTrace(100, false);
        MessageTrace t1 = new MessageTrace(100, false);
        Engine[] e = pair(new LocalBoard(2), t0, t1);
        int[] sizes = {8, 512, 64 << 10};
        for (int size : sizes) {
            byte[] out = new byte[size];
            byte[] in = new byte[size];
            Operation r = e[1].irecv(in, B, size, 0, 5, CTX);
            Operation s = e[0].isend(Engine.MODE_STANDARD, out, B, size, 1, 5, CTX);
            awaitBoth(e[0], s, e[1], r);
            e[0].release(s);
            e[1].release(r);
        }
        // one that waits unexpected at the receiver
        e[0].send(Engine.MODE_STANDARD, new byte[4], B, 4, 1, 6, CTX);
        e[1].progress();
        e[1].recv(new byte[4], B, 4, Engine.ANY_SOURCE, Engine.ANY_TAG, CTX);

        Path f0 = dir.resolve("t.rank0");
        Path f1 = dir.resolve("t.rank1");
        t0.writePart(f0, 0, 2, "here");
        t1.writePart(f1, 1, 2, "here");
        TracePart sent = TracePart.read(f0);
        TracePart received = TracePart.read(f1);
        assertEquals(4, sent.count());
        assertEquals(4, received.count());
        int[] protocols = {TraceRecordDescriptor.PROTOCOL_FAST, TraceRecordDescriptor.PROTOCOL_EAGER,
            TraceRecordDescriptor.PROTOCOL_RENDEZVOUS, TraceRecordDescriptor.PROTOCOL_FAST};
        for (int i = 0; i < 4; i++) {
            assertEquals(TraceRecordDescriptor.KIND_SEND, sent.kind(i));
            assertEquals(TraceRecordDescriptor.KIND_RECV, received.kind(i));
            assertEquals(protocols[i], sent.protocol(i), "send " + i);
            assertEquals(protocols[i], received.protocol(i), "receive " + i);
            assertEquals(1, sent.peer(i));
            assertEquals(0, received.peer(i));
            assertEquals(sent.sequence(i), received.sequence(i), "the sequence pairs the two sides");
            assertTrue(sent.sequence(i) > 0);
            assertEquals(i < 3 ? 5 : 6, received.tag(i));
            assertEquals(i < 3 ? sizes[i] : 4, received.bytes(i));
            assertTrue(sent.posted(i) <= sent.passed(i) && sent.passed(i) <= sent.completed(i), "send " + i);
            assertTrue(sent.passed(i) <= received.passed(i), "injected before delivered, " + i);
            assertTrue(received.passed(i) <= received.completed(i) && received.posted(i) <= received.completed(i));
        }
        assertEquals(0, received.flags(0) & TraceRecordDescriptor.FLAG_UNEXPECTED);
        assertEquals(TraceRecordDescriptor.FLAG_UNEXPECTED, received.flags(3) & TraceRecordDescriptor.FLAG_UNEXPECTED);
        assertTrue(received.passed(3) < received.posted(3), "delivered before its receive was posted");
        Files.delete(f0);
        Files.delete(f1);
    }

    @Test
    void pastTheCapacityRecordsAreCountedAsDropped() {
        MessageTrace t0 = new MessageTrace(3, true);
        Engine[] e = pair(new LocalBoard(2), t0, null);
        for (int i = 0; i < 5; i++) {
            e[0].send(Engine.MODE_STANDARD, new byte[8], B, 8, 1, 1, CTX);
            e[1].recv(new byte[8], B, 8, 0, 1, CTX);
        }
        assertEquals(3, t0.recorded());
        assertEquals(2, t0.dropped());
        t0.clear();
        assertEquals(0, t0.recorded());
        assertEquals(0, t0.dropped());
    }

    @Test
    void aSpanEndsWithItsOperation() {
        MessageTrace t0 = new MessageTrace(10, false);
        Engine[] e = pair(new LocalBoard(2), t0, null);
        int span = t0.beginSpan(t0.spanName("MPI_Ibarrier"), 1);
        Operation composite = e[0].newComposite(1);
        e[0].endSpanWith(composite, span);
        assertEquals(1, t0.recorded());
        e[0].completeComposite(composite, ErrorClass.SUCCESS, null);
        assertEquals(0, t0.spanName("MPI_Ibarrier"));
    }

    /**
     * A window of nonblocking 8-byte messages on the shm board (the in-process board's Java queues
     * allocate themselves) allocates nothing per message, traced or not: the records are
     * preallocated and an operation carries its record as an int.
     */
    @Test
    void aMessageAllocatesNothingTracedOrNot() {
        try (ShmBoard board = ShmBoard.anonymous(2, ShmBoardConfig.defaults())) {
            assertEquals(0, bytesPerMessage(board, null, null), "untraced");
        }
        try (ShmBoard board = ShmBoard.anonymous(2, ShmBoardConfig.defaults())) {
            assertEquals(0, bytesPerMessage(board, new MessageTrace(1 << 20, false), new MessageTrace(1 << 20, false)),
                "traced");
        }
    }

    private static long bytesPerMessage(ShmBoard board, MessageTrace t0, MessageTrace t1) {
        EngineConfig config = EngineContract.config(1024);
        Engine[] e = {new Engine(board.open(0), config, false, t0), new Engine(board.open(1), config, false, t1)};
        byte[] out = new byte[8];
        byte[] in = new byte[8];
        Operation[] sends = new Operation[16];
        Operation[] receives = new Operation[16];
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 40; round++) {
            long before = threads.getThreadAllocatedBytes(id);
            for (int window = 0; window < 16; window++) {
                for (int i = 0; i < 16; i++) {
                    receives[i] = e[1].irecv(in, B, 8, 0, 3, CTX);
                    sends[i] = e[0].isend(Engine.MODE_STANDARD, out, B, 8, 1, 3, CTX);
                }
                for (int i = 0; i < 16; i++) {
                    e[0].await(sends[i]);
                    e[1].await(receives[i]);
                    e[0].release(sends[i]);
                    e[1].release(receives[i]);
                }
            }
            long after = threads.getThreadAllocatedBytes(id);
            best = Math.min(best, (after - before) / 256);
        }
        return best;
    }
}

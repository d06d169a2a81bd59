package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicReference;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineConfig;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bad input and awkward datatypes through the point-to-point calls over the real engine (rank 1
 * is a bare engine echoing each message back byte for byte; a small eager limit so that
 * rendezvous is exercised). Out-of-bounds writes are caught with guard bytes around the buffer.
 */
@Timeout(60)
class AdversarialDatatypeTest {
    private static final long B = Memory.BYTE_ARRAY_BASE;
    private LocalBoard board;
    private Engine peer;
    private Thread peerThread;
    private final AtomicReference<Throwable> peerFailure = new AtomicReference<>();

    @BeforeEach
    void start() {
        board = new LocalBoard(2);
        EngineConfig config = new EngineConfig(1024, 1024, 4096, 3, EngineConfig.IdleMode.BACKOFF);
        Engine mine = new Engine(board.open(0), config, false);
        peer = new Engine(board.open(1), config, false);
        MPI.enter(null, mine, 0, 2, MPI.THREAD_SINGLE);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
    }

    @AfterEach
    void stop() throws Exception {
        if (peerThread != null) {
            peerThread.join(30_000);
            assertFalse(peerThread.isAlive(), "peer did not finish");
        }
        MPI.leave(false);
        board.close();
        if (peerFailure.get() != null) {
            throw new AssertionError("peer failed", peerFailure.get());
        }
    }

    /** The peer sends back each of {@code n} messages, same tag, same bytes. */
    private void echo(int n) {
        peerThread = new Thread(() -> {
            try {
                byte[] buf = new byte[1 << 20];
                for (int i = 0; i < n; i++) {
                    Operation op = peer.recv(buf, B, buf.length, 0, Engine.ANY_TAG, 0);
                    peer.send(Engine.MODE_STANDARD, buf, B, op.byteCount(), 0, op.tag(), 0);
                }
            } catch (Throwable t) {
                peerFailure.compareAndSet(null, t);
            }
        }, "peer");
        peerThread.setDaemon(true);
        peerThread.start();
    }

    private static void assertError(int errorClass, String fragment, Runnable call) {
        MPIException e = assertThrows(MPIException.class, call::run);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void matchedReceivesScatterNonContiguousTypes() throws MPIException {
        echo(2);
        Intracomm w = MPI.COMM_WORLD;
        Datatype every2 = Datatype.createVector(3, 1, 2, MPI.INT);
        every2.commit();
        w.send(new int[] {1, 2, 3}, 3, MPI.INT, 1, 7);
        Message m = new Message();
        Status p = m.mProbe(1, 7, w);
        assertEquals(1, p.getCount(every2));
        int[] got = {-1, -1, -1, -1, -1, -1};
        Status s = m.mRecv(got, 1, every2);
        assertArrayEquals(new int[] {1, -1, 2, -1, 3, -1}, got);
        assertEquals(3, s.getElements(every2));

        w.send(new int[] {4, 5, 6}, 3, MPI.INT, 1, 8);
        int[] got2 = {-1, -1, -1, -1, -1, -1};
        m.mProbe(1, 8, w);
        Request r = m.imRecv(got2, 1, every2);
        Status t = r.waitStatus();
        assertArrayEquals(new int[] {4, -1, 5, -1, 6, -1}, got2);
        assertEquals(1, t.getCount(every2));
    }

    @Test
    void matchedReceiveOfAnOverlappingTypeStaysInItsBuffer() throws MPIException {
        echo(1);
        Intracomm w = MPI.COMM_WORLD;
        // two ints at the same place: 8 bytes of data over a span of 4 (a send is legal, a receive
        // erroneous MPI, but it must not write past the 4 bytes)
        Datatype twice = Datatype.createIndexed(new int[] {1, 1}, new int[] {0, 0}, MPI.INT);
        twice.commit();
        ByteBuffer whole = ByteBuffer.allocateDirect(12).order(ByteOrder.nativeOrder());
        for (int i = 0; i < 12; i++) {
            whole.put(i, (byte) 0x5a);
        }
        ByteBuffer middle = MPI.slice(whole, 4);
        middle.limit(4);
        ByteBuffer inner = middle.slice().order(ByteOrder.nativeOrder()); // capacity 4, bytes 4..8 of whole
        w.send(new int[] {11, 22}, 2, MPI.INT, 1, 9);
        Message m = new Message();
        m.mProbe(1, 9, w);
        m.mRecv(inner, 1, twice);
        for (int i = 8; i < 12; i++) {
            assertEquals((byte) 0x5a, whole.get(i), "guard byte " + i);
        }
        assertEquals(22, inner.getInt(0));
    }

    @Test
    void typesSpanningMoreThanALongAreRefusedNotCopied() {
        Intracomm w = MPI.COMM_WORLD;
        // two bytes 2^62 - 2^31 apart; three items span more than 2^63 bytes
        Datatype wide = Datatype.createResized(MPI.BYTE, 0, Integer.MAX_VALUE);
        Datatype far = Datatype.createVector(2, 1, Integer.MAX_VALUE, wide);
        far.commit();
        byte[] in = new byte[16];
        byte[] out = new byte[16];
        for (int count = 1; count <= 4; count++) {
            int n = count;
            assertError(ErrorClass.BUFFER, "does not fit in the buffer", () -> w.pack(in, n, far, out, 0));
            assertError(ErrorClass.BUFFER, "does not fit in the buffer", () -> w.unpack(out, 0, in, n, far));
            assertError(ErrorClass.BUFFER, "does not fit in the buffer", () -> w.send(in, n, far, 1, 0));
        }
        // a type whose bounds would pass 2^63 cannot be built
        assertError(ErrorClass.ARG, "createVector: ", () -> Datatype.createVector(3, 1, 1, far));
    }

    @Test
    void aFreedReceiveOfANonContiguousTypeStillDeliversItsData() {
        echo(4);
        Intracomm w = MPI.COMM_WORLD;
        Datatype every2 = Datatype.createVector(3, 1, 2, MPI.INT);
        every2.commit();
        int[] got = {-1, -1, -1, -1, -1, -1};
        Request r = w.iRecv(got, 1, every2, 1, 5);
        r.free(); // MPI: the receive still completes, into the buffer
        assertTrue(r.isNull());
        w.send(new int[] {1, 2, 3}, 3, MPI.INT, 1, 5);
        // a later message from the same peer and tag is received after the first
        w.send(new int[] {9}, 1, MPI.INT, 1, 5);
        w.recv(new int[1], 1, MPI.INT, 1, 5);
        assertArrayEquals(new int[] {1, -1, 2, -1, 3, -1}, got);

        int[] got2 = {-1, -1, -1, -1, -1, -1};
        Prequest p = w.recvInit(got2, 1, every2, 1, 6);
        p.start();
        p.free();
        w.send(new int[] {4, 5, 6}, 3, MPI.INT, 1, 6);
        w.send(new int[] {9}, 1, MPI.INT, 1, 6);
        w.recv(new int[1], 1, MPI.INT, 1, 6);
        assertArrayEquals(new int[] {4, -1, 5, -1, 6, -1}, got2);
    }
}

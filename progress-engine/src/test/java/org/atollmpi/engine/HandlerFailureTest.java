package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An arrival whose handler throws (here: the handler of a peer's CANCEL_REQUEST answers, and the
 * port refuses the answer with an exception) is a fault raised from the program's next call, with
 * the class of what was thrown and naming the peer and the arrival, never an exception in the
 * thread that happened to be progressing; the engine goes on.
 */
@Timeout(30)
class HandlerFailureTest {

    /** A port whose notifications throw what {@code failure} makes. */
    private static final class ThrowingNotify implements HostPort {
        private final HostPort port;
        private final Supplier<RuntimeException> failure;

        ThrowingNotify(HostPort port, Supplier<RuntimeException> failure) {
            this.port = port;
            this.failure = failure;
        }

        @Override public int rank() { return port.rank(); }
        @Override public int size() { return port.size(); }
        @Override public int fastSendCapacity() { return port.fastSendCapacity(); }
        @Override public int maxSendLength() { return port.maxSendLength(); }
        @Override public boolean fastSend(int t, long h0, long h1, Object b, long o, int l) { return port.fastSend(t, h0, h1, b, o, l); }
        @Override public boolean send(int t, long h0, long h1, Object b, long o, int l) { return port.send(t, h0, h1, b, o, l); }
        @Override public boolean notify(int t, int type, long a0, long a1, long a2) { throw failure.get(); }
        @Override public int poll(ArrivalHandler h, int limit) { return port.poll(h, limit); }
        @Override public BoardRegion allocate(long length) { return port.allocate(length); }
        @Override public int windowCapacity() { return port.windowCapacity(); }
        @Override public WindowKey register(BoardRegion r, long o, long l, int rights) { return port.register(r, o, l, rights); }
        @Override public void deregister(WindowKey key) { port.deregister(key); }
        @Override public BoardRegion regionOf(Object b, long o, long l) { return port.regionOf(b, o, l); }
        @Override public boolean sharesMemoryWith(int rank) { return port.sharesMemoryWith(rank); }
        @Override public int get(int t, int w, long c, long o, Object b, long d, int l, long k) { return port.get(t, w, c, o, b, d, l, k); }
        @Override public int put(int t, int w, long c, long o, Object b, long s, int l, long k) { return port.put(t, w, c, o, b, s, l, k); }
        @Override public int fetchAndAdd(int t, int w, long c, long o, long d, long k) { return port.fetchAndAdd(t, w, c, o, d, k); }
        @Override public int compareAndSwap(int t, int w, long c, long o, long e, long v, long k) { return port.compareAndSwap(t, w, c, o, e, v, k); }
        @Override public void close() { port.close(); }
    }

    private static EngineException failedHandling(Supplier<RuntimeException> failure) {
        LocalBoard board = new LocalBoard(2);
        Engine victim = new Engine(new ThrowingNotify(board.open(0), failure), EngineContract.config(1024), false);
        HostPort peer = board.open(1);
        assertTrue(peer.notify(0, CancelRequestDescriptor.TYPE, CancelRequestDescriptor.arg0(0x0100_0003), 5, 0));
        // A progress thread's pass: the handler failed, and nothing is thrown in this thread.
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (victim.faultCount() == 0) {
            victim.progressInBackground();
            assertTrue(System.nanoTime() < deadline, "the arrival was not handled within 10 s");
        }
        EngineException raised = assertThrows(EngineException.class, victim::progress, "raised from the next call");
        // The engine goes on: a message from the same peer still arrives.
        Engine sender = new Engine(peer, EngineContract.config(1024), false);
        sender.send(Engine.MODE_STANDARD, new byte[] {42}, EngineContract.B, 1, 0, 1, EngineContract.CTX);
        byte[] got = new byte[1];
        victim.recv(got, EngineContract.B, 1, 1, 1, EngineContract.CTX);
        assertEquals(42, got[0]);
        return raised;
    }

    @Test
    void aRuntimeExceptionInAHandlerIsAnInternalErrorNamingThePeerAndTheArrival() {
        EngineException e = failedHandling(() -> new IllegalStateException("rank 0 cannot reach rank 1: link down"));
        assertEquals(ErrorClass.INTERN, e.errorClass());
        assertTrue(e.getMessage().contains("handling a notification of type " + CancelRequestDescriptor.TYPE
            + " from rank 1 failed: java.lang.IllegalStateException: rank 0 cannot reach rank 1: link down"), e.getMessage());
    }

    @Test
    void anMpiErrorInAHandlerKeepsItsClass() {
        EngineException e = failedHandling(() -> new EngineException(ErrorClass.NO_MEM, "no room for the reply"));
        assertEquals(ErrorClass.NO_MEM, e.errorClass());
        assertTrue(e.getMessage().contains("from rank 1 failed: no room for the reply"), e.getMessage());
    }
}

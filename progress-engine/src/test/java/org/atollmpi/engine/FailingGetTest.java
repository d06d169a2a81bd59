package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.local.LocalBoard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A Get the NIC refuses fails the receive with the NIC's reason, and the sender still completes. */
@Timeout(30)
class FailingGetTest {

    /** A port whose every Get completes, a poll later, with a capability NACK. */
    private static final class RefusingGets implements HostPort {
        private final HostPort port;
        private final ArrayDeque<Long> refused = new ArrayDeque<>();

        RefusingGets(HostPort port) {
            this.port = port;
        }

        @Override public int rank() { return port.rank(); }
        @Override public int size() { return port.size(); }
        @Override public int fastSendCapacity() { return port.fastSendCapacity(); }
        @Override public int maxSendLength() { return port.maxSendLength(); }
        @Override public boolean fastSend(int t, long h0, long h1, Object b, long o, int l) { return port.fastSend(t, h0, h1, b, o, l); }
        @Override public boolean send(int t, long h0, long h1, Object b, long o, int l) { return port.send(t, h0, h1, b, o, l); }
        @Override public boolean notify(int t, int type, long a0, long a1, long a2) { return port.notify(t, type, a0, a1, a2); }
        @Override public BoardRegion allocate(long length) { return port.allocate(length); }
        @Override public int windowCapacity() { return port.windowCapacity(); }
        @Override public WindowKey register(BoardRegion r, long o, long l, int rights) { return port.register(r, o, l, rights); }
        @Override public void deregister(WindowKey key) { port.deregister(key); }
        @Override public BoardRegion regionOf(Object b, long o, long l) { return port.regionOf(b, o, l); }
        @Override public boolean sharesMemoryWith(int rank) { return port.sharesMemoryWith(rank); }
        @Override public int put(int t, int w, long c, long o, Object b, long s, int l, long k) { return port.put(t, w, c, o, b, s, l, k); }
        @Override public int fetchAndAdd(int t, int w, long c, long o, long d, long k) { return port.fetchAndAdd(t, w, c, o, d, k); }
        @Override public int compareAndSwap(int t, int w, long c, long o, long e, long v, long k) { return port.compareAndSwap(t, w, c, o, e, v, k); }
        @Override public void close() { port.close(); }

        @Override
        public int get(int t, int w, long c, long o, Object b, long d, int l, long token) {
            refused.add(token);
            return NicStatus.OK;
        }

        @Override
        public int poll(ArrivalHandler h, int limit) {
            int n = 0;
            Long token;
            while (n < limit && (token = refused.poll()) != null) {
                h.onCompletion(token, NicStatus.TWID_CAPA, 0);
                n++;
            }
            return n + port.poll(h, limit - n);
        }
    }

    @Test
    void refusedGetFailsTheReceiveAndReleasesTheSender() throws Exception {
        LocalBoard board = new LocalBoard(1);
        Engine e = new Engine(new RefusingGets(board.open(0)), EngineContract.staging(1024, 1024, 4096, 3), false);
        int n = 50_000; // above the eager limit: a staged rendezvous, so the receiver Gets
        Operation send = e.isend(Engine.MODE_STANDARD, new byte[n], EngineContract.B, n, 0, 1, 0);
        Operation recv = e.recv(new byte[n], EngineContract.B, n, 0, 1, 0);
        assertEquals(ErrorClass.INTERN, recv.error());
        assertTrue(recv.errorMessage().contains("TWID_CAPA"), recv.errorMessage());
        e.await(send);
        assertEquals(ErrorClass.SUCCESS, send.error());
        e.quiesce();
    }
}

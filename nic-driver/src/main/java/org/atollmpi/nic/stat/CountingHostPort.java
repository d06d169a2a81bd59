package org.atollmpi.nic.stat;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.ForwardingHostPort;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.NicStatus;

/**
 * A port that counts what passes through its host interface into a {@link NicCounters} page, in
 * front of any board (shm, TCP, the router, a bridge's union): each instruction as it is accepted
 * or refused, each arrival as a poll hands it on, each refusal of the window check by its NACK
 * code, whether the call answered it or a completion did. It counts what crosses the interface,
 * so it says the same of every board.
 *
 * <p>It keeps the port's threading rules: deposits are counted on the target's line (the
 * depositing thread holds that target's guard), arrivals by the polling thread, one-sided
 * operations by the thread that drives them.
 */
public final class CountingHostPort extends ForwardingHostPort {
    private final NicCounters counters;
    private final CountingHandler arrivals;

    public CountingHostPort(HostPort port, NicCounters counters) {
        super(port);
        if (counters.ranks() < port.size()) {
            throw new IllegalArgumentException("a counter page of " + counters.ranks() + " ranks for a port of "
                + port.size());
        }
        this.counters = counters;
        this.arrivals = new CountingHandler(counters);
    }

    @Override
    public NicCounters counters() {
        return counters;
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        boolean sent = port.fastSend(target, header0, header1, srcBase, srcOffset, length);
        if (sent) {
            counters.fastSent(target, length);
        } else {
            counters.increment(target, PeerCounter.FAST_RING_FULL);
        }
        return sent;
    }

    @Override
    public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        boolean sent = port.send(target, header0, header1, srcBase, srcOffset, length);
        if (sent) {
            counters.eagerSent(target, length);
        } else {
            counters.increment(target, PeerCounter.RECEIVE_RING_FULL);
        }
        return sent;
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        boolean sent = port.notify(target, type, arg0, arg1, arg2);
        counters.increment(target, sent ? PeerCounter.NOTIFICATIONS : PeerCounter.NOTIFICATION_QUEUE_FULL);
        return sent;
    }

    @Override
    public int poll(ArrivalHandler handler, int limit) {
        CountingHandler h = arrivals;
        h.handler = handler;
        h.notifications = 0;
        int delivered = port.poll(h, limit);
        if (h.notifications > 0) {
            counters.max(NicCounter.NOTIFICATION_HIGH_WATER, h.notifications);
        }
        return delivered;
    }

    @Override
    public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
                   long token) {
        int status = port.get(target, windowId, capability, offset, dstBase, dstOffset, length, token);
        issued(status, NicCounter.GETS, NicCounter.GET_BYTES, length);
        return status;
    }

    @Override
    public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
                   long token) {
        int status = port.put(target, windowId, capability, offset, srcBase, srcOffset, length, token);
        issued(status, NicCounter.PUTS, NicCounter.PUT_BYTES, length);
        return status;
    }

    @Override
    public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
        int status = port.fetchAndAdd(target, windowId, capability, offset, delta, token);
        issued(status, NicCounter.ATOMICS, null, 0);
        return status;
    }

    @Override
    public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                              long token) {
        int status = port.compareAndSwap(target, windowId, capability, offset, expected, value, token);
        issued(status, NicCounter.ATOMICS, null, 0);
        return status;
    }

    /** An operation issued (OK, DONE) or refused in the call (BUSY, a NACK): counted once either way. */
    private void issued(int status, NicCounter count, NicCounter bytes, int length) {
        if (status == NicStatus.OK || status == NicStatus.DONE) {
            counters.increment(count);
            if (bytes != null) {
                counters.add(bytes, length);
            }
        } else if (status == NicStatus.BUSY) {
            counters.increment(NicCounter.ONE_SIDED_BUSY);
        } else {
            NicCounter refusal = NicCounter.refusal(status);
            if (refusal != null) {
                counters.increment(refusal);
            }
        }
    }

    @Override
    public void close() {
        counters.state(NicCountersDescriptor.STATE_FINALIZED);
        super.close();
    }

    /** Counts arrivals on their way from the board to the engine's handler. */
    private static final class CountingHandler implements ArrivalHandler {
        private final NicCounters counters;
        ArrivalHandler handler;
        int notifications;

        CountingHandler(NicCounters counters) {
            this.counters = counters;
        }

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            counters.received(length);
            handler.onMessage(source, header0, header1, base, offset, length);
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            counters.increment(NicCounter.NOTIFICATIONS_IN);
            notifications++;
            handler.onNotification(source, type, arg0, arg1, arg2);
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            counters.increment(NicCounter.COMPLETIONS_IN);
            NicCounter refusal = NicCounter.refusal(status);
            if (refusal != null) {
                counters.increment(refusal);
            }
            handler.onCompletion(token, status, value);
        }

        @Override
        public void onBoardFault(int peer, String field) {
            handler.onBoardFault(peer, field);
        }
    }
}

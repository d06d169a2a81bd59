package org.atollmpi.nic.late;

import java.nio.ByteBuffer;

import java.util.SplittableRandom;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;

/**
 * A port of {@link LateCompletionBoard}. Each one-sided operation takes one of {@code capacity}
 * entries from issue to delivered completion and moves through three states: HELD (issued here,
 * not yet given to the inner port), RUNNING (given to it, its completion not yet seen) and DONE
 * (completion seen, not yet delivered). Every poll gives each HELD entry and each DONE entry a
 * coin toss, so operations run and complete in random order, one or more polls late.
 */
final class LatePort implements HostPort {
    private static final int FREE = 0;
    private static final int HELD = 1;
    private static final int RUNNING = 2;
    private static final int DONE = 3;

    private static final int GET = 1;
    private static final int PUT = 2;
    private static final int FETCH_ADD = 3;
    private static final int CAS = 4;

    private final HostPort inner;
    private final SplittableRandom random;
    private final Entry[] entries;
    private final Interceptor interceptor = new Interceptor();
    private int inUse;

    private static final class Entry {
        int state;
        int kind;
        int target;
        int windowId;
        long capability;
        long offset;
        Object base;
        long address;
        int length;
        long operand1;
        long operand2;
        long token;
        int status;
        long value;
    }

    LatePort(HostPort inner, SplittableRandom random, int capacity) {
        this.inner = inner;
        this.random = random;
        this.entries = new Entry[capacity];
        for (int i = 0; i < capacity; i++) {
            entries[i] = new Entry();
        }
    }

    @Override
    public int rank() {
        return inner.rank();
    }

    @Override
    public int size() {
        return inner.size();
    }

    @Override
    public int fastSendCapacity() {
        return inner.fastSendCapacity();
    }

    @Override
    public int maxSendLength() {
        return inner.maxSendLength();
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        return inner.fastSend(target, header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        return inner.send(target, header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        return inner.notify(target, type, arg0, arg1, arg2);
    }

    @Override
    public int poll(ArrivalHandler handler, int limit) {
        if (inUse > 0) {
            for (int i = 0; i < entries.length; i++) {
                Entry e = entries[i];
                if (e.state == HELD && random.nextBoolean()) {
                    run(i, e);
                }
            }
        }
        interceptor.outer = handler;
        int delivered = inner.poll(interceptor, limit);
        if (inUse > 0) {
            for (int i = 0; i < entries.length && delivered < limit; i++) {
                Entry e = entries[i];
                if (e.state == DONE && random.nextBoolean()) {
                    e.state = FREE;
                    e.base = null;
                    inUse--;
                    delivered++;
                    handler.onCompletion(e.token, e.status, e.value);
                }
            }
        }
        return delivered;
    }

    /** Gives a held operation to the inner port; it stays held while the inner port is busy. */
    private void run(int index, Entry e) {
        int status = switch (e.kind) {
            case GET -> inner.get(e.target, e.windowId, e.capability, e.offset, e.base, e.address, e.length, index);
            case PUT -> inner.put(e.target, e.windowId, e.capability, e.offset, e.base, e.address, e.length, index);
            case FETCH_ADD -> inner.fetchAndAdd(e.target, e.windowId, e.capability, e.offset, e.operand1, index);
            default -> inner.compareAndSwap(e.target, e.windowId, e.capability, e.offset, e.operand1, e.operand2,
                index);
        };
        if (status == NicStatus.OK) {
            e.state = RUNNING;
        } else if (status != NicStatus.BUSY) {
            // completed inside the inner call (DONE, or a NACK): held back like any completion
            e.state = DONE;
            e.status = status == NicStatus.DONE ? NicStatus.OK : status;
            e.value = status == NicStatus.DONE && (e.kind == FETCH_ADD || e.kind == CAS) ? inner.fetchedValue() : 0;
        }
    }

    /** Passes arrivals through and keeps the inner port's completions back for a later poll. */
    private final class Interceptor implements ArrivalHandler {
        ArrivalHandler outer;

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            outer.onMessage(source, header0, header1, base, offset, length);
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            outer.onNotification(source, type, arg0, arg1, arg2);
        }

        @Override
        public void onBoardFault(int peer, String field) {
            outer.onBoardFault(peer, field);
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            Entry e = entries[(int) token];
            e.state = DONE;
            e.status = status;
            e.value = value;
        }
    }

    private int hold(int kind, int target, int windowId, long capability, long offset, Object base, long address,
                     int length, long operand1, long operand2, long token) {
        for (Entry e : entries) {
            if (e.state == FREE) {
                e.state = HELD;
                e.kind = kind;
                e.target = target;
                e.windowId = windowId;
                e.capability = capability;
                e.offset = offset;
                e.base = base;
                e.address = address;
                e.length = length;
                e.operand1 = operand1;
                e.operand2 = operand2;
                e.token = token;
                inUse++;
                return NicStatus.OK;
            }
        }
        return NicStatus.BUSY;
    }

    @Override
    public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
                   long token) {
        return hold(GET, target, windowId, capability, offset, dstBase, dstOffset, length, 0, 0, token);
    }

    @Override
    public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
                   long token) {
        return hold(PUT, target, windowId, capability, offset, srcBase, srcOffset, length, 0, 0, token);
    }

    @Override
    public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
        return hold(FETCH_ADD, target, windowId, capability, offset, null, 0, 8, delta, 0, token);
    }

    @Override
    public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                              long token) {
        return hold(CAS, target, windowId, capability, offset, null, 0, 8, expected, value, token);
    }

    @Override
    public BoardRegion allocate(long length) {
        return inner.allocate(length);
    }

    @Override
    public int windowCapacity() {
        return inner.windowCapacity();
    }

    @Override
    public WindowKey register(BoardRegion region, long offset, long length, int rights) {
        return inner.register(region, offset, length, rights);
    }

    @Override
    public void deregister(WindowKey key) {
        inner.deregister(key);
    }

    /** Mapped memory involves no NIC operation: nothing to complete late. */
    @Override
    public ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
        return inner.mapWindow(target, windowId, capability, length);
    }

    @Override
    public boolean sharesMemoryWith(int rank) {
        return inner.sharesMemoryWith(rank);
    }

    @Override
    public BoardRegion regionOf(Object base, long offset, long length) {
        return inner.regionOf(base, offset, length);
    }

    @Override
    public void close() {
        inner.close();
    }

    @Override
    public String toString() {
        return "late-completing " + inner;
    }
}

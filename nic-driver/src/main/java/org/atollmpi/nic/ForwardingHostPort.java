package org.atollmpi.nic;

import java.nio.ByteBuffer;

/**
 * A port in front of another that passes every call through: the base of the decorators that
 * change a few instructions (counting them, timing them) and leave the rest to the board. A
 * subclass overrides what it changes; everything else reaches {@link #port} as it was called.
 */
public abstract class ForwardingHostPort implements HostPort {
    /** The port behind this one. */
    protected final HostPort port;

    protected ForwardingHostPort(HostPort port) {
        this.port = port;
    }

    /** The port behind this one. */
    public final HostPort inner() {
        return port;
    }

    @Override
    public int rank() {
        return port.rank();
    }

    @Override
    public int size() {
        return port.size();
    }

    @Override
    public int fastSendCapacity() {
        return port.fastSendCapacity();
    }

    @Override
    public int maxSendLength() {
        return port.maxSendLength();
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        return port.fastSend(target, header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        return port.send(target, header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        return port.notify(target, type, arg0, arg1, arg2);
    }

    @Override
    public int poll(ArrivalHandler handler, int limit) {
        return port.poll(handler, limit);
    }

    @Override
    public BoardRegion allocate(long length) {
        return port.allocate(length);
    }

    @Override
    public int windowCapacity() {
        return port.windowCapacity();
    }

    @Override
    public WindowKey register(BoardRegion region, long offset, long length, int rights) {
        return port.register(region, offset, length, rights);
    }

    @Override
    public void deregister(WindowKey key) {
        port.deregister(key);
    }

    @Override
    public boolean sharesMemoryWith(int rank) {
        return port.sharesMemoryWith(rank);
    }

    @Override
    public ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
        return port.mapWindow(target, windowId, capability, length);
    }

    @Override
    public boolean exposesProcessMemoryTo(int reader) {
        return port.exposesProcessMemoryTo(reader);
    }

    @Override
    public WindowKey exposeProcessMemory(int reader, long address, long length) {
        return port.exposeProcessMemory(reader, address, length);
    }

    @Override
    public String processMemoryAccess() {
        return port.processMemoryAccess();
    }

    @Override
    public org.atollmpi.nic.stat.NicCounters counters() {
        return port.counters();
    }

    @Override
    public BoardRegion regionOf(Object base, long offset, long length) {
        return port.regionOf(base, offset, length);
    }

    @Override
    public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
                   long token) {
        return port.get(target, windowId, capability, offset, dstBase, dstOffset, length, token);
    }

    @Override
    public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
                   long token) {
        return port.put(target, windowId, capability, offset, srcBase, srcOffset, length, token);
    }

    @Override
    public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
        return port.fetchAndAdd(target, windowId, capability, offset, delta, token);
    }

    @Override
    public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                              long token) {
        return port.compareAndSwap(target, windowId, capability, offset, expected, value, token);
    }

    @Override
    public long fetchedValue() {
        return port.fetchedValue();
    }

    @Override
    public void close() {
        port.close();
    }

    @Override
    public String toString() {
        return port.toString();
    }
}

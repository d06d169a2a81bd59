package org.atollmpi.nic.local;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.Board;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/**
 * An in-process board: ranks are threads of one JVM and every structure is a plain Java object
 * (bounded queues, heap arrays). It allocates per message and is meant for fast, deterministic
 * tests of the engine, not for speed. Written independently of the shm board on purpose: two
 * different implementations keep the {@link HostPort} contract honest.
 *
 * <p>Capacities are in messages and small by default so that tests meet back-pressure.
 */
public final class LocalBoard implements Board {
    public static final int FAST_SEND_CAPACITY = 40;

    private final int ranks;
    private final int maxSendLength;
    private final Port[] ports;
    private final SecureRandom random = new SecureRandom();

    public LocalBoard(int ranks) {
        this(ranks, 8, 16, 16, 64 * 1024);
    }

    /**
     * @param slotsPerPair  fast sends in flight from one source to one target
     * @param ringRecords   records in flight to one target, all sources together
     * @param notifications notifications in flight to one target
     * @param maxSendLength largest record payload
     */
    public LocalBoard(int ranks, int slotsPerPair, int ringRecords, int notifications, int maxSendLength) {
        this.ranks = ranks;
        this.maxSendLength = maxSendLength;
        this.ports = new Port[ranks];
        for (int r = 0; r < ranks; r++) {
            ports[r] = new Port(r, slotsPerPair, ringRecords, notifications);
        }
    }

    @Override
    public HostPort open(int rank) {
        return ports[rank];
    }

    @Override
    public void close() {
    }

    private record Arrival(int source, long header0, long header1, byte[] payload) {
    }

    private record Note(int source, int type, long arg0, long arg1, long arg2) {
    }

    private static final class Region implements BoardRegion {
        final byte[] memory;

        Region(int length) {
            memory = new byte[length];
        }

        @Override
        public Object base() {
            return memory;
        }

        @Override
        public long address() {
            return Memory.BYTE_ARRAY_BASE;
        }

        @Override
        public long length() {
            return memory.length;
        }

        @Override
        public ByteBuffer asByteBuffer() {
            return ByteBuffer.wrap(memory).order(ByteOrder.nativeOrder());
        }

        @Override
        public void free() {
        }
    }

    private static final class Window {
        final Region region;
        final long offset;
        final long length;
        final int rights;
        final long capability;

        Window(Region region, long offset, long length, int rights, long capability) {
            this.region = region;
            this.offset = offset;
            this.length = length;
            this.rights = rights;
            this.capability = capability;
        }
    }

    private final class Port implements HostPort {
        final int rank;
        final ArrayBlockingQueue<Arrival>[] fast;
        final ArrayBlockingQueue<Arrival> ring;
        final ArrayBlockingQueue<Note> notes;
        final List<Window> windows = new ArrayList<>();
        int nextFastSource;

        @SuppressWarnings("unchecked")
        Port(int rank, int slotsPerPair, int ringRecords, int notifications) {
            this.rank = rank;
            this.fast = new ArrayBlockingQueue[ranks];
            for (int s = 0; s < ranks; s++) {
                fast[s] = new ArrayBlockingQueue<>(slotsPerPair);
            }
            this.ring = new ArrayBlockingQueue<>(ringRecords);
            this.notes = new ArrayBlockingQueue<>(notifications);
        }

        @Override
        public int rank() {
            return rank;
        }

        @Override
        public int size() {
            return ranks;
        }

        @Override
        public int fastSendCapacity() {
            return FAST_SEND_CAPACITY;
        }

        @Override
        public int maxSendLength() {
            return maxSendLength;
        }

        private byte[] copy(Object base, long offset, int length) {
            byte[] b = new byte[length];
            Memory.copy(base, offset, b, Memory.BYTE_ARRAY_BASE, length);
            return b;
        }

        @Override
        public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
            if (length > FAST_SEND_CAPACITY) {
                throw new IllegalArgumentException("fast send of " + length + " bytes exceeds " + FAST_SEND_CAPACITY);
            }
            return ports[target].fast[rank].offer(new Arrival(rank, header0, header1, copy(srcBase, srcOffset, length)));
        }

        @Override
        public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
            if (length > maxSendLength) {
                throw new IllegalArgumentException("send of " + length + " bytes exceeds " + maxSendLength);
            }
            return ports[target].ring.offer(new Arrival(rank, header0, header1, copy(srcBase, srcOffset, length)));
        }

        @Override
        public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
            return ports[target].notes.offer(new Note(rank, type, arg0, arg1, arg2));
        }

        @Override
        public int poll(ArrivalHandler handler, int limit) {
            int done = 0;
            Note n;
            while (done < limit && (n = notes.poll()) != null) {
                handler.onNotification(n.source(), n.type(), n.arg0(), n.arg1(), n.arg2());
                done++;
            }
            for (int i = 0; i < ranks && done < limit; i++) {
                int s = (nextFastSource + i) % ranks;
                Arrival a = fast[s].poll();
                if (a != null) {
                    deliver(handler, a);
                    done++;
                }
            }
            nextFastSource = (nextFastSource + 1) % ranks;
            Arrival a;
            while (done < limit && (a = ring.poll()) != null) {
                deliver(handler, a);
                done++;
            }
            return done;
        }

        private void deliver(ArrivalHandler handler, Arrival a) {
            handler.onMessage(a.source(), a.header0(), a.header1(), a.payload(), Memory.BYTE_ARRAY_BASE,
                a.payload().length);
        }

        @Override
        public BoardRegion allocate(long length) {
            return length > Integer.MAX_VALUE - 16 ? null : new Region((int) length);
        }

        @Override
        public synchronized WindowKey register(BoardRegion region, long offset, long length, int rights) {
            Window w = new Window((Region) region, offset, length, rights, random.nextLong());
            int id = windows.indexOf(null);
            if (id < 0) {
                id = windows.size();
                windows.add(w);
            } else {
                windows.set(id, w);
            }
            return new WindowKey(rank, id, w.capability);
        }

        @Override
        public synchronized void deregister(WindowKey key) {
            if (key.owner() != rank || key.id() < 0 || key.id() >= windows.size() || windows.get(key.id()) == null
                || windows.get(key.id()).capability != key.capability()) {
                throw new IllegalArgumentException("no window " + key + " on port " + rank);
            }
            windows.set(key.id(), null);
        }

        @Override
        public BoardRegion regionOf(Object base, long offset, long length) {
            return null; // heap memory cannot be recognised by address; the engine stages it
        }

        private int check(int target, int windowId, long capability, long offset, long length, int right,
                          Window[] found) {
            if (target < 0 || target >= ranks) {
                return NicStatus.TPEER;
            }
            Port p = ports[target];
            Window w;
            synchronized (p) {
                w = windowId >= 0 && windowId < p.windows.size() ? p.windows.get(windowId) : null;
            }
            if (w == null) {
                return NicStatus.TWID;
            }
            if (w.capability != capability) {
                return NicStatus.TWID_CAPA;
            }
            if ((w.rights & right) == 0) {
                return NicStatus.TRIGHTS;
            }
            if (offset < 0 || offset >= w.length && length > 0) {
                return NicStatus.TOFFSET;
            }
            if (length < 0 || offset + length > w.length) {
                return NicStatus.TLENGTH;
            }
            if (right == WindowRights.ATOMIC && (offset & 7) != 0) {
                return NicStatus.TALIGN;
            }
            found[0] = w;
            return NicStatus.OK;
        }

        @Override
        public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset,
                       int length) {
            Window[] w = new Window[1];
            int status = check(target, windowId, capability, offset, length, WindowRights.READ, w);
            if (status == NicStatus.OK) {
                Memory.copy(w[0].region.memory, Memory.BYTE_ARRAY_BASE + w[0].offset + offset, dstBase, dstOffset,
                    length);
            }
            return status;
        }

        @Override
        public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset,
                       int length) {
            Window[] w = new Window[1];
            int status = check(target, windowId, capability, offset, length, WindowRights.WRITE, w);
            if (status == NicStatus.OK) {
                Memory.copy(srcBase, srcOffset, w[0].region.memory, Memory.BYTE_ARRAY_BASE + w[0].offset + offset,
                    length);
            }
            return status;
        }

        @Override
        public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long[] result) {
            Window[] w = new Window[1];
            int status = check(target, windowId, capability, offset, 8, WindowRights.ATOMIC, w);
            if (status == NicStatus.OK) {
                long at = Memory.BYTE_ARRAY_BASE + w[0].offset + offset;
                synchronized (w[0].region) {
                    long old = Memory.getLong(w[0].region.memory, at);
                    Memory.putLong(w[0].region.memory, at, old + delta);
                    result[0] = old;
                }
            }
            return status;
        }

        @Override
        public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                                  long[] result) {
            Window[] w = new Window[1];
            int status = check(target, windowId, capability, offset, 8, WindowRights.ATOMIC, w);
            if (status == NicStatus.OK) {
                long at = Memory.BYTE_ARRAY_BASE + w[0].offset + offset;
                synchronized (w[0].region) {
                    long old = Memory.getLong(w[0].region.memory, at);
                    if (old == expected) {
                        Memory.putLong(w[0].region.memory, at, value);
                    }
                    result[0] = old;
                }
            }
            return status;
        }

        @Override
        public void close() {
        }
    }
}

package org.atollmpi.nic.local;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

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

    /**
     * What the board holds.
     *
     * @param slotsPerPair  fast sends in flight from one source to one target
     * @param ringRecords   records in flight to one target, all sources together
     * @param notifications notifications in flight to one target
     * @param maxSendLength largest record payload
     * @param windows       window descriptors per port
     * @param heapBytes     board memory per port ({@link HostPort#allocate})
     * @param completions   one-sided operations per port whose completions wait for a poll
     */
    public record Limits(int slotsPerPair, int ringRecords, int notifications, int maxSendLength, int windows,
                         long heapBytes, int completions) {
        public static final Limits DEFAULT = new Limits(8, 16, 16, 64 * 1024, 1024, 256L << 20, 64);

        public Limits withQueues(int slotsPerPair, int ringRecords, int notifications, int maxSendLength) {
            return new Limits(slotsPerPair, ringRecords, notifications, maxSendLength, windows, heapBytes, completions);
        }

        public Limits withHeapBytes(long heapBytes) {
            return new Limits(slotsPerPair, ringRecords, notifications, maxSendLength, windows, heapBytes, completions);
        }

        public Limits withCompletions(int completions) {
            return new Limits(slotsPerPair, ringRecords, notifications, maxSendLength, windows, heapBytes, completions);
        }
    }

    private final int ranks;
    private final Limits limits;
    private final Port[] ports;
    private final SecureRandom random = new SecureRandom();

    public LocalBoard(int ranks) {
        this(ranks, Limits.DEFAULT);
    }

    public LocalBoard(int ranks, int slotsPerPair, int ringRecords, int notifications, int maxSendLength) {
        this(ranks, Limits.DEFAULT.withQueues(slotsPerPair, ringRecords, notifications, maxSendLength));
    }

    public LocalBoard(int ranks, Limits limits) {
        this.ranks = ranks;
        this.limits = limits;
        this.ports = new Port[ranks];
        for (int r = 0; r < ranks; r++) {
            ports[r] = new Port(r);
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

    private record Completion(long token, int status, long value) {
    }

    private static final class Region implements BoardRegion {
        final byte[] memory;
        final AtomicLong heapUsed;
        boolean freed;

        Region(int length, AtomicLong heapUsed) {
            this.memory = new byte[length];
            this.heapUsed = heapUsed;
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
        public synchronized void free() {
            if (freed) {
                throw new IllegalStateException("board region freed twice");
            }
            freed = true;
            heapUsed.addAndGet(-memory.length);
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
        final ArrayDeque<Completion> completions = new ArrayDeque<>();
        final AtomicLong heapUsed = new AtomicLong();
        int nextFastSource;

        @SuppressWarnings("unchecked")
        Port(int rank) {
            this.rank = rank;
            this.fast = new ArrayBlockingQueue[ranks];
            for (int s = 0; s < ranks; s++) {
                fast[s] = new ArrayBlockingQueue<>(limits.slotsPerPair());
            }
            this.ring = new ArrayBlockingQueue<>(limits.ringRecords());
            this.notes = new ArrayBlockingQueue<>(limits.notifications());
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
            return limits.maxSendLength();
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
            if (length > limits.maxSendLength()) {
                throw new IllegalArgumentException("send of " + length + " bytes exceeds " + limits.maxSendLength());
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
            Completion c;
            while (done < limit && (c = completions.poll()) != null) {
                handler.onCompletion(c.token(), c.status(), c.value());
                done++;
            }
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
            if (length > Integer.MAX_VALUE - 16) {
                return null;
            }
            long used;
            do {
                used = heapUsed.get();
                if (used + length > limits.heapBytes()) {
                    return null;
                }
            } while (!heapUsed.compareAndSet(used, used + length));
            return new Region((int) length, heapUsed);
        }

        @Override
        public int windowCapacity() {
            return limits.windows();
        }

        @Override
        public synchronized WindowKey register(BoardRegion region, long offset, long length, int rights) {
            Window w = new Window((Region) region, offset, length, rights, random.nextLong());
            int id = windows.indexOf(null);
            if (id < 0) {
                if (windows.size() == limits.windows()) {
                    return null;
                }
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
        public boolean sharesMemoryWith(int rank) {
            return true; // one JVM's heap
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

        /** Runs the operation now, as the shm board does, and queues its completion for the next poll. */
        /** One JVM's heap: a heap buffer over the window's part of its region (native order, as board memory). */
        @Override
        public ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
            Window[] w = new Window[1];
            int status = check(target, windowId, capability, 0, length, WindowRights.READ | WindowRights.WRITE, w);
            if (status != NicStatus.OK) {
                return null;
            }
            return ByteBuffer.wrap(w[0].region.memory, (int) w[0].offset, length).slice().order(ByteOrder.nativeOrder());
        }

        @Override
        public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset,
                       int length, long token) {
            if (completions.size() >= limits.completions()) {
                return NicStatus.BUSY;
            }
            Window[] w = new Window[1];
            int status = check(target, windowId, capability, offset, length, WindowRights.READ, w);
            if (status == NicStatus.OK) {
                Memory.copy(w[0].region.memory, Memory.BYTE_ARRAY_BASE + w[0].offset + offset, dstBase, dstOffset,
                    length);
            }
            completions.add(new Completion(token, status, 0));
            return NicStatus.OK;
        }

        @Override
        public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset,
                       int length, long token) {
            if (completions.size() >= limits.completions()) {
                return NicStatus.BUSY;
            }
            Window[] w = new Window[1];
            int status = check(target, windowId, capability, offset, length, WindowRights.WRITE, w);
            if (status == NicStatus.OK) {
                Memory.copy(srcBase, srcOffset, w[0].region.memory, Memory.BYTE_ARRAY_BASE + w[0].offset + offset,
                    length);
            }
            completions.add(new Completion(token, status, 0));
            return NicStatus.OK;
        }

        @Override
        public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
            return atomic(target, windowId, capability, offset, token, old -> old + delta);
        }

        @Override
        public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                                  long token) {
            return atomic(target, windowId, capability, offset, token, old -> old == expected ? value : old);
        }

        private int atomic(int target, int windowId, long capability, long offset, long token,
                           java.util.function.LongUnaryOperator update) {
            if (completions.size() >= limits.completions()) {
                return NicStatus.BUSY;
            }
            Window[] w = new Window[1];
            int status = check(target, windowId, capability, offset, 8, WindowRights.ATOMIC, w);
            long old = 0;
            if (status == NicStatus.OK) {
                long at = Memory.BYTE_ARRAY_BASE + w[0].offset + offset;
                synchronized (w[0].region) {
                    old = Memory.getLong(w[0].region.memory, at);
                    Memory.putLong(w[0].region.memory, at, update.applyAsLong(old));
                }
            }
            completions.add(new Completion(token, status, old));
            return NicStatus.OK;
        }

        @Override
        public void close() {
        }
    }
}

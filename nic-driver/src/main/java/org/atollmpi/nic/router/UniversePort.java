package org.atollmpi.nic.router;

import java.nio.ByteBuffer;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.shm.ShmHostPort;
import org.atollmpi.nic.tcp.PortMemory;
import org.atollmpi.nic.tcp.TcpHostPort;

/**
 * A rank's port in its universe: its job's port for the job's ranks, and <em>bridges</em> to the
 * processes of other jobs it has connected to (MPI_Comm_connect/accept across mpirun runs,
 * spawned children). The engine addresses both alike, by target number: the job's ranks are
 * {@code 0..jobSize-1} as always, and each process of another job gets a <em>slot</em>, a number
 * from {@code jobSize} up that this process alone gives it (the same process may be slot 7 here
 * and slot 12 at a fellow rank; communicators carry the numbers each member knows it by).
 *
 * <pre>
 *   target &lt; jobSize ──▶ the job's port (shm, TCP or the router), untouched
 *   target ≥ jobSize ──▶ slot ──▶ (bridge, index on the bridge)
 *   a bridge: a TCP port of its own whose ranks are the two connected groups (a "union"), serving
 *   this rank's board memory and windows, so rendezvous Gets from the other job read them as the
 *   job's peers do
 * </pre>
 *
 * <p>Slots are never reused in a process's life: a bridge stays until the port closes, so a peer's
 * sequence numbers and credits never meet a stranger's. The engine is sized for the job and every
 * slot ({@link #size}); a job that connects to more processes than it has slots is refused with a
 * message naming {@code ATOLL_DYNAMIC_PEERS}.
 *
 * <p>Poll drains the job's port, then each bridge, translating a bridge's sources into slots.
 * Bridges are added by one thread while others may poll or deposit: the table is copied on write
 * and published with a volatile write after its slots are filled, and a slot is deposited to only
 * after {@link #attach} has returned it.
 */
public final class UniversePort implements HostPort {
    private final HostPort job;
    private final int jobSize;
    private final int size;
    private final PortMemory memory;
    private final int maxSendLength;
    /** Per slot ({@code target - jobSize}): the bridge and the index on it; null before it is given. */
    private final HostPort[] slotBridge;
    private final int[] slotIndex;
    private volatile Bridge[] bridges = new Bridge[0];
    private int nextSlot;

    /**
     * Wraps {@code job} (a port of {@code job.size()} ranks) with room for {@code slots} processes
     * of other jobs, over bridges that take records of {@code bridgeMaxSend} bytes (the engine's
     * eager limit must hold on both).
     */
    public UniversePort(HostPort job, int slots, int bridgeMaxSend) {
        if (slots < 0) {
            throw new IllegalArgumentException("slots " + slots + " < 0");
        }
        this.job = job;
        this.jobSize = job.size();
        this.size = jobSize + slots;
        this.memory = memoryOf(job);
        this.maxSendLength = Math.min(job.maxSendLength(), bridgeMaxSend);
        this.slotBridge = new HostPort[slots];
        this.slotIndex = new int[slots];
    }

    /**
     * The board memory and window table of {@code port}, as a bridge serves them to the other
     * job's processes; null for a board that cannot share them (the in-process and the
     * late-completing test boards).
     */
    private static PortMemory memoryOf(HostPort port) {
        if (port instanceof ShmHostPort shm) {
            return new NodeMemory(shm, shm.rank());
        }
        if (port instanceof RouterPort router) {
            return router.memory();
        }
        if (port instanceof TcpHostPort tcp) {
            return tcp.memory();
        }
        return null;
    }

    /** The job's port. */
    public HostPort jobPort() {
        return job;
    }

    /** Ranks of this process's job (targets below this are the job's). */
    public int jobSize() {
        return jobSize;
    }

    /** Slots not given yet. */
    public synchronized int freeSlots() {
        return slotBridge.length - nextSlot;
    }

    /**
     * What a bridge must serve to the other job: this rank's board memory and windows; null when
     * this board cannot bridge (a message for the user says why).
     */
    public PortMemory memory() {
        return memory;
    }

    /**
     * Adds {@code bridge} and gives its ranks {@code first..first+count-1} (the other job's
     * processes) the slots returned from the first one up, in order.
     *
     * @throws IllegalStateException when fewer than {@code count} slots are left
     */
    public synchronized int attach(HostPort bridge, int first, int count) {
        if (first < 0 || count < 0 || first + count > bridge.size()) {
            throw new IllegalArgumentException("ranks " + first + ".." + (first + count - 1) + " are not ranks of "
                + bridge);
        }
        if (bridge.fastSendCapacity() < fastSendCapacity() || bridge.maxSendLength() < maxSendLength) {
            throw new IllegalArgumentException(bridge + " takes fast sends of " + bridge.fastSendCapacity()
                + " and records of " + bridge.maxSendLength() + " bytes, less than the engine sends ("
                + fastSendCapacity() + ", " + maxSendLength + ")");
        }
        if (count > slotBridge.length - nextSlot) {
            throw new IllegalStateException("this process can reach " + slotBridge.length + " processes of other jobs"
                + " and " + nextSlot + " are taken: " + count + " more do not fit (ATOLL_DYNAMIC_PEERS sets how many)");
        }
        int base = jobSize + nextSlot;
        for (int i = 0; i < count; i++) {
            slotBridge[nextSlot + i] = bridge;
            slotIndex[nextSlot + i] = first + i;
        }
        nextSlot += count;
        Bridge[] now = bridges;
        Bridge[] next = java.util.Arrays.copyOf(now, now.length + 1);
        next[now.length] = new Bridge(bridge, first, count, base);
        bridges = next; // publishes the slots written above
        return base;
    }

    @Override
    public int rank() {
        return job.rank();
    }

    /** The job's ranks and every slot: what the engine sizes its per-target state for. */
    @Override
    public int size() {
        return size;
    }

    /** The job's port's; a bridge must take as much ({@link #attach} checks). */
    @Override
    public int fastSendCapacity() {
        return job.fastSendCapacity();
    }

    @Override
    public int maxSendLength() {
        return maxSendLength;
    }

    private HostPort bridgeOf(int target) {
        int slot = target - jobSize;
        HostPort b = slot >= 0 && slot < slotBridge.length ? slotBridge[slot] : null;
        if (b == null) {
            throw new IllegalArgumentException("target " + target + " is no rank of the job (0.." + (jobSize - 1)
                + ") nor a connected process");
        }
        return b;
    }

    private int indexOf(int target) {
        return slotIndex[target - jobSize];
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        if (target < jobSize) {
            return job.fastSend(target, header0, header1, srcBase, srcOffset, length);
        }
        return bridgeOf(target).fastSend(indexOf(target), header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        if (target < jobSize) {
            return job.send(target, header0, header1, srcBase, srcOffset, length);
        }
        return bridgeOf(target).send(indexOf(target), header0, header1, srcBase, srcOffset, length);
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        if (target < jobSize) {
            return job.notify(target, type, arg0, arg1, arg2);
        }
        return bridgeOf(target).notify(indexOf(target), type, arg0, arg1, arg2);
    }

    @Override
    public int poll(ArrivalHandler handler, int limit) {
        int delivered = job.poll(handler, limit);
        Bridge[] now = bridges;
        for (int i = 0; i < now.length && delivered < limit; i++) {
            delivered += now[i].poll(handler, limit - delivered);
        }
        return delivered;
    }

    @Override
    public BoardRegion allocate(long length) {
        return job.allocate(length);
    }

    @Override
    public BoardRegion regionOf(Object base, long offset, long length) {
        return job.regionOf(base, offset, length);
    }

    @Override
    public int windowCapacity() {
        return job.windowCapacity();
    }

    /** Registered at the job's port; the bridges serve the same table ({@link #memory}). */
    @Override
    public WindowKey register(BoardRegion region, long offset, long length, int rights) {
        return job.register(region, offset, length, rights);
    }

    @Override
    public void deregister(WindowKey key) {
        job.deregister(key);
    }

    @Override
    public boolean sharesMemoryWith(int rank) {
        return rank < jobSize && job.sharesMemoryWith(rank);
    }

    @Override
    public boolean exposesProcessMemoryTo(int reader) {
        return reader < jobSize && job.exposesProcessMemoryTo(reader);
    }

    @Override
    public WindowKey exposeProcessMemory(int reader, long address, long length) {
        return reader < jobSize ? job.exposeProcessMemory(reader, address, length) : null;
    }

    @Override
    public String processMemoryAccess() {
        return job.processMemoryAccess();
    }

    @Override
    public ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
        return target >= 0 && target < jobSize ? job.mapWindow(target, windowId, capability, length) : null;
    }

    @Override
    public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
                   long token) {
        if (target < jobSize) {
            return job.get(target, windowId, capability, offset, dstBase, dstOffset, length, token);
        }
        return bridgeOf(target).get(indexOf(target), windowId, capability, offset, dstBase, dstOffset, length, token);
    }

    @Override
    public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
                   long token) {
        if (target < jobSize) {
            return job.put(target, windowId, capability, offset, srcBase, srcOffset, length, token);
        }
        return bridgeOf(target).put(indexOf(target), windowId, capability, offset, srcBase, srcOffset, length, token);
    }

    @Override
    public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
        if (target < jobSize) {
            return job.fetchAndAdd(target, windowId, capability, offset, delta, token);
        }
        return bridgeOf(target).fetchAndAdd(indexOf(target), windowId, capability, offset, delta, token);
    }

    @Override
    public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                              long token) {
        if (target < jobSize) {
            return job.compareAndSwap(target, windowId, capability, offset, expected, value, token);
        }
        return bridgeOf(target).compareAndSwap(indexOf(target), windowId, capability, offset, expected, value, token);
    }

    /** Only the job's port completes inside the call (a bridge is a TCP port, which posts completions). */
    @Override
    public long fetchedValue() {
        return job.fetchedValue();
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (Bridge b : bridges) {
            try {
                b.port.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        job.close();
        if (first != null) {
            throw first;
        }
    }

    @Override
    public String toString() {
        return job + (bridges.length == 0 ? "" : " and " + bridges.length + " bridge(s) to other jobs");
    }

    /** One bridge: its port, and its ranks {@code first..first+count-1} as slots from {@code base}. */
    private static final class Bridge implements ArrivalHandler {
        final HostPort port;
        final int first;
        final int count;
        final int base;
        private ArrivalHandler handler;

        Bridge(HostPort port, int first, int count, int base) {
            this.port = port;
            this.first = first;
            this.count = count;
            this.base = base;
        }

        int poll(ArrivalHandler h, int limit) {
            handler = h;
            return port.poll(this, limit);
        }

        /** The slot of the bridge's rank {@code source}; a rank of this side of the union never sends here. */
        private int slot(int source) {
            return source >= first && source < first + count ? base + source - first : -1;
        }

        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            int s = slot(source);
            if (s < 0) {
                handler.onBoardFault(source, "a message on a bridge from a process of this job");
                return;
            }
            handler.onMessage(s, header0, header1, base, offset, length);
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            int s = slot(source);
            if (s < 0) {
                handler.onBoardFault(source, "a notification on a bridge from a process of this job");
                return;
            }
            handler.onNotification(s, type, arg0, arg1, arg2);
        }

        @Override
        public void onBoardFault(int peer, String field) {
            handler.onBoardFault(peer < 0 ? peer : slot(peer), field);
        }

        @Override
        public void onCompletion(long token, int status, long value) {
            handler.onCompletion(token, status, value);
        }
    }
}

package org.atollmpi.nic.shm;

import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/**
 * A rank's port on a {@link ShmBoard}. The calling thread plays the NIC: a send writes straight
 * into the target's slot ring, receive ring or notification queue, and an RMA operation checks
 * the target's window descriptor and then copies or updates the target's memory itself. Nothing
 * here allocates after the port is open, and every deposit or access returns a code instead of
 * throwing; exceptions are for misuse (a bad rank, an oversized payload, a closed port).
 */
public final class ShmHostPort implements HostPort {
    private final ShmBoard board;
    private final int rank;
    private final int ranks;
    private final long portStateAddress;
    private final FastSlotRings slots;
    private final ReceiveRing[] receiveRings;
    private final NotificationQueue[] notificationQueues;
    private final WindowTable[] windowTables;
    private final ReceiveRing ownReceiveRing;
    private final NotificationQueue ownNotifications;
    private final WindowRegistry windows;
    private final BoardAllocator allocator;
    /** The old value of the last atomic (the NIC's result register, {@link #fetchedValue}). */
    private long fetched;
    private final long[] capabilityOut = new long[1];
    /** Each port's state word: the id of the process that has it open (0 while closed). */
    private final long[] portStates;
    private static final long OWN_PID = ProcessHandle.current().pid();
    /** Which channel the next poll starts with: notifications, the receive ring or a peer's slots. */
    private int pollCursor;
    /** The corrupt entry found in this port's memory, after which the port reads nothing more. */
    private volatile CorruptBoard fault;
    private boolean closed;

    ShmHostPort(ShmBoard board, int rank, long portStateAddress, BoardAllocator allocator) {
        ShmLayout layout = board.layout();
        long boardAddress = board.address();
        this.board = board;
        this.rank = rank;
        this.ranks = layout.ranks;
        this.portStateAddress = portStateAddress;
        this.allocator = allocator;
        this.slots = new FastSlotRings(boardAddress, layout, rank);
        this.receiveRings = new ReceiveRing[ranks];
        this.notificationQueues = new NotificationQueue[ranks];
        this.windowTables = new WindowTable[ranks];
        this.portStates = new long[ranks];
        for (int peer = 0; peer < ranks; peer++) {
            long port = layout.portAddress(boardAddress, peer);
            portStates[peer] = port + ShmLayout.PORT_STATE_OFFSET;
            receiveRings[peer] = new ReceiveRing(port + layout.receiveRingOffset, layout.receiveRingBytes, ranks);
            notificationQueues[peer] = new NotificationQueue(port + layout.notificationsOffset,
                layout.notificationEntries, ranks);
            windowTables[peer] = new WindowTable(boardAddress, port + layout.windowTableOffset, layout.windowEntries,
                layout.heapAddress(0, peer), layout.heapBytesPerRank);
        }
        this.ownReceiveRing = receiveRings[rank];
        this.ownNotifications = notificationQueues[rank];
        this.windows = new WindowRegistry(windowTables[rank]);
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
        return FastSlotDescriptor.MAX_PAYLOAD;
    }

    @Override
    public int maxSendLength() {
        return ownReceiveRing.maxPayload();
    }

    @Override
    public boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        checkOpen();
        checkTarget(target);
        if (length < 0 || length > FastSlotDescriptor.MAX_PAYLOAD) {
            throw new IllegalArgumentException("fast send payload must be 0.." + FastSlotDescriptor.MAX_PAYLOAD
                + " bytes: " + length);
        }
        try {
            return slots.offer(target, header0, header1, srcBase, srcOffset, length);
        } catch (CorruptBoard e) {
            return producerFault(target, e);
        }
    }

    @Override
    public boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length) {
        checkOpen();
        checkTarget(target);
        ReceiveRing ring = receiveRings[target];
        if (length < 0 || length > ring.maxPayload()) {
            throw new IllegalArgumentException("send payload must be 0.." + ring.maxPayload() + " bytes: " + length);
        }
        try {
            return ring.write(rank, header0, header1, srcBase, srcOffset, length);
        } catch (CorruptBoard e) {
            return producerFault(target, e);
        }
    }

    @Override
    public boolean notify(int target, int type, long arg0, long arg1, long arg2) {
        checkOpen();
        checkTarget(target);
        try {
            return notificationQueues[target].offer(rank, type, arg0, arg1, arg2);
        } catch (CorruptBoard e) {
            return producerFault(target, e);
        }
    }

    /**
     * A position or sequence word in {@code target}'s port that a deposit read was corrupt: the
     * deposit is refused as if there were no room (nothing was written), and the fault, naming
     * the target, is what every later poll reports, so the engine that waits for room raises it
     * instead of waiting for ever.
     */
    private boolean producerFault(int target, CorruptBoard e) {
        if (fault == null) {
            fault = new CorruptBoard(target, 0, e.getMessage() + " in the port of rank " + target);
        }
        return false;
    }

    /**
     * Polls every channel once, starting with a different one each call (the
     * notification queue, the receive ring, then each source's slot ring), so a busy channel
     * cannot starve the others when {@code limit} is small.
     */
    @Override
    public int poll(ArrivalHandler handler, int limit) {
        checkOpen();
        if (fault != null) {
            handler.onBoardFault(fault.peer, fault.getMessage());
            return 0;
        }
        int channels = ranks + 2;
        int channel = pollCursor;
        pollCursor = channel + 1 == channels ? 0 : channel + 1;
        int delivered = 0;
        try {
            for (int i = 0; i < channels && delivered < limit; i++) {
                int budget = limit - delivered;
                if (channel == 0) {
                    delivered += ownNotifications.poll(handler, budget);
                } else if (channel == 1) {
                    delivered += ownReceiveRing.read(handler, budget);
                } else {
                    delivered += slots.drain(channel - 2, handler, budget);
                }
                channel = channel + 1 == channels ? 0 : channel + 1;
            }
        } catch (CorruptBoard e) {
            // What a peer wrote after the corrupt entry cannot be found again (a ring's next record
            // starts where the bad length says): this port reads nothing more, and says why each time.
            fault = e;
            delivered += e.deliveredBefore;
            handler.onBoardFault(e.peer, e.getMessage());
        }
        return delivered;
    }

    /** Memory from this rank's heap partition; not zeroed (a fresh board's pages are). */
    @Override
    public BoardRegion allocate(long length) {
        checkOpen();
        long address = allocator.allocate(length);
        return address == BoardAllocator.NO_MEMORY ? null : ShmRegion.allocation(allocator, address, length);
    }

    @Override
    public int windowCapacity() {
        return windows.capacity();
    }

    /**
     * @return the key, or {@code null} if every window descriptor of this port is in use (the
     *         caller falls back or retries after a deregistration, as for {@link #allocate})
     * @throws IllegalArgumentException if the region is not in this rank's partition, the range
     *                                  is not inside the region, or the rights are unknown
     */
    @Override
    public WindowKey register(BoardRegion region, long offset, long length, int rights) {
        checkOpen();
        if (region.base() != null || !allocator.contains(region.address(), region.length())) {
            throw new IllegalArgumentException(region + " is not memory of rank " + rank + "'s heap partition");
        }
        if (offset < 0 || length < 0 || offset > region.length() || length > region.length() - offset) {
            throw new IllegalArgumentException("window [" + offset + ", " + offset + " + " + length
                + ") is not inside " + region);
        }
        if ((rights & ~WindowRights.ALL) != 0) {
            throw new IllegalArgumentException("unknown window rights: " + rights);
        }
        long boardOffset = region.address() + offset - board.address();
        int id = windows.register(boardOffset, length, rights, capabilityOut);
        return id < 0 ? null : new WindowKey(rank, id, capabilityOut[0]);
    }

    /** @throws IllegalArgumentException if the key is not one of this port's registered windows */
    @Override
    public void deregister(WindowKey key) {
        checkOpen();
        if (key.owner() != rank || !windows.deregister(key.id())) {
            throw new IllegalArgumentException(key + " names no window registered at rank " + rank);
        }
    }

    @Override
    public boolean sharesMemoryWith(int rank) {
        return true; // every rank on an shm board maps the same file
    }

    /** Every rank, where the kernel lets ranks read each other ({@link ProcessMemory}) or all are threads of this process. */
    @Override
    public boolean exposesProcessMemoryTo(int reader) {
        return board.file() == null || ProcessMemory.usable();
    }

    @Override
    public WindowKey exposeProcessMemory(int reader, long address, long length) {
        checkOpen();
        if (!exposesProcessMemoryTo(reader) || address <= 0 || length < 0) {
            return null;
        }
        int id = windows.registerProcessMemory(address, length, capabilityOut);
        return id < 0 ? null : new WindowKey(rank, id, capabilityOut[0]);
    }

    @Override
    public String processMemoryAccess() {
        return board.file() == null ? "the ranks' own memory (one process)" : ProcessMemory.describe();
    }

    @Override
    public BoardRegion regionOf(Object base, long offset, long length) {
        checkOpen();
        if (base != null || !allocator.contains(offset, length)) {
            return null;
        }
        return ShmRegion.view(allocator, offset, length);
    }

    /** Every rank of the board maps the same file: a peer's window is memory of this process too. */
    @Override
    public ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
        long address = resolve(target, windowId, capability, 0, length, WindowRights.READ | WindowRights.WRITE, false);
        return address < 0 ? null : Memory.wrap(address, length);
    }

    /**
     * The issuing thread plays the NIC: it checks the target's window descriptor and copies at
     * once, so every operation completes inside the call: DONE, or the NACK of a failed check
     * (nothing touched). Nothing is posted for a later poll: a flush of these finds nothing
     * outstanding.
     */
    @Override
    public int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
                   long token) {
        long address = resolve(target, windowId, capability, offset, length, WindowRights.READ, false, true);
        if (address < 0) {
            return (int) -address;
        }
        if ((address & WindowTable.IN_OWNER_PROCESS) != 0) {
            return readOwnerProcess(target, address & ~WindowTable.IN_OWNER_PROCESS, dstBase, dstOffset, length);
        }
        Memory.copy(null, address, dstBase, dstOffset, length);
        return NicStatus.DONE;
    }

    /** A Get of a window in {@code target}'s process memory: a copy here, else one by the kernel. */
    private int readOwnerProcess(int target, long remote, Object dstBase, long dstOffset, int length) {
        long pid = Memory.getLongVolatile(portStates[target]);
        if (pid == OWN_PID) {
            Memory.copy(null, remote, dstBase, dstOffset, length);
            return NicStatus.DONE;
        }
        if (pid <= 0 || !ProcessMemory.usable()
            || ProcessMemory.read(pid, remote, dstBase, dstOffset, length) != 0) {
            return NicStatus.TREFUSED;
        }
        return NicStatus.DONE;
    }

    @Override
    public int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
                   long token) {
        long address = resolve(target, windowId, capability, offset, length, WindowRights.WRITE, false);
        if (address < 0) {
            return (int) -address;
        }
        Memory.copy(srcBase, srcOffset, null, address, length);
        // a NIC's write completes with release: whatever the origin signals next (a message, a
        // lock word) is seen after the data
        VarHandle.releaseFence();
        return NicStatus.DONE;
    }

    @Override
    public int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token) {
        long address = resolve(target, windowId, capability, offset, Long.BYTES, WindowRights.ATOMIC, true);
        if (address < 0) {
            return (int) -address;
        }
        fetched = Memory.getAndAddLong(address, delta);
        return NicStatus.DONE;
    }

    @Override
    public int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value,
                              long token) {
        long address = resolve(target, windowId, capability, offset, Long.BYTES, WindowRights.ATOMIC, true);
        if (address < 0) {
            return (int) -address;
        }
        fetched = Memory.compareAndExchangeLong(address, expected, value);
        return NicStatus.DONE;
    }

    @Override
    public long fetchedValue() {
        return fetched;
    }

    /**
     * Checks an access to one of this port's own windows as {@link #get} would (NACK order id,
     * capability, rights, offset, length, alignment), touching no memory: for a network board
     * that serves this rank's windows to peers off the node (the router's TCP port), so that one
     * key reaches a window from both boards. Safe from any thread: the owner rewrites a
     * descriptor under its sequence lock.
     *
     * @return the address of the first byte in this process, or {@code -status}
     */
    public long resolveOwnWindow(int windowId, long capability, long offset, long length, int right, boolean atomic) {
        return windowTables[rank].resolve(windowId, capability, offset, length, right, atomic, false);
    }

    private long resolve(int target, int windowId, long capability, long offset, long length, int right, boolean atomic) {
        return resolve(target, windowId, capability, offset, length, right, atomic, false);
    }

    private long resolve(int target, int windowId, long capability, long offset, long length, int right, boolean atomic,
                         boolean process) {
        checkOpen();
        if (target < 0 || target >= ranks) {
            return -NicStatus.TPEER;
        }
        return windowTables[target].resolve(windowId, capability, offset, length, right, atomic, process);
    }

    /** Gives the port up; windows stay registered and arrivals stay queued for a later {@link ShmBoard#open}. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Memory.putLongRelease(portStateAddress, 0);
            board.portClosed(this);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("port of rank " + rank + " is closed");
        }
    }

    private void checkTarget(int target) {
        if (target < 0 || target >= ranks) {
            throw new IllegalArgumentException("target rank " + target + " is not in 0.." + (ranks - 1));
        }
    }

    @Override
    public String toString() {
        return "ShmHostPort{rank " + rank + " of " + ranks + " on " + board + '}';
    }
}

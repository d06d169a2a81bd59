package org.atollmpi.engine;

import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/**
 * The engine's board-memory and exposure service: one job, to hand the layers above the board
 * memory they share with peers and the windows that let peers reach it, in the engine's own
 * terms ({@link BoardBlock}, {@link RemoteKey}, a {@link ByteBuffer}), so that no NIC type
 * crosses the engine's top. It covers:
 * <ul>
 * <li>blocks of board memory for a collective's area or a window ({@link #allocate}/{@link #free});</li>
 * <li>direct buffers over board memory for {@code MPI.newByteBuffer}, given back by a cleaner
 *     ({@link #allocateBuffer}, through {@link BoardBuffers});</li>
 * <li>window descriptors over board memory ({@link #expose}, {@link #withdraw}) and a peer's
 *     exposed memory mapped into this process ({@link #mapExposed}).</li>
 * </ul>
 *
 * <p>The protocol roles' own staging memory and windows stay with {@link RendezvousResources};
 * this service shares the port with it, so when the port has no room (memory or descriptors) it
 * drops that cache once and asks again. Calls take the engine's lock (none for a single-threaded
 * engine): the port's allocator and descriptor table are driven by one thread at a time. None of
 * this is on a message's path: a block or a key is made per allocation or exposure.
 */
final class BoardMemory {
    private final HostPort port;
    private final int rank;
    private final ReentrantLock lock;              // the engine's, or null
    private final RendezvousResources resources;
    private final BoardBuffers buffers = new BoardBuffers();

    BoardMemory(HostPort port, ReentrantLock lock, RendezvousResources resources) {
        this.port = port;
        this.rank = port.rank();
        this.lock = lock;
        this.resources = resources;
    }

    /**
     * Whether {@code worldRank} reaches this rank's board memory directly, so that data placed
     * there once costs it one copy to read (see {@link HostPort#sharesMemoryWith}).
     */
    boolean sharesBoardWith(int worldRank) {
        return port.sharesMemoryWith(worldRank);
    }

    /**
     * Board memory for a layer above to share with peers, given back with {@link #free} once the
     * transfers that read it have completed. Unlike {@link #allocateBuffer} no cleaner is
     * involved: the memory returns at once, so a loop of collectives does not wait for the
     * garbage collector.
     *
     * @return the block, or {@code null} when the board has no room: the caller does without
     */
    BoardBlock allocate(long bytes) {
        lock();
        try {
            BoardRegion region = allocateRegion(bytes);
            return region == null ? null : new BoardBlock(region);
        } finally {
            unlock();
        }
    }

    /** Whether {@code base/offset} is board memory already (a buffer from {@link #allocateBuffer}). */
    boolean contains(Object base, long offset, long length) {
        return port.regionOf(base, offset, length) != null;
    }

    /** Gives back what {@link #allocate} returned. */
    void free(BoardBlock block) {
        lock();
        try {
            block.region().free();
        } finally {
            unlock();
        }
    }

    /**
     * A direct buffer of board memory (native order, zeroed), which peers on the board reach
     * without a copy; its memory returns to the board once the buffer (and every view of it) is
     * unreachable. When the board has no room the call returns at once, for the caller to use
     * ordinary memory, and a collection on another thread gives back the memory of buffers the
     * program dropped for later calls ({@link BoardBuffers}).
     *
     * @param whenFull hears, with the capacity that did not fit, when the board turns out to be
     *        full of buffers still held: at once, or later from the collecting thread
     * @return the buffer, or {@code null} when the board has no room now (or its memory cannot
     *         back a direct buffer)
     */
    ByteBuffer allocateBuffer(int capacity, IntConsumer whenFull) {
        while (true) {
            long seen = buffers.released();
            ByteBuffer b = tryAllocateBuffer(capacity);
            if (b != null || !buffers.reclaim(capacity, seen, whenFull)) {
                return b;
            }
        }
    }

    private ByteBuffer tryAllocateBuffer(int capacity) {
        BoardRegion region;
        lock();
        try {
            region = allocateRegion(capacity);
        } finally {
            unlock();
        }
        return region == null ? null : buffers.wrap(region, capacity);
    }

    private BoardRegion allocateRegion(long bytes) {
        BoardRegion region = port.allocate(bytes);
        if (region == null) {
            resources.dropCache(); // cached staging regions hold board memory
            region = port.allocate(bytes);
        }
        return region;
    }

    /**
     * Registers a window descriptor over {@code [offset, offset + length)} of board memory (a
     * block from {@link #allocate} or a buffer from {@link #allocateBuffer}) that the ranks
     * sharing the board may read, write and update atomically with a {@link OneSidedChannel}
     * presenting the returned key. A length of 0 exposes nothing and returns a key every access
     * to which is refused.
     *
     * @throws EngineException of class {@link ErrorClass#BASE} when the memory is not board
     *                         memory, {@link ErrorClass#NO_MEM} when the port's descriptor table is full
     */
    RemoteKey expose(Object base, long offset, long length) {
        lock();
        try {
            if (length == 0) {
                return new RemoteKey(rank, 0, 0);
            }
            BoardRegion region = port.regionOf(base, offset, length);
            if (region == null) {
                throw new EngineException(ErrorClass.BASE, length + " bytes at " + Long.toHexString(offset)
                    + " are not board memory: only board memory can be exposed to one-sided access");
            }
            return register(region, offset - region.address(), length);
        } finally {
            unlock();
        }
    }

    /** Exposes the whole of a block from {@link #allocate}, as {@link #expose(Object, long, long)}. */
    RemoteKey expose(BoardBlock block) {
        lock();
        try {
            return block.length() == 0 ? new RemoteKey(rank, 0, 0) : register(block.region(), 0, block.length());
        } finally {
            unlock();
        }
    }

    private RemoteKey register(BoardRegion region, long at, long length) {
        WindowKey key = port.register(region, at, length, WindowRights.ALL);
        if (key == null) {
            resources.dropCache(); // cached staging windows hold descriptors
            key = port.register(region, at, length, WindowRights.ALL);
        }
        if (key == null) {
            throw new EngineException(ErrorClass.NO_MEM, "no window descriptor left on rank " + rank
                + " (" + port.windowCapacity() + " in all): free some windows first");
        }
        return new RemoteKey(key.owner(), key.id(), key.capability());
    }

    /** Withdraws what {@link #expose} exposed: later accesses with the key are refused. */
    void withdraw(RemoteKey key) {
        lock();
        try {
            if (key.id() != 0 || key.capability() != 0) {
                port.deregister(new WindowKey(key.owner(), key.id(), key.capability()));
            }
        } finally {
            unlock();
        }
    }

    /**
     * The first {@code length} bytes of the memory {@code key} exposes as a buffer this process
     * loads and stores directly, when the owner shares this rank's board memory
     * (MPI_Win_shared_query); {@code null} when it cannot be reached that way.
     */
    ByteBuffer mapExposed(RemoteKey key, int length) {
        lock();
        try {
            return port.mapWindow(key.owner(), key.id(), key.capability(), length);
        } finally {
            unlock();
        }
    }

    /** Lets a collection of dropped buffers running now finish before the board goes away. */
    void awaitReclaim() {
        buffers.awaitReclaim();
    }

    private void lock() {
        if (lock != null) {
            lock.lock();
        }
    }

    private void unlock() {
        if (lock != null) {
            lock.unlock();
        }
    }
}

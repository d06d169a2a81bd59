package org.atollmpi.nic;

import java.nio.ByteBuffer;

/**
 * One rank's port on the network interface: the NIC's communication instructions as calls.
 *
 * <p>A port owns a receive data region (fast-send slots, one ring per peer, and a variable-size
 * receive ring), a notification queue and a window descriptor table. The board behind it decides
 * who "plays the NIC": on the shm board the sender's own thread deposits data straight into the
 * target's structures; on a network board an I/O thread does it on arrival.
 *
 * <p>Data is addressed the {@link Memory} way, {@code (base, offset)}: a primitive array and a
 * byte offset from its base, or {@code null} and a native address. That lets the engine move any
 * Java array or direct buffer without wrapping it first, and so without allocating.
 *
 * <p>Each deposit carries two opaque 64-bit header words for the layer above (the engine puts its
 * envelope there) and the port adds the source rank. Deposits from one source to one target
 * through one channel ({@link #fastSend} or {@link #send}) arrive in the order made; nothing
 * orders the two channels against each other, which is why the engine numbers its messages.
 *
 * <p>Deposit calls never block: they return {@code false} when the target has no room
 * (back-pressure) and the caller retries after it has made progress. Nothing is ever dropped.
 * One-sided operations are issued and complete later, through {@link ArrivalHandler#onCompletion}.
 *
 * <p>One thread at a time drives a port (the engine's lock serialises callers), with one
 * exception, the deposits of matched messages: {@link #fastSend} and {@link #send} may be called
 * from other threads at the same time as each other and as the thread driving the rest of the
 * port (its {@link #poll} included), as long as calls for one target do not overlap (the engine
 * holds a guard per target). A board keeps the producer state of each (source, target) channel
 * per target, as the virtualized NIC gives each context its own, so such calls do not interfere.
 */
public interface HostPort extends AutoCloseable {
    /** This port's rank in the routing space. */
    int rank();

    /** Number of ranks in the routing space. */
    int size();

    /** Largest payload a {@link #fastSend} carries (one 64-byte slot less its header). */
    int fastSendCapacity();

    /** Largest payload one {@link #send} record carries. */
    int maxSendLength();

    /**
     * FAST_SEND: deposits one slot into {@code target}'s slot ring for this source.
     *
     * @return {@code false} if the ring is full; nothing was written
     * @throws IllegalArgumentException if {@code length > fastSendCapacity()}
     */
    boolean fastSend(int target, long header0, long header1, Object srcBase, long srcOffset, int length);

    /**
     * SEND: deposits one variable-size record into {@code target}'s receive ring.
     *
     * @return {@code false} if the ring has no room now; nothing was written
     */
    boolean send(int target, long header0, long header1, Object srcBase, long srcOffset, int length);

    /**
     * Posts a notification (a completion or control word) into {@code target}'s notification
     * queue.
     *
     * @return {@code false} if the queue is full; nothing was written
     */
    boolean notify(int target, int type, long arg0, long arg1, long arg2);

    /**
     * Delivers what has arrived at this port, oldest first per channel: fast sends, receive-ring
     * records, notifications and completions of this port's one-sided operations, at most
     * {@code limit} of them in all.
     *
     * @return how many were delivered (0 when idle)
     */
    int poll(ArrivalHandler handler, int limit);

    /**
     * Allocates memory that other ranks on the board can reach through a window: what
     * {@code MPI.newByteBuffer}, {@code Win.allocate} and rendezvous staging use.
     *
     * @return the region, or {@code null} if the board has no room left
     */
    BoardRegion allocate(long length);

    /** How many window descriptors this port's table holds (registered windows count against it). */
    int windowCapacity();

    /**
     * Registers a window descriptor over {@code [offset, offset + length)} of {@code region}
     * with the given {@link WindowRights} and a fresh random capability.
     *
     * @return the key, or {@code null} when the descriptor table is full (retry after windows
     *         have been deregistered)
     */
    WindowKey register(BoardRegion region, long offset, long length, int rights);

    /**
     * Invalidates the window: later accesses with its key fail with {@link NicStatus#TWID}.
     *
     * @throws IllegalArgumentException if the key names no window of this port
     */
    void deregister(WindowKey key);

    /**
     * Whether {@code rank} reads and writes this port's board memory directly, so that a window
     * over it costs that rank one copy (a Get is a memcpy), as opposed to a transfer over a
     * network. Collectives use it to share one copy of the data among the ranks of a node.
     */
    boolean sharesMemoryWith(int rank);

    /**
     * The first {@code length} bytes of {@code target}'s registered window as a buffer this
     * process loads and stores directly (MPI_Win_shared_query of a window that ranks sharing the
     * board's memory allocated), after the same checks as an access with read and write rights.
     * A window of this port itself is mapped too.
     *
     * @return the buffer, or {@code null} when this board cannot map that memory here (a network
     *         peer, a failed check)
     */
    default ByteBuffer mapWindow(int target, int windowId, long capability, int length) {
        return null;
    }

    /**
     * Whether {@code reader} can read memory of this process that is not board memory (a direct
     * buffer) through a window of {@link #exposeProcessMemory}: the shm board's cross-memory
     * attach. Constant for the life of the port.
     */
    default boolean exposesProcessMemoryTo(int reader) {
        return false;
    }

    /**
     * Registers a read-only window over {@code length} bytes at {@code address} of this process
     * (memory the board does not own: the caller keeps it alive and unchanged until the window
     * is deregistered), which {@code reader} Gets with one copy. A Get the operating system
     * refuses after all answers {@link NicStatus#TREFUSED}.
     *
     * @return the key, or {@code null} when this port cannot expose it (see
     *         {@link #exposesProcessMemoryTo}) or the descriptor table is full
     */
    default WindowKey exposeProcessMemory(int reader, long address, long length) {
        return null;
    }

    /** How peers read memory this port exposes, in words, for {@code ATOLL_STATS}. */
    default String processMemoryAccess() {
        return "none";
    }

    /**
     * The page this port counts its work into ({@link org.atollmpi.nic.stat.CountingHostPort}),
     * which the layer above adds its own counts to (rendezvous, idling); null for a port that
     * counts nothing.
     */
    default org.atollmpi.nic.stat.NicCounters counters() {
        return null;
    }

    /** Whether {@code base/offset} lies in this port's board memory (so a window can cover it). */
    BoardRegion regionOf(Object base, long offset, long length);

    // ------------------------------------------------------------------------------------------
    // One-sided operations. Each is issued here and completes in one of two ways, which the
    // return code tells:
    //  - OK: issued; it completes later, when the completer posts one completion, carrying the
    //    caller's token, that a later poll hands to ArrivalHandler#onCompletion with OK or the NACK
    //    of the window check (TWID, TDESC, TWID_CAPA, TOFFSET, TLENGTH, TRIGHTS, TALIGN, TPEER), or
    //    TLINK when a network board lost the connection before the answer, and an
    //    atomic's old value. Until then the caller must neither reuse the local buffer nor read a
    //    Get's destination. A network board completes a round trip later; completions come in any
    //    order.
    //  - DONE, or a NACK: complete inside the call (the caller's thread played the NIC, as on the
    //    shm board, where the target's memory is this process's memory too); no completion
    //    follows and the token is not used. A NACK touched no memory. After DONE an atomic's old
    //    value is fetchedValue().
    //  - BUSY: nothing was issued (no room for another outstanding operation): poll, issue again.
    // A board may answer either way for any operation; the caller handles both.
    // ------------------------------------------------------------------------------------------

    /**
     * GET: copies {@code length} bytes at {@code offset} of the target's window into the local
     * destination.
     *
     * @return {@link NicStatus#OK} when issued (a completion follows), {@link NicStatus#DONE} or a
     *         NACK when it completed in the call, or {@link NicStatus#BUSY}: nothing was issued,
     *         poll and retry
     */
    int get(int target, int windowId, long capability, long offset, Object dstBase, long dstOffset, int length,
            long token);

    /** PUT: the reverse of {@link #get}; the source may be reused once the operation has completed. */
    int put(int target, int windowId, long capability, long offset, Object srcBase, long srcOffset, int length,
            long token);

    /**
     * Atomic fetch-and-add on an 8-byte aligned word of the target's window; the completion (or
     * {@link #fetchedValue()} after DONE) carries the old value.
     */
    int fetchAndAdd(int target, int windowId, long capability, long offset, long delta, long token);

    /**
     * Atomic compare-and-swap on an 8-byte aligned word of the target's window; the completion (or
     * {@link #fetchedValue()} after DONE) carries the value found (equal to {@code expected} when
     * the swap happened).
     */
    int compareAndSwap(int target, int windowId, long capability, long offset, long expected, long value, long token);

    /**
     * The old value the last {@link #fetchAndAdd} or {@link #compareAndSwap} found when it
     * returned {@link NicStatus#DONE} (the NIC's result register: read it before the port's next
     * one-sided call).
     *
     * @throws IllegalStateException on a board that never completes an atomic inside the call
     */
    default long fetchedValue() {
        throw new IllegalStateException(getClass().getSimpleName() + " completes no atomic inside the issuing call");
    }

    /** Frees this port's resources; the board stays until its owner closes it. */
    @Override
    void close();
}

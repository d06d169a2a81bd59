package org.atollmpi.engine;

import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;

/**
 * The progress engine of one rank: matching, the protocol ladder (fast / eager / rendezvous) and
 * progress over one {@link HostPort}. Ranks here are world ranks (routing-space ranks); the API
 * layer translates communicator ranks. Buffers are {@code (base, offset, bytes)} the
 * {@link org.atollmpi.nic.Memory} way: a primitive array and a byte offset from its base, or
 * {@code null} and a native address.
 *
 * <p>Per-operation errors (truncation) are reported in the {@link Operation}, never thrown;
 * misuse of the engine (a bad rank) is the API's to check before calling.
 */
public final class Engine implements AutoCloseable {
    public static final int ANY_SOURCE = -1;
    public static final int ANY_TAG = -1;
    /** Largest tag; tags run from 0 to TAG_UB. */
    public static final int TAG_UB = Integer.MAX_VALUE;

    public static final int MODE_STANDARD = 0;
    public static final int MODE_SYNCHRONOUS = 1;
    public static final int MODE_READY = 2;
    public static final int MODE_BUFFERED = 3;

    /** Starts a send; the operation completes when the buffer may be reused (and, for
     * {@link #MODE_SYNCHRONOUS}, once the matching receive has started). */
    public Operation isend(int mode, Object base, long offset, int bytes, int dest, int tag, int context) {
        throw new IllegalStateException("engine not built yet");
    }

    /** Starts a receive of at most {@code bytes} bytes. */
    public Operation irecv(Object base, long offset, int bytes, int source, int tag, int context) {
        throw new IllegalStateException("engine not built yet");
    }

    /** Blocking send (no Operation object is created on the fast path). */
    public void send(int mode, Object base, long offset, int bytes, int dest, int tag, int context) {
        throw new IllegalStateException("engine not built yet");
    }

    /**
     * Blocking receive. Returns an engine-owned operation that holds the status; it stays valid
     * until this thread's next blocking engine call, so copy what you need.
     */
    public Operation recv(Object base, long offset, int bytes, int source, int tag, int context) {
        throw new IllegalStateException("engine not built yet");
    }

    /** Nonblocking probe: an engine-owned operation describing the message, or {@code null}. */
    public Operation iprobe(int source, int tag, int context) {
        throw new IllegalStateException("engine not built yet");
    }

    /** Blocking probe; the result is engine-owned as for {@link #recv}. */
    public Operation probe(int source, int tag, int context) {
        throw new IllegalStateException("engine not built yet");
    }

    /** Progresses until {@code op} completes. */
    public void await(Operation op) {
        throw new IllegalStateException("engine not built yet");
    }

    /** Progresses once and says whether {@code op} is complete. */
    public boolean test(Operation op) {
        throw new IllegalStateException("engine not built yet");
    }

    /** One pass of the progress loop; returns the work done (0 when idle). */
    public int progress() {
        throw new IllegalStateException("engine not built yet");
    }

    /** Backs off according to the idle strategy after a progress pass that did {@code work}. */
    public void idle(int work) {
        throw new IllegalStateException("engine not built yet");
    }

    /**
     * Tries to cancel: a receive not yet matched completes cancelled; a send not yet handed to the
     * NIC is withdrawn and completes cancelled; anything further along completes normally.
     */
    public void cancel(Operation op) {
        throw new IllegalStateException("engine not built yet");
    }

    /** The user lets go of {@code op}: it still completes, and is then forgotten. */
    public void release(Operation op) {
        throw new IllegalStateException("engine not built yet");
    }

    /** Attaches the buffer that {@link #MODE_BUFFERED} sends copy into. */
    public void attachBuffer(Object base, long offset, int bytes) {
        throw new IllegalStateException("engine not built yet");
    }

    /** Waits until every buffered send has left the attached buffer, then detaches it. */
    public void detachBuffer() {
        throw new IllegalStateException("engine not built yet");
    }

    /** Board memory for {@code MPI.newByteBuffer}; {@code null} when the board is full. */
    public BoardRegion allocate(long bytes) {
        throw new IllegalStateException("engine not built yet");
    }

    public int rank() {
        throw new IllegalStateException("engine not built yet");
    }

    public int size() {
        throw new IllegalStateException("engine not built yet");
    }

    @Override
    public void close() {
    }
}

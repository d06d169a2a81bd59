package org.atollmpi.engine;

/**
 * One operation in flight: a send, a receive, or a composite that a layer above completes (a
 * collective schedule), from start to completion. While the engine may still read or write the
 * user's buffer, the operation keeps it referenced (the array as {@link #buffer()}, a direct
 * buffer as the owner given at the start), and the engine keeps the operation, so the garbage
 * collector can neither free nor move the buffer, whatever the program does with its request.
 *
 * <p>The status fields are valid once {@link #isComplete()} is true: {@code complete} is written
 * last, with release, and read with acquire. Per-operation errors (a truncated receive, a refused
 * Get) are reported here, not thrown: {@link #error()} is an {@link ErrorClass}.
 *
 * <p>Which protocol moves the operation is not its business: a send or receive that needs more
 * than one step has a {@link ProtocolRole} (the state machine of its side of the protocol), which
 * points back at it until it completes.
 *
 * <p><b>Who owns it, and when it is recycled.</b> The operation that {@link Engine#isend} or
 * {@link Engine#irecv} returns is the caller's until the caller hands it back with
 * {@link Engine#release}; from then on the caller must not read it (take the status first): a
 * completed operation goes back to the engine's {@link OperationPool} at once (in a thread-safe
 * engine, the releasing thread's) and is the next {@code isend}'s. That is safe because by then
 * nothing else can reach it: the protocol role drops it when it completes it ({@code op = null}),
 * the match and send queues unlink it before it completes, and a completion hook, if any, has run
 * (release keeps an operation whose hook is pending). No engine part writes an operation after
 * completing it ({@code complete} is the last write), so a thread-safe engine recycles one that
 * never had a hook ({@code hooked}) without its lock. What never goes back, to be taken by the
 * garbage collector instead: an operation released before it completes (a freed request: it
 * still completes its transfer, holding its buffer), a composite, a buffered send's internal copy, a matched receive ({@code imrecv}),
 * probes and the blocking calls' own operations. The MPI layer follows the rule by completing a
 * request before it releases the operation and then forgetting it ({@code Request.op = null}),
 * as MPI makes a completed request null.
 */
public final class Operation {
    static final int KIND_SEND = 1;
    static final int KIND_RECV = 2;
    static final int KIND_PROBE = 3;
    static final int KIND_COMPOSITE = 4;

    // --- set at start ---
    int kind;
    int mode;
    Object base;
    long offset;
    int bytes;
    int peer;       // destination (send) or requested source (recv), world rank or ANY_SOURCE
    int tag;        // requested tag (recv may be ANY_TAG)
    int context;

    // --- completion ---
    volatile boolean complete;
    int statusSource;
    int statusTag;
    int statusBytes;
    int error;
    String errorMessage;
    boolean cancelled;
    boolean freed;          // the user let go of it: forget it on completion
    Object owner;           // the buffer object behind a native address, kept alive until completion
    CompletionHook hook;    // run once, from the progress loop, after completion
    boolean hooked;         // a hook was registered: release takes the engine's lock
    Operation nextCompleted; // the engine's list of completed operations with a hook
    volatile Thread waiter;  // a virtual thread parked until this completes (ParkedWaiters)

    // --- where it waits ---
    Operation next;         // posted-receive queue, or the send queue of its target
    Operation prev;
    ProtocolRole role;      // the state machine moving it on, while there is one
    int bufferedBlock = -1; // start of this send's copy in the attached buffer (buffered mode)
    boolean recyclable;     // taken from the pool and not given back: release may return it
    // --- message trace (mpirun --trace), only when the engine has one ---
    int traceRecord = -1;   // this message's record, set at every post while tracing, -1 once completed
    int traceSpan = -1;     // a collective's span that ends with this (composite) operation

    Operation() {
    }

    /** Makes a reused (engine-owned) operation new again. */
    void reset() {
        complete = false;
        freed = false;
        cancelled = false;
        error = ErrorClass.SUCCESS;
        errorMessage = null;
        owner = null;
        hook = null;
        hooked = false;
        nextCompleted = null;
        next = null;
        prev = null;
        role = null;
        bufferedBlock = -1;
    }

    public boolean isComplete() {
        return complete;
    }

    public boolean isSend() {
        return kind == KIND_SEND;
    }

    /** The world rank the message came from (receives and probes). */
    public int source() {
        return statusSource;
    }

    public int tag() {
        return statusTag;
    }

    /** Bytes received (receives, probes) or sent. */
    public int byteCount() {
        return statusBytes;
    }

    /** {@link ErrorClass#SUCCESS} or the error class of a failed operation. */
    public int error() {
        return error;
    }

    public String errorMessage() {
        return errorMessage;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** The buffer this operation reads or writes (kept alive until completion). */
    public Object buffer() {
        return base;
    }

    public int context() {
        return context;
    }

    @Override
    public String toString() {
        String k = switch (kind) {
            case KIND_SEND -> "send";
            case KIND_RECV -> "recv";
            case KIND_PROBE -> "probe";
            default -> "composite";
        };
        return k + "{peer=" + peer + ", tag=" + tag + ", ctx=" + context + ", bytes=" + bytes
            + ", complete=" + complete + (role != null ? ", " + role : "") + '}';
    }
}

package org.atollmpi.engine;

/**
 * One point-to-point operation in flight: a send or a receive, from start to completion. It keeps
 * the user's buffer ({@link #buffer()}) referenced until it completes, so the garbage collector
 * can neither free nor move what the engine still reads or writes.
 *
 * <p>The status fields are valid once {@link #isComplete()} is true. Per-operation errors (a
 * truncated receive) are reported here, not thrown: {@link #error()} is an {@link ErrorClass}.
 */
public final class Operation {
    static final int KIND_SEND = 1;
    static final int KIND_RECV = 2;
    static final int KIND_PROBE = 3;

    // --- set at start ---
    int kind;
    int mode;
    Object base;
    long offset;
    int bytes;
    int peer;       // destination (send) or requested source (recv), world rank or ANY_SOURCE
    int tag;        // requested tag (recv may be ANY_TAG)
    int context;
    int id;         // index in the engine's operation table while the NIC may refer to it

    // --- completion ---
    volatile boolean complete;
    int statusSource;
    int statusTag;
    int statusBytes;
    int error;
    String errorMessage;
    boolean cancelled;
    boolean freed;      // the user let go of it: recycle/forget on completion

    // --- protocol state ---
    Operation next;     // posted queue / outbound queue links
    Operation prev;
    int state;
    Object protocol;    // per-protocol state (rendezvous transfer)
    int bufferedBlock = -1; // start of this send's copy in the attached buffer (buffered mode)

    Operation() {
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
        return (kind == KIND_SEND ? "send" : kind == KIND_RECV ? "recv" : "probe")
            + "{peer=" + peer + ", tag=" + tag + ", ctx=" + context + ", bytes=" + bytes
            + ", complete=" + complete + '}';
    }
}

package org.atollmpi.engine;

/**
 * A message that a matched probe ({@link Engine#mprobe}, {@link Engine#improbe}; MPI_Mprobe) has
 * taken out of matching: no receive or probe can match it any more, and exactly one
 * {@link Engine#mrecv} or {@link Engine#imrecv} receives it. It holds what the engine kept of the
 * unexpected message: the data of an eager message, the RTS of a rendezvous one (whose data stays
 * with the sender until the receive starts the transfer).
 *
 * <p>The description ({@link #source()}, {@link #tag()}, {@link #byteCount()}) stays readable
 * after the message has been received.
 */
public final class MatchedMessage {
    /** The held message until it is received; null afterwards. */
    HeldMessage held;
    private final int context;
    private final int source;
    private final int tag;
    private final int bytes;

    MatchedMessage(HeldMessage held, int context) {
        this.held = held;
        this.context = context;
        this.source = held.source;
        this.tag = held.tag();
        this.bytes = held.messageBytes();
    }

    /** The world rank that sent it. */
    public int source() {
        return source;
    }

    public int tag() {
        return tag;
    }

    /** The size of the message in bytes (for a rendezvous message, the size its RTS announced). */
    public int byteCount() {
        return bytes;
    }

    public int context() {
        return context;
    }

    /** True once a receive has taken the message (it cannot be received twice). */
    public boolean isReceived() {
        return held == null;
    }

    @Override
    public String toString() {
        return "matched{source=" + source + ", tag=" + tag + ", bytes=" + bytes + ", ctx=" + context
            + (held == null ? ", received" : "") + '}';
    }
}

package org.atollmpi.engine.trace;

/**
 * Layout of one trace record: six 64-bit words in a rank's {@code long[]} (a message as one side
 * of it saw it, or a collective's span), the same in memory and, word for word, in the part file a
 * rank writes at {@code MPI.Finalize} ({@link TracePart}).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |          posted (ns, System.nanoTime; a span: its begin)      |   0
 *  +---------------------------------------------------------------+
 *  |   injected (a send) or delivered (a receive); 0: not (yet)    |   8
 *  +---------------------------------------------------------------+
 *  |          completed (ns; a span: its end); 0: not (yet)        |  16
 *  +---------------+---------------+---------------+---------------+
 *  |     kind      |   protocol    |     flags     |   (unused)    |  24
 *  +---------------+---------------+---------------+---------------+
 *  |      peer: destination, source (ANY_SOURCE until matched)     |  28
 *  +---------------------------------------------------------------+
 *  |        tag (ANY_TAG until matched; a span: its name id)       |  32
 *  +---------------------------------------------------------------+
 *  |  sequence of the (sender, receiver) pair, 0 until known       |  36
 *  +---------------------------------------------------------------+
 *  |  bytes: a send's, a receive's as received (its buffer until)  |  40
 *  +---------------------------------------------------------------+
 *  |                     the engine's context                      |  44
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * The sequence is the engine's own message number per (sender, receiver) pair
 * ({@code Sequencer}): the sender's record and the receiver's carry the same one, so the merge
 * pairs them exactly, whatever the tags and contexts.
 */
public final class TraceRecordDescriptor {
    public static final int POSTED = 0;
    /** Injected on the sender's side, delivered on the receiver's. */
    public static final int PASSED = 1;
    public static final int COMPLETED = 2;
    /** kind:8 | protocol:8 | flags:8 | unused:8 | peer:32. */
    public static final int WHAT = 3;
    /** tag:32 | sequence:32. */
    public static final int TAG_SEQUENCE = 4;
    /** bytes:32 | context:32. */
    public static final int BYTES_CONTEXT = 5;
    /** Longs per record. */
    public static final int WORDS = 6;

    public static final int KIND_SEND = 1;
    public static final int KIND_RECV = 2;
    public static final int KIND_SPAN = 3;

    public static final int PROTOCOL_NONE = 0;
    /** One fast-send slot. */
    public static final int PROTOCOL_FAST = 1;
    /** One record in the receiver's ring. */
    public static final int PROTOCOL_EAGER = 2;
    /** An RTS, then the data after the match. */
    public static final int PROTOCOL_RENDEZVOUS = 3;

    /** A receive that found its message waiting (delivered before it was posted). */
    public static final int FLAG_UNEXPECTED = 1;
    public static final int FLAG_CANCELLED = 2;
    public static final int FLAG_SYNCHRONOUS = 4;

    private TraceRecordDescriptor() {
    }

    static long what(int kind, int protocol, int flags, int peer) {
        return ((long) (kind & 0xFF) << 56) | ((long) (protocol & 0xFF) << 48) | ((long) (flags & 0xFF) << 40)
            | (peer & 0xFFFF_FFFFL);
    }

    static long pair(int high, int low) {
        return ((long) high << 32) | (low & 0xFFFF_FFFFL);
    }

    public static int kind(long what) {
        return (int) (what >>> 56) & 0xFF;
    }

    public static int protocol(long what) {
        return (int) (what >>> 48) & 0xFF;
    }

    public static int flags(long what) {
        return (int) (what >>> 40) & 0xFF;
    }

    public static int peer(long what) {
        return (int) what;
    }

    public static int high(long pair) {
        return (int) (pair >>> 32);
    }

    public static int low(long pair) {
        return (int) pair;
    }

    /** The protocol's name in a trace: fast, eager, rendezvous. */
    public static String protocolName(int protocol) {
        return switch (protocol) {
            case PROTOCOL_FAST -> "fast";
            case PROTOCOL_EAGER -> "eager";
            case PROTOCOL_RENDEZVOUS -> "rendezvous";
            default -> "unknown";
        };
    }
}

package org.atollmpi.nic.stat;

import org.atollmpi.nic.NicStatus;

/**
 * The counters of a host port that are one word each (the deposits, counted per target, are
 * {@link PeerCounter}s). Grouped by the thread that writes them, each group on lines of its own in
 * the counter page ({@link NicCountersDescriptor}): the thread that polls the port, the thread that
 * drives its one-sided operations, and the threads that wait.
 */
public enum NicCounter {
    // ---- written by the thread polling the port
    MESSAGES_IN("messages received", Writer.POLLER, -1),
    BYTES_IN("bytes received", Writer.POLLER, -1),
    NOTIFICATIONS_IN("notifications received", Writer.POLLER, -1),
    /** The most notifications one poll found waiting (the queue's high-water mark, as the port saw it). */
    NOTIFICATION_HIGH_WATER("notification high-water", Writer.POLLER, -1),
    COMPLETIONS_IN("one-sided completions", Writer.POLLER, -1),

    // ---- written by the thread driving the port's one-sided operations
    GETS("gets", Writer.ONE_SIDED, -1),
    GET_BYTES("get bytes", Writer.ONE_SIDED, -1),
    PUTS("puts", Writer.ONE_SIDED, -1),
    PUT_BYTES("put bytes", Writer.ONE_SIDED, -1),
    ATOMICS("atomics", Writer.ONE_SIDED, -1),
    ONE_SIDED_BUSY("one-sided busy", Writer.ONE_SIDED, -1),
    REFUSED_TWID("refused TWID", Writer.ONE_SIDED, NicStatus.TWID),
    REFUSED_TWID_CAPA("refused TWID_CAPA", Writer.ONE_SIDED, NicStatus.TWID_CAPA),
    REFUSED_TOFFSET("refused TOFFSET", Writer.ONE_SIDED, NicStatus.TOFFSET),
    REFUSED_TLENGTH("refused TLENGTH", Writer.ONE_SIDED, NicStatus.TLENGTH),
    REFUSED_TRIGHTS("refused TRIGHTS", Writer.ONE_SIDED, NicStatus.TRIGHTS),
    REFUSED_TALIGN("refused TALIGN", Writer.ONE_SIDED, NicStatus.TALIGN),
    REFUSED_TPEER("refused TPEER", Writer.ONE_SIDED, NicStatus.TPEER),
    REFUSED_TDESC("refused TDESC", Writer.ONE_SIDED, NicStatus.TDESC),
    REFUSED_TLINK("refused TLINK", Writer.ONE_SIDED, NicStatus.TLINK),
    REFUSED_TREFUSED("refused TREFUSED", Writer.ONE_SIDED, NicStatus.TREFUSED),

    // ---- written by the engine: the protocol it chose (under its lock), and how its waiting
    //      threads idled (several may wait at once: those are added atomically, IdleTally)
    RENDEZVOUS_SENT("rendezvous sent", Writer.ENGINE, -1),
    RENDEZVOUS_RECEIVED("rendezvous received", Writer.ENGINE, -1),
    IDLE_SPINS("idle spins", Writer.ENGINE, -1),
    IDLE_YIELDS("idle yields", Writer.ENGINE, -1),
    IDLE_PARKS("idle parks", Writer.ENGINE, -1);

    /**
     * Which thread writes a counter: one per group, each group on lines of its own. The poller's
     * and the one-sided group's words have one writer at a time; the engine's idle counts are
     * added atomically by however many threads wait.
     */
    enum Writer { POLLER, ONE_SIDED, ENGINE }

    private static final NicCounter[] BY_NACK = new NicCounter[16];

    static {
        for (NicCounter c : values()) {
            if (c.nack >= 0) {
                BY_NACK[c.nack] = c;
            }
        }
    }

    private final String label;
    final Writer writer;
    private final int nack;

    NicCounter(String label, Writer writer, int nack) {
        this.label = label;
        this.writer = writer;
        this.nack = nack;
    }

    /** What the reports call it. */
    public String label() {
        return label;
    }

    /** The refusal counter of NACK {@code status}, or null when {@code status} is no NACK. */
    public static NicCounter refusal(int status) {
        return status >= 0 && status < BY_NACK.length ? BY_NACK[status] : null;
    }

    /** Whether this counts refusals of one NACK code. */
    public boolean isRefusal() {
        return nack >= 0;
    }
}

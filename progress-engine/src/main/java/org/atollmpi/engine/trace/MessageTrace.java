package org.atollmpi.engine.trace;

import static org.atollmpi.engine.trace.TraceRecordDescriptor.BYTES_CONTEXT;
import static org.atollmpi.engine.trace.TraceRecordDescriptor.COMPLETED;
import static org.atollmpi.engine.trace.TraceRecordDescriptor.PASSED;
import static org.atollmpi.engine.trace.TraceRecordDescriptor.POSTED;
import static org.atollmpi.engine.trace.TraceRecordDescriptor.TAG_SEQUENCE;
import static org.atollmpi.engine.trace.TraceRecordDescriptor.WHAT;
import static org.atollmpi.engine.trace.TraceRecordDescriptor.WORDS;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One rank's message trace ({@code mpirun --trace FILE}): per message, the four timestamps of a
 * benchmark mode (seed 003) as this rank sees them, posted, injected (sender) or delivered
 * (receiver), completed; and the collectives' spans. The engine records into one preallocated
 * {@code long[]} of {@link TraceRecordDescriptor#WORDS} words a record, so recording allocates
 * nothing; past the capacity ({@code ATOLL_TRACE_EVENTS}, a million by default, 48 MB) a record
 * is not taken but counted as dropped, and the part file says so.
 *
 * <p>A record is a number (its index) that the engine keeps in the operation it describes; -1
 * means "not traced" (tracing was full) and every method ignores it. An engine without a trace
 * holds {@code null} and pays one branch on a final field per hook.
 *
 * <p>Threads: a thread-safe engine claims records with an atomic add (its fast sends record
 * without its lock); each record is then written by whichever thread moves its operation, with
 * the engine's lock or the target's deposit guard ordering those writes. The part is written at
 * {@code MPI.Finalize}, after the engine quiesced.
 */
public final class MessageTrace {
    /** The variable mpirun sets for every rank: the merged file, beside which the rank writes its part. */
    public static final String FILE_ENV = "ATOLL_TRACE";
    public static final String FILE_PROPERTY = "atoll.trace";
    /** Records per rank. */
    public static final String EVENTS_ENV = "ATOLL_TRACE_EVENTS";
    public static final String EVENTS_PROPERTY = "atoll.trace.events";
    public static final int DEFAULT_EVENTS = 1_000_000;

    private static final VarHandle CLAIMED;
    private static final VarHandle DROPPED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CLAIMED = lookup.findVarHandle(MessageTrace.class, "claimed", int.class);
            DROPPED = lookup.findVarHandle(MessageTrace.class, "dropped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int capacity;
    private final boolean threadSafe;
    private final long[] records;
    // plain fields: a single-threaded engine bumps them in its own thread; a thread-safe one
    // through the VarHandles' atomic adds
    private int claimed;
    private long dropped;
    private final List<String> spanNames = new ArrayList<>();
    private final Map<String, Integer> spanIds = new HashMap<>();

    /**
     * @param capacity   records kept, at most
     * @param threadSafe records are claimed by several threads at once (a thread-safe engine)
     */
    public MessageTrace(int capacity, boolean threadSafe) {
        if (capacity < 1) {
            throw new IllegalArgumentException(EVENTS_PROPERTY + " / " + EVENTS_ENV + " must be 1 or more: " + capacity);
        }
        this.capacity = capacity;
        this.threadSafe = threadSafe;
        this.records = new long[Math.multiplyExact(capacity, WORDS)];
    }

    /** The file the job's trace goes to ({@code ATOLL_TRACE}), or null: tracing is off. */
    public static String fileSetting() {
        String v = System.getProperty(FILE_PROPERTY);
        if (v == null) {
            v = System.getenv(FILE_ENV);
        }
        return v == null || v.isBlank() ? null : v;
    }

    /** The capacity {@code ATOLL_TRACE_EVENTS} asks for (k and m as powers of 1000 would mislead: a plain number). */
    public static int capacitySetting() {
        String v = System.getProperty(EVENTS_PROPERTY);
        if (v == null) {
            v = System.getenv(EVENTS_ENV);
        }
        if (v == null || v.isBlank()) {
            return DEFAULT_EVENTS;
        }
        try {
            return Integer.parseInt(v.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(EVENTS_PROPERTY + " / " + EVENTS_ENV + " must be a whole number of"
                + " events, not '" + v + "'");
        }
    }

    public int capacity() {
        return capacity;
    }

    /** Records taken so far (at most the capacity). */
    public int recorded() {
        return Math.min(claimed, capacity);
    }

    /** Records that did not fit. */
    public long dropped() {
        return dropped;
    }

    private int claim() {
        int i = threadSafe ? (int) CLAIMED.getAndAdd(this, 1) : claimed++;
        if (i >= capacity || i < 0) {
            if (threadSafe) {
                DROPPED.getAndAdd(this, 1L);
            } else {
                dropped++;
            }
            if (i < 0 || i > capacity) {
                claimed = capacity + 1; // no wrap of the counter however long the program runs
            }
            return -1;
        }
        return i;
    }

    // ------------------------------------------------------------------------------------------
    // Messages (the engine)
    // ------------------------------------------------------------------------------------------

    /**
     * A send or receive was posted by the program.
     *
     * @param kind {@link TraceRecordDescriptor#KIND_SEND} or {@link TraceRecordDescriptor#KIND_RECV}
     * @return the record, or -1 when the trace is full
     */
    public int posted(int kind, int flags, int peer, int tag, int context, int bytes) {
        long now = System.nanoTime();
        int r = claim();
        if (r < 0) {
            return -1;
        }
        int at = r * WORDS;
        long[] a = records;
        a[at + POSTED] = now;
        a[at + PASSED] = 0;
        a[at + COMPLETED] = 0;
        a[at + WHAT] = TraceRecordDescriptor.what(kind, TraceRecordDescriptor.PROTOCOL_NONE, flags, peer);
        a[at + TAG_SEQUENCE] = TraceRecordDescriptor.pair(tag, 0);
        a[at + BYTES_CONTEXT] = TraceRecordDescriptor.pair(bytes, context);
        return r;
    }

    /**
     * The port accepted the send's deposit (fast send, eager record, or the RTS), numbered
     * {@code sequence}, in a call that began at {@code depositedAt}: the time before the call, not
     * after it, since the receiver may take the message before the sending thread runs again.
     */
    public void injected(int record, int sequence, int protocol, long depositedAt) {
        if (record < 0) {
            return;
        }
        int at = record * WORDS;
        long[] a = records;
        a[at + PASSED] = depositedAt;
        long what = a[at + WHAT];
        a[at + WHAT] = TraceRecordDescriptor.what(TraceRecordDescriptor.kind(what), protocol,
            TraceRecordDescriptor.flags(what), TraceRecordDescriptor.peer(what));
        a[at + TAG_SEQUENCE] = TraceRecordDescriptor.pair(TraceRecordDescriptor.high(a[at + TAG_SEQUENCE]), sequence);
    }

    /**
     * The receive matched a message that the engine took from its port at {@code deliveredAt}
     * (before the receive was posted when {@code unexpected}).
     */
    public void delivered(int record, int source, int tag, int sequence, int bytes, int protocol, long deliveredAt,
                          boolean unexpected) {
        if (record < 0) {
            return;
        }
        int at = record * WORDS;
        long[] a = records;
        a[at + PASSED] = deliveredAt;
        long what = a[at + WHAT];
        int flags = TraceRecordDescriptor.flags(what) | (unexpected ? TraceRecordDescriptor.FLAG_UNEXPECTED : 0);
        a[at + WHAT] = TraceRecordDescriptor.what(TraceRecordDescriptor.kind(what), protocol, flags, source);
        a[at + TAG_SEQUENCE] = TraceRecordDescriptor.pair(tag, sequence);
        a[at + BYTES_CONTEXT] = TraceRecordDescriptor.pair(bytes, TraceRecordDescriptor.low(a[at + BYTES_CONTEXT]));
    }

    /** The operation (or span) of {@code record} completed. */
    public void completed(int record, boolean cancelled) {
        if (record < 0) {
            return;
        }
        long now = System.nanoTime();
        int at = record * WORDS;
        long[] a = records;
        a[at + COMPLETED] = now;
        if (cancelled) {
            a[at + WHAT] |= (long) TraceRecordDescriptor.FLAG_CANCELLED << 40;
        }
    }

    // ------------------------------------------------------------------------------------------
    // Spans (the MPI layer's collectives)
    // ------------------------------------------------------------------------------------------

    /** The id of a span name ({@code MPI_Allreduce}), the same for every call with that name. */
    public synchronized int spanName(String name) {
        Integer id = spanIds.get(name);
        if (id == null) {
            id = spanNames.size();
            spanNames.add(name);
            spanIds.put(name, id);
        }
        return id;
    }

    /**
     * A span begins now; end it with {@link #completed} (or let the engine end it with its
     * operation's completion).
     *
     * @return the record, or -1 when the trace is full
     */
    public int beginSpan(int nameId, int context) {
        long now = System.nanoTime();
        int r = claim();
        if (r < 0) {
            return -1;
        }
        int at = r * WORDS;
        long[] a = records;
        a[at + POSTED] = now;
        a[at + PASSED] = 0;
        a[at + COMPLETED] = 0;
        a[at + WHAT] = TraceRecordDescriptor.what(TraceRecordDescriptor.KIND_SPAN, 0, 0, -1);
        a[at + TAG_SEQUENCE] = TraceRecordDescriptor.pair(nameId, 0);
        a[at + BYTES_CONTEXT] = TraceRecordDescriptor.pair(0, context);
        return r;
    }

    // ------------------------------------------------------------------------------------------
    // Start and end
    // ------------------------------------------------------------------------------------------

    /**
     * Forgets everything recorded so far: after MPI_Init's training pass, whose messages are the
     * library's. Called with no traffic in flight, from the one thread that runs MPI then.
     */
    public void clear() {
        claimed = 0;
        dropped = 0;
    }

    /**
     * Writes this rank's part ({@link TracePart}): {@code file} is written whole under a temporary
     * name, then renamed, so a merge never reads half a part.
     */
    public void writePart(Path file, int rank, int worldSize, String host) throws IOException {
        List<String> names;
        synchronized (this) {
            names = List.copyOf(spanNames);
        }
        TracePart.write(file, rank, worldSize, host, names, records, recorded(), dropped);
    }

    /** Where rank {@code rank} writes its part of the job's trace {@code file}. */
    public static Path partFile(Path file, int rank) {
        return file.resolveSibling(file.getFileName() + ".rank" + rank);
    }
}

package org.atollmpi.engine;

import org.atollmpi.nic.Memory;
import org.atollmpi.nic.stat.NicCounter;
import org.atollmpi.nic.stat.NicCounters;
import org.atollmpi.engine.trace.MessageTrace;
import org.atollmpi.engine.trace.TraceRecordDescriptor;

/**
 * Brings matched messages and receives together, from both sides: a message in its turn (from
 * the {@link Sequencer}) goes to the first posted receive it matches or waits as unexpected; a new
 * receive takes the first unexpected message it matches or is posted. Delivery to a receive is
 * the same either way: its status and any truncation, then an eager message's copy (and, for a
 * synchronous sender, a SYNC_ACK) or, for an RTS, a {@link RendezvousReceive} role that moves the
 * data. No state of its own: the queues are the {@link Matcher}'s; it runs under the engine's
 * lock. Allocates nothing but what the message needs kept (a {@link HeldMessage} from the pool,
 * a rendezvous role).
 */
final class MatchDelivery {
    /**
     * Unexpected messages of at least this size are copied into a thread-safe engine's receive
     * buffer outside its lock: a copy of 16 KiB takes about a microsecond, many times the cost
     * of taking the lock a second time to recycle the message.
     */
    static final int UNLOCKED_COPY_BYTES = 16 * 1024;

    private final Engine engine;
    private final Matcher matcher;
    private final HeldMessagePool held;
    private final Outbox outbox;
    private final Faults faults;
    private final NicCounters nic;
    /** Null: no message trace. */
    private final MessageTrace trace;
    private final int fastLimit;
    /** A thread-safe engine: large unexpected messages are copied outside its lock. */
    private final boolean copiesOutsideLock;

    MatchDelivery(Engine engine, Matcher matcher, HeldMessagePool held, Outbox outbox, Faults faults, NicCounters nic,
                  MessageTrace trace, int fastLimit, boolean copiesOutsideLock) {
        this.engine = engine;
        this.matcher = matcher;
        this.held = held;
        this.outbox = outbox;
        this.faults = faults;
        this.nic = nic;
        this.trace = trace;
        this.fastLimit = fastLimit;
        this.copiesOutsideLock = copiesOutsideLock;
    }

    /**
     * A new receive: matches it against the unexpected messages or posts it.
     *
     * @return {@code null}, or (thread-safe engines) a large eager message matched and taken out
     *         of matching, with the operation's status set: the caller copies it outside the lock
     *         and completes the operation, which no one else sees until then
     */
    HeldMessage post(Operation op, Object base, long offset, int bytes, int source, int tag, int context) {
        op.kind = Operation.KIND_RECV;
        op.base = base;
        op.offset = offset;
        op.bytes = bytes;
        op.peer = source;
        op.tag = tag;
        op.context = context;
        MatchQueues q = matcher.queues(context);
        HeldMessage m = q.findUnexpected(source, tag);
        if (m != null) {
            q.removeUnexpected(m);
            if (copiesOutsideLock && m.kind() != Envelope.RTS && m.length >= UNLOCKED_COPY_BYTES) {
                if (trace != null) {
                    traceDelivered(op, m.source, m.header0, m.header1, m.data, Memory.BYTE_ARRAY_BASE, m.length,
                        m.arrivedAt, true);
                }
                matchEager(op, m.source, m.header0, m.header1, m.length);
                return m;
            }
            deliver(op, m.source, m.header0, m.header1, m.data, Memory.BYTE_ARRAY_BASE, m.length, m.arrivedAt, true);
            held.recycle(m);
            return null;
        }
        q.post(op);
        return null;
    }

    /**
     * The receive of a message a matched probe took out of matching (MPI_Mrecv).
     *
     * @throws EngineException of class {@link ErrorClass#REQUEST} when it has been received already
     */
    void receiveMatched(Operation op, MatchedMessage message, Object base, long offset, int bytes) {
        HeldMessage m = message.held;
        if (m == null) {
            throw new EngineException(ErrorClass.REQUEST, "the matched message " + message + " has been received already");
        }
        message.held = null;
        op.kind = Operation.KIND_RECV;
        op.base = base;
        op.offset = offset;
        op.bytes = bytes;
        op.peer = m.source;
        op.tag = m.tag();
        op.context = message.context();
        deliver(op, m.source, m.header0, m.header1, m.data, Memory.BYTE_ARRAY_BASE, m.length, m.arrivedAt, true);
        held.recycle(m);
    }

    /**
     * A matched message in its turn: deliver it to the first posted receive it matches, or keep it
     * as unexpected. {@code arrivedAt}: when the port delivered it (a trace's "delivered"; 0 when
     * tracing is off).
     */
    void arrived(int source, long h0, long h1, Object base, long offset, int length, long arrivedAt) {
        if (Envelope.kind(h0) == Envelope.RTS && RtsDescriptor.totalBytes(base, offset) < 0) {
            faults.report("RTS from rank " + source + " announces " + RtsDescriptor.totalBytes(base, offset) + " bytes");
            return;
        }
        int context = Envelope.context(h0);
        if (context >= Matcher.MAX_CONTEXTS) {
            // the wire carries 24 bits; a context no job uses would grow the matcher's table to 16 M
            faults.report("message from rank " + source + " on context " + context + ", beyond the "
                + Matcher.MAX_CONTEXTS + " contexts a job can use");
            return;
        }
        MatchQueues q = matcher.queues(context);
        Operation op = q.takePosted(source, Envelope.tag(h0));
        if (op != null) {
            deliver(op, source, h0, h1, base, offset, length, arrivedAt, false);
        } else {
            HeldMessage m = held.hold(source, h0, h1, base, offset, length);
            m.arrivedAt = arrivedAt;
            q.addUnexpected(m);
        }
    }

    private void deliver(Operation op, int source, long h0, long h1, Object base, long offset, int length,
                         long arrivedAt, boolean unexpected) {
        if (trace != null) {
            traceDelivered(op, source, h0, h1, base, offset, length, arrivedAt, unexpected);
        }
        op.statusSource = source;
        op.statusTag = Envelope.tag(h0);
        int kind = Envelope.kind(h0);
        if (kind == Envelope.RTS) {
            int total = RtsDescriptor.totalBytes(base, offset);
            if (total > op.bytes) {
                truncated(op, total);
            }
            op.statusBytes = Math.min(total, op.bytes);
            nic.increment(NicCounter.RENDEZVOUS_RECEIVED);
            RendezvousReceive r = new RendezvousReceive(engine, op, source, Envelope.aux(h1), total,
                RtsDescriptor.windowId(base, offset), RtsDescriptor.capability(base, offset));
            engine.register(r);
            op.role = r;
            engine.makeReady(r);
            return;
        }
        int n = matchEager(op, source, h0, h1, length);
        if (n > 0) {
            Memory.copy(base, offset, op.base, op.offset, n);
        }
        engine.complete(op);
    }

    /**
     * All of the delivery of a matched eager message but the copy and the completion: its status,
     * truncation, and for a synchronous send the SYNC_ACK (the receive has started).
     *
     * @return how many bytes to copy
     */
    private int matchEager(Operation op, int source, long h0, long h1, int length) {
        op.statusSource = source;
        op.statusTag = Envelope.tag(h0);
        int n = length;
        if (length > op.bytes) {
            truncated(op, length);
            n = op.bytes;
        }
        op.statusBytes = n;
        if (Envelope.kind(h0) == Envelope.EAGER_SYNC) {
            outbox.syncAck(source, Envelope.aux(h1));
        }
        return n;
    }

    private static void truncated(Operation op, int messageBytes) {
        op.error = ErrorClass.TRUNCATE;
        op.errorMessage = "message of " + messageBytes + " bytes from rank " + op.statusSource + " (tag "
            + op.statusTag + ") does not fit the receive buffer of " + op.bytes + " bytes";
    }

    /**
     * The receive {@code op} matched a message the port delivered at {@code arrivedAt}. The
     * receiver cannot see which channel a message came by, only its size: one that fits a slot
     * came as a fast send (the sender's rule), which the merge checks against the sender's record.
     */
    private void traceDelivered(Operation op, int source, long h0, long h1, Object base, long offset, int length,
                                long arrivedAt, boolean unexpected) {
        boolean rts = Envelope.kind(h0) == Envelope.RTS;
        int bytes = Math.min(rts ? RtsDescriptor.totalBytes(base, offset) : length, op.bytes);
        int protocol = rts ? TraceRecordDescriptor.PROTOCOL_RENDEZVOUS
            : length <= fastLimit ? TraceRecordDescriptor.PROTOCOL_FAST : TraceRecordDescriptor.PROTOCOL_EAGER;
        trace.delivered(op.traceRecord, source, Envelope.tag(h0), Envelope.sequence(h1), bytes, protocol, arrivedAt,
            unexpected);
    }
}

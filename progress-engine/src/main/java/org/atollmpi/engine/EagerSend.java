package org.atollmpi.engine;

import org.atollmpi.nic.HostPort;
import org.atollmpi.engine.trace.MessageTrace;
import org.atollmpi.engine.trace.TraceRecordDescriptor;

/**
 * The eager send path: a message that travels whole in one deposit, one fast-send slot up to the
 * port's slot payload, else one record in the target's receive ring. It numbers the message and
 * deposits it as one step; a deposit that finds no room takes no number and leaves nothing
 * behind, and the caller queues the send ({@link SendQueue}) or takes the locked path.
 *
 * <p>A standard or ready send completes once deposited: no state. A synchronous one has a
 * {@link SyncSend} role, made at the first try and kept over retries, which waits for the
 * SYNC_ACK. This is the hot path of small messages (in a thread-safe engine also called without
 * the engine's lock, under the target's guard alone): it allocates nothing.
 */
final class EagerSend {
    private final Engine engine;
    private final HostPort port;
    private final Sequencer sequencer;
    /** Thread-safe engines only; null otherwise. */
    private final TargetGuards guards;
    private final EngineCounters counters;
    /** Null: no message trace. */
    private final MessageTrace trace;
    private final int fastLimit;

    EagerSend(Engine engine, HostPort port, Sequencer sequencer, TargetGuards guards, EngineCounters counters,
              MessageTrace trace, int fastLimit) {
        this.engine = engine;
        this.port = port;
        this.sequencer = sequencer;
        this.guards = guards;
        this.counters = counters;
        this.trace = trace;
        this.fastLimit = fastLimit;
    }

    /**
     * Starts {@code op}, a send of at most the eager limit, under the engine's lock: deposits it
     * and completes it, or for a synchronous send leaves it to its {@link SyncSend}.
     *
     * @return false when the target has no room (the send is not started; a synchronous send's
     *         role is kept for the next try)
     */
    boolean start(Operation op) {
        if (op.mode == Engine.MODE_SYNCHRONOUS) {
            SyncSend s = (SyncSend) op.role;
            if (s == null) {
                s = new SyncSend(engine, op);
                engine.register(s);
                op.role = s;
            }
            int sequence = deposit(Envelope.EAGER_SYNC, op.base, op.offset, op.bytes, op.peer, op.tag, op.context,
                s.handle, op.traceRecord);
            if (sequence == 0) {
                return false;
            }
            s.deposited(sequence);
            return true;
        }
        if (deposit(Envelope.EAGER, op.base, op.offset, op.bytes, op.peer, op.tag, op.context, 0,
            op.traceRecord) == 0) {
            return false;
        }
        engine.complete(op);
        return true;
    }

    /**
     * Numbers and deposits one eager message of {@code kind} ({@link Envelope#EAGER} or
     * {@link Envelope#EAGER_SYNC}, whose {@code aux} is the sender's handle). A thread-safe engine
     * does both under the target's guard, with or without its lock, so numbers enter the NIC in
     * order and one that finds no room is not taken.
     *
     * @return the sequence number the message took, or 0 when the target has no room
     */
    int deposit(int kind, Object base, long offset, int bytes, int dest, int tag, int context, int aux,
                int traceRecord) {
        if (guards != null) {
            guards.lock(dest);
        }
        try {
            int sequence = sequencer.next(dest);
            long h0 = Envelope.header0(kind, context, tag);
            long h1 = Envelope.header1(sequence, aux);
            boolean fast = bytes <= fastLimit;
            long depositedAt = trace != null ? System.nanoTime() : 0;
            boolean sent = fast
                ? port.fastSend(dest, h0, h1, base, offset, bytes)
                : port.send(dest, h0, h1, base, offset, bytes);
            if (!sent) {
                return 0;
            }
            sequencer.sent(dest, sequence);
            counters.deposited(dest, fast);
            if (trace != null) {
                trace.injected(traceRecord, sequence,
                    fast ? TraceRecordDescriptor.PROTOCOL_FAST : TraceRecordDescriptor.PROTOCOL_EAGER, depositedAt);
            }
            return sequence;
        } finally {
            if (guards != null) {
                guards.unlock(dest);
            }
        }
    }
}

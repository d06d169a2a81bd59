package org.atollmpi.engine;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.stat.NicCounter;
import org.atollmpi.nic.stat.NicCounters;
import org.atollmpi.engine.trace.MessageTrace;
import org.atollmpi.engine.trace.TraceRecordDescriptor;

/**
 * The progress engine of one rank: the facade that the API and the layers above call. Ranks here
 * are world ranks (routing-space ranks); the API translates communicator ranks. Buffers are
 * {@code (base, offset, bytes)} the {@link Memory} way: a primitive array and a byte offset from
 * its base, or {@code null} and a native address.
 *
 * <p>The work is done by small parts, each with one job (docs/ARCHITECTURE.md has the picture):
 * <ul>
 * <li>{@link Sequencer}: numbers matched messages per peer and puts arrivals back in order;</li>
 * <li>{@link Matcher} / {@link MatchQueues}: posted receives and unexpected messages per context;
 *     {@link MatchDelivery}: brings messages and receives together, and delivers;</li>
 * <li>{@link EagerSend}: numbers and deposits a message that travels whole (one slot or one ring
 *     record); {@link BufferedSends}: the attached buffer and the sends that leave from it;</li>
 * <li>{@link SendQueue}: sends waiting for room at their target, in order;</li>
 * <li>protocol roles, one state machine per side: {@link SyncSend}, {@link RendezvousSend},
 *     {@link RendezvousReceive}; {@link ReadyRoles} runs those with local work;</li>
 * <li>{@link RendezvousResources}: windows and staging memory, taken only after a match;</li>
 * <li>{@link BoardMemory}: board memory and its windows for the layers above, handed out as
 *     {@link BoardBlock}s and {@link RemoteKey}s;</li>
 * <li>{@link ArrivalAdapter}: decodes what the port delivers; {@link ControlProxy} and
 *     {@link Outbox}: send control messages; {@link CancelResponder}: answers a sender's cancel;</li>
 * <li>{@link Faults}: protocol violations, raised as MPI errors.</li>
 * </ul>
 *
 * <p>Protocol ladder, by message size: a payload that fits one slot goes as a single fast send;
 * up to the eager limit it is one record in the receiver's ring; above it an RTS announces it and
 * the receiver Gets the data after the match (straight from the sender's buffer when it lives in
 * board memory, else through staging chunks, else as FRAG records through the ring).
 *
 * <p>A progress pass polls the port and runs the engine's own {@link WorkItem}s; layers above
 * chain their steps with {@link #whenComplete} hooks, which the pass runs. Per-operation errors
 * (truncation) are reported in the {@link Operation}, never thrown; argument checking is the
 * API's job. Protocol faults are thrown as {@link EngineException}s from the next call that
 * progresses.
 *
 * <p>Threads: with {@code threadSafe} the engine has one lock for matching, progress and every
 * protocol role, released between passes of a blocking wait so other threads (and the
 * asynchronous progress thread) progress too; each waiting thread has its own idle state. The
 * fast path takes no engine lock: a small standard or ready send with nothing queued for its
 * target is numbered and deposited under that target's guard alone ({@link TargetGuards}), its
 * operation comes from the calling thread's own {@link OperationPool}, a completed operation
 * goes back there, and a wait that finds another thread progressing does not queue behind it
 * ({@link #await}). Without {@code threadSafe} the engine is for one thread at a time and takes
 * no lock and no guard.
 */
public final class Engine implements AutoCloseable {
    public static final int ANY_SOURCE = -1;
    public static final int ANY_TAG = -1;
    /** Largest tag; tags run from 0 to TAG_UB. */
    public static final int TAG_UB = Integer.MAX_VALUE;
    /** Bytes a buffered send takes from the attached buffer on top of its data. */
    public static final int BSEND_OVERHEAD = 64;

    public static final int MODE_STANDARD = 0;
    public static final int MODE_SYNCHRONOUS = 1;
    public static final int MODE_READY = 2;
    public static final int MODE_BUFFERED = 3;

    private static final int POLL_LIMIT = 64;
    private static final IntConsumer NOBODY = capacity -> { };

    private final HostPort port;
    private final EngineConfig config;
    private final int rank;
    private final int size;
    private final int fastLimit;
    private final int eagerLimit;
    private final int stagedEagerLimit;
    /** Above it, a message from a private direct buffer to a peer in {@link #crossMemory} goes by rendezvous. */
    private final int crossMemoryLimit;
    /**
     * Per peer: whether it reads this process's memory (the port's cross-memory attach), so an
     * RTS may name a private direct buffer itself. Cleared for a peer once the kernel refused it.
     */
    private final boolean[] crossMemory;
    private final ReentrantLock lock;
    private final TargetGuards guards;               // thread-safe engines only
    private final IdleStrategy soleIdler;
    private final IdleStrategy soleParking;           // single-threaded engines called from a virtual thread
    private final ThreadLocal<IdleStrategy> idlers;
    private final ParkedWaiters parked;              // thread-safe engines only: waiting virtual threads

    private final HeldMessagePool held = new HeldMessagePool();
    private final Faults faults = new Faults();
    private final OperationTable table = new OperationTable();
    private final OperationPool solePool;             // single-threaded engines
    private final ThreadLocal<OperationPool> pools;  // thread-safe engines: one per thread
    private final Matcher matcher = new Matcher();
    private final ReadyRoles readyRoles = new ReadyRoles();
    private final Sequencer sequencer;
    private final SendQueue sendQueue;
    private final ControlProxy control;
    private final Outbox outbox;
    private final RendezvousResources resources;
    private final EagerSend eager;
    private final BufferedSends buffered;
    private final MatchDelivery delivery;
    private final CancelResponder cancels;
    private final ArrivalAdapter arrivals;
    private final BoardMemory boardMemory;
    private final EngineCounters counters;
    /** The port's counter page (or a page of our own when the port keeps none): rendezvous, idling. */
    private final NicCounters nic;
    /**
     * The message trace ({@code mpirun --trace}), or null: off. Every hook is one branch on this
     * final field, so an engine without a trace does nothing more per message.
     */
    private final MessageTrace trace;
    private final byte[] rtsScratch = new byte[RtsDescriptor.LENGTH];

    private Operation completedHead;   // completed operations whose hook has not run
    private Operation completedTail;
    private int activeRoles;
    private final Operation blockingOp;      // reused by blocking calls when single-threaded
    private final ThreadLocal<Operation> blockingOps; // the same, one per thread, when thread-safe
    private final Operation probeOp;
    // the probes' lookups, made once so that a probe, blocking or not, allocates none
    private final Lookup<Operation> probing = this::probeLocked;
    private final Lookup<MatchedMessage> taking = this::takeMatchedLocked;

    public Engine(HostPort port, EngineConfig config, boolean threadSafe) {
        this(port, config, threadSafe, null);
    }

    /** As {@link #Engine(HostPort, EngineConfig, boolean)}, recording every message into {@code trace} (null: none). */
    public Engine(HostPort port, EngineConfig config, boolean threadSafe, MessageTrace trace) {
        this.trace = trace;
        this.port = port;
        this.config = config;
        this.rank = port.rank();
        this.size = port.size();
        this.fastLimit = port.fastSendCapacity();
        this.eagerLimit = Math.min(config.eagerLimit(), port.maxSendLength());
        this.stagedEagerLimit = Math.min(config.stagedEagerLimit(), port.maxSendLength());
        this.crossMemoryLimit = Math.max(config.crossMemoryLimit(), eagerLimit);
        this.crossMemory = new boolean[size];
        for (int peer = 0; peer < size; peer++) {
            crossMemory[peer] = port.exposesProcessMemoryTo(peer);
        }
        this.lock = threadSafe ? new ReentrantLock() : null;
        this.guards = threadSafe ? new TargetGuards(size) : null;
        this.solePool = threadSafe ? null : new OperationPool(OperationPool.CAPACITY);
        this.pools = threadSafe ? ThreadLocal.withInitial(() -> new OperationPool(OperationPool.PER_THREAD_CAPACITY)) : null;
        this.counters = new EngineCounters(size);
        NicCounters pageOfPort = port.counters();
        this.nic = pageOfPort != null ? pageOfPort : NicCounters.inHeap(rank, size, "uncounted");
        // A virtual thread's waits park (ParkingIdleStrategy).
        this.soleIdler = threadSafe ? null : newIdleStrategy(config, false, nic);
        this.soleParking = threadSafe ? null : new ParkingIdleStrategy().countingInto(nic);
        this.idlers = threadSafe
            ? ThreadLocal.withInitial(() -> ThreadKind.currentIsVirtual() ? new ParkingIdleStrategy().countingInto(nic)
                : newIdleStrategy(config, true, nic))
            : null;
        this.parked = threadSafe ? new ParkedWaiters() : null;
        this.sequencer = new Sequencer(size, held);
        this.sendQueue = new SendQueue(this, size);
        this.control = new ControlProxy(port);
        this.outbox = new Outbox(control);
        this.resources = new RendezvousResources(port);
        this.boardMemory = new BoardMemory(port, lock, resources);
        this.buffered = new BufferedSends(this, eagerLimit);
        this.eager = new EagerSend(this, port, sequencer, guards, counters, trace, fastLimit);
        this.delivery = new MatchDelivery(this, matcher, held, outbox, faults, nic, trace, fastLimit, threadSafe);
        this.cancels = new CancelResponder(sequencer, matcher, held, outbox);
        this.arrivals = new ArrivalAdapter(sequencer, delivery, cancels, table, held, faults, trace != null);
        this.blockingOp = threadSafe ? null : new Operation();
        this.blockingOps = threadSafe ? ThreadLocal.withInitial(Operation::new) : null;
        this.probeOp = threadSafe ? null : new Operation();
    }

    /**
     * A fresh idle strategy for one waiting thread, as {@code config} says: by default the
     * adaptive one ({@link AdaptiveIdleStrategy}; a thread-safe engine's threads spin with a
     * pause, they share the core with the lock holder); only spinning, or the back-off that grows
     * patient in long waits ({@link PatientBackoffIdleStrategy}), when asked for.
     */
    static IdleStrategy newIdleStrategy(EngineConfig config, boolean shared, NicCounters counts) {
        return switch (config.idle()) {
            case ADAPTIVE -> new AdaptiveIdleStrategy(shared, config.oversubscribed()).countingInto(counts);
            case SPIN -> shared ? new BusySpinIdleStrategy() : NoOpIdleStrategy.INSTANCE;
            case BACKOFF -> new PatientBackoffIdleStrategy().countingInto(counts);
        };
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return size;
    }

    public EngineConfig config() {
        return config;
    }

    /** Whether {@code peer} reads this process's memory, so an RTS may name a private direct buffer. */
    boolean readsOurMemory(int peer) {
        return crossMemory[peer];
    }

    /** The kernel refused {@code peer} a read of this process: its messages go through the board from now on. */
    void crossMemoryRefused(int peer) {
        crossMemory[peer] = false;
    }

    /** How peers read this process's memory, in words ({@code ATOLL_STATS}). */
    public String processMemoryAccess() {
        return port.processMemoryAccess();
    }

    /** The largest message sent eagerly from board memory (after the port's own limit). */
    public int eagerLimit() {
        return eagerLimit;
    }

    /** The largest message sent eagerly from heap arrays or private memory. */
    public int stagedEagerLimit() {
        return stagedEagerLimit;
    }

    /** The counter page of this rank's port, which the engine adds rendezvous and idling to. */
    public NicCounters nicCounters() {
        return nic;
    }

    /** The message trace this engine records into, or null when tracing is off. */
    public MessageTrace trace() {
        return trace;
    }

    /** Which protocols this rank's sends took (see {@link EngineCounters}). */
    public EngineCounters counters() {
        return counters;
    }

    /** Protocol faults seen so far (each was or will be raised once as an MPI error). */
    public long faultCount() {
        lock();
        try {
            return faults.count();
        } finally {
            unlock();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Point-to-point entry points
    // ------------------------------------------------------------------------------------------

    /**
     * Starts a send; the operation completes when the buffer may be reused (and, for
     * {@link #MODE_SYNCHRONOUS}, once the matching receive has started).
     *
     * @throws EngineException of class {@link ErrorClass#BUFFER} for a buffered send that does
     *                         not fit the attached buffer
     */
    public Operation isend(int mode, Object base, long offset, int bytes, int dest, int tag, int context) {
        return isend(mode, base, offset, bytes, dest, tag, context, null);
    }

    /**
     * As {@link #isend(int, Object, long, int, int, int, int)}; {@code owner} (the direct buffer
     * behind a native address) stays referenced by the operation until it completes, whatever
     * the program does with its own references.
     */
    public Operation isend(int mode, Object base, long offset, int bytes, int dest, int tag, int context,
                           Object owner) {
        Operation op = pool().take();
        if (trace != null) {
            op.traceRecord = tracePostedSend(mode, bytes, dest, tag, context);
        }
        if (lock != null && depositsWithoutLock(mode, bytes, dest)) {
            describeSend(op, mode, bytes, dest, tag, context);
            if (eager.deposit(Envelope.EAGER, base, offset, bytes, dest, tag, context, 0, op.traceRecord) != 0) {
                op.base = base;
                op.offset = offset;
                op.bytes = bytes;
                if (trace != null) {
                    traceCompleted(op);
                }
                op.complete = true; // no one else has seen it: no hook, no role, no buffered block
                return op;
            }
        }
        op.owner = owner;
        lock();
        try {
            startSend(op, mode, base, offset, bytes, dest, tag, context);
            return op;
        } finally {
            unlock();
        }
    }

    /**
     * Whether a send may be numbered and deposited without the engine's lock, under its target's
     * guard alone (a thread-safe engine): a standard or ready send of at most the eager limit
     * (one slot or one ring record: no protocol role) with nothing queued for its target, which
     * this thread's own earlier sends that found no room would be. A send that then finds no room
     * takes the lock and the queue, as in a single-threaded engine, and took no number.
     */
    private boolean depositsWithoutLock(int mode, int bytes, int dest) {
        return (mode == MODE_STANDARD || mode == MODE_READY) && bytes <= eagerLimit && !sendQueue.isQueuedFor(dest);
    }

    /** Starts a receive of at most {@code bytes} bytes. */
    public Operation irecv(Object base, long offset, int bytes, int source, int tag, int context) {
        return irecv(base, offset, bytes, source, tag, context, null);
    }

    /** As {@link #irecv(Object, long, int, int, int, int)}, holding {@code owner} until completion. */
    public Operation irecv(Object base, long offset, int bytes, int source, int tag, int context, Object owner) {
        Operation op = pool().take();
        op.owner = owner;
        if (trace != null) {
            op.traceRecord = trace.posted(TraceRecordDescriptor.KIND_RECV, 0, source, tag, context, bytes);
        }
        HeldMessage copyOut;
        lock();
        try {
            copyOut = delivery.post(op, base, offset, bytes, source, tag, context);
        } finally {
            unlock();
        }
        if (copyOut != null) {
            deliverOutsideLock(op, copyOut);
        }
        return op;
    }

    /**
     * Blocking send. A small standard send with nothing queued ahead of it creates no object (and
     * in a thread-safe engine takes no lock, see {@link #depositsWithoutLock}).
     */
    public void send(int mode, Object base, long offset, int bytes, int dest, int tag, int context) {
        int record = trace == null ? -1 : tracePostedSend(mode, bytes, dest, tag, context);
        if (lock != null) {
            if (depositsWithoutLock(mode, bytes, dest)
                && eager.deposit(Envelope.EAGER, base, offset, bytes, dest, tag, context, 0, record) != 0) {
                if (trace != null) {
                    trace.completed(record, false);
                }
                return;
            }
        } else if ((mode == MODE_STANDARD || mode == MODE_READY) && bytes <= eagerLimit && !sendQueue.hasQueued(dest)
            && eager.deposit(Envelope.EAGER, base, offset, bytes, dest, tag, context, 0, record) != 0) {
            if (trace != null) {
                trace.completed(record, false);
            }
            return;
        }
        Operation op = blockingOperation();
        op.traceRecord = record;
        lock();
        try {
            startSend(op, mode, base, offset, bytes, dest, tag, context);
        } finally {
            unlock();
        }
        await(op);
    }

    /**
     * Blocking receive. Returns an engine-owned operation that holds the status; it stays valid
     * until this thread's next blocking engine call, so copy what you need.
     */
    public Operation recv(Object base, long offset, int bytes, int source, int tag, int context) {
        Operation op = blockingOperation();
        if (trace != null) {
            op.traceRecord = trace.posted(TraceRecordDescriptor.KIND_RECV, 0, source, tag, context, bytes);
        }
        HeldMessage copyOut;
        lock();
        try {
            copyOut = delivery.post(op, base, offset, bytes, source, tag, context);
        } finally {
            unlock();
        }
        if (copyOut != null) {
            deliverOutsideLock(op, copyOut);
        }
        await(op);
        return op;
    }

    /** Nonblocking probe: an engine-owned operation describing the message, or {@code null}. */
    public Operation iprobe(int source, int tag, int context) {
        return lookForMessage(probing, false, source, tag, context);
    }

    /** Blocking probe; the result is engine-owned as for {@link #recv}. */
    public Operation probe(int source, int tag, int context) {
        return lookForMessage(probing, true, source, tag, context);
    }

    /**
     * What one of the probes looks for under the lock, once per pass: {@link #probeLocked} (the
     * status of the first matching message) or {@link #takeMatchedLocked} (a matched probe's
     * message, taken out of matching); null when nothing matches yet.
     */
    @FunctionalInterface
    private interface Lookup<T> {
        T find(int source, int tag, int context);
    }

    /** The one loop behind the four probes: progress, then {@code lookup}; {@code block}: until it finds one. */
    private <T> T lookForMessage(Lookup<T> lookup, boolean block, int source, int tag, int context) {
        IdleStrategy idle = block ? idler() : null;
        while (true) {
            int work;
            lock();
            try {
                work = progressLocked(true);
                T found = lookup.find(source, tag, context);
                if (found != null || !block) {
                    if (idle != null) {
                        idle.reset();
                    }
                    return found;
                }
            } finally {
                unlock();
            }
            idle.idle(work);
        }
    }

    private Operation probeLocked(int source, int tag, int context) {
        HeldMessage m = matcher.queues(context).findUnexpected(source, tag);
        if (m == null) {
            return null;
        }
        Operation op = lock == null ? probeOp : new Operation();
        op.kind = Operation.KIND_PROBE;
        op.statusSource = m.source;
        op.statusTag = m.tag();
        op.statusBytes = m.messageBytes();
        op.error = ErrorClass.SUCCESS;
        op.cancelled = false;
        op.complete = true;
        return op;
    }

    /**
     * Matched probe, nonblocking (MPI_Improbe): the oldest unexpected message that matches, taken
     * out of matching so that no other receive or probe can match it; {@code null} when none has
     * arrived. Receive it with {@link #mrecv} or {@link #imrecv}.
     */
    public MatchedMessage improbe(int source, int tag, int context) {
        return lookForMessage(taking, false, source, tag, context);
    }

    /** Matched probe, blocking (MPI_Mprobe): waits for a matching message; as {@link #improbe}. */
    public MatchedMessage mprobe(int source, int tag, int context) {
        return lookForMessage(taking, true, source, tag, context);
    }

    private MatchedMessage takeMatchedLocked(int source, int tag, int context) {
        MatchQueues q = matcher.queues(context);
        HeldMessage m = q.findUnexpected(source, tag);
        if (m == null) {
            return null;
        }
        q.removeUnexpected(m);
        return new MatchedMessage(m, context);
    }

    /**
     * Starts the receive of a message taken by a matched probe into at most {@code bytes} bytes
     * (MPI_Imrecv): an eager message is copied at once, a rendezvous one starts its transfer.
     *
     * @throws EngineException of class {@link ErrorClass#REQUEST} when the message has been
     *                         received already
     */
    public Operation imrecv(MatchedMessage message, Object base, long offset, int bytes) {
        return imrecv(message, base, offset, bytes, null);
    }

    /** As {@link #imrecv(MatchedMessage, Object, long, int)}, holding {@code owner} until completion. */
    public Operation imrecv(MatchedMessage message, Object base, long offset, int bytes, Object owner) {
        Operation op = new Operation();
        op.owner = owner;
        if (trace != null) {
            op.traceRecord = trace.posted(TraceRecordDescriptor.KIND_RECV, 0, ANY_SOURCE, ANY_TAG, message.context(), bytes);
        }
        lock();
        try {
            delivery.receiveMatched(op, message, base, offset, bytes);
        } finally {
            unlock();
        }
        return op;
    }

    /** Blocking receive of a matched message (MPI_Mrecv); the result is engine-owned as for {@link #recv}. */
    public Operation mrecv(MatchedMessage message, Object base, long offset, int bytes) {
        Operation op = blockingOperation();
        if (trace != null) {
            op.traceRecord = trace.posted(TraceRecordDescriptor.KIND_RECV, 0, ANY_SOURCE, ANY_TAG, message.context(), bytes);
        }
        lock();
        try {
            delivery.receiveMatched(op, message, base, offset, bytes);
        } finally {
            unlock();
        }
        await(op);
        return op;
    }

    /** Progresses until {@code op} completes. */
    public void await(Operation op) {
        if (op.complete) {
            return;
        }
        IdleStrategy idle = idler();
        if (parked != null && idle instanceof ParkingIdleStrategy) {
            awaitVirtual(op, idle);
            return;
        }
        while (!op.complete) {
            int work = progressUnlessBusy();
            if (!op.complete) {
                idle.idle(work);
            }
        }
        idle.reset();
    }

    /**
     * {@link #await} for a virtual thread of a thread-safe engine: one waiting virtual thread
     * drives progress, the others park until their operation completes ({@link ParkedWaiters}),
     * so that they leave their carriers to the program's other virtual threads.
     */
    private void awaitVirtual(Operation op, IdleStrategy idle) {
        Thread me = Thread.currentThread();
        try {
            while (!op.complete) {
                int work = progressUnlessBusy();
                if (op.complete) {
                    break;
                }
                if (parked.drive(me)) {
                    idle.idle(work);
                } else {
                    parked.park(op, me);
                }
            }
        } finally {
            idle.reset();
            parked.leave(me);
        }
    }

    /** Progresses once (unless another thread is progressing) and says whether {@code op} is complete. */
    public boolean test(Operation op) {
        if (!op.complete) {
            progressUnlessBusy();
        }
        return op.complete;
    }

    /**
     * One pass, unless another thread holds the lock: that thread is progressing for everyone
     * (completing this thread's operations too), so waiting for the lock would only queue behind
     * it. Counts as idle, so the caller backs off.
     */
    private int progressUnlessBusy() {
        if (closed) {
            throw finalizedWhileWaiting();
        }
        if (lock == null) {
            return progressLocked(true);
        }
        if (!lock.tryLock()) {
            return 0;
        }
        try {
            if (closed) { // again under the lock: close() may have closed the port since the look above
                throw finalizedWhileWaiting();
            }
            return progressLocked(true);
        } finally {
            lock.unlock();
        }
    }

    /** One pass of the progress loop; returns the work done (0 when idle). */
    public int progress() {
        lock();
        try {
            if (closed) {
                throw finalizedWhileWaiting();
            }
            return progressLocked(true);
        } finally {
            unlock();
        }
    }

    /**
     * One pass for a background progress thread: like {@link #progress()}, but a protocol fault
     * is left for the program's next call to raise, where an error handler can see it.
     */
    public int progressInBackground() {
        lock();
        try {
            return progressLocked(false);
        } finally {
            unlock();
        }
    }

    /** Backs off according to the calling thread's idle strategy after a pass that did {@code work}. */
    public void idle(int work) {
        idler().idle(work);
    }

    /**
     * One pass of the progress loop for a thread that waits on something other than an operation
     * (a flag in board memory that a peer stores): as {@link #await}'s passes, skipped when
     * another thread is progressing. Returns the work done.
     */
    public int progressWhileWaiting() {
        return progressUnlessBusy();
    }

    /** Ends a wait paced by {@link #idle}: the calling thread's back-off starts over next time. */
    public void waitEnded() {
        idler().reset();
    }

    /**
     * Asks for cancellation. A receive not yet matched completes cancelled at once; a send not yet
     * handed to the NIC is withdrawn and completes cancelled; a send whose message is in the
     * receiver's port asks the receiver's engine to take it back, and completes cancelled or, if a
     * receive had already matched it, normally; anything further along completes normally. A
     * wait on the operation afterwards returns whatever the program at the other end does
     * (MPI-3.1 §3.8.4), as long as the other rank's engine progresses.
     */
    public void cancel(Operation op) {
        lock();
        try {
            if (op.complete) {
                return;
            }
            if (op.kind == Operation.KIND_RECV) {
                if (op.role == null && matcher.queues(op.context).removePosted(op)) {
                    op.statusSource = ANY_SOURCE;
                    op.statusTag = ANY_TAG;
                    op.statusBytes = 0;
                    completeCancelled(op);
                }
            } else if (op.kind == Operation.KIND_SEND) {
                if (sendQueue.remove(op)) {
                    ProtocolRole role = op.role;
                    if (role instanceof SendRole<?> s) {
                        s.withdraw();
                        retire(s);
                        op.role = null;
                    }
                    completeCancelled(op);
                } else if (op.role != null) {
                    op.role.requestCancel();
                }
            }
        } finally {
            unlock();
        }
    }

    /**
     * The caller lets go of {@code op} and must not read it afterwards. An operation still in
     * flight completes all the same (holding its buffer until then) and is then forgotten; a
     * completed one from {@link #isend}/{@link #irecv} whose hook has run is recycled at once
     * (see {@link Operation} for the rule), into the calling thread's pool; in a thread-safe
     * engine without the lock when it never had a hook.
     */
    public void release(Operation op) {
        if (lock != null && op.recyclable && !op.hooked && op.complete) {
            // Completed and never given a hook: no engine part reaches it any more and none writes
            // it after completing it (complete is written last), so the lock guards nothing here.
            op.freed = true;
            pool().give(op);
            return;
        }
        lock();
        try {
            op.freed = true;
            if (op.recyclable && op.complete && op.hook == null) {
                pool().give(op);
            }
        } finally {
            unlock();
        }
    }

    /** Attaches the buffer that {@link #MODE_BUFFERED} sends copy into. */
    public void attachBuffer(Object base, long offset, int bytes) {
        lock();
        try {
            buffered.attach(base, offset, bytes);
        } finally {
            unlock();
        }
    }

    /**
     * Waits until every buffered send has left the attached buffer, then detaches it.
     *
     * @return the base object of the detached buffer, or null if none was attached
     */
    public Object detachBuffer() {
        progressUntil(buffered::drained);
        lock();
        try {
            return buffered.detach();
        } finally {
            unlock();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Board memory for the layers above: BoardMemory's service, behind the facade
    // ------------------------------------------------------------------------------------------

    /**
     * Whether {@code worldRank} reaches this rank's board memory directly, so that data placed
     * there once costs it one copy to read.
     */
    public boolean sharesBoardWith(int worldRank) {
        return boardMemory.sharesBoardWith(worldRank);
    }

    /**
     * Board memory for a layer above to share with peers (a collective's one copy that every
     * member reads), given back with {@link #freeBoardMemory} once the transfers that read it
     * have completed; the memory returns at once, without waiting for the garbage collector.
     *
     * @return the block, or {@code null} when the board has no room: the caller does without
     */
    public BoardBlock allocateBoardMemory(long bytes) {
        return boardMemory.allocate(bytes);
    }

    /** Whether {@code base/offset} is board memory already (a buffer from {@link #allocateBuffer}). */
    public boolean isBoardMemory(Object base, long offset, long length) {
        return boardMemory.contains(base, offset, length);
    }

    /** Gives back what {@link #allocateBoardMemory} returned. */
    public void freeBoardMemory(BoardBlock block) {
        boardMemory.free(block);
    }

    /**
     * A direct buffer of board memory for {@code MPI.newByteBuffer} (native order, zeroed), which
     * peers on the board reach without a copy; its memory returns to the board once the buffer
     * (and every view of it) is unreachable. When the board has no room the call returns at once,
     * for the caller to use ordinary memory at {@code allocateDirect}'s cost, and a collection on
     * another thread gives back the memory of buffers the program dropped for later calls (the JDK
     * collects in the allocating call for direct memory; this never does).
     *
     * @param whenFull hears, with the capacity that did not fit, when the board turns out to be
     *        full of buffers still held (a collection gave back less than that): at once, or later
     *        from the collecting thread; again on each later call that finds no room until some
     *        buffer's memory comes back
     * @return the buffer, or {@code null} when the board has no room now (or its memory cannot
     *         back a direct buffer): the caller falls back to ordinary memory
     */
    public ByteBuffer allocateBuffer(int capacity, IntConsumer whenFull) {
        return boardMemory.allocateBuffer(capacity, whenFull);
    }

    /** {@link #allocateBuffer(int, IntConsumer)} for a caller that has nothing to say when the board is full. */
    public ByteBuffer allocateBuffer(int capacity) {
        return boardMemory.allocateBuffer(capacity, NOBODY);
    }

    /**
     * Waits until everything this rank has started towards others is delivered: queued sends,
     * rendezvous in both directions, buffered sends and pending control messages. MPI_Finalize
     * calls this before the ranks part.
     */
    public void quiesce() {
        progressUntil(() -> sendQueue.isEmpty() && activeRoles == 0 && outbox.isEmpty() && readyRoles.isEmpty()
            && buffered.drained());
    }

    /** Progresses, backing off while idle, until {@code done} (checked under the lock) holds. */
    public void progressUntil(BooleanSupplier done) {
        IdleStrategy idle = idler();
        while (true) {
            int work;
            lock();
            try {
                if (done.getAsBoolean()) {
                    idle.reset();
                    return;
                }
                work = progressLocked(true);
            } finally {
                unlock();
            }
            idle.idle(work);
        }
    }

    /**
     * Closes the engine (MPI_Finalize). A thread still waiting in another call (THREAD_MULTIPLE: a
     * receive nothing will match) sees {@link #closed} at its next pass and leaves with ERR_OTHER;
     * the port is closed under the engine's lock so that no pass is inside it then.
     */
    @Override
    public void close() {
        closed = true;
        boardMemory.awaitReclaim();
        lock();
        try {
            port.close();
        } finally {
            unlock();
        }
    }

    private volatile boolean closed;

    private static EngineException finalizedWhileWaiting() {
        return new EngineException(ErrorClass.OTHER, "MPI was finalized (MPI.Finalize on another thread) while this"
            + " call waited");
    }

    /**
     * What this rank waits for, one line each (posted receives, unexpected messages, queued sends,
     * protocol exchanges in flight), for a person diagnosing a job that makes no progress;
     * {@code contextName} names a communicator context. Callable from any thread, and never needs
     * the thread that owns the engine to cooperate: that thread may be spinning in a wait, which
     * in a single-threaded engine never lets go of anything. A thread-safe engine is read under
     * its lock if the lock comes free within {@code lockWaitMillis} (blocking waits release it
     * between passes); otherwise, and always in a single-threaded engine, the structures are read
     * as they are: a rank that is stuck does not change them, one that is busy may make a line
     * stale or a list short ({@link PendingReport} never loops on them). Nothing of this is on a
     * hot path.
     */
    public List<String> describePending(IntFunction<String> contextName, long lockWaitMillis) {
        boolean locked = false;
        if (lock != null) {
            try {
                locked = lock.tryLock(lockWaitMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            List<String> lines = new PendingReport(this, contextName).describe(matcher, sendQueue, table);
            if (lock != null && !locked) {
                lines.add(0, "(read without the engine's lock, which another thread held: may be stale)");
            }
            return lines;
        } finally {
            if (locked) {
                lock.unlock();
            }
        }
    }

    // ------------------------------------------------------------------------------------------
    // For the layers above: composite operations, completion hooks
    // ------------------------------------------------------------------------------------------

    /**
     * An operation that the layer above completes itself with {@link #completeComposite} (a
     * collective schedule, an RMA epoch): it waits, tests and mixes with point-to-point
     * operations like any other.
     */
    public Operation newComposite(int context) {
        Operation op = new Operation();
        op.kind = Operation.KIND_COMPOSITE;
        op.context = context;
        op.peer = ANY_SOURCE;
        return op;
    }

    /** Completes a composite operation with {@link ErrorClass#SUCCESS} or an error. */
    public void completeComposite(Operation op, int errorClass, String message) {
        lock();
        try {
            if (op.kind != Operation.KIND_COMPOSITE) {
                throw new IllegalArgumentException(op + " is not a composite operation");
            }
            if (!op.complete) {
                op.error = errorClass;
                op.errorMessage = message;
                complete(op);
            }
        } finally {
            unlock();
        }
    }

    /**
     * Runs {@code hook} once {@code op} has completed: from the progress pass after completion,
     * under the engine's lock (also if it has completed already). One hook per operation.
     */
    public void whenComplete(Operation op, CompletionHook hook) {
        lock();
        try {
            if (op.hook != null) {
                throw new IllegalStateException(op + " has a completion hook already");
            }
            op.hook = hook;
            op.hooked = true;
            if (op.complete) {
                queueHook(op);
            }
        } finally {
            unlock();
        }
    }

    /**
     * Runs {@code step} under the engine's lock, so that operations it starts and the hooks it
     * registers form one step no progressing thread can see half done (a schedule starting a
     * round). Hooks already run under the lock and need not call this.
     */
    public void execute(Runnable step) {
        lock();
        try {
            step.run();
        } finally {
            unlock();
        }
    }

    // ------------------------------------------------------------------------------------------
    // For the one-sided layer: exposed memory and one-sided channels
    // ------------------------------------------------------------------------------------------

    /**
     * Registers a window descriptor over {@code [offset, offset + length)} of board memory (a
     * block from {@link #allocateBoardMemory} or a buffer from {@link #allocateBuffer}) that the
     * ranks sharing the board may read, write and update atomically with a {@link OneSidedChannel}
     * presenting the returned key. A length of 0 exposes nothing and returns a key every access
     * to which is refused.
     *
     * @throws EngineException of class {@link ErrorClass#BASE} when the memory is not board
     *                         memory, {@link ErrorClass#NO_MEM} when the port's descriptor table is full
     */
    public RemoteKey expose(Object base, long offset, long length) {
        return boardMemory.expose(base, offset, length);
    }

    /** Exposes the whole of a block from {@link #allocateBoardMemory}, as {@link #expose(Object, long, long)}. */
    public RemoteKey expose(BoardBlock block) {
        return boardMemory.expose(block);
    }

    /** Withdraws what {@link #expose} exposed: later accesses with the key are refused. */
    public void withdraw(RemoteKey key) {
        boardMemory.withdraw(key);
    }

    /**
     * The first {@code length} bytes of the memory {@code key} exposes as a buffer this process
     * loads and stores directly, when the owner shares this rank's board memory
     * (MPI_Win_shared_query); {@code null} when it cannot be reached that way.
     */
    public ByteBuffer mapExposed(RemoteKey key, int length) {
        return boardMemory.mapExposed(key, length);
    }

    /** A channel that issues one-sided operations and counts their completions (one per window). */
    public OneSidedChannel newOneSidedChannel() {
        lock();
        try {
            return new OneSidedChannel(this);
        } finally {
            unlock();
        }
    }

    /** Names a channel in the operation table; not an active role (quiesce does not wait for it). */
    void registerChannel(ProtocolRole role) {
        table.register(role);
    }

    void retireChannel(ProtocolRole role) {
        table.release(role);
    }

    // ------------------------------------------------------------------------------------------
    // Sends
    // ------------------------------------------------------------------------------------------

    /** The calling thread's operation for blocking calls, made new (valid until its next blocking call). */
    private Operation blockingOperation() {
        Operation op = lock == null ? blockingOp : blockingOps.get();
        op.reset();
        return op;
    }

    /** The calling thread's operation pool. */
    private OperationPool pool() {
        return lock == null ? solePool : pools.get();
    }

    private void describeSend(Operation op, int mode, int bytes, int dest, int tag, int context) {
        op.kind = Operation.KIND_SEND;
        op.mode = mode;
        op.peer = dest;
        op.tag = tag;
        op.context = context;
        op.statusSource = rank;
        op.statusTag = tag;
        op.statusBytes = bytes;
    }

    private void startSend(Operation op, int mode, Object base, long offset, int bytes, int dest, int tag, int context) {
        describeSend(op, mode, bytes, dest, tag, context);
        if (mode == MODE_BUFFERED) {
            buffered.start(op, base, offset, bytes);
            return;
        }
        op.base = base;
        op.offset = offset;
        op.bytes = bytes;
        startOrQueue(op);
    }

    /** Starts a described send now if the target has room and nothing is queued for it, else queues it. */
    void startOrQueue(Operation op) {
        if (sendQueue.hasQueued(op.peer) || !tryStart(op)) {
            sendQueue.add(op);
        }
    }

    /**
     * Hands the send to the NIC if the target has room; false leaves nothing behind but the
     * protocol role, which the next try reuses.
     *
     * <p>Eager or rendezvous: data in board memory goes by rendezvous above the eager limit (the
     * receiver copies it once, straight from the sender's buffer), and so does a private direct
     * buffer above the cross-memory limit to a peer that reads this process's memory; anything
     * else would have to be staged, which costs as many copies as eager plus a round trip, so it
     * stays eager up to the staged limit.
     */
    boolean tryStart(Operation op) {
        ProtocolRole role = op.role;
        if (role instanceof RendezvousSend r) {
            return depositRts(op, r);
        }
        if (role == null && op.bytes > eagerLimit) {
            BoardRegion own = op.base == null ? port.regionOf(null, op.offset, op.bytes) : null;
            if (own != null || op.bytes > stagedEagerLimit
                || op.base == null && op.bytes > crossMemoryLimit && crossMemory[op.peer]) {
                RendezvousSend r = new RendezvousSend(this, op, own);
                register(r);
                op.role = r;
                return depositRts(op, r);
            }
        }
        return eager.start(op);
    }

    /** Numbers and deposits an RTS, as {@link EagerSend#deposit}; only under the engine's lock (it uses the scratch). */
    private boolean depositRts(Operation op, RendezvousSend r) {
        r.writeRts(rtsScratch);
        int dest = op.peer;
        int sequence;
        if (guards != null) {
            guards.lock(dest);
        }
        try {
            sequence = sequencer.next(dest);
            long h0 = Envelope.header0(Envelope.RTS, op.context, op.tag);
            long h1 = Envelope.header1(sequence, r.handle);
            long depositedAt = trace != null ? System.nanoTime() : 0;
            boolean sent = RtsDescriptor.LENGTH <= fastLimit
                ? port.fastSend(dest, h0, h1, rtsScratch, Memory.BYTE_ARRAY_BASE, RtsDescriptor.LENGTH)
                : port.send(dest, h0, h1, rtsScratch, Memory.BYTE_ARRAY_BASE, RtsDescriptor.LENGTH);
            if (!sent) {
                return false;
            }
            sequencer.sent(dest, sequence);
            if (trace != null) {
                trace.injected(op.traceRecord, sequence, TraceRecordDescriptor.PROTOCOL_RENDEZVOUS, depositedAt);
            }
        } finally {
            if (guards != null) {
                guards.unlock(dest);
            }
        }
        r.deposited(sequence);
        counters.rendezvousSends++;
        nic.increment(NicCounter.RENDEZVOUS_SENT);
        return true;
    }

    // ------------------------------------------------------------------------------------------
    // Receives
    // ------------------------------------------------------------------------------------------

    /**
     * Copies a large unexpected message that {@link MatchDelivery#post} matched into the receive
     * buffer without the lock, so other threads match and progress meanwhile; then recycles it
     * and completes the operation under the lock.
     */
    private void deliverOutsideLock(Operation op, HeldMessage m) {
        if (op.statusBytes > 0) {
            Memory.copy(m.data, Memory.BYTE_ARRAY_BASE, op.base, op.offset, op.statusBytes);
        }
        lock();
        try {
            held.recycle(m);
            complete(op);
        } finally {
            unlock();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Message trace (mpirun --trace): called only when trace != null
    // ------------------------------------------------------------------------------------------

    private int tracePostedSend(int mode, int bytes, int dest, int tag, int context) {
        return trace.posted(TraceRecordDescriptor.KIND_SEND,
            mode == MODE_SYNCHRONOUS ? TraceRecordDescriptor.FLAG_SYNCHRONOUS : 0, dest, tag, context, bytes);
    }

    /** Ends the records of {@code op} (its message, a span waiting for it); they name nothing afterwards. */
    private void traceCompleted(Operation op) {
        if (op.traceRecord >= 0) {
            trace.completed(op.traceRecord, op.cancelled);
            op.traceRecord = -1;
        }
        if (op.traceSpan >= 0) {
            trace.completed(op.traceSpan, false);
            op.traceSpan = -1;
        }
    }

    /**
     * Ends the trace's span {@code span} (a nonblocking collective's, from {@link MessageTrace#beginSpan})
     * when {@code op} completes, or now if it has. Does nothing when tracing is off or {@code span} is -1.
     */
    public void endSpanWith(Operation op, int span) {
        if (trace == null || span < 0) {
            return;
        }
        lock();
        try {
            if (op.complete) {
                trace.completed(span, false);
            } else {
                if (op.traceSpan >= 0) {
                    trace.completed(op.traceSpan, false); // one span per operation: the older ends here
                }
                op.traceSpan = span;
            }
        } finally {
            unlock();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Progress and completion
    // ------------------------------------------------------------------------------------------

    private int progressLocked(boolean raiseFaults) {
        int work = port.poll(arrivals, POLL_LIMIT);
        if (!sendQueue.isEmpty()) {
            work += sendQueue.doWork();
        }
        if (!readyRoles.isEmpty()) {
            work += readyRoles.doWork();
        }
        if (!outbox.isEmpty()) {
            work += outbox.doWork();
        }
        if (completedHead != null) {
            work += runHooks();
        }
        if (raiseFaults && faults.hasPending()) {
            faults.raisePending();
        }
        return work;
    }

    /** Runs the hooks of the operations completed so far (the caller holds the lock: a channel's issue). */
    void runCompletionHooks() {
        if (completedHead != null) {
            runHooks();
        }
    }

    private int runHooks() {
        int n = 0;
        Operation op;
        while ((op = completedHead) != null) {
            completedHead = op.nextCompleted;
            if (completedHead == null) {
                completedTail = null;
            }
            op.nextCompleted = null;
            CompletionHook hook = op.hook;
            op.hook = null;
            hook.onComplete(op);
            n++;
        }
        return n;
    }

    private void queueHook(Operation op) {
        if (completedTail == null) {
            completedHead = op;
        } else {
            completedTail.nextCompleted = op;
        }
        completedTail = op;
    }

    void complete(Operation op) {
        if (trace != null) {
            traceCompleted(op);
        }
        if (op.bufferedBlock >= 0) {
            buffered.copySent(op);
        }
        op.role = null;
        op.owner = null;
        op.complete = true;
        Thread waiter = op.waiter; // a parked virtual thread (ParkedWaiters), read after the write above
        if (waiter != null) {
            LockSupport.unpark(waiter);
        }
        if (op.hook != null) {
            queueHook(op);
        }
    }

    void completeCancelled(Operation op) {
        op.cancelled = true;
        if (op.kind == Operation.KIND_SEND) {
            counters.cancelledSends++;
        }
        complete(op);
    }

    void register(ProtocolRole role) {
        table.register(role);
        activeRoles++;
    }

    /** The role is finished: nothing names it any more. */
    void retire(ProtocolRole role) {
        table.release(role);
        activeRoles--;
    }

    void makeReady(ProtocolRole role) {
        readyRoles.add(role);
    }

    ControlProxy control() {
        return control;
    }

    RendezvousResources resources() {
        return resources;
    }

    HostPort port() {
        return port;
    }

    Faults faults() {
        return faults;
    }

    int maxRecordLength() {
        return port.maxSendLength();
    }

    /** The token of a one-sided operation a role issues: its handle and a tag of its own (a chunk). */
    static long token(int handle, int tag) {
        return ((long) tag << 32) | (handle & 0xFFFF_FFFFL);
    }

    static int tokenHandle(long token) {
        return (int) token;
    }

    static int tokenTag(long token) {
        return (int) (token >>> 32);
    }

    private IdleStrategy idler() {
        if (lock == null) {
            // THREAD_SERIALIZED lets any thread call, one at a time: a virtual one among them.
            return ThreadKind.currentIsVirtual() ? soleParking : soleIdler;
        }
        return idlers.get();
    }

    /** Takes the engine's lock (if it has one) for a part that drives the port itself ({@link OneSidedChannel}). */
    void enter() {
        lock();
    }

    void exit() {
        unlock();
    }

    private void lock() {
        if (lock != null) {
            lock.lock();
        }
    }

    private void unlock() {
        if (lock != null) {
            lock.unlock();
        }
    }
}

package org.atollmpi.engine;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.BoardRegion;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.Memory;
import org.atollmpi.nic.NicStatus;
import org.atollmpi.nic.WindowKey;
import org.atollmpi.nic.WindowRights;

/**
 * The progress engine of one rank: matching, the protocol ladder (fast / eager / rendezvous) and
 * progress over one {@link HostPort}. Ranks here are world ranks (routing-space ranks); the API
 * layer translates communicator ranks. Buffers are {@code (base, offset, bytes)} the
 * {@link Memory} way: a primitive array and a byte offset from its base, or {@code null} and a
 * native address.
 *
 * <p>Protocol ladder, by message size: a payload that fits one slot goes as a single fast send;
 * up to {@link EngineConfig#eagerLimit()} it is one record in the receiver's ring; above that an
 * RTS carries a window descriptor and the receiver Gets the data (straight from the sender's
 * buffer when it lives in board memory, else through a pipeline of staging chunks). A FIN-like
 * "chunks consumed" notification completes the sender.
 *
 * <p>Every data message carries a per-(sender, receiver) sequence number; arrivals that overtake
 * (the NIC does not order its two channels against each other) are held until their turn.
 *
 * <p>Per-operation errors (truncation) are reported in the {@link Operation}, never thrown;
 * argument checking is the API's job.
 *
 * <p>Threads: with {@code threadSafe} every entry point takes one lock, released between polls of
 * a blocking wait so other threads progress too (MPI_THREAD_MULTIPLE). Without it the engine is
 * for one thread at a time and takes no lock.
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
    private static final int STATE_QUEUED = 1;     // waiting for room at the target
    private static final int STATE_AWAIT_ACK = 2;  // synchronous eager send, deposited
    private static final int STATE_RNDV = 3;       // rendezvous in progress
    private static final int STATE_POSTED = 4;     // receive waiting for a match

    private final HostPort port;
    private final EngineConfig config;
    private final int rank;
    private final int size;
    private final int fastLimit;
    private final int eagerLimit;
    private final int stagedEagerLimit;
    private final ReentrantLock lock;
    private final IdleStrategy idleStrategy;
    private final Arrivals arrivals = new Arrivals();
    private final HeldMessagePool held = new HeldMessagePool();
    private final OperationTable table = new OperationTable();
    private final byte[] rtsScratch = new byte[RendezvousDescriptor.LENGTH];

    private final int[] lastSentSequence;
    private final int[] expectedSequence;
    private final HeldMessage[] overtaken;   // per source: arrived ahead of their sequence number
    private int overtakenCount;
    private MatchQueues[] contexts = new MatchQueues[8];

    private final Operation[] queuedHead;    // per target: sends waiting for room, in order
    private final Operation[] queuedTail;
    private int queuedCount;
    private Operation activeSends;           // rendezvous sends (linked via RendezvousSend.nextActive)
    private Operation activeReceives;        // rendezvous receives (linked via Operation.next)
    private int activeReceiveCount;
    private long[] pendingNotes = new long[5 * 16]; // notifications the target had no room for
    private int pendingNoteCount;

    private BufferedSendSpace bufferSpace;
    private final Operation blockingOp;      // reused by blocking calls when single-threaded
    private final Operation probeOp;

    public Engine(HostPort port, EngineConfig config, boolean threadSafe) {
        this.port = port;
        this.config = config;
        this.rank = port.rank();
        this.size = port.size();
        this.fastLimit = port.fastSendCapacity();
        this.eagerLimit = Math.min(config.eagerLimit(), port.maxSendLength());
        this.stagedEagerLimit = Math.min(config.stagedEagerLimit(), port.maxSendLength());
        this.lock = threadSafe ? new ReentrantLock() : null;
        this.idleStrategy = config.idle() == EngineConfig.IdleMode.SPIN
            ? NoOpIdleStrategy.INSTANCE
            : new BackoffIdleStrategy(64, 16, 1_000, 200_000);
        this.lastSentSequence = new int[size];
        this.expectedSequence = new int[size];
        Arrays.fill(expectedSequence, 1);
        this.overtaken = new HeldMessage[size];
        this.queuedHead = new Operation[size];
        this.queuedTail = new Operation[size];
        this.blockingOp = threadSafe ? null : new Operation();
        this.probeOp = threadSafe ? null : new Operation();
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

    /** The largest message sent eagerly from board memory (after the port's own limit). */
    public int eagerLimit() {
        return eagerLimit;
    }

    /** The largest message sent eagerly from heap arrays or private memory. */
    public int stagedEagerLimit() {
        return stagedEagerLimit;
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
        Operation op = new Operation();
        lock();
        try {
            startSend(op, mode, base, offset, bytes, dest, tag, context);
        } finally {
            unlock();
        }
        return op;
    }

    /** Starts a receive of at most {@code bytes} bytes. */
    public Operation irecv(Object base, long offset, int bytes, int source, int tag, int context) {
        Operation op = new Operation();
        lock();
        try {
            startReceive(op, base, offset, bytes, source, tag, context);
        } finally {
            unlock();
        }
        return op;
    }

    /** Blocking send. A small standard send with nothing queued ahead of it creates no object. */
    public void send(int mode, Object base, long offset, int bytes, int dest, int tag, int context) {
        lock();
        try {
            if ((mode == MODE_STANDARD || mode == MODE_READY) && bytes <= eagerLimit && queuedHead[dest] == null
                && depositEager(Envelope.EAGER, base, offset, bytes, dest, tag, context, 0)) {
                return;
            }
        } finally {
            unlock();
        }
        Operation op = blockingOperation();
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
        lock();
        try {
            startReceive(op, base, offset, bytes, source, tag, context);
        } finally {
            unlock();
        }
        await(op);
        return op;
    }

    /** Nonblocking probe: an engine-owned operation describing the message, or {@code null}. */
    public Operation iprobe(int source, int tag, int context) {
        lock();
        try {
            progressLocked();
            return probeLocked(source, tag, context);
        } finally {
            unlock();
        }
    }

    /** Blocking probe; the result is engine-owned as for {@link #recv}. */
    public Operation probe(int source, int tag, int context) {
        while (true) {
            int work;
            lock();
            try {
                work = progressLocked();
                Operation found = probeLocked(source, tag, context);
                if (found != null) {
                    idleStrategy.reset();
                    return found;
                }
            } finally {
                unlock();
            }
            idleStrategy.idle(work);
        }
    }

    private Operation probeLocked(int source, int tag, int context) {
        HeldMessage m = queues(context).findUnexpected(source, tag);
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

    /** Progresses until {@code op} completes. */
    public void await(Operation op) {
        while (!op.complete) {
            int work;
            lock();
            try {
                work = progressLocked();
            } finally {
                unlock();
            }
            if (!op.complete) {
                idleStrategy.idle(work);
            }
        }
        idleStrategy.reset();
    }

    /** Progresses once and says whether {@code op} is complete. */
    public boolean test(Operation op) {
        if (!op.complete) {
            progress();
        }
        return op.complete;
    }

    /** One pass of the progress loop; returns the work done (0 when idle). */
    public int progress() {
        lock();
        try {
            return progressLocked();
        } finally {
            unlock();
        }
    }

    /** Backs off according to the idle strategy after a progress pass that did {@code work}. */
    public void idle(int work) {
        idleStrategy.idle(work);
    }

    /**
     * Tries to cancel: a receive not yet matched completes cancelled; a send not yet handed to the
     * NIC is withdrawn and completes cancelled; anything further along completes normally.
     */
    public void cancel(Operation op) {
        lock();
        try {
            if (op.complete) {
                return;
            }
            if (op.kind == Operation.KIND_RECV && op.state == STATE_POSTED
                && queues(op.context).removePosted(op)) {
                op.cancelled = true;
                op.statusSource = ANY_SOURCE;
                op.statusTag = ANY_TAG;
                op.statusBytes = 0;
                complete(op);
            } else if (op.kind == Operation.KIND_SEND && op.state == STATE_QUEUED && unqueue(op)) {
                op.cancelled = true;
                complete(op);
            }
        } finally {
            unlock();
        }
    }

    /** The user lets go of {@code op}: it still completes, and is then forgotten. */
    public void release(Operation op) {
        lock();
        try {
            op.freed = true;
        } finally {
            unlock();
        }
    }

    /** Attaches the buffer that {@link #MODE_BUFFERED} sends copy into. */
    public void attachBuffer(Object base, long offset, int bytes) {
        lock();
        try {
            if (bufferSpace != null) {
                throw new EngineException(ErrorClass.BUFFER, "a buffer is already attached (detach it first)");
            }
            bufferSpace = new BufferedSendSpace(base, offset, bytes);
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
        progressUntil(() -> bufferSpace == null || bufferSpace.blocksInUse() == 0);
        lock();
        try {
            Object base = bufferSpace == null ? null : bufferSpace.base;
            bufferSpace = null;
            return base;
        } finally {
            unlock();
        }
    }

    /** Board memory for {@code MPI.newByteBuffer}; {@code null} when the board is full. */
    public BoardRegion allocate(long bytes) {
        lock();
        try {
            return port.allocate(bytes);
        } finally {
            unlock();
        }
    }

    /**
     * Waits until everything this rank has started towards others is delivered: queued sends,
     * rendezvous in both directions, buffered sends and pending notifications. MPI_Finalize calls
     * this before the ranks part.
     */
    public void quiesce() {
        progressUntil(() -> queuedCount == 0 && activeSends == null && activeReceives == null && pendingNoteCount == 0
            && (bufferSpace == null || bufferSpace.blocksInUse() == 0));
    }

    /** Progresses, backing off while idle, until {@code done} (checked under the lock) holds. */
    private void progressUntil(java.util.function.BooleanSupplier done) {
        while (true) {
            int work;
            lock();
            try {
                if (done.getAsBoolean()) {
                    idleStrategy.reset();
                    return;
                }
                work = progressLocked();
            } finally {
                unlock();
            }
            idleStrategy.idle(work);
        }
    }

    @Override
    public void close() {
        port.close();
    }

    // ------------------------------------------------------------------------------------------
    // Sends
    // ------------------------------------------------------------------------------------------

    private Operation blockingOperation() {
        if (lock != null) {
            return new Operation();
        }
        Operation op = blockingOp;
        op.complete = false;
        op.freed = false;
        op.cancelled = false;
        op.error = ErrorClass.SUCCESS;
        op.errorMessage = null;
        op.protocol = null;
        op.bufferedBlock = -1;
        op.next = null;
        op.prev = null;
        op.id = -1;
        return op;
    }

    private void startSend(Operation op, int mode, Object base, long offset, int bytes, int dest, int tag, int context) {
        op.kind = Operation.KIND_SEND;
        op.mode = mode;
        op.peer = dest;
        op.tag = tag;
        op.context = context;
        op.statusSource = rank;
        op.statusTag = tag;
        op.statusBytes = bytes;
        if (mode == MODE_BUFFERED) {
            startBufferedSend(op, base, offset, bytes);
            return;
        }
        op.base = base;
        op.offset = offset;
        op.bytes = bytes;
        if (queuedHead[dest] != null || !tryStart(op)) {
            enqueue(op);
        }
    }

    /**
     * A buffered send copies the message into the attached buffer and completes at once; an
     * internal send, owned by the engine, moves the copy and returns the space when done.
     */
    private void startBufferedSend(Operation op, Object base, long offset, int bytes) {
        BufferedSendSpace space = bufferSpace;
        if (space == null) {
            throw new EngineException(ErrorClass.BUFFER,
                "buffered send of " + bytes + " bytes but no buffer is attached (attachBuffer first)");
        }
        int start = space.reserve(bytes);
        if (start < 0) {
            throw new EngineException(ErrorClass.BUFFER, "buffered send of " + bytes + " bytes (+" + BSEND_OVERHEAD
                + " overhead) does not fit the attached buffer: " + space.freeBytes() + " of " + space.capacity
                + " bytes free");
        }
        space.copyIn(start, base, offset, bytes);
        Operation internal = new Operation();
        internal.kind = Operation.KIND_SEND;
        internal.mode = MODE_STANDARD;
        internal.peer = op.peer;
        internal.tag = op.tag;
        internal.context = op.context;
        internal.base = space.base;
        internal.offset = space.offset + start;
        internal.bytes = bytes;
        internal.bufferedBlock = start;
        internal.freed = true;
        if (queuedHead[op.peer] != null || !tryStart(internal)) {
            enqueue(internal);
        }
        op.base = base;
        op.bytes = bytes;
        complete(op);
    }

    /**
     * Hands the send to the NIC if the target has room; false leaves nothing behind.
     *
     * <p>Eager or rendezvous: data in board memory goes by rendezvous above the eager limit (the
     * receiver copies it once, straight from the sender's buffer); anything else would have to be
     * staged, which costs as many copies as eager plus a round trip, so it stays eager up to the
     * staged limit.
     */
    private boolean tryStart(Operation op) {
        if (op.bytes <= eagerLimit) {
            return startEager(op);
        }
        if (op.protocol != null) {
            return startRendezvous(op, null); // prepared on an earlier try; only the RTS is left
        }
        BoardRegion own = op.base == null ? port.regionOf(null, op.offset, op.bytes) : null;
        if (own == null && op.bytes <= stagedEagerLimit) {
            return startEager(op);
        }
        return startRendezvous(op, own);
    }

    private boolean startEager(Operation op) {
        if (op.mode == MODE_SYNCHRONOUS) {
            int id = table.register(op);
            if (!depositEager(Envelope.EAGER_SYNC, op.base, op.offset, op.bytes, op.peer, op.tag, op.context, id)) {
                table.release(op);
                return false;
            }
            op.state = STATE_AWAIT_ACK;
            return true;
        }
        if (!depositEager(Envelope.EAGER, op.base, op.offset, op.bytes, op.peer, op.tag, op.context, 0)) {
            return false;
        }
        complete(op);
        return true;
    }

    private boolean depositEager(int kind, Object base, long offset, int bytes, int dest, int tag, int context, int aux) {
        int sequence = lastSentSequence[dest] + 1;
        long h0 = Envelope.header0(kind, context, tag);
        long h1 = Envelope.header1(sequence, aux);
        boolean sent = bytes <= fastLimit
            ? port.fastSend(dest, h0, h1, base, offset, bytes)
            : port.send(dest, h0, h1, base, offset, bytes);
        if (sent) {
            lastSentSequence[dest] = sequence;
        }
        return sent;
    }

    /** @param own the board region holding the message, or null when it lives elsewhere */
    private boolean startRendezvous(Operation op, BoardRegion own) {
        RendezvousSend rs = (RendezvousSend) op.protocol;
        if (rs == null) {
            rs = prepareRendezvous(op, own);
            if (rs == null) {
                return false; // no board memory or window for now: retry when traffic drains
            }
            op.protocol = rs;
            table.register(op);
        }
        RendezvousDescriptor.write(rtsScratch, rs.window.id(), rs.window.capability(), 0, op.bytes, rs.chunkBytes,
            rs.slots, op.id);
        int sequence = lastSentSequence[op.peer] + 1;
        long h0 = Envelope.header0(Envelope.RTS, op.context, op.tag);
        long h1 = Envelope.header1(sequence, op.id);
        boolean sent = RendezvousDescriptor.LENGTH <= fastLimit
            ? port.fastSend(op.peer, h0, h1, rtsScratch, Memory.BYTE_ARRAY_BASE, RendezvousDescriptor.LENGTH)
            : port.send(op.peer, h0, h1, rtsScratch, Memory.BYTE_ARRAY_BASE, RendezvousDescriptor.LENGTH);
        if (!sent) {
            return false;
        }
        lastSentSequence[op.peer] = sequence;
        op.state = STATE_RNDV;
        rs.nextActive = activeSends;
        activeSends = op;
        return true;
    }

    /**
     * Exposes the message through a window: in place when it already lives in board memory (one
     * copy in all, by the receiver), else through staging chunks of board memory that the sender
     * fills as the receiver drains them. Chunk 0 is filled before the RTS leaves.
     */
    private RendezvousSend prepareRendezvous(Operation op, BoardRegion own) {
        if (own != null) {
            WindowKey key = port.register(own, op.offset - own.address(), op.bytes, WindowRights.READ);
            if (key == null) {
                return null;
            }
            RendezvousSend rs = new RendezvousSend(null, key, op.bytes, 1, 1);
            rs.filled = 1;
            return rs;
        }
        int chunk = config.chunkBytes();
        int totalChunks = (int) (((long) op.bytes + chunk - 1) / chunk);
        int slots = Math.min(config.stagingSlots(), totalChunks);
        if (totalChunks == 1) {
            chunk = op.bytes;
        }
        BoardRegion staging = port.allocate((long) chunk * slots);
        if (staging == null) {
            return null;
        }
        WindowKey key = port.register(staging, 0, (long) chunk * slots, WindowRights.READ);
        if (key == null) {
            staging.free();
            return null;
        }
        RendezvousSend rs = new RendezvousSend(staging, key, chunk, slots, totalChunks);
        fillChunk(op, rs);
        return rs;
    }

    private void fillChunk(Operation op, RendezvousSend rs) {
        int c = rs.filled;
        long at = (long) c * rs.chunkBytes;
        int len = (int) Math.min(rs.chunkBytes, op.bytes - at);
        long slotOffset = (long) (c % rs.slots) * rs.chunkBytes;
        Memory.copy(op.base, op.offset + at, rs.staging.base(), rs.staging.address() + slotOffset, len);
        rs.filled = c + 1;
    }

    /** Fills free staging slots and tells the receiver about them. */
    private int advanceSends() {
        int work = 0;
        Operation prev = null;
        for (Operation op = activeSends; op != null; ) {
            RendezvousSend rs = (RendezvousSend) op.protocol;
            Operation next = rs.nextActive;
            if (rs.consumed >= rs.totalChunks) {
                if (prev == null) {
                    activeSends = next;
                } else {
                    ((RendezvousSend) prev.protocol).nextActive = next;
                }
                finishRendezvousSend(op, rs);
                work++;
            } else {
                while (rs.staging != null && rs.filled < rs.totalChunks && rs.filled < rs.consumed + rs.slots) {
                    fillChunk(op, rs);
                    work++;
                }
                if (rs.receiverOp >= 0 && rs.filled > rs.announced
                    && port.notify(op.peer, Envelope.N_CHUNK_READY, rs.receiverOp, rs.filled, 0)) {
                    rs.announced = rs.filled;
                    work++;
                }
                prev = op;
            }
            op = next;
        }
        return work;
    }

    private void finishRendezvousSend(Operation op, RendezvousSend rs) {
        port.deregister(rs.window);
        if (rs.staging != null) {
            rs.staging.free();
        }
        op.protocol = null;
        table.release(op);
        complete(op);
    }

    private void enqueue(Operation op) {
        op.state = STATE_QUEUED;
        op.next = null;
        int dest = op.peer;
        if (queuedTail[dest] == null) {
            queuedHead[dest] = op;
        } else {
            queuedTail[dest].next = op;
        }
        queuedTail[dest] = op;
        queuedCount++;
    }

    private boolean unqueue(Operation target) {
        int dest = target.peer;
        Operation prev = null;
        for (Operation op = queuedHead[dest]; op != null; prev = op, op = op.next) {
            if (op == target) {
                if (prev == null) {
                    queuedHead[dest] = op.next;
                } else {
                    prev.next = op.next;
                }
                if (queuedTail[dest] == op) {
                    queuedTail[dest] = prev;
                }
                op.next = null;
                queuedCount--;
                return true;
            }
        }
        return false;
    }

    private int drainQueued() {
        int work = 0;
        for (int dest = 0; dest < size && queuedCount > 0; dest++) {
            Operation op;
            while ((op = queuedHead[dest]) != null) {
                queuedHead[dest] = op.next;
                if (queuedHead[dest] == null) {
                    queuedTail[dest] = null;
                }
                op.next = null;
                queuedCount--;
                if (!tryStart(op)) {
                    // put it back at the head: order to one target is the send order
                    op.next = queuedHead[dest];
                    queuedHead[dest] = op;
                    if (queuedTail[dest] == null) {
                        queuedTail[dest] = op;
                    }
                    queuedCount++;
                    break;
                }
                work++;
            }
        }
        return work;
    }

    // ------------------------------------------------------------------------------------------
    // Receives
    // ------------------------------------------------------------------------------------------

    private void startReceive(Operation op, Object base, long offset, int bytes, int source, int tag, int context) {
        op.kind = Operation.KIND_RECV;
        op.base = base;
        op.offset = offset;
        op.bytes = bytes;
        op.peer = source;
        op.tag = tag;
        op.context = context;
        MatchQueues q = queues(context);
        HeldMessage m = q.findUnexpected(source, tag);
        if (m != null) {
            q.removeUnexpected(m);
            deliver(op, m.source, m.header0, m.header1, m.data, Memory.BYTE_ARRAY_BASE, m.length);
            held.recycle(m);
            return;
        }
        op.state = STATE_POSTED;
        q.post(op);
    }

    private MatchQueues queues(int context) {
        if (context >= contexts.length) {
            contexts = Arrays.copyOf(contexts, Math.max(context + 1, contexts.length * 2));
        }
        MatchQueues q = contexts[context];
        if (q == null) {
            q = new MatchQueues();
            contexts[context] = q;
        }
        return q;
    }

    /** An in-order data message: match it or keep it as unexpected. */
    private void dispatch(int source, long h0, long h1, Object base, long offset, int length) {
        MatchQueues q = queues(Envelope.context(h0));
        Operation op = q.takePosted(source, Envelope.tag(h0));
        if (op != null) {
            deliver(op, source, h0, h1, base, offset, length);
        } else {
            q.addUnexpected(held.hold(source, h0, h1, base, offset, length));
        }
    }

    private void deliver(Operation op, int source, long h0, long h1, Object base, long offset, int length) {
        op.statusSource = source;
        op.statusTag = Envelope.tag(h0);
        int kind = Envelope.kind(h0);
        if (kind == Envelope.RTS) {
            startRendezvousReceive(op, source, base, offset);
            return;
        }
        int n = length;
        if (length > op.bytes) {
            truncated(op, length);
            n = op.bytes;
        }
        if (n > 0) {
            Memory.copy(base, offset, op.base, op.offset, n);
        }
        op.statusBytes = n;
        if (kind == Envelope.EAGER_SYNC) {
            notifyOrQueue(source, Envelope.N_SYNC_ACK, Envelope.aux(h1), 0, 0);
        }
        complete(op);
    }

    private static void truncated(Operation op, int messageBytes) {
        op.error = ErrorClass.TRUNCATE;
        op.errorMessage = "message of " + messageBytes + " bytes from rank " + op.statusSource + " (tag "
            + op.statusTag + ") does not fit the receive buffer of " + op.bytes + " bytes";
    }

    private void startRendezvousReceive(Operation op, int source, Object base, long offset) {
        RendezvousReceive rr = new RendezvousReceive(source, RendezvousDescriptor.senderOp(base, offset),
            RendezvousDescriptor.windowId(base, offset), RendezvousDescriptor.capability(base, offset),
            RendezvousDescriptor.windowOffset(base, offset), RendezvousDescriptor.totalBytes(base, offset),
            RendezvousDescriptor.chunkBytes(base, offset), RendezvousDescriptor.slots(base, offset));
        if (rr.totalBytes > op.bytes) {
            truncated(op, rr.totalBytes);
        }
        op.statusBytes = Math.min(rr.totalBytes, op.bytes);
        op.protocol = rr;
        op.state = STATE_RNDV;
        table.register(op);
        op.prev = null;
        op.next = activeReceives;
        if (activeReceives != null) {
            activeReceives.prev = op;
        }
        activeReceives = op;
        activeReceiveCount++;
        pull(op, rr);
    }

    /** Copies the chunks the sender has made ready and reports them consumed. */
    private int pull(Operation op, RendezvousReceive rr) {
        int work = 0;
        while (rr.consumed < rr.ready && rr.consumed < rr.totalChunks) {
            int c = rr.consumed;
            long at = (long) c * rr.chunkBytes;
            int len = (int) Math.min(rr.chunkBytes, rr.totalBytes - at);
            int fit = (int) Math.max(0, Math.min(len, op.bytes - at)); // a truncated receive drains the rest
            if (fit > 0) {
                long slotOffset = rr.windowOffset + (long) (c % rr.slots) * rr.chunkBytes;
                int status = port.get(rr.source, rr.windowId, rr.capability, slotOffset, op.base, op.offset + at, fit);
                if (status != NicStatus.OK) {
                    op.error = ErrorClass.INTERN;
                    op.errorMessage = "rendezvous Get from rank " + rr.source + " failed: " + NicStatus.describe(status)
                        + " (" + NicStatus.name(status) + ")";
                    rr.consumed = rr.totalChunks;
                    break;
                }
            }
            rr.consumed = c + 1;
            work++;
        }
        if (rr.consumed > rr.reported
            && port.notify(rr.source, Envelope.N_CHUNK_DONE, rr.senderOp, rr.consumed, op.id)) {
            rr.reported = rr.consumed;
            work++;
        }
        if (rr.reported >= rr.totalChunks) {
            if (op.prev == null) {
                activeReceives = op.next;
            } else {
                op.prev.next = op.next;
            }
            if (op.next != null) {
                op.next.prev = op.prev;
            }
            op.next = null;
            op.prev = null;
            activeReceiveCount--;
            op.protocol = null;
            table.release(op);
            complete(op);
        }
        return work;
    }

    private int advanceReceives() {
        int work = 0;
        for (Operation op = activeReceives; op != null; ) {
            Operation next = op.next;
            work += pull(op, (RendezvousReceive) op.protocol);
            op = next;
        }
        return work;
    }

    // ------------------------------------------------------------------------------------------
    // Progress
    // ------------------------------------------------------------------------------------------

    private int progressLocked() {
        int work = port.poll(arrivals, POLL_LIMIT);
        if (queuedCount > 0) {
            work += drainQueued();
        }
        if (activeSends != null) {
            work += advanceSends();
        }
        if (activeReceiveCount > 0) {
            work += advanceReceives();
        }
        if (pendingNoteCount > 0) {
            work += flushNotes();
        }
        return work;
    }

    private void complete(Operation op) {
        if (op.bufferedBlock >= 0) {
            if (bufferSpace != null) {
                bufferSpace.release(op.bufferedBlock);
            }
            op.bufferedBlock = -1;
        }
        op.state = 0;
        op.complete = true;
    }

    private void notifyOrQueue(int target, int type, long a0, long a1, long a2) {
        if (pendingNoteCount == 0 && port.notify(target, type, a0, a1, a2)) {
            return;
        }
        if ((pendingNoteCount + 1) * 5 > pendingNotes.length) {
            pendingNotes = Arrays.copyOf(pendingNotes, pendingNotes.length * 2);
        }
        int i = pendingNoteCount++ * 5;
        pendingNotes[i] = target;
        pendingNotes[i + 1] = type;
        pendingNotes[i + 2] = a0;
        pendingNotes[i + 3] = a1;
        pendingNotes[i + 4] = a2;
    }

    private int flushNotes() {
        int sent = 0;
        while (sent < pendingNoteCount) {
            int i = sent * 5;
            if (!port.notify((int) pendingNotes[i], (int) pendingNotes[i + 1], pendingNotes[i + 2], pendingNotes[i + 3],
                pendingNotes[i + 4])) {
                break;
            }
            sent++;
        }
        if (sent > 0) {
            System.arraycopy(pendingNotes, sent * 5, pendingNotes, 0, (pendingNoteCount - sent) * 5);
            pendingNoteCount -= sent;
        }
        return sent;
    }

    /** What the port delivers: data messages are put back in sequence, notifications act at once. */
    private final class Arrivals implements ArrivalHandler {
        @Override
        public void onMessage(int source, long header0, long header1, Object base, long offset, int length) {
            int sequence = Envelope.sequence(header1);
            if (sequence != expectedSequence[source]) {
                HeldMessage m = held.hold(source, header0, header1, base, offset, length);
                m.next = overtaken[source];
                overtaken[source] = m;
                overtakenCount++;
                return;
            }
            expectedSequence[source] = sequence + 1;
            dispatch(source, header0, header1, base, offset, length);
            if (overtakenCount > 0) {
                releaseOvertaken(source);
            }
        }

        private void releaseOvertaken(int source) {
            boolean found = true;
            while (found && overtaken[source] != null) {
                found = false;
                HeldMessage prev = null;
                for (HeldMessage m = overtaken[source]; m != null; prev = m, m = m.next) {
                    if (Envelope.sequence(m.header1) == expectedSequence[source]) {
                        if (prev == null) {
                            overtaken[source] = m.next;
                        } else {
                            prev.next = m.next;
                        }
                        m.next = null;
                        overtakenCount--;
                        expectedSequence[source]++;
                        dispatch(source, m.header0, m.header1, m.data, Memory.BYTE_ARRAY_BASE, m.length);
                        held.recycle(m);
                        found = true;
                        break;
                    }
                }
            }
        }

        @Override
        public void onNotification(int source, int type, long arg0, long arg1, long arg2) {
            Operation op = table.get((int) arg0);
            if (op == null) {
                throw new IllegalStateException("notification " + type + " from rank " + source
                    + " names no operation in flight (id " + arg0 + ")");
            }
            switch (type) {
                case Envelope.N_SYNC_ACK:
                    table.release(op);
                    complete(op);
                    break;
                case Envelope.N_CHUNK_DONE: {
                    RendezvousSend rs = (RendezvousSend) op.protocol;
                    rs.consumed = Math.max(rs.consumed, (int) arg1);
                    rs.receiverOp = (int) arg2;
                    break;
                }
                case Envelope.N_CHUNK_READY: {
                    RendezvousReceive rr = (RendezvousReceive) op.protocol;
                    rr.ready = Math.max(rr.ready, (int) arg1);
                    break;
                }
                default:
                    throw new IllegalStateException("unknown notification type " + type + " from rank " + source);
            }
        }
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

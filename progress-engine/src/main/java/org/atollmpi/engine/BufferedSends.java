package org.atollmpi.engine;

/**
 * Buffered-mode sends (MPI_Bsend): the attached buffer ({@link BufferedSendSpace}) and the
 * internal sends that carry each copy from it. A buffered send copies its message into the
 * buffer and completes at once; an internal send the engine owns moves the copy like any standard
 * send (at once when the target has room, else from the {@link SendQueue}, behind what is queued
 * to that target) and gives its block back when it completes. Runs under the engine's lock; not
 * a hot path.
 */
final class BufferedSends {
    private final Engine engine;
    /** Messages up to this size go without an attached buffer (copied into an array of the engine's own). */
    private final int eagerLimit;
    private BufferedSendSpace space;

    BufferedSends(Engine engine, int eagerLimit) {
        this.engine = engine;
        this.eagerLimit = eagerLimit;
    }

    /** MPI_Buffer_attach. */
    void attach(Object base, long offset, int bytes) {
        if (space != null) {
            throw new EngineException(ErrorClass.BUFFER, "a buffer is already attached (detach it first)");
        }
        space = new BufferedSendSpace(base, offset, bytes);
    }

    /** Whether no buffered send's copy is still in the attached buffer (or none is attached). */
    boolean drained() {
        return space == null || space.blocksInUse() == 0;
    }

    /** Detaches the buffer (the caller has waited until {@link #drained}); its base, or null when none was attached. */
    Object detach() {
        Object base = space == null ? null : space.base;
        space = null;
        return base;
    }

    /**
     * Starts the buffered send {@code op} (described already): copies the message and completes
     * {@code op}; the copy leaves by an internal send.
     *
     * @throws EngineException of class {@link ErrorClass#BUFFER} when it does not fit the
     *                         attached buffer, or is larger than the eager limit and none is attached
     */
    void start(Operation op, Object base, long offset, int bytes) {
        BufferedSendSpace s = space;
        if (s == null) {
            if (bytes <= eagerLimit) {
                sendWithoutAttachedBuffer(op, base, offset, bytes);
                return;
            }
            throw new EngineException(ErrorClass.BUFFER,
                "buffered send of " + bytes + " bytes (more than the " + eagerLimit + " that go without one) but no"
                + " buffer is attached: attach one first with MPI.attachBuffer (mpiJava: MPI.Buffer_attach)");
        }
        int start = s.reserve(bytes);
        if (start < 0) {
            throw new EngineException(ErrorClass.BUFFER, "buffered send of " + bytes + " bytes (+"
                + Engine.BSEND_OVERHEAD + " overhead) does not fit the attached buffer: " + s.freeBytes() + " of "
                + s.capacity + " bytes free");
        }
        s.copyIn(start, base, offset, bytes);
        sendCopy(op, s.base, s.offset + start, bytes, start);
        op.base = base;
        op.bytes = bytes;
        engine.complete(op);
    }

    /** The internal send {@code op}, whose copy was at {@code op.bufferedBlock}, has completed: the block is free. */
    void copySent(Operation op) {
        if (space != null) {
            space.release(op.bufferedBlock);
        }
        op.bufferedBlock = -1;
    }

    /**
     * Sends a buffered send's copy ({@code bufferedBlock}: where it is in the attached buffer, or
     * -1 for an array of the engine's own) by an internal send the engine owns until the board
     * has taken it.
     */
    private void sendCopy(Operation op, Object copyBase, long copyOffset, int bytes, int bufferedBlock) {
        Operation internal = new Operation();
        internal.kind = Operation.KIND_SEND;
        internal.mode = Engine.MODE_STANDARD;
        internal.peer = op.peer;
        internal.tag = op.tag;
        internal.context = op.context;
        internal.base = copyBase;
        internal.offset = copyOffset;
        internal.bytes = bytes;
        internal.bufferedBlock = bufferedBlock;
        internal.freed = true;
        // the trace follows the message: its record is injected and completed with the copy
        internal.traceRecord = op.traceRecord;
        op.traceRecord = -1;
        engine.startOrQueue(internal);
    }

    /**
     * A short buffered send with no buffer attached is sent, as Open MPI's is (its inline send),
     * rather than refused: the message is copied into an array of the engine's own and the call
     * completes at once, as a buffered send must, whatever the board and whatever the receiver
     * does. Not a hot path: a program that sends this way often attaches a buffer.
     */
    private void sendWithoutAttachedBuffer(Operation op, Object base, long offset, int bytes) {
        byte[] copy = new byte[bytes];
        Addresses.copy(base, offset, copy, Addresses.BYTE_ARRAY_BASE, bytes);
        sendCopy(op, copy, Addresses.BYTE_ARRAY_BASE, bytes, -1);
        op.base = base;
        op.bytes = bytes;
        engine.complete(op);
    }
}

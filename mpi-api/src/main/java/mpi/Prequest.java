package mpi;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;

/**
 * A persistent request: its arguments are checked once at {@code sendInit}/{@code recvInit}, and
 * each {@link #start} begins a new operation with them. Between operations it is inactive, not
 * null, and it keeps its buffer referenced until freed.
 */
public final class Prequest extends Request {
    private final boolean receive;
    private final int mode;
    private final Object base;
    private final long offset;
    private final int bytes;
    /** World rank, the engine's ANY_SOURCE, or {@link Comm#NO_PEER}. */
    private final int peer;
    /** Engine tag (ANY_TAG already translated for receives). */
    private final int tag;
    /** MPI.OBJECT: the objects are serialized at each start of a send, deserialized at each completion of a receive. */
    private final boolean objectType;
    private final int objectOffset;
    private final int objectCount;
    /** A type derived from MPI.OBJECT: the indices of its objects in the buffer, in type-map order; else null. */
    private final int[] objectPositions;

    /**
     * @param staged for a non-contiguous datatype, the packed temporary ({@code base}/{@code offset}
     *               address its data): packed at each start of a send, unpacked at each completion
     *               of a receive; null otherwise
     */
    Prequest(Comm comm, boolean receive, int mode, Object buffer, Object base, long offset, int bytes,
             int peer, int tag, Staged staged) {
        super(comm, INACTIVE, true);
        this.buffer = buffer;
        this.staged = staged;
        this.receive = receive;
        this.mode = mode;
        this.base = base;
        this.offset = offset;
        this.bytes = bytes;
        this.peer = peer;
        this.tag = tag;
        this.objectType = false;
        this.objectOffset = 0;
        this.objectCount = 0;
        this.objectPositions = null;
    }

    /** An MPI.OBJECT request: {@code count} objects of {@code objects} from {@code offset}. */
    Prequest(Comm comm, boolean receive, int mode, Object[] objects, int offset, int count, int[] positions, int peer,
             int tag) {
        super(comm, INACTIVE, true);
        this.buffer = objects;
        this.receive = receive;
        this.mode = mode;
        this.base = null;
        this.offset = 0;
        this.bytes = 0;
        this.peer = peer;
        this.tag = tag;
        this.objectType = true;
        this.objectOffset = offset;
        this.objectCount = count;
        this.objectPositions = positions;
    }

    public void start() {
        start("start");
    }

    public void Start() {
        start("Start");
    }

    /** Starts every request in turn (all must be inactive). */
    public static void startAll(Prequest[] requests) {
        startAll(requests, "startAll");
    }

    public static void Startall(Prequest[] requests) {
        startAll(requests, "Startall");
    }

    private static void startAll(Prequest[] requests, String call) {
        MPI.check(call);
        if (requests == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, call + ": requests is null");
        }
        for (Prequest r : requests) {
            if (r == null) {
                throw MPI.COMM_WORLD.raise(ErrorClass.REQUEST, call + ": the array holds a null request");
            }
            r.start(call);
        }
    }

    private void start(String call) {
        Engine engine = MPI.engine(call);
        if (state == ACTIVE || state == DONE) {
            throw scope().raise(ErrorClass.REQUEST, call + ": the request is already active (wait for it first)");
        }
        if (state == NULL) {
            throw scope().raise(ErrorClass.REQUEST, call + ": the request has been freed");
        }
        if (peer == Comm.NO_PEER) {
            state = DONE;
            return;
        }
        if (staged != null) {
            if (receive) {
                staged.reset();
            } else {
                staged.pack();
            }
        }
        if (objectType) {
            startObjects(engine, call);
            return;
        }
        try {
            op = receive ? engine.irecv(base, offset, bytes, peer, tag, comm.p2pContext, buffer)
                : engine.isend(mode, base, offset, bytes, peer, tag, comm.p2pContext, buffer);
        } catch (EngineException e) {
            throw scope().raise(e, call);
        }
        state = ACTIVE;
    }

    /** MPI.OBJECT: a receive posted now (matched in posting order), or the objects as they are now, serialized and sent. */
    private void startObjects(Engine engine, String call) {
        Object[] objects = (Object[]) buffer;
        try {
            if (receive) {
                ObjectTransfer transfer = ObjectTransfer.post(comm, engine, objects, objectOffset, objectCount,
                    objectPositions, peer, tag);
                this.objects = transfer;
                op = transfer.whole;
            } else {
                this.objects = null;
                byte[] framed = objectPositions == null
                    ? ObjectTransfer.frame(comm, call, objects, objectOffset, objectCount)
                    : ObjectTransfer.frame(comm, call, ObjectTransfer.gather(objects, objectPositions), 0,
                        objectPositions.length);
                op = ObjectTransfer.isend(comm, engine, mode, framed, peer, tag);
            }
        } catch (EngineException e) {
            throw scope().raise(e, call);
        }
        state = ACTIVE;
    }
}

package mpi;

import java.lang.ref.Reference;
import java.nio.Buffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;
import org.atollmpi.engine.Addresses;

/**
 * A communicator: a group of ranks and the matching spaces their messages travel in.
 *
 * <p>The group is a table from communicator rank to world rank (the engine's ranks). Each
 * communicator has two engine contexts: one for point-to-point traffic and one for its
 * collectives, so that a barrier's messages never match a program's receive.
 *
 * <p>Every call checks its arguments before it reaches the engine and raises errors through the
 * communicator's error handler ({@link #raise}). Each operation has one implementation; the Open
 * MPI form (offset 0) and the mpiJava form (offset in elements) both call it, with their own name
 * so that messages name the call the program made.
 */
public class Comm implements Freeable {
    /** COMM_NULL (MPJ Express): no group, no contexts; every call on it is refused. */
    static final Comm NULL_COMM = new Comm("MPI_COMM_NULL", -1, -1);

    /** Open MPI: split type of {@code splitType}: the ranks that can share memory (one node). */
    public static final int TYPE_SHARED = 0;

    /** MPJ Express: the communicator's group, as a public field (the same as {@code Group()}). */
    public Group group;

    /** What a PROC_NULL peer turns into: not a world rank, not an engine wildcard. */
    static final int NO_PEER = Integer.MIN_VALUE;

    private String name;
    final int p2pContext;
    final int collContext;

    /** World rank of each member, indexed by rank in this communicator. */
    int[] worldRanks = new int[0];
    int rank = MPI.UNDEFINED;
    int size;
    /** Communicator ranks are world ranks (COMM_WORLD): status sources need no translation. */
    private boolean identity;

    volatile Errhandler errhandler = Errhandler.FATAL_HANDLER;

    Comm(String name, int p2pContext, int collContext) {
        this.name = name;
        this.p2pContext = p2pContext;
        this.collContext = collContext;
    }

    /** Called at Init, before the running state is published, so no other thread sees it change. */
    final void setGroup(int[] worldRanks, int rank, boolean identity) {
        this.worldRanks = worldRanks;
        this.rank = rank;
        this.size = worldRanks.length;
        this.identity = identity;
    }

    // ================================================================ group

    public final int getSize() {
        MPI.check("getSize");
        return size;
    }

    public final int getRank() {
        MPI.check("getRank");
        return rank;
    }

    public int Size() {
        MPI.check("Size");
        return size;
    }

    public int Rank() {
        MPI.check("Rank");
        return rank;
    }

    /** IDENT for the same communicator, CONGRUENT for the same members in the same order, SIMILAR for the same members. */
    public static int compare(Comm comm1, Comm comm2) {
        MPI.check("compare");
        if (comm1 == comm2) {
            return MPI.IDENT;
        }
        int[] a = comm1.worldRanks;
        int[] b = comm2.worldRanks;
        if (Arrays.equals(a, b)) {
            return MPI.CONGRUENT;
        }
        int[] sa = a.clone();
        int[] sb = b.clone();
        Arrays.sort(sa);
        Arrays.sort(sb);
        return Arrays.equals(sa, sb) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    public static int Compare(Comm comm1, Comm comm2) {
        return compare(comm1, comm2);
    }

    /** The predefined communicators cannot be freed (MPI_ERR_COMM). */
    @Override
    public final void free() {
        freeImpl("free");
    }

    public void Free() {
        freeImpl("Free");
    }

    private void freeImpl(String call) {
        MPI.check(call);
        throw raise(ErrorClass.COMM, call + ": " + name + " is predefined and cannot be freed");
    }

    public final boolean isNull() {
        return false;
    }

    public boolean Is_null() {
        return false;
    }

    /** Communicators of this version are intracommunicators. */
    public final boolean isInter() {
        MPI.check("isInter");
        return false;
    }

    public boolean Test_inter() {
        MPI.check("Test_inter");
        return false;
    }

    /** No virtual topology (UNDEFINED) on the communicators of this version. */
    public final int getTopology() {
        MPI.check("getTopology");
        return MPI.UNDEFINED;
    }

    public int Topo_test() {
        MPI.check("Topo_test");
        return MPI.UNDEFINED;
    }

    public final String getName() {
        return name;
    }

    public final void setName(String name) {
        MPI.check("setName");
        if (name == null) {
            throw raise(ErrorClass.ARG, "setName: name is null");
        }
        this.name = name;
    }

    /**
     * The predefined attributes: TAG_UB, HOST (PROC_NULL: no host process), IO (ANY_SOURCE: every
     * rank may do I/O), WTIME_IS_GLOBAL (0: clocks are per process), UNIVERSE_SIZE (the world
     * size), LASTUSEDCODE; {@code null} for APPNUM, which only spawned jobs have.
     */
    public final Object getAttr(int keyval) {
        return attr(keyval, "getAttr");
    }

    /** MPJ Express form (mpiJava 1.2's returned int; the Integer here unboxes where needed). */
    public Object Attr_get(int keyval) {
        return attr(keyval, "Attr_get");
    }

    private Object attr(int keyval, String call) {
        MPI.check(call);
        switch (keyval) {
            case MPI.TAG_UB: return MPI.TAG_UB;
            case MPI.HOST: return MPI.PROC_NULL;
            case MPI.IO: return MPI.ANY_SOURCE;
            case MPI.WTIME_IS_GLOBAL: return 0;
            case MPI.UNIVERSE_SIZE: return MPI.COMM_WORLD.size;
            case MPI.LASTUSEDCODE: return MPI.ERR_LASTCODE;
            case MPI.APPNUM: return null;
            default:
                throw raise(ErrorClass.KEYVAL, call + ": keyval " + keyval
                    + " is not a predefined attribute (user attributes are not implemented yet)");
        }
    }

    // ================================================================ errors and abort

    public final void setErrhandler(Errhandler errhandler) {
        setErrhandler(errhandler, "setErrhandler");
    }

    public void Errhandler_set(Errhandler errhandler) {
        setErrhandler(errhandler, "Errhandler_set");
    }

    final void setErrhandler(Errhandler handler, String call) {
        MPI.check(call);
        if (handler == null) {
            throw raise(ErrorClass.ARG, call + ": errhandler is null");
        }
        this.errhandler = handler;
    }

    public final Errhandler getErrhandler() {
        MPI.check("getErrhandler");
        return errhandler;
    }

    public Errhandler Errorhandler_get() {
        MPI.check("Errorhandler_get");
        return errhandler;
    }

    /** Raises {@code errorCode} through this communicator's error handler, as if a call had failed. */
    public void callErrhandler(int errorCode) {
        MPI.check("callErrhandler");
        throw raise(errorCode, "callErrhandler: error " + errorCode + " (" + ErrorClass.name(errorCode)
            + ") raised by the program");
    }

    /** Ends every rank of the job; {@code mpirun} exits with {@code errorcode}. */
    public final void abort(int errorcode) {
        abortImpl(errorcode, "abort");
    }

    public void Abort(int errorcode) {
        abortImpl(errorcode, "Abort");
    }

    private void abortImpl(int errorcode, String call) {
        MPI.check(call);
        MPI.abortJob(errorcode, "rank " + MPI.COMM_WORLD.rank + " called " + call + "(" + errorcode + ") on " + name);
        throw new MPIException(ErrorClass.OTHER, call + ": there is no running job to abort");
    }

    /**
     * Applies this communicator's error handler to a new error; returns the exception for the
     * caller to throw ({@code throw comm.raise(...)}) when the handler does not end the job.
     */
    final MPIException raise(int errorClass, String message) {
        return errhandler.apply(this, new MPIException(errorClass, message));
    }

    final MPIException raise(EngineException e, String call) {
        return errhandler.apply(this, new MPIException(e.errorClass(), call + ": " + e.getMessage(), e));
    }

    // ================================================================ argument checks

    /** World rank of destination {@code dest}, or NO_PEER for PROC_NULL. */
    final int destination(int dest, String call) {
        if (dest >= 0 && dest < size) {
            return worldRanks[dest];
        }
        if (dest == MPI.PROC_NULL) {
            return NO_PEER;
        }
        throw badRank(call, "dest", dest);
    }

    /** World rank (or the engine's ANY_SOURCE) for source {@code source}, NO_PEER for PROC_NULL. */
    final int source(int source, String call) {
        if (source >= 0 && source < size) {
            return worldRanks[source];
        }
        if (source == MPI.ANY_SOURCE) {
            return Engine.ANY_SOURCE;
        }
        if (source == MPI.PROC_NULL) {
            return NO_PEER;
        }
        throw badRank(call, "source", source);
    }

    private MPIException badRank(String call, String what, int value) {
        return raise(ErrorClass.RANK, call + ": " + what + " " + value + " is not a rank of " + name
            + " (size " + size + ")");
    }

    final void sendTag(int tag, String call) {
        if (tag < 0 || tag > MPI.TAG_UB) {
            throw badTag(call, tag, "");
        }
    }

    /** The engine's tag for receive tag {@code tag} (ANY_TAG allowed). */
    final int recvTag(int tag, String call) {
        if (tag >= 0 && tag <= MPI.TAG_UB) {
            return tag;
        }
        if (tag == MPI.ANY_TAG) {
            return Engine.ANY_TAG;
        }
        throw badTag(call, tag, " or MPI.ANY_TAG");
    }

    private MPIException badTag(String call, int tag, String alternative) {
        return raise(ErrorClass.TAG, call + ": tag " + tag + " is not between 0 and MPI.TAG_UB (" + MPI.TAG_UB + ")"
            + alternative);
    }

    /** Communicator rank of world rank {@code worldRank} (a status source). */
    final int rankOf(int worldRank) {
        if (worldRank < 0) {
            return worldRank == Engine.ANY_SOURCE ? MPI.ANY_SOURCE : MPI.UNDEFINED;
        }
        if (identity) {
            return worldRank;
        }
        int[] group = worldRanks;
        for (int i = 0; i < group.length; i++) {
            if (group[i] == worldRank) {
                return i;
            }
        }
        return MPI.UNDEFINED;
    }

    /** A new Status for a completed engine operation, its error (if any) left for the caller to raise. */
    final Status statusOf(Operation op, int index) {
        Status s = new Status(rankOf(op.source()), op.tag() == Engine.ANY_TAG ? MPI.ANY_TAG : op.tag(),
            op.byteCount(), op.error(), op.isCancelled(), index);
        if (op.error() != ErrorClass.SUCCESS) {
            s.message = op.errorMessage();
        }
        return s;
    }

    /** Raises the error recorded in {@code s}. */
    final MPIException failure(Status s, String call) {
        return raise(s.getError(), call + ": " + (s.message != null ? s.message : ErrorClass.name(s.getError())));
    }

    // ================================================================ blocking send

    public final void send(Object buf, int count, Datatype type, int dest, int tag) {
        send(Engine.MODE_STANDARD, buf, 0, count, type, dest, tag, "send");
    }

    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) {
        send(Engine.MODE_SYNCHRONOUS, buf, 0, count, type, dest, tag, "sSend");
    }

    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) {
        send(Engine.MODE_BUFFERED, buf, 0, count, type, dest, tag, "bSend");
    }

    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) {
        send(Engine.MODE_READY, buf, 0, count, type, dest, tag, "rSend");
    }

    public void Send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        send(Engine.MODE_STANDARD, buf, offset, count, type, dest, tag, "Send");
    }

    public void Ssend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        send(Engine.MODE_SYNCHRONOUS, buf, offset, count, type, dest, tag, "Ssend");
    }

    public void Bsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        send(Engine.MODE_BUFFERED, buf, offset, count, type, dest, tag, "Bsend");
    }

    public void Rsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        send(Engine.MODE_READY, buf, offset, count, type, dest, tag, "Rsend");
    }

    private void send(int mode, Object buf, int offset, int count, Datatype type, int dest, int tag, String call) {
        Engine engine = MPI.engine(call);
        int peer = destination(dest, call);
        sendTag(tag, call);
        long off = Buffers.offset(this, call, buf, offset, count, type, false);
        if (peer == NO_PEER) {
            return;
        }
        try {
            engine.send(mode, Buffers.base(buf), off, count * type.size, peer, tag, p2pContext);
        } catch (EngineException e) {
            throw raise(e, call);
        }
        // A direct buffer is passed as a bare address: keep the object (and its memory) alive until here.
        Reference.reachabilityFence(buf);
    }

    // ================================================================ blocking receive and probe

    public final Status recv(Object buf, int count, Datatype type, int source, int tag) {
        Operation op = receive(buf, 0, count, type, source, tag, "recv");
        return op == null ? Status.procNull(MPI.UNDEFINED) : receivedStatus(op);
    }

    public Status Recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        Operation op = receive(buf, offset, count, type, source, tag, "Recv");
        return op == null ? Status.procNull(MPI.UNDEFINED) : receivedStatus(op);
    }

    /**
     * The Status of a successful blocking receive. Built here, in the small public methods, and
     * never passed anywhere: when the caller ignores it (a benchmark loop), the JIT inlines the
     * call and removes the allocation, so the 8-byte path allocates nothing.
     */
    private Status receivedStatus(Operation op) {
        return new Status(rankOf(op.source()), op.tag(), op.byteCount(), ErrorClass.SUCCESS, false, MPI.UNDEFINED);
    }

    /**
     * Receives and raises any error; returns the engine-owned operation holding the status, or
     * null for PROC_NULL.
     */
    private Operation receive(Object buf, int offset, int count, Datatype type, int source, int tag, String call) {
        Engine engine = MPI.engine(call);
        int peer = source(source, call);
        int match = recvTag(tag, call);
        long off = Buffers.offset(this, call, buf, offset, count, type, true);
        if (peer == NO_PEER) {
            return null;
        }
        Operation op;
        try {
            op = engine.recv(Buffers.base(buf), off, count * type.size, peer, match, p2pContext);
        } catch (EngineException e) {
            throw raise(e, call);
        }
        Reference.reachabilityFence(buf);
        if (op.error() != ErrorClass.SUCCESS) {
            throw failure(statusOf(op, MPI.UNDEFINED), call);
        }
        return op;
    }

    /** Waits for a matching message and describes it without receiving it. */
    public final Status probe(int source, int tag) {
        return probe(source, tag, true, "probe");
    }

    /** Describes a matching message if one has arrived, otherwise returns {@code null}. */
    public final Status iProbe(int source, int tag) {
        return probe(source, tag, false, "iProbe");
    }

    public Status Probe(int source, int tag) {
        return probe(source, tag, true, "Probe");
    }

    public Status Iprobe(int source, int tag) {
        return probe(source, tag, false, "Iprobe");
    }

    private Status probe(int source, int tag, boolean block, String call) {
        Engine engine = MPI.engine(call);
        int peer = source(source, call);
        int match = recvTag(tag, call);
        if (peer == NO_PEER) {
            return Status.procNull(MPI.UNDEFINED);
        }
        Operation op;
        try {
            op = block ? engine.probe(peer, match, p2pContext) : engine.iprobe(peer, match, p2pContext);
        } catch (EngineException e) {
            throw raise(e, call);
        }
        return op == null ? null : statusOf(op, MPI.UNDEFINED);
    }

    // ================================================================ send-receive

    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
                                 Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag) {
        return sendRecv(sendbuf, 0, sendcount, sendtype, dest, sendtag,
            recvbuf, 0, recvcount, recvtype, source, recvtag, "sendRecv");
    }

    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        return sendRecv(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag,
            recvbuf, recvoffset, recvcount, recvtype, source, recvtag, "Sendrecv");
    }

    private Status sendRecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag,
                            String call) {
        Engine engine = MPI.engine(call);
        int to = destination(dest, call);
        sendTag(sendtag, call);
        long sendOff = Buffers.offset(this, call, sendbuf, sendoffset, sendcount, sendtype, false);
        int from = source(source, call);
        int match = recvTag(recvtag, call);
        long recvOff = Buffers.offset(this, call, recvbuf, recvoffset, recvcount, recvtype, true);
        Status s = exchange(engine, Buffers.base(sendbuf), sendOff, sendcount * sendtype.size, to, sendtag,
            Buffers.base(recvbuf), recvOff, recvcount * recvtype.size, from, match, call);
        Reference.reachabilityFence(sendbuf);
        Reference.reachabilityFence(recvbuf);
        return s;
    }

    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag,
                                        int source, int recvtag) {
        return sendRecvReplace(buf, 0, count, type, dest, sendtag, source, recvtag, "sendRecvReplace");
    }

    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype type, int dest, int sendtag,
                                   int source, int recvtag) {
        return sendRecvReplace(buf, offset, count, type, dest, sendtag, source, recvtag, "Sendrecv_replace");
    }

    private Status sendRecvReplace(Object buf, int offset, int count, Datatype type, int dest, int sendtag,
                                   int source, int recvtag, String call) {
        Engine engine = MPI.engine(call);
        int to = destination(dest, call);
        sendTag(sendtag, call);
        int from = source(source, call);
        int match = recvTag(recvtag, call);
        long off = Buffers.offset(this, call, buf, offset, count, type, true);
        Object base = Buffers.base(buf);
        int bytes = count * type.size;
        // The outgoing data must survive the incoming message landing on it.
        byte[] outgoing = Buffers.EMPTY;
        if (to != NO_PEER && bytes > 0) {
            outgoing = new byte[bytes];
            Addresses.copy(base, off, outgoing, Addresses.BYTE_ARRAY_BASE, bytes);
        }
        Status s = exchange(engine, outgoing, Addresses.BYTE_ARRAY_BASE, bytes, to, sendtag,
            base, off, bytes, from, match, call);
        Reference.reachabilityFence(buf);
        return s;
    }

    /**
     * Posts the receive before starting the send, then waits for both: two ranks exchanging with
     * each other never deadlock, whatever the protocol of either message.
     */
    private Status exchange(Engine engine, Object sendBase, long sendOff, int sendBytes, int to, int sendTag,
                            Object recvBase, long recvOff, int recvBytes, int from, int recvTag, String call) {
        Operation recv = null;
        Operation send = null;
        Status sent;
        Status received;
        try {
            if (from != NO_PEER) {
                recv = engine.irecv(recvBase, recvOff, recvBytes, from, recvTag, p2pContext);
            }
            if (to != NO_PEER) {
                send = engine.isend(Engine.MODE_STANDARD, sendBase, sendOff, sendBytes, to, sendTag, p2pContext);
                engine.await(send);
            }
            if (recv != null) {
                engine.await(recv);
            }
            sent = send == null ? null : statusOf(send, MPI.UNDEFINED);
            received = recv == null ? Status.procNull(MPI.UNDEFINED) : statusOf(recv, MPI.UNDEFINED);
            if (send != null) {
                engine.release(send);
            }
            if (recv != null) {
                engine.release(recv);
            }
        } catch (EngineException e) {
            throw raise(e, call);
        }
        if (sent != null && sent.getError() != ErrorClass.SUCCESS) {
            throw failure(sent, call);
        }
        if (received.getError() != ErrorClass.SUCCESS) {
            throw failure(received, call);
        }
        return received;
    }

    // ================================================================ nonblocking
    // Open MPI takes Buffers; MVAPICH2-J adds the same calls on arrays (Object); mpiJava has
    // offsets. All start the same operation, and the Request holds the buffer until completion.

    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_STANDARD, buf, 0, count, type, dest, tag, "iSend");
    }

    public final Request iSend(Object buf, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_STANDARD, buf, 0, count, type, dest, tag, "iSend");
    }

    public final Request ibSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_BUFFERED, buf, 0, count, type, dest, tag, "ibSend");
    }

    public final Request ibSend(Object buf, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_BUFFERED, buf, 0, count, type, dest, tag, "ibSend");
    }

    public final Request isSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_SYNCHRONOUS, buf, 0, count, type, dest, tag, "isSend");
    }

    public final Request isSend(Object buf, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_SYNCHRONOUS, buf, 0, count, type, dest, tag, "isSend");
    }

    public final Request irSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_READY, buf, 0, count, type, dest, tag, "irSend");
    }

    public final Request irSend(Object buf, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_READY, buf, 0, count, type, dest, tag, "irSend");
    }

    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag) {
        return irecv(buf, 0, count, type, source, tag, "iRecv");
    }

    public final Request iRecv(Object buf, int count, Datatype type, int source, int tag) {
        return irecv(buf, 0, count, type, source, tag, "iRecv");
    }

    public Request Isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_STANDARD, buf, offset, count, type, dest, tag, "Isend");
    }

    public Request Ibsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_BUFFERED, buf, offset, count, type, dest, tag, "Ibsend");
    }

    public Request Issend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_SYNCHRONOUS, buf, offset, count, type, dest, tag, "Issend");
    }

    public Request Irsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return isend(Engine.MODE_READY, buf, offset, count, type, dest, tag, "Irsend");
    }

    public Request Irecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        return irecv(buf, offset, count, type, source, tag, "Irecv");
    }

    private Request isend(int mode, Object buf, int offset, int count, Datatype type, int dest, int tag,
                          String call) {
        Engine engine = MPI.engine(call);
        int peer = destination(dest, call);
        sendTag(tag, call);
        long off = Buffers.offset(this, call, buf, offset, count, type, false);
        if (peer == NO_PEER) {
            return Request.completed(this);
        }
        Operation op;
        try {
            op = engine.isend(mode, Buffers.base(buf), off, count * type.size, peer, tag, p2pContext, buf);
        } catch (EngineException e) {
            throw raise(e, call);
        }
        return new Request(this, op, buf);
    }

    private Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag, String call) {
        Engine engine = MPI.engine(call);
        int peer = source(source, call);
        int match = recvTag(tag, call);
        long off = Buffers.offset(this, call, buf, offset, count, type, true);
        if (peer == NO_PEER) {
            return Request.completed(this);
        }
        Operation op;
        try {
            op = engine.irecv(Buffers.base(buf), off, count * type.size, peer, match, p2pContext, buf);
        } catch (EngineException e) {
            throw raise(e, call);
        }
        return new Request(this, op, buf);
    }

    // ================================================================ persistent

    public final Prequest sendInit(Buffer buf, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_STANDARD, buf, 0, count, type, dest, tag, "sendInit");
    }

    public final Prequest sendInit(Object buf, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_STANDARD, buf, 0, count, type, dest, tag, "sendInit");
    }

    public final Prequest bSendInit(Buffer buf, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_BUFFERED, buf, 0, count, type, dest, tag, "bSendInit");
    }

    public final Prequest bSendInit(Object buf, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_BUFFERED, buf, 0, count, type, dest, tag, "bSendInit");
    }

    public final Prequest sSendInit(Buffer buf, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_SYNCHRONOUS, buf, 0, count, type, dest, tag, "sSendInit");
    }

    public final Prequest sSendInit(Object buf, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_SYNCHRONOUS, buf, 0, count, type, dest, tag, "sSendInit");
    }

    public final Prequest rSendInit(Buffer buf, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_READY, buf, 0, count, type, dest, tag, "rSendInit");
    }

    public final Prequest rSendInit(Object buf, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_READY, buf, 0, count, type, dest, tag, "rSendInit");
    }

    public final Prequest recvInit(Buffer buf, int count, Datatype type, int source, int tag) {
        return recvInit(buf, 0, count, type, source, tag, "recvInit");
    }

    public final Prequest recvInit(Object buf, int count, Datatype type, int source, int tag) {
        return recvInit(buf, 0, count, type, source, tag, "recvInit");
    }

    public Prequest Send_init(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_STANDARD, buf, offset, count, type, dest, tag, "Send_init");
    }

    public Prequest Bsend_init(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_BUFFERED, buf, offset, count, type, dest, tag, "Bsend_init");
    }

    public Prequest Ssend_init(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_SYNCHRONOUS, buf, offset, count, type, dest, tag, "Ssend_init");
    }

    public Prequest Rsend_init(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return sendInit(Engine.MODE_READY, buf, offset, count, type, dest, tag, "Rsend_init");
    }

    public Prequest Recv_init(Object buf, int offset, int count, Datatype type, int source, int tag) {
        return recvInit(buf, offset, count, type, source, tag, "Recv_init");
    }

    /** Arguments are checked once, here; each start reuses the checked address. */
    private Prequest sendInit(int mode, Object buf, int offset, int count, Datatype type, int dest, int tag,
                              String call) {
        MPI.check(call);
        int peer = destination(dest, call);
        sendTag(tag, call);
        long off = Buffers.offset(this, call, buf, offset, count, type, false);
        return new Prequest(this, false, mode, buf, Buffers.base(buf), off, count * type.size, peer, tag);
    }

    private Prequest recvInit(Object buf, int offset, int count, Datatype type, int source, int tag, String call) {
        MPI.check(call);
        int peer = source(source, call);
        int match = recvTag(tag, call);
        long off = Buffers.offset(this, call, buf, offset, count, type, true);
        return new Prequest(this, true, Engine.MODE_STANDARD, buf, Buffers.base(buf), off, count * type.size,
            peer, match);
    }

    // ================================================================ collectives

    // Every collective is implemented once in CommCollectives; the public methods (further down,
    // in the generated region) name the call and map the in-place overloads.

    /**
     * Collective calls made on this communicator, the engine's call tag of the next one (from 1:
     * call tag 0 is the engine's untagged barrier). MPI requires all members to call collectives
     * on a communicator in the same order, also under THREAD_MULTIPLE (MPI-4.1 §6.14), so each
     * member numbers a given call alike; the atomic counter keeps concurrent threads from
     * drawing the same number.
     */
    final AtomicInteger collectiveCalls = new AtomicInteger(1);

    final int nextCollectiveTag() {
        return collectiveCalls.getAndIncrement();
    }

    /** Blocks until every rank of the communicator has called it. */
    public final void barrier() {
        barrier("barrier");
    }

    final void barrier(String call) {
        CommCollectives.barrier(this, call, false);
    }

    /** Open MPI's in-place gather: in place at the root, {@code buf} is the send buffer elsewhere. */
    private Request gatherInPlace(String call, boolean nb, Object buf, int count, Datatype type, int root) {
        return rank == root
            ? CommCollectives.gather(this, call, nb, CommCollectives.IN_PLACE, 0, 0, null, buf, 0, count, type, root)
            : CommCollectives.gather(this, call, nb, buf, 0, count, type, null, 0, 0, null, root);
    }

    /** Open MPI's gatherv form for the root (in place). */
    private Request gathervRoot(String call, boolean nb, Object recvbuf, int[] recvcount, int[] displs,
                                Datatype recvtype, int root) {
        return CommCollectives.gatherv(this, call, nb, CommCollectives.IN_PLACE, 0, 0, null, recvbuf, 0, recvcount,
            displs, recvtype, root);
    }

    /** Open MPI's gatherv form for the other ranks. */
    private Request gathervLeaf(String call, boolean nb, Object sendbuf, int sendcount, Datatype sendtype, int root) {
        if (rank == root) {
            MPI.check(call);
            throw raise(ErrorClass.ARG, call + ": the form without a receive buffer is for ranks other than the root ("
                + root + ")");
        }
        return CommCollectives.gatherv(this, call, nb, sendbuf, 0, sendcount, sendtype, null, 0, null, null, null,
            root);
    }

    /** Open MPI's in-place scatter: in place at the root, {@code buf} is the receive buffer elsewhere. */
    private Request scatterInPlace(String call, boolean nb, Object buf, int count, Datatype type, int root) {
        return rank == root
            ? CommCollectives.scatter(this, call, nb, buf, 0, count, type, CommCollectives.IN_PLACE, 0, 0, null, root)
            : CommCollectives.scatter(this, call, nb, null, 0, 0, null, buf, 0, count, type, root);
    }

    /** Open MPI's scatterv form for the root (in place). */
    private Request scattervRoot(String call, boolean nb, Object sendbuf, int[] sendcount, int[] displs,
                                 Datatype sendtype, int root) {
        return CommCollectives.scatterv(this, call, nb, sendbuf, 0, sendcount, displs, sendtype,
            CommCollectives.IN_PLACE, 0, 0, null, root);
    }

    /** Open MPI's scatterv form for the other ranks. */
    private Request scattervLeaf(String call, boolean nb, Object recvbuf, int recvcount, Datatype recvtype, int root) {
        if (rank == root) {
            MPI.check(call);
            throw raise(ErrorClass.ARG, call + ": the form without a send buffer is for ranks other than the root ("
                + root + ")");
        }
        return CommCollectives.scatterv(this, call, nb, null, 0, null, null, null, recvbuf, 0, recvcount, recvtype,
            root);
    }

    /** Open MPI's in-place reduce: in place at the root, {@code buf} is the send buffer elsewhere. */
    private Request reduceInPlace(String call, boolean nb, Object buf, int count, Datatype type, Op op, int root) {
        return rank == root
            ? CommCollectives.reduce(this, call, nb, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op, root)
            : CommCollectives.reduce(this, call, nb, buf, 0, null, 0, count, type, op, root);
    }

    @Override
    public String toString() {
        return name;
    }

    // ================================================================ surface to be built (generated stubs)

    public Comm clone() {
        throw Unsupported.notYet("Comm.clone");
    }

    public Comm dup() {
        throw Unsupported.notYet("Comm.dup");
    }

    public Comm iDup() {
        throw Unsupported.notYet("Comm.iDup");
    }

    public Comm dupWithInfo(Info info) {
        throw Unsupported.notYet("Comm.dupWithInfo");
    }

    public final Request getRequest() {
        throw Unsupported.notYet("Comm.getRequest");
    }

    public final void setInfo(Info info) {
        throw Unsupported.notYet("Comm.setInfo");
    }

    public final Info getInfo() {
        throw Unsupported.notYet("Comm.getInfo");
    }

    public final void disconnect() {
        throw Unsupported.dynamicProcesses("Comm.disconnect");
    }

    public final Group getGroup() {
        throw Unsupported.notYet("Comm.getGroup");
    }

    public final Intercomm createIntercomm(Comm localComm, int localLeader, int remoteLeader, int tag) {
        throw Unsupported.notYet("Comm.createIntercomm");
    }

    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position) {
        throw Unsupported.notYet("Comm.pack");
    }

    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type) {
        throw Unsupported.notYet("Comm.unpack");
    }

    public final int packSize(int incount, Datatype type) {
        throw Unsupported.notYet("Comm.packSize");
    }

    public static int createKeyval() {
        throw Unsupported.notYet("Comm.createKeyval");
    }

    public static void freeKeyval(int keyval) {
        throw Unsupported.notYet("Comm.freeKeyval");
    }

    public final void setAttr(int keyval, Object value) {
        throw Unsupported.notYet("Comm.setAttr");
    }

    public final void deleteAttr(int keyval) {
        throw Unsupported.notYet("Comm.deleteAttr");
    }

    public final Request iBarrier() {
        return CommCollectives.barrier(this, "iBarrier", true);
    }

    public final void bcast(Object buf, int count, Datatype type, int root) {
        CommCollectives.bcast(this, "bcast", false, buf, 0, count, type, root);
    }

    public final Request iBcast(Buffer buf, int count, Datatype type, int root) {
        return CommCollectives.bcast(this, "iBcast", true, buf, 0, count, type, root);
    }

    public final Request iBcast(Object buf, int count, Datatype type, int root) {
        return CommCollectives.bcast(this, "iBcast", true, buf, 0, count, type, root);
    }

    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) {
        CommCollectives.gather(this, "gather", false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final void gather(Object buf, int count, Datatype type, int root) {
        gatherInPlace("gather", false, buf, count, type, root);
    }

    public final Request iGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype, int root) {
        return CommCollectives.gather(this, "iGather", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final Request iGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) {
        return CommCollectives.gather(this, "iGather", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final Request iGather(Buffer buf, int count, Datatype type, int root) {
        return gatherInPlace("iGather", true, buf, count, type, root);
    }

    public final Request iGather(Object buf, int count, Datatype type, int root) {
        return gatherInPlace("iGather", true, buf, count, type, root);
    }

    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        CommCollectives.gatherv(this, "gatherv", false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype, root);
    }

    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        gathervRoot("gatherv", false, recvbuf, recvcount, displs, recvtype, root);
    }

    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) {
        gathervLeaf("gatherv", false, sendbuf, sendcount, sendtype, root);
    }

    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        return CommCollectives.gatherv(this, "iGatherv", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype, root);
    }

    public final Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        return CommCollectives.gatherv(this, "iGatherv", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype, root);
    }

    public final Request iGatherv(Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        return gathervRoot("iGatherv", true, recvbuf, recvcount, displs, recvtype, root);
    }

    public final Request iGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        return gathervRoot("iGatherv", true, recvbuf, recvcount, displs, recvtype, root);
    }

    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, int root) {
        return gathervLeaf("iGatherv", true, sendbuf, sendcount, sendtype, root);
    }

    public final Request iGatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) {
        return gathervLeaf("iGatherv", true, sendbuf, sendcount, sendtype, root);
    }

    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) {
        CommCollectives.scatter(this, "scatter", false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final void scatter(Object buf, int count, Datatype type, int root) {
        scatterInPlace("scatter", false, buf, count, type, root);
    }

    public final Request iScatter(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype, int root) {
        return CommCollectives.scatter(this, "iScatter", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final Request iScatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) {
        return CommCollectives.scatter(this, "iScatter", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final Request iScatter(Buffer buf, int count, Datatype type, int root) {
        return scatterInPlace("iScatter", true, buf, count, type, root);
    }

    public final Request iScatter(Object buf, int count, Datatype type, int root) {
        return scatterInPlace("iScatter", true, buf, count, type, root);
    }

    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) {
        CommCollectives.scatterv(this, "scatterv", false, sendbuf, 0, sendcount, displs, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) {
        scattervRoot("scatterv", false, sendbuf, sendcount, displs, sendtype, root);
    }

    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) {
        scattervLeaf("scatterv", false, recvbuf, recvcount, recvtype, root);
    }

    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype, int root) {
        return CommCollectives.scatterv(this, "iScatterv", true, sendbuf, 0, sendcount, displs, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final Request iScatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) {
        return CommCollectives.scatterv(this, "iScatterv", true, sendbuf, 0, sendcount, displs, sendtype, recvbuf, 0, recvcount, recvtype, root);
    }

    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) {
        return scattervRoot("iScatterv", true, sendbuf, sendcount, displs, sendtype, root);
    }

    public final Request iScatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) {
        return scattervRoot("iScatterv", true, sendbuf, sendcount, displs, sendtype, root);
    }

    public final Request iScatterv(Buffer recvbuf, int recvcount, Datatype recvtype, int root) {
        return scattervLeaf("iScatterv", true, recvbuf, recvcount, recvtype, root);
    }

    public final Request iScatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) {
        return scattervLeaf("iScatterv", true, recvbuf, recvcount, recvtype, root);
    }

    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        CommCollectives.allGather(this, "allGather", false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype);
    }

    public final void allGather(Object buf, int count, Datatype type) {
        CommCollectives.allGather(this, "allGather", false, CommCollectives.IN_PLACE, 0, 0, null, buf, 0, count, type);
    }

    public final Request iAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) {
        return CommCollectives.allGather(this, "iAllGather", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype);
    }

    public final Request iAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        return CommCollectives.allGather(this, "iAllGather", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype);
    }

    public final Request iAllGather(Buffer buf, int count, Datatype type) {
        return CommCollectives.allGather(this, "iAllGather", true, CommCollectives.IN_PLACE, 0, 0, null, buf, 0, count, type);
    }

    public final Request iAllGather(Object buf, int count, Datatype type) {
        return CommCollectives.allGather(this, "iAllGather", true, CommCollectives.IN_PLACE, 0, 0, null, buf, 0, count, type);
    }

    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        CommCollectives.allGatherv(this, "allGatherv", false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype);
    }

    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        CommCollectives.allGatherv(this, "allGatherv", false, CommCollectives.IN_PLACE, 0, 0, null, recvbuf, 0, recvcount, displs, recvtype);
    }

    public final Request iAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        return CommCollectives.allGatherv(this, "iAllGatherv", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype);
    }

    public final Request iAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        return CommCollectives.allGatherv(this, "iAllGatherv", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, displs, recvtype);
    }

    public final Request iAllGatherv(Buffer buf, int[] count, int[] displs, Datatype type) {
        return CommCollectives.allGatherv(this, "iAllGatherv", true, CommCollectives.IN_PLACE, 0, 0, null, buf, 0, count, displs, type);
    }

    public final Request iAllGatherv(Object buf, int[] count, int[] displs, Datatype type) {
        return CommCollectives.allGatherv(this, "iAllGatherv", true, CommCollectives.IN_PLACE, 0, 0, null, buf, 0, count, displs, type);
    }

    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        CommCollectives.allToAll(this, "allToAll", false, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype);
    }

    public final Request iAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) {
        return CommCollectives.allToAll(this, "iAllToAll", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype);
    }

    public final Request iAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        return CommCollectives.allToAll(this, "iAllToAll", true, sendbuf, 0, sendcount, sendtype, recvbuf, 0, recvcount, recvtype);
    }

    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        CommCollectives.allToAllv(this, "allToAllv", false, sendbuf, 0, sendcount, sdispls, sendtype, recvbuf, 0, recvcount, rdispls, recvtype);
    }

    public final Request iAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        return CommCollectives.allToAllv(this, "iAllToAllv", true, sendbuf, 0, sendcount, sdispls, sendtype, recvbuf, 0, recvcount, rdispls, recvtype);
    }

    public final Request iAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        return CommCollectives.allToAllv(this, "iAllToAllv", true, sendbuf, 0, sendcount, sdispls, sendtype, recvbuf, 0, recvcount, rdispls, recvtype);
    }

    public final void allToAllw(Object sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes) {
        CommCollectives.allToAllw(this, "allToAllw", false, sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount, rDispls, recvTypes);
    }

    public final Request iAllToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes) {
        return CommCollectives.allToAllw(this, "iAllToAllw", true, sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount, rDispls, recvTypes);
    }

    public final Request iAllToAllw(Object sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes, Object recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes) {
        return CommCollectives.allToAllw(this, "iAllToAllw", true, sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount, rDispls, recvTypes);
    }

    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        throw Unsupported.notYet("Comm.neighborAllGather");
    }

    public final Request iNeighborAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) {
        throw Unsupported.notYet("Comm.iNeighborAllGather");
    }

    public final Request iNeighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        throw Unsupported.notYet("Comm.iNeighborAllGather");
    }

    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        throw Unsupported.notYet("Comm.neighborAllGatherv");
    }

    public final Request iNeighborAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        throw Unsupported.notYet("Comm.iNeighborAllGatherv");
    }

    public final Request iNeighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        throw Unsupported.notYet("Comm.iNeighborAllGatherv");
    }

    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        throw Unsupported.notYet("Comm.neighborAllToAll");
    }

    public final Request iNeighborAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) {
        throw Unsupported.notYet("Comm.iNeighborAllToAll");
    }

    public final Request iNeighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        throw Unsupported.notYet("Comm.iNeighborAllToAll");
    }

    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        throw Unsupported.notYet("Comm.neighborAllToAllv");
    }

    public final Request iNeighborAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        throw Unsupported.notYet("Comm.iNeighborAllToAllv");
    }

    public final Request iNeighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        throw Unsupported.notYet("Comm.iNeighborAllToAllv");
    }

    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root) {
        CommCollectives.reduce(this, "reduce", false, sendbuf, 0, recvbuf, 0, count, type, op, root);
    }

    public final void reduce(Object buf, int count, Datatype type, Op op, int root) {
        reduceInPlace("reduce", false, buf, count, type, op, root);
    }

    public final Request iReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op, int root) {
        return CommCollectives.reduce(this, "iReduce", true, sendbuf, 0, recvbuf, 0, count, type, op, root);
    }

    public final Request iReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root) {
        return CommCollectives.reduce(this, "iReduce", true, sendbuf, 0, recvbuf, 0, count, type, op, root);
    }

    public final Request iReduce(Buffer buf, int count, Datatype type, Op op, int root) {
        return reduceInPlace("iReduce", true, buf, count, type, op, root);
    }

    public final Request iReduce(Object buf, int count, Datatype type, Op op, int root) {
        return reduceInPlace("iReduce", true, buf, count, type, op, root);
    }

    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        CommCollectives.allReduce(this, "allReduce", false, CommCollectives.ALLREDUCE, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final void allReduce(Object buf, int count, Datatype type, Op op) {
        CommCollectives.allReduce(this, "allReduce", false, CommCollectives.ALLREDUCE, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final Request iAllReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iAllReduce", true, CommCollectives.ALLREDUCE, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final Request iAllReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iAllReduce", true, CommCollectives.ALLREDUCE, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final Request iAllReduce(Buffer buf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iAllReduce", true, CommCollectives.ALLREDUCE, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final Request iAllReduce(Object buf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iAllReduce", true, CommCollectives.ALLREDUCE, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op) {
        CommCollectives.reduceScatter(this, "reduceScatter", false, sendbuf, 0, recvbuf, 0, recvcounts, type, op);
    }

    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) {
        CommCollectives.reduceScatter(this, "reduceScatter", false, CommCollectives.IN_PLACE, 0, buf, 0, counts, type, op);
    }

    public final Request iReduceScatter(Buffer sendbuf, Buffer recvbuf, int[] recvcounts, Datatype type, Op op) {
        return CommCollectives.reduceScatter(this, "iReduceScatter", true, sendbuf, 0, recvbuf, 0, recvcounts, type, op);
    }

    public final Request iReduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op) {
        return CommCollectives.reduceScatter(this, "iReduceScatter", true, sendbuf, 0, recvbuf, 0, recvcounts, type, op);
    }

    public final Request iReduceScatter(Buffer buf, int[] counts, Datatype type, Op op) {
        return CommCollectives.reduceScatter(this, "iReduceScatter", true, CommCollectives.IN_PLACE, 0, buf, 0, counts, type, op);
    }

    public final Request iReduceScatter(Object buf, int[] counts, Datatype type, Op op) {
        return CommCollectives.reduceScatter(this, "iReduceScatter", true, CommCollectives.IN_PLACE, 0, buf, 0, counts, type, op);
    }

    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op) {
        CommCollectives.allReduce(this, "reduceScatterBlock", false, CommCollectives.REDUCE_SCATTER_BLOCK, sendbuf, 0, recvbuf, 0, recvcount, type, op);
    }

    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) {
        CommCollectives.allReduce(this, "reduceScatterBlock", false, CommCollectives.REDUCE_SCATTER_BLOCK, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final Request iReduceScatterBlock(Buffer sendbuf, Buffer recvbuf, int recvcount, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iReduceScatterBlock", true, CommCollectives.REDUCE_SCATTER_BLOCK, sendbuf, 0, recvbuf, 0, recvcount, type, op);
    }

    public final Request iReduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iReduceScatterBlock", true, CommCollectives.REDUCE_SCATTER_BLOCK, sendbuf, 0, recvbuf, 0, recvcount, type, op);
    }

    public final Request iReduceScatterBlock(Buffer buf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iReduceScatterBlock", true, CommCollectives.REDUCE_SCATTER_BLOCK, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final Request iReduceScatterBlock(Object buf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iReduceScatterBlock", true, CommCollectives.REDUCE_SCATTER_BLOCK, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op) {
        CommCollectives.reduceLocal(MPI.COMM_SELF, "reduceLocal", inBuf, 0, inOutBuf, 0, count, type, op);
    }

    public Group Group() {
        throw Unsupported.notYet("Comm.Group");
    }

    public Intercomm Create_intercomm(mpi.Comm local_comm, int local_leader, int remote_leader, int tag) {
        throw Unsupported.notYet("Comm.Create_intercomm");
    }

    public void Attr_delete(int keyval) {
        throw Unsupported.notYet("Comm.Attr_delete");
    }

    public int Pack_size(int incount, Datatype datatype) {
        throw Unsupported.notYet("Comm.Pack_size");
    }

    public long GetIntercomm(Comm local_comm, int local_leader, int remote_leader, int tag) {
        throw Unsupported.dynamicProcesses("Comm.GetIntercomm");
    }

    public byte[] Object_Serialize(Object buf, int offset, int count, Datatype type) {
        throw Unsupported.notYet("Comm.Object_Serialize");
    }

    public void Object_Deserialize(Object buf, byte[] byte_buf, int offset, int count, Datatype type) {
        throw Unsupported.notYet("Comm.Object_Deserialize");
    }

    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position) {
        throw Unsupported.notYet("Comm.Pack");
    }

    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype) {
        throw Unsupported.notYet("Comm.Unpack");
    }

    public void Attr_put(int keyval, int value) {
        throw Unsupported.notYet("Comm.Attr_put");
    }
}

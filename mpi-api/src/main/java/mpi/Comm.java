package mpi;

import java.lang.ref.Reference;
import java.nio.Buffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import org.atollmpi.coll.BoardCollectives;
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
 *
 * <p><b>Dialects.</b> Open MPI's members are camel case: {@code getRank}, {@code send},
 * {@code iSend}, {@code sendRecv}, {@code bcast}/{@code iBcast} and the other collectives,
 * {@code dup}, {@code getAttr}, {@code setErrhandler}; their nonblocking and persistent forms take
 * a direct {@code Buffer} and, as in MVAPICH2-J, an array ({@code Object} overloads). mpiJava 1.2 /
 * MPJ Express members are capitalised and take an element offset after each buffer:
 * {@code Rank}, {@code Send}, {@code Isend}, {@code Sendrecv}, {@code Pack}, {@code Attr_get},
 * {@code Errorhandler_set}; their collectives ({@code Bcast}, {@code Gather} ...) are in
 * {@link Intracomm}.
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

    /**
     * World ranks of the local group: the same array as {@link #worldRanks}, except in an
     * intercommunicator, whose {@code worldRanks} (the point-to-point table) is the remote group.
     */
    int[] localWorldRanks = new int[0];
    /** The context pair this communicator owns ({@link ContextIds}), or -1 (predefined and null communicators). */
    int contextPair = -1;
    /** Freed, or a null communicator: {@link #isNull} is true and management calls are refused. */
    volatile boolean freed;
    /** The name the program set ({@link #setName}), or null. */
    private volatile String userName;
    /** The virtual topology (CART, GRAPH, DIST_GRAPH), or null. */
    Topology topology;
    /** The info hints ({@link #setInfo}), never null for a live communicator. */
    private volatile Info info = new Info();
    /** User attributes (keyvals of {@link #createKeyval}). */
    private volatile Attributes attributes = new Attributes();
    /** What {@link #getRequest} returns: the request of {@code iDup}, complete at once. */
    private volatile Request creationRequest;

    volatile Errhandler errhandler = Errhandler.FATAL_HANDLER;
    /**
     * The blocking collective last run directly on this communicator (by its calling thread, see
     * {@code CommCollectives}), reused by the next of the same name: such a call creates no object.
     */
    private CollectiveCall directCall;
    /**
     * The shared area this communicator's blocking collectives run on when its members share a
     * board ({@code CommCollectives.board}), opened by the first of them; null before, and when
     * there is none.
     */
    BoardCollectives board;
    /** Whether the first blocking collective has looked for a shared area (found or not). */
    boolean boardLooked;

    Comm(String name, int p2pContext, int collContext) {
        this.name = name;
        this.p2pContext = p2pContext;
        this.collContext = collContext;
        this.freed = p2pContext < 0;
    }

    /** Called at Init, before the running state is published, so no other thread sees it change. */
    final void setGroup(int[] worldRanks, int rank, boolean identity) {
        this.worldRanks = worldRanks;
        this.rank = rank;
        this.size = worldRanks.length;
        this.identity = identity;
        this.localWorldRanks = worldRanks;
        this.group = new Group(worldRanks, rank);
    }

    /**
     * Gives a new communicator its members: {@code local} (this process is {@code localRank}
     * there) and the point-to-point table {@code peers} ({@code local} itself for an
     * intracommunicator, the remote group for an intercommunicator). Called before the
     * communicator is handed to the program.
     */
    final void setGroups(int[] local, int localRank, int[] peers) {
        this.worldRanks = peers;
        this.size = peers.length;
        this.localWorldRanks = local;
        this.rank = localRank;
        boolean world = peers == local && local.length == MPI.COMM_WORLD.size;
        for (int i = 0; world && i < local.length; i++) {
            world = local[i] == i;
        }
        this.identity = world;
        this.group = new Group(local, localRank);
    }

    // ================================================================ group

    /** The size of the (local) group. */
    public final int getSize() {
        live("getSize");
        return localWorldRanks.length;
    }

    public final int getRank() {
        live("getRank");
        return rank;
    }

    public int Size() {
        live("Size");
        return localWorldRanks.length;
    }

    public int Rank() {
        live("Rank");
        return rank;
    }

    /**
     * IDENT for the same communicator, CONGRUENT for the same members in the same order (both
     * groups of intercommunicators), SIMILAR for the same members, otherwise UNEQUAL.
     */
    public static int compare(Comm comm1, Comm comm2) {
        return compare(comm1, comm2, "compare");
    }

    private static int compare(Comm comm1, Comm comm2, String call) {
        MPI.check(call);
        live(comm1, call, "comm1");
        live(comm2, call, "comm2");
        if (comm1 == comm2) {
            return MPI.IDENT;
        }
        if (comm1.isInterImpl() != comm2.isInterImpl()) {
            return MPI.UNEQUAL;
        }
        int local = Group.compareMembers(comm1.localWorldRanks, comm2.localWorldRanks);
        int remote = comm1.isInterImpl() ? Group.compareMembers(comm1.worldRanks, comm2.worldRanks) : local;
        int worst = Math.max(local, remote);
        return worst == MPI.IDENT ? MPI.CONGRUENT : worst;
    }

    public static int Compare(Comm comm1, Comm comm2) {
        return compare(comm1, comm2, "Compare");
    }

    /**
     * Frees this communicator: the delete callbacks of its attributes run, its context pair goes
     * back to be reused, and it becomes null ({@link #isNull}). The predefined communicators and
     * null ones are refused (ERR_COMM). Local: messages of the communicator must all have been
     * received (as MPI requires), and every member frees it before they create the next one that
     * might reuse its contexts (a member that has not freed it still holds the pair, so the
     * agreement skips it).
     */
    @Override
    public final void free() {
        freeImpl("free");
    }

    public void Free() {
        freeImpl("Free");
    }

    private void freeImpl(String call) {
        MPI.check(call);
        if (this == MPI.COMM_WORLD || this == MPI.COMM_SELF) {
            throw raise(ErrorClass.COMM, call + ": " + name + " is predefined and cannot be freed");
        }
        int pair;
        synchronized (this) {
            if (freed) {
                throw raise(ErrorClass.COMM, call + ": the communicator is null (MPI.COMM_NULL, or already freed)");
            }
            freed = true;
            pair = contextPair;
            contextPair = -1;
        }
        RuntimeException failure = null;
        String failed = null;
        if (board != null) {
            BoardCollectives b = board;
            board = null;
            try {
                b.close();
            } catch (RuntimeException e) {
                failure = e;
                failed = "giving back the shared area";
            }
        }
        try {
            attributes.deleteAll(this);
        } catch (RuntimeException e) {
            if (failure == null) {
                failure = e;
                failed = "a delete callback of an attribute";
            }
        } finally {
            worldRanks = new int[0];
            localWorldRanks = worldRanks;
            size = 0;
            rank = MPI.UNDEFINED;
            group = MPI.GROUP_NULL;
            if (pair >= 0) {
                ContextIds.get().release(pair);
            }
        }
        if (failure != null) { // the communicator is freed all the same
            throw raise(failure instanceof MPIException ? ((MPIException) failure).getErrorClass() : ErrorClass.OTHER,
                call + ": " + failed + " of " + name + " failed: " + failure);
        }
    }

    /** True for a null communicator: MPI.COMM_NULL, a freed one, or the result of split with MPI.UNDEFINED. */
    public final boolean isNull() {
        return freed;
    }

    public boolean Is_null() {
        return freed;
    }

    /** Whether this is an intercommunicator. */
    public final boolean isInter() {
        live("isInter");
        return isInterImpl();
    }

    public boolean Test_inter() {
        live("Test_inter");
        return isInterImpl();
    }

    final boolean isInterImpl() {
        return this instanceof Intercomm;
    }

    /** MPI.CART, MPI.GRAPH, MPI.DIST_GRAPH, or MPI.UNDEFINED without a virtual topology. */
    public final int getTopology() {
        live("getTopology");
        return topology == null ? MPI.UNDEFINED : topology.kind;
    }

    public int Topo_test() {
        live("Topo_test");
        return topology == null ? MPI.UNDEFINED : topology.kind;
    }

    /**
     * The name set by {@link #setName}; the predefined communicators are named "MPI_COMM_WORLD",
     * "MPI_COMM_SELF" and "MPI_COMM_NULL"; others have "" until named (names are not copied by dup,
     * MPI 6.8).
     */
    public final String getName() {
        live("getName");
        return displayName();
    }

    /** The name for messages: the one set, else the predefined or derived one; never raises. */
    final String displayName() {
        String n = userName;
        return n != null ? n : contextPair < 0 ? name : "";
    }

    public final void setName(String name) {
        live("setName");
        if (name == null) {
            throw raise(ErrorClass.ARG, "setName: name is null");
        }
        this.userName = name;
        this.name = name;
    }

    /**
     * An attribute: a user keyval's value ({@code null} when not set), or a predefined attribute
     * (Open MPI's values, Integer objects): TAG_UB, HOST (PROC_NULL: no host process), IO
     * (ANY_SOURCE: every rank may do I/O, MPI 8.1.2), WTIME_IS_GLOBAL (Boolean false here, as the
     * Open MPI bindings convert it; Integer 0 from mpiJava's Attr_get), APPNUM (0: the first and
     * only application of the mpirun command line), UNIVERSE_SIZE (what mpirun says the job may grow to: its slots, at least the world's size), LASTUSEDCODE.
     */
    public final Object getAttr(int keyval) {
        return attr(keyval, "getAttr");
    }

    /** MPJ Express form (mpiJava 1.2's returned int; the Integer here unboxes where needed). */
    public Object Attr_get(int keyval) {
        Object v = attr(keyval, "Attr_get");
        return v instanceof Boolean ? (Integer) (((Boolean) v) ? 1 : 0) : v;
    }

    private Object attr(int keyval, String call) {
        live(call);
        switch (keyval) {
            case MPI.TAG_UB: return MPI.TAG_UB;
            case MPI.HOST: return MPI.PROC_NULL;
            case MPI.IO: return MPI.ANY_SOURCE;
            case MPI.WTIME_IS_GLOBAL: return Boolean.FALSE;
            case MPI.UNIVERSE_SIZE: return MPI.universeSize();
            case MPI.LASTUSEDCODE: return ErrorCodes.lastUsed();
            case MPI.APPNUM: return Integer.getInteger(org.atollmpi.runtime.SpawnedPrograms.APPNUM_PROPERTY, 0);
            default:
                Attributes.keyval(this, keyval, KIND, call, true);
                return attributes.get(keyval);
        }
    }

    /** Keyvals of communicators are of this kind (those of datatypes are not accepted here). */
    static final String KIND = "Comm";

    // ================================================================ communicator management (package)

    /** Checks that MPI runs and this communicator is not null; ERR_COMM naming {@code call} otherwise. */
    final void live(String call) {
        MPI.check(call);
        if (freed) {
            throw raise(ErrorClass.COMM, call + ": the communicator is null (MPI.COMM_NULL, or freed)");
        }
    }

    /** {@link #live} for an argument {@code what} of {@code call}. */
    static Comm live(Comm c, String call, String what) {
        if (c == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.COMM, call + ": " + what + " is null");
        }
        if (c.freed) {
            throw c.raise(ErrorClass.COMM, call + ": " + what + " is a null communicator (MPI.COMM_NULL, or freed)");
        }
        return c;
    }

    /**
     * The processes that create communicators from this one together, as world ranks in an order
     * every one of them computes alike: the group of an intracommunicator; both groups of an
     * intercommunicator, the one with the lowest world rank first.
     */
    final int[] creators() {
        if (!isInterImpl()) {
            return localWorldRanks;
        }
        return localFirst() ? concat(localWorldRanks, worldRanks) : concat(worldRanks, localWorldRanks);
    }

    /** This process's index in {@link #creators}. */
    final int creatorIndex() {
        return !isInterImpl() || localFirst() ? rank : worldRanks.length + rank;
    }

    /** Whether the local group of an intercommunicator comes first in {@link #creators}. */
    final boolean localFirst() {
        return min(localWorldRanks) < min(worldRanks);
    }

    private static int min(int[] a) {
        int m = Integer.MAX_VALUE;
        for (int v : a) {
            m = Math.min(m, v);
        }
        return m;
    }

    static int[] concat(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /**
     * A context pair free at every process of {@code members} (world ranks; this process is
     * {@code members[me]}), agreed over {@code context} (a collective context the members share)
     * with reserved tag {@code tag}. Collective over {@code members}.
     */
    final int newContextPair(String call, int[] members, int me, int context, int tag) {
        return ContextIds.allocate(this, call, ContextIds.key(context, tag),
            offer -> ContextIds.and(Agreement.allgather(this, call, members, me, context, tag, offer)));
    }

    /** A context pair free at every creator of this communicator (collective over {@link #creators}). */
    final int newContextPair(String call) {
        return newContextPair(call, creators(), creatorIndex(), collContext, Agreement.TAG_ALLGATHER);
    }

    /**
     * A new communicator built on {@code pair}'s contexts: an instance of {@code kind}'s class
     * (the class of a communicator, or the class itself), with members {@code local} (this process
     * is {@code localRank}) and point-to-point table {@code peers}, this communicator's error
     * handler (MPI 8.3: new communicators inherit their parent's) and an empty info. The one way
     * communicators are made after Init.
     */
    final <T extends Comm> T build(Class<T> kind, int pair, int[] local, int localRank, int[] peers) {
        int p2p = ContextIds.p2pContext(pair);
        int coll = ContextIds.collContext(pair);
        String label = "a communicator of " + local.length + (peers != local ? " and " + peers.length : "")
            + " ranks (context " + p2p + ")";
        Comm c;
        if (kind == CartComm.class || kind == Cartcomm.class) {
            c = new CartComm(label, p2p, coll);
        } else if (kind == GraphComm.class || kind == Graphcomm.class) {
            c = new GraphComm(label, p2p, coll);
        } else if (kind == Intercomm.class) {
            c = new Intercomm(label, p2p, coll);
        } else {
            c = new Intracomm(label, p2p, coll);
        }
        c.contextPair = pair;
        c.setGroups(local, localRank, peers);
        c.errhandler = errhandler;
        return kind.cast(c);
    }

    /** A null intracommunicator (what split with MPI.UNDEFINED and create for a non-member return). */
    static Intracomm nullIntracomm() {
        return new Intracomm("MPI_COMM_NULL", -1, -1);
    }

    /**
     * A duplicate: new contexts, the same groups and topology, this error handler, attributes
     * through their copy callbacks, {@code hints} (or a copy of this info when null). Collective.
     */
    final Comm duplicate(String call, Info hints) {
        live(call);
        if (hints != null && hints.isNull() && hints != MPI.INFO_NULL) {
            throw raise(ErrorClass.INFO, call + ": the info has been freed");
        }
        int pair = newContextPair(call);
        Comm c = build(getClass(), pair, localWorldRanks, rank, worldRanks);
        try {
            c.topology = topology;
            c.info = Info.copyOf(hints != null ? hints : info);
            c.attributes = attributes.copyFor(this);
        } catch (RuntimeException e) {
            ContextIds.get().release(pair);
            throw e;
        }
        return c;
    }

    /** {@link #duplicate} for iDup: complete at once, its request (complete) kept for {@link #getRequest}. */
    final Comm duplicateNow(String call) {
        Comm c = duplicate(call, null);
        c.creationRequest = Request.completed(c);
        return c;
    }

    // ================================================================ errors and abort

    public final void setErrhandler(Errhandler errhandler) {
        setErrhandler(errhandler, "setErrhandler");
    }

    public void Errhandler_set(Errhandler errhandler) {
        setErrhandler(errhandler, "Errhandler_set");
    }

    final void setErrhandler(Errhandler handler, String call) {
        live(call);
        if (handler == null) {
            throw raise(ErrorClass.ARG, call + ": errhandler is null");
        }
        this.errhandler = handler;
    }

    public final Errhandler getErrhandler() {
        live("getErrhandler");
        return errhandler;
    }

    public Errhandler Errorhandler_get() {
        live("Errorhandler_get");
        return errhandler;
    }

    /**
     * Raises {@code errorCode} through this communicator's error handler, as if a call had failed
     * (MPI_Comm_call_errhandler): a fatal handler ends the job; otherwise (ERRORS_RETURN, or a user
     * handler once its function has returned) this throws the {@link MPIException}, which carries
     * {@code errorCode} and its class. Any code is accepted, as in MPI; the message names it.
     */
    public void callErrhandler(int errorCode) {
        live("callErrhandler");
        throw raise(errorCode, "callErrhandler: error " + errorCode + " (" + ErrorCodes.describe(errorCode)
            + ") raised by the program");
    }

    /**
     * A user error handler that calls {@code function} (MPI_Comm_create_errhandler); install it
     * with {@link #setErrhandler}. An atoll-mpi extension: see {@link CommErrhandlerFunction}.
     */
    public static Errhandler createErrhandler(CommErrhandlerFunction function) {
        MPI.check("createErrhandler");
        if (function == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, "createErrhandler: function is null");
        }
        return Errhandler.user(function);
    }

    /** Ends every rank of the job; {@code mpirun} exits with {@code errorcode}. */
    public final void abort(int errorcode) {
        abortImpl(errorcode, "abort");
    }

    public void Abort(int errorcode) {
        abortImpl(errorcode, "Abort");
    }

    private void abortImpl(int errorcode, String call) {
        live(call); // a freed communicator is an error of the call, not a licence to end the job
        MPI.abortJob(errorcode, "rank " + MPI.COMM_WORLD.rank + " called " + call + "(" + errorcode + ") on " + name);
        throw new MPIException(ErrorClass.OTHER, call + ": there is no running job to abort");
    }

    /**
     * Applies this communicator's error handler to a new error; returns the exception for the
     * caller to throw ({@code throw comm.raise(...)}) when the handler does not end the job.
     */
    final MPIException raise(int errorClass, String message) {
        if (this == NULL_COMM) { // no handler of its own: MPI raises errors without a valid handle on COMM_WORLD
            return MPI.COMM_WORLD.raise(errorClass, message);
        }
        return errhandler.apply(this, new MPIException(errorClass, message));
    }

    final MPIException raise(EngineException e, String call) {
        if (this == NULL_COMM) {
            return MPI.COMM_WORLD.raise(e, call);
        }
        if (MPI.finalizing) { // another thread is in Finalize: no handler (nor job) to end
            return new MPIException(e.errorClass(), call + ": " + e.getMessage(), e);
        }
        return errhandler.apply(this, new MPIException(e.errorClass(), call + ": " + e.getMessage(), e));
    }

    // ================================================================ argument checks

    /** World rank of destination {@code dest}, or NO_PEER for PROC_NULL. */
    final int destination(int dest, String call) {
        if (dest >= 0 && dest < size) {
            return worldRanks[dest];
        }
        if (dest == MPI.PROC_NULL && !freed) {
            return NO_PEER;
        }
        throw badRank(call, "dest", dest);
    }

    /** World rank (or the engine's ANY_SOURCE) for source {@code source}, NO_PEER for PROC_NULL. */
    final int source(int source, String call) {
        if (source >= 0 && source < size) {
            return worldRanks[source];
        }
        if (source == MPI.ANY_SOURCE && !freed) {
            return Engine.ANY_SOURCE;
        }
        if (source == MPI.PROC_NULL && !freed) {
            return NO_PEER;
        }
        throw badRank(call, "source", source);
    }

    private MPIException badRank(String call, String what, int value) {
        if (freed) { // size 0: no rank is one; a null communicator is the error to report
            return raise(ErrorClass.COMM, call + ": the communicator is null (MPI.COMM_NULL, or freed)");
        }
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
        if (type != null && type.isObject()) {
            sendObjects(engine, mode, buf, offset, count, type, peer, tag, call);
            return;
        }
        long off = Buffers.offset(this, call, buf, offset, count, type, false);
        if (peer == NO_PEER) {
            return;
        }
        try {
            if (type.contiguous) {
                engine.send(mode, Buffers.base(buf), off, count * type.size, peer, tag, p2pContext);
            } else {
                byte[] packed = type.packToArray(Buffers.base(buf), off, count);
                engine.send(mode, packed, Addresses.BYTE_ARRAY_BASE, packed.length, peer, tag, p2pContext);
            }
        } catch (EngineException e) {
            throw raise(e, call);
        }
        // A direct buffer is passed as a bare address: keep the object (and its memory) alive until here.
        Reference.reachabilityFence(buf);
    }

    // ================================================================ blocking receive and probe

    public final Status recv(Object buf, int count, Datatype type, int source, int tag) {
        if (type != null && type.isObject()) {
            return receiveObjects(buf, 0, count, type, source, tag, "recv");
        }
        Operation op = receive(buf, 0, count, type, source, tag, "recv");
        return op == null ? Status.procNull(MPI.UNDEFINED) : receivedStatus(op);
    }

    public Status Recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        if (type != null && type.isObject()) {
            return receiveObjects(buf, offset, count, type, source, tag, "Recv");
        }
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
            if (type.contiguous) {
                op = engine.recv(Buffers.base(buf), off, count * type.size, peer, match, p2pContext);
            } else {
                byte[] packed = new byte[count * type.size];
                op = engine.recv(packed, Addresses.BYTE_ARRAY_BASE, packed.length, peer, match, p2pContext);
                type.unpackFromArray(packed, op.byteCount(), Buffers.base(buf), off);
            }
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

    // ================================================================ MPI.OBJECT (mpiJava)

    /** Serializes and sends {@code count} objects (checked before a PROC_NULL peer returns). */
    private void sendObjects(Engine engine, int mode, Object buf, int offset, int count, Datatype type, int peer,
                             int tag, String call) {
        ObjectTransfer.Run run = ObjectTransfer.sendRun(this, call, buf, offset, count, type);
        if (peer == NO_PEER) {
            return;
        }
        byte[] framed = ObjectTransfer.frame(this, call, run.objects(), run.offset(), run.count());
        try {
            ObjectTransfer.send(this, engine, mode, framed, peer, tag);
        } catch (EngineException e) {
            throw raise(e, call);
        }
    }

    /** Posts the receive (matched now, in MPI's order), waits for it, and deserializes into the Object[]. */
    private Status receiveObjects(Object buf, int offset, int count, Datatype type, int source, int tag, String call) {
        Engine engine = MPI.engine(call);
        int peer = source(source, call);
        int match = recvTag(tag, call);
        int[] positions = type == Datatype.OBJECT_TYPE ? null
            : ObjectTransfer.positions(this, call, buf, offset, count, type);
        Object[] objects = ObjectTransfer.objects(this, call, buf, positions == null ? offset : 0,
            positions == null ? count : 0);
        if (peer == NO_PEER) {
            return Status.procNull(MPI.UNDEFINED);
        }
        Status s;
        try {
            ObjectTransfer transfer = ObjectTransfer.post(this, engine, objects, offset, count, positions, peer,
                match);
            engine.await(transfer.whole);
            s = transfer.finish(MPI.UNDEFINED);
            transfer.retire();
            engine.release(transfer.whole);
        } catch (EngineException e) {
            throw raise(e, call);
        }
        if (s.getError() != ErrorClass.SUCCESS) {
            throw failure(s, call);
        }
        return s;
    }

    /** mpiJava: the serialized form of {@code count} objects of {@code buf} from {@code offset} (as MPI.OBJECT sends them). */
    public byte[] Object_Serialize(Object buf, int offset, int count, Datatype type) {
        String call = "Object_Serialize";
        MPI.check(call);
        checkObjectType(type, call);
        Object[] objects = ObjectTransfer.objects(this, call, buf, offset, count);
        return ObjectTransfer.serialize(this, call, objects, offset, count);
    }

    /** mpiJava: stores the objects of {@code byte_buf} (from {@link #Object_Serialize}) into {@code buf} from {@code offset}. */
    public void Object_Deserialize(Object buf, byte[] byte_buf, int offset, int count, Datatype type) {
        String call = "Object_Deserialize";
        MPI.check(call);
        checkObjectType(type, call);
        Object[] objects = ObjectTransfer.objects(this, call, buf, offset, count);
        if (byte_buf == null) {
            throw raise(ErrorClass.BUFFER, call + ": byte_buf is null");
        }
        int n;
        try {
            n = ObjectTransfer.deserialize(byte_buf, byte_buf.length, objects, offset, count);
        } catch (java.io.IOException | ClassNotFoundException | RuntimeException e) {
            throw raise(ErrorClass.TYPE, call + ": byte_buf does not hold serialized objects: " + e);
        }
        if (n < 0) {
            throw raise(ErrorClass.TRUNCATE, call + ": byte_buf holds more objects than count " + count);
        }
    }

    private void checkObjectType(Datatype type, String call) {
        if (type != Datatype.OBJECT_TYPE) {
            throw raise(ErrorClass.TYPE, call + ": datatype is " + type + "; only MPI.OBJECT is serialized");
        }
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
        if (sendtype != null && sendtype.isObject() || recvtype != null && recvtype.isObject()) {
            return sendRecvObjects(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag,
                recvbuf, recvoffset, recvcount, recvtype, source, recvtag, call);
        }
        int to = destination(dest, call);
        sendTag(sendtag, call);
        long sendOff = Buffers.offset(this, call, sendbuf, sendoffset, sendcount, sendtype, false);
        int from = source(source, call);
        int match = recvTag(recvtag, call);
        long recvOff = Buffers.offset(this, call, recvbuf, recvoffset, recvcount, recvtype, true);
        Object sendBase = Buffers.base(sendbuf);
        if (!sendtype.contiguous && to != NO_PEER) {
            sendBase = sendtype.packToArray(sendBase, sendOff, sendcount);
            sendOff = Addresses.BYTE_ARRAY_BASE;
        }
        Object recvBase = Buffers.base(recvbuf);
        byte[] staging = null;
        if (!recvtype.contiguous && from != NO_PEER) {
            staging = new byte[recvcount * recvtype.size];
        }
        Status s = exchange(engine, sendBase, sendOff, sendcount * sendtype.size, to, sendtag,
            staging != null ? staging : recvBase, staging != null ? Addresses.BYTE_ARRAY_BASE : recvOff,
            recvcount * recvtype.size, from, match, call);
        if (staging != null) {
            recvtype.unpackFromArray(staging, s.byteCount(), recvBase, recvOff);
        }
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
        if (type != null && type.isObject()) {
            // the outgoing objects are serialized before the incoming ones are stored
            return sendRecvObjects(buf, offset, count, type, dest, sendtag, buf, offset, count, type, source, recvtag,
                call);
        }
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
            if (type.contiguous) {
                outgoing = new byte[bytes];
                Addresses.copy(base, off, outgoing, Addresses.BYTE_ARRAY_BASE, bytes);
            } else {
                outgoing = type.packToArray(base, off, count);
            }
        }
        byte[] staging = !type.contiguous && from != NO_PEER ? new byte[bytes] : null;
        Status s = exchange(engine, outgoing, Addresses.BYTE_ARRAY_BASE, bytes, to, sendtag,
            staging != null ? staging : base, staging != null ? Addresses.BYTE_ARRAY_BASE : off, bytes, from, match,
            call);
        if (staging != null) {
            type.unpackFromArray(staging, s.byteCount(), base, off);
        }
        Reference.reachabilityFence(buf);
        return s;
    }

    /**
     * A send-receive where either side is MPI.OBJECT: the send starts first (nonblocking, its data
     * serialized or packed already), then the receive (probe, then the probed message), then the
     * send completes; two ranks exchanging never deadlock.
     */
    private Status sendRecvObjects(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
                                   int sendtag, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype,
                                   int source, int recvtag, String call) {
        source(source, call);
        recvTag(recvtag, call);
        if (recvtype != null && recvtype.isObject()) {
            if (recvtype == Datatype.OBJECT_TYPE) {
                ObjectTransfer.objects(this, call, recvbuf, recvoffset, recvcount);
            } else {
                ObjectTransfer.positions(this, call, recvbuf, recvoffset, recvcount, recvtype);
            }
        } else {
            Buffers.offset(this, call, recvbuf, recvoffset, recvcount, recvtype, true);
        }
        Request send = new Request(this, isend(Engine.MODE_STANDARD, sendbuf, sendoffset, sendcount, sendtype, dest,
            sendtag, call), sendbuf);
        Status received;
        if (recvtype.isObject()) {
            received = receiveObjects(recvbuf, recvoffset, recvcount, recvtype, source, recvtag, call);
        } else {
            Operation op = receive(recvbuf, recvoffset, recvcount, recvtype, source, recvtag, call);
            received = op == null ? Status.procNull(MPI.UNDEFINED) : statusOf(op, MPI.UNDEFINED);
        }
        send.waitStatus(call);
        return received;
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
    //
    // The public calls are small on purpose: they allocate the Request themselves, around an
    // operation that a larger method started, so that the JIT inlines them into the program's
    // loop and sees the Request's whole life there. When the program awaits it at once
    // (Request.waitFor) it is then never allocated (escape analysis; PointToPointAllocation, 0 B
    // a message). Had the Request been made inside the larger method, whose compiled code is too
    // big to inline, it would always escape.

    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_STANDARD, buf, 0, count, type, dest, tag, "iSend"), buf);
    }

    public final Request iSend(Object buf, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_STANDARD, buf, 0, count, type, dest, tag, "iSend"), buf);
    }

    public final Request ibSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_BUFFERED, buf, 0, count, type, dest, tag, "ibSend"), buf);
    }

    public final Request ibSend(Object buf, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_BUFFERED, buf, 0, count, type, dest, tag, "ibSend"), buf);
    }

    public final Request isSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_SYNCHRONOUS, buf, 0, count, type, dest, tag, "isSend"), buf);
    }

    public final Request isSend(Object buf, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_SYNCHRONOUS, buf, 0, count, type, dest, tag, "isSend"), buf);
    }

    public final Request irSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_READY, buf, 0, count, type, dest, tag, "irSend"), buf);
    }

    public final Request irSend(Object buf, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_READY, buf, 0, count, type, dest, tag, "irSend"), buf);
    }

    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag) {
        Operation op = contiguousRecv(buf, 0, count, type, source, tag, "iRecv");
        return op != null ? new Request(this, op, buf) : irecv(buf, 0, count, type, source, tag, "iRecv");
    }

    public final Request iRecv(Object buf, int count, Datatype type, int source, int tag) {
        Operation op = contiguousRecv(buf, 0, count, type, source, tag, "iRecv");
        return op != null ? new Request(this, op, buf) : irecv(buf, 0, count, type, source, tag, "iRecv");
    }

    public Request Isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_STANDARD, buf, offset, count, type, dest, tag, "Isend"), buf);
    }

    public Request Ibsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_BUFFERED, buf, offset, count, type, dest, tag, "Ibsend"), buf);
    }

    public Request Issend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_SYNCHRONOUS, buf, offset, count, type, dest, tag, "Issend"), buf);
    }

    public Request Irsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        return new Request(this, isend(Engine.MODE_READY, buf, offset, count, type, dest, tag, "Irsend"), buf);
    }

    public Request Irecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        Operation op = contiguousRecv(buf, offset, count, type, source, tag, "Irecv");
        return op != null ? new Request(this, op, buf) : irecv(buf, offset, count, type, source, tag, "Irecv");
    }

    /** Starts a send; the engine's operation, or null when the peer is PROC_NULL (complete at once). */
    private Operation isend(int mode, Object buf, int offset, int count, Datatype type, int dest, int tag,
                            String call) {
        Engine engine = MPI.engine(call);
        int peer = destination(dest, call);
        sendTag(tag, call);
        if (type != null && type.isObject()) {
            ObjectTransfer.Run run = ObjectTransfer.sendRun(this, call, buf, offset, count, type);
            if (peer == NO_PEER) {
                return null;
            }
            byte[] framed = ObjectTransfer.frame(this, call, run.objects(), run.offset(), run.count());
            try {
                return ObjectTransfer.isend(this, engine, mode, framed, peer, tag);
            } catch (EngineException e) {
                throw raise(e, call);
            }
        }
        long off = Buffers.offset(this, call, buf, offset, count, type, false);
        if (peer == NO_PEER) {
            return null;
        }
        if (!type.contiguous) {
            return startPacked(engine, mode, type.packToArray(Buffers.base(buf), off, count), peer, tag, call);
        }
        try {
            return engine.isend(mode, Buffers.base(buf), off, count * type.size, peer, tag, p2pContext, buf);
        } catch (EngineException e) {
            throw raise(e, call);
        }
    }

    /** A nonblocking send of data packed (or serialized) already: the engine holds the temporary. */
    private Operation startPacked(Engine engine, int mode, byte[] data, int peer, int tag, String call) {
        try {
            return engine.isend(mode, data, Addresses.BYTE_ARRAY_BASE, data.length, peer, tag, p2pContext, data);
        } catch (EngineException e) {
            throw raise(e, call);
        }
    }

    /**
     * Starts a receive into contiguous memory from a real peer, the common case, and returns its
     * operation; null, having started nothing, for every other case ({@link #irecv} takes those
     * whole). Arguments are checked here, so a bad one is reported before either path.
     */
    private Operation contiguousRecv(Object buf, int offset, int count, Datatype type, int source, int tag,
                                     String call) {
        Engine engine = MPI.engine(call);
        int peer = source(source, call);
        int match = recvTag(tag, call);
        if (type != null && type.isObject() || !type.contiguous || peer == NO_PEER) {
            return null;
        }
        long off = Buffers.offset(this, call, buf, offset, count, type, true);
        try {
            return engine.irecv(Buffers.base(buf), off, count * type.size, peer, match, p2pContext, buf);
        } catch (EngineException e) {
            throw raise(e, call);
        }
    }

    private Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag, String call) {
        Engine engine = MPI.engine(call);
        int peer = source(source, call);
        int match = recvTag(tag, call);
        if (type != null && type.isObject()) {
            int[] positions = type == Datatype.OBJECT_TYPE ? null
                : ObjectTransfer.positions(this, call, buf, offset, count, type);
            Object[] objects = ObjectTransfer.objects(this, call, buf, positions == null ? offset : 0,
                positions == null ? count : 0);
            if (peer == NO_PEER) {
                return Request.completed(this);
            }
            ObjectTransfer transfer;
            try {
                transfer = ObjectTransfer.post(this, engine, objects, offset, count, positions, peer, match);
            } catch (EngineException e) {
                throw raise(e, call);
            }
            Request r = new Request(this, transfer.whole, buf);
            r.objects = transfer;
            return r;
        }
        long off = Buffers.offset(this, call, buf, offset, count, type, true);
        if (peer == NO_PEER) {
            return Request.completed(this);
        }
        Operation op;
        if (!type.contiguous) {
            Staged staged = new Staged(type, buf, off, count);
            try {
                op = engine.irecv(staged.data, Addresses.BYTE_ARRAY_BASE, staged.data.length, peer, match, p2pContext,
                    staged.data);
            } catch (EngineException e) {
                throw raise(e, call);
            }
            Request r = new Request(this, op, buf);
            r.staged = staged;
            return r;
        }
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
        if (type != null && type.isObject()) {
            int[] positions = type == Datatype.OBJECT_TYPE ? null
                : ObjectTransfer.positions(this, call, buf, offset, count, type);
            Object[] objects = ObjectTransfer.objects(this, call, buf, positions == null ? offset : 0,
                positions == null ? count : 0);
            return new Prequest(this, false, mode, objects, offset, count, positions, peer, tag);
        }
        long off = Buffers.offset(this, call, buf, offset, count, type, false);
        if (!type.contiguous) {
            Staged staged = new Staged(type, buf, off, count);
            return new Prequest(this, false, mode, buf, staged.data, Addresses.BYTE_ARRAY_BASE, staged.data.length,
                peer, tag, staged);
        }
        return new Prequest(this, false, mode, buf, Buffers.base(buf), off, count * type.size, peer, tag, null);
    }

    private Prequest recvInit(Object buf, int offset, int count, Datatype type, int source, int tag, String call) {
        MPI.check(call);
        int peer = source(source, call);
        int match = recvTag(tag, call);
        if (type != null && type.isObject()) {
            int[] positions = type == Datatype.OBJECT_TYPE ? null
                : ObjectTransfer.positions(this, call, buf, offset, count, type);
            Object[] objects = ObjectTransfer.objects(this, call, buf, positions == null ? offset : 0,
                positions == null ? count : 0);
            return new Prequest(this, true, Engine.MODE_STANDARD, objects, offset, count, positions, peer, match);
        }
        long off = Buffers.offset(this, call, buf, offset, count, type, true);
        if (!type.contiguous) {
            Staged staged = new Staged(type, buf, off, count);
            return new Prequest(this, true, Engine.MODE_STANDARD, buf, staged.data, Addresses.BYTE_ARRAY_BASE,
                staged.data.length, peer, match, staged);
        }
        return new Prequest(this, true, Engine.MODE_STANDARD, buf, Buffers.base(buf), off, count * type.size,
            peer, match, null);
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

    /** The next sequence number of an MPI.OBJECT message's second part sent on this communicator ({@link ObjectTransfer}). */
    final AtomicInteger objectSequence = new AtomicInteger();

    /**
     * The first of {@code count} consecutive call tags for the next collective call: one for a
     * call on an intracommunicator, one per stage on an intercommunicator
     * ({@link IntercommCollectives#TAGS}).
     */
    /** The call object of a blocking collective named {@code name} run directly (reused, see {@link #directCall}). */
    final CollectiveCall directCall(String name) {
        CollectiveCall k = directCall;
        if (k == null || (k.name != name && !k.name.equals(name))) { // names are constants: identity first
            k = new CollectiveCall(this, name);
            directCall = k;
        }
        return k;
    }

    final int nextCollectiveTags(int count) {
        return collectiveCalls.getAndAdd(count);
    }

    /**
     * Whether this member is the root of a rooted collective called with {@code root}: its rank
     * in an intracommunicator, {@code MPI.ROOT} in an intercommunicator (where {@code root} is
     * otherwise a rank of the other group, or {@code MPI.PROC_NULL}).
     */
    final boolean isRoot(int root) {
        return isInterImpl() ? root == MPI.ROOT : rank == root;
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
        return isRoot(root)
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
        if (isRoot(root)) {
            MPI.check(call);
            throw raise(ErrorClass.ARG, call + ": the form without a receive buffer is for ranks other than the root ("
                + root + ")");
        }
        return CommCollectives.gatherv(this, call, nb, sendbuf, 0, sendcount, sendtype, null, 0, null, null, null,
            root);
    }

    /** Open MPI's in-place scatter: in place at the root, {@code buf} is the receive buffer elsewhere. */
    private Request scatterInPlace(String call, boolean nb, Object buf, int count, Datatype type, int root) {
        return isRoot(root)
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
        if (isRoot(root)) {
            MPI.check(call);
            throw raise(ErrorClass.ARG, call + ": the form without a send buffer is for ranks other than the root ("
                + root + ")");
        }
        return CommCollectives.scatterv(this, call, nb, null, 0, null, null, null, recvbuf, 0, recvcount, recvtype,
            root);
    }

    /** Open MPI's in-place reduce: in place at the root, {@code buf} is the send buffer elsewhere. */
    private Request reduceInPlace(String call, boolean nb, Object buf, int count, Datatype type, Op op, int root) {
        return isRoot(root)
            ? CommCollectives.reduce(this, call, nb, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op, root)
            : CommCollectives.reduce(this, call, nb, buf, 0, null, 0, count, type, op, root);
    }

    @Override
    public String toString() {
        return name;
    }

    // ================================================================ the rest of the public surface (both dialects)

    public Comm clone() {
        return duplicate("clone", null);
    }

    public Comm dup() {
        return duplicate("dup", null);
    }

    public Comm iDup() {
        return duplicateNow("iDup");
    }

    public Comm dupWithInfo(Info info) {
        return duplicate("dupWithInfo", info);
    }

    /**
     * The request of the nonblocking duplication that made this communicator (Open MPI: the
     * request returned with the new communicator by {@code MPI_Comm_idup}); wait on it before
     * using the communicator. A communicator not made by {@link #iDup} has none: this returns a
     * null request ({@link Request#isNull()}; Open MPI's bindings return a Java {@code null}
     * there, which a program could only compare against).
     */
    public final Request getRequest() {
        live("getRequest");
        Request r = creationRequest;
        return r != null ? r : new Request();
    }

    public final void setInfo(Info info) {
        live("setInfo");
        if (info == null || (info.isNull() && info != MPI.INFO_NULL)) {
            throw raise(ErrorClass.INFO, "setInfo: info is " + (info == null ? "null" : "freed"));
        }
        this.info = Info.copyOf(info);
    }

    public final Info getInfo() {
        live("getInfo");
        return Info.copyOf(info);
    }

    /**
     * MPI_Comm_disconnect: collective over every member (both groups of an intercommunicator);
     * returns once all have reached it, so that the traffic before it is through, then frees the
     * communicator (as Open MPI's, which disconnects with a barrier).
     */
    public final void disconnect() {
        live("disconnect");
        barrier();
        free();
    }

    public final Group getGroup() {
        live("getGroup");
        return new Group(localWorldRanks, rank);
    }

    public final Intercomm createIntercomm(Comm localComm, int localLeader, int remoteLeader, int tag) {
        return Intercomm.create(this, localComm, localLeader, remoteLeader, tag, "createIntercomm");
    }

    /**
     * Packs {@code incount} items of {@code type} from {@code inbuf} into {@code outbuf} at byte
     * {@code position}; returns the position after them. ERR_TRUNCATE when outbuf has no room.
     */
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position) {
        return pack(inbuf, 0, incount, type, outbuf, position, "pack");
    }

    /**
     * Unpacks {@code outcount} items of {@code type} from {@code inbuf} at byte {@code position}
     * into {@code outbuf}; returns the position after them. ERR_TRUNCATE when inbuf holds fewer bytes.
     */
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type) {
        return unpack(inbuf, position, outbuf, 0, outcount, type, "unpack");
    }

    /** Bytes that {@code incount} items of {@code type} pack to (an upper bound, as MPI says; exact here). */
    public final int packSize(int incount, Datatype type) {
        return packSize(incount, type, "packSize");
    }

    private int pack(Object inbuf, int offset, int incount, Datatype type, byte[] outbuf, int position, String call) {
        MPI.check(call);
        long off = Buffers.offset(this, call, inbuf, offset, incount, type, false);
        long bytes = (long) incount * type.size;
        packedRange(call, "outbuf", outbuf, position, bytes, "has room for");
        Object base = Buffers.base(inbuf);
        if (type.contiguous) {
            Addresses.copy(base, off, outbuf, Addresses.BYTE_ARRAY_BASE + position, bytes);
        } else {
            type.layout.plan().pack(base, off, incount, outbuf, Addresses.BYTE_ARRAY_BASE + position);
        }
        Reference.reachabilityFence(inbuf);
        return (int) (position + bytes);
    }

    private int unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype type,
                       String call) {
        MPI.check(call);
        long off = Buffers.offset(this, call, outbuf, offset, outcount, type, true);
        long bytes = (long) outcount * type.size;
        packedRange(call, "inbuf", inbuf, position, bytes, "holds");
        Object base = Buffers.base(outbuf);
        if (type.contiguous) {
            Addresses.copy(inbuf, Addresses.BYTE_ARRAY_BASE + position, base, off, bytes);
        } else {
            type.layout.plan().unpack(inbuf, Addresses.BYTE_ARRAY_BASE + position, outcount, base, off);
        }
        Reference.reachabilityFence(outbuf);
        return (int) (position + bytes);
    }

    /** Checks that {@code bytes} bytes from {@code position} lie in the packed buffer {@code name}. */
    private void packedRange(String call, String name, byte[] packed, int position, long bytes, String verb) {
        if (packed == null) {
            throw raise(ErrorClass.BUFFER, call + ": " + name + " is null");
        }
        if (position < 0 || position > packed.length) {
            throw raise(ErrorClass.ARG, call + ": position " + position + " is outside " + name + " (byte["
                + packed.length + "])");
        }
        if (position + bytes > packed.length) {
            throw raise(ErrorClass.TRUNCATE, call + ": " + name + " (byte[" + packed.length + "]) " + verb + " only "
                + (packed.length - position) + " bytes from position " + position + ", the data are " + bytes + " bytes");
        }
    }

    private int packSize(int incount, Datatype type, String call) {
        MPI.check(call);
        if (type == null || type == Datatype.NULL_TYPE) {
            throw raise(ErrorClass.TYPE, call + ": datatype is " + (type == null ? "null" : type));
        }
        type.checkUsable(this, call); // freed or not committed
        if (type.isObject()) {
            throw raise(ErrorClass.TYPE, call + ": MPI.OBJECT has no packed size (use Object_Serialize)");
        }
        if (incount < 0) {
            throw raise(ErrorClass.COUNT, call + ": incount " + incount + " is negative");
        }
        long bytes = (long) incount * type.size;
        if (bytes > Integer.MAX_VALUE) {
            throw raise(ErrorClass.COUNT, call + ": incount " + incount + " of " + type + " is " + bytes
                + " bytes, more than an int");
        }
        return (int) bytes;
    }

    public static int createKeyval() {
        MPI.check("createKeyval");
        return Attributes.createKeyval(KIND, CopyAttrFunction.DUP, DeleteAttrFunction.NULL_DELETE);
    }

    /**
     * A keyval whose attributes are copied by {@code copy} when a communicator is duplicated and
     * passed to {@code delete} when they are deleted, replaced or their communicator is freed
     * (MPI_Comm_create_keyval). Either may be null: no copy, no call. {@link #createKeyval()} is
     * {@code createKeyval(CopyAttrFunction.DUP, DeleteAttrFunction.NULL_DELETE)}: duplicates get
     * the same value (the same reference), as with the Open MPI bindings.
     */
    public static int createKeyval(CopyAttrFunction<? super Comm> copy, DeleteAttrFunction<? super Comm> delete) {
        MPI.check("createKeyval");
        return Attributes.createKeyval(KIND, copy, delete);
    }

    private void putAttr(int keyval, Object value, String call) {
        live(call);
        if (keyval < Attributes.FIRST_KEYVAL || keyval == MPI.TAG_UB) {
            throw raise(ErrorClass.KEYVAL, call + ": keyval " + keyval + " is predefined (read-only)");
        }
        if (value == null) {
            throw raise(ErrorClass.ARG, call + ": the value of keyval " + keyval + " is null");
        }
        attributes.set(this, Attributes.keyval(this, keyval, KIND, call, false), value);
    }

    private void removeAttr(int keyval, String call) {
        live(call);
        if (keyval < Attributes.FIRST_KEYVAL || keyval == MPI.TAG_UB) {
            throw raise(ErrorClass.KEYVAL, call + ": keyval " + keyval + " is predefined (read-only)");
        }
        attributes.delete(this, Attributes.keyval(this, keyval, KIND, call, true));
    }

    public static void freeKeyval(int keyval) {
        MPI.check("freeKeyval");
        Attributes.freeKeyval(MPI.COMM_WORLD, keyval, KIND, "freeKeyval");
    }

    public final void setAttr(int keyval, Object value) {
        putAttr(keyval, value, "setAttr");
    }

    public final void deleteAttr(int keyval) {
        removeAttr(keyval, "deleteAttr");
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
        Operation op = Neighbors.start(this, "neighborAllGather", sendbuf, new int[] {sendcount}, null, true, sendtype, recvbuf,
            Neighbors.same(recvcount, Neighbors.inDegree(this)), null, recvtype);
        Neighbors.finish(this, "neighborAllGather", op, sendbuf, recvbuf);
    }

    public final Request iNeighborAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) {
        Operation op = Neighbors.start(this, "iNeighborAllGather", sendbuf, new int[] {sendcount}, null, true, sendtype, recvbuf,
            Neighbors.same(recvcount, Neighbors.inDegree(this)), null, recvtype);
        return new Request(this, op, new Object[] {sendbuf, recvbuf});
    }

    public final Request iNeighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        Operation op = Neighbors.start(this, "iNeighborAllGather", sendbuf, new int[] {sendcount}, null, true, sendtype, recvbuf,
            Neighbors.same(recvcount, Neighbors.inDegree(this)), null, recvtype);
        return new Request(this, op, new Object[] {sendbuf, recvbuf});
    }

    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        Operation op = Neighbors.start(this, "neighborAllGatherv", sendbuf, new int[] {sendcount}, null, true, sendtype, recvbuf,
            recvcount, displs, recvtype);
        Neighbors.finish(this, "neighborAllGatherv", op, sendbuf, recvbuf);
    }

    public final Request iNeighborAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        Operation op = Neighbors.start(this, "iNeighborAllGatherv", sendbuf, new int[] {sendcount}, null, true, sendtype, recvbuf,
            recvcount, displs, recvtype);
        return new Request(this, op, new Object[] {sendbuf, recvbuf});
    }

    public final Request iNeighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        Operation op = Neighbors.start(this, "iNeighborAllGatherv", sendbuf, new int[] {sendcount}, null, true, sendtype, recvbuf,
            recvcount, displs, recvtype);
        return new Request(this, op, new Object[] {sendbuf, recvbuf});
    }

    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        Operation op = Neighbors.start(this, "neighborAllToAll", sendbuf, Neighbors.same(sendcount, Neighbors.outDegree(this)), null,
            false, sendtype, recvbuf, Neighbors.same(recvcount, Neighbors.inDegree(this)), null, recvtype);
        Neighbors.finish(this, "neighborAllToAll", op, sendbuf, recvbuf);
    }

    public final Request iNeighborAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) {
        Operation op = Neighbors.start(this, "iNeighborAllToAll", sendbuf, Neighbors.same(sendcount, Neighbors.outDegree(this)), null,
            false, sendtype, recvbuf, Neighbors.same(recvcount, Neighbors.inDegree(this)), null, recvtype);
        return new Request(this, op, new Object[] {sendbuf, recvbuf});
    }

    public final Request iNeighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        Operation op = Neighbors.start(this, "iNeighborAllToAll", sendbuf, Neighbors.same(sendcount, Neighbors.outDegree(this)), null,
            false, sendtype, recvbuf, Neighbors.same(recvcount, Neighbors.inDegree(this)), null, recvtype);
        return new Request(this, op, new Object[] {sendbuf, recvbuf});
    }

    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        Operation op = Neighbors.start(this, "neighborAllToAllv", sendbuf, sendcount, sdispls, false, sendtype, recvbuf, recvcount,
            rdispls, recvtype);
        Neighbors.finish(this, "neighborAllToAllv", op, sendbuf, recvbuf);
    }

    public final Request iNeighborAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        Operation op = Neighbors.start(this, "iNeighborAllToAllv", sendbuf, sendcount, sdispls, false, sendtype, recvbuf, recvcount,
            rdispls, recvtype);
        return new Request(this, op, new Object[] {sendbuf, recvbuf});
    }

    public final Request iNeighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        Operation op = Neighbors.start(this, "iNeighborAllToAllv", sendbuf, sendcount, sdispls, false, sendtype, recvbuf, recvcount,
            rdispls, recvtype);
        return new Request(this, op, new Object[] {sendbuf, recvbuf});
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
        live("Group");
        return new Group(localWorldRanks, rank);
    }

    public Intercomm Create_intercomm(mpi.Comm local_comm, int local_leader, int remote_leader, int tag) {
        return Intercomm.create(this, local_comm, local_leader, remote_leader, tag, "Create_intercomm");
    }

    public void Attr_delete(int keyval) {
        removeAttr(keyval, "Attr_delete");
    }

    public int Pack_size(int incount, Datatype datatype) {
        return packSize(incount, datatype, "Pack_size");
    }

    public long GetIntercomm(Comm local_comm, int local_leader, int remote_leader, int tag) {
        throw Unsupported.nativeHandle("Comm.GetIntercomm");
    }

    /** mpiJava: {@link #pack} with an element offset into {@code inbuf}. */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position) {
        return pack(inbuf, offset, incount, datatype, outbuf, position, "Pack");
    }

    /** mpiJava: {@link #unpack} with an element offset into {@code outbuf}. */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype) {
        return unpack(inbuf, position, outbuf, offset, outcount, datatype, "Unpack");
    }

    public void Attr_put(int keyval, int value) {
        putAttr(keyval, value, "Attr_put");
    }
}

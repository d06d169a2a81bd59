package mpi;

import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;
import org.atollmpi.engine.types.PackPlan;
import org.atollmpi.rma.ElementOp;
import org.atollmpi.rma.LocalMemory;
import org.atollmpi.rma.TargetBlocks;
import org.atollmpi.rma.Window;
import org.atollmpi.rma.WindowMembers;

/**
 * One-sided communication: an MPI window (Open MPI Java bindings' {@code Win}), on the NIC's
 * window descriptors through {@link Window} (package {@code org.atollmpi.rma}).
 *
 * <p><b>Memory.</b> Board memory is where windows belong: a buffer from {@code MPI.newByteBuffer}
 * (or another {@code MPI.newXBuffer}) given to {@link #Win(Buffer, int, int, Info, Comm)}, or memory
 * the window allocates ({@link #Win(int, int, Info, Comm, Buffer, int)} with a null base; the
 * program reaches it through {@code getAttr(MPI.WIN_BASE)}, a native-order {@code ByteBuffer}).
 * A put or a get is then one copy made by the origin's NIC operation and the target never has to
 * call MPI, in every synchronisation mode (locks are NIC atomics on a lock word). A window over a
 * heap array or an ordinary direct buffer works too, with the same semantics, but the NIC cannot
 * reach that memory: the target's engine serves the accesses, so <b>the target must enter MPI</b>
 * (any call, or a blocking one such as a fence, unlock wait or barrier), or run with
 * {@code mpirun --async-progress}, for the others' operations on it to complete.
 *
 * <p><b>Dynamic windows</b> ({@link #Win(Info, Comm)}, {@link #attach}, {@link #detach}): the
 * Java bindings have no MPI_Get_address, so attached memory is named by the order of attachment:
 * on each rank the first region attached is at displacement 0 and each next one at the previous
 * one's displacement plus its size in bytes (displacement unit 1; a detached region leaves a hole,
 * memory attached again gets the next displacement). Each rank publishes a table of its regions in
 * board memory, which an origin reads (a get) when an access names a displacement its copy does
 * not cover; an access no attached region covers is ERR_RMA_RANGE and touches nothing.
 *
 * <p><b>Units.</b> As in Open MPI's bindings, the buffer form counts {@code size} and
 * {@code dispUnit} in elements of the buffer ({@code IntBuffer}: 4 bytes), the allocating form in
 * bytes. Target displacements are in displacement units of the target.
 *
 * <p><b>Errors</b> go through the window's error handler (MPI.ERRORS_ARE_FATAL until
 * {@link #setErrhandler}): ERR_RMA_SYNC for an operation outside an access epoch or a
 * synchronisation call out of turn, ERR_RMA_RANGE for an access outside the target's window
 * (checked at the origin against the size the target exposed, before anything is issued),
 * ERR_WIN on a freed window, ERR_OP for an operation MPI does not define on the type. None of them
 * touches memory.
 *
 * <p>Calls on one window are serialised (each method is synchronized).
 */
public final class Win implements Freeable {
    public static final int WIN_NULL = 0;
    public static final int FLAVOR_PRIVATE = 0;
    public static final int FLAVOR_SHARED = 1;
    /** Info key of {@link #Win(Info, Comm)}: the most regions one rank may have attached at a time. */
    public static final String MAX_ATTACHED_KEY = "atoll_max_attached";
    public static final int DEFAULT_MAX_ATTACHED = 16;

    /** Keyvals of windows are of this kind. */
    static final String KIND = "Win";
    /** Windows not freed, for {@link #describeOpenEpochs}. */
    private static final Set<Win> LIVE = ConcurrentHashMap.newKeySet();

    /** The window's own communicator: its contexts carry the fence barrier and post/start/complete/wait. */
    private final Intracomm comm;
    /** A second communicator of the window's own, whose context carries the served accesses' answers. */
    private final Intracomm replies;
    private final Window window;
    private final Engine engine;
    /** What WIN_BASE returns: the program's buffer or array, or the allocated memory as a ByteBuffer. */
    private final Object base;
    private final long sizeBytes;
    private final int dispUnitBytes;
    private final Attributes attributes = new Attributes();
    /** Gets into non-contiguous origin buffers, unpacked by the synchronisation that completes them. */
    private final List<PendingUnpack> unpacks = new ArrayList<>();
    private final TargetBlocks contiguousTarget = TargetBlocks.scratch();
    /**
     * THREAD_MULTIPLE: several threads may call this window at once, so its calls take its monitor.
     * Below that level one thread at a time calls MPI (and the program orders them), so the
     * data-moving calls and the flushes, the calls a latency loop makes, skip the monitor's two
     * atomic instructions per call.
     */
    private final boolean concurrentCalls;
    private volatile Info info;
    private volatile String name = "";
    private volatile boolean freed;
    /**
     * Created with info {@value #NO_LOCKS_KEY}=true: the program promised never to lock, and, as
     * Open MPI's windows do, a lock or lockAll is then refused (ERR_RMA_SYNC).
     */
    private final boolean noLocks;
    static final String NO_LOCKS_KEY = "no_locks";

    /**
     * A window over {@code size} elements of {@code base}: reached by the NIC when it is board
     * memory ({@code MPI.newByteBuffer}), else served by this rank's engine.
     */
    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) {
        this(Creation.over("Win", comm, base, size, dispUnit, info));
    }

    /**
     * A window over {@code size} elements of an array: served by this rank's engine (see the class
     * comment: the target must enter MPI for accesses to complete).
     */
    public Win(Object base, int size, int dispUnit, Info info, Comm comm) {
        this(Creation.over("Win", comm, base, size, dispUnit, info));
    }

    /**
     * MPI_Win_allocate ({@link #FLAVOR_PRIVATE}) and MPI_Win_allocate_shared ({@link #FLAVOR_SHARED}).
     * With a null {@code base} the window allocates {@code size} bytes of board memory with
     * displacement unit {@code dispUnit} bytes, which {@code getAttr(MPI.WIN_BASE)} returns as a
     * native-order ByteBuffer (both flavors; {@link #sharedQuery} maps it for the other ranks of
     * the node). A buffer given as {@code base} names the element type only, as in Open MPI's
     * bindings: {@code size} and {@code dispUnit} count elements of its type, its contents and
     * capacity do not matter (it may be empty), and the window's memory is still allocated by the
     * library (read it through WIN_BASE).
     */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) {
        this(Creation.allocate("Win", comm, base, size, dispUnit, info, flavor));
    }

    /** As {@link #Win(int, int, Info, Comm, Buffer, int)}; a primitive array names the element type only. */
    public Win(int size, int dispUnit, Info info, Comm comm, Object base, int flavor) {
        this(Creation.allocate("Win", comm, base, size, dispUnit, info, flavor));
    }

    /**
     * A dynamic window (MPI_Win_create_dynamic): no memory at first; each rank {@link #attach}es
     * and {@link #detach}es memory as it goes. Displacements are in bytes (displacement unit 1),
     * given by the order of attachment (see {@link #attach}); WIN_BASE is null and WIN_SIZE 0.
     * Info key {@value #MAX_ATTACHED_KEY}: the most regions this rank may have attached at a time
     * (default {@value #DEFAULT_MAX_ATTACHED}).
     */
    public Win(Info info, Comm comm) {
        this(Creation.dynamic("Win", comm, info));
    }

    private Win(Creation c) {
        this.comm = c.comm;
        this.replies = c.replies;
        this.window = c.window;
        this.engine = c.engine;
        this.base = c.base;
        this.sizeBytes = c.sizeBytes;
        this.dispUnitBytes = c.dispUnitBytes;
        this.info = c.info;
        String noLocksGiven = c.info.get(NO_LOCKS_KEY);
        this.noLocks = noLocksGiven != null && noLocksGiven.strip().equalsIgnoreCase("true");
        this.concurrentCalls = MPI.threadLevelProvided() == MPI.THREAD_MULTIPLE;
        LIVE.add(this);
    }

    /**
     * The open epochs of every window not freed, one line each, for {@code mpirun --timeout};
     * called on the job wiring's thread while the program runs, so without the windows' locks.
     */
    static List<String> describeOpenEpochs() {
        List<String> lines = new ArrayList<>();
        for (Win w : LIVE) {
            lines.add("window" + (w.name.isEmpty() ? "" : " '" + w.name + "'") + " of " + w.comm.size + " members: "
                + w.window.describeEpochs());
        }
        return lines;
    }

    /** What a constructor computed, collectively, before the window exists. */
    private static final class Creation {
        Intracomm comm;
        Intracomm replies;
        Window window;
        Engine engine;
        Object base;
        long sizeBytes;
        int dispUnitBytes;
        Info info;

        static Creation over(String call, Comm parent, Object buf, int size, int dispUnit, Info info) {
            Intracomm c = checkParent(call, parent);
            if (buf == null) {
                throw c.raise(ErrorClass.BUFFER, call + ": base is null (use the allocating constructor for memory"
                    + " of the window's own)");
            }
            Place at = Place.of(c, call, buf);
            int unit = at.unit;
            Engine engine = MPI.engine(call);
            LocalMemory local = null;
            // A member's bad size or memory is said in the members' exchange (finish), so that
            // every member raises instead of some waiting there for it.
            EngineException failure = sizeProblem(call, size, dispUnit, at.capacity);
            if (failure == null && readOnly(buf)) {
                failure = new EngineException(ErrorClass.BUFFER, call + ": " + READ_ONLY);
            }
            if (failure == null) {
                try {
                    local = LocalMemory.of(engine, at.base, at.offset, (long) size * unit, dispUnit * unit);
                } catch (EngineException e) {
                    failure = new EngineException(e.errorClass(), call + ": " + e.getMessage());
                }
            }
            return finish(call, c, engine, local, failure, buf, (long) size * unit, dispUnit * unit, info);
        }

        static Creation allocate(String call, Comm parent, Object buf, int size, int dispUnit, Info info, int flavor) {
            Intracomm c = checkParent(call, parent);
            if (flavor != FLAVOR_PRIVATE && flavor != FLAVOR_SHARED) {
                throw c.raise(ErrorClass.RMA_FLAVOR, call + ": flavor " + flavor
                    + " is neither Win.FLAVOR_PRIVATE (0) nor Win.FLAVOR_SHARED (1)");
            }
            // Open MPI's form: a given buffer names the element type only (it may be empty); size
            // and dispUnit count elements of that type, and the window's memory is the library's.
            int unit = buf == null ? 1 : Place.of(c, call, buf).unit;
            long bytes = (long) size * unit;
            Engine engine = MPI.engine(call);
            LocalMemory local = null;
            EngineException failure = sizeProblem(call, size, dispUnit, Integer.MAX_VALUE);
            Object windowBase = null;
            if (failure == null) {
                try {
                    local = LocalMemory.allocate(engine, bytes, dispUnit * unit);
                    windowBase = local.allocatedBuffer();
                } catch (EngineException e) {
                    failure = new EngineException(e.errorClass(), call + ": " + e.getMessage());
                }
            }
            return finish(call, c, engine, local, failure, windowBase, bytes, dispUnit * unit, info);
        }

        static Creation dynamic(String call, Comm parent, Info info) {
            Intracomm c = checkParent(call, parent);
            int maxRegions = DEFAULT_MAX_ATTACHED;
            String given = info == null || info.isNull() ? null : info.get(MAX_ATTACHED_KEY);
            if (given != null) {
                try {
                    maxRegions = Integer.parseInt(given.trim());
                } catch (NumberFormatException e) {
                    maxRegions = 0;
                }
                if (maxRegions < 1 || maxRegions > LocalMemory.MAX_ATTACHED) {
                    throw c.raise(ErrorClass.INFO_VALUE, call + ": info key " + MAX_ATTACHED_KEY + " is '" + given
                        + "', not a number of regions from 1 to " + LocalMemory.MAX_ATTACHED);
                }
            }
            Engine engine = MPI.engine(call);
            LocalMemory local = null;
            EngineException failure = null;
            try {
                local = LocalMemory.dynamic(engine, maxRegions);
            } catch (EngineException e) {
                failure = new EngineException(e.errorClass(), call + ": " + e.getMessage());
            }
            return finish(call, c, engine, local, failure, null, 0, 1, info);
        }

        private static Intracomm checkParent(String call, Comm parent) {
            MPI.check(call);
            if (parent == null) {
                throw MPI.COMM_WORLD.raise(ErrorClass.COMM, call + ": comm is null");
            }
            parent.live(call);
            if (!(parent instanceof Intracomm) || parent.isInterImpl()) {
                throw parent.raise(ErrorClass.COMM, call + ": comm must be an intracommunicator");
            }
            return (Intracomm) parent;
        }

        /** Peers write into a window: memory the program may only read is refused, as receives into it are. */
        static final String READ_ONLY = "base is a read-only buffer; a window's memory is written by the other members";

        static boolean readOnly(Object buf) {
            return buf instanceof Buffer b ? b.isReadOnly() : SegmentAccess.isSegment(buf) && SegmentAccess.isReadOnly(buf);
        }

        static void refuseReadOnly(Comm c, String call, Object buf) {
            if (readOnly(buf)) {
                throw c.raise(ErrorClass.BUFFER, call + ": " + READ_ONLY);
            }
        }

        /** What is wrong with a member's size or displacement unit, or null. */
        private static EngineException sizeProblem(String call, int size, int dispUnit, long capacity) {
            if (size < 0) {
                return new EngineException(ErrorClass.SIZE, call + ": size " + size + " is negative");
            }
            if (size > capacity) {
                return new EngineException(ErrorClass.SIZE, call + ": size " + size + " is larger than the buffer ("
                    + capacity + ")");
            }
            if (dispUnit <= 0) {
                return new EngineException(ErrorClass.DISP, call + ": dispUnit " + dispUnit + " is not positive");
            }
            return null;
        }

        /**
         * The collective part: a communicator of the window's own, then every member's keys,
         * sizes and units. A member that could not expose its memory says so in the exchange, so
         * that every member raises instead of some waiting for it forever.
         */
        private static Creation finish(String call, Intracomm parent, Engine engine, LocalMemory local,
                                       EngineException failure,
                                       Object base, long sizeBytes, int dispUnitBytes, Info info) {
            int pair = parent.newContextPair(call);
            Intracomm c = parent.build(Intracomm.class, pair, parent.localWorldRanks, parent.rank,
                parent.localWorldRanks);
            c.errhandler = Errhandler.FATAL_HANDLER; // a window's default handler (MPI-3.1 §8.3)
            // The fence's barrier stays a message barrier, never a shared area: it travels behind this
            // rank's one-sided requests in each target's ring, so a target that leaves the fence has
            // applied them (flags in a shared area would overtake requests still in the ring).
            c.boardLooked = true;
            Intracomm replies = c.build(Intracomm.class, c.newContextPair(call), c.localWorldRanks, c.rank,
                c.localWorldRanks);
            long[] mine = local != null ? local.describe() : failed();
            long[] all = new long[mine.length * c.size];
            c.allGather(mine, mine.length, MPI.LONG, all, mine.length, MPI.LONG);
            int failedMember = -1;
            for (int m = 0; m < c.size && failedMember < 0; m++) {
                if (all[m * WindowMembers.FIELDS + 2] < 0) {
                    failedMember = m;
                }
            }
            if (failedMember >= 0) {
                if (local != null) {
                    local.release();
                }
                replies.free();
                c.free();
                if (failure != null) {
                    throw parent.raise(failure.errorClass(), failure.getMessage());
                }
                throw parent.raise(ErrorClass.WIN, call + ": rank " + failedMember
                    + " could not expose its window memory");
            }
            Creation w = new Creation();
            w.comm = c;
            w.replies = replies;
            w.engine = engine;
            w.base = base;
            w.sizeBytes = sizeBytes;
            w.dispUnitBytes = dispUnitBytes;
            w.info = info == null || info.isNull() ? new Info() : Info.copyOf(info);
            WindowMembers members = WindowMembers.fromExchange(c.localWorldRanks, all);
            w.window = new Window(engine, members, c.rank, c.p2pContext, replies.p2pContext, c::barrier, local);
            return w;
        }

        private static long[] failed() {
            long[] f = new long[WindowMembers.FIELDS];
            f[2] = -1;
            return f;
        }
    }

    /** Where a buffer's or a primitive array's memory is, for the engine, and its element size. */
    private record Place(Object base, long offset, int unit, long capacity) {
        static Place of(Comm c, String call, Object buf) {
            if (buf instanceof Buffer b) {
                int unit = Buffers.elementSize(b);
                long offset = b.isDirect() ? Addresses.addressOf(b)
                    : Buffers.arrayBase(b.array().getClass()) + (long) b.arrayOffset() * unit;
                return new Place(Buffers.base(b), offset, unit, b.capacity());
            }
            if (buf.getClass().isArray() && buf.getClass().getComponentType().isPrimitive()) {
                return new Place(buf, Buffers.arrayBase(buf.getClass()), Buffers.elementSize(buf.getClass()),
                    Array.getLength(buf));
            }
            if (SegmentAccess.isSegment(buf)) {
                // Sizes count bytes, as a ByteBuffer's do.
                if (!SegmentAccess.isAlive(buf)) {
                    throw c.raise(ErrorClass.BUFFER, call + ": base, " + Buffers.describe(buf)
                        + ", belongs to an arena that is closed");
                }
                if (SegmentAccess.hiddenArray(buf)) {
                    throw c.raise(ErrorClass.BUFFER, call + ": base, " + Buffers.describe(buf)
                        + ", has no accessible array; use a native segment or an array");
                }
                return new Place(SegmentAccess.base(buf), SegmentAccess.address(buf), 1, SegmentAccess.byteSize(buf));
            }
            throw c.raise(ErrorClass.BUFFER, call + ": base, a " + buf.getClass().getTypeName()
                + ", is not a buffer (use a buffer from MPI.newByteBuffer)");
        }
    }

    /**
     * MPI_Win_attach, on a window made by {@link #Win(Info, Comm)}: the first {@code size}
     * elements of {@code base} become accessible to the others once they have synchronised with
     * this rank (a local call). The region's displacement, in bytes, is where the previous region
     * this rank attached ended: 0 for the first, then the sum of the sizes in bytes of the regions
     * attached before (detached ones included: a displacement is never given twice). Board memory
     * ({@code MPI.newByteBuffer}) is accessed by the origins' NIC, one copy, without this rank;
     * other memory is served by this rank's engine. At most {@value #DEFAULT_MAX_ATTACHED} regions
     * at a time per rank unless the info key {@value #MAX_ATTACHED_KEY} said otherwise at the
     * window's creation; one more, or memory overlapping an attached region, is ERR_RMA_ATTACH.
     */
    public void attach(Buffer base, int size) {
        attachImpl(base, size);
    }

    /** As {@link #attach(Buffer, int)} for a primitive array (served memory), {@code size} in elements. */
    public void attach(Object base, int size) {
        attachImpl(base, size);
    }

    /** MPI_Win_detach of memory {@link #attach}ed: a local call; ERR_RMA_ATTACH when it is not attached. */
    public void detach(Buffer base) {
        detachImpl(base);
    }

    public void detach(Object base) {
        detachImpl(base);
    }

    private synchronized void attachImpl(Object buf, int size) {
        String call = "attach";
        live(call);
        if (buf == null) {
            throw comm.raise(ErrorClass.BUFFER, call + ": base is null");
        }
        Place at = Place.of(comm, call, buf);
        Creation.refuseReadOnly(comm, call, buf);
        if (size < 0 || size > at.capacity) {
            throw comm.raise(ErrorClass.SIZE, call + ": size " + size + " is negative or larger than the buffer ("
                + at.capacity + ")");
        }
        try {
            window.attach(call, at.base, at.offset, (long) size * at.unit);
        } catch (EngineException e) {
            throw fail(e);
        }
        attached.add(new Attached(at.base, at.offset, buf));
    }

    private synchronized void detachImpl(Object buf) {
        String call = "detach";
        live(call);
        if (buf == null) {
            throw comm.raise(ErrorClass.BUFFER, call + ": base is null");
        }
        Place at = Place.of(comm, call, buf);
        try {
            window.detach(call, at.base, at.offset);
        } catch (EngineException e) {
            throw fail(e);
        }
        attached.removeIf(a -> a.base == at.base && a.offset == at.offset);
    }

    /**
     * Memory attached and not detached, held so that it lives as long as the others may reach it:
     * a program may drop its own reference to a direct buffer it attached (the window keeps only
     * its address), and its memory must not be freed, nor a board buffer handed out again, under
     * the peers' puts.
     */
    private record Attached(Object base, long offset, Object buffer) {
    }

    private final List<Attached> attached = new ArrayList<>();

    // ================================================================ data movement

    private enum Kind { PUT, GET, ACCUMULATE, GET_ACCUMULATE }

    public void put(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        access("put", Kind.PUT, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp, targetCount,
            targetType, null, false);
    }

    public void put(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        access("put", Kind.PUT, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp, targetCount,
            targetType, null, false);
    }

    public void get(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        access("get", Kind.GET, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp, targetCount,
            targetType, null, false);
    }

    public void get(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        access("get", Kind.GET, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp, targetCount,
            targetType, null, false);
    }

    public void accumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        access("accumulate", Kind.ACCUMULATE, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp,
            targetCount, targetType, op, false);
    }

    public void accumulate(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        access("accumulate", Kind.ACCUMULATE, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp,
            targetCount, targetType, op, false);
    }

    public void getAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        access("getAccumulate", Kind.GET_ACCUMULATE, origin, orgCount, orgType, resultAddr, resultCount, resultType,
            targetRank, targetDisp, targetCount, targetType, op, false);
    }

    public void getAccumulate(Object origin, int orgCount, Datatype orgType, Object resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        access("getAccumulate", Kind.GET_ACCUMULATE, origin, orgCount, orgType, resultAddr, resultCount, resultType,
            targetRank, targetDisp, targetCount, targetType, op, false);
    }

    public final Request rPut(Buffer origin_addr, int origin_count, Datatype origin_datatype, int target_rank, int target_disp, int target_count, Datatype target_datatype) {
        return access("rPut", Kind.PUT, origin_addr, origin_count, origin_datatype, null, 0, null, target_rank,
            target_disp, target_count, target_datatype, null, true);
    }

    public final Request rPut(Object origin_addr, int origin_count, Datatype origin_datatype, int target_rank, int target_disp, int target_count, Datatype target_datatype) {
        return access("rPut", Kind.PUT, origin_addr, origin_count, origin_datatype, null, 0, null, target_rank,
            target_disp, target_count, target_datatype, null, true);
    }

    public final Request rGet(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        return access("rGet", Kind.GET, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp, targetCount,
            targetType, null, true);
    }

    public final Request rGet(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        return access("rGet", Kind.GET, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp, targetCount,
            targetType, null, true);
    }

    public Request rAccumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        return access("rAccumulate", Kind.ACCUMULATE, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp,
            targetCount, targetType, op, true);
    }

    public Request rAccumulate(Object origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        return access("rAccumulate", Kind.ACCUMULATE, origin, orgCount, orgType, null, 0, null, targetRank, targetDisp,
            targetCount, targetType, op, true);
    }

    public Request rGetAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        return access("rGetAccumulate", Kind.GET_ACCUMULATE, origin, orgCount, orgType, resultAddr, resultCount,
            resultType, targetRank, targetDisp, targetCount, targetType, op, true);
    }

    public Request rGetAccumulate(Object origin, int orgCount, Datatype orgType, Object resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) {
        return access("rGetAccumulate", Kind.GET_ACCUMULATE, origin, orgCount, orgType, resultAddr, resultCount,
            resultType, targetRank, targetDisp, targetCount, targetType, op, true);
    }

    /** MPI_Fetch_and_op: one element of {@code dataType} (a predefined type). */
    public void fetchAndOp(Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op) {
        fetchAndOpImpl(origin, resultAddr, dataType, targetRank, targetDisp, op);
    }

    public void fetchAndOp(Object origin, Object resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op) {
        fetchAndOpImpl(origin, resultAddr, dataType, targetRank, targetDisp, op);
    }

    private void fetchAndOpImpl(Object origin, Object result, Datatype type, int targetRank, int targetDisp, Op op) {
        if (type == null || !type.predefined || type.isObject()) {
            live("fetchAndOp");
            throw comm.raise(ErrorClass.TYPE, "fetchAndOp: dataType must be a predefined type, not " + type);
        }
        boolean noOp = op != null && op.code == Op.NO_OP;
        access("fetchAndOp", Kind.GET_ACCUMULATE, noOp && origin == null ? null : origin,
            noOp && origin == null ? 0 : 1,
            type, result, 1, type, targetRank, targetDisp, 1, type, op, false);
    }

    /** MPI_Compare_and_swap: one element of {@code targetType} (a predefined type). */
    public void compareAndSwap(Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype targetType, int targetRank, int targetDisp) {
        compareAndSwapImpl(origin, compareAddr, resultAddr, targetType, targetRank, targetDisp);
    }

    public void compareAndSwap(Object origin, Object compareAddr, Object resultAddr, Datatype targetType, int targetRank, int targetDisp) {
        compareAndSwapImpl(origin, compareAddr, resultAddr, targetType, targetRank, targetDisp);
    }

    private void compareAndSwapImpl(Object origin, Object compare, Object result, Datatype type, int targetRank,
                                    int targetDisp) {
        if (!concurrentCalls) {
            compareAndSwapSerially(origin, compare, result, type, targetRank, targetDisp);
            return;
        }
        synchronized (this) {
            compareAndSwapSerially(origin, compare, result, type, targetRank, targetDisp);
        }
    }

    private void compareAndSwapSerially(Object origin, Object compare, Object result, Datatype type, int targetRank,
                                        int targetDisp) {
        String call = "compareAndSwap";
        live(call);
        if (type == null || !type.comparable()) {
            throw comm.raise(ErrorClass.TYPE, call + ": targetType must be an integer, boolean or byte type"
                + " (MPI.BYTE, SHORT, INT, LONG or BOOLEAN), not " + type);
        }
        long o = Buffers.offset(comm, call, origin, 0, 1, type, false);
        long c = Buffers.offset(comm, call, compare, 0, 1, type, false);
        long r = Buffers.offset(comm, call, result, 0, 1, type, true);
        if (targetRank == MPI.PROC_NULL) {
            return;
        }
        try {
            window.compareAndSwap(call, targetRank, targetDisp, Buffers.base(origin), o, Buffers.base(compare), c,
                Buffers.base(result), r, type.size, type.size == 8 && CollectiveData.kindOf(type)
                    == org.atollmpi.coll.ElementKind.LONG);
        } catch (EngineException e) {
            throw fail(e);
        }
    }

    /**
     * Every data-moving call: checks the arguments (raising through the window's handler before
     * anything is issued), packs a non-contiguous origin, turns the target datatype into blocks
     * and hands the bytes to the window. {@code request}: return a request that completes with the
     * operation (the r-forms), else null.
     */
    private Request access(String call, Kind kind, Object origin, int orgCount, Datatype orgType, Object result,
                           int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount,
                           Datatype targetType, Op op, boolean request) {
        if (!concurrentCalls) {
            return accessSerially(call, kind, origin, orgCount, orgType, result, resultCount, resultType, targetRank,
                targetDisp, targetCount, targetType, op, request);
        }
        synchronized (this) {
            return accessSerially(call, kind, origin, orgCount, orgType, result, resultCount, resultType, targetRank,
                targetDisp, targetCount, targetType, op, request);
        }
    }

    private Request accessSerially(String call, Kind kind, Object origin, int orgCount, Datatype orgType,
                                   Object result, int resultCount, Datatype resultType, int targetRank,
                                   int targetDisp, int targetCount, Datatype targetType, Op op, boolean request) {
        live(call);
        if (request && targetRank != MPI.PROC_NULL) {
            try {
                window.checkRequestEpoch(call, targetRank);
            } catch (EngineException e) {
                throw fail(e);
            }
        }
        boolean reads = kind == Kind.GET;
        long originOffset = Buffers.offset(comm, call, origin, 0, orgCount, orgType, reads);
        long resultOffset = kind == Kind.GET_ACCUMULATE
            ? Buffers.offset(comm, call, result, 0, resultCount, resultType, true) : 0;
        long targetBytes = checkTarget(call, targetRank, targetDisp, targetCount, targetType);
        long originBytes = (long) orgCount * orgType.size;
        boolean originNeeded = kind != Kind.GET_ACCUMULATE || orgCount != 0 || op == null || op.code != Op.NO_OP;
        if (originNeeded && originBytes != targetBytes) {
            throw comm.raise(ErrorClass.TYPE, call + ": the origin's " + originBytes + " bytes (" + orgCount + " of "
                + orgType + ") do not match the target's " + targetBytes + " (" + targetCount + " of " + targetType
                + ")");
        }
        if (kind == Kind.GET_ACCUMULATE && (long) resultCount * resultType.size != targetBytes) {
            throw comm.raise(ErrorClass.TYPE, call + ": the result's " + (long) resultCount * resultType.size
                + " bytes (" + resultCount + " of " + resultType + ") do not match the target's " + targetBytes);
        }
        ElementOp element = null;
        if (kind == Kind.ACCUMULATE || kind == Kind.GET_ACCUMULATE) {
            try {
                element = AccumulateOp.of(call, op, targetType);
            } catch (EngineException e) {
                throw fail(e);
            }
        }
        Operation done = request ? engine.newComposite(comm.p2pContext) : null;
        if (targetRank == MPI.PROC_NULL) {
            if (done != null) {
                engine.completeComposite(done, ErrorClass.SUCCESS, null);
            }
            return request ? new Request(comm, done, origin) : null;
        }
        TargetBlocks blocks = blocks(targetType, targetCount);
        Object originBase = Buffers.base(origin);
        long from = originOffset;
        if (!orgType.isContiguous() && kind != Kind.GET && orgCount > 0) {
            originBase = orgType.packToArray(originBase, originOffset, orgCount);
            from = Addresses.BYTE_ARRAY_BASE;
        }
        Staged staged = null;
        Object intoBase = reads ? Buffers.base(origin) : Buffers.base(result);
        long into = reads ? originOffset : resultOffset;
        Datatype intoType = reads ? orgType : resultType;
        if ((reads || kind == Kind.GET_ACCUMULATE) && !intoType.isContiguous() && targetBytes > 0) {
            Object buf = reads ? origin : result;
            staged = new Staged(intoType, buf, into, reads ? orgCount : resultCount);
            intoBase = staged.data;
            into = Addresses.BYTE_ARRAY_BASE;
        }
        Operation inner = staged != null ? engine.newComposite(comm.p2pContext) : done;
        try {
            switch (kind) {
                case PUT -> window.put(call, targetRank, targetDisp, blocks, originBase, from, inner);
                case GET -> window.get(call, targetRank, targetDisp, blocks, intoBase, into, inner);
                case ACCUMULATE -> window.accumulate(call, targetRank, targetDisp, blocks, originBase, from, element,
                    false, null, 0, inner);
                case GET_ACCUMULATE -> window.accumulate(call, targetRank, targetDisp, blocks,
                    orgCount == 0 ? new byte[(int) targetBytes] : originBase,
                    orgCount == 0 ? Addresses.BYTE_ARRAY_BASE : from,
                    element, true, intoBase, into, inner);
            }
        } catch (EngineException e) {
            throw fail(e);
        }
        if (staged != null) {
            unpacks.add(new PendingUnpack(targetRank, inner, staged, done));
            if (done != null) {
                Staged s = staged;
                engine.whenComplete(inner, o -> {
                    s.unpack(s.data.length);
                    engine.completeComposite(done, o.error(), o.errorMessage());
                });
            }
        }
        return request ? new Request(comm, done, origin) : null;
    }

    /** A get into a non-contiguous buffer: unpacked once its operation has completed. */
    private record PendingUnpack(int target, Operation op, Staged staged, Operation request) {
    }

    /** Unpacks the completed gets to {@code target} (all targets: -1) that no request unpacks. */
    private void unpackCompleted(int target) {
        if (unpacks.isEmpty()) {
            return; // the common flush: no capturing lambda, no scan
        }
        unpacks.removeIf(p -> {
            if ((target < 0 || p.target == target) && p.op.isComplete()) {
                if (p.request == null) {
                    p.staged.unpack(p.staged.data.length);
                }
                return true;
            }
            return false;
        });
    }

    /**
     * The target datatype's blocks for {@code count} items, as byte offsets from the displacement;
     * a contiguous target is this window's reused one-block scratch (calls on a window are
     * serialised and no block list outlives its call), so the common access allocates nothing.
     */
    private TargetBlocks blocks(Datatype type, int count) {
        if (type.isContiguous()) {
            contiguousTarget.offsets()[0] = type.dataLb;
            contiguousTarget.lengths()[0] = count * type.size;
            return contiguousTarget;
        }
        PackPlan plan = type.layout.plan();
        int per = plan.blockCount();
        long extent = type.layout.extent();
        long[] offsets = new long[per * count];
        int[] lengths = new int[per * count];
        for (int i = 0; i < count; i++) {
            for (int b = 0; b < per; b++) {
                offsets[i * per + b] = i * extent + plan.blockOffset(b);
                lengths[i * per + b] = plan.blockLength(b);
            }
        }
        return new TargetBlocks(offsets, lengths);
    }

    /** Checks the target arguments; the target's bytes. */
    private long checkTarget(String call, int targetRank, int targetDisp, int targetCount, Datatype targetType) {
        if (targetRank != MPI.PROC_NULL && (targetRank < 0 || targetRank >= comm.size)) {
            throw comm.raise(ErrorClass.RANK, call + ": targetRank " + targetRank + " is not in the window's group of "
                + comm.size);
        }
        if (targetType == null) {
            throw comm.raise(ErrorClass.TYPE, call + ": targetType is null");
        }
        if (targetType.isObject()) {
            throw comm.raise(ErrorClass.TYPE, call + ": MPI.OBJECT cannot describe window memory");
        }
        targetType.checkUsable(comm, call);
        if (targetCount < 0) {
            throw comm.raise(ErrorClass.COUNT, call + ": targetCount " + targetCount + " is negative");
        }
        if (targetDisp < 0) {
            throw comm.raise(ErrorClass.RMA_RANGE, call + ": targetDisp " + targetDisp + " is negative");
        }
        return (long) targetCount * targetType.size;
    }

    // ================================================================ synchronisation

    /**
     * MPI_Win_fence: completes this rank's operations, then a barrier of the window's group.
     * MODE_NOSUCCEED ends the fence epoch; MODE_NOPRECEDE, MODE_NOSTORE and MODE_NOPUT are accepted
     * (nothing is left for them to save).
     */
    public synchronized void fence(int assertion) {
        String call = "fence";
        live(call);
        checkAssertion(call, assertion, MPI.MODE_NOPRECEDE | MPI.MODE_NOSTORE
            | MPI.MODE_NOPUT | MPI.MODE_NOSUCCEED);
        try {
            window.fence(call, (assertion & MPI.MODE_NOSUCCEED) != 0);
        } catch (EngineException e) {
            throw fail(e);
        } finally {
            unpackCompleted(-1);
        }
    }

    /** MPI_Win_start: an access epoch to {@code group}'s members, once each has posted (this call waits for them). */
    public synchronized void start(Group group, int assertion) {
        String call = "start";
        live(call);
        checkAssertion(call, assertion, MPI.MODE_NOCHECK);
        boolean[] members = members(call, group);
        try {
            window.start(call, members);
        } catch (EngineException e) {
            throw fail(e);
        }
    }

    /** MPI_Win_complete: completes the access epoch's operations and tells each target. */
    public synchronized void complete() {
        String call = "complete";
        live(call);
        try {
            window.complete(call);
        } catch (EngineException e) {
            throw fail(e);
        } finally {
            unpackCompleted(-1);
        }
    }

    /** MPI_Win_post: an exposure epoch for {@code group}'s members. */
    public synchronized void post(Group group, int assertion) {
        String call = "post";
        live(call);
        checkAssertion(call, assertion, MPI.MODE_NOCHECK | MPI.MODE_NOSTORE | MPI.MODE_NOPUT);
        boolean[] members = members(call, group);
        try {
            window.post(call, members);
        } catch (EngineException e) {
            throw fail(e);
        }
    }

    /** MPI_Win_wait: ends the exposure epoch once every origin of the group has completed. */
    public synchronized void waitFor() {
        String call = "waitFor";
        live(call);
        try {
            window.waitFor(call);
        } catch (EngineException e) {
            throw fail(e);
        }
    }

    /** MPI_Win_test: {@link #waitFor} without blocking. */
    public synchronized boolean test() {
        String call = "test";
        live(call);
        try {
            return window.test(call);
        } catch (EngineException e) {
            throw fail(e);
        }
    }

    /**
     * MPI_Win_lock: a passive-target epoch to {@code rank}, taken on its lock word with the NIC's
     * atomics ({@code rank} does nothing); MODE_NOCHECK takes no lock.
     */
    public synchronized void lock(int lockType, int rank, int assertion) {
        String call = "lock";
        live(call);
        if (lockType != MPI.LOCK_EXCLUSIVE && lockType != MPI.LOCK_SHARED) {
            throw comm.raise(ErrorClass.LOCKTYPE, call + ": lockType " + lockType
                + " is neither MPI.LOCK_EXCLUSIVE nor MPI.LOCK_SHARED");
        }
        checkAssertion(call, assertion, MPI.MODE_NOCHECK);
        refuseIfNoLocks(call);
        if (rank == MPI.PROC_NULL) {
            return;
        }
        checkRank(call, "rank", rank);
        try {
            window.lock(call, lockType == MPI.LOCK_EXCLUSIVE, rank, (assertion & MPI.MODE_NOCHECK) != 0);
        } catch (EngineException e) {
            throw fail(e);
        }
    }

    /** MPI_Win_unlock: completes the operations to {@code rank} and releases its lock. */
    public synchronized void unlock(int rank) {
        String call = "unlock";
        live(call);
        if (rank == MPI.PROC_NULL) {
            return;
        }
        checkRank(call, "rank", rank);
        try {
            window.unlock(call, rank);
        } catch (EngineException e) {
            throw fail(e);
        } finally {
            unpackCompleted(rank);
        }
    }

    private void refuseIfNoLocks(String call) {
        if (noLocks) {
            throw comm.raise(ErrorClass.RMA_SYNC, call + ": the window was created with info " + NO_LOCKS_KEY
                + "=true, so it cannot be locked");
        }
    }

    /** MPI_Win_lock_all: a shared lock on every member. */
    public synchronized void lockAll(int assertion) {
        String call = "lockAll";
        live(call);
        checkAssertion(call, assertion, MPI.MODE_NOCHECK);
        refuseIfNoLocks(call);
        try {
            window.lockAll(call, (assertion & MPI.MODE_NOCHECK) != 0);
        } catch (EngineException e) {
            throw fail(e);
        }
    }

    public synchronized void unlockAll() {
        String call = "unlockAll";
        live(call);
        try {
            window.unlockAll(call);
        } catch (EngineException e) {
            throw fail(e);
        } finally {
            unpackCompleted(-1);
        }
    }

    /** MPI_Win_sync: this rank's stores to its window memory and the NIC's accesses see each other. */
    public synchronized void sync() {
        String call = "sync";
        live(call);
        window.sync(call);
    }

    /** MPI_Win_flush: completes the operations to {@code targetRank} at the origin and the target. */
    public void flush(int targetRank) {
        flushCall("flush", false, targetRank);
    }

    public void flushAll() {
        flushCall("flushAll", true, -1);
    }

    /** MPI_Win_flush_local: the same as {@link #flush} (a NIC completion is local and remote at once). */
    public void flushLocal(int targetRank) {
        flushCall("flushLocal", false, targetRank);
    }

    public void flushLocalAll() {
        flushCall("flushLocalAll", true, -1);
    }

    /**
     * A flush of one target, or of all ({@code all}, target -1), on the window's monitor only
     * under THREAD_MULTIPLE (see {@link #concurrentCalls}).
     */
    private void flushCall(String call, boolean all, int target) {
        if (!concurrentCalls) {
            flushImpl(call, all, target);
            return;
        }
        synchronized (this) {
            flushImpl(call, all, target);
        }
    }

    private void flushImpl(String call, boolean all, int target) {
        live(call);
        if (target == MPI.PROC_NULL) {
            return;
        }
        if (!all) {
            checkRank(call, "targetRank", target);
        }
        try {
            if (target < 0) {
                window.flushAll(call);
            } else {
                window.flush(call, target);
            }
        } catch (EngineException e) {
            throw fail(e);
        } finally {
            unpackCompleted(target);
        }
    }

    // ================================================================ management

    /** MPI_Win_free (collective): no epoch may be open. */
    public synchronized void free() {
        String call = "free";
        live(call);
        try {
            window.free(call);
        } catch (EngineException e) {
            throw fail(e);
        }
        freed = true;
        LIVE.remove(this);
        attached.clear(); // no peer reaches them now
        attributes.deleteAll(this);
        replies.free();
        comm.free();
    }

    /**
     * MPI_Win_shared_query (an atoll-mpi extension; the Open MPI Java bindings have none): member
     * {@code rank}'s window memory as a native-order ByteBuffer this process loads and stores
     * directly, for windows in board memory that the ranks of a node share (those made with
     * {@link #FLAVOR_SHARED}, and any other window over board memory). Direct loads and stores
     * follow MPI's unified memory model: synchronise them with {@link #sync}, a lock or a fence.
     * ERR_RMA_SHARED when that memory cannot be reached this way (a heap window, a dynamic window,
     * a peer on another board).
     */
    public synchronized ByteBuffer sharedQuery(int rank) {
        String call = "sharedQuery";
        live(call);
        checkRank(call, "rank", rank);
        ByteBuffer mapped;
        try {
            mapped = window.sharedMemory(call, rank);
        } catch (EngineException e) {
            throw fail(e);
        }
        if (mapped == null) {
            throw comm.raise(ErrorClass.RMA_SHARED, call + ": the window memory of rank " + rank
                + " is not board memory this process can map (a heap window, a dynamic window, or a peer on"
                + " another board)");
        }
        return mapped;
    }

    public Group getGroup() {
        live("getGroup");
        return comm.getGroup();
    }

    public void setErrhandler(Errhandler errhandler) {
        live("setErrhandler");
        if (errhandler == null) {
            throw comm.raise(ErrorClass.ARG, "setErrhandler: errhandler is null");
        }
        comm.errhandler = errhandler;
    }

    public Errhandler getErrhandler() {
        live("getErrhandler");
        return comm.errhandler;
    }

    public void callErrhandler(int errorCode) {
        live("callErrhandler");
        throw comm.raise(errorCode, "callErrhandler: error " + errorCode + " (" + ErrorCodes.describe(errorCode)
            + ") raised by the program");
    }

    public static int createKeyval() {
        MPI.check("createKeyval");
        return Attributes.createKeyval(KIND, CopyAttrFunction.NULL_COPY, DeleteAttrFunction.NULL_DELETE);
    }

    public static void freeKeyval(int keyval) {
        MPI.check("freeKeyval");
        Attributes.freeKeyval(MPI.COMM_WORLD, keyval, KIND, "freeKeyval");
    }

    public void setAttr(int keyval, Object value) {
        live("setAttr");
        if (keyval == MPI.WIN_BASE || keyval == MPI.WIN_SIZE || keyval == MPI.WIN_DISP_UNIT) {
            throw comm.raise(ErrorClass.KEYVAL, "setAttr: keyval " + keyval
                + " is a predefined attribute of the window");
        }
        attributes.set(this, Attributes.keyval(comm, keyval, KIND, "setAttr", false), value);
    }

    /**
     * A user attribute, or a predefined one: WIN_BASE (the buffer or array the window was created
     * over, or the allocated memory as a native-order ByteBuffer), WIN_SIZE (bytes, an Integer
     * as Open MPI's bindings give it; a Long only for a window past 2 GiB), WIN_DISP_UNIT (bytes,
     * an Integer).
     */
    public Object getAttr(int keyval) {
        live("getAttr");
        switch (keyval) {
            case MPI.WIN_BASE: return base;
            case MPI.WIN_SIZE: return sizeBytes <= Integer.MAX_VALUE ? (Object) (int) sizeBytes : (Object) sizeBytes;
            case MPI.WIN_DISP_UNIT: return dispUnitBytes;
            default:
                Attributes.keyval(comm, keyval, KIND, "getAttr", true);
                return attributes.get(keyval);
        }
    }

    public void deleteAttr(int keyval) {
        live("deleteAttr");
        attributes.delete(this, Attributes.keyval(comm, keyval, KIND, "deleteAttr", true));
    }

    /** The hints given at creation or with {@link #setInfo} (a copy). */
    public Info getInfo() {
        live("getInfo");
        return Info.copyOf(info);
    }

    public void setInfo(Info info) {
        live("setInfo");
        if (info == null || (info.isNull() && info != MPI.INFO_NULL)) {
            throw comm.raise(ErrorClass.INFO, "setInfo: info is " + (info == null ? "null" : "freed"));
        }
        this.info = info.isNull() ? new Info() : Info.copyOf(info);
    }

    public String getName() {
        live("getName");
        return name;
    }

    public void setName(String name) {
        live("setName");
        if (name == null) {
            throw comm.raise(ErrorClass.ARG, "setName: name is null");
        }
        this.name = name;
    }

    @Override
    public String toString() {
        return name.isEmpty() ? "a window of " + comm.size + " ranks" : name;
    }

    // ================================================================ checks

    /** MPI runs and the window is not freed; ERR_WIN naming {@code call} otherwise. */
    private void live(String call) {
        MPI.check(call);
        if (freed) {
            throw comm.raise(ErrorClass.WIN, call + ": the window has been freed");
        }
    }

    private void checkRank(String call, String argument, int rank) {
        if (rank < 0 || rank >= comm.size) {
            throw comm.raise(ErrorClass.RANK, call + ": " + argument + " " + rank + " is not in the window's group of "
                + comm.size);
        }
    }

    private void checkAssertion(String call, int assertion, int allowed) {
        if ((assertion & ~allowed) != 0) {
            throw comm.raise(ErrorClass.ASSERT, call + ": assertion " + assertion
                + " has bits that are not MPI.MODE_* assertions of this call");
        }
    }

    /** {@code group}'s members as a membership table of the window's group (ERR_GROUP if one is not in it). */
    private boolean[] members(String call, Group group) {
        if (group == null) {
            throw comm.raise(ErrorClass.GROUP, call + ": group is null");
        }
        int[] world = group.members(call, "group");
        boolean[] in = new boolean[comm.size];
        for (int w : world) {
            int m = -1;
            for (int r = 0; r < comm.size && m < 0; r++) {
                if (comm.localWorldRanks[r] == w) {
                    m = r;
                }
            }
            if (m < 0) {
                throw comm.raise(ErrorClass.GROUP, call + ": world rank " + w + " of the group is not in the window");
            }
            in[m] = true;
        }
        return in;
    }

    private MPIException fail(EngineException e) {
        return comm.raise(e.errorClass(), e.getMessage());
    }
}

package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.runtime.RankRuntime;

/**
 * The MPI environment: start and end, constants, the predefined communicators, buffered-send
 * buffers and MPI-allocated memory. Open MPI's names (camel case) and mpiJava 1.2 / MPJ Express
 * names (capitalised) live side by side; where both dialects name the same thing they share one
 * implementation. Both dialects start and end with {@code Init} and {@code Finalize}; Open MPI
 * has {@code InitThread}, {@code wtime}, {@code attachBuffer}, {@code getProcessorName},
 * {@code newByteBuffer} ..., mpiJava 1.2 / MPJ Express {@code Wtime}, {@code Buffer_attach},
 * {@code Get_processor_name}, {@code Errorhandler_set} ....
 *
 * <p>Values follow Open MPI's Java bindings where the dialects disagree (for example
 * {@code THREAD_SINGLE} is 0, {@code ANY_SOURCE} is -1); programs use the names, not the values.
 */
public final class MPI {
    // ---------------------------------------------------------------- state

    private static final int UNINITIALIZED = 0;
    private static final int RUNNING = 1;
    private static final int FINALIZED = 2;

    /** Written last by Init and first by Finalize: reading it makes the fields below visible. */
    private static volatile int phase = UNINITIALIZED;
    private static RankRuntime runtime;
    private static Engine engine;
    private static int threadLevel;
    private static Thread mainThread;

    /** Guards Init, Finalize and the attached buffer. */
    private static final Object LOCK = new Object();
    /** The attached bsend buffer, referenced so that it cannot be collected while the engine uses it. */
    private static Object attachedBuffer;
    /** Whether this process has said that the board is full and buffers come from ordinary memory. */
    private static final AtomicBoolean boardFullReported = new AtomicBoolean();
    /** Says so, once; the engine may call it from the thread that collected dropped board buffers. */
    private static final IntConsumer BOARD_FULL_NOTICE = capacity -> {
        if (boardFullReported.compareAndSet(false, true)) {
            System.err.println("atoll-mpi: rank " + MPI.COMM_WORLD.rank + ": board memory is full (a buffer of "
                + capacity + " bytes did not fit); MPI.newByteBuffer and the new*Buffer calls now return ordinary"
                + " direct memory when the board has no room (large sends from it are staged)");
        }
    };

    private static final long CLOCK_ORIGIN = System.nanoTime();
    private static final Version VERSION_INFO = new Version(3, 1);

    // ---------------------------------------------------------------- constants

    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    public static final int ANY_SOURCE = -1;
    public static final int ANY_TAG = -1;
    public static final int PROC_NULL = -2;
    public static final int UNDEFINED = -32766;
    /**
     * The largest tag. It doubles as the attribute key: {@code COMM_WORLD.getAttr(MPI.TAG_UB)}
     * (the Open MPI and mpiJava way to ask) returns this same value.
     */
    public static final int TAG_UB = Engine.TAG_UB;
    /** Attribute keys of {@link Comm#getAttr}. */
    public static final int HOST = 1;
    public static final int IO = 2;
    public static final int WTIME_IS_GLOBAL = 3;
    public static final int APPNUM = 4;
    public static final int LASTUSEDCODE = 5;
    public static final int UNIVERSE_SIZE = 6;

    public static final int VERSION = 3;
    public static final int SUBVERSION = 1;

    /** Results of {@link Comm#compare}. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 1;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    /** Topology kinds ({@link Comm#getTopology} returns UNDEFINED for the communicators of this version). */
    public static final int GRAPH = 1;
    public static final int CART = 2;
    public static final int DIST_GRAPH = 3;

    /**
     * Bytes a buffered send may need in the attached buffer beyond its data; size attach buffers
     * as the sum of (message size + BSEND_OVERHEAD).
     */
    public static final int BSEND_OVERHEAD = Engine.BSEND_OVERHEAD;

    public static final Errhandler ERRORS_ARE_FATAL = Errhandler.FATAL_HANDLER;
    /** Ends the job like ERRORS_ARE_FATAL (there is one job to end). */
    public static final Errhandler ERRORS_ABORT = Errhandler.ABORT_HANDLER;
    public static final Errhandler ERRORS_RETURN = Errhandler.RETURN_HANDLER;

    public static final int SUCCESS = ErrorClass.SUCCESS;
    public static final int ERR_BUFFER = ErrorClass.BUFFER;
    public static final int ERR_COUNT = ErrorClass.COUNT;
    public static final int ERR_TYPE = ErrorClass.TYPE;
    public static final int ERR_TAG = ErrorClass.TAG;
    public static final int ERR_COMM = ErrorClass.COMM;
    public static final int ERR_RANK = ErrorClass.RANK;
    public static final int ERR_REQUEST = ErrorClass.REQUEST;
    public static final int ERR_ROOT = ErrorClass.ROOT;
    public static final int ERR_GROUP = ErrorClass.GROUP;
    public static final int ERR_OP = ErrorClass.OP;
    public static final int ERR_TOPOLOGY = ErrorClass.TOPOLOGY;
    public static final int ERR_DIMS = ErrorClass.DIMS;
    public static final int ERR_ARG = ErrorClass.ARG;
    public static final int ERR_UNKNOWN = ErrorClass.UNKNOWN;
    public static final int ERR_TRUNCATE = ErrorClass.TRUNCATE;
    public static final int ERR_OTHER = ErrorClass.OTHER;
    public static final int ERR_INTERN = ErrorClass.INTERN;
    public static final int ERR_IN_STATUS = ErrorClass.IN_STATUS;
    public static final int ERR_PENDING = ErrorClass.PENDING;
    public static final int ERR_ACCESS = ErrorClass.ACCESS;
    public static final int ERR_AMODE = ErrorClass.AMODE;
    public static final int ERR_ASSERT = ErrorClass.ASSERT;
    public static final int ERR_BAD_FILE = ErrorClass.BAD_FILE;
    public static final int ERR_BASE = ErrorClass.BASE;
    public static final int ERR_CONVERSION = ErrorClass.CONVERSION;
    public static final int ERR_DISP = ErrorClass.DISP;
    public static final int ERR_DUP_DATAREP = ErrorClass.DUP_DATAREP;
    public static final int ERR_FILE_EXISTS = ErrorClass.FILE_EXISTS;
    public static final int ERR_FILE_IN_USE = ErrorClass.FILE_IN_USE;
    public static final int ERR_FILE = ErrorClass.FILE;
    public static final int ERR_INFO_KEY = ErrorClass.INFO_KEY;
    public static final int ERR_INFO_NOKEY = ErrorClass.INFO_NOKEY;
    public static final int ERR_INFO_VALUE = ErrorClass.INFO_VALUE;
    public static final int ERR_INFO = ErrorClass.INFO;
    public static final int ERR_IO = ErrorClass.IO;
    public static final int ERR_KEYVAL = ErrorClass.KEYVAL;
    public static final int ERR_LOCKTYPE = ErrorClass.LOCKTYPE;
    public static final int ERR_NAME = ErrorClass.NAME;
    public static final int ERR_NO_MEM = ErrorClass.NO_MEM;
    public static final int ERR_NOT_SAME = ErrorClass.NOT_SAME;
    public static final int ERR_NO_SPACE = ErrorClass.NO_SPACE;
    public static final int ERR_NO_SUCH_FILE = ErrorClass.NO_SUCH_FILE;
    public static final int ERR_PORT = ErrorClass.PORT;
    public static final int ERR_PROC_ABORTED = ErrorClass.PROC_ABORTED;
    public static final int ERR_QUOTA = ErrorClass.QUOTA;
    public static final int ERR_READ_ONLY = ErrorClass.READ_ONLY;
    public static final int ERR_RMA_CONFLICT = ErrorClass.RMA_CONFLICT;
    public static final int ERR_RMA_SYNC = ErrorClass.RMA_SYNC;
    /** MPI-3 classes the Open MPI Java bindings lack: an access outside the target window, attach, flavor, shared. */
    public static final int ERR_RMA_RANGE = ErrorClass.RMA_RANGE;
    public static final int ERR_RMA_ATTACH = ErrorClass.RMA_ATTACH;
    public static final int ERR_RMA_FLAVOR = ErrorClass.RMA_FLAVOR;
    public static final int ERR_RMA_SHARED = ErrorClass.RMA_SHARED;
    public static final int ERR_SERVICE = ErrorClass.SERVICE;
    public static final int ERR_SIZE = ErrorClass.SIZE;
    public static final int ERR_SPAWN = ErrorClass.SPAWN;
    public static final int ERR_UNSUPPORTED_DATAREP = ErrorClass.UNSUPPORTED_DATAREP;
    public static final int ERR_UNSUPPORTED_OPERATION = ErrorClass.UNSUPPORTED_OPERATION;
    public static final int ERR_WIN = ErrorClass.WIN;
    public static final int ERR_LASTCODE = ErrorClass.LASTCODE;
    public static final int ERR_SYSRESOURCE = ErrorClass.SYSRESOURCE;

    public static final Datatype DATATYPE_NULL = Datatype.NULL_TYPE;
    /** MPJ Express's name for DATATYPE_NULL. */
    public static final Datatype NULL = Datatype.NULL_TYPE;
    public static final Datatype BYTE = Datatype.BYTE_TYPE;
    public static final Datatype CHAR = Datatype.CHAR_TYPE;
    public static final Datatype SHORT = Datatype.SHORT_TYPE;
    public static final Datatype BOOLEAN = Datatype.BOOLEAN_TYPE;
    public static final Datatype INT = Datatype.INT_TYPE;
    public static final Datatype LONG = Datatype.LONG_TYPE;
    public static final Datatype FLOAT = Datatype.FLOAT_TYPE;
    public static final Datatype DOUBLE = Datatype.DOUBLE_TYPE;
    public static final Datatype PACKED = Datatype.PACKED_TYPE;

    /** mpiJava 1.2 / MPJ Express markers and serialized objects. */
    public static final Datatype LB = Datatype.LB_TYPE;
    public static final Datatype UB = Datatype.UB_TYPE;
    public static final Datatype OBJECT = Datatype.OBJECT_TYPE;
    /** MPJ Express: two of a kind, for MAXLOC/MINLOC with the index in the same type. */
    public static final Datatype SHORT2 = Datatype.SHORT2_TYPE;
    public static final Datatype LONG2 = Datatype.LONG2_TYPE;
    public static final Datatype FLOAT2 = Datatype.FLOAT2_TYPE;
    public static final Datatype DOUBLE2 = Datatype.DOUBLE2_TYPE;
    /** The value-and-index pair types of MAXLOC/MINLOC (Open MPI; INT2 is also mpiJava's). */
    public static final Datatype INT2 = Datatype.INT2_TYPE;
    public static final Datatype SHORT_INT = Datatype.SHORT_INT_TYPE;
    public static final Datatype LONG_INT = Datatype.LONG_INT_TYPE;
    public static final Datatype FLOAT_INT = Datatype.FLOAT_INT_TYPE;
    public static final Datatype DOUBLE_INT = Datatype.DOUBLE_INT_TYPE;
    public static final Datatype FLOAT_COMPLEX = Datatype.FLOAT_COMPLEX_TYPE;
    public static final Datatype DOUBLE_COMPLEX = Datatype.DOUBLE_COMPLEX_TYPE;
    /** Views over buffers of the pair types (Open MPI). */
    public static final Int2 int2 = new Int2();
    public static final ShortInt shortInt = new ShortInt();
    public static final LongInt longInt = new LongInt();
    public static final FloatInt floatInt = new FloatInt();
    public static final DoubleInt doubleInt = new DoubleInt();

    public static final Op MAX = new Op("MPI_MAX", Op.MAX);
    public static final Op MIN = new Op("MPI_MIN", Op.MIN);
    public static final Op SUM = new Op("MPI_SUM", Op.SUM);
    public static final Op PROD = new Op("MPI_PROD", Op.PROD);
    public static final Op LAND = new Op("MPI_LAND", Op.LAND);
    public static final Op BAND = new Op("MPI_BAND", Op.BAND);
    public static final Op LOR = new Op("MPI_LOR", Op.LOR);
    public static final Op BOR = new Op("MPI_BOR", Op.BOR);
    public static final Op LXOR = new Op("MPI_LXOR", Op.LXOR);
    public static final Op BXOR = new Op("MPI_BXOR", Op.BXOR);
    public static final Op MINLOC = new Op("MPI_MINLOC", Op.MINLOC);
    public static final Op MAXLOC = new Op("MPI_MAXLOC", Op.MAXLOC);
    public static final Op REPLACE = new Op("MPI_REPLACE", Op.REPLACE);
    public static final Op NO_OP = new Op("MPI_NO_OP", Op.NO_OP);

    public static final Group GROUP_EMPTY = new Group(new int[0], UNDEFINED);
    /** MPJ Express: the null group and communicator handles. */
    public static final Group GROUP_NULL = Group.NULL_GROUP;
    public static final Comm COMM_NULL = Comm.NULL_COMM;
    public static final Info INFO_NULL = Info.NULL_INFO;
    /** The environment's info: what mpirun started this rank with (read-only in spirit). */
    public static final Info INFO_ENV = new Info();

    public static final int WIN_BASE = 7;
    public static final int WIN_SIZE = 8;
    public static final int WIN_DISP_UNIT = 9;
    /** Root marker of intercommunicator collectives. */
    public static final int ROOT = -4;
    public static final int KEYVAL_INVALID = -1;
    public static final int MAX_OBJECT_NAME = 64;
    public static final int MAX_PORT_NAME = 1024;
    public static final int MAX_DATAREP_STRING = 128;
    public static final int MAX_INFO_KEY = 36;
    public static final int MAX_INFO_VAL = 256;
    public static final int ORDER_C = 0;
    public static final int ORDER_FORTRAN = 1;
    public static final int DISTRIBUTE_BLOCK = 0;
    public static final int DISTRIBUTE_CYCLIC = 1;
    public static final int DISTRIBUTE_NONE = 2;
    public static final int DISTRIBUTE_DFLT_DARG = -1;
    // MPI-IO (File). Open MPI's values.
    public static final int MODE_CREATE = 1;
    public static final int MODE_RDONLY = 2;
    public static final int MODE_WRONLY = 4;
    public static final int MODE_RDWR = 8;
    public static final int MODE_DELETE_ON_CLOSE = 16;
    public static final int MODE_UNIQUE_OPEN = 32;
    public static final int MODE_EXCL = 64;
    public static final int MODE_APPEND = 128;
    public static final int MODE_SEQUENTIAL = 256;
    public static final int DISPLACEMENT_CURRENT = -54278278;
    public static final int SEEK_SET = 600;
    public static final int SEEK_CUR = 602;
    public static final int SEEK_END = 604;
    // One-sided assertions and lock types (Open MPI's values).
    public static final int MODE_NOCHECK = 1;
    public static final int MODE_NOPRECEDE = 2;
    public static final int MODE_NOPUT = 4;
    public static final int MODE_NOSTORE = 8;
    public static final int MODE_NOSUCCEED = 16;
    public static final int LOCK_EXCLUSIVE = 1;
    public static final int LOCK_SHARED = 2;

    /** MPJ Express compatibility fields. */
    public static final boolean DEBUG = false;
    public static boolean isOldSelected = false;
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();
    public static final int SEND_OVERHEAD = Engine.BSEND_OVERHEAD;
    public static final int RECV_OVERHEAD = 0;

    /** World: ranks are world ranks; point-to-point context 0, collective context 1. */
    public static final Intracomm COMM_WORLD = new Intracomm("MPI_COMM_WORLD", 0, 1);
    /** Just this rank; point-to-point context 2, collective context 3. */
    public static final Intracomm COMM_SELF = new Intracomm("MPI_COMM_SELF", 2, 3);

    public static final Request REQUEST_NULL = new Request();
    /** MPJ Express: a status describing nothing. */
    public static final Status EMPTY_STATUS = Status.empty(UNDEFINED);

    private MPI() {
    }

    // ---------------------------------------------------------------- start and end

    /** Starts MPI (thread level SINGLE) and returns the arguments unchanged. */
    public static String[] Init(String[] args) {
        String[] own = org.atollmpi.runtime.MpjExpressMain.withoutLeading(args);
        start(THREAD_SINGLE, "Init", own);
        return own;
    }

    /** The thread level provided (set by Init, fixed until Finalize), for the layer's own decisions. */
    static int threadLevelProvided() {
        return threadLevel;
    }

    /** Starts MPI asking for thread level {@code required}; returns the level really provided. */
    public static int InitThread(String[] args, int required) {
        start(required, "InitThread", args);
        return threadLevel;
    }

    /** MPJ Express: starts MPI asking for {@code required}; {@link #queryThread} tells what was provided. */
    public static String[] initThread(int required, int provided, String[] argv) {
        String[] own = org.atollmpi.runtime.MpjExpressMain.withoutLeading(argv);
        start(required, "initThread", own);
        return own;
    }

    private static void start(int required, String call, String[] args) {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE) {
            throw new MPIException(ErrorClass.ARG, call + ": thread level " + required
                + " is not one of MPI.THREAD_SINGLE (0) ... MPI.THREAD_MULTIPLE (3)");
        }
        RankRuntime started;
        synchronized (LOCK) {
            if (phase == RUNNING) {
                throw new MPIException(ErrorClass.OTHER, call + ": MPI is already initialized");
            }
            if (phase == FINALIZED) {
                throw new MPIException(ErrorClass.OTHER, call + ": MPI has been finalized and cannot start again");
            }
            try {
                org.atollmpi.coll.Tuning.readSettings();
            } catch (IllegalArgumentException e) {
                throw new MPIException(ErrorClass.ARG, call + ": " + e.getMessage());
            }
            RankRuntime rt;
            try {
                rt = RankRuntime.start(required);
            } catch (EngineException e) {
                throw new MPIException(e.errorClass(), call + ": " + e.getMessage(), e);
            } catch (RuntimeException e) {
                throw new MPIException(ErrorClass.OTHER, call + ": cannot start this rank: " + e, e);
            }
            enter(rt, rt.engine(), rt.rank(), rt.size(), rt.threadLevel());
            EnvironmentInfo.fill(INFO_ENV, args, required, rt.size(), rt.processorName());
            rt.describePendingWith(MPI::contextName, MPI::describePendingAbove);
            started = rt;
        }
        JitTraining.run(started);
        String parentPort = RankRuntime.parentPort();
        if (parentPort != null) {
            // a spawned job: its ranks connect to the port their parent passed (MPI_Comm_get_parent)
            parent = Ports.connect(COMM_WORLD, call, parentPort, 0);
        }
    }

    /** The intercommunicator to the job that spawned this one; null when it was not spawned. */
    static volatile Intercomm parent;

    /** For {@code mpirun --timeout}: the blocking collective being waited in and the windows' epochs. */
    private static List<String> describePendingAbove() {
        List<String> lines = new ArrayList<>();
        CollectiveCall collective = CollectiveCall.waiting;
        if (collective != null) {
            Comm comm = collective.comm;
            String named = comm.contextPair < 0 ? "" : comm.getName();
            lines.add("waiting in collective " + collective.name + " on " + contextName(comm.p2pContext)
                + (named.isEmpty() ? "" : " '" + named + "'") + " of " + comm.size + " ranks");
        }
        lines.addAll(Win.describeOpenEpochs());
        return lines;
    }

    /**
     * How {@code mpirun --timeout} names an engine context: the predefined communicators by name,
     * others by their context pair ({@link ContextIds}); collective traffic has contexts of its own.
     */
    static String contextName(int context) {
        int pair = context / 2;
        String comm = switch (pair) {
            case 0 -> "MPI_COMM_WORLD";
            case 1 -> "MPI_COMM_SELF";
            default -> "communicator of context pair " + pair;
        };
        return comm + (context % 2 == 1 ? " (inside a collective)" : "");
    }

    /**
     * Makes MPI usable over {@code engine}: world rank {@code rank} of {@code size}, thread level
     * {@code level}. Init's second half; the unit tests call it with no runtime and no engine to
     * exercise everything that happens before the engine is reached.
     */
    static void enter(RankRuntime rt, Engine e, int rank, int size, int level) {
        runtime = rt;
        engine = e;
        CollectiveSpans.trace = e == null ? null : e.trace();
        threadLevel = level;
        mainThread = Thread.currentThread();
        int[] world = new int[size];
        for (int i = 0; i < size; i++) {
            world[i] = i;
        }
        ContextIds.reset();
        COMM_WORLD.setGroup(world, rank, true);
        COMM_SELF.setGroup(new int[] {rank}, 0, false);
        COMM_WORLD.errhandler = ERRORS_ARE_FATAL;
        COMM_SELF.errhandler = ERRORS_ARE_FATAL;
        phase = RUNNING;
    }

    /**
     * Finalize has begun: an error a waiting thread meets now (its engine closed under it) is
     * thrown as it is, not handed to an error handler that would end a job that is ending cleanly.
     */
    static volatile boolean finalizing;

    /** Ends the running state: to FINALIZED (Finalize) or back to UNINITIALIZED (tests). */
    static void leave(boolean finalized) {
        synchronized (LOCK) {
            finalizing = false;
            phase = finalized ? FINALIZED : UNINITIALIZED;
            runtime = null;
            engine = null;
            CollectiveSpans.trace = null;
            attachedBuffer = null;
        }
    }

    /** Ends MPI: waits for buffered sends (as a detach would), then shuts this rank down. */
    public static void Finalize() {
        synchronized (LOCK) {
            Engine e = engine("Finalize");
            try {
                finalizing = true;
                if (attachedBuffer != null) {
                    e.detachBuffer();
                    attachedBuffer = null;
                }
                if (runtime != null) {
                    runtime.close();
                }
            } catch (EngineException ex) {
                throw COMM_WORLD.raise(ex, "Finalize");
            } finally {
                leave(true);
            }
        }
    }

    public static boolean isInitialized() {
        return phase != UNINITIALIZED;
    }

    public static boolean isFinalized() {
        return phase == FINALIZED;
    }

    /** mpiJava: true once Init has been called (also after Finalize, as MPI_Initialized). */
    public static boolean Initialized() {
        return isInitialized();
    }

    public static int queryThread() {
        check("queryThread");
        return threadLevel;
    }

    /** True on the thread that called Init. */
    public static boolean isThreadMain() {
        check("isThreadMain");
        return Thread.currentThread() == mainThread;
    }

    /** MPJ Express's name for {@link #isThreadMain}. */
    public static boolean isMainThread() {
        return isThreadMain();
    }

    // ---------------------------------------------------------------- environment

    /** Seconds since an arbitrary moment of this process; monotonic (System.nanoTime). */
    public static double wtime() {
        check("wtime");
        return (System.nanoTime() - CLOCK_ORIGIN) * 1e-9;
    }

    /** Resolution of {@link #wtime}: System.nanoTime counts nanoseconds. */
    public static double wtick() {
        check("wtick");
        return 1e-9;
    }

    public static double Wtime() {
        return wtime();
    }

    public static double Wtick() {
        return wtick();
    }

    public static String getProcessorName() {
        check("getProcessorName");
        return runtime.processorName();
    }

    public static String Get_processor_name() {
        return getProcessorName();
    }

    /** The MPI standard version; usable at any time, also before Init. */
    public static Version getVersion() {
        return VERSION_INFO;
    }

    public static String getLibVersion() {
        return "atoll-mpi 0.1.0 (MPI " + VERSION + "." + SUBVERSION
            + "; Open MPI 5.0.10 Java and mpiJava 1.2 APIs)";
    }

    /**
     * Profiling control. MPI defines it to have no effect unless a profiling layer interprets it,
     * and this library has none.
     */
    public static void pControl(int level, Object obj) {
    }

    /** MPJ Express: sets the error handler of both predefined communicators. */
    public static void Errorhandler_set(Errhandler errhandler) {
        COMM_WORLD.setErrhandler(errhandler, "Errorhandler_set");
        COMM_SELF.setErrhandler(errhandler, "Errorhandler_set");
    }

    public static Errhandler Errorhandler_get() {
        return COMM_WORLD.getErrhandler();
    }

    // ---------------------------------------------------------------- error codes, classes, strings
    // Not in the Open MPI Java bindings nor in mpiJava 1.2: MPI's MPI_Error_string, MPI_Error_class,
    // MPI_Add_error_class, MPI_Add_error_code and MPI_Add_error_string, with MPI's semantics.

    /**
     * The error string of {@code errorCode} (MPI_Error_string): {@code "MPI_ERR_NAME: description"}
     * for a predefined class, the string set by {@link #addErrorString} for a code the program
     * added (empty until set). Usable at any time. ERR_ARG for a number that is no error code.
     */
    public static String getErrorString(int errorCode) {
        if (!ErrorCodes.isValid(errorCode)) {
            throw invalidCode("getErrorString", "errorCode", errorCode);
        }
        return ErrorCodes.string(errorCode);
    }

    /** The error class of {@code errorCode} (MPI_Error_class); ERR_ARG for a number that is no error code. */
    public static int getErrorClass(int errorCode) {
        if (!ErrorCodes.isValid(errorCode)) {
            throw invalidCode("getErrorClass", "errorCode", errorCode);
        }
        return ErrorCodes.classOf(errorCode);
    }

    /**
     * A new error class (MPI_Add_error_class), above {@link #ERR_LASTCODE}; the attribute
     * {@link #LASTUSEDCODE} follows the highest class or code given out.
     */
    public static int addErrorClass() {
        check("addErrorClass");
        return ErrorCodes.addClass();
    }

    /** A new error code of {@code errorClass} (MPI_Add_error_code); ERR_ARG when it is no error class. */
    public static int addErrorCode(int errorClass) {
        check("addErrorCode");
        if (!ErrorCodes.isClass(errorClass)) {
            throw invalidCode("addErrorCode", "errorClass", errorClass);
        }
        return ErrorCodes.addCode(errorClass);
    }

    /**
     * Sets the error string of a code or class the program added (MPI_Add_error_string);
     * ERR_ARG for a predefined one (at most {@link #ERR_LASTCODE}), an unknown one, or a null string.
     */
    public static void addErrorString(int errorCode, String string) {
        check("addErrorString");
        if (errorCode <= ERR_LASTCODE || !ErrorCodes.isValid(errorCode)) {
            throw COMM_WORLD.raise(ErrorClass.ARG, "addErrorString: errorCode " + errorCode + (errorCode <= ERR_LASTCODE
                ? " is predefined (at most MPI.ERR_LASTCODE = " + ERR_LASTCODE + "); only codes and classes added by"
                    + " addErrorClass/addErrorCode take a string"
                : " was not made by addErrorClass or addErrorCode (the last one is " + ErrorCodes.lastUsed() + ")"));
        }
        if (string == null) {
            throw COMM_WORLD.raise(ErrorClass.ARG, "addErrorString: string is null");
        }
        ErrorCodes.setString(errorCode, string);
    }

    private static MPIException invalidCode(String call, String what, int value) {
        String message = call + ": " + what + " " + value + " is not an error " + ("errorClass".equals(what) ? "class" : "code")
            + " (predefined: 0 to MPI.ERR_LASTCODE = " + ERR_LASTCODE + " and MPI.ERR_SYSRESOURCE; added so far: up to "
            + ErrorCodes.lastUsed() + ")";
        return phase == RUNNING ? COMM_WORLD.raise(ErrorClass.ARG, message) : new MPIException(ErrorClass.ARG, message);
    }

    // ---------------------------------------------------------------- buffered sends

    /** Attaches the buffer that buffered sends ({@code bSend}, {@code ibSend}) copy into. */
    public static void attachBuffer(byte[] buffer) {
        attachArray(buffer, "attachBuffer");
    }

    public static void Buffer_attach(byte[] buffer) {
        attachArray(buffer, "Buffer_attach");
    }

    /** MPJ Express: attaches a ByteBuffer (all of it, from element 0). */
    public static void Buffer_attach(ByteBuffer buffer) {
        Engine e = engine("Buffer_attach");
        if (buffer == null) {
            throw COMM_WORLD.raise(ErrorClass.BUFFER, "Buffer_attach: buffer is null");
        }
        long offset = Buffers.offset(COMM_WORLD, "Buffer_attach", buffer, 0, buffer.capacity(), BYTE, true);
        attach(e, buffer, Buffers.base(buffer), offset, buffer.capacity(), "Buffer_attach");
    }

    private static void attachArray(byte[] buffer, String call) {
        Engine e = engine(call);
        if (buffer == null) {
            throw COMM_WORLD.raise(ErrorClass.BUFFER, call + ": buffer is null");
        }
        attach(e, buffer, buffer, Addresses.BYTE_ARRAY_BASE, buffer.length, call);
    }

    private static void attach(Engine e, Object keep, Object base, long offset, int bytes, String call) {
        synchronized (LOCK) {
            if (attachedBuffer != null) {
                throw COMM_WORLD.raise(ErrorClass.BUFFER, call + ": a buffer is already attached; detach it first");
            }
            try {
                e.attachBuffer(base, offset, bytes);
            } catch (EngineException ex) {
                throw COMM_WORLD.raise(ex, call);
            }
            attachedBuffer = keep;
        }
    }

    /**
     * Waits until every buffered message has left the attached buffer, detaches it and returns it
     * ({@code null} if none was attached, or a direct ByteBuffer was).
     */
    public static byte[] detachBuffer() {
        return detach("detachBuffer");
    }

    /** mpiJava returns the buffer; MPJ Express declares void, and its callers compile against this too. */
    public static byte[] Buffer_detach() {
        return detach("Buffer_detach");
    }

    private static byte[] detach(String call) {
        Engine e = engine(call);
        synchronized (LOCK) {
            Object kept = attachedBuffer;
            if (kept == null) {
                return null;
            }
            try {
                e.detachBuffer();
            } catch (EngineException ex) {
                throw COMM_WORLD.raise(ex, call);
            }
            attachedBuffer = null;
            if (kept instanceof byte[]) {
                return (byte[]) kept;
            }
            ByteBuffer b = (ByteBuffer) kept;
            return b.hasArray() ? b.array() : null;
        }
    }

    // ---------------------------------------------------------------- MPI-allocated buffers

    /**
     * A direct buffer in native byte order, zero-filled. While MPI runs it is board memory, which
     * other ranks on the board reach without a copy through the host (rendezvous, RMA), and which
     * returns to the board once the buffer (and every view of it) is unreachable. Before Init,
     * after Finalize, or when the board has no room it is an ordinary direct buffer, at
     * {@code allocateDirect}'s cost (dropped board buffers are collected off this thread for later
     * calls); the first time the board is found full of buffers still held, one line on standard
     * error says so.
     */
    public static ByteBuffer newByteBuffer(int capacity) {
        if (capacity < 0) {
            throw argument("newByteBuffer: capacity " + capacity + " is negative");
        }
        Engine e = phase == RUNNING ? engine : null;
        if (e != null && capacity > 0) {
            ByteBuffer b = e.allocateBuffer(capacity, BOARD_FULL_NOTICE);
            if (b != null) {
                return b;
            }
        }
        return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
    }

    public static CharBuffer newCharBuffer(int capacity) {
        return newByteBuffer(bytes(capacity, 2, "newCharBuffer")).asCharBuffer();
    }

    public static ShortBuffer newShortBuffer(int capacity) {
        return newByteBuffer(bytes(capacity, 2, "newShortBuffer")).asShortBuffer();
    }

    public static IntBuffer newIntBuffer(int capacity) {
        return newByteBuffer(bytes(capacity, 4, "newIntBuffer")).asIntBuffer();
    }

    public static LongBuffer newLongBuffer(int capacity) {
        return newByteBuffer(bytes(capacity, 8, "newLongBuffer")).asLongBuffer();
    }

    public static FloatBuffer newFloatBuffer(int capacity) {
        return newByteBuffer(bytes(capacity, 4, "newFloatBuffer")).asFloatBuffer();
    }

    public static DoubleBuffer newDoubleBuffer(int capacity) {
        return newByteBuffer(bytes(capacity, 8, "newDoubleBuffer")).asDoubleBuffer();
    }

    private static int bytes(int capacity, int unit, String call) {
        long bytes = (long) capacity * unit;
        if (capacity < 0 || bytes > Integer.MAX_VALUE) {
            throw argument(call + ": capacity " + capacity + " is negative or too large");
        }
        return (int) bytes;
    }

    /**
     * ERR_ARG for the calls that work at any time (buffers, slices): through COMM_WORLD's handler
     * while MPI runs, else thrown as it is.
     */
    private static MPIException argument(String message) {
        return phase == RUNNING ? COMM_WORLD.raise(ErrorClass.ARG, message) : new MPIException(ErrorClass.ARG, message);
    }

    /** The elements from {@code offset} to the end of an array or buffer of {@code length}; ERR_ARG otherwise. */
    private static int rest(Object buf, int length, int offset) {
        if (buf == null) {
            throw argument("slice: buf is null");
        }
        if (offset < 0 || offset > length) {
            throw argument("slice: offset " + offset + " is outside the buffer (0 to " + length + ")");
        }
        return length - offset;
    }

    // ---------------------------------------------------------------- slices
    // Communication calls ignore a direct buffer's position (as Open MPI does); a slice is how a
    // program starts a message elsewhere. As Open MPI's, slicing clears the original buffer and
    // moves its position to the offset (programs read buf.position() afterwards, or pass buf again
    // and mean its start).

    public static ByteBuffer slice(ByteBuffer buf, int offset) {
        rest(buf, buf == null ? 0 : buf.capacity(), offset);
        buf.clear().position(offset);
        return buf.slice().order(ByteOrder.nativeOrder());
    }

    public static CharBuffer slice(CharBuffer buf, int offset) {
        rest(buf, buf == null ? 0 : buf.capacity(), offset);
        buf.clear().position(offset);
        return buf.slice();
    }

    public static ShortBuffer slice(ShortBuffer buf, int offset) {
        rest(buf, buf == null ? 0 : buf.capacity(), offset);
        buf.clear().position(offset);
        return buf.slice();
    }

    public static IntBuffer slice(IntBuffer buf, int offset) {
        rest(buf, buf == null ? 0 : buf.capacity(), offset);
        buf.clear().position(offset);
        return buf.slice();
    }

    public static LongBuffer slice(LongBuffer buf, int offset) {
        rest(buf, buf == null ? 0 : buf.capacity(), offset);
        buf.clear().position(offset);
        return buf.slice();
    }

    public static FloatBuffer slice(FloatBuffer buf, int offset) {
        rest(buf, buf == null ? 0 : buf.capacity(), offset);
        buf.clear().position(offset);
        return buf.slice();
    }

    public static DoubleBuffer slice(DoubleBuffer buf, int offset) {
        rest(buf, buf == null ? 0 : buf.capacity(), offset);
        buf.clear().position(offset);
        return buf.slice();
    }

    public static ByteBuffer slice(byte[] buf, int offset) {
        return ByteBuffer.wrap(buf, offset, rest(buf, buf == null ? 0 : buf.length, offset)).slice()
            .order(ByteOrder.nativeOrder());
    }

    public static CharBuffer slice(char[] buf, int offset) {
        return CharBuffer.wrap(buf, offset, rest(buf, buf == null ? 0 : buf.length, offset)).slice();
    }

    public static ShortBuffer slice(short[] buf, int offset) {
        return ShortBuffer.wrap(buf, offset, rest(buf, buf == null ? 0 : buf.length, offset)).slice();
    }

    public static IntBuffer slice(int[] buf, int offset) {
        return IntBuffer.wrap(buf, offset, rest(buf, buf == null ? 0 : buf.length, offset)).slice();
    }

    public static LongBuffer slice(long[] buf, int offset) {
        return LongBuffer.wrap(buf, offset, rest(buf, buf == null ? 0 : buf.length, offset)).slice();
    }

    public static FloatBuffer slice(float[] buf, int offset) {
        return FloatBuffer.wrap(buf, offset, rest(buf, buf == null ? 0 : buf.length, offset)).slice();
    }

    public static DoubleBuffer slice(double[] buf, int offset) {
        return DoubleBuffer.wrap(buf, offset, rest(buf, buf == null ? 0 : buf.length, offset)).slice();
    }

    // ---------------------------------------------------------------- for the package

    /** The engine, or an ERR_OTHER naming {@code call} when MPI is not running. */
    static Engine engine(String call) {
        if (phase != RUNNING) {
            throw notRunning(call);
        }
        return engine;
    }

    /** The engine while MPI runs, else null (no error: for a trace's span that ends late). */
    static Engine engineOrNull() {
        return phase == RUNNING ? engine : null;
    }

    static void check(String call) {
        if (phase != RUNNING) {
            throw notRunning(call);
        }
    }

    /**
     * Not raised through an error handler: before Init and after Finalize there is no job to end,
     * and the exception itself ends this process if the program does not catch it.
     */
    private static MPIException notRunning(String call) {
        return new MPIException(ErrorClass.OTHER, call + (phase == FINALIZED
            ? ": MPI has been finalized (no MPI calls after MPI.Finalize)"
            : ": MPI is not initialized (call MPI.Init first)"));
    }

    /** MPI_UNIVERSE_SIZE: mpirun's slots for the job (spawned processes included), at least the world's size. */
    static int universeSize() {
        RankRuntime rt = runtime;
        return rt != null ? rt.universeSize() : COMM_WORLD.size;
    }

    /** The runtime of this rank, for the calls that reach the launcher (spawn); null in the unit tests' worlds. */
    static RankRuntime runtime() {
        return runtime;
    }

    /** This rank's way to processes of other jobs; null without a runtime (the unit tests' worlds). */
    static org.atollmpi.runtime.Bridges bridges() {
        RankRuntime rt = runtime;
        return rt != null ? rt.bridges() : null;
    }

    static boolean canAbort() {
        return phase == RUNNING && runtime != null;
    }

    /** Ends the whole job with {@code code}; returns only when there is no running job. */
    static void abortJob(int code, String message) {
        RankRuntime rt = runtime;
        if (phase == RUNNING && rt != null) {
            rt.abort(code, message);
        }
    }

    /**
     * Ends the whole job with {@code status} (the error class) on an error under a fatal handler,
     * already printed by the caller. Returns only when there is no running job.
     */
    static void endJobOnFatalError(int status, String className) {
        RankRuntime rt = runtime;
        if (phase == RUNNING && rt != null) {
            rt.fatalError(status, className);
        }
    }

    static String worldRankOrUnknown() {
        return phase == RUNNING ? Integer.toString(COMM_WORLD.rank) : "?";
    }
}

package org.atollmpi.tests.programs;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import mpi.CartComm;
import mpi.Cartcomm;
import mpi.Comm;
import mpi.Datatype;
import mpi.GraphComm;
import mpi.Graphcomm;
import mpi.Group;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.User_function;
import mpi.Win;

/**
 * The bad-input sweep (issue 13): one table row per misuse of a public method of package
 * {@code mpi} (the Open MPI bindings and the mpiJava 1.2 names), each with the error class MPI
 * prescribes and a word its message must contain (the argument, or the reason). Every row runs on
 * every rank under {@code ERRORS_RETURN} (unless marked root-only: errors only the root can see),
 * failures are gathered and printed all together, and the job must go on afterwards.
 *
 * <p>Rows before {@code Init} and after {@code Finalize} expect {@code ERR_OTHER} naming the reason.
 * At the end (rank 0) a reflection check asserts that every public method name declared by the
 * main classes has a row or is in {@link #EXCLUDED}, with the reason it has no bad input.
 *
 * <p>Argument: {@code ompi} (rows of lower-case names), {@code mpj} (the capitalised mpiJava names)
 * or {@code all}.
 */
public final class BadInput {
    /** One misuse: the method ({@code Class.name}), the class expected, a word of the message. */
    record Row(String method, int errorClass, String word, boolean rootOnly, Runnable call) {
    }

    /** The classes whose public methods must all be covered. */
    static final List<Class<?>> CLASSES = List.of(MPI.class, Comm.class, Intracomm.class, Intercomm.class,
            CartComm.class, Cartcomm.class, GraphComm.class, Graphcomm.class, Datatype.class, Group.class, Op.class,
            Request.class, Prequest.class, Status.class, Win.class, Message.class, Info.class);

    /**
     * Public methods with no input that can be bad, each with why. Queries of an object that is
     * valid by construction, or that MPI defines on null handles as well, and calls MPI allows at
     * any time. Their behaviour on freed objects is covered where MPI makes it an error.
     */
    static final Map<String, String> EXCLUDED = new LinkedHashMap<>();

    static {
        // Object methods: no MPI arguments.
        for (Class<?> c : CLASSES) {
            for (String m : List.of("toString", "finalize", "equals", "hashCode")) {
                EXCLUDED.put(c.getSimpleName() + "." + m, "java.lang.Object method");
            }
        }
        // MPI allows these at any time (MPI-4.0 11.2.1: callable before Init and after Finalize).
        for (String m : List.of("isInitialized", "Initialized", "isFinalized", "getVersion", "getLibVersion")) {
            EXCLUDED.put("MPI." + m, "callable at any time");
        }
        // Start-up and shut-down: driven by LauncherTest/BeforeInit, and by this program's own Init.
        for (String m : List.of("Init", "InitThread", "initThread", "Finalize")) {
            EXCLUDED.put("MPI." + m, "start-up/shut-down, driven by every program");
        }
        // Queries with no argument that MPI defines for any state of a live process.
        for (String m : List.of("wtime", "Wtime", "wtick", "Wtick", "queryThread", "isThreadMain", "isMainThread",
                "getProcessorName", "Get_processor_name", "pControl", "detachBuffer", "Buffer_detach",
                "Errorhandler_get")) {
            EXCLUDED.put("MPI." + m, "no argument; legal in any state while MPI runs");
        }
        // Null-handle predicates: defined on null handles by design.
        for (String m : List.of("Comm.isNull", "Comm.Is_null", "Datatype.isNull", "Group.isNull", "Op.isNull",
                "Request.isNull", "Request.Is_null", "Info.isNull", "Message.isNull", "Message.isNoProc")) {
            EXCLUDED.put(m, "null-handle predicate, defined on null handles");
        }
        // Status accessors: a Status is a plain record owned by the program (no handle to free).
        for (String m : List.of("getSource", "getTag", "getError", "getIndex", "isCancelled", "Test_cancelled",
                "setCancelled", "free", "<init>")) {
            EXCLUDED.put("Status." + m, "plain record accessor");
        }
        // Constructors of null handles.
        EXCLUDED.put("Message.<init>", "makes MPI_MESSAGE_NULL");
        EXCLUDED.put("Info.<init>", "an empty info (MPI-4: callable before Init)");
        // Info on a live object: free covered; these take keys covered by rows on the freed info.
        EXCLUDED.put("Info.clone", "same as dup (covered)");
        EXCLUDED.put("Op.isCommutative", "a property fixed at construction");
        // MPI_REQUEST_NULL (a completed, or freed, request) is legal for wait, test and status,
        // and free of it is a no-op in the Open MPI bindings; bad requests inside arrays and
        // freed persistent requests are covered by the start, cancel and array rows.
        for (String m : List.of("waitFor", "waitStatus", "Wait", "test", "testStatus", "Test", "getStatus", "free",
                "Free")) {
            EXCLUDED.put("Request." + m, "legal on MPI_REQUEST_NULL");
        }
        EXCLUDED.put("Group.finalize", "java.lang.Object method");
        // Object serialisation helpers of MPJ Express, covered by the Object_Deserialize row.
        EXCLUDED.put("Comm.Object_Serialize", "serialises any Object[]; no MPI argument to check beyond Pack");
        // Dynamic processes and name publishing: their bad input (names that are no port, closed
        // ports, unknown services, a program that does not exist, bad counts) is checked by
        // PortsInOneJob, AcrossJobs and Spawning, which need the other side running.
        for (String m : List.of("spawn", "spawnMultiple", "openPort", "closePort", "accept", "connect",
                "publishName", "unpublishName", "lookupName")) {
            EXCLUDED.put("Intracomm." + m, "dynamic processes: covered by PortsInOneJob, AcrossJobs and Spawning");
        }
        EXCLUDED.put("Comm.createKeyval", "null callbacks mean none (MPI_NULL_COPY_FN/DELETE_FN)");
        EXCLUDED.put("Comm.disconnect", "dynamic processes: covered by PortsInOneJob and AcrossJobs");
        EXCLUDED.put("Comm.GetIntercomm", "mpiJava's native handle: unsupported for every input");
        // No argument and no object: nothing can be bad.
        EXCLUDED.put("Datatype.createKeyval", "no argument");
        EXCLUDED.put("Win.createKeyval", "no argument");
        EXCLUDED.put("MPI.addErrorClass", "no argument");
        EXCLUDED.put("Intercomm.getParent", "no argument (MPI_COMM_NULL unless spawned: Spawning)");
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    private void row(String method, int errorClass, String word, Runnable call) {
        rows.add(new Row(method, errorClass, word, false, call));
    }

    /** A row whose error only the root can detect (the others would take part in the collective). */
    private void rootRow(String method, int errorClass, String word, Runnable call) {
        rows.add(new Row(method, errorClass, word, true, call));
    }

    public static void main(String[] args) {
        String dialect = args.length > 0 ? args[0] : "all";
        BadInput sweep = new BadInput();
        if (dialect.startsWith("fatal=")) {
            sweep.fatal(args, dialect.substring("fatal=".length()));
            return;
        }
        sweep.beforeInit();
        Check.init(args);
        Check.needRanks(2);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN);
        sweep.build();
        if (Check.rank() == 0) {
            sweep.checkCoverage();
        }
        Check.step("every row of the table", () -> sweep.runRows(dialect));
        Check.step("no failed call wrote memory or sent a message", sweep::nothingWrittenNothingSent);
        Check.step("the job goes on", () -> {
            int[] v = {Check.rank()};
            int[] sum = new int[1];
            MPI.COMM_WORLD.allReduce(v, sum, 1, MPI.INT, MPI.SUM);
            Check.equal((long) Check.size() * (Check.size() - 1) / 2, sum[0], "allReduce after the sweep");
        });
        sweep.freeFixtures();
        MPI.Finalize();
        sweep.afterFinalize();
        Check.that(sweep.failures.isEmpty(), "%d rows failed:%n  %s", sweep.failures.size(),
                String.join("\n  ", sweep.failures));
        System.out.println("BADINPUT rows=" + sweep.rows.size() + " ran=" + sweep.ran + " rank " + Check.rank());
        System.out.println("OK rank " + Check.rank());
        System.out.flush();
    }

    private int ran;

    /**
     * Under the default {@code ERRORS_ARE_FATAL}: rank 1 runs the first row of {@code method}
     * (which must end the job: the error class is the exit status, rank 1 is named); the others
     * wait in a barrier rank 1 never reaches, so only the launcher can end them.
     */
    private void fatal(String[] args, String method) {
        Check.init(args);
        Check.needRanks(2);
        build();
        Row row = rows.stream().filter(r -> r.method.equals(method) && !r.rootOnly).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + method));
        Check.printJobId();
        MPI.COMM_WORLD.barrier();
        if (Check.rank() == 1) {
            System.out.println("FATAL ROW " + row.method + " class " + row.errorClass);
            System.out.flush();
            try {
                row.call.run();
            } catch (MPIException e) {
                System.out.println("STILL ALIVE: the error came back to the caller: " + e);
                System.out.flush();
                throw e;
            }
            System.out.println("STILL ALIVE: the call returned");
            System.out.flush();
        }
        MPI.COMM_WORLD.barrier();
        Check.done();
    }

    private void runRows(String dialect) {
        for (Row r : rows) {
            String name = r.method.substring(r.method.indexOf('.') + 1);
            boolean mpjName = Character.isUpperCase(name.charAt(0)) || name.contains("_");
            if (dialect.equals("ompi") && mpjName || dialect.equals("mpj") && !mpjName) {
                continue;
            }
            if (r.rootOnly && Check.rank() != 0) {
                continue;
            }
            ran++;
            expect(r, "");
        }
    }

    /** Runs one row, records a failure (never throws: every row is tried). */
    private void expect(Row r, String when) {
        String what = r.method + when + " (" + MPIException.class.getSimpleName() + " class " + r.errorClass + ", '"
                + r.word + "')";
        try {
            r.call.run();
            failures.add(what + ": returned normally");
        } catch (MPIException e) {
            String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
            if (e.getErrorClass() != r.errorClass) {
                failures.add(what + ": class " + e.getErrorClass() + ": " + e.getMessage());
            } else if (!message.contains(r.word.toLowerCase(Locale.ROOT))) {
                failures.add(what + ": message does not name it: " + e.getMessage());
            }
        } catch (RuntimeException e) {
            failures.add(what + ": " + e);
        }
    }

    // ================================================================ before Init, after Finalize

    /**
     * Calls that need a running MPI. Not here on purpose: datatype constructors, commit and
     * queries, and Op constructors, which only build local descriptions (no engine, no
     * communicator) and work at any time, as the unit tests of mpi-api rely on.
     */
    private List<Row> lifecycleRows(int errorClass, String word) {
        List<Row> l = new ArrayList<>();
        int[] b = new int[4];
        l.add(new Row("Comm.getRank", errorClass, word, false, () -> MPI.COMM_WORLD.getRank()));
        l.add(new Row("Comm.Size", errorClass, word, false, () -> MPI.COMM_WORLD.Size()));
        l.add(new Row("Comm.send", errorClass, word, false, () -> MPI.COMM_WORLD.send(b, 1, MPI.INT, 0, 0)));
        l.add(new Row("Comm.Recv", errorClass, word, false, () -> MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 0)));
        l.add(new Row("Comm.iSend", errorClass, word, false, () -> MPI.COMM_WORLD.iSend(IntBuffer.allocate(1), 1,
                MPI.INT, 0, 0)));
        l.add(new Row("Comm.barrier", errorClass, word, false, () -> MPI.COMM_WORLD.barrier()));
        l.add(new Row("Comm.bcast", errorClass, word, false, () -> MPI.COMM_WORLD.bcast(b, 1, MPI.INT, 0)));
        l.add(new Row("Comm.dup", errorClass, word, false, () -> MPI.COMM_WORLD.dup()));
        l.add(new Row("Comm.getGroup", errorClass, word, false, () -> MPI.COMM_WORLD.getGroup()));
        l.add(new Row("Intracomm.split", errorClass, word, false, () -> MPI.COMM_WORLD.split(0, 0)));
        l.add(new Row("Comm.setErrhandler", errorClass, word, false,
                () -> MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN)));
        l.add(new Row("Request.waitAll", errorClass, word, false, () -> Request.waitAll(new Request[0])));
        l.add(new Row("MPI.attachBuffer", errorClass, word, false, () -> MPI.attachBuffer(new byte[1024])));
        l.add(new Row("MPI.wtime", errorClass, word, false, () -> MPI.wtime()));
        l.add(new Row("MPI.getProcessorName", errorClass, word, false, () -> MPI.getProcessorName()));
        l.add(new Row("Message.mProbe", errorClass, word, false, () -> new Message().mProbe(0, 0, MPI.COMM_WORLD)));
        l.add(new Row("Win.<init>", errorClass, word, false, () -> new Win(MPI.INFO_NULL, MPI.COMM_WORLD)));
        return l;
    }

    private void beforeInit() {
        for (Row r : lifecycleRows(MPI.ERR_OTHER, "init")) {
            expect(r, " before Init");
        }
    }

    private void afterFinalize() {
        for (Row r : lifecycleRows(MPI.ERR_OTHER, "finaliz")) {
            expect(r, " after Finalize");
        }
    }

    // ================================================================ coverage

    private void checkCoverage() {
        Set<String> covered = new TreeSet<>();
        for (Row r : rows) {
            covered.add(r.method);
        }
        Set<String> exist = new TreeSet<>();
        for (Class<?> c : CLASSES) {
            for (Method m : c.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !m.isSynthetic()) {
                    exist.add(c.getSimpleName() + "." + m.getName());
                }
            }
            if (c.getConstructors().length > 0) {
                exist.add(c.getSimpleName() + ".<init>");
            }
        }
        Set<String> missing = new TreeSet<>(exist);
        missing.removeAll(covered);
        missing.removeAll(EXCLUDED.keySet());
        Set<String> unknown = new TreeSet<>(covered);
        unknown.removeAll(exist);
        Set<String> both = new TreeSet<>(covered);
        both.retainAll(EXCLUDED.keySet());
        System.out.println("BADINPUT coverage: " + covered.size() + " methods with rows, "
                + EXCLUDED.keySet().stream().filter(exist::contains).count() + " excluded, of " + exist.size());
        if (!missing.isEmpty()) {
            failures.add("public methods with no row and not excluded: " + missing);
        }
        if (!unknown.isEmpty()) {
            failures.add("rows name methods that are not public methods of their class: " + unknown);
        }
        if (!both.isEmpty()) {
            failures.add("methods both covered and excluded: " + both);
        }
    }

    // ================================================================ fixtures

    private final Intracomm w = MPI.COMM_WORLD;
    private int n;
    private int me;
    private int other;
    private Intracomm freedComm;
    private Datatype uncommitted;
    private Datatype freedType;
    private Group freedGroup;
    private Op freedOp;
    private Info freedInfo;
    private Prequest freedPrequest;
    private Request completed;
    /** Started and not yet waited for. */
    private Prequest active;
    private Win win;
    private IntBuffer winMemory;
    /** Buffers the rows pass, filled with a pattern no failed call may change. */
    private final List<int[]> guardedBuffers = new ArrayList<>();

    private int[] guarded(int length) {
        int[] a = new int[length];
        for (int i = 0; i < length; i++) {
            a[i] = 0x5A5A0000 + i;
        }
        guardedBuffers.add(a);
        return a;
    }

    /** No failed call wrote a buffer, the window, or sent a message. */
    private void nothingWrittenNothingSent() {
        for (int[] a : guardedBuffers) {
            for (int i = 0; i < a.length; i++) {
                Check.equal(0x5A5A0000 + i, a[i], "element " + i + " of a buffer passed to failing calls");
            }
        }
        for (int i = 0; i < winMemory.capacity(); i++) {
            Check.equal(0, winMemory.get(i), "window element " + i + " after failing RMA calls");
        }
        Check.that(w.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "a failing call sent a message: %s",
                w.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG));
    }
    private Win freedWin;
    private CartComm cart;
    private GraphComm graph;
    private Intercomm inter;
    private Intracomm half;

    private void fixtures() {
        n = w.getSize();
        me = w.getRank();
        other = (me + 1) % n;
        freedComm = w.dup();
        freedComm.free();
        uncommitted = Datatype.createContiguous(2, MPI.INT);
        freedType = Datatype.createContiguous(2, MPI.INT);
        freedType.commit();
        freedType.free();
        freedGroup = w.getGroup();
        freedGroup.free();
        freedOp = new Op(new mpi.UserFunction() { }, true);
        freedOp.free();
        freedInfo = new Info();
        freedInfo.free();
        freedPrequest = w.sendInit(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        freedPrequest.free();
        active = w.recvInit(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        active.start();
        completed = w.iSend(IntBuffer.allocate(1), 1, MPI.INT, MPI.PROC_NULL, 0);
        completed.waitFor();
        winMemory = MPI.newIntBuffer(8);
        win = new Win(winMemory, 8, 4, MPI.INFO_NULL, w);
        freedWin = new Win(MPI.newIntBuffer(8), 8, 4, MPI.INFO_NULL, w);
        // windows have their own handler (the fatal mode keeps the default)
        if (MPI.ERRORS_RETURN.equals(w.getErrhandler())) {
            win.setErrhandler(MPI.ERRORS_RETURN);
            freedWin.setErrhandler(MPI.ERRORS_RETURN);
        }
        freedWin.free();
        cart = w.createCart(new int[] {n}, new boolean[] {false}, false);
        int[] index = new int[n];
        int[] edges = new int[n];
        for (int i = 0; i < n; i++) {
            index[i] = i + 1;
            edges[i] = (i + 1) % n;
        }
        graph = w.createGraph(index, edges, false);
        int colour = me < n / 2 ? 0 : 1;
        half = w.split(colour, me);
        inter = w.createIntercomm(half, 0, colour == 0 ? n / 2 : 0, 77);
    }

    private void freeFixtures() {
        active.waitFor();
        active.free();
        win.free();
        cart.free();
        graph.free();
        inter.free();
        half.free();
        uncommitted.free();
    }

    // ================================================================ the table

    private void build() {
        fixtures();
        pointToPoint();
        requests();
        collectives();
        communicators();
        datatypes();
        groups();
        topologies();
        intercomms();
        oneSided();
        others();
    }

    private void pointToPoint() {
        int[] b = guarded(4);
        // one item spans 4 ints (2 blocks of 1, stride 3): two items need 8
        Datatype column = Datatype.createVector(2, 1, 3, MPI.INT);
        column.commit();
        int bad = n + 2;
        int badTag = MPI.TAG_UB + 1;
        // Open MPI forms
        row("Comm.send", MPI.ERR_BUFFER, "buffer", () -> w.send(null, 1, MPI.INT, other, 0));
        row("Comm.send", MPI.ERR_BUFFER, "count 5", () -> w.send(b, 5, MPI.INT, other, 0));
        row("Comm.send", MPI.ERR_TAG, "tag", () -> w.send(b, 1, MPI.INT, other, badTag));
        row("Comm.send", MPI.ERR_TYPE, "datatype", () -> w.send(b, 1, uncommitted, other, 0));
        row("Comm.send", MPI.ERR_TYPE, "freed", () -> w.send(b, 1, freedType, other, 0));
        row("Comm.send", MPI.ERR_TYPE, "datatype", () -> w.send(b, 1, null, other, 0));
        row("Comm.send", MPI.ERR_COMM, "send", () -> freedComm.send(b, 1, MPI.INT, 0, 0));
        row("Comm.send", MPI.ERR_RANK, "dest", () -> w.send(b, 1, MPI.INT, MPI.ANY_SOURCE, 0));
        row("Comm.send", MPI.ERR_TAG, "tag", () -> w.send(b, 1, MPI.INT, other, MPI.ANY_TAG));
        // count x extent past the buffer, and past 2^31 bytes (ERR_COUNT: no message carries it;
        // no int overflow may turn it into a fit)
        row("Comm.send", MPI.ERR_COUNT, "more than one message", () -> w.send(b, Integer.MAX_VALUE, MPI.INT, other, 0));
        row("Comm.send", MPI.ERR_BUFFER, "count 2", () -> w.send(b, 2, column, other, 0));
        row("Comm.recv", MPI.ERR_COUNT, "more than one message", () -> w.recv(b, Integer.MAX_VALUE / 2, MPI.LONG,
                other, 0));
        row("Comm.recv", MPI.ERR_BUFFER, "read-only", () -> w.recv(IntBuffer.allocate(4).asReadOnlyBuffer(), 1,
                MPI.INT, other, 0));
        row("Comm.iRecv", MPI.ERR_BUFFER, "read-only", () -> w.iRecv(MPI.newIntBuffer(4).asReadOnlyBuffer(), 1,
                MPI.INT, other, 0));
        row("Comm.iSend", MPI.ERR_BUFFER, "count 3", () -> w.iSend(MPI.newIntBuffer(2), 3, MPI.INT, other, 0));
        row("Comm.Send", MPI.ERR_BUFFER, "offset", () -> w.Send(b, Integer.MAX_VALUE, 2, MPI.INT, other, 0));
        row("Comm.Recv", MPI.ERR_COUNT, "more than one message", () -> w.Recv(b, 2, Integer.MAX_VALUE, MPI.INT,
                other, 0));
        row("Comm.Isend", MPI.ERR_BUFFER, "offset", () -> w.Isend(b, Integer.MAX_VALUE - 1, 4, MPI.INT, other, 0));
        // MPI.OBJECT (an array of another primitive type than the datatype's is not an error:
        // its bytes are reinterpreted, as with the Open MPI bindings; see DerivedTypes)
        row("Comm.Send", MPI.ERR_TYPE, "Object[]", () -> w.Send(b, 0, 1, MPI.OBJECT, other, 0));
        row("Comm.Send", MPI.ERR_BUFFER, "count 2", () -> w.Send(new Object[1], 0, 2, MPI.OBJECT, other, 0));
        row("Comm.Send_init", MPI.ERR_BUFFER, "count 2",
            () -> w.Send_init(new Object[1], 0, 2, MPI.OBJECT, other, 0));
        row("Comm.Sendrecv_replace", MPI.ERR_BUFFER, "buffer", () -> w.Sendrecv_replace(null, 0, 1, MPI.INT, other,
                0, other, 0));
        row("Comm.sSend", MPI.ERR_RANK, "dest", () -> w.sSend(b, 1, MPI.INT, bad, 0));
        row("Comm.sSend", MPI.ERR_BUFFER, "buffer", () -> w.sSend(null, 1, MPI.INT, other, 0));
        row("Comm.bSend", MPI.ERR_COUNT, "count", () -> w.bSend(b, -1, MPI.INT, other, 0));
        row("Comm.bSend", MPI.ERR_TAG, "tag", () -> w.bSend(b, 1, MPI.INT, other, -5));
        row("Comm.rSend", MPI.ERR_RANK, "dest", () -> w.rSend(b, 1, MPI.INT, -9, 0));
        row("Comm.rSend", MPI.ERR_BUFFER, "count 9", () -> w.rSend(b, 9, MPI.INT, other, 0));
        row("Comm.recv", MPI.ERR_RANK, "source", () -> w.recv(b, 1, MPI.INT, bad, 0));
        row("Comm.recv", MPI.ERR_TAG, "tag", () -> w.recv(b, 1, MPI.INT, other, badTag));
        row("Comm.recv", MPI.ERR_BUFFER, "buffer", () -> w.recv(null, 1, MPI.INT, other, 0));
        row("Comm.recv", MPI.ERR_BUFFER, "count 5", () -> w.recv(b, 5, MPI.INT, other, 0));
        row("Comm.recv", MPI.ERR_TYPE, "commit", () -> w.recv(b, 1, uncommitted, other, 0));
        row("Comm.iSend", MPI.ERR_BUFFER, "buffer", () -> w.iSend(null, 1, MPI.INT, other, 0));
        row("Comm.iSend", MPI.ERR_BUFFER, "count 5", () -> w.iSend(IntBuffer.allocate(4), 5, MPI.INT, other, 0));
        row("Comm.iSend", MPI.ERR_TAG, "tag", () -> w.iSend(b, 1, MPI.INT, other, badTag));
        row("Comm.isSend", MPI.ERR_RANK, "dest", () -> w.isSend(b, 1, MPI.INT, bad, 0));
        row("Comm.ibSend", MPI.ERR_COUNT, "count", () -> w.ibSend(b, -3, MPI.INT, other, 0));
        row("Comm.irSend", MPI.ERR_TYPE, "freed", () -> w.irSend(b, 1, freedType, other, 0));
        row("Comm.iRecv", MPI.ERR_RANK, "source", () -> w.iRecv(b, 1, MPI.INT, bad, 0));
        row("Comm.iRecv", MPI.ERR_TAG, "tag", () -> w.iRecv(b, 1, MPI.INT, other, -2));
        row("Comm.iRecv", MPI.ERR_BUFFER, "count 5", () -> w.iRecv(IntBuffer.allocate(4), 5, MPI.INT, other, 0));
        row("Comm.sendInit", MPI.ERR_RANK, "dest", () -> w.sendInit(b, 1, MPI.INT, bad, 0));
        row("Comm.sendInit", MPI.ERR_BUFFER, "buffer", () -> w.sendInit(null, 1, MPI.INT, other, 0));
        row("Comm.bSendInit", MPI.ERR_TAG, "tag", () -> w.bSendInit(b, 1, MPI.INT, other, badTag));
        row("Comm.sSendInit", MPI.ERR_COUNT, "count", () -> w.sSendInit(b, -1, MPI.INT, other, 0));
        row("Comm.rSendInit", MPI.ERR_TYPE, "commit", () -> w.rSendInit(b, 1, uncommitted, other, 0));
        row("Comm.recvInit", MPI.ERR_RANK, "source", () -> w.recvInit(b, 1, MPI.INT, bad, 0));
        row("Comm.recvInit", MPI.ERR_BUFFER, "count 5", () -> w.recvInit(b, 5, MPI.INT, other, 0));
        row("Comm.sendRecv", MPI.ERR_RANK, "dest", () -> w.sendRecv(b, 1, MPI.INT, bad, 0, b, 1, MPI.INT, other,
                0));
        row("Comm.sendRecv", MPI.ERR_RANK, "source", () -> w.sendRecv(b, 1, MPI.INT, other, 0, b, 1, MPI.INT, bad,
                0));
        row("Comm.sendRecv", MPI.ERR_BUFFER, "buffer", () -> w.sendRecv(b, 1, MPI.INT, other, 0, null, 1, MPI.INT,
                other, 0));
        row("Comm.sendRecv", MPI.ERR_TAG, "tag", () -> w.sendRecv(b, 1, MPI.INT, other, badTag, b, 1, MPI.INT,
                other, 0));
        row("Comm.sendRecvReplace", MPI.ERR_BUFFER, "count 5", () -> w.sendRecvReplace(b, 5, MPI.INT, other, 0,
                other, 0));
        row("Comm.sendRecvReplace", MPI.ERR_RANK, "source", () -> w.sendRecvReplace(b, 1, MPI.INT, other, 0,
                bad, 0));
        row("Comm.probe", MPI.ERR_RANK, "source", () -> w.probe(bad, 0));
        row("Comm.probe", MPI.ERR_TAG, "tag", () -> w.probe(other, badTag));
        row("Comm.iProbe", MPI.ERR_TAG, "tag", () -> w.iProbe(other, -4));
        row("Comm.iProbe", MPI.ERR_COMM, "iProbe", () -> freedComm.iProbe(0, 0));
        row("Comm.pack", MPI.ERR_BUFFER, "count", () -> w.pack(b, 5, MPI.INT, new byte[64], 0));
        row("Comm.pack", MPI.ERR_BUFFER, "outbuf", () -> w.pack(b, 1, MPI.INT, null, 0));
        row("Comm.pack", MPI.ERR_ARG, "position", () -> w.pack(b, 1, MPI.INT, new byte[64], -1));
        row("Comm.unpack", MPI.ERR_BUFFER, "inbuf", () -> w.unpack(null, 0, b, 1, MPI.INT));
        row("Comm.unpack", MPI.ERR_TRUNCATE, "inbuf", () -> w.unpack(new byte[2], 0, b, 1, MPI.INT));
        row("Comm.packSize", MPI.ERR_COUNT, "incount", () -> w.packSize(-1, MPI.INT));
        row("Comm.packSize", MPI.ERR_TYPE, "datatype", () -> w.packSize(1, null));
        // mpiJava 1.2 forms (arrays with an offset)
        row("Comm.Send", MPI.ERR_BUFFER, "offset", () -> w.Send(b, -1, 1, MPI.INT, other, 0));
        row("Comm.Send", MPI.ERR_BUFFER, "offset 3", () -> w.Send(b, 3, 2, MPI.INT, other, 0));
        row("Comm.Send", MPI.ERR_RANK, "dest", () -> w.Send(b, 0, 1, MPI.INT, bad, 0));
        row("Comm.Ssend", MPI.ERR_TAG, "tag", () -> w.Ssend(b, 0, 1, MPI.INT, other, badTag));
        row("Comm.Bsend", MPI.ERR_COUNT, "count", () -> w.Bsend(b, 0, -1, MPI.INT, other, 0));
        row("Comm.Rsend", MPI.ERR_BUFFER, "buffer", () -> w.Rsend(null, 0, 1, MPI.INT, other, 0));
        row("Comm.Recv", MPI.ERR_RANK, "source", () -> w.Recv(b, 0, 1, MPI.INT, bad, 0));
        row("Comm.Recv", MPI.ERR_BUFFER, "offset 2", () -> w.Recv(b, 2, 3, MPI.INT, other, 0));
        row("Comm.Isend", MPI.ERR_TYPE, "commit", () -> w.Isend(b, 0, 1, uncommitted, other, 0));
        row("Comm.Issend", MPI.ERR_RANK, "dest", () -> w.Issend(b, 0, 1, MPI.INT, bad, 0));
        row("Comm.Ibsend", MPI.ERR_TAG, "tag", () -> w.Ibsend(b, 0, 1, MPI.INT, other, -3));
        row("Comm.Irsend", MPI.ERR_BUFFER, "offset", () -> w.Irsend(b, 4, 1, MPI.INT, other, 0));
        row("Comm.Irecv", MPI.ERR_TAG, "tag", () -> w.Irecv(b, 0, 1, MPI.INT, other, badTag));
        row("Comm.Irecv", MPI.ERR_BUFFER, "buffer", () -> w.Irecv(null, 0, 1, MPI.INT, other, 0));
        row("Comm.Send_init", MPI.ERR_RANK, "dest", () -> w.Send_init(b, 0, 1, MPI.INT, bad, 0));
        row("Comm.Bsend_init", MPI.ERR_COUNT, "count", () -> w.Bsend_init(b, 0, -1, MPI.INT, other, 0));
        row("Comm.Ssend_init", MPI.ERR_BUFFER, "offset", () -> w.Ssend_init(b, 3, 2, MPI.INT, other, 0));
        row("Comm.Rsend_init", MPI.ERR_TAG, "tag", () -> w.Rsend_init(b, 0, 1, MPI.INT, other, badTag));
        row("Comm.Recv_init", MPI.ERR_RANK, "source", () -> w.Recv_init(b, 0, 1, MPI.INT, bad, 0));
        row("Comm.Sendrecv", MPI.ERR_BUFFER, "offset", () -> w.Sendrecv(b, 0, 1, MPI.INT, other, 0, b, 4, 1,
                MPI.INT, other, 0));
        row("Comm.Sendrecv", MPI.ERR_RANK, "dest", () -> w.Sendrecv(b, 0, 1, MPI.INT, bad, 0, b, 0, 1, MPI.INT,
                other, 0));
        row("Comm.Sendrecv_replace", MPI.ERR_TAG, "tag", () -> w.Sendrecv_replace(b, 0, 1, MPI.INT, other, 0,
                other, badTag));
        row("Comm.Probe", MPI.ERR_RANK, "source", () -> w.Probe(bad, 0));
        row("Comm.Iprobe", MPI.ERR_TAG, "tag", () -> w.Iprobe(other, badTag));
        row("Comm.Pack", MPI.ERR_BUFFER, "offset", () -> w.Pack(b, 3, 2, MPI.INT, new byte[64], 0));
        row("Comm.Unpack", MPI.ERR_BUFFER, "offset", () -> w.Unpack(new byte[64], 0, b, 3, 2, MPI.INT));
        row("Comm.Pack_size", MPI.ERR_COUNT, "incount", () -> w.Pack_size(-1, MPI.INT));
        row("Comm.Object_Deserialize", MPI.ERR_BUFFER, "byte_buf", () -> w.Object_Deserialize(new Object[1], null,
                0, 1, MPI.OBJECT));
        // the buffered-send buffer
        row("MPI.attachBuffer", MPI.ERR_BUFFER, "buffer", () -> MPI.attachBuffer(null));
        row("MPI.Buffer_attach", MPI.ERR_BUFFER, "buffer", () -> MPI.Buffer_attach((byte[]) null));
    }

    private void requests() {
        Request[] withNull = {null};
        row("Prequest.start", MPI.ERR_REQUEST, "freed", () -> freedPrequest.start());
        row("Prequest.start", MPI.ERR_REQUEST, "active", () -> active.start());
        row("Prequest.startAll", MPI.ERR_REQUEST, "active", () -> Prequest.startAll(new Prequest[] {active}));
        row("Prequest.Start", MPI.ERR_REQUEST, "freed", () -> freedPrequest.Start());
        row("Prequest.startAll", MPI.ERR_REQUEST, "null", () -> Prequest.startAll(new Prequest[] {null}));
        row("Prequest.Startall", MPI.ERR_REQUEST, "freed", () -> Prequest.Startall(new Prequest[] {freedPrequest}));
        row("Request.cancel", MPI.ERR_REQUEST, "null", () -> completed.cancel());
        row("Request.Cancel", MPI.ERR_REQUEST, "null", () -> completed.Cancel());
        row("Request.waitAll", MPI.ERR_ARG, "requests", () -> Request.waitAll(null));
        row("Request.waitAllStatus", MPI.ERR_ARG, "requests", () -> Request.waitAllStatus(null));
        row("Request.Waitall", MPI.ERR_ARG, "requests", () -> Request.Waitall(null));
        row("Request.waitAny", MPI.ERR_ARG, "requests", () -> Request.waitAny(null));
        row("Request.waitAnyStatus", MPI.ERR_ARG, "requests", () -> Request.waitAnyStatus(null));
        row("Request.Waitany", MPI.ERR_ARG, "requests", () -> Request.Waitany(null));
        row("Request.waitSome", MPI.ERR_ARG, "requests", () -> Request.waitSome(null));
        row("Request.waitSomeStatus", MPI.ERR_ARG, "requests", () -> Request.waitSomeStatus(null));
        row("Request.Waitsome", MPI.ERR_ARG, "requests", () -> Request.Waitsome(null));
        row("Request.testAll", MPI.ERR_ARG, "requests", () -> Request.testAll(null));
        row("Request.testAllStatus", MPI.ERR_ARG, "requests", () -> Request.testAllStatus(null));
        row("Request.Testall", MPI.ERR_ARG, "requests", () -> Request.Testall(null));
        row("Request.testAny", MPI.ERR_ARG, "requests", () -> Request.testAny(null));
        row("Request.testAnyStatus", MPI.ERR_ARG, "requests", () -> Request.testAnyStatus(null));
        row("Request.Testany", MPI.ERR_ARG, "requests", () -> Request.Testany(null));
        row("Request.testSome", MPI.ERR_ARG, "requests", () -> Request.testSome(null));
        row("Request.testSomeStatus", MPI.ERR_ARG, "requests", () -> Request.testSomeStatus(null));
        row("Request.Testsome", MPI.ERR_ARG, "requests", () -> Request.Testsome(null));
        Check.that(withNull[0] == null, "fixture");
        // matched probe
        row("Message.mProbe", MPI.ERR_RANK, "source", () -> new Message().mProbe(n + 2, 0, w));
        row("Message.mProbe", MPI.ERR_TAG, "tag", () -> new Message().mProbe(other, MPI.TAG_UB + 1, w));
        row("Message.mProbe", MPI.ERR_COMM, "comm", () -> new Message().mProbe(other, 0, null));
        row("Message.imProbe", MPI.ERR_COMM, "mProbe", () -> new Message().imProbe(0, 0, freedComm));
        row("Message.imProbe", MPI.ERR_TAG, "tag", () -> new Message().imProbe(other, -3, w));
        row("Message.mRecv", MPI.ERR_REQUEST, "null", () -> new Message().mRecv(new int[1], 1, MPI.INT));
        row("Message.imRecv", MPI.ERR_REQUEST, "null", () -> new Message().imRecv(new int[1], 1, MPI.INT));
        // Status
        Status st = new Status();
        row("Status.getCount", MPI.ERR_TYPE, "datatype", () -> st.getCount(null));
        row("Status.getCount", MPI.ERR_TYPE, "freed", () -> st.getCount(freedType));
        row("Status.Get_count", MPI.ERR_TYPE, "datatype", () -> st.Get_count(null));
        row("Status.getElements", MPI.ERR_TYPE, "datatype", () -> st.getElements(null));
        row("Status.Get_elements", MPI.ERR_TYPE, "datatype", () -> st.Get_elements(null));
        row("Status.getElementsX", MPI.ERR_TYPE, "datatype", () -> st.getElementsX(null));
        row("Status.setElements", MPI.ERR_COUNT, "count", () -> st.setElements(MPI.INT, -1));
        row("Status.setElements", MPI.ERR_TYPE, "datatype", () -> st.setElements(null, 1));
        row("Status.setElementsX", MPI.ERR_ARG, "count", () -> st.setElementsX(MPI.INT, null));
    }

    private void collectives() {
        int[] a = guarded(2 * n);
        int[] r = guarded(2 * n);
        int[] counts = new int[n];
        int[] displs = new int[n];
        java.util.Arrays.fill(counts, 1);
        for (int i = 0; i < n; i++) {
            displs[i] = i;
        }
        int[] shortCounts = new int[Math.max(0, n - 1)];
        Datatype[] types = new Datatype[n];
        java.util.Arrays.fill(types, MPI.INT);
        int badRoot = n;
        // Open MPI forms: a bad root, count, buffer, type or op, seen alike by every rank
        row("Comm.barrier", MPI.ERR_COMM, "barrier", () -> freedComm.barrier());
        row("Comm.iBarrier", MPI.ERR_COMM, "iBarrier", () -> freedComm.iBarrier());
        row("Comm.bcast", MPI.ERR_ROOT, "root", () -> w.bcast(a, 1, MPI.INT, badRoot));
        row("Comm.bcast", MPI.ERR_TYPE, "commit", () -> w.bcast(a, 1, uncommitted, 0));
        row("Comm.iBcast", MPI.ERR_ROOT, "root", () -> w.iBcast(a, 1, MPI.INT, -1));
        row("Comm.iBcast", MPI.ERR_COUNT, "count", () -> w.iBcast(a, -1, MPI.INT, 0));
        row("Comm.gather", MPI.ERR_ROOT, "root", () -> w.gather(a, 1, MPI.INT, r, 1, MPI.INT, badRoot));
        row("Comm.gather", MPI.ERR_COUNT, "sendcount", () -> w.gather(a, -1, MPI.INT, r, 1, MPI.INT, 0));
        rootRow("Comm.gather", MPI.ERR_BUFFER, "recv", () -> w.gather(a, 1, MPI.INT, new int[n - 1], 1, MPI.INT,
                0));
        row("Comm.iGather", MPI.ERR_ROOT, "root", () -> w.iGather(a, 1, MPI.INT, r, 1, MPI.INT, badRoot));
        row("Comm.gatherv", MPI.ERR_ROOT, "root", () -> w.gatherv(a, 1, MPI.INT, r, counts, displs, MPI.INT,
                badRoot));
        rootRow("Comm.gatherv", MPI.ERR_ARG, "recvcounts", () -> w.gatherv(a, 1, MPI.INT, r, shortCounts, displs,
                MPI.INT, 0));
        row("Comm.iGatherv", MPI.ERR_COUNT, "sendcount", () -> w.iGatherv(a, -2, MPI.INT, r, counts, displs,
                MPI.INT, 0));
        row("Comm.scatter", MPI.ERR_ROOT, "root", () -> w.scatter(a, 1, MPI.INT, r, 1, MPI.INT, badRoot));
        row("Comm.scatter", MPI.ERR_COUNT, "recvcount", () -> w.scatter(a, 1, MPI.INT, r, -1, MPI.INT, 0));
        row("Comm.iScatter", MPI.ERR_TYPE, "(recvbuf): datatype", () -> w.iScatter(a, 1, MPI.INT, r, 1, null, 0));
        row("Comm.scatterv", MPI.ERR_ROOT, "root", () -> w.scatterv(a, counts, displs, MPI.INT, r, 1, MPI.INT,
                -3));
        rootRow("Comm.scatterv", MPI.ERR_ARG, "sendcounts", () -> w.scatterv(a, null, displs, MPI.INT, r, 1,
                MPI.INT, 0));
        row("Comm.iScatterv", MPI.ERR_COUNT, "recvcount", () -> w.iScatterv(a, counts, displs, MPI.INT, r, -1,
                MPI.INT, 0));
        row("Comm.allGather", MPI.ERR_BUFFER, "recv", () -> w.allGather(a, 1, MPI.INT, new int[n - 1], 1,
                MPI.INT));
        row("Comm.allGather", MPI.ERR_COUNT, "sendcount", () -> w.allGather(a, -1, MPI.INT, r, 1, MPI.INT));
        row("Comm.iAllGather", MPI.ERR_TYPE, "(sendbuf): datatype", () -> w.iAllGather(a, 1, null, r, 1, MPI.INT));
        row("Comm.allGatherv", MPI.ERR_ARG, "recvcounts", () -> w.allGatherv(a, 1, MPI.INT, r, shortCounts,
                displs, MPI.INT));
        row("Comm.iAllGatherv", MPI.ERR_ARG, "displs", () -> w.iAllGatherv(a, 1, MPI.INT, r, counts, null,
                MPI.INT));
        row("Comm.allToAll", MPI.ERR_BUFFER, "send", () -> w.allToAll(null, 1, MPI.INT, r, 1, MPI.INT));
        row("Comm.allToAll", MPI.ERR_COUNT, "recvcount", () -> w.allToAll(a, 1, MPI.INT, r, -1, MPI.INT));
        row("Comm.iAllToAll", MPI.ERR_TYPE, "commit", () -> w.iAllToAll(a, 1, uncommitted, r, 1, MPI.INT));
        row("Comm.allToAllv", MPI.ERR_ARG, "sendcounts", () -> w.allToAllv(a, shortCounts, displs, MPI.INT, r,
                counts, displs, MPI.INT));
        row("Comm.iAllToAllv", MPI.ERR_ARG, "rdispls", () -> w.iAllToAllv(a, counts, displs, MPI.INT, r, counts,
                null, MPI.INT));
        row("Comm.allToAllw", MPI.ERR_ARG, "sendtypes", () -> w.allToAllw(a, counts, displs, null, r, counts,
                displs, types));
        row("Comm.iAllToAllw", MPI.ERR_ARG, "recvtypes", () -> w.iAllToAllw(a, counts, displs, types, r, counts,
                displs, new Datatype[0]));
        row("Comm.reduce", MPI.ERR_ROOT, "root", () -> w.reduce(a, r, 1, MPI.INT, MPI.SUM, badRoot));
        row("Comm.reduce", MPI.ERR_OP, "freed", () -> w.reduce(a, r, 1, MPI.INT, freedOp, 0));
        row("Comm.iReduce", MPI.ERR_OP, "op", () -> w.iReduce(a, r, 1, MPI.INT, null, 0));
        row("Comm.allReduce", MPI.ERR_COUNT, "count", () -> w.allReduce(a, r, -1, MPI.INT, MPI.SUM));
        row("Comm.allReduce", MPI.ERR_BUFFER, "count 3", () -> w.allReduce(a, new int[2], 3, MPI.INT, MPI.SUM));
        row("Comm.bcast", MPI.ERR_COUNT, "more than one message", () -> w.bcast(a, Integer.MAX_VALUE, MPI.LONG, 0));
        row("Comm.allGather", MPI.ERR_COUNT, "count", () -> w.allGather(a, 1, MPI.INT, r, Integer.MAX_VALUE / 2,
                MPI.INT));
        row("Comm.iAllReduce", MPI.ERR_TYPE, "freed", () -> w.iAllReduce(a, r, 1, freedType, MPI.SUM));
        row("Comm.reduceScatter", MPI.ERR_ARG, "recvcounts", () -> w.reduceScatter(a, r, shortCounts, MPI.INT,
                MPI.SUM));
        row("Comm.iReduceScatter", MPI.ERR_OP, "op", () -> w.iReduceScatter(a, r, counts, MPI.INT, null));
        row("Comm.reduceScatterBlock", MPI.ERR_COUNT, "recvcount", () -> w.reduceScatterBlock(a, r, -1, MPI.INT,
                MPI.SUM));
        row("Comm.iReduceScatterBlock", MPI.ERR_OP, "freed", () -> w.iReduceScatterBlock(a, r, 1, MPI.INT,
                freedOp));
        row("Comm.reduceLocal", MPI.ERR_BUFFER, "inbuf", () -> w.reduceLocal(null, r, 1, MPI.INT, MPI.SUM));
        row("Comm.reduceLocal", MPI.ERR_COUNT, "count", () -> w.reduceLocal(a, r, -1, MPI.INT, MPI.SUM));
        row("Intracomm.scan", MPI.ERR_OP, "op", () -> w.scan(a, r, 1, MPI.INT, null));
        row("Intracomm.iScan", MPI.ERR_COUNT, "count", () -> w.iScan(a, r, -1, MPI.INT, MPI.SUM));
        row("Intracomm.exScan", MPI.ERR_TYPE, "datatype", () -> w.exScan(a, r, 1, null, MPI.SUM));
        row("Intracomm.iExScan", MPI.ERR_BUFFER, "count 9", () -> w.iExScan(IntBuffer.allocate(2),
                IntBuffer.allocate(2), 9, MPI.INT, MPI.SUM));
        // neighbourhood collectives need a topology
        row("Comm.neighborAllGather", MPI.ERR_TOPOLOGY, "topology", () -> w.neighborAllGather(a, 1, MPI.INT, r, 1,
                MPI.INT));
        row("Comm.iNeighborAllGather", MPI.ERR_TOPOLOGY, "topology", () -> w.iNeighborAllGather(a, 1, MPI.INT, r,
                1, MPI.INT));
        row("Comm.neighborAllGatherv", MPI.ERR_ARG, "recvcount", () -> cart.neighborAllGatherv(a, 1, MPI.INT, r,
                null, displs, MPI.INT));
        row("Comm.iNeighborAllGatherv", MPI.ERR_TOPOLOGY, "topology", () -> w.iNeighborAllGatherv(a, 1, MPI.INT,
                r, counts, displs, MPI.INT));
        row("Comm.neighborAllToAll", MPI.ERR_COUNT, "count", () -> cart.neighborAllToAll(a, -1, MPI.INT, r, 1,
                MPI.INT));
        row("Comm.iNeighborAllToAll", MPI.ERR_TYPE, "recvtype", () -> cart.iNeighborAllToAll(a, 1, MPI.INT, r, 1,
                null));
        row("Comm.neighborAllToAllv", MPI.ERR_ARG, "sendcount", () -> cart.neighborAllToAllv(a, null, displs,
                MPI.INT, r, counts, displs, MPI.INT));
        row("Comm.iNeighborAllToAllv", MPI.ERR_TOPOLOGY, "topology", () -> w.iNeighborAllToAllv(a, counts, displs,
                MPI.INT, r, counts, displs, MPI.INT));
        // mpiJava 1.2 forms
        row("Intracomm.Barrier", MPI.ERR_COMM, "barrier", () -> freedComm.Barrier());
        row("Intracomm.Bcast", MPI.ERR_BUFFER, "offset", () -> w.Bcast(a, 2 * n, 1, MPI.INT, 0));
        row("Intracomm.Bcast", MPI.ERR_ROOT, "root", () -> w.Bcast(a, 0, 1, MPI.INT, badRoot));
        row("Intracomm.Gather", MPI.ERR_ROOT, "root", () -> w.Gather(a, 0, 1, MPI.INT, r, 0, 1, MPI.INT, -1));
        row("Intracomm.Gatherv", MPI.ERR_COUNT, "sendcount", () -> w.Gatherv(a, 0, -1, MPI.INT, r, 0, counts,
                displs, MPI.INT, 0));
        row("Intracomm.Scatter", MPI.ERR_ROOT, "root", () -> w.Scatter(a, 0, 1, MPI.INT, r, 0, 1, MPI.INT,
                badRoot));
        row("Intracomm.Scatterv", MPI.ERR_BUFFER, "offset", () -> w.Scatterv(a, 0, counts, displs, MPI.INT, r,
                -1, 1, MPI.INT, 0));
        row("Intracomm.Allgather", MPI.ERR_BUFFER, "offset", () -> w.Allgather(a, 0, 1, MPI.INT, r, 2 * n, 1,
                MPI.INT));
        row("Intracomm.Allgatherv", MPI.ERR_ARG, "recvcounts", () -> w.Allgatherv(a, 0, 1, MPI.INT, r, 0,
                shortCounts, displs, MPI.INT));
        row("Intracomm.Alltoall", MPI.ERR_COUNT, "sendcount", () -> w.Alltoall(a, 0, -1, MPI.INT, r, 0, 1,
                MPI.INT));
        row("Intracomm.Alltoallv", MPI.ERR_ARG, "rdispls", () -> w.Alltoallv(a, 0, counts, displs, MPI.INT, r, 0,
                counts, null, MPI.INT));
        row("Intracomm.Reduce", MPI.ERR_ROOT, "root", () -> w.Reduce(a, 0, r, 0, 1, MPI.INT, MPI.SUM, badRoot));
        row("Intracomm.Allreduce", MPI.ERR_OP, "op", () -> w.Allreduce(a, 0, r, 0, 1, MPI.INT, null));
        row("Intracomm.Reduce_scatter", MPI.ERR_ARG, "recvcounts", () -> w.Reduce_scatter(a, 0, r, 0, null,
                MPI.INT, MPI.SUM));
        row("Intracomm.Scan", MPI.ERR_COUNT, "count", () -> w.Scan(a, 0, r, 0, -1, MPI.INT, MPI.SUM));
        row("Intracomm.Reduce_local", MPI.ERR_OP, "op", () -> w.Reduce_local(a, r, 1, MPI.INT, null));
        row("Op.Call", MPI.ERR_COUNT, "count", () -> MPI.SUM.Call(a, 0, r, 0, -1, MPI.INT));
        row("Op.Call", MPI.ERR_BUFFER, "offset", () -> MPI.SUM.Call(a, 0, r, 2 * n, 1, MPI.INT));
    }

    private void communicators() {
        row("Comm.getRank", MPI.ERR_COMM, "getRank", () -> freedComm.getRank());
        row("Comm.Rank", MPI.ERR_COMM, "Rank", () -> freedComm.Rank());
        row("Comm.getSize", MPI.ERR_COMM, "getSize", () -> freedComm.getSize());
        row("Comm.Size", MPI.ERR_COMM, "Size", () -> freedComm.Size());
        row("Comm.getGroup", MPI.ERR_COMM, "getGroup", () -> freedComm.getGroup());
        row("Comm.Group", MPI.ERR_COMM, "Group", () -> freedComm.Group());
        row("Comm.dup", MPI.ERR_COMM, "dup", () -> freedComm.dup());
        row("Intracomm.dup", MPI.ERR_COMM, "dup", () -> freedComm.dup());
        row("Comm.clone", MPI.ERR_COMM, "clone", () -> ((Comm) freedComm).clone());
        row("Intracomm.clone", MPI.ERR_COMM, "clone", () -> freedComm.clone());
        row("Comm.iDup", MPI.ERR_COMM, "iDup", () -> freedComm.iDup());
        row("Intracomm.iDup", MPI.ERR_COMM, "iDup", () -> freedComm.iDup());
        row("Comm.dupWithInfo", MPI.ERR_INFO, "info", () -> w.dupWithInfo(freedInfo));
        row("Intracomm.dupWithInfo", MPI.ERR_COMM, "dupWithInfo", () -> freedComm.dupWithInfo(MPI.INFO_NULL));
        row("Comm.free", MPI.ERR_COMM, "free", () -> freedComm.free());
        row("Comm.Free", MPI.ERR_COMM, "free", () -> freedComm.Free());
        row("Comm.free", MPI.ERR_COMM, "predefined", () -> w.free());
        row("Comm.compare", MPI.ERR_COMM, "comm", () -> Comm.compare(w, null));
        row("Comm.Compare", MPI.ERR_COMM, "comm", () -> Comm.Compare(freedComm, w));
        row("Comm.isInter", MPI.ERR_COMM, "isInter", () -> freedComm.isInter());
        row("Comm.Test_inter", MPI.ERR_COMM, "Test_inter", () -> freedComm.Test_inter());
        row("Comm.getTopology", MPI.ERR_COMM, "getTopology", () -> freedComm.getTopology());
        row("Comm.Topo_test", MPI.ERR_COMM, "Topo_test", () -> freedComm.Topo_test());
        row("Comm.setName", MPI.ERR_ARG, "name", () -> w.setName(null));
        row("Comm.getName", MPI.ERR_COMM, "getName", () -> freedComm.getName());
        row("Comm.setInfo", MPI.ERR_INFO, "info", () -> w.setInfo(freedInfo));
        row("Comm.getInfo", MPI.ERR_COMM, "getInfo", () -> freedComm.getInfo());
        row("Comm.setErrhandler", MPI.ERR_ARG, "errhandler", () -> w.setErrhandler(null));
        row("Comm.setErrhandler", MPI.ERR_COMM, "setErrhandler", () -> freedComm.setErrhandler(MPI.ERRORS_RETURN));
        row("Comm.Errhandler_set", MPI.ERR_COMM, "Errhandler_set", () -> freedComm.Errhandler_set(
                MPI.ERRORS_RETURN));
        row("Comm.getErrhandler", MPI.ERR_COMM, "getErrhandler", () -> freedComm.getErrhandler());
        row("Comm.Errhandler_set", MPI.ERR_ARG, "errhandler", () -> w.Errhandler_set(null));
        row("Comm.Errorhandler_get", MPI.ERR_COMM, "Errorhandler_get", () -> freedComm.Errorhandler_get());
        row("Comm.callErrhandler", MPI.ERR_COMM, "callErrhandler", () -> freedComm.callErrhandler(MPI.ERR_OTHER));
        row("Comm.createErrhandler", MPI.ERR_ARG, "function", () -> Comm.createErrhandler(null));
        row("MPI.Errorhandler_set", MPI.ERR_ARG, "errhandler", () -> MPI.Errorhandler_set(null));
        row("Comm.getRequest", MPI.ERR_COMM, "getRequest", () -> freedComm.getRequest());
        row("Comm.abort", MPI.ERR_COMM, "abort", () -> freedComm.abort(3));
        row("Comm.Abort", MPI.ERR_COMM, "abort", () -> freedComm.Abort(3));
        // attributes
        int unknownKey = 987654;
        row("Comm.freeKeyval", MPI.ERR_KEYVAL, "keyval", () -> Comm.freeKeyval(unknownKey));
        row("Comm.setAttr", MPI.ERR_KEYVAL, "keyval", () -> w.setAttr(unknownKey, "x"));
        row("Comm.setAttr", MPI.ERR_KEYVAL, "predefined", () -> w.setAttr(MPI.TAG_UB, 1));
        row("Comm.getAttr", MPI.ERR_KEYVAL, "keyval", () -> w.getAttr(unknownKey));
        row("Comm.deleteAttr", MPI.ERR_KEYVAL, "keyval", () -> w.deleteAttr(unknownKey));
        row("Comm.Attr_get", MPI.ERR_COMM, "Attr_get", () -> freedComm.Attr_get(MPI.TAG_UB));
        row("Comm.Attr_put", MPI.ERR_KEYVAL, "keyval", () -> w.Attr_put(unknownKey, 1));
        row("Comm.Attr_delete", MPI.ERR_KEYVAL, "keyval", () -> w.Attr_delete(unknownKey));
        // creation from a communicator
        row("Intracomm.split", MPI.ERR_ARG, "colour", () -> w.split(-5, 0));
        row("Intracomm.Split", MPI.ERR_COMM, "split", () -> freedComm.Split(0, 0));
        row("Intracomm.splitType", MPI.ERR_ARG, "splitType", () -> w.splitType(12345, 0, MPI.INFO_NULL));
        row("Intracomm.create", MPI.ERR_GROUP, "group", () -> w.create(null));
        row("Intracomm.create", MPI.ERR_GROUP, "group", () -> w.create(freedGroup));
        row("Intracomm.Create", MPI.ERR_GROUP, "group", () -> w.Create(null));
        row("Intracomm.Creat", MPI.ERR_GROUP, "group", () -> w.Creat(freedGroup));
        row("Intracomm.createGroup", MPI.ERR_TAG, "tag", () -> w.createGroup(w.getGroup(), -1));
        row("Intracomm.createGroup", MPI.ERR_GROUP, "group", () -> w.createGroup(null, 0));
    }

    private void datatypes() {
        row("Datatype.createContiguous", MPI.ERR_COUNT, "count", () -> Datatype.createContiguous(-1, MPI.INT));
        row("Datatype.createContiguous", MPI.ERR_TYPE, "oldtype", () -> Datatype.createContiguous(1, null));
        row("Datatype.createContiguous", MPI.ERR_TYPE, "freed", () -> Datatype.createContiguous(1, freedType));
        row("Datatype.Contiguous", MPI.ERR_COUNT, "count", () -> Datatype.Contiguous(-1, MPI.INT));
        row("Datatype.createVector", MPI.ERR_COUNT, "count", () -> Datatype.createVector(-1, 1, 1, MPI.INT));
        row("Datatype.createVector", MPI.ERR_ARG, "blocklength", () -> Datatype.createVector(1, -1, 1, MPI.INT));
        row("Datatype.Vector", MPI.ERR_TYPE, "oldtype", () -> Datatype.Vector(1, 1, 1, null));
        row("Datatype.createHVector", MPI.ERR_COUNT, "count", () -> Datatype.createHVector(-1, 1, 4, MPI.INT));
        row("Datatype.Hvector", MPI.ERR_TYPE, "freed", () -> Datatype.Hvector(1, 1, 4, freedType));
        row("Datatype.createIndexed", MPI.ERR_ARG, "displacements", () -> Datatype.createIndexed(new int[] {1, 1},
                new int[] {0}, MPI.INT));
        row("Datatype.createIndexed", MPI.ERR_ARG, "blocklengths", () -> Datatype.createIndexed(null, new int[1],
                MPI.INT));
        row("Datatype.Indexed", MPI.ERR_ARG, "blocklength", () -> Datatype.Indexed(new int[] {-1}, new int[] {0},
                MPI.INT));
        row("Datatype.createHIndexed", MPI.ERR_TYPE, "oldtype", () -> Datatype.createHIndexed(new int[] {1},
                new int[] {0}, null));
        row("Datatype.Hindexed", MPI.ERR_ARG, "displacements", () -> Datatype.Hindexed(new int[] {1}, null,
                MPI.INT));
        row("Datatype.createStruct", MPI.ERR_ARG, "types", () -> Datatype.createStruct(new int[] {1, 1},
                new int[] {0, 4}, new Datatype[] {MPI.INT}));
        row("Datatype.createStruct", MPI.ERR_TYPE, "types", () -> Datatype.createStruct(new int[] {1},
                new int[] {0}, new Datatype[] {null}));
        row("Datatype.Struct", MPI.ERR_ARG, "blocklength", () -> Datatype.Struct(new int[] {-2}, new int[] {0},
                new Datatype[] {MPI.INT}));
        row("Datatype.createResized", MPI.ERR_TYPE, "oldtype", () -> Datatype.createResized(null, 0, 8));
        row("Datatype.commit", MPI.ERR_TYPE, "freed", () -> freedType.commit());
        row("Datatype.Commit", MPI.ERR_TYPE, "freed", () -> freedType.Commit());
        row("Datatype.free", MPI.ERR_TYPE, "freed", () -> freedType.free());
        row("Datatype.free", MPI.ERR_TYPE, "predefined", () -> MPI.INT.free());
        row("Datatype.dup", MPI.ERR_TYPE, "freed", () -> freedType.dup());
        row("Datatype.clone", MPI.ERR_TYPE, "freed", () -> freedType.clone());
        row("Datatype.getExtent", MPI.ERR_TYPE, "freed", () -> freedType.getExtent());
        row("Datatype.Extent", MPI.ERR_TYPE, "freed", () -> freedType.Extent());
        row("Datatype.getLb", MPI.ERR_TYPE, "freed", () -> freedType.getLb());
        row("Datatype.Lb", MPI.ERR_TYPE, "freed", () -> freedType.Lb());
        row("Datatype.Ub", MPI.ERR_TYPE, "freed", () -> freedType.Ub());
        row("Datatype.getUb", MPI.ERR_TYPE, "freed", () -> freedType.getUb());
        row("Datatype.getSize", MPI.ERR_TYPE, "freed", () -> freedType.getSize());
        row("Datatype.Size", MPI.ERR_TYPE, "freed", () -> freedType.Size());
        row("Datatype.getByteSize", MPI.ERR_TYPE, "freed", () -> freedType.getByteSize());
        row("Datatype.getTrueExtent", MPI.ERR_TYPE, "freed", () -> freedType.getTrueExtent());
        row("Datatype.getTrueLb", MPI.ERR_TYPE, "freed", () -> freedType.getTrueLb());
        row("Datatype.getType", MPI.ERR_TYPE, "freed", () -> freedType.getType());
        row("Datatype.getName", MPI.ERR_TYPE, "freed", () -> freedType.getName());
        row("Datatype.setName", MPI.ERR_ARG, "name", () -> uncommitted.setName(null));
        int unknownKey = 987653;
        row("Datatype.freeKeyval", MPI.ERR_KEYVAL, "keyval", () -> Datatype.freeKeyval(unknownKey));
        row("Datatype.setAttr", MPI.ERR_KEYVAL, "keyval", () -> uncommitted.setAttr(unknownKey, "x"));
        row("Datatype.getAttr", MPI.ERR_KEYVAL, "keyval", () -> uncommitted.getAttr(unknownKey));
        row("Datatype.deleteAttr", MPI.ERR_KEYVAL, "keyval", () -> uncommitted.deleteAttr(unknownKey));
    }

    private void groups() {
        Group g = w.getGroup();
        row("Group.incl", MPI.ERR_RANK, "ranks", () -> g.incl(new int[] {n}));
        row("Group.incl", MPI.ERR_RANK, "ranks", () -> g.incl(new int[] {0, 0}));
        row("Group.Incl", MPI.ERR_ARG, "ranks", () -> g.Incl(null));
        row("Group.excl", MPI.ERR_RANK, "ranks", () -> g.excl(new int[] {-1}));
        row("Group.Excl", MPI.ERR_GROUP, "freed", () -> freedGroup.Excl(new int[0]));
        row("Group.rangeIncl", MPI.ERR_RANK, "ranges", () -> g.rangeIncl(new int[][] {{0, n, 1}}));
        row("Group.rangeIncl", MPI.ERR_ARG, "ranges", () -> g.rangeIncl(new int[][] {{0, 0}}));
        row("Group.Range_incl", MPI.ERR_ARG, "stride", () -> g.Range_incl(new int[][] {{0, 0, 0}}));
        row("Group.rangeExcl", MPI.ERR_ARG, "ranges", () -> g.rangeExcl(null));
        row("Group.Range_excl", MPI.ERR_RANK, "ranges", () -> g.Range_excl(new int[][] {{-1, 0, 1}}));
        row("Group.getSize", MPI.ERR_GROUP, "freed", () -> freedGroup.getSize());
        row("Group.Size", MPI.ERR_GROUP, "freed", () -> freedGroup.Size());
        row("Group.getRank", MPI.ERR_GROUP, "freed", () -> freedGroup.getRank());
        row("Group.Rank", MPI.ERR_GROUP, "freed", () -> freedGroup.Rank());
        row("Group.free", MPI.ERR_GROUP, "freed", () -> freedGroup.free());
        row("Group.translateRanks", MPI.ERR_RANK, "ranks", () -> Group.translateRanks(g, new int[] {n}, g));
        row("Group.translateRanks", MPI.ERR_GROUP, "group", () -> Group.translateRanks(g, new int[] {0}, null));
        row("Group.Translate_ranks", MPI.ERR_ARG, "ranks", () -> Group.Translate_ranks(g, null, g));
        row("Group.compare", MPI.ERR_GROUP, "group", () -> Group.compare(g, null));
        row("Group.Compare", MPI.ERR_GROUP, "freed", () -> Group.Compare(freedGroup, g));
        row("Group.union", MPI.ERR_GROUP, "group", () -> Group.union(null, g));
        row("Group.Union", MPI.ERR_GROUP, "freed", () -> Group.Union(g, freedGroup));
        row("Group.intersection", MPI.ERR_GROUP, "group", () -> Group.intersection(g, null));
        row("Group.Intersection", MPI.ERR_GROUP, "freed", () -> Group.Intersection(freedGroup, g));
        row("Group.difference", MPI.ERR_GROUP, "group", () -> Group.difference(null, g));
        row("Group.Difference", MPI.ERR_GROUP, "freed", () -> Group.Difference(g, freedGroup));
    }

    private void topologies() {
        row("Intracomm.createCart", MPI.ERR_DIMS, "dims", () -> w.createCart(new int[] {-1}, new boolean[] {false},
                false));
        row("Intracomm.createCart", MPI.ERR_ARG, "periods", () -> w.createCart(new int[] {n}, null, false));
        row("Intracomm.Create_cart", MPI.ERR_DIMS, "processes", () -> w.Create_cart(new int[] {n + 1},
                new boolean[] {false}, false));
        row("Intracomm.createGraph", MPI.ERR_ARG, "index", () -> w.createGraph(null, new int[0], false));
        row("Intracomm.Create_graph", MPI.ERR_TOPOLOGY, "nodes", () -> w.Create_graph(new int[n + 1],
                new int[0], false));
        row("Intracomm.createDistGraph", MPI.ERR_ARG, "sources", () -> w.createDistGraph(null, new int[0],
                new int[0], MPI.INFO_NULL, false));
        row("Intracomm.createDistGraphAdjacent", MPI.ERR_RANK, "rank", () -> w.createDistGraphAdjacent(
                new int[] {n}, new int[0], MPI.INFO_NULL, false));
        row("CartComm.createDims", MPI.ERR_DIMS, "nnodes", () -> CartComm.createDims(-1, new int[1]));
        row("Cartcomm.Dims_create", MPI.ERR_ARG, "dims", () -> Cartcomm.Dims_create(4, null));
        row("CartComm.getRank", MPI.ERR_ARG, "coords", () -> cart.getRank(new int[0]));
        row("Cartcomm.Rank", MPI.ERR_ARG, "coords", () -> cart.Rank(new int[] {n}));
        row("CartComm.getCoords", MPI.ERR_RANK, "rank", () -> cart.getCoords(n));
        row("Cartcomm.Coords", MPI.ERR_RANK, "rank", () -> cart.Coords(-1));
        row("CartComm.shift", MPI.ERR_ARG, "direction", () -> cart.shift(1, 1));
        row("Cartcomm.Shift", MPI.ERR_ARG, "direction", () -> cart.Shift(-1, 1));
        row("CartComm.sub", MPI.ERR_ARG, "remainDims", () -> cart.sub(null));
        row("Cartcomm.Sub", MPI.ERR_ARG, "remainDims", () -> cart.Sub(new boolean[0]));
        row("CartComm.map", MPI.ERR_DIMS, "dims", () -> cart.map(new int[] {0}, new boolean[] {false}));
        row("Cartcomm.Map", MPI.ERR_ARG, "dims", () -> cart.Map(null, null));
        row("CartComm.getTopo", MPI.ERR_COMM, "getTopo", () -> {
            CartComm c = w.createCart(new int[] {n}, new boolean[] {true}, false);
            c.free();
            c.getTopo();
        });
        row("Cartcomm.Get", MPI.ERR_COMM, "Get", () -> {
            Cartcomm c = (Cartcomm) w.Create_cart(new int[] {n}, new boolean[] {true}, false);
            c.Free();
            c.Get();
        });
        row("Cartcomm.Topo_test", MPI.ERR_COMM, "Topo_test", () -> {
            Cartcomm c = (Cartcomm) w.Create_cart(new int[] {n}, new boolean[] {true}, false);
            c.Free();
            c.Topo_test();
        });
        row("CartComm.dup", MPI.ERR_COMM, "dup", () -> {
            CartComm c = w.createCart(new int[] {n}, new boolean[] {true}, false);
            c.free();
            c.dup();
        });
        row("CartComm.clone", MPI.ERR_COMM, "clone", () -> {
            CartComm c = w.createCart(new int[] {n}, new boolean[] {true}, false);
            c.free();
            c.clone();
        });
        row("CartComm.iDup", MPI.ERR_COMM, "iDup", () -> {
            CartComm c = w.createCart(new int[] {n}, new boolean[] {true}, false);
            c.free();
            c.iDup();
        });
        row("CartComm.dupWithInfo", MPI.ERR_INFO, "info", () -> cart.dupWithInfo(freedInfo));
        row("Cartcomm.clone", MPI.ERR_COMM, "clone", () -> {
            Cartcomm c = (Cartcomm) w.Create_cart(new int[] {n}, new boolean[] {true}, false);
            c.Free();
            c.clone();
        });
        row("GraphComm.getNeighbors", MPI.ERR_RANK, "rank", () -> graph.getNeighbors(n));
        row("Graphcomm.Neighbours", MPI.ERR_RANK, "rank", () -> graph.Neighbours(-1));
        row("GraphComm.map", MPI.ERR_ARG, "index", () -> graph.map(null, new int[0]));
        row("Graphcomm.Map", MPI.ERR_TOPOLOGY, "nodes", () -> graph.Map(new int[n + 1], new int[0]));
        row("GraphComm.getDistGraphNeighbors", MPI.ERR_TOPOLOGY, "graph", () -> graph.getDistGraphNeighbors());
        row("GraphComm.getDims", MPI.ERR_COMM, "getDims", () -> freedGraph().getDims());
        row("Graphcomm.Get", MPI.ERR_COMM, "Get", () -> ((Graphcomm) freedGraph()).Get());
        row("Graphcomm.Topo_test", MPI.ERR_COMM, "Topo_test", () -> ((Graphcomm) freedGraph()).Topo_test());
        row("GraphComm.dup", MPI.ERR_COMM, "dup", () -> freedGraph().dup());
        row("GraphComm.clone", MPI.ERR_COMM, "clone", () -> freedGraph().clone());
        row("Graphcomm.clone", MPI.ERR_COMM, "clone", () -> ((Graphcomm) freedGraph()).clone());
        row("GraphComm.iDup", MPI.ERR_COMM, "iDup", () -> freedGraph().iDup());
        row("GraphComm.dupWithInfo", MPI.ERR_INFO, "info", () -> graph.dupWithInfo(freedInfo));
    }

    private GraphComm freedGraph() {
        int[] index = new int[n];
        for (int i = 0; i < n; i++) {
            index[i] = 0;
        }
        GraphComm g = w.createGraph(index, new int[0], false);
        g.free();
        return g;
    }

    private void intercomms() {
        int remoteLeader = me < n / 2 ? n / 2 : 0;
        // only the local leader (rank 0 of each half) looks at the peer, remoteLeader and tag
        rootRow("Comm.createIntercomm", MPI.ERR_RANK, "remoteLeader", () -> w.createIntercomm(half, 0, n, 78));
        row("Comm.createIntercomm", MPI.ERR_RANK, "localLeader", () -> w.createIntercomm(half, -1, remoteLeader,
                78));
        row("Comm.createIntercomm", MPI.ERR_COMM, "localComm", () -> w.createIntercomm(freedComm, 0, remoteLeader,
                78));
        rootRow("Comm.createIntercomm", MPI.ERR_TAG, "tag", () -> w.createIntercomm(half, 0, remoteLeader, -1));
        row("Comm.Create_intercomm", MPI.ERR_COMM, "localComm", () -> w.Create_intercomm(null, 0, remoteLeader,
                78));
        row("Comm.Create_intercomm", MPI.ERR_COMM, "intercommunicator", () -> w.Create_intercomm(inter, 0,
                remoteLeader, 78));
        row("Intercomm.merge", MPI.ERR_COMM, "merge", () -> freedInter().merge(false));
        row("Intercomm.Merge", MPI.ERR_COMM, "Merge", () -> freedInter().Merge(false));
        row("Intercomm.getRemoteSize", MPI.ERR_COMM, "getRemoteSize", () -> freedInter().getRemoteSize());
        row("Intercomm.Remote_size", MPI.ERR_COMM, "Remote_size", () -> freedInter().Remote_size());
        row("Intercomm.getRemoteGroup", MPI.ERR_COMM, "getRemoteGroup", () -> freedInter().getRemoteGroup());
        row("Intercomm.Remote_group", MPI.ERR_COMM, "Remote_group", () -> freedInter().Remote_group());
        row("Intercomm.dup", MPI.ERR_COMM, "dup", () -> freedInter().dup());
        row("Intercomm.clone", MPI.ERR_COMM, "clone", () -> freedInter().clone());
        row("Intercomm.iDup", MPI.ERR_COMM, "iDup", () -> freedInter().iDup());
        row("Intercomm.dupWithInfo", MPI.ERR_INFO, "info", () -> inter.dupWithInfo(freedInfo));
        // point-to-point on an intercommunicator addresses the remote group
        int remote = inter.getRemoteSize();
        row("Comm.send", MPI.ERR_RANK, "dest", () -> inter.send(new int[1], 1, MPI.INT, remote, 0));
        row("Comm.bcast", MPI.ERR_ROOT, "root", () -> inter.bcast(new int[1], 1, MPI.INT, remote));
    }

    /** A freed intercommunicator: created and freed locally by both groups (collective over w). */
    private Intercomm freedInter() {
        Intercomm c = inter.dup();
        c.free();
        return c;
    }

    private void oneSided() {
        IntBuffer ib = MPI.newIntBuffer(4);
        int[] ia = guarded(4);
        row("Win.<init>", MPI.ERR_COMM, "comm", () -> new Win(MPI.newIntBuffer(4), 4, 4, MPI.INFO_NULL,
                freedComm));
        row("Win.<init>", MPI.ERR_SIZE, "size", () -> new Win(MPI.newIntBuffer(4), -1, 4, MPI.INFO_NULL, w));
        row("Win.<init>", MPI.ERR_DISP, "dispUnit", () -> new Win(MPI.newIntBuffer(4), 4, 0, MPI.INFO_NULL, w));
        row("Win.put", MPI.ERR_WIN, "freed", () -> freedWin.put(ib, 1, MPI.INT, other, 0, 1, MPI.INT));
        row("Win.put", MPI.ERR_BUFFER, "buffer", () -> win.put((IntBuffer) null, 1, MPI.INT, other, 0, 1,
                MPI.INT));
        row("Win.put", MPI.ERR_COUNT, "count", () -> win.put(ia, -1, MPI.INT, other, 0, 1, MPI.INT));
        row("Win.put", MPI.ERR_BUFFER, "count 5", () -> win.put(ia, 5, MPI.INT, other, 0, 5, MPI.INT));
        row("Win.put", MPI.ERR_COUNT, "more than one message", () -> win.put(ia, Integer.MAX_VALUE, MPI.INT, other,
                0, 1, MPI.INT));
        row("Win.get", MPI.ERR_BUFFER, "read-only", () -> inLockAll(() -> win.get(ib.asReadOnlyBuffer(), 1, MPI.INT,
                other, 0, 1, MPI.INT)));
        row("Win.put", MPI.ERR_TYPE, "commit", () -> win.put(ia, 1, uncommitted, other, 0, 1, MPI.INT));
        row("Win.get", MPI.ERR_RANK, "rank", () -> win.get(ia, 1, MPI.INT, n, 0, 1, MPI.INT));
        row("Win.get", MPI.ERR_WIN, "freed", () -> freedWin.get(ia, 1, MPI.INT, other, 0, 1, MPI.INT));
        row("Win.accumulate", MPI.ERR_OP, "op", () -> win.accumulate(ia, 1, MPI.INT, other, 0, 1, MPI.INT, null));
        row("Win.accumulate", MPI.ERR_WIN, "freed", () -> freedWin.accumulate(ia, 1, MPI.INT, other, 0, 1, MPI.INT,
                MPI.SUM));
        row("Win.getAccumulate", MPI.ERR_BUFFER, "buffer", () -> win.getAccumulate(ia, 1, MPI.INT, null, 1,
                MPI.INT, other, 0, 1, MPI.INT, MPI.SUM));
        row("Win.rPut", MPI.ERR_WIN, "freed", () -> freedWin.rPut(ia, 1, MPI.INT, other, 0, 1, MPI.INT));
        row("Win.rGet", MPI.ERR_COUNT, "count", () -> inLockAll(() -> win.rGet(ia, 1, MPI.INT, other, 0, -1,
                MPI.INT)));
        row("Win.rAccumulate", MPI.ERR_TYPE, "datatype", () -> inLockAll(() -> win.rAccumulate(ia, 1, null, other,
                0, 1,
                MPI.INT, MPI.SUM)));
        row("Win.rGetAccumulate", MPI.ERR_WIN, "freed", () -> freedWin.rGetAccumulate(ia, 1, MPI.INT, ia, 1,
                MPI.INT, other, 0, 1, MPI.INT, MPI.SUM));
        row("Win.fetchAndOp", MPI.ERR_BUFFER, "buffer", () -> win.fetchAndOp(null, ia, MPI.INT, other, 0,
                MPI.SUM));
        row("Win.compareAndSwap", MPI.ERR_BUFFER, "buffer", () -> win.compareAndSwap(ia, null, ia, MPI.INT, other,
                0));
        row("Win.fence", MPI.ERR_WIN, "freed", () -> freedWin.fence(0));
        row("Win.start", MPI.ERR_GROUP, "group", () -> win.start(null, 0));
        row("Win.post", MPI.ERR_GROUP, "group", () -> win.post(freedGroup, 0));
        row("Win.complete", MPI.ERR_WIN, "freed", () -> freedWin.complete());
        row("Win.waitFor", MPI.ERR_WIN, "freed", () -> freedWin.waitFor());
        row("Win.test", MPI.ERR_WIN, "freed", () -> freedWin.test());
        row("Win.lock", MPI.ERR_RANK, "rank", () -> win.lock(MPI.LOCK_SHARED, n, 0));
        row("Win.unlock", MPI.ERR_RANK, "rank", () -> win.unlock(-1));
        row("Win.lockAll", MPI.ERR_WIN, "freed", () -> freedWin.lockAll(0));
        row("Win.unlockAll", MPI.ERR_WIN, "freed", () -> freedWin.unlockAll());
        row("Win.sync", MPI.ERR_WIN, "freed", () -> freedWin.sync());
        row("Win.flush", MPI.ERR_RANK, "rank", () -> win.flush(n));
        row("Win.flushLocal", MPI.ERR_RANK, "rank", () -> win.flushLocal(-1));
        row("Win.flushAll", MPI.ERR_WIN, "freed", () -> freedWin.flushAll());
        row("Win.flushLocalAll", MPI.ERR_WIN, "freed", () -> freedWin.flushLocalAll());
        row("Win.attach", MPI.ERR_RMA_FLAVOR, "attach", () -> win.attach(ib, 4));
        row("Win.detach", MPI.ERR_RMA_FLAVOR, "detach", () -> win.detach(ib));
        row("Win.sharedQuery", MPI.ERR_RANK, "rank", () -> win.sharedQuery(n));
        row("Win.free", MPI.ERR_WIN, "freed", () -> freedWin.free());
        row("Win.getGroup", MPI.ERR_WIN, "freed", () -> freedWin.getGroup());
        row("Win.setErrhandler", MPI.ERR_ARG, "errhandler", () -> win.setErrhandler(null));
        row("Win.getErrhandler", MPI.ERR_WIN, "freed", () -> freedWin.getErrhandler());
        row("Win.callErrhandler", MPI.ERR_WIN, "freed", () -> freedWin.callErrhandler(MPI.ERR_OTHER));
        row("Win.setInfo", MPI.ERR_INFO, "info", () -> win.setInfo(freedInfo));
        row("Win.getInfo", MPI.ERR_WIN, "freed", () -> freedWin.getInfo());
        row("Win.setName", MPI.ERR_ARG, "name", () -> win.setName(null));
        row("Win.getName", MPI.ERR_WIN, "freed", () -> freedWin.getName());
        int unknownKey = 987652;
        row("Win.freeKeyval", MPI.ERR_KEYVAL, "keyval", () -> Win.freeKeyval(unknownKey));
        row("Win.setAttr", MPI.ERR_KEYVAL, "keyval", () -> win.setAttr(unknownKey, 1));
        row("Win.getAttr", MPI.ERR_KEYVAL, "keyval", () -> win.getAttr(unknownKey));
        row("Win.deleteAttr", MPI.ERR_KEYVAL, "keyval", () -> win.deleteAttr(unknownKey));
    }

    /** {@code body} inside a passive-target epoch on every rank (the request forms need one). */
    private Object inLockAll(Runnable body) {
        win.lockAll(0);
        try {
            body.run();
        } finally {
            win.unlockAll();
        }
        return null;
    }

    private void others() {
        // Op
        row("Op.<init>", MPI.ERR_ARG, "function", () -> new Op((User_function) null, true));
        row("Op.free", MPI.ERR_OP, "predefined", () -> MPI.SUM.free());
        // Info
        row("Info.set", MPI.ERR_INFO, "freed", () -> freedInfo.set("k", "v"));
        row("Info.set", MPI.ERR_INFO_KEY, "key", () -> new Info().set(null, "v"));
        row("Info.set", MPI.ERR_INFO_VALUE, "value", () -> new Info().set("k", null));
        row("Info.get", MPI.ERR_INFO_KEY, "key", () -> new Info().get(null));
        row("Info.delete", MPI.ERR_INFO_NOKEY, "key", () -> new Info().delete("absent"));
        row("Info.size", MPI.ERR_INFO, "freed", () -> freedInfo.size());
        row("Info.getKey", MPI.ERR_ARG, "index", () -> new Info().getKey(0));
        row("Info.dup", MPI.ERR_INFO, "freed", () -> freedInfo.dup());
        row("Info.free", MPI.ERR_INFO, "freed", () -> freedInfo.free());
        // error classes and strings
        row("MPI.addErrorString", MPI.ERR_ARG, "errorCode", () -> MPI.addErrorString(MPI.ERR_LASTCODE + 99999,
                "x"));
        row("MPI.addErrorString", MPI.ERR_ARG, "string", () -> MPI.addErrorString(MPI.addErrorCode(
                MPI.addErrorClass()), null));
        row("MPI.addErrorCode", MPI.ERR_ARG, "errorClass", () -> MPI.addErrorCode(MPI.ERR_LASTCODE + 99999));
        row("MPI.getErrorClass", MPI.ERR_ARG, "errorCode", () -> MPI.getErrorClass(-5));
        row("MPI.getErrorString", MPI.ERR_ARG, "errorCode", () -> MPI.getErrorString(-5));
        // direct buffers and slices (callable at any time)
        row("MPI.newByteBuffer", MPI.ERR_ARG, "capacity", () -> MPI.newByteBuffer(-1));
        row("MPI.newCharBuffer", MPI.ERR_ARG, "capacity", () -> MPI.newCharBuffer(-2));
        row("MPI.newShortBuffer", MPI.ERR_ARG, "capacity", () -> MPI.newShortBuffer(Integer.MIN_VALUE));
        row("MPI.newIntBuffer", MPI.ERR_ARG, "capacity", () -> MPI.newIntBuffer(Integer.MAX_VALUE));
        row("MPI.newLongBuffer", MPI.ERR_ARG, "capacity", () -> MPI.newLongBuffer(-1));
        row("MPI.newFloatBuffer", MPI.ERR_ARG, "capacity", () -> MPI.newFloatBuffer(-1));
        row("MPI.newDoubleBuffer", MPI.ERR_ARG, "capacity", () -> MPI.newDoubleBuffer(Integer.MAX_VALUE / 4));
        row("MPI.slice", MPI.ERR_ARG, "offset", () -> MPI.slice(new int[4], 5));
        row("MPI.slice", MPI.ERR_ARG, "offset", () -> MPI.slice(new byte[4], -1));
        row("MPI.slice", MPI.ERR_ARG, "buf", () -> MPI.slice((double[]) null, 0));
        row("MPI.slice", MPI.ERR_ARG, "offset", () -> MPI.slice(IntBuffer.allocate(4), 9));
        row("MPI.slice", MPI.ERR_ARG, "buf", () -> MPI.slice((ByteBuffer) null, 0));
        // ByteBuffer-based buffer attach
        row("MPI.Buffer_attach", MPI.ERR_BUFFER, "buffer", () -> MPI.Buffer_attach((ByteBuffer) null));
    }
}

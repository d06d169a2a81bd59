package mpi;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * A nonblocking operation: started by {@code iSend}/{@code iRecv}/..., completed by a wait or a
 * successful test, which makes the request null ({@link #isNull()}).
 *
 * <p>The request holds the program's buffer until the operation completes: the engine reads and
 * writes it by address, so the garbage collector must neither free nor move it before then (for a
 * direct buffer the engine keeps only the native address, and the buffer object is what owns that
 * memory); the engine's operation holds it too, so a request freed (or dropped) while in flight
 * cannot lose it.
 *
 * <p>Errors of a completed operation (ERR_TRUNCATE) are raised by the call that completes it,
 * through the error handler of the request's communicator. A request is used by one thread at a
 * time, as in MPI.
 *
 * <p><b>Dialects.</b> Open MPI: {@code waitFor}, {@code test}, {@code getStatus}, the static
 * {@code waitAll}/{@code waitAny}/{@code waitSome}/{@code test*} (and their {@code *Status}
 * forms returning statuses), {@code cancel}, {@code free}, {@code isNull}. mpiJava 1.2 / MPJ
 * Express: {@code Wait}, {@code Test}, {@code Waitall}/{@code Waitany}/{@code Waitsome},
 * {@code Testall}/{@code Testany}/{@code Testsome}, {@code Cancel}, {@code Free},
 * {@code Is_null}.
 */
public class Request implements Freeable {
    /** Freed, completed and collected, or REQUEST_NULL. */
    static final int NULL = 0;
    /** An engine operation in flight (or complete and not yet collected). */
    static final int ACTIVE = 1;
    /** Completed at once (a PROC_NULL peer) and not yet collected. */
    static final int DONE = 2;
    /** A persistent request between its operations. */
    static final int INACTIVE = 3;

    /** Returned by {@link #scan}: requests are active but none has completed. */
    private static final int NONE_COMPLETE = -1;

    final Comm comm;
    final boolean persistent;
    int state;
    Operation op;
    /** The program's buffer, referenced while the engine may touch it. */
    Object buffer;
    /** A non-contiguous datatype's packed temporary: unpacked into {@link #buffer} when a receive completes. */
    Staged staged;
    /** An MPI.OBJECT receive ({@link #op} is its composite operation): deserialized when collected. */
    ObjectTransfer objects;
    /** What a {@link #DONE} request reports: a file operation's outcome ({@link File}); null for a PROC_NULL peer. */
    private Status doneStatus;

    /** REQUEST_NULL. */
    Request() {
        this(null, NULL, false);
    }

    /** A started operation; none ({@code op} null) for one that completed at once (a PROC_NULL peer). */
    Request(Comm comm, Operation op, Object buffer) {
        this(comm, op != null ? ACTIVE : DONE, false);
        this.op = op;
        this.buffer = op != null ? buffer : null;
    }

    Request(Comm comm, int state, boolean persistent) {
        this.comm = comm;
        this.state = state;
        this.persistent = persistent;
    }

    /** An operation with a PROC_NULL peer: complete from the start. */
    static Request completed(Comm comm) {
        return new Request(comm, DONE, false);
    }

    /**
     * A file operation carried out when it was started ({@link File}'s nonblocking calls): complete
     * from the start, and its wait or test reports {@code status} (the bytes moved).
     */
    static Request completed(Comm comm, Status status) {
        Request r = new Request(comm, DONE, false);
        r.doneStatus = status;
        return r;
    }

    /** The status a {@link #DONE} request reports, with {@code index}. */
    private Status doneStatus(int index) {
        if (doneStatus == null) {
            return Status.procNull(index);
        }
        Status s = new Status(doneStatus.source, doneStatus.tag, doneStatus.byteCount(), doneStatus.getError(), false, index);
        s.message = doneStatus.message;
        return s;
    }

    /** The communicator whose error handler applies (COMM_WORLD for REQUEST_NULL). */
    final Comm scope() {
        return comm != null ? comm : MPI.COMM_WORLD;
    }

    final boolean isActive() {
        return state == ACTIVE || state == DONE;
    }

    /** Complete, so that {@link #collect} will not block. Does not progress. */
    final boolean isComplete() {
        if (state != ACTIVE) {
            return true;
        }
        return op == null || op.isComplete();
    }

    /**
     * Takes the outcome of a complete operation and retires it: the request becomes null
     * (inactive if persistent). Returns the status when asked for or when the operation failed;
     * never raises, so that the multi-request calls can retire all before reporting.
     */
    final Status collect(Engine engine, int index, boolean want) {
        Status s = null;
        switch (state) {
            case ACTIVE:
                Operation o = op;
                if (objects != null) {
                    s = objects.finish(index);
                    objects.retire();
                    if (!want && s.getError() == ErrorClass.SUCCESS) {
                        s = null;
                    }
                } else {
                    if (staged != null && !o.isSend()) {
                        staged.unpack(o.byteCount());
                    }
                    if (want || o.error() != ErrorClass.SUCCESS) {
                        s = comm.statusOf(o, index);
                    }
                }
                op = null;
                engine.release(o);
                break;
            case DONE:
                s = want ? doneStatus(index) : null;
                break;
            default:
                return want ? Status.empty(index) : null;
        }
        state = persistent ? INACTIVE : NULL;
        if (!persistent) {
            buffer = null;
            staged = null;
            objects = null;
        }
        return s;
    }

    private Status finish(Engine engine, boolean want, String call) {
        Status s = collect(engine, MPI.UNDEFINED, want);
        if (s != null && s.getError() != ErrorClass.SUCCESS) {
            throw scope().failure(s, call);
        }
        return s;
    }

    /** Progresses until the operation (if any) completes. */
    private void await(Engine engine, String call) {
        if (state == ACTIVE) {
            try {
                if (op != null) {
                    engine.await(op);
                }
            } catch (EngineException e) {
                throw scope().raise(e, call);
            }
        }
    }

    /** Progresses once; true when the operation (if any) is complete. */
    private boolean poll(Engine engine, String call) {
        if (state != ACTIVE) {
            return true;
        }
        try {
            return op == null || engine.test(op);
        } catch (EngineException e) {
            throw scope().raise(e, call);
        }
    }

    // ================================================================ one request

    public final void waitFor() {
        Engine engine = MPI.engine("waitFor");
        Operation o = op;
        if (state == ACTIVE && o != null && staged == null && objects == null && !persistent) {
            // The common case, written so that nothing here hands this request to another method:
            // inlined into a loop that awaits its requests at once, the request is never allocated
            // (see Comm's nonblocking calls).
            Comm c = comm; // not scope(): a handler that used this request would keep it allocated
            try {
                engine.await(o);
            } catch (EngineException e) {
                throw c.raise(e, "waitFor");
            }
            op = null;
            buffer = null;
            state = NULL;
            if (o.error() != ErrorClass.SUCCESS) {
                Status s = c.statusOf(o, MPI.UNDEFINED);
                engine.release(o);
                throw c.failure(s, "waitFor");
            }
            engine.release(o);
            return;
        }
        await(engine, "waitFor");
        finish(engine, false, "waitFor");
    }

    public final Status waitStatus() {
        return waitStatus("waitStatus");
    }

    /** mpiJava: waits and returns the status. */
    public Status Wait() {
        return waitStatus("Wait");
    }

    /** Waits and returns the status, errors raised naming {@code call} (for calls built on requests). */
    final Status waitStatus(String call) {
        Engine engine = MPI.engine(call);
        await(engine, call);
        return finish(engine, true, call);
    }

    /** True, and the request retired, when the operation has completed. */
    public final boolean test() {
        Engine engine = MPI.engine("test");
        if (!poll(engine, "test")) {
            return false;
        }
        finish(engine, false, "test");
        return true;
    }

    /** The status, and the request retired, when the operation has completed; otherwise null. */
    public final Status testStatus() {
        return testStatus("testStatus");
    }

    /** mpiJava: the status if complete, otherwise null. */
    public Status Test() {
        return testStatus("Test");
    }

    private Status testStatus(String call) {
        Engine engine = MPI.engine(call);
        if (!poll(engine, call)) {
            return null;
        }
        return finish(engine, true, call);
    }

    /**
     * The status if the operation has completed, otherwise null; unlike {@link #testStatus} the
     * request stays as it is (MPI_Request_get_status). An error is reported in the status.
     */
    public final Status getStatus() {
        Engine engine = MPI.engine("getStatus");
        if (!poll(engine, "getStatus")) {
            return null;
        }
        switch (state) {
            case ACTIVE:
                if (objects != null) {
                    return objects.finish(MPI.UNDEFINED);
                }
                if (staged != null && !op.isSend()) {
                    staged.unpack(op.byteCount());
                }
                return comm.statusOf(op, MPI.UNDEFINED);
            case DONE: return doneStatus(MPI.UNDEFINED);
            default: return Status.empty(MPI.UNDEFINED);
        }
    }

    /**
     * Asks for the operation to be cancelled; a wait or test still completes it, and its status
     * says whether the cancel succeeded.
     */
    public final void cancel() {
        cancel("cancel");
    }

    public void Cancel() {
        cancel("Cancel");
    }

    private void cancel(String call) {
        Engine engine = MPI.engine(call);
        switch (state) {
            case ACTIVE:
                try {
                    if (objects != null) {
                        objects.cancel(); // the first part's receive: the composite cannot be cancelled
                    } else {
                        engine.cancel(op);
                    }
                } catch (EngineException e) {
                    throw scope().raise(e, call);
                }
                break;
            case DONE:
                break; // already complete: nothing left to cancel
            case INACTIVE:
                throw scope().raise(ErrorClass.REQUEST, call + ": the persistent request is not active (start it first)");
            default:
                throw scope().raise(ErrorClass.REQUEST, call + ": the request is null");
        }
    }

    /**
     * Lets go of the request; an operation in flight still completes, its outcome unreported (a
     * receive of a non-contiguous type is unpacked into the buffer when it completes).
     * Freeing a null request does nothing (as in Open MPI's bindings).
     */
    @Override
    public void free() {
        free("free");
    }

    public void Free() {
        free("Free");
    }

    private void free(String call) {
        if (state == NULL) {
            return;
        }
        Engine engine = MPI.engine(call);
        if (state == ACTIVE && op != null) {
            try {
                Staged s = staged;
                if (s != null && !op.isSend()) {
                    // the receive still completes into the program's buffer: unpack it then
                    engine.whenComplete(op, o -> s.unpack(o.byteCount()));
                }
                if (objects != null) {
                    objects.free(); // the objects are stored when the message has arrived
                }
                engine.release(op);
            } catch (EngineException e) {
                throw scope().raise(e, call);
            }
        }
        op = null;
        buffer = null;
        staged = null;
        objects = null;
        state = NULL;
    }

    public final boolean isNull() {
        return state == NULL;
    }

    public boolean Is_null() {
        return state == NULL;
    }

    // ================================================================ many requests
    // Java nulls in the arrays count as null requests.

    /**
     * Index of a complete active request, {@link #NONE_COMPLETE} when requests are active but
     * none has completed, {@link MPI#UNDEFINED} when none is active.
     */
    private static int scan(Request[] requests) {
        boolean active = false;
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            if (r != null && r.isActive()) {
                if (r.isComplete()) {
                    return i;
                }
                active = true;
            }
        }
        return active ? NONE_COMPLETE : MPI.UNDEFINED;
    }

    private static int waitAnyIndex(Engine engine, Request[] requests, String call) {
        int i;
        try {
            while ((i = scan(requests)) == NONE_COMPLETE) {
                engine.idle(engine.progress());
            }
        } catch (EngineException e) {
            throw MPI.COMM_WORLD.raise(e, call);
        }
        return i;
    }

    /** As {@link #scan}, progressing once first if nothing has completed yet. */
    private static int testAnyIndex(Engine engine, Request[] requests, String call) {
        int i = scan(requests);
        if (i != NONE_COMPLETE) {
            return i;
        }
        try {
            engine.progress();
        } catch (EngineException e) {
            throw MPI.COMM_WORLD.raise(e, call);
        }
        return scan(requests);
    }

    /** The engine, once MPI runs and the array exists (ERR_ARG naming it otherwise: MPI has no null array). */
    private static Engine engineFor(Request[] requests, String call) {
        Engine engine = MPI.engine(call);
        if (requests == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, call + ": requests is null");
        }
        return engine;
    }

    /** Retires request {@code i}, raising its error if it failed. */
    private static Status finishAt(Engine engine, Request[] requests, int i, boolean want, String call) {
        Request r = requests[i];
        Status s = r.collect(engine, i, want);
        if (s != null && s.getError() != ErrorClass.SUCCESS) {
            throw r.scope().failure(s, call);
        }
        return s;
    }

    /** Waits for one request to complete; its index, or UNDEFINED when none is active. */
    public static int waitAny(Request[] requests) {
        Engine engine = engineFor(requests, "waitAny");
        int i = waitAnyIndex(engine, requests, "waitAny");
        if (i != MPI.UNDEFINED) {
            finishAt(engine, requests, i, false, "waitAny");
        }
        return i;
    }

    /** Waits for one request to complete; its status (with the index), empty when none is active. */
    public static Status waitAnyStatus(Request[] requests) {
        return waitAnyStatus(requests, "waitAnyStatus");
    }

    public static Status Waitany(Request[] requests) {
        return waitAnyStatus(requests, "Waitany");
    }

    private static Status waitAnyStatus(Request[] requests, String call) {
        Engine engine = engineFor(requests, call);
        int i = waitAnyIndex(engine, requests, call);
        return i == MPI.UNDEFINED ? Status.empty(MPI.UNDEFINED) : finishAt(engine, requests, i, true, call);
    }

    /** Index of a completed request, or UNDEFINED when none has completed or none is active. */
    public static int testAny(Request[] requests) {
        Engine engine = engineFor(requests, "testAny");
        int i = testAnyIndex(engine, requests, "testAny");
        if (i < 0) {
            return MPI.UNDEFINED;
        }
        finishAt(engine, requests, i, false, "testAny");
        return i;
    }

    /** Status of a completed request; null when none has completed; empty when none is active. */
    public static Status testAnyStatus(Request[] requests) {
        return testAnyStatus(requests, "testAnyStatus");
    }

    public static Status Testany(Request[] requests) {
        return testAnyStatus(requests, "Testany");
    }

    private static Status testAnyStatus(Request[] requests, String call) {
        Engine engine = engineFor(requests, call);
        int i = testAnyIndex(engine, requests, call);
        if (i == MPI.UNDEFINED) {
            return Status.empty(MPI.UNDEFINED);
        }
        return i == NONE_COMPLETE ? null : finishAt(engine, requests, i, true, call);
    }

    public static void waitAll(Request[] requests) {
        waitAll(requests, false, "waitAll");
    }

    public static Status[] waitAllStatus(Request[] requests) {
        return waitAll(requests, true, "waitAllStatus");
    }

    public static Status[] Waitall(Request[] requests) {
        return waitAll(requests, true, "Waitall");
    }

    private static Status[] waitAll(Request[] requests, boolean want, String call) {
        Engine engine = engineFor(requests, call);
        for (Request r : requests) {
            if (r != null) {
                r.await(engine, call);
            }
        }
        return collectAll(engine, requests, want, call);
    }

    /**
     * Retires every request (all complete), then raises the first failure: one failed operation
     * must not leave the others uncollected.
     */
    private static Status[] collectAll(Engine engine, Request[] requests, boolean want, String call) {
        Status[] statuses = want ? new Status[requests.length] : null;
        int failed = -1;
        Status failure = null;
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            Status s = r == null ? (want ? Status.empty(i) : null) : r.collect(engine, i, want);
            if (want) {
                statuses[i] = s;
            }
            if (failed < 0 && s != null && s.getError() != ErrorClass.SUCCESS) {
                failed = i;
                failure = s;
            }
        }
        if (failed >= 0) {
            throw requests[failed].scope().failure(failure, call);
        }
        return statuses;
    }

    /** True, with every request retired, when all have completed; otherwise false and none retired. */
    public static boolean testAll(Request[] requests) {
        Engine engine = engineFor(requests, "testAll");
        if (!allComplete(engine, requests, "testAll")) {
            return false;
        }
        collectAll(engine, requests, false, "testAll");
        return true;
    }

    /** The statuses, with every request retired, when all have completed; otherwise null. */
    public static Status[] testAllStatus(Request[] requests) {
        return testAll(requests, "testAllStatus");
    }

    public static Status[] Testall(Request[] requests) {
        return testAll(requests, "Testall");
    }

    private static Status[] testAll(Request[] requests, String call) {
        Engine engine = engineFor(requests, call);
        if (!allComplete(engine, requests, call)) {
            return null;
        }
        return collectAll(engine, requests, true, call);
    }

    /** True when every request is complete, progressing once first if some is not. */
    private static boolean allComplete(Engine engine, Request[] requests, String call) {
        if (allComplete(requests)) {
            return true;
        }
        try {
            engine.progress();
        } catch (EngineException e) {
            throw MPI.COMM_WORLD.raise(e, call);
        }
        return allComplete(requests);
    }

    private static boolean allComplete(Request[] requests) {
        for (Request r : requests) {
            if (r != null && !r.isComplete()) {
                return false;
            }
        }
        return true;
    }

    /** Waits until at least one request completes; the indices of all completed, or null when none is active. */
    public static int[] waitSome(Request[] requests) {
        Status[] done = some(requests, true, false, "waitSome");
        return done == null ? null : indices(done);
    }

    public static Status[] waitSomeStatus(Request[] requests) {
        return some(requests, true, true, "waitSomeStatus");
    }

    public static Status[] Waitsome(Request[] requests) {
        return some(requests, true, true, "Waitsome");
    }

    /** Indices of the requests completed now (possibly none), or null when none is active. */
    public static int[] testSome(Request[] requests) {
        Status[] done = some(requests, false, false, "testSome");
        return done == null ? null : indices(done);
    }

    public static Status[] testSomeStatus(Request[] requests) {
        return some(requests, false, true, "testSomeStatus");
    }

    public static Status[] Testsome(Request[] requests) {
        return some(requests, false, true, "Testsome");
    }

    /**
     * Retires every completed request, after waiting for at least one if {@code block}. Returns a
     * status per retired request (carrying its index; the index alone unless {@code want}), or
     * null when no request is active.
     */
    private static Status[] some(Request[] requests, boolean block, boolean want, String call) {
        Engine engine = engineFor(requests, call);
        int first = block ? waitAnyIndex(engine, requests, call) : testAnyIndex(engine, requests, call);
        if (first == MPI.UNDEFINED) {
            return null;
        }
        if (first == NONE_COMPLETE) {
            return new Status[0];
        }
        int n = 0;
        for (int i = first; i < requests.length; i++) {
            Request r = requests[i];
            if (r != null && r.isActive() && r.isComplete()) {
                n++;
            }
        }
        Status[] done = new Status[n];
        int k = 0;
        int failed = -1;
        for (int i = first; i < requests.length && k < n; i++) {
            Request r = requests[i];
            if (r != null && r.isActive() && r.isComplete()) {
                Status s = r.collect(engine, i, want);
                if (s == null) {
                    s = Status.empty(i);
                } else if (failed < 0 && s.getError() != ErrorClass.SUCCESS) {
                    failed = k;
                }
                done[k++] = s;
            }
        }
        if (failed >= 0) {
            throw requests[done[failed].index].scope().failure(done[failed], call);
        }
        return done;
    }

    private static int[] indices(Status[] statuses) {
        int[] result = new int[statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            result[i] = statuses[i].index;
        }
        return result;
    }

    // ================================================================ mpiJava 1.2

    /**
     * mpiJava 1.2 / MPJ Express declare a public {@code finalize}; programs that call it compile.
     * It does nothing: the body is empty on purpose, because a class with a non-empty finalizer
     * has every instance registered with the finalizer thread, which costs an allocation per
     * object and defeats escape analysis on the hot path.
     */
    @Override
    @Deprecated
    @SuppressWarnings({"deprecation", "removal", "checkstyle:NoFinalizer"})
    public void finalize() {
    }
}

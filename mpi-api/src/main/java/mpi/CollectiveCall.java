package mpi;

import java.util.ArrayList;
import java.util.List;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * One collective call on a communicator: its name (for messages), the steps to run after the
 * engine's operation completes (unpacking temporaries, reporting a user function's failure), and
 * its completion, blocking ({@link #complete}) or as a {@link Request} ({@link #request}).
 *
 * <p>A nonblocking call with steps after completion hands out an outer composite operation that
 * a completion hook on the collective's own operation completes once the steps have run, so a
 * wait or test never sees the request complete before its data are in place. Errors of the
 * collective surface at completion through the communicator's error handler.
 */
final class CollectiveCall {
    final Comm comm;
    final String name;
    /** The user-operation adapter of a reduction, checked for a failure at completion. */
    CollectiveData.UserOp userOp;
    private List<Runnable> after;
    /**
     * The blocking collective a thread of this process waits in (the last one to start waiting),
     * for {@code mpirun --timeout}; a plain field, written before and after each blocking wait.
     */
    static CollectiveCall waiting;

    CollectiveCall(Comm comm, String name) {
        this.comm = comm;
        this.name = name;
    }

    /**
     * A blocking collective that the calling thread runs itself ({@code DirectCollectives})
     * begins: it is the one {@link #waiting} in until {@link #left}.
     */
    void entered() {
        waiting = this;
    }

    /** The collective of {@link #entered} is over. */
    static void left() {
        waiting = null;
    }

    /** Runs {@code step} once the collective has completed successfully, before the program sees it. */
    void after(Runnable step) {
        if (after == null) {
            after = new ArrayList<>(2);
        }
        after.add(step);
    }

    /** Waits for {@code op} and raises its error, then runs the steps after it. */
    void complete(Engine engine, Operation op) {
        waiting = this;
        try {
            engine.await(op);
        } catch (EngineException e) {
            throw comm.raise(e, name);
        } finally {
            waiting = null;
        }
        int error = op.error();
        String message = op.errorMessage();
        engine.release(op);
        if (error != ErrorClass.SUCCESS) {
            throw comm.raise(error, name + ": " + message);
        }
        String failure = agreeOnFailure(finish());
        if (failure != null) {
            throw comm.raise(failureClass(), failure);
        }
    }

    /**
     * A collective that the calling thread ran itself has returned: runs the steps after it (or
     * raises the failure of a user function) as {@link #complete} does after its wait.
     */
    void ranDirectly() {
        String failure = agreeOnFailure(finish());
        if (failure != null) {
            throw comm.raise(failureClass(), failure);
        }
    }

    /**
     * A blocking reduction with a user function: every member learns whether the function failed
     * on any member, so that none returns a wrong result as a success (under ERRORS_RETURN the
     * others would go on with it). The function ran on some members only (a leaf of a tree never
     * calls it), so the members agree with a MAX over the communicator; the failing members carry
     * on with the algorithm, applying nothing, so that the agreement is reached by all. On an
     * intercommunicator two MAX rounds across: the first gives each member the other group's,
     * the second, of those, its own group's.
     */
    private String agreeOnFailure(String local) {
        if (userOp == null) {
            return local;
        }
        int[] mine = {local != null ? comm.rank + 1 : 0};
        int[] any = new int[1];
        comm.allReduce(mine, any, 1, MPI.INT, MPI.MAX);
        if (!comm.isInterImpl()) {
            return agreed(local, any[0], 0);
        }
        int[] own = new int[1];
        comm.allReduce(any, own, 1, MPI.INT, MPI.MAX); // of the other group's maxima: this group's
        return agreed(local, own[0], any[0]);
    }

    /**
     * The outcome of the agreement: this member's failure, or one naming a member whose function
     * failed, from the MAX of (rank + 1)s of this group ({@code ownMax}) and of the other group
     * of an intercommunicator ({@code otherMax}); 0 where none failed.
     */
    private String agreed(String local, int ownMax, int otherMax) {
        if (local != null || ownMax == 0 && otherMax == 0) {
            return local;
        }
        failedElsewhere = true;
        boolean own = ownMax != 0;
        return name + ": the user function of " + userOp.op + " failed on rank " + ((own ? ownMax : otherMax) - 1)
            + (own ? " of the communicator" : " of the remote group") + " (this rank's result is not valid)";
    }

    /** MAX of one int, made here: the API's cache of predefined reductions is filled by calls. */
    private static final org.atollmpi.coll.Reduction MAX_INT =
        org.atollmpi.coll.Reduction.of(org.atollmpi.coll.ReduceOp.MAX, org.atollmpi.coll.ElementKind.INT);

    /** {@link #agreeOnFailure} found the user function failed on another member. */
    private boolean failedElsewhere;

    /** A request for {@code op}, holding {@code buffers} until it completes. */
    Request request(Engine engine, Operation op, Object buffers) {
        if (after == null && userOp == null) {
            return new Request(comm, op, buffers);
        }
        Operation outer = engine.newComposite(comm.collContext);
        // a nonblocking reduction with a user function agrees on failure as the blocking one does,
        // with a MAX schedule started from the completion hook; its tags are taken now, at the
        // call, in the order every member takes its tags
        boolean inter = comm.isInterImpl();
        int agreeTag = userOp == null ? -1 : comm.nextCollectiveTags(inter ? 2 * IntercommCollectives.TAGS : 1);
        engine.whenComplete(op, o -> {
            int error = o.error();
            String message = o.errorMessage();
            engine.release(o);
            String failure = error == ErrorClass.SUCCESS ? finish() : null;
            if (agreeTag < 0) {
                if (failure != null) {
                    error = failureClass();
                    message = failure;
                }
                engine.completeComposite(outer, error, message);
                return;
            }
            int[] mine = {failure != null || error != ErrorClass.SUCCESS ? comm.rank + 1 : 0};
            int[] any = new int[2];
            int localError = error;
            String localMessage = message;
            Operation agree = inter
                ? IntercommCollectives.agreeOnMax((Intercomm) comm, engine, agreeTag, mine, any, MAX_INT)
                : org.atollmpi.coll.Collectives.allreduce(engine, comm.worldRanks, comm.rank, comm.collContext,
                    agreeTag, mine, org.atollmpi.engine.Addresses.INT_ARRAY_BASE, any,
                    org.atollmpi.engine.Addresses.INT_ARRAY_BASE, 1, MAX_INT);
            engine.whenComplete(agree, a -> {
                int e = a.error();
                String m = a.errorMessage();
                engine.release(a);
                if (localError != ErrorClass.SUCCESS) {
                    e = localError;
                    m = localMessage;
                } else if (e == ErrorClass.SUCCESS) {
                    // across: any[0] the other group's, any[1] this group's
                    String f = inter ? agreed(failure, any[1], any[0]) : agreed(failure, any[0], 0);
                    if (f != null) {
                        e = failureClass();
                        m = f;
                    }
                }
                engine.completeComposite(outer, e, m);
            });
        });
        return new Request(comm, outer, buffers);
    }

    /** Runs the steps after completion; returns the message of a failure, or null. */
    private String finish() {
        if (userOp != null && userOp.failure != null) {
            return name + ": the user function of " + userOp.op + " failed: " + userOp.failure;
        }
        if (after != null) {
            try {
                for (Runnable r : after) {
                    r.run();
                }
            } catch (RuntimeException e) {
                return name + ": " + e.getMessage();
            }
        }
        return null;
    }

    private int failureClass() {
        if (failedElsewhere) {
            return ErrorClass.OP;
        }
        if (userOp == null || userOp.failure == null) {
            return ErrorClass.OTHER;
        }
        if (userOp.failure instanceof MPIException) {
            return ((MPIException) userOp.failure).getErrorClass();
        }
        return ErrorClass.OP;
    }
}

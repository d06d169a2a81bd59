package mpi;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * The small collective exchanges that creating a communicator needs (context bitmaps, split
 * colours and keys, group tables), written directly on the engine's isend/irecv/await so that
 * communicator management does not depend on the collectives module.
 *
 * <p>They travel on the parent communicator's COLLECTIVE context with tags from
 * {@link #TAG_BASE} = {@code 0x7FFF0000} up, a range that no collective schedule uses (their
 * tags stay below 2^30, see {@code CollectiveSchedule}); neighbour collectives use {@code 0x7FFE0000} up (see
 * {@code Neighbors}). Consecutive exchanges among the same members reuse the same tags: the
 * engine keeps messages of one sender, context and tag in order, and every member calls them in
 * the same order (they are collective), so they never mix.
 *
 * <p>Members are given as world ranks ({@code members[i]} is member {@code i}); {@code me} is
 * this process's index. Exchanges are all-to-all (each member sends its part to every other):
 * fine for the few hundred bytes they carry on the jobs this library runs.
 */
final class Agreement {
    /** The first reserved tag on a collective context. */
    static final int TAG_BASE = 0x7FFF0000;
    static final int TAG_ALLGATHER = TAG_BASE;
    static final int TAG_BCAST_LENGTH = TAG_BASE + 1;
    static final int TAG_BCAST = TAG_BASE + 2;
    /** createGroup(group, tag) runs its exchanges on TAG_GROUP + 8 * (tag & 0x7FF) (see {@link #groupTag}). */
    static final int TAG_GROUP = TAG_BASE + 0x10;

    private static final long INTS = Addresses.INT_ARRAY_BASE;

    private Agreement() {
    }

    /**
     * Every member's {@code mine} (the same length at all), end to end in member order. Raises
     * through {@code scope}'s error handler, naming {@code call}, if a message fails.
     */
    static int[] allgather(Comm scope, String call, int[] members, int me, int context, int tag, int[] mine) {
        int n = members.length;
        int k = mine.length;
        int[] all = new int[n * k];
        System.arraycopy(mine, 0, all, me * k, k);
        if (n == 1) {
            return all;
        }
        Engine engine = MPI.engine(call);
        Operation[] ops = new Operation[2 * (n - 1)];
        int o = 0;
        try {
            for (int i = 0; i < n; i++) {
                if (i != me) {
                    ops[o++] = engine.irecv(all, INTS + 4L * i * k, 4 * k, members[i], tag, context);
                }
            }
            for (int i = 0; i < n; i++) {
                if (i != me) {
                    ops[o++] = engine.isend(Engine.MODE_STANDARD, mine, INTS, 4 * k, members[i], tag, context);
                }
            }
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        finish(scope, call, engine, ops);
        return all;
    }

    static int[] allgather(Comm scope, String call, int[] members, int me, int context, int[] mine) {
        return allgather(scope, call, members, me, context, TAG_ALLGATHER, mine);
    }

    /** {@code data} of member {@code root} (any length), at every member. */
    static int[] bcast(Comm scope, String call, int[] members, int me, int root, int context, int[] data) {
        if (members.length == 1) {
            return data;
        }
        Engine engine = MPI.engine(call);
        if (me == root) {
            int[] length = {data.length};
            Operation[] ops = new Operation[2 * (members.length - 1)];
            int o = 0;
            try {
                for (int i = 0; i < members.length; i++) {
                    if (i != me) {
                        ops[o++] = engine.isend(Engine.MODE_STANDARD, length, INTS, 4, members[i], TAG_BCAST_LENGTH, context);
                        ops[o++] = engine.isend(Engine.MODE_STANDARD, data, INTS, 4 * data.length, members[i], TAG_BCAST,
                            context);
                    }
                }
            } catch (EngineException e) {
                throw scope.raise(e, call);
            }
            finish(scope, call, engine, ops);
            return data;
        }
        int[] length = new int[1];
        receive(scope, call, engine, length, members[root], TAG_BCAST_LENGTH, context);
        int[] out = new int[length[0]];
        receive(scope, call, engine, out, members[root], TAG_BCAST, context);
        return out;
    }

    /** Sends {@code data} (any length) to world rank {@code peer} and returns what it sent back. */
    static int[] exchange(Comm scope, String call, int peer, int tag, int context, int[] data) {
        Engine engine = MPI.engine(call);
        int[] length = {data.length};
        int[] theirs = new int[1];
        Operation[] ops = new Operation[2];
        try {
            ops[0] = engine.irecv(theirs, INTS, 4, peer, tag, context);
            ops[1] = engine.isend(Engine.MODE_STANDARD, length, INTS, 4, peer, tag, context);
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        finish(scope, call, engine, ops);
        int[] out = new int[theirs[0]];
        try {
            ops[0] = engine.irecv(out, INTS, 4 * out.length, peer, tag, context);
            ops[1] = engine.isend(Engine.MODE_STANDARD, data, INTS, 4 * data.length, peer, tag, context);
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        finish(scope, call, engine, ops);
        return out;
    }

    /** The tag createGroup's exchanges use for a program's {@code tag} (so that concurrent calls with other tags do not mix). */
    static int groupTag(int tag) {
        return TAG_GROUP + ((tag & 0x7FF) << 3);
    }

    private static void receive(Comm scope, String call, Engine engine, int[] into, int source, int tag, int context) {
        Operation[] ops = new Operation[1];
        try {
            ops[0] = engine.irecv(into, INTS, 4 * into.length, source, tag, context);
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        finish(scope, call, engine, ops);
    }

    /** Waits for every operation, releases them, and raises the first error. */
    static void finish(Comm scope, String call, Engine engine, Operation[] ops) {
        int error = ErrorClass.SUCCESS;
        String message = null;
        try {
            for (Operation op : ops) {
                if (op == null) {
                    continue;
                }
                engine.await(op);
                if (op.error() != ErrorClass.SUCCESS && error == ErrorClass.SUCCESS) {
                    error = op.error();
                    message = op.errorMessage();
                }
                engine.release(op);
            }
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        if (error != ErrorClass.SUCCESS) {
            throw scope.raise(error, call + ": creating the communicator failed: " + message);
        }
    }
}

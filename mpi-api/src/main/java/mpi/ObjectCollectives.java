package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * {@code MPI.OBJECT} in the blocking collectives of an intracommunicator: broadcast, gather(v),
 * scatter(v), allgather(v), alltoall(v), and the reductions with a user operation (reduce,
 * allreduce, scan, exscan, reduce-scatter). Each moving collective is two collectives of the
 * communicator, in the same order on every rank: first the byte length of each rank's serialized
 * objects, then the bytes themselves; every receiver then deserializes its part into its
 * {@code Object[]}. The layer below sees only {@code int}s and {@code byte}s, so the call tags,
 * argument checks and error reporting are those of every other collective (errors name the
 * program's call).
 *
 * <p>A reduction gathers the contributions (to the root for reduce, to every rank for the
 * others), deserialized, and applies the user function in rank order, as a non-commutative
 * operation needs: {@code inoutvec = invec op inoutvec} with the lower rank's objects as {@code
 * invec}. The function sees {@code Object[]} arrays (mpiJava's {@link User_function} with offsets;
 * the Open MPI {@link UserFunction} gets arrays of exactly {@code count} elements) and the
 * datatype MPI.OBJECT. A predefined operation has nothing to compute on objects: ERR_OP.
 *
 * <p>A rank whose objects cannot be serialized (or whose buffer argument is wrong) still takes
 * part in both collectives, announcing length -1 and sending nothing, and raises its error after
 * them; the ranks that were to receive those objects raise ERR_TYPE naming it. Nobody is left
 * waiting in a collective that a failed rank never entered.
 *
 * <p>Types derived from MPI.OBJECT work in the moving collectives: a rank's objects are gathered
 * in type-map order before serializing and stored at the receiver's type map positions after;
 * the displacements of the v-forms count extents of the type, as in MPI. Reductions take
 * MPI.OBJECT itself.
 *
 * <p>The nonblocking forms refuse MPI.OBJECT with ERR_TYPE: they would have to serialize and
 * deserialize in completion hooks, which no program we know of needs.
 */
final class ObjectCollectives {
    private static final byte[] NONE = new byte[0];

    private ObjectCollectives() {
    }

    /** Whether either type is MPI.OBJECT; then both must be (one type for the bcast: pass it twice). */
    static boolean involved(Comm c, String call, boolean nb, Datatype a, Datatype b) {
        boolean objects = a != null && a.isObject() || b != null && b.isObject();
        if (!objects) {
            return false;
        }

        if (nb) {
            throw c.raise(ErrorClass.TYPE, call + ": MPI.OBJECT is not supported in nonblocking collectives;"
                + " use the blocking form");
        }
        if (a != null && b != null && a.isObject() != b.isObject()) {
            throw c.raise(ErrorClass.TYPE, call + ": MPI.OBJECT on one side needs MPI.OBJECT on the other (got "
                + a + " and " + b + ")");
        }
        return true;
    }

    static void bcast(Comm c, String call, Object buf, int off, int count, Datatype type, int root) {
        MPIException[] failed = new MPIException[1];
        byte[] data = c.rank == root ? serialize(c, call, buf, off, count, type, failed) : NONE;
        int[] length = {lengthOf(data)};
        CommCollectives.bcastInSpan(c, call, false, length, 0, 1, MPI.INT, root);
        if (length[0] < 0) {
            if (failed[0] != null) {
                throw failed[0];
            }
            throw c.raise(ErrorClass.TYPE, call + ": the objects of the root (" + root
                + ") could not be serialized (its call raised the reason)");
        }
        if (c.rank != root) {
            data = new byte[length[0]];
        }
        CommCollectives.bcastInSpan(c, call, false, data, 0, data.length, MPI.BYTE, root);
        if (c.rank != root) {
            storeAt(c, call, data, 0, data.length, buf, off, count, type, root);
        }
    }

    /** {@code sbuf == IN_PLACE} at the root: its own objects are already where they belong. */
    static void gatherv(Comm c, String call, Object sbuf, int soff, int scount, Object rbuf, int roff,
                        int[] rcounts, int[] displs, int root) {
        gatherv(c, call, sbuf, soff, scount, Datatype.OBJECT_TYPE, rbuf, roff, rcounts, displs, Datatype.OBJECT_TYPE,
            root);
    }

    /** With types built on MPI.OBJECT: displacements count extents of {@code rtype}. */
    static void gatherv(Comm c, String call, Object sbuf, int soff, int scount, Datatype stype, Object rbuf,
                        int roff, int[] rcounts, int[] displs, Datatype rtype, int root) {
        boolean inPlace = sbuf == CommCollectives.IN_PLACE;
        MPIException[] failed = new MPIException[1];
        byte[] mine = inPlace ? NONE : serialize(c, call, sbuf, soff, scount, stype, failed);
        boolean isRoot = c.rank == root;
        int[] lengths = isRoot ? new int[c.size] : null;
        CommCollectives.gatherInSpan(c, call, false, new int[] {lengthOf(mine)}, 0, 1, MPI.INT, lengths, 0, 1, MPI.INT,
            root);
        byte[] all = null;
        int[] sizes = null;
        int[] starts = null;
        if (isRoot) {
            sizes = nonNegative(lengths);
            starts = starts(c, call, sizes);
            all = new byte[total(starts, sizes)];
        }
        byte[] sent = mine == null ? NONE : mine;
        CommCollectives.gathervInSpan(c, call, false, sent, 0, sent.length, MPI.BYTE, all, 0, sizes, starts, MPI.BYTE, root);
        reportFailures(c, call, failed[0], lengths, "the objects");
        if (isRoot) {
            for (int i = 0; i < c.size; i++) {
                if (!(inPlace && i == root)) {
                    storeAt(c, call, all, starts[i], lengths[i], rbuf, roff + displs[i] * extent(rtype), rcounts[i],
                        rtype, i);
                }
            }
        }
    }

    /** {@code rbuf == IN_PLACE} at the root: it keeps its own objects. */
    static void scatterv(Comm c, String call, Object sbuf, int soff, int[] scounts, int[] displs, Datatype stype,
                         Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        boolean inPlace = rbuf == CommCollectives.IN_PLACE;
        boolean isRoot = c.rank == root;
        MPIException[] failed = new MPIException[1];
        byte[] all = NONE;
        int[] lengths = null;
        int[] sizes = null;
        int[] starts = null;
        if (isRoot) {
            byte[][] parts = new byte[c.size][];
            lengths = new int[c.size];
            for (int i = 0; i < c.size; i++) {
                parts[i] = inPlace && i == root ? NONE
                    : serialize(c, call, sbuf, soff + displs[i] * extent(stype), scounts[i], stype, failed);
                lengths[i] = lengthOf(parts[i]);
            }
            sizes = nonNegative(lengths);
            starts = starts(c, call, sizes);
            all = new byte[total(starts, sizes)];
            for (int i = 0; i < c.size; i++) {
                System.arraycopy(parts[i] == null ? NONE : parts[i], 0, all, starts[i], sizes[i]);
            }
        }
        int[] length = new int[1];
        CommCollectives.scatterInSpan(c, call, false, lengths, 0, 1, MPI.INT, length, 0, 1, MPI.INT, root);
        byte[] mine = new byte[Math.max(length[0], 0)];
        CommCollectives.scattervInSpan(c, call, false, all, 0, sizes, starts, MPI.BYTE, mine, 0, mine.length, MPI.BYTE,
            root);
        if (isRoot && failed[0] != null) {
            throw failed[0];
        }
        if (length[0] < 0) {
            throw c.raise(ErrorClass.TYPE, call + ": the root (" + root
                + ") could not serialize the objects for this rank (its call raised the reason)");
        }
        if (!(inPlace && isRoot)) {
            storeAt(c, call, mine, 0, mine.length, rbuf, roff, rcount, rtype, root);
        }
    }

    /** {@code sbuf == IN_PLACE}: each rank's own objects are already in its receive buffer. */
    static void allGatherv(Comm c, String call, Object sbuf, int soff, int scount, Object rbuf, int roff,
                           int[] rcounts, int[] displs) {
        allGatherv(c, call, sbuf, soff, scount, Datatype.OBJECT_TYPE, rbuf, roff, rcounts, displs,
            Datatype.OBJECT_TYPE);
    }

    /** With types built on MPI.OBJECT: displacements count extents of {@code rtype}. */
    static void allGatherv(Comm c, String call, Object sbuf, int soff, int scount, Datatype stype, Object rbuf,
                           int roff, int[] rcounts, int[] displs, Datatype rtype) {
        boolean inPlace = sbuf == CommCollectives.IN_PLACE;
        MPIException[] failed = new MPIException[1];
        byte[] mine = inPlace
            ? serialize(c, call, rbuf, roff + displs[c.rank] * extent(rtype), rcounts[c.rank], rtype, failed)
            : serialize(c, call, sbuf, soff, scount, stype, failed);
        int[] lengths = new int[c.size];
        CommCollectives.allGatherInSpan(c, call, false, new int[] {lengthOf(mine)}, 0, 1, MPI.INT, lengths, 0, 1, MPI.INT);
        int[] sizes = nonNegative(lengths);
        int[] starts = starts(c, call, sizes);
        byte[] all = new byte[total(starts, sizes)];
        byte[] sent = mine == null ? NONE : mine;
        CommCollectives.allGathervInSpan(c, call, false, sent, 0, sent.length, MPI.BYTE, all, 0, sizes, starts, MPI.BYTE);
        reportFailures(c, call, failed[0], lengths, "the objects");
        for (int i = 0; i < c.size; i++) {
            if (!(inPlace && i == c.rank)) {
                storeAt(c, call, all, starts[i], lengths[i], rbuf, roff + displs[i] * extent(rtype), rcounts[i], rtype,
                    i);
            }
        }
    }

    /** Alltoall(v) of objects: per destination, the serialized block; lengths first, then the bytes. */
    static void allToAllv(Comm c, String call, Object sbuf, int soff, int[] scounts, int[] sdispls, Datatype stype,
                          Object rbuf, int roff, int[] rcounts, int[] rdispls, Datatype rtype) {
        MPIException[] failed = new MPIException[1];
        int n = c.size;
        byte[][] parts = new byte[n][];
        int[] lengths = new int[n];
        for (int i = 0; i < n; i++) {
            parts[i] = serialize(c, call, sbuf, soff + sdispls[i] * extent(stype), scounts[i], stype, failed);
            lengths[i] = lengthOf(parts[i]);
        }
        int[] sizes = nonNegative(lengths);
        int[] starts = starts(c, call, sizes);
        byte[] all = new byte[total(starts, sizes)];
        for (int i = 0; i < n; i++) {
            System.arraycopy(parts[i] == null ? NONE : parts[i], 0, all, starts[i], sizes[i]);
        }
        int[] incoming = new int[n];
        CommCollectives.allToAllInSpan(c, call, false, lengths, 0, 1, MPI.INT, incoming, 0, 1, MPI.INT);
        int[] inSizes = nonNegative(incoming);
        int[] inStarts = starts(c, call, inSizes);
        byte[] received = new byte[total(inStarts, inSizes)];
        CommCollectives.allToAllvInSpan(c, call, false, all, 0, sizes, starts, MPI.BYTE, received, 0, inSizes, inStarts,
            MPI.BYTE);
        reportFailures(c, call, failed[0], incoming, "the objects");
        for (int i = 0; i < n; i++) {
            storeAt(c, call, received, inStarts[i], incoming[i], rbuf, roff + rdispls[i] * extent(rtype), rcounts[i],
                rtype, i);
        }
    }

    // ---------------------------------------------------------------- reductions

    /** Kinds of {@link #reduce}. */
    static final int REDUCE = -1;

    /**
     * A reduction over objects of {@code count} objects a rank. {@code
     * which} is {@link #REDUCE} (to {@code root}) or one of {@link CommCollectives}'s ALLREDUCE,
     * SCAN, EXSCAN; reduce-scatter goes through {@link #reduceScatter}. {@code sbuf == IN_PLACE}:
     * this rank's objects are in {@code rbuf} (at the root only, for reduce).
     */
    static void reduce(Comm c, String call, int which, Object sbuf, int soff, Object rbuf, int roff, int count, Op op,
                       int root) {
        checkOp(c, call, op);
        int n = c.size;
        boolean inPlace = sbuf == CommCollectives.IN_PLACE;
        Object from = inPlace ? rbuf : sbuf;
        int fromOff = inPlace ? roff : soff;
        boolean keep = which != REDUCE || c.rank == root;
        if (keep) {
            ObjectTransfer.objects(c, call, rbuf, roff, count);
        }
        Object[] all = new Object[n * count];
        int[] counts = CommCollectives.filled(n, count);
        int[] displs = new int[n];
        for (int i = 0; i < n; i++) {
            displs[i] = i * count;
        }
        if (which == REDUCE) {
            gatherv(c, call, from, fromOff, count, c.rank == root ? all : null, 0, counts, displs, root);
        } else {
            allGatherv(c, call, from, fromOff, count, all, 0, counts, displs);
        }
        if (!keep) {
            return;
        }
        int last = which == REDUCE || which == CommCollectives.ALLREDUCE ? n - 1
            : which == CommCollectives.SCAN ? c.rank : c.rank - 1;
        if (last < 0) {
            return; // exscan at rank 0: the receive buffer is left as it is (undefined in MPI)
        }
        Object[] result = combine(c, call, op, all, 0, last, 0, count, count);
        System.arraycopy(result, 0, (Object[]) rbuf, roff, count);
    }

    /** Reduce-scatter of objects: every rank gathers all contributions and combines its own block. */
    static void reduceScatter(Comm c, String call, Object sbuf, int soff, Object rbuf, int roff, int[] counts, Op op) {
        checkOp(c, call, op);
        int n = c.size;
        int total = 0;
        int[] blockStarts = new int[n];
        for (int i = 0; i < n; i++) {
            blockStarts[i] = total;
            total += counts[i];
        }
        boolean inPlace = sbuf == CommCollectives.IN_PLACE;
        Object from = inPlace ? rbuf : sbuf;
        int fromOff = inPlace ? roff : soff;
        ObjectTransfer.objects(c, call, rbuf, roff, inPlace ? total : counts[c.rank]);
        Object[] all = new Object[n * total];
        int[] displs = new int[n];
        for (int i = 0; i < n; i++) {
            displs[i] = i * total;
        }
        allGatherv(c, call, from, fromOff, total, all, 0, CommCollectives.filled(n, total), displs);
        int mine = counts[c.rank];
        Object[] result = combine(c, call, op, all, 0, n - 1, blockStarts[c.rank], mine, total);
        System.arraycopy(result, 0, (Object[]) rbuf, roff, mine);
    }

    /**
     * {@code x_first op ... op x_last} (rank order) over {@code count} objects from {@code at} of
     * each rank's block of {@code stride} in {@code all}: applied from the highest rank down,
     * {@code inout = x_i op inout}.
     */
    private static Object[] combine(Comm c, String call, Op op, Object[] all, int first, int last, int at, int count,
                                    int stride) {
        Object[] acc = java.util.Arrays.copyOfRange(all, last * stride + at, last * stride + at + count);
        for (int i = last - 1; i >= first; i--) {
            apply(c, call, op, all, i * stride + at, acc, 0, count);
        }
        return acc;
    }

    /** {@code inout[ioOff + k] = in[inOff + k] op inout[ioOff + k]} by the user function; ERR_OP if it fails. */
    static void apply(Comm c, String call, Op op, Object[] in, int inOff, Object[] inout, int ioOff, int count) {
        try {
            if (op.mpiJavaFunction != null) {
                op.mpiJavaFunction.Call(in, inOff, inout, ioOff, count, MPI.OBJECT);
            } else {
                Object[] a = java.util.Arrays.copyOfRange(in, inOff, inOff + count);
                Object[] b = java.util.Arrays.copyOfRange(inout, ioOff, ioOff + count);
                op.function.call(a, b, count, MPI.OBJECT);
                System.arraycopy(b, 0, inout, ioOff, count);
            }
        } catch (MPIException e) {
            throw c.raise(e.getErrorClass(), call + ": the user function of " + op + " failed on MPI.OBJECT: "
                + e.getMessage());
        } catch (RuntimeException e) {
            throw c.raise(ErrorClass.OP, call + ": the user function of " + op + " failed on MPI.OBJECT: " + e);
        }
    }

    /** Reductions take MPI.OBJECT itself, not a type derived from it (ERR_TYPE). */
    static void plainObjects(Comm c, String call, Datatype type) {
        if (type != Datatype.OBJECT_TYPE) {
            throw c.raise(ErrorClass.TYPE, call + ": " + type + " is built on MPI.OBJECT: reductions take MPI.OBJECT"
                + " itself");
        }
    }

    /** Objects reduce only with a user operation (a predefined one has nothing to compute on them). */
    static void checkOp(Comm c, String call, Op op) {
        if (op == null) {
            throw c.raise(ErrorClass.OP, call + ": op is null");
        }
        if (op.freed) {
            throw c.raise(ErrorClass.OP, call + ": op " + op + " has been freed");
        }
        if (op.code != Op.USER) {
            throw c.raise(ErrorClass.OP, call + ": op " + op + " does not apply to MPI.OBJECT (datatype): objects"
                + " reduce only with a user operation (new Op(User_function, commute))");
        }
    }

    /** {@code count} objects from {@code offset} of {@code buf}, serialized; null after storing the error in {@code failed}. */
    private static byte[] serialize(Comm c, String call, Object buf, int offset, int count, Datatype type,
                                    MPIException[] failed) {
        try {
            ObjectTransfer.Run run = ObjectTransfer.sendRun(c, call, buf, offset, count, type);
            return ObjectTransfer.serialize(c, call, run.objects(), run.offset(), run.count());
        } catch (MPIException e) {
            failed[0] = e;
            return null;
        }
    }

    private static int lengthOf(byte[] data) {
        return data == null ? -1 : data.length;
    }

    /** Raises this rank's own failure, else ERR_TYPE naming the ranks whose objects never came. */
    private static void reportFailures(Comm c, String call, MPIException own, int[] lengths, String what) {
        if (own != null) {
            throw own;
        }
        StringBuilder failed = new StringBuilder();
        for (int i = 0; lengths != null && i < lengths.length; i++) {
            if (lengths[i] < 0) {
                failed.append(failed.length() == 0 ? "" : ", ").append(i);
            }
        }
        if (failed.length() > 0) {
            throw c.raise(ErrorClass.TYPE, call + ": " + what + " of rank(s) " + failed
                + " could not be serialized (their calls raised the reason)");
        }
    }

    private static int[] nonNegative(int[] lengths) {
        int[] a = lengths.clone();
        for (int i = 0; i < a.length; i++) {
            a[i] = Math.max(a[i], 0);
        }
        return a;
    }

    private static int[] starts(Comm c, String call, int[] lengths) {
        int[] starts = new int[lengths.length];
        long at = 0;
        for (int i = 0; i < lengths.length; i++) {
            starts[i] = (int) at;
            at += lengths[i];
            if (at > Integer.MAX_VALUE) {
                throw c.raise(ErrorClass.COUNT, call + ": the serialized objects of all ranks exceed 2^31-1 bytes");
            }
        }
        return starts;
    }

    private static int total(int[] starts, int[] lengths) {
        int n = lengths.length;
        return n == 0 ? 0 : starts[n - 1] + lengths[n - 1];
    }

    /** Deserializes rank {@code from}'s bytes into {@code count} elements of {@code objects} from {@code offset}. */
    private static void store(Comm c, String call, byte[] data, int start, int length, Object[] objects, int offset,
                              int count, int from) {
        int n;
        try {
            n = ObjectTransfer.deserialize(data, start, length, objects, offset, count);
        } catch (java.io.IOException | ClassNotFoundException | RuntimeException e) {
            throw c.raise(ErrorClass.TYPE, call + ": the MPI.OBJECT data of rank " + from
                + " could not be deserialized: " + e);
        }
        if (n < 0) {
            throw c.raise(ErrorClass.TRUNCATE, call + ": rank " + from + " sent more objects than the receive count "
                + count + " (the first " + count + " were stored)");
        }
    }

    /** Objects of one element of a type built on MPI.OBJECT: its extent (1 for MPI.OBJECT). */
    private static int extent(Datatype type) {
        return type == Datatype.OBJECT_TYPE ? 1 : (int) type.layout().extent();
    }

    /**
     * Deserializes rank {@code from}'s bytes into {@code count} items of {@code type} at element
     * {@code offset} of {@code buf}: MPI.OBJECT's elements in a row, a derived type's at its
     * type map positions.
     */
    private static void storeAt(Comm c, String call, byte[] data, int start, int length, Object buf, int offset,
                                int count, Datatype type, int from) {
        if (type == Datatype.OBJECT_TYPE) {
            store(c, call, data, start, length, ObjectTransfer.objects(c, call, buf, offset, count), offset, count, from);
            return;
        }
        int[] at = ObjectTransfer.positions(c, call, buf, offset, count, type);
        Object[] flat = new Object[at.length];
        int n;
        try {
            n = ObjectTransfer.deserialize(data, start, length, flat, 0, at.length);
        } catch (java.io.IOException | ClassNotFoundException | RuntimeException e) {
            throw c.raise(ErrorClass.TYPE, call + ": the MPI.OBJECT data of rank " + from
                + " could not be deserialized: " + e);
        }
        Object[] objects = (Object[]) buf;
        for (int i = 0, stored = n < 0 ? at.length : n; i < stored; i++) {
            objects[at[i]] = flat[i];
        }
        if (n < 0) {
            throw c.raise(ErrorClass.TRUNCATE, call + ": rank " + from + " sent more objects than the receive count "
                + count + " of " + type + " holds (the first " + at.length + " were stored)");
        }
    }
}

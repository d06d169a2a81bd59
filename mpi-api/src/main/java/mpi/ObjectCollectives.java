package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * {@code MPI.OBJECT} in the collectives that mpiJava programs use with it: broadcast, gather(v),
 * scatter(v) and allgather(v), blocking. Each is two collectives of the communicator, in the same
 * order on every rank: first the byte length of each rank's serialized objects, then the bytes
 * themselves; every receiver then deserializes its part into its {@code Object[]}. The layer
 * below sees only {@code int}s and {@code byte}s, so the call tags, argument checks and error
 * reporting are those of every other collective (errors name the program's call).
 *
 * <p>A rank whose objects cannot be serialized (or whose buffer argument is wrong) still takes
 * part in both collectives, announcing length -1 and sending nothing, and raises its error after
 * them; the ranks that were to receive those objects raise ERR_TYPE naming it. Nobody is left
 * waiting in a collective that a failed rank never entered.
 *
 * <p>Other collectives (reductions, all-to-all, the nonblocking forms) refuse MPI.OBJECT with
 * ERR_TYPE: a nonblocking form would have to serialize and deserialize in completion hooks,
 * which no program we know of needs.
 */
final class ObjectCollectives {
    private static final byte[] NONE = new byte[0];

    private ObjectCollectives() {
    }

    /** Whether either type is MPI.OBJECT; then both must be (one type for the bcast: pass it twice). */
    static boolean involved(Comm c, String call, boolean nb, Datatype a, Datatype b) {
        boolean objects = a == Datatype.OBJECT_TYPE || b == Datatype.OBJECT_TYPE;
        if (!objects) {
            return false;
        }
        if (nb) {
            throw c.raise(ErrorClass.TYPE, call + ": MPI.OBJECT is not supported in nonblocking collectives;"
                + " use the blocking form");
        }
        if (a != null && b != null && a != b) {
            throw c.raise(ErrorClass.TYPE, call + ": MPI.OBJECT on one side needs MPI.OBJECT on the other (got "
                + a + " and " + b + ")");
        }
        return true;
    }

    static void bcast(Comm c, String call, Object buf, int off, int count, int root) {
        MPIException[] failed = new MPIException[1];
        byte[] data = c.rank == root ? serialize(c, call, buf, off, count, failed) : NONE;
        int[] length = {lengthOf(data)};
        CommCollectives.bcast(c, call, false, length, 0, 1, MPI.INT, root);
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
        CommCollectives.bcast(c, call, false, data, 0, data.length, MPI.BYTE, root);
        if (c.rank != root) {
            store(c, call, data, 0, data.length, ObjectTransfer.objects(c, call, buf, off, count), off, count, root);
        }
    }

    /** {@code sbuf == IN_PLACE} at the root: its own objects are already where they belong. */
    static void gatherv(Comm c, String call, Object sbuf, int soff, int scount, Object rbuf, int roff,
                        int[] rcounts, int[] displs, int root) {
        boolean inPlace = sbuf == CommCollectives.IN_PLACE;
        MPIException[] failed = new MPIException[1];
        byte[] mine = inPlace ? NONE : serialize(c, call, sbuf, soff, scount, failed);
        boolean isRoot = c.rank == root;
        int[] lengths = isRoot ? new int[c.size] : null;
        CommCollectives.gather(c, call, false, new int[] {lengthOf(mine)}, 0, 1, MPI.INT, lengths, 0, 1, MPI.INT,
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
        CommCollectives.gatherv(c, call, false, sent, 0, sent.length, MPI.BYTE, all, 0, sizes, starts, MPI.BYTE, root);
        reportFailures(c, call, failed[0], lengths, "the objects");
        if (isRoot) {
            for (int i = 0; i < c.size; i++) {
                if (!(inPlace && i == root)) {
                    Object[] into = ObjectTransfer.objects(c, call, rbuf, roff + displs[i], rcounts[i]);
                    store(c, call, all, starts[i], lengths[i], into, roff + displs[i], rcounts[i], i);
                }
            }
        }
    }

    /** {@code rbuf == IN_PLACE} at the root: it keeps its own objects. */
    static void scatterv(Comm c, String call, Object sbuf, int soff, int[] scounts, int[] displs,
                         Object rbuf, int roff, int rcount, int root) {
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
                    : serialize(c, call, sbuf, soff + displs[i], scounts[i], failed);
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
        CommCollectives.scatter(c, call, false, lengths, 0, 1, MPI.INT, length, 0, 1, MPI.INT, root);
        byte[] mine = new byte[Math.max(length[0], 0)];
        CommCollectives.scatterv(c, call, false, all, 0, sizes, starts, MPI.BYTE, mine, 0, mine.length, MPI.BYTE,
            root);
        if (isRoot && failed[0] != null) {
            throw failed[0];
        }
        if (length[0] < 0) {
            throw c.raise(ErrorClass.TYPE, call + ": the root (" + root
                + ") could not serialize the objects for this rank (its call raised the reason)");
        }
        if (!(inPlace && isRoot)) {
            Object[] into = ObjectTransfer.objects(c, call, rbuf, roff, rcount);
            store(c, call, mine, 0, mine.length, into, roff, rcount, root);
        }
    }

    /** {@code sbuf == IN_PLACE}: each rank's own objects are already in its receive buffer. */
    static void allGatherv(Comm c, String call, Object sbuf, int soff, int scount, Object rbuf, int roff,
                           int[] rcounts, int[] displs) {
        boolean inPlace = sbuf == CommCollectives.IN_PLACE;
        MPIException[] failed = new MPIException[1];
        byte[] mine = inPlace
            ? serialize(c, call, rbuf, roff + displs[c.rank], rcounts[c.rank], failed)
            : serialize(c, call, sbuf, soff, scount, failed);
        int[] lengths = new int[c.size];
        CommCollectives.allGather(c, call, false, new int[] {lengthOf(mine)}, 0, 1, MPI.INT, lengths, 0, 1, MPI.INT);
        int[] sizes = nonNegative(lengths);
        int[] starts = starts(c, call, sizes);
        byte[] all = new byte[total(starts, sizes)];
        byte[] sent = mine == null ? NONE : mine;
        CommCollectives.allGatherv(c, call, false, sent, 0, sent.length, MPI.BYTE, all, 0, sizes, starts, MPI.BYTE);
        reportFailures(c, call, failed[0], lengths, "the objects");
        for (int i = 0; i < c.size; i++) {
            if (!(inPlace && i == c.rank)) {
                Object[] into = ObjectTransfer.objects(c, call, rbuf, roff + displs[i], rcounts[i]);
                store(c, call, all, starts[i], lengths[i], into, roff + displs[i], rcounts[i], i);
            }
        }
    }

    /** {@code count} objects from {@code offset} of {@code buf}, serialized; null after storing the error in {@code failed}. */
    private static byte[] serialize(Comm c, String call, Object buf, int offset, int count, MPIException[] failed) {
        try {
            return ObjectTransfer.serialize(c, call, ObjectTransfer.objects(c, call, buf, offset, count), offset, count);
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
}

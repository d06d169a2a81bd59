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
        Object[] objects = ObjectTransfer.objects(c, call, buf, off, count);
        byte[] data = c.rank == root ? ObjectTransfer.serialize(c, call, objects, off, count) : NONE;
        int[] length = {data.length};
        CommCollectives.bcast(c, call, false, length, 0, 1, MPI.INT, root);
        if (c.rank != root) {
            data = new byte[length[0]];
        }
        CommCollectives.bcast(c, call, false, data, 0, data.length, MPI.BYTE, root);
        if (c.rank != root) {
            store(c, call, data, 0, data.length, objects, off, count, root);
        }
    }

    /** {@code sbuf == IN_PLACE} at the root: its own objects are already where they belong. */
    static void gatherv(Comm c, String call, Object sbuf, int soff, int scount, Object rbuf, int roff,
                        int[] rcounts, int[] displs, int root) {
        boolean inPlace = sbuf == CommCollectives.IN_PLACE;
        byte[] mine = inPlace ? NONE
            : ObjectTransfer.serialize(c, call, ObjectTransfer.objects(c, call, sbuf, soff, scount), soff, scount);
        boolean isRoot = c.rank == root;
        int[] lengths = isRoot ? new int[c.size] : null;
        CommCollectives.gather(c, call, false, new int[] {mine.length}, 0, 1, MPI.INT, lengths, 0, 1, MPI.INT, root);
        byte[] all = null;
        int[] starts = null;
        if (isRoot) {
            starts = starts(c, call, lengths);
            all = new byte[total(starts, lengths)];
        }
        CommCollectives.gatherv(c, call, false, mine, 0, mine.length, MPI.BYTE, all, 0, lengths, starts, MPI.BYTE, root);
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
        byte[] all = NONE;
        int[] lengths = null;
        int[] starts = null;
        if (isRoot) {
            byte[][] parts = new byte[c.size][];
            lengths = new int[c.size];
            for (int i = 0; i < c.size; i++) {
                parts[i] = inPlace && i == root ? NONE : ObjectTransfer.serialize(c, call,
                    ObjectTransfer.objects(c, call, sbuf, soff + displs[i], scounts[i]), soff + displs[i], scounts[i]);
                lengths[i] = parts[i].length;
            }
            starts = starts(c, call, lengths);
            all = new byte[total(starts, lengths)];
            for (int i = 0; i < c.size; i++) {
                System.arraycopy(parts[i], 0, all, starts[i], lengths[i]);
            }
        }
        int[] length = new int[1];
        CommCollectives.scatter(c, call, false, lengths, 0, 1, MPI.INT, length, 0, 1, MPI.INT, root);
        byte[] mine = new byte[length[0]];
        CommCollectives.scatterv(c, call, false, all, 0, lengths, starts, MPI.BYTE, mine, 0, mine.length, MPI.BYTE,
            root);
        if (!(inPlace && isRoot)) {
            Object[] into = ObjectTransfer.objects(c, call, rbuf, roff, rcount);
            store(c, call, mine, 0, mine.length, into, roff, rcount, root);
        }
    }

    /** {@code sbuf == IN_PLACE}: each rank's own objects are already in its receive buffer. */
    static void allGatherv(Comm c, String call, Object sbuf, int soff, int scount, Object rbuf, int roff,
                           int[] rcounts, int[] displs) {
        boolean inPlace = sbuf == CommCollectives.IN_PLACE;
        byte[] mine = inPlace
            ? ObjectTransfer.serialize(c, call, ObjectTransfer.objects(c, call, rbuf, roff + displs[c.rank],
                rcounts[c.rank]), roff + displs[c.rank], rcounts[c.rank])
            : ObjectTransfer.serialize(c, call, ObjectTransfer.objects(c, call, sbuf, soff, scount), soff, scount);
        int[] lengths = new int[c.size];
        CommCollectives.allGather(c, call, false, new int[] {mine.length}, 0, 1, MPI.INT, lengths, 0, 1, MPI.INT);
        int[] starts = starts(c, call, lengths);
        byte[] all = new byte[total(starts, lengths)];
        CommCollectives.allGatherv(c, call, false, mine, 0, mine.length, MPI.BYTE, all, 0, lengths, starts, MPI.BYTE);
        for (int i = 0; i < c.size; i++) {
            if (!(inPlace && i == c.rank)) {
                Object[] into = ObjectTransfer.objects(c, call, rbuf, roff + displs[i], rcounts[i]);
                store(c, call, all, starts[i], lengths[i], into, roff + displs[i], rcounts[i], i);
            }
        }
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

package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.CompletionHook;
import org.atollmpi.engine.Operation;

/**
 * {@code MPI.OBJECT} (mpiJava): {@code count} objects of an {@code Object[]} travel as
 * Java-serialized bytes (the object count, then each object; shared references stay shared
 * within a message, nulls are nulls), framed so that a receive is matched when it is posted, in
 * MPI's order, like every other receive.
 *
 * <pre>
 *  first part (the communicator's point-to-point context, the program's tag), at most FIRST_PART bytes:
 *   0               4               8
 *   +---------------+---------------+------------------------------------------+
 *   | length (int)  | second tag    | the first FIRST_PART - 8 serialized bytes |
 *   +---------------+---------------+------------------------------------------+
 *  second part, only when length &gt; FIRST_PART - 8: the rest of the bytes, on the communicator's
 *  collective context with tag "second tag" = SECOND_PART_TAG | sequence (per sending communicator)
 * </pre>
 *
 * <p>A receive posts an ordinary engine receive of FIRST_PART bytes for the first part, so it
 * matches at post time in posting order (a typed receive posted after it cannot take its
 * message, a wait in any order finds the right message). When the first part arrives, a
 * completion hook (in the progress pass, whoever progresses) posts the receive of the second
 * part, from exactly that sender with exactly its tag, into an array of the announced length;
 * the second tags live in a range of the collective context that no collective uses
 * ({@code CollectiveSchedule} stays below 2^30, {@code Neighbors} and {@code Agreement} start at
 * 0x7FFE0000), and a sender's sequence makes each one unique, so no other receive can take it.
 * The request waits on a composite operation completed when the last part has arrived; the
 * objects are deserialized by the thread that collects the request, or by the completion hook
 * of a freed one (a freed receive still completes and consumes its message, MPI-4.1 §3.7.3).
 */
final class ObjectTransfer {
    /** Header bytes of a first part: the serialized length, then the second part's tag. */
    static final int HEADER = 8;
    /** The largest first part: the header and the first serialized bytes. */
    static final int FIRST_PART = 8192;
    /** Tags of second parts on the collective context: this, or'ed with a sequence number. */
    static final int SECOND_PART_TAG = 0x60000000;
    static final int SEQUENCE_MASK = 0x0FFFFFFF;

    private final Comm comm;
    private final Engine engine;
    private final Object[] objects;
    private final int offset;
    private final int count;
    /** The first part's buffer, and the whole message once its length is known. */
    private final byte[] first = new byte[FIRST_PART];
    private byte[] data;
    private int dataStart;
    private int dataLength;
    /** The receive of the first part, posted at once. */
    private Operation head;
    /** The receive of the second part, posted by the first part's hook. */
    private Operation rest;
    /** What the request waits on: complete when every part has arrived (or failed, or was cancelled). */
    final Operation whole;
    /** A type derived from MPI.OBJECT: the objects received are then stored at these indices of {@link #target}. */
    private Object[] target;
    private int[] positions;
    /** Deserialize as soon as the message is complete: the request was freed. */
    private boolean storeWhenDone;
    private Status finished;

    private ObjectTransfer(Comm comm, Engine engine, Object[] objects, int offset, int count) {
        this.comm = comm;
        this.engine = engine;
        this.objects = objects;
        this.offset = offset;
        this.count = count;
        this.whole = engine.newComposite(comm.p2pContext);
    }

    /**
     * Posts the receive of {@code count} objects into {@code objects[offset...]} from {@code peer}
     * (world rank or the engine's ANY_SOURCE) with engine tag {@code tag}: matched from now on.
     */
    static ObjectTransfer post(Comm comm, Engine engine, Object[] objects, int offset, int count, int peer, int tag) {
        return post(comm, engine, objects, offset, count, null, peer, tag);
    }

    /**
     * As {@link #post(Comm, Engine, Object[], int, int, int, int)}; with {@code positions} (a type
     * derived from MPI.OBJECT), the objects land at those indices of {@code objects}, in order.
     */
    static ObjectTransfer post(Comm comm, Engine engine, Object[] objects, int offset, int count, int[] positions,
                               int peer, int tag) {
        ObjectTransfer t = positions == null ? new ObjectTransfer(comm, engine, objects, offset, count)
            : new ObjectTransfer(comm, engine, new Object[positions.length], 0, positions.length);
        if (positions != null) {
            t.target = objects;
            t.positions = positions;
        }
        t.head = engine.irecv(t.first, Addresses.BYTE_ARRAY_BASE, FIRST_PART, peer, tag, comm.p2pContext, t.first);
        engine.whenComplete(t.head, t::firstPartArrived);
        return t;
    }

    /** The first part's hook (engine lock held): completes the message or posts its second part. */
    private void firstPartArrived(Operation o) {
        if (o.isCancelled() || o.error() != ErrorClass.SUCCESS) {
            done(o.isCancelled() ? ErrorClass.SUCCESS : o.error(), o.errorMessage());
            return;
        }
        int got = o.byteCount();
        int length = got >= HEADER ? readInt(first, 0) : -1;
        int secondTag = got >= HEADER ? readInt(first, 4) : -1;
        int inFirst = FIRST_PART - HEADER;
        boolean framed = length >= 0 && (secondTag & ~SEQUENCE_MASK) == SECOND_PART_TAG
            && (length <= inFirst ? got == HEADER + length : got == FIRST_PART);
        if (!framed) {
            done(ErrorClass.TYPE, "the message (" + got + " bytes) is not MPI.OBJECT data: was it sent with"
                + " another datatype?");
            return;
        }
        if (length <= inFirst) {
            data = first;
            dataStart = HEADER;
            dataLength = length;
            done(ErrorClass.SUCCESS, null);
            return;
        }
        data = new byte[length];
        dataLength = length;
        System.arraycopy(first, HEADER, data, 0, inFirst);
        rest = engine.irecv(data, Addresses.BYTE_ARRAY_BASE + inFirst, length - inFirst, o.source(), secondTag,
            comm.collContext, data);
        int restBytes = length - inFirst;
        engine.whenComplete(rest, r -> {
            if (r.error() == ErrorClass.SUCCESS && r.byteCount() != restBytes) {
                done(ErrorClass.TYPE, "the second part of the MPI.OBJECT message holds " + r.byteCount()
                    + " bytes, not the " + restBytes + " its first part announced");
            } else {
                done(r.error(), r.errorMessage());
            }
        });
    }

    private void done(int error, String message) {
        engine.completeComposite(whole, error, message);
        if (storeWhenDone) {
            finish(MPI.UNDEFINED);
            retire();
        }
    }

    /** Asks the engine to cancel the receive: it succeeds while no message has matched the first part. */
    void cancel() {
        if (!whole.isComplete()) {
            engine.cancel(head);
        }
    }

    /** The request lets go: the receive still completes, and its objects are stored then. */
    void free() {
        engine.execute(() -> {
            if (whole.isComplete()) {
                finish(MPI.UNDEFINED);
                retire();
            } else {
                storeWhenDone = true;
            }
        });
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | b[at + 3] & 0xFF;
    }

    private static void writeInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    // ---------------------------------------------------------------- sending

    /**
     * The bytes a send of {@code count} objects puts on the wire: header and serialized objects
     * (ERR_TYPE naming an element that cannot be serialized). A message that needs a second part
     * takes the communicator's next sequence number for its tag.
     */
    static byte[] frame(Comm comm, String call, Object[] objects, int offset, int count) {
        byte[] framed = serialize(comm, call, objects, offset, count, HEADER);
        int length = framed.length - HEADER;
        int secondTag = SECOND_PART_TAG;
        if (framed.length > FIRST_PART) {
            secondTag |= comm.objectSequence.getAndIncrement() & SEQUENCE_MASK;
        }
        writeInt(framed, 0, length);
        writeInt(framed, 4, secondTag);
        return framed;
    }

    private static int secondTag(byte[] framed) {
        return readInt(framed, 4);
    }

    /** The mode of a second part: buffered stays buffered; otherwise standard (a ready send's receiver posts it late). */
    private static int secondMode(int mode) {
        return mode == Engine.MODE_BUFFERED ? Engine.MODE_BUFFERED : Engine.MODE_STANDARD;
    }

    /** Sends a framed message (blocking): the first part in {@code mode}, then any second part. */
    static void send(Comm comm, Engine engine, int mode, byte[] framed, int peer, int tag) {
        int firstBytes = Math.min(framed.length, FIRST_PART);
        engine.send(mode, framed, Addresses.BYTE_ARRAY_BASE, firstBytes, peer, tag, comm.p2pContext);
        if (framed.length > firstBytes) {
            engine.send(secondMode(mode), framed, Addresses.BYTE_ARRAY_BASE + firstBytes, framed.length - firstBytes,
                peer, secondTag(framed), comm.collContext);
        }
    }

    /** Starts a framed message: one operation, or a composite one complete when both parts are sent. */
    static Operation isend(Comm comm, Engine engine, int mode, byte[] framed, int peer, int tag) {
        int firstBytes = Math.min(framed.length, FIRST_PART);
        if (framed.length == firstBytes) {
            return engine.isend(mode, framed, Addresses.BYTE_ARRAY_BASE, firstBytes, peer, tag, comm.p2pContext, framed);
        }
        Operation whole = engine.newComposite(comm.p2pContext);
        Operation a = engine.isend(mode, framed, Addresses.BYTE_ARRAY_BASE, firstBytes, peer, tag, comm.p2pContext,
            framed);
        Operation b;
        try {
            b = engine.isend(secondMode(mode), framed, Addresses.BYTE_ARRAY_BASE + firstBytes,
                framed.length - firstBytes, peer, secondTag(framed), comm.collContext, framed);
        } catch (RuntimeException e) {
            engine.release(a);
            throw e;
        }
        int[] pending = {2};
        CompletionHook part = o -> {
            int error = o.error();
            String message = o.errorMessage();
            engine.release(o);
            if (error != ErrorClass.SUCCESS && !whole.isComplete()) {
                engine.completeComposite(whole, error, message);
            } else if (--pending[0] == 0) {
                engine.completeComposite(whole, ErrorClass.SUCCESS, null);
            }
        };
        engine.whenComplete(a, part);
        engine.whenComplete(b, part);
        return whole;
    }

    /** Checks an OBJECT buffer argument: an {@code Object[]} holding {@code count} elements from {@code offset}. */
    static Object[] objects(Comm comm, String call, Object buf, int offset, int count) {
        if (count < 0) {
            throw comm.raise(ErrorClass.COUNT, call + ": count " + count + " is negative");
        }
        if (buf == null) {
            if (count == 0) {
                return new Object[0];
            }
            throw comm.raise(ErrorClass.BUFFER, call + ": buffer is null but count is " + count);
        }
        if (!(buf instanceof Object[])) {
            throw comm.raise(ErrorClass.TYPE, call + ": MPI.OBJECT needs an Object[] buffer, not a "
                + buf.getClass().getTypeName());
        }
        Object[] objects = (Object[]) buf;
        if (offset < 0 || offset + (long) count > objects.length) {
            throw comm.raise(ErrorClass.BUFFER, call + ": count " + count + " of MPI_OBJECT at offset " + offset
                + " does not fit in the buffer " + buf.getClass().getComponentType().getSimpleName() + "["
                + objects.length + "]");
        }
        return objects;
    }

    /**
     * {@code count} items of {@code type}, a committed type derived from MPI.OBJECT, from element
     * {@code offset} of an {@code Object[]}: the index of each of their objects in type-map order
     * (item {@code k}'s origin is {@code offset + k * extent}); ERR_BUFFER when one falls outside
     * the array.
     */
    static int[] positions(Comm comm, String call, Object buf, int offset, int count, Datatype type) {
        if (!type.usable()) {
            type.checkUsable(comm, call);
        }
        Object[] objects = objects(comm, call, buf, 0, 0);
        int[] d = type.objectDisplacements();
        long extent = type.layout().extent();
        long n = (long) count * d.length;
        if (n > Integer.MAX_VALUE) {
            throw comm.raise(ErrorClass.COUNT, call + ": count " + count + " of " + type + " is more than 2^31-1 objects");
        }
        int[] at = new int[(int) n];
        int i = 0;
        for (int k = 0; k < count; k++) {
            for (int j = 0; j < d.length; j++) {
                long p = offset + k * extent + d[j];
                if (p < 0 || p >= objects.length) {
                    throw comm.raise(ErrorClass.BUFFER, call + ": count " + count + " of " + type + " at offset " + offset
                        + " reaches element " + p + ", outside the buffer Object[" + objects.length + "]");
                }
                at[i++] = (int) p;
            }
        }
        return at;
    }

    /** Objects to send: {@code count} of them from {@code offset} of {@code objects}. */
    record Run(Object[] objects, int offset, int count) {
    }

    /**
     * What a send of {@code count} items of {@code type} (MPI.OBJECT, or a type derived from it)
     * takes from {@code buf}, checked: MPI.OBJECT's elements as they are, a derived type's
     * objects gathered in type-map order.
     */
    static Run sendRun(Comm comm, String call, Object buf, int offset, int count, Datatype type) {
        if (type == Datatype.OBJECT_TYPE) {
            return new Run(objects(comm, call, buf, offset, count), offset, count);
        }
        if (count < 0) {
            throw comm.raise(ErrorClass.COUNT, call + ": count " + count + " is negative");
        }
        Object[] flat = gather(buf, positions(comm, call, buf, offset, count, type));
        return new Run(flat, 0, flat.length);
    }

    /** The objects at {@code positions} of {@code buf}, in that order (a send of a type derived from MPI.OBJECT). */
    static Object[] gather(Object buf, int[] positions) {
        Object[] objects = (Object[]) buf;
        Object[] flat = new Object[positions.length];
        for (int i = 0; i < positions.length; i++) {
            flat[i] = objects[positions[i]];
        }
        return flat;
    }

    /** The message for {@code count} objects from {@code offset}: ERR_TYPE naming an element that cannot be serialized. */
    static byte[] serialize(Comm comm, String call, Object[] objects, int offset, int count) {
        return serialize(comm, call, objects, offset, count, 0);
    }

    /** As {@link #serialize(Comm, String, Object[], int, int)}, after {@code reserve} zero bytes. */
    private static byte[] serialize(Comm comm, String call, Object[] objects, int offset, int count, int reserve) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(reserve + 64 + 16 * count);
        bytes.write(new byte[reserve], 0, reserve);
        int i = offset;
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeInt(count);
            for (; i < offset + count; i++) {
                out.writeObject(objects[i]);
            }
        } catch (NotSerializableException e) {
            throw comm.raise(ErrorClass.TYPE, call + ": element " + i + " of the Object[] buffer ("
                + objects[i].getClass().getName() + ") is not serializable (" + e.getMessage() + " is not Serializable)");
        } catch (IOException | RuntimeException e) {
            throw comm.raise(ErrorClass.TYPE, call + ": element " + i + " of the Object[] buffer could not be serialized: " + e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads a message into {@code objects[offset...]}: the number of objects it held, or -1
     * (after filling {@code count}) when it held more than {@code count}.
     *
     * @throws IOException or ClassNotFoundException when the bytes are not such a message
     */
    static int deserialize(byte[] data, int length, Object[] objects, int offset, int count)
            throws IOException, ClassNotFoundException {
        return deserialize(data, 0, length, objects, offset, count);
    }

    /** As {@link #deserialize(byte[], int, Object[], int, int)}, from {@code start} of {@code data}. */
    static int deserialize(byte[] data, int start, int length, Object[] objects, int offset, int count)
            throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data, start, length))) {
            int n = in.readInt();
            int fill = Math.min(n, count);
            for (int i = 0; i < fill; i++) {
                objects[offset + i] = in.readObject();
            }
            return n > count ? -1 : n;
        }
    }

    /**
     * The status of the completed receive, the objects stored: the count of objects in
     * {@code getCount(MPI.OBJECT)}; ERR_TRUNCATE when more arrived than {@code count}. Once:
     * later calls return the same status.
     */
    Status finish(int index) {
        if (finished != null) {
            finished.index = index;
            return finished;
        }
        Status s;
        if (head.isCancelled()) {
            s = new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, ErrorClass.SUCCESS, true, index);
        } else {
            s = comm.statusOf(head, index);
            if (whole.error() != ErrorClass.SUCCESS) {
                s.fail(whole.error(), whole.errorMessage());
            } else {
                s.countInBytes = dataLength;
                try {
                    int n = deserialize(data, dataStart, dataLength, objects, offset, count);
                    if (n < 0) {
                        s.fail(ErrorClass.TRUNCATE, "the message holds more objects than the receive's count "
                            + count + " (the first " + count + " were stored)");
                    } else {
                        s.objectCount = n;
                    }
                    if (positions != null) {
                        for (int i = 0, stored = n < 0 ? count : n; i < stored; i++) {
                            target[positions[i]] = objects[i];
                        }
                    }
                } catch (IOException | ClassNotFoundException | RuntimeException e) {
                    s.fail(ErrorClass.TYPE, "the MPI.OBJECT message could not be deserialized: " + e);
                }
            }
        }
        data = null;
        finished = s;
        return s;
    }

    /** Gives the engine back the parts' operations: the request is retired (after {@link #finish}). */
    void retire() {
        engine.release(head);
        if (rest != null) {
            engine.release(rest);
        }
    }
}

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
import org.atollmpi.engine.MatchedMessage;
import org.atollmpi.engine.Operation;

/**
 * {@code MPI.OBJECT} (mpiJava): {@code count} objects of an {@code Object[]} travel as one message
 * of Java-serialized bytes (the object count, then each object; shared references stay shared
 * within a message, nulls are nulls).
 *
 * <p>A receiver cannot size its buffer before the message arrives, so a receive claims the
 * message with a matched probe ({@link Engine#improbe}/{@link Engine#mprobe}: the message leaves
 * matching, so no other thread's receive can take it), then receives exactly that message into a
 * byte array of its size: at once for a blocking receive, lazily in test/wait for a nonblocking
 * one ({@link #tryMatch}/{@link #match}).
 */
final class ObjectTransfer {
    private final Comm comm;
    private final Engine engine;
    private final Object[] objects;
    private final int offset;
    private final int count;
    /** World rank or the engine's ANY_SOURCE. */
    private final int peer;
    /** Engine tag (ANY_TAG translated). */
    private final int tag;
    private byte[] data;
    /** The receive of the probed message, once posted. */
    Operation op;
    /** Cancelled before a message was matched. */
    boolean cancelled;
    private Status finished;

    ObjectTransfer(Comm comm, Engine engine, Object[] objects, int offset, int count, int peer, int tag) {
        this.comm = comm;
        this.engine = engine;
        this.objects = objects;
        this.offset = offset;
        this.count = count;
        this.peer = peer;
        this.tag = tag;
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

    /** The message for {@code count} objects from {@code offset}: ERR_TYPE naming an element that cannot be serialized. */
    static byte[] serialize(Comm comm, String call, Object[] objects, int offset, int count) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 16 * count);
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

    /** Posts the receive if a matching message has arrived; true once posted (or cancelled). */
    boolean tryMatch() {
        if (op != null || cancelled) {
            return true;
        }
        MatchedMessage claimed = engine.improbe(peer, tag, comm.p2pContext);
        if (claimed == null) {
            return false;
        }
        post(claimed);
        return true;
    }

    /** Waits for a matching message and posts its receive. */
    void match() {
        if (op == null && !cancelled) {
            post(engine.mprobe(peer, tag, comm.p2pContext));
        }
    }

    private void post(MatchedMessage claimed) {
        int bytes = claimed.byteCount();
        data = new byte[bytes];
        op = engine.imrecv(claimed, data, Addresses.BYTE_ARRAY_BASE, bytes, data);
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
        Status s = comm.statusOf(op, index);
        if (s.getError() == ErrorClass.SUCCESS) {
            try {
                int n = deserialize(data, op.byteCount(), objects, offset, count);
                if (n < 0) {
                    s.fail(ErrorClass.TRUNCATE, "the message holds more objects than the receive's count "
                        + count + " (the first " + count + " were stored)");
                } else {
                    s.objectCount = n;
                }
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                s.fail(ErrorClass.TYPE, "the MPI.OBJECT message could not be deserialized: " + e);
            }
        }
        finished = s;
        return s;
    }
}

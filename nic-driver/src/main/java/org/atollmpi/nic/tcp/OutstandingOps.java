package org.atollmpi.nic.tcp;

import io.netty.buffer.ByteBuf;

import org.atollmpi.nic.NicStatus;

/**
 * The origin's table of its one-sided operations in flight: what each is waiting for (the parts
 * of a Put or Get, or one atomic) and where a Get's data goes. The request id on the wire names a
 * slot ({@code generation << 16 | index}); the caller's token stays here. A slot is taken at issue
 * and freed when the poll delivers its completion, so the table bounds both the operations in
 * flight and the completions waiting (then {@code BUSY}), as the shm board's completion queue
 * does.
 *
 * <p>Threads: the rank's thread opens and frees slots; replies are applied by the event loop of
 * the target's connection (or the rank's thread, to itself), which is the only one that touches an
 * open slot until it hands the completion over through the arrival queue. When a link is lost,
 * its event loop fails the operations still waiting on it ({@link #failTarget}) while the rank's
 * thread may be opening others: the table's methods hold its monitor (uncontended but for that),
 * and an operation completes once, whoever gets there first.
 */
final class OutstandingOps {
    private static final int INDEX_BITS = 16;
    private static final int INDEX_MASK = (1 << INDEX_BITS) - 1;

    private final int partBytes;
    private final int[] ids;
    private final int[] targets;
    private final long[] tokens;
    private final boolean[] gets;
    private final Object[] dstBases;
    private final long[] dstOffsets;
    private final int[] lengths;
    private final int[] partsLeft;
    private final int[] statuses;
    private final int[] free;
    private int freeCount;

    OutstandingOps(int capacity, int partBytes) {
        this.partBytes = partBytes;
        ids = new int[capacity];
        targets = new int[capacity];
        tokens = new long[capacity];
        gets = new boolean[capacity];
        dstBases = new Object[capacity];
        dstOffsets = new long[capacity];
        lengths = new int[capacity];
        partsLeft = new int[capacity];
        statuses = new int[capacity];
        free = new int[capacity];
        for (int i = capacity - 1; i >= 0; i--) {
            free[freeCount++] = i;
        }
    }

    /** How many frames (and so replies) an operation of {@code length} bytes takes. */
    int parts(int length) {
        return length == 0 ? 1 : (int) (((long) length + partBytes - 1) / partBytes);
    }

    int partBytes() {
        return partBytes;
    }

    /**
     * Rank's thread.
     *
     * @param get whether the operation is a Get, whose data goes to {@code (dstBase, dstOffset)}
     * @return the request id, or -1 when the table is full
     */
    synchronized int open(int target, long token, boolean get, Object dstBase, long dstOffset, int length, int parts) {
        if (freeCount == 0) {
            return -1;
        }
        int index = free[--freeCount];
        int generation = ((ids[index] >>> INDEX_BITS) + 1) & 0x7FFF;
        int id = (generation == 0 ? 1 : generation) << INDEX_BITS | index;
        ids[index] = id;
        targets[index] = target;
        tokens[index] = token;
        gets[index] = get;
        dstBases[index] = dstBase;
        dstOffsets[index] = dstOffset;
        lengths[index] = length;
        partsLeft[index] = parts;
        statuses[index] = NicStatus.OK;
        return id;
    }

    /** Rank's thread, once the completion is delivered. */
    synchronized void close(int id) {
        int index = id & INDEX_MASK;
        dstBases[index] = null;
        partsLeft[index] = 0;
        free[freeCount++] = index;
    }

    /** A GET_REPLY: copies the part into the destination. @return the completion once every part is in */
    synchronized Arrival onGetReply(int source, int id, int part, ByteBuf data) {
        int index = replySlot(source, id, part, data.readableBytes());
        Frames.readInto(data, data.readerIndex(), dstBases[index], dstOffsets[index] + part, data.readableBytes());
        return partDone(index, NicStatus.OK, 0);
    }

    /** The slot of a Get expecting a part of {@code bytes} at {@code part}. */
    private int replySlot(int source, int id, int part, int bytes) {
        int index = slot(source, id);
        int length = lengths[index];
        int expected = part < 0 || part >= Math.max(length, 1) || part % partBytes != 0 ? -1
            : Math.min(partBytes, length - part);
        if (!gets[index] || expected != bytes) {
            throw new ProtocolViolation("GET_REPLY of " + bytes + " bytes at " + part
                + " for a Get of " + length + " bytes");
        }
        return index;
    }

    /**
     * A streamed GET_REPLY's fixed fields are in (the event loop of the target's connection): its
     * data, checked here like a whole reply's, is copied piece by piece as it is read.
     */
    synchronized BodySink streamGetReply(int source, int id, int part, int bytes, java.util.function.Consumer<Arrival> completed) {
        int index = replySlot(source, id, part, bytes);
        return new BodySink() {
            private long at = dstOffsets[index] + part;

            @Override
            public void copy(ByteBuf piece) {
                int n = piece.readableBytes();
                Frames.readInto(piece, piece.readerIndex(), dstBases[index], at, n);
                at += n;
            }

            @Override
            public void done() {
                Arrival a;
                synchronized (OutstandingOps.this) {
                    a = partsLeft[index] > 0 && ids[index] == id ? partDone(index, NicStatus.OK, 0) : null;
                }
                completed.accept(a);
            }
        };
    }

    /** A COMPLETION: one part done (or failed), or an atomic's old value. */
    synchronized Arrival onCompletion(int source, int id, int status, long value) {
        return partDone(slot(source, id), status, value);
    }

    /**
     * The link to {@code target} is gone (its event loop, once no reply can come on it): every
     * operation still waiting on it completes with {@link NicStatus#TLINK}, handed to
     * {@code completed}.
     */
    synchronized void failTarget(int target, java.util.function.Consumer<Arrival> completed) {
        for (int index = 0; index < ids.length; index++) {
            if (partsLeft[index] > 0 && targets[index] == target) {
                completed.accept(failNow(index));
            }
        }
    }

    /**
     * The rank's thread could not write a frame of request {@code id} (the link went down): the
     * operation completes with {@link NicStatus#TLINK}, unless {@link #failTarget} got there
     * first; then null.
     */
    synchronized Arrival fail(int id) {
        int index = id & INDEX_MASK;
        return ids[index] == id && partsLeft[index] > 0 ? failNow(index) : null;
    }

    private Arrival failNow(int index) {
        statuses[index] = NicStatus.TLINK;
        partsLeft[index] = 0;
        return Arrival.completion(ids[index], tokens[index], NicStatus.TLINK, 0);
    }

    private int slot(int source, int id) {
        int index = id & INDEX_MASK;
        if (index >= ids.length || ids[index] != id || targets[index] != source || partsLeft[index] <= 0) {
            throw new ProtocolViolation("a reply for request " + id + ", which rank " + source + " was not asked");
        }
        return index;
    }

    private Arrival partDone(int index, int status, long value) {
        if (statuses[index] == NicStatus.OK) {
            statuses[index] = status;
        }
        if (--partsLeft[index] > 0) {
            return null;
        }
        return Arrival.completion(ids[index], tokens[index], statuses[index], statuses[index] == NicStatus.OK ? value : 0);
    }
}

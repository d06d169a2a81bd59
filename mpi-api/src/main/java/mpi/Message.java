package mpi;

import java.lang.ref.Reference;
import java.nio.Buffer;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.MatchedMessage;
import org.atollmpi.engine.Operation;

/**
 * A matched message (MPI-3 {@code MPI_Message}): {@link #mProbe} or {@link #imProbe} takes a
 * message out of matching, so that no other receive or probe (of this thread or another) can
 * get it, and {@link #mRecv} or {@link #imRecv} receives exactly that message.
 *
 * <p>A new {@code Message} is null ({@code MPI_MESSAGE_NULL}); after a probe it holds the matched
 * message until it is received, then it is null again. A probe of {@link MPI#PROC_NULL} yields
 * {@code MPI_MESSAGE_NO_PROC} ({@link #isNoProc()}), whose receive completes at once with a
 * PROC_NULL status (source PROC_NULL, tag ANY_TAG, count 0).
 */
public final class Message {
    /** The communicator of the probe (its ranks translate the status, its handler raises errors). */
    private Comm comm;
    /** The engine's matched message while one is held; null otherwise. */
    private MatchedMessage matched;
    private boolean noProc;

    /** {@code MPI_MESSAGE_NULL}. */
    public Message() {
    }

    public boolean isNull() {
        return matched == null && !noProc;
    }

    public boolean isNoProc() {
        return noProc;
    }

    /** Waits for a matching message and takes it out of matching; returns its status. */
    public Status mProbe(int source, int tag, Comm comm) {
        return probe(source, tag, comm, true, "mProbe");
    }

    /** As {@link #mProbe}, without waiting: {@code null} (and this message unchanged) when none has arrived. */
    public Status imProbe(int source, int tag, Comm comm) {
        return probe(source, tag, comm, false, "imProbe");
    }

    private Status probe(int source, int tag, Comm comm, boolean block, String call) {
        Engine engine = MPI.engine(call);
        if (comm == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.COMM, call + ": comm is null");
        }
        int peer = comm.source(source, call);
        int match = comm.recvTag(tag, call);
        if (peer == Comm.NO_PEER) {
            this.comm = comm;
            this.matched = null;
            this.noProc = true;
            return Status.procNull(MPI.UNDEFINED);
        }
        MatchedMessage m;
        try {
            m = block ? engine.mprobe(peer, match, comm.p2pContext) : engine.improbe(peer, match, comm.p2pContext);
        } catch (EngineException e) {
            throw comm.raise(e, call);
        }
        if (m == null) {
            return null;
        }
        this.comm = comm;
        this.matched = m;
        this.noProc = false;
        return new Status(comm.rankOf(m.source()), m.tag(), m.byteCount(), ErrorClass.SUCCESS, false, MPI.UNDEFINED);
    }

    /**
     * Receives the matched message (a non-contiguous type through a packed temporary, as
     * {@code recv}); afterwards this message is null.
     */
    public Status mRecv(Object buf, int count, Datatype type) {
        String call = "mRecv";
        Engine engine = MPI.engine(call);
        Comm c = checkHeld(call);
        long off = Buffers.offset(c, call, buf, 0, count, type, true);
        if (noProc) {
            noProc = false;
            return Status.procNull(MPI.UNDEFINED);
        }
        MatchedMessage m = matched;
        matched = null;
        Operation op;
        try {
            if (type.contiguous) {
                op = engine.mrecv(m, Buffers.base(buf), off, count * type.size);
            } else {
                byte[] packed = new byte[count * type.size];
                op = engine.mrecv(m, packed, Addresses.BYTE_ARRAY_BASE, packed.length);
                type.unpackFromArray(packed, op.byteCount(), Buffers.base(buf), off);
            }
        } catch (EngineException e) {
            throw c.raise(e, call);
        }
        Reference.reachabilityFence(buf);
        Status s = c.statusOf(op, MPI.UNDEFINED);
        if (s.getError() != ErrorClass.SUCCESS) {
            throw c.failure(s, call);
        }
        return s;
    }

    /**
     * Starts the receive of the matched message (a non-contiguous type into a {@link Staged}
     * temporary, unpacked when the request completes, as {@code iRecv}); afterwards this message
     * is null.
     */
    public Request imRecv(Buffer buf, int count, Datatype type) {
        return imRecv((Object) buf, count, type, "imRecv");
    }

    /** As {@link #imRecv(Buffer, int, Datatype)} on an array (as MVAPICH2-J accepts arrays). */
    public Request imRecv(Object buf, int count, Datatype type) {
        return imRecv(buf, count, type, "imRecv");
    }

    private Request imRecv(Object buf, int count, Datatype type, String call) {
        Engine engine = MPI.engine(call);
        Comm c = checkHeld(call);
        long off = Buffers.offset(c, call, buf, 0, count, type, true);
        if (noProc) {
            noProc = false;
            return Request.completed(c);
        }
        MatchedMessage m = matched;
        matched = null;
        Operation op;
        if (!type.contiguous) {
            Staged staged = new Staged(type, buf, off, count);
            try {
                op = engine.imrecv(m, staged.data, Addresses.BYTE_ARRAY_BASE, staged.data.length, staged.data);
            } catch (EngineException e) {
                throw c.raise(e, call);
            }
            Request r = new Request(c, op, buf);
            r.staged = staged;
            return r;
        }
        try {
            op = engine.imrecv(m, Buffers.base(buf), off, count * type.size, buf);
        } catch (EngineException e) {
            throw c.raise(e, call);
        }
        return new Request(c, op, buf);
    }

    /** The communicator of the held message; ERR_REQUEST when this message is null. */
    private Comm checkHeld(String call) {
        if (isNull()) {
            throw MPI.COMM_WORLD.raise(ErrorClass.REQUEST, call + ": the message is null (MPI_MESSAGE_NULL):"
                + " mProbe or imProbe a message first; a message is received once");
        }
        return comm;
    }

    @Override
    public String toString() {
        return noProc ? "MPI_MESSAGE_NO_PROC" : matched == null ? "MPI_MESSAGE_NULL" : "Message{" + matched + '}';
    }
}

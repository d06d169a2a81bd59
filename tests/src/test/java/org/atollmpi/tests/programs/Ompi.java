package org.atollmpi.tests.programs;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/** The Open MPI Java dialect (lower-case names, {@code MPI.slice} for offsets, array overloads). */
public final class Ompi implements Dialect {
    @Override
    public String name() {
        return "ompi";
    }

    @Override
    public int nonblockingOffset() {
        return 0;
    }

    /** An array at {@code off} as {@code MPI.slice(array, off)}; a buffer at {@code off} as {@code MPI.slice(buffer, off)}. */
    static Object at(Object buf, int off) {
        if (off == 0) {
            return buf;
        }
        if (buf instanceof ByteBuffer b) return MPI.slice(b, off);
        if (buf instanceof CharBuffer b) return MPI.slice(b, off);
        if (buf instanceof ShortBuffer b) return MPI.slice(b, off);
        if (buf instanceof IntBuffer b) return MPI.slice(b, off);
        if (buf instanceof LongBuffer b) return MPI.slice(b, off);
        if (buf instanceof FloatBuffer b) return MPI.slice(b, off);
        if (buf instanceof DoubleBuffer b) return MPI.slice(b, off);
        if (buf instanceof byte[] a) return MPI.slice(a, off);
        if (buf instanceof char[] a) return MPI.slice(a, off);
        if (buf instanceof short[] a) return MPI.slice(a, off);
        if (buf instanceof int[] a) return MPI.slice(a, off);
        if (buf instanceof long[] a) return MPI.slice(a, off);
        if (buf instanceof float[] a) return MPI.slice(a, off);
        if (buf instanceof double[] a) return MPI.slice(a, off);
        throw new IllegalArgumentException("Open MPI has no slice of " + buf.getClass().getSimpleName());
    }

    /** Nonblocking calls take a direct buffer (sliced) or, MVAPICH2-J style, a whole array. */
    private static Object nb(Object buf, int off) {
        if (buf instanceof Buffer) {
            return at(buf, off);
        }
        if (off != 0) {
            throw new IllegalArgumentException("nonblocking array calls have no offset in the Open MPI dialect");
        }
        return buf;
    }

    private static St st(Status s) {
        return s == null ? null : new St(s, false);
    }

    // Arrays and buffers go to different overloads of the nonblocking calls; pick by type.
    private static Request isendOf(int mode, Comm c, Object b, int count, Datatype t, int dest, int tag) {
        if (b instanceof Buffer buf) {
            return switch (mode) {
                case 0 -> c.iSend(buf, count, t, dest, tag);
                case 1 -> c.isSend(buf, count, t, dest, tag);
                case 2 -> c.ibSend(buf, count, t, dest, tag);
                default -> c.irSend(buf, count, t, dest, tag);
            };
        }
        return switch (mode) {
            case 0 -> c.iSend(b, count, t, dest, tag);
            case 1 -> c.isSend(b, count, t, dest, tag);
            case 2 -> c.ibSend(b, count, t, dest, tag);
            default -> c.irSend(b, count, t, dest, tag);
        };
    }

    @Override
    public int rank(Comm comm) {
        return comm.getRank();
    }

    @Override
    public int size(Comm comm) {
        return comm.getSize();
    }

    @Override
    public void send(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        c.send(at(buf, off), count, t, dest, tag);
    }

    @Override
    public void sSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        c.sSend(at(buf, off), count, t, dest, tag);
    }

    @Override
    public void bSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        c.bSend(at(buf, off), count, t, dest, tag);
    }

    @Override
    public void rSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        c.rSend(at(buf, off), count, t, dest, tag);
    }

    @Override
    public St recv(Comm c, Object buf, int off, int count, Datatype t, int source, int tag) {
        return st(c.recv(at(buf, off), count, t, source, tag));
    }

    @Override
    public St sendRecv(Comm c, Object sbuf, int soff, int scount, Datatype st, int dest, int stag,
                       Object rbuf, int roff, int rcount, Datatype rt, int source, int rtag) {
        return st(c.sendRecv(at(sbuf, soff), scount, st, dest, stag, at(rbuf, roff), rcount, rt, source, rtag));
    }

    @Override
    public St sendRecvReplace(Comm c, Object buf, int off, int count, Datatype t, int dest, int stag,
                              int source, int rtag) {
        return st(c.sendRecvReplace(at(buf, off), count, t, dest, stag, source, rtag));
    }

    @Override
    public St probe(Comm c, int source, int tag) {
        return st(c.probe(source, tag));
    }

    @Override
    public St iProbe(Comm c, int source, int tag) {
        return st(c.iProbe(source, tag));
    }

    @Override
    public Request iSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return isendOf(0, c, nb(buf, off), count, t, dest, tag);
    }

    @Override
    public Request isSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return isendOf(1, c, nb(buf, off), count, t, dest, tag);
    }

    @Override
    public Request ibSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return isendOf(2, c, nb(buf, off), count, t, dest, tag);
    }

    @Override
    public Request irSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return isendOf(3, c, nb(buf, off), count, t, dest, tag);
    }

    @Override
    public Request iRecv(Comm c, Object buf, int off, int count, Datatype t, int source, int tag) {
        Object b = nb(buf, off);
        return b instanceof Buffer buffer ? c.iRecv(buffer, count, t, source, tag) : c.iRecv(b, count, t, source, tag);
    }

    @Override
    public Prequest sendInit(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        Object b = nb(buf, off);
        return b instanceof Buffer buffer ? c.sendInit(buffer, count, t, dest, tag) : c.sendInit(b, count, t, dest, tag);
    }

    @Override
    public Prequest recvInit(Comm c, Object buf, int off, int count, Datatype t, int source, int tag) {
        Object b = nb(buf, off);
        return b instanceof Buffer buffer ? c.recvInit(buffer, count, t, source, tag) : c.recvInit(b, count, t, source, tag);
    }

    @Override
    public void start(Prequest r) {
        r.start();
    }

    @Override
    public void startAll(Prequest[] rs) {
        Prequest.startAll(rs);
    }

    @Override
    public St waitFor(Request r) {
        return st(r.waitStatus());
    }

    @Override
    public St test(Request r) {
        return st(r.testStatus());
    }

    @Override
    public int waitAny(Request[] rs) {
        return Request.waitAny(rs);
    }

    @Override
    public int testAny(Request[] rs) {
        return Request.testAny(rs);
    }

    @Override
    public St[] waitAll(Request[] rs) {
        Status[] s = Request.waitAllStatus(rs);
        St[] out = new St[s.length];
        for (int i = 0; i < s.length; i++) {
            out[i] = st(s[i]);
        }
        return out;
    }

    @Override
    public St[] testAll(Request[] rs) {
        Status[] s = Request.testAllStatus(rs);
        if (s == null) {
            return null;
        }
        St[] out = new St[s.length];
        for (int i = 0; i < s.length; i++) {
            out[i] = st(s[i]);
        }
        return out;
    }

    @Override
    public int[] waitSome(Request[] rs) {
        int[] done = Request.waitSome(rs);
        return done == null ? new int[0] : done;
    }

    @Override
    public int[] testSome(Request[] rs) {
        int[] done = Request.testSome(rs);
        return done == null ? new int[0] : done;
    }

    @Override
    public void cancel(Request r) {
        r.cancel();
    }

    @Override
    public void free(Request r) {
        r.free();
    }

    @Override
    public boolean isNull(Request r) {
        return r.isNull();
    }

    @Override
    public void attachBuffer(byte[] buffer) {
        MPI.attachBuffer(buffer);
    }

    @Override
    public byte[] detachBuffer() {
        return MPI.detachBuffer();
    }

    @Override
    public void setErrorsReturn(Comm c) {
        c.setErrhandler(MPI.ERRORS_RETURN);
    }

    @Override
    public double wtime() {
        return MPI.wtime();
    }

    @Override
    public double wtick() {
        return MPI.wtick();
    }

    @Override
    public String processorName() {
        return MPI.getProcessorName();
    }
}

package org.atollmpi.tests.programs;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/** The mpiJava 1.2 dialect (capitalised names, arrays with an element offset, Status fields). */
public final class Mpj implements Dialect {
    @Override
    public String name() {
        return "mpj";
    }

    @Override
    public int nonblockingOffset() {
        return 3;
    }

    private static St st(Status s) {
        return s == null ? null : new St(s, true);
    }

    private static St[] sts(Status[] s) {
        if (s == null) {
            return null;
        }
        St[] out = new St[s.length];
        for (int i = 0; i < s.length; i++) {
            out[i] = st(s[i]);
        }
        return out;
    }

    private static int[] indices(Status[] s) {
        if (s == null) {
            return new int[0];
        }
        int[] out = new int[s.length];
        for (int i = 0; i < s.length; i++) {
            out[i] = s[i].index;
        }
        return out;
    }

    @Override
    public int rank(Comm comm) {
        return comm.Rank();
    }

    @Override
    public int size(Comm comm) {
        return comm.Size();
    }

    @Override
    public void send(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        c.Send(buf, off, count, t, dest, tag);
    }

    @Override
    public void sSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        c.Ssend(buf, off, count, t, dest, tag);
    }

    @Override
    public void bSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        c.Bsend(buf, off, count, t, dest, tag);
    }

    @Override
    public void rSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        c.Rsend(buf, off, count, t, dest, tag);
    }

    @Override
    public St recv(Comm c, Object buf, int off, int count, Datatype t, int source, int tag) {
        return st(c.Recv(buf, off, count, t, source, tag));
    }

    @Override
    public St sendRecv(Comm c, Object sbuf, int soff, int scount, Datatype st, int dest, int stag,
                       Object rbuf, int roff, int rcount, Datatype rt, int source, int rtag) {
        return st(c.Sendrecv(sbuf, soff, scount, st, dest, stag, rbuf, roff, rcount, rt, source, rtag));
    }

    @Override
    public St sendRecvReplace(Comm c, Object buf, int off, int count, Datatype t, int dest, int stag,
                              int source, int rtag) {
        return st(c.Sendrecv_replace(buf, off, count, t, dest, stag, source, rtag));
    }

    @Override
    public St probe(Comm c, int source, int tag) {
        return st(c.Probe(source, tag));
    }

    @Override
    public St iProbe(Comm c, int source, int tag) {
        return st(c.Iprobe(source, tag));
    }

    @Override
    public Request iSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return c.Isend(buf, off, count, t, dest, tag);
    }

    @Override
    public Request isSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return c.Issend(buf, off, count, t, dest, tag);
    }

    @Override
    public Request ibSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return c.Ibsend(buf, off, count, t, dest, tag);
    }

    @Override
    public Request irSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return c.Irsend(buf, off, count, t, dest, tag);
    }

    @Override
    public Request iRecv(Comm c, Object buf, int off, int count, Datatype t, int source, int tag) {
        return c.Irecv(buf, off, count, t, source, tag);
    }

    @Override
    public Prequest sendInit(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag) {
        return c.Send_init(buf, off, count, t, dest, tag);
    }

    @Override
    public Prequest recvInit(Comm c, Object buf, int off, int count, Datatype t, int source, int tag) {
        return c.Recv_init(buf, off, count, t, source, tag);
    }

    @Override
    public void start(Prequest r) {
        r.Start();
    }

    @Override
    public void startAll(Prequest[] rs) {
        Prequest.Startall(rs);
    }

    @Override
    public St waitFor(Request r) {
        return st(r.Wait());
    }

    @Override
    public St test(Request r) {
        return st(r.Test());
    }

    @Override
    public int waitAny(Request[] rs) {
        Status s = Request.Waitany(rs);
        return s == null ? MPI.UNDEFINED : s.index;
    }

    @Override
    public int testAny(Request[] rs) {
        Status s = Request.Testany(rs);
        return s == null ? MPI.UNDEFINED : s.index;
    }

    @Override
    public St[] waitAll(Request[] rs) {
        return sts(Request.Waitall(rs));
    }

    @Override
    public St[] testAll(Request[] rs) {
        return sts(Request.Testall(rs));
    }

    @Override
    public int[] waitSome(Request[] rs) {
        return indices(Request.Waitsome(rs));
    }

    @Override
    public int[] testSome(Request[] rs) {
        return indices(Request.Testsome(rs));
    }

    @Override
    public void cancel(Request r) {
        r.Cancel();
    }

    @Override
    public void free(Request r) {
        r.Free();
    }

    @Override
    public boolean isNull(Request r) {
        return r.Is_null();
    }

    @Override
    public void attachBuffer(byte[] buffer) {
        MPI.Buffer_attach(buffer);
    }

    @Override
    public byte[] detachBuffer() {
        MPI.Buffer_detach();
        return null;
    }

    @Override
    public void setErrorsReturn(Comm c) {
        c.Errhandler_set(MPI.ERRORS_RETURN);
    }

    @Override
    public double wtime() {
        return MPI.Wtime();
    }

    @Override
    public double wtick() {
        return MPI.Wtick();
    }

    @Override
    public String processorName() {
        return MPI.Get_processor_name();
    }
}

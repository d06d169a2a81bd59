package org.atollmpi.tests.programs;

import mpi.Comm;
import mpi.Datatype;
import mpi.Prequest;
import mpi.Request;

/**
 * The point-to-point calls in one of the two dialects of package {@code mpi}, so that every
 * scenario is written once and run through both: {@link Ompi} (Open MPI Java bindings, with the
 * MVAPICH2-J array forms) and {@link Mpj} (mpiJava 1.2 / MPJ Express, arrays with offsets).
 *
 * <p>Buffers are arrays with an element offset, or (Open MPI only) direct buffers with offset 0.
 * Open MPI has no offset argument: the adapter passes {@code MPI.slice(array, offset)} to the
 * blocking calls; for nonblocking calls on arrays only offset 0 exists ({@link #nonblockingOffset}).
 */
public interface Dialect {
    String name();

    /** The offset scenarios use for arrays in nonblocking calls (0 where the dialect has none). */
    int nonblockingOffset();

    int rank(Comm comm);

    int size(Comm comm);

    void send(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    void sSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    void bSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    void rSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    St recv(Comm c, Object buf, int off, int count, Datatype t, int source, int tag);

    St sendRecv(Comm c, Object sbuf, int soff, int scount, Datatype st, int dest, int stag,
                Object rbuf, int roff, int rcount, Datatype rt, int source, int rtag);

    St sendRecvReplace(Comm c, Object buf, int off, int count, Datatype t, int dest, int stag,
                       int source, int rtag);

    St probe(Comm c, int source, int tag);

    /** {@code null} when no message matches. */
    St iProbe(Comm c, int source, int tag);

    Request iSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    Request isSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    Request ibSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    Request irSend(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    Request iRecv(Comm c, Object buf, int off, int count, Datatype t, int source, int tag);

    Prequest sendInit(Comm c, Object buf, int off, int count, Datatype t, int dest, int tag);

    Prequest recvInit(Comm c, Object buf, int off, int count, Datatype t, int source, int tag);

    void start(Prequest r);

    void startAll(Prequest[] rs);

    St waitFor(Request r);

    /** The status when complete, else {@code null}. */
    St test(Request r);

    /** Index completed, or {@code MPI.UNDEFINED} when no request is active. */
    int waitAny(Request[] rs);

    /** Index completed, or {@code MPI.UNDEFINED} (none active, or none completed). */
    int testAny(Request[] rs);

    St[] waitAll(Request[] rs);

    /** All statuses when all are complete (and then all are completed), else {@code null}. */
    St[] testAll(Request[] rs);

    /** Indices of the requests that completed. */
    int[] waitSome(Request[] rs);

    int[] testSome(Request[] rs);

    void cancel(Request r);

    void free(Request r);

    boolean isNull(Request r);

    void attachBuffer(byte[] buffer);

    /** The detached buffer where the dialect returns it, else {@code null}. */
    byte[] detachBuffer();

    void setErrorsReturn(Comm c);

    double wtime();

    double wtick();

    String processorName();

    static Dialect of(String name) {
        return switch (name) {
            case "ompi" -> new Ompi();
            case "mpj" -> new Mpj();
            default -> throw new IllegalArgumentException("dialect must be ompi or mpj, not " + name);
        };
    }
}

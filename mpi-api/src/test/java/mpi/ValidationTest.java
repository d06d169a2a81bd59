package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Argument checking through the public calls of both dialects, on a running MPI with no engine
 * behind it (rank 1 of 4): every call here must fail, or finish (PROC_NULL), before it would
 * touch the engine.
 */
class ValidationTest {
    private static final Intracomm WORLD = MPI.COMM_WORLD;

    @BeforeEach
    void start() {
        MPI.enter(null, null, 1, 4, MPI.THREAD_SINGLE);
        assertSame(MPI.ERRORS_ARE_FATAL, WORLD.getErrhandler());
        WORLD.setErrhandler(MPI.ERRORS_RETURN);
        MPI.COMM_SELF.Errhandler_set(MPI.ERRORS_RETURN);
    }

    @AfterEach
    void stop() {
        MPI.leave(false);
    }

    private static MPIException fails(int errorClass, String messageStart, Executable call) {
        MPIException e = assertThrows(MPIException.class, call);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        assertTrue(e.getMessage().startsWith(messageStart), () -> "message: " + e.getMessage());
        return e;
    }

    @Test
    void groupOfWorldAndSelf() {
        assertEquals(1, WORLD.getRank());
        assertEquals(4, WORLD.getSize());
        assertEquals(1, WORLD.Rank());
        assertEquals(4, WORLD.Size());
        assertEquals(0, MPI.COMM_SELF.getRank());
        assertEquals(1, MPI.COMM_SELF.Size());
        assertEquals(1, MPI.COMM_SELF.worldRanks[0]);
        assertEquals(0, MPI.COMM_SELF.rankOf(1));
        assertEquals(MPI.UNDEFINED, MPI.COMM_SELF.rankOf(2));
        assertEquals(3, WORLD.rankOf(3));
        assertEquals(MPI.IDENT, Comm.compare(WORLD, WORLD));
        assertEquals(MPI.UNEQUAL, Comm.compare(WORLD, MPI.COMM_SELF));
        assertEquals("MPI_COMM_WORLD", WORLD.getName());
    }

    @Test
    void ranksOutsideTheGroupAreErrRank() {
        fails(MPI.ERR_RANK, "send: dest 7 is not a rank of MPI_COMM_WORLD (size 4)",
            () -> WORLD.send(new int[1], 1, MPI.INT, 7, 0));
        fails(MPI.ERR_RANK, "Send: dest -5 is not a rank of MPI_COMM_WORLD (size 4)",
            () -> WORLD.Send(new int[1], 0, 1, MPI.INT, -5, 0));
        fails(MPI.ERR_RANK, "send: dest -1", () -> WORLD.send(new int[1], 1, MPI.INT, MPI.ANY_SOURCE, 0));
        fails(MPI.ERR_RANK, "recv: source 4 is not a rank of MPI_COMM_WORLD (size 4)",
            () -> WORLD.recv(new int[1], 1, MPI.INT, 4, 0));
        fails(MPI.ERR_RANK, "iSend: dest 4", () -> WORLD.iSend(new int[1], 1, MPI.INT, 4, 0));
        fails(MPI.ERR_RANK, "iRecv: source 9", () -> WORLD.iRecv(ByteBuffer.allocateDirect(4), 4, MPI.BYTE, 9, 0));
        fails(MPI.ERR_RANK, "Irecv: source 9", () -> WORLD.Irecv(new int[1], 0, 1, MPI.INT, 9, 0));
        fails(MPI.ERR_RANK, "sSend: dest 4", () -> WORLD.sSend(new int[1], 1, MPI.INT, 4, 0));
        fails(MPI.ERR_RANK, "Bsend: dest 4", () -> WORLD.Bsend(new int[1], 0, 1, MPI.INT, 4, 0));
        fails(MPI.ERR_RANK, "rSend: dest 4", () -> WORLD.rSend(new int[1], 1, MPI.INT, 4, 0));
        fails(MPI.ERR_RANK, "probe: source 5", () -> WORLD.probe(5, 0));
        fails(MPI.ERR_RANK, "Iprobe: source 5", () -> WORLD.Iprobe(5, 0));
        fails(MPI.ERR_RANK, "sendRecv: source 6",
            () -> WORLD.sendRecv(new int[1], 1, MPI.INT, 0, 0, new int[1], 1, MPI.INT, 6, 0));
        fails(MPI.ERR_RANK, "Sendrecv_replace: dest 8",
            () -> WORLD.Sendrecv_replace(new int[1], 0, 1, MPI.INT, 8, 0, 0, 0));
        fails(MPI.ERR_RANK, "sendInit: dest 4", () -> WORLD.sendInit(new int[1], 1, MPI.INT, 4, 0));
        fails(MPI.ERR_RANK, "Recv_init: source 4", () -> WORLD.Recv_init(new int[1], 0, 1, MPI.INT, 4, 0));
        fails(MPI.ERR_RANK, "send: dest 1 is not a rank of MPI_COMM_SELF (size 1)",
            () -> MPI.COMM_SELF.send(new int[1], 1, MPI.INT, 1, 0));
    }

    @Test
    void tagsOutsideTheRangeAreErrTag() {
        fails(MPI.ERR_TAG, "send: tag -7 is not between 0 and MPI.TAG_UB",
            () -> WORLD.send(new int[1], 1, MPI.INT, 0, -7));
        fails(MPI.ERR_TAG, "send: tag -1", () -> WORLD.send(new int[1], 1, MPI.INT, 0, MPI.ANY_TAG));
        fails(MPI.ERR_TAG, "send: tag " + (MPI.TAG_UB + 1), () -> WORLD.send(new int[1], 1, MPI.INT, 0, MPI.TAG_UB + 1));
        fails(MPI.ERR_TAG, "recv: tag -7", () -> WORLD.recv(new int[1], 1, MPI.INT, 0, -7));
        fails(MPI.ERR_TAG, "Isend: tag -3", () -> WORLD.Isend(new int[1], 0, 1, MPI.INT, 0, -3));
        fails(MPI.ERR_TAG, "iProbe: tag -2", () -> WORLD.iProbe(0, -2));
        // ANY_TAG is fine on receives (PROC_NULL so that no engine is needed).
        assertEquals(MPI.PROC_NULL, WORLD.recv(new int[1], 1, MPI.INT, MPI.PROC_NULL, MPI.ANY_TAG).getSource());
        assertEquals(Integer.valueOf(MPI.TAG_UB), WORLD.getAttr(MPI.TAG_UB));
        assertTrue(MPI.TAG_UB >= 32767);
    }

    @Test
    void countsAndBuffers() {
        fails(MPI.ERR_COUNT, "send: count -1 is negative", () -> WORLD.send(new int[1], -1, MPI.INT, 0, 0));
        fails(MPI.ERR_COUNT, "Irecv: count -2", () -> WORLD.Irecv(new int[1], 0, -2, MPI.INT, 0, 0));
        MPIException e = fails(MPI.ERR_BUFFER, "recv: count 10 of MPI_INT at offset 0",
            () -> WORLD.recv(new int[8], 10, MPI.INT, 0, 0));
        assertTrue(e.getMessage().contains("int[8]"), e.getMessage());
        fails(MPI.ERR_BUFFER, "Recv: count 4 of MPI_INT at offset 5", () -> WORLD.Recv(new int[8], 5, 4, MPI.INT, 0, 0));
        fails(MPI.ERR_BUFFER, "iSend: count 5", () -> WORLD.iSend(ByteBuffer.allocateDirect(16), 5, MPI.INT, 0, 0));
        fails(MPI.ERR_BUFFER, "send: buffer is null but count is 2", () -> WORLD.send(null, 2, MPI.INT, 0, 0));
        fails(MPI.ERR_BUFFER, "send: count 5 of MPI_INT at offset 0 does not fit in the buffer double[2]",
            () -> WORLD.send(new double[2], 5, MPI.INT, 0, 0));
        fails(MPI.ERR_BUFFER, "recv: the buffer direct ByteBuffer",
            () -> WORLD.recv(ByteBuffer.allocateDirect(4).asReadOnlyBuffer(), 4, MPI.BYTE, 0, 0));
        fails(MPI.ERR_BUFFER, "sendRecvReplace: count 3",
            () -> WORLD.sendRecvReplace(new long[2], 3, MPI.LONG, 0, 0, 0, 0));
    }

    @Test
    void procNullCompletesAtOnce() {
        WORLD.send(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        WORLD.Ssend(null, 0, 0, MPI.INT, MPI.PROC_NULL, 0);
        Status s = WORLD.Recv(new int[4], 1, 2, MPI.INT, MPI.PROC_NULL, 5);
        assertEquals(MPI.PROC_NULL, s.source);
        assertEquals(MPI.ANY_TAG, s.tag);
        assertEquals(0, s.getCount(MPI.INT));
        assertEquals(MPI.PROC_NULL, WORLD.probe(MPI.PROC_NULL, 0).getSource());
        assertEquals(MPI.PROC_NULL, WORLD.iProbe(MPI.PROC_NULL, MPI.ANY_TAG).getSource());
        Status x = WORLD.sendRecv(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0, new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        assertEquals(MPI.PROC_NULL, x.getSource());
        assertEquals(0, x.getCount(MPI.INT));

        Request r = WORLD.iSend(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        assertFalse(r.isNull());
        assertTrue(r.test());
        assertTrue(r.isNull());
        Request q = WORLD.iRecv(ByteBuffer.allocateDirect(8), 2, MPI.INT, MPI.PROC_NULL, MPI.ANY_TAG);
        Status qs = q.waitStatus();
        assertEquals(MPI.PROC_NULL, qs.getSource());
        assertEquals(0, qs.getCount(MPI.INT));
        assertTrue(q.Is_null());
        // Waiting again on a null request returns an empty status at once.
        assertEquals(MPI.ANY_SOURCE, q.Wait().getSource());
    }

    @Test
    void persistentRequests() {
        Prequest p = WORLD.Recv_init(new int[4], 0, 4, MPI.INT, MPI.PROC_NULL, 0);
        assertFalse(p.isNull());
        assertNotNull(p.testStatus()); // inactive: complete, empty
        p.start();
        fails(MPI.ERR_REQUEST, "start: the request is already active", p::start);
        assertEquals(MPI.PROC_NULL, p.waitStatus().getSource());
        assertFalse(p.isNull());
        Prequest.startAll(new Prequest[] {p});
        p.waitFor();
        fails(MPI.ERR_REQUEST, "cancel: the persistent request is not active", p::cancel);
        p.free();
        assertTrue(p.isNull());
        fails(MPI.ERR_REQUEST, "Start: the request has been freed", p::Start);
        fails(MPI.ERR_REQUEST, "startAll: the array holds a null request",
            () -> Prequest.startAll(new Prequest[] {null}));
    }

    @Test
    void requestArraysWithoutActiveRequests() {
        Request[] none = {MPI.REQUEST_NULL, null};
        assertEquals(MPI.UNDEFINED, Request.waitAny(none));
        assertEquals(MPI.UNDEFINED, Request.testAny(none));
        assertEquals(MPI.UNDEFINED, Request.waitAnyStatus(none).getIndex());
        assertEquals(MPI.UNDEFINED, Request.Testany(none).index);
        assertNull(Request.waitSome(none));
        assertNull(Request.testSome(none));
        assertNull(Request.Waitsome(none));
        assertTrue(Request.testAll(none));
        Request.waitAll(none);
        Status[] all = Request.Waitall(none);
        assertEquals(2, all.length);
        assertEquals(MPI.ANY_SOURCE, all[0].getSource());
        assertNotNull(Request.testAllStatus(none));
    }

    @Test
    void requestArraysWithCompletedRequests() {
        Request a = WORLD.iSend(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        Request b = WORLD.iRecv(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        Request[] rs = {MPI.REQUEST_NULL, a, b};
        assertEquals(1, Request.waitAny(rs));
        assertTrue(a.isNull());
        assertArrayEquals(new int[] {2}, Request.waitSome(rs));
        assertNull(Request.waitSome(rs));

        Request c = WORLD.Isend(new int[1], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        Request d = WORLD.Irecv(new int[1], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        Status[] some = Request.Testsome(new Request[] {c, null, d});
        assertEquals(2, some.length);
        assertEquals(0, some[0].index);
        assertEquals(2, some[1].index);
        assertEquals(MPI.PROC_NULL, some[1].source);

        Request e = WORLD.irSend(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        Status[] statuses = Request.waitAllStatus(new Request[] {e});
        assertEquals(MPI.PROC_NULL, statuses[0].getSource());
        assertTrue(e.isNull());
    }

    @Test
    void requestMisuseIsErrRequest() {
        fails(MPI.ERR_REQUEST, "cancel: the request is null", MPI.REQUEST_NULL::cancel);
        fails(MPI.ERR_REQUEST, "Cancel: the request is null", MPI.REQUEST_NULL::Cancel);
        MPI.REQUEST_NULL.free(); // as in Open MPI: nothing to free
        assertTrue(MPI.REQUEST_NULL.isNull());
        assertEquals(MPI.ANY_SOURCE, MPI.REQUEST_NULL.waitStatus().getSource());
        assertTrue(MPI.REQUEST_NULL.test());
    }

    @Test
    void errorHandlersAndMisc() {
        fails(MPI.ERR_COMM, "free: MPI_COMM_WORLD is predefined", WORLD::free);
        fails(MPI.ERR_KEYVAL, "getAttr: keyval 12345", () -> WORLD.getAttr(12345));
        fails(MPI.ERR_ARG, "setErrhandler: errhandler is null", () -> WORLD.setErrhandler(null));
        fails(MPI.ERR_OTHER, "callErrhandler: error 16", () -> WORLD.callErrhandler(MPI.ERR_OTHER));
        MPI.Errorhandler_set(MPI.ERRORS_ARE_FATAL);
        assertSame(MPI.ERRORS_ARE_FATAL, MPI.COMM_SELF.Errorhandler_get());
        MPI.Errorhandler_set(new Errhandler(Errhandler.RETURN));
        assertEquals(MPI.ERRORS_RETURN, MPI.Errorhandler_get());
        assertEquals(MPI.UNDEFINED, WORLD.getTopology());
        assertFalse(WORLD.isInter());
        assertEquals(MPI.THREAD_SINGLE, MPI.queryThread());
        assertTrue(MPI.isThreadMain());
    }

    @Test
    void isThreadMainIsFalseElsewhere() throws InterruptedException {
        boolean[] result = {true};
        Thread t = new Thread(() -> result[0] = MPI.isMainThread());
        t.start();
        t.join();
        assertFalse(result[0]);
    }

    @Test
    void wtimeIsMonotonic() {
        double a = MPI.wtime();
        double b = MPI.Wtime();
        assertTrue(b >= a);
        assertTrue(MPI.wtick() > 0 && MPI.Wtick() < 1e-3);
    }
}

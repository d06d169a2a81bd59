package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** What works, and what fails how, before Init and after Finalize. */
class EnvironmentTest {
    @BeforeEach
    @AfterEach
    void notRunning() {
        MPI.leave(false);
    }

    private static void fails(int errorClass, String messageStart, Executable call) {
        MPIException e = assertThrows(MPIException.class, call);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        assertTrue(e.getMessage().startsWith(messageStart), () -> "message: " + e.getMessage());
    }

    @Test
    void beforeInit() {
        assertFalse(MPI.isInitialized());
        assertFalse(MPI.Initialized());
        assertFalse(MPI.isFinalized());
        assertEquals(3, MPI.getVersion().getVersion());
        assertEquals(1, MPI.getVersion().getSubVersion());
        assertTrue(MPI.getLibVersion().startsWith("atoll-mpi"));
        fails(MPI.ERR_OTHER, "send: MPI is not initialized (call MPI.Init first)",
            () -> MPI.COMM_WORLD.send(new int[1], 1, MPI.INT, 0, 0));
        fails(MPI.ERR_OTHER, "Recv: MPI is not initialized", () -> MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 0));
        fails(MPI.ERR_OTHER, "getRank: MPI is not initialized", MPI.COMM_WORLD::getRank);
        fails(MPI.ERR_OTHER, "wtime: MPI is not initialized", MPI::wtime);
        fails(MPI.ERR_OTHER, "waitFor: MPI is not initialized", MPI.REQUEST_NULL::waitFor);
        fails(MPI.ERR_OTHER, "Barrier: MPI is not initialized", MPI.COMM_WORLD::Barrier);
        fails(MPI.ERR_OTHER, "attachBuffer: MPI is not initialized", () -> MPI.attachBuffer(new byte[10]));
        fails(MPI.ERR_OTHER, "Finalize: MPI is not initialized", MPI::Finalize);
    }

    @Test
    void threadLevelsAreChecked() {
        fails(MPI.ERR_ARG, "InitThread: thread level 7", () -> MPI.InitThread(new String[0], 7));
        fails(MPI.ERR_ARG, "initThread: thread level -1", () -> MPI.initThread(-1, 0, new String[0]));
        assertFalse(MPI.isInitialized());
    }

    @Test
    void afterFinalize() {
        MPI.enter(null, null, 0, 1, MPI.THREAD_MULTIPLE);
        assertTrue(MPI.isInitialized());
        assertEquals(MPI.THREAD_MULTIPLE, MPI.queryThread());
        MPI.Finalize();
        assertTrue(MPI.isFinalized());
        assertTrue(MPI.isInitialized());
        fails(MPI.ERR_OTHER, "recv: MPI has been finalized", () -> MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 0, 0));
        fails(MPI.ERR_OTHER, "Init: MPI has been finalized and cannot start again", () -> MPI.Init(new String[0]));
        assertEquals(3, MPI.getVersion().getVersion());
    }

    @Test
    void newBuffersAreDirectNativeOrderAndZeroed() {
        ByteBuffer b = MPI.newByteBuffer(32);
        assertTrue(b.isDirect());
        assertEquals(32, b.capacity());
        assertEquals(ByteOrder.nativeOrder(), b.order());
        for (int i = 0; i < 32; i++) {
            assertEquals(0, b.get(i));
        }
        IntBuffer ints = MPI.newIntBuffer(5);
        assertTrue(ints.isDirect());
        assertEquals(5, ints.capacity());
        assertEquals(ByteOrder.nativeOrder(), ints.order());
        DoubleBuffer ds = MPI.newDoubleBuffer(3);
        assertEquals(3, ds.capacity());
        assertEquals(2, MPI.newCharBuffer(2).capacity());
        assertEquals(2, MPI.newShortBuffer(2).capacity());
        assertEquals(2, MPI.newLongBuffer(2).capacity());
        assertEquals(2, MPI.newFloatBuffer(2).capacity());
        assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> MPI.newIntBuffer(-1)).getErrorClass());
    }

    @Test
    void slicesMoveTheOriginalsPositionAsOpenMpisDo() {
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        b.position(3).limit(9);
        ByteBuffer s = MPI.slice(b, 4);
        assertEquals(4, b.position());
        assertEquals(16, b.limit());
        assertEquals(12, s.capacity());
        assertEquals(ByteOrder.nativeOrder(), s.order());
        IntBuffer is = MPI.slice(new int[10], 4);
        assertEquals(6, is.capacity());
        assertEquals(4, is.arrayOffset());
    }

    @Test
    void errhandlers() {
        assertEquals(MPI.ERRORS_RETURN, new Errhandler(Errhandler.RETURN));
        assertEquals(MPI.ERRORS_ARE_FATAL, new Errhandler(Errhandler.FATAL));
        assertNotEquals(MPI.ERRORS_ARE_FATAL, MPI.ERRORS_RETURN);
        fails(MPI.ERR_ARG, "Errhandler: type 5", () -> new Errhandler(5));
    }
}

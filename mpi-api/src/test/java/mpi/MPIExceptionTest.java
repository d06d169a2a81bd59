package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.engine.EngineException;
import org.junit.jupiter.api.Test;

class MPIExceptionTest {
    /** Not declared anywhere: compiles only because MPIException is unchecked. */
    private static void thrower() {
        throw new MPIException("boom");
    }

    @Test
    void isUnchecked() {
        assertTrue(RuntimeException.class.isAssignableFrom(MPIException.class));
        MPIException e = org.junit.jupiter.api.Assertions.assertThrows(MPIException.class, MPIExceptionTest::thrower);
        assertEquals("boom", e.getMessage());
    }

    @Test
    void userConstructorsOfBothDialects() {
        assertEquals(MPI.ERR_UNKNOWN, new MPIException().getErrorClass());
        assertEquals(MPI.ERR_UNKNOWN, new MPIException("x").getErrorClass());
        MPIException inner = new MPIException(MPI.ERR_TRUNCATE, "short");
        MPIException outer = new MPIException(inner);
        assertEquals(MPI.ERR_TRUNCATE, outer.getErrorClass());
        assertEquals(MPI.ERR_TRUNCATE, outer.getErrorCode());
        assertSame(inner, outer.getCause());
        assertEquals(MPI.ERR_BUFFER, new MPIException(new EngineException(MPI.ERR_BUFFER, "full")).getErrorClass());
        assertEquals(MPI.ERR_UNKNOWN, new MPIException(new IllegalStateException()).getErrorClass());
    }

    @Test
    void errorClassesAreTheEngines() {
        assertEquals(0, MPI.SUCCESS);
        assertEquals(15, MPI.ERR_TRUNCATE);
        assertEquals(6, MPI.ERR_RANK);
        assertEquals(4, MPI.ERR_TAG);
        assertEquals(2, MPI.ERR_COUNT);
    }
}

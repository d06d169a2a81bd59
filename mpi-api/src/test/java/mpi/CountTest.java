package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Count, and the Status setters and 64-bit getters that use it. */
class CountTest {
    @BeforeEach
    void start() {
        MPI.enter(null, null, 0, 1, MPI.THREAD_SINGLE);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
    }

    @AfterEach
    void stop() {
        MPI.leave(false);
    }

    @Test
    void countIsAMutableLongValue() {
        Count c = new Count(5_000_000_000L);
        assertEquals(5_000_000_000L, c.getCount());
        c.setCount(-3);
        assertEquals(-3, c.getCount());
        assertEquals(new Count(7), new Count(7));
        assertEquals(new Count(7).hashCode(), new Count(7).hashCode());
        assertNotEquals(new Count(7), new Count(8));
        assertNotEquals(new Count(7), Long.valueOf(7));
        assertTrue(new Count(1).compareTo(new Count(2)) < 0);
        assertTrue(new Count(Long.MAX_VALUE).compareTo(new Count(Long.MIN_VALUE)) > 0);
        assertEquals(0, new Count(4).compareTo(new Count(4)));
        Count[] sorted = {new Count(3), new Count(-1), new Count(2)};
        Arrays.sort(sorted);
        assertEquals("[-1, 2, 3]", Arrays.toString(sorted));
        assertThrows(ClassCastException.class, () -> new Count(1).compareTo("1"));
    }

    @Test
    void setElementsDrivesCountAndElements() {
        Status s = new Status();
        s.setElements(MPI.INT, 6);
        assertEquals(6, s.getCount(MPI.INT));
        assertEquals(6, s.getElements(MPI.INT));
        assertEquals(24, s.getCount(MPI.BYTE));
        assertEquals(3, s.getCount(MPI.DOUBLE));
        assertEquals(new Count(6), s.getElementsX(MPI.INT));
        assertEquals(6, s.Get_elements(MPI.INT));
        assertEquals(6, s.numEls);
        s.setElementsX(MPI.SHORT, new Count(5));
        assertEquals(10, s.getCount(MPI.BYTE));
        assertEquals(MPI.UNDEFINED, s.getElements(MPI.INT));
        assertEquals(new Count(MPI.UNDEFINED), s.getElementsX(MPI.LONG));
        s.setElements(MPI.DOUBLE, 0);
        assertEquals(0, s.getElements(MPI.DOUBLE));
    }

    @Test
    void setElementsErrorsNameTheCall() {
        Status s = new Status();
        MPIException e = assertThrows(MPIException.class, () -> s.setElements(MPI.INT, -1));
        assertEquals(MPI.ERR_COUNT, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("setElements: count -1"), e.getMessage());
        e = assertThrows(MPIException.class, () -> s.setElementsX(MPI.LONG, new Count(1L << 40)));
        assertEquals(MPI.ERR_COUNT, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("setElementsX: count " + (1L << 40)), e.getMessage());
        e = assertThrows(MPIException.class, () -> s.setElementsX(MPI.INT, null));
        assertEquals(MPI.ERR_ARG, e.getErrorClass());
        e = assertThrows(MPIException.class, () -> s.getElementsX(null));
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        assertTrue(e.getMessage().startsWith("getElementsX: datatype is null"), e.getMessage());
    }

    @Test
    void setCancelledIsWhatTestCancelledSays() {
        Status s = new Status();
        s.setCancelled(true);
        assertTrue(s.isCancelled());
        assertTrue(s.Test_cancelled());
        s.setCancelled(false);
        assertEquals(false, s.isCancelled());
    }

    @Test
    void getRequestOfACommunicatorNotMadeByIdupIsNull() {
        assertTrue(MPI.COMM_WORLD.getRequest().isNull());
        assertTrue(MPI.COMM_SELF.getRequest().isNull());
    }
}

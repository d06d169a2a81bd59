package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatusTest {
    private static Status received(int bytes) {
        return new Status(3, 42, bytes, MPI.SUCCESS, false, MPI.UNDEFINED);
    }

    @Test
    void countIsWholeElementsOrUndefined() {
        Status s = received(12);
        assertEquals(12, s.getCount(MPI.BYTE));
        assertEquals(12, s.getCount(MPI.BOOLEAN));
        assertEquals(12, s.getCount(MPI.PACKED));
        assertEquals(6, s.getCount(MPI.SHORT));
        assertEquals(6, s.getCount(MPI.CHAR));
        assertEquals(3, s.getCount(MPI.INT));
        assertEquals(3, s.getCount(MPI.FLOAT));
        assertEquals(MPI.UNDEFINED, s.getCount(MPI.LONG));
        assertEquals(MPI.UNDEFINED, s.getCount(MPI.DOUBLE));
        assertEquals(MPI.UNDEFINED, received(7).getCount(MPI.SHORT));
        assertEquals(MPI.UNDEFINED, received(10).getCount(MPI.INT));
        assertEquals(2, received(16).Get_count(MPI.DOUBLE));
        assertEquals(MPI.UNDEFINED, received(12).Get_elements(MPI.DOUBLE));
        assertEquals(3, received(12).getElements(MPI.INT));
    }

    @Test
    void zeroBytesAreZeroElementsOfAnyType() {
        for (Datatype t : new Datatype[] {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG,
            MPI.FLOAT, MPI.DOUBLE, MPI.PACKED}) {
            assertEquals(0, received(0).getCount(t), t.getName());
        }
    }

    @Test
    void fieldsAndGettersAgree() {
        Status s = received(8);
        assertEquals(3, s.source);
        assertEquals(42, s.tag);
        assertEquals(3, s.getSource());
        assertEquals(42, s.getTag());
        assertEquals(MPI.SUCCESS, s.getError());
        assertFalse(s.isCancelled());
        assertFalse(s.Test_cancelled());
        s.source = 1;
        assertEquals(1, s.getSource());
        s.setCancelled(true);
        assertTrue(s.isCancelled());
        s.setElements(MPI.INT, 5);
        assertEquals(20, s.getCount(MPI.BYTE));
    }

    @Test
    void procNullAndEmptyStatuses() {
        Status p = Status.procNull(MPI.UNDEFINED);
        assertEquals(MPI.PROC_NULL, p.getSource());
        assertEquals(MPI.ANY_TAG, p.getTag());
        assertEquals(0, p.getCount(MPI.INT));
        Status e = new Status();
        assertEquals(MPI.ANY_SOURCE, e.source);
        assertEquals(MPI.ANY_TAG, e.tag);
        assertEquals(0, e.getCount(MPI.DOUBLE));
        assertEquals(MPI.UNDEFINED, e.index);
        assertEquals(MPI.ANY_SOURCE, MPI.EMPTY_STATUS.getSource());
    }

    @Test
    void nullDatatypeIsErrType() {
        assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, () -> received(4).getCount(null)).getErrorClass());
        assertEquals(MPI.ERR_TYPE,
            assertThrows(MPIException.class, () -> received(4).getCount(MPI.DATATYPE_NULL)).getErrorClass());
        assertEquals(MPI.ERR_COUNT,
            assertThrows(MPIException.class, () -> received(4).setElements(MPI.INT, -1)).getErrorClass());
    }
}

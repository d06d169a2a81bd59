package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DatatypeTest {
    @Test
    void sizesAndExtentsOfThePrimitiveTypes() {
        Object[][] expected = {
            {MPI.BYTE, 1, "MPI_BYTE", 1}, {MPI.CHAR, 2, "MPI_CHAR", 2}, {MPI.SHORT, 2, "MPI_SHORT", 3},
            {MPI.BOOLEAN, 1, "MPI_BOOLEAN", 4}, {MPI.INT, 4, "MPI_INT", 5}, {MPI.LONG, 8, "MPI_LONG", 6},
            {MPI.FLOAT, 4, "MPI_FLOAT", 7}, {MPI.DOUBLE, 8, "MPI_DOUBLE", 8}, {MPI.PACKED, 1, "MPI_PACKED", 9},
        };
        for (Object[] row : expected) {
            Datatype t = (Datatype) row[0];
            int size = (Integer) row[1];
            // Open MPI getters in bytes, mpiJava getters in base elements (docs/PORTING.md, "Datatypes")
            assertEquals(size, t.getSize(), t.getName());
            assertEquals(size, t.getExtent());
            assertEquals(1, t.Size());
            assertEquals(1, t.Extent());
            assertEquals(size, t.getByteSize());
            assertEquals(size, t.getTrueExtent());
            assertEquals(0, t.getLb());
            assertEquals(0, t.Lb());
            assertEquals(size, t.getUb());
            assertEquals(1, t.Ub());
            assertEquals(size, t.size);
            assertEquals(row[2], t.getName());
            assertEquals(row[3], t.getType());
            assertFalse(t.isNull());
            t.commit();
            t.Commit();
        }
        assertTrue(MPI.DATATYPE_NULL.isNull());
        assertTrue(MPI.NULL.isNull());
    }

    @Test
    void predefinedTypesCannotBeFreed() {
        MPIException e = assertThrows(MPIException.class, MPI.INT::free);
        assertEquals(MPI.ERR_TYPE, e.getErrorClass());
        assertTrue(e.getMessage().contains("MPI_INT"), e.getMessage());
    }
}

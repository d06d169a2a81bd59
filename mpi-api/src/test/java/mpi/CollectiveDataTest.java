package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.coll.ElementKind;
import org.atollmpi.coll.ReduceOp;
import org.atollmpi.coll.Reduction;
import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.ErrorClass;
import org.junit.jupiter.api.Test;

/** The local logic of the collectives: datatype kinds, op codes, cached reductions, mpiJava pair kernels. */
class CollectiveDataTest {
    @Test
    void basicTypesHaveTheirKind() {
        assertEquals(ElementKind.BYTE, CollectiveData.kindOf(MPI.BYTE));
        assertEquals(ElementKind.CHAR, CollectiveData.kindOf(MPI.CHAR));
        assertEquals(ElementKind.SHORT, CollectiveData.kindOf(MPI.SHORT));
        assertEquals(ElementKind.BOOLEAN, CollectiveData.kindOf(MPI.BOOLEAN));
        assertEquals(ElementKind.INT, CollectiveData.kindOf(MPI.INT));
        assertEquals(ElementKind.LONG, CollectiveData.kindOf(MPI.LONG));
        assertEquals(ElementKind.FLOAT, CollectiveData.kindOf(MPI.FLOAT));
        assertEquals(ElementKind.DOUBLE, CollectiveData.kindOf(MPI.DOUBLE));
        assertNull(CollectiveData.kindOf(MPI.PACKED));
        assertNull(CollectiveData.kindOf(MPI.OBJECT));
    }

    @Test
    void pairAndComplexTypesHaveTheirKind() {
        assertEquals(ElementKind.INT_INT, CollectiveData.kindOf(MPI.INT2));
        assertEquals(ElementKind.SHORT_INT, CollectiveData.kindOf(MPI.SHORT_INT));
        assertEquals(ElementKind.LONG_INT, CollectiveData.kindOf(MPI.LONG_INT));
        assertEquals(ElementKind.FLOAT_INT, CollectiveData.kindOf(MPI.FLOAT_INT));
        assertEquals(ElementKind.DOUBLE_INT, CollectiveData.kindOf(MPI.DOUBLE_INT));
        assertEquals(ElementKind.FLOAT_COMPLEX, CollectiveData.kindOf(MPI.FLOAT_COMPLEX));
        assertEquals(ElementKind.DOUBLE_COMPLEX, CollectiveData.kindOf(MPI.DOUBLE_COMPLEX));
        // mpiJava's same-type pairs have no kernel kind: MAXLOC/MINLOC come from the mpi layer
        assertNull(CollectiveData.kindOf(MPI.DOUBLE2));
        assertEquals(ElementKind.DOUBLE, CollectiveData.samePairValue(MPI.DOUBLE2));
        assertEquals(ElementKind.SHORT, CollectiveData.samePairValue(MPI.SHORT2));
        assertEquals(ElementKind.LONG, CollectiveData.samePairValue(MPI.LONG2));
        assertEquals(ElementKind.FLOAT, CollectiveData.samePairValue(MPI.FLOAT2));
        assertNull(CollectiveData.samePairValue(MPI.INT));
    }

    @Test
    void everyPredefinedOpMapsToItsReduceOp() {
        Op[] ops = {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD, MPI.LAND, MPI.BAND, MPI.LOR, MPI.BOR, MPI.LXOR, MPI.BXOR,
            MPI.MINLOC, MPI.MAXLOC, MPI.REPLACE, MPI.NO_OP};
        for (Op op : ops) {
            assertEquals(op.name, "MPI_" + CollectiveData.reduceOp(op.code));
            assertEquals(op.code, op.opCode);
            assertTrue(op.isCommutative());
            assertTrue(!op.isNull());
        }
    }

    @Test
    void predefinedReductionsAreCachedAndRefusalsAreErrOp() {
        CollectiveCall c = new CollectiveCall(MPI.COMM_WORLD, "allReduce");
        Errhandler before = MPI.COMM_WORLD.errhandler;
        MPI.COMM_WORLD.errhandler = Errhandler.RETURN_HANDLER; // MPI is not running here
        try {
            Reduction a = CollectiveData.reduction(c, MPI.SUM, MPI.INT, false);
            assertSame(a, CollectiveData.reduction(c, MPI.SUM, MPI.INT, false));
            assertSame(CollectiveData.reduction(c, MPI.MAXLOC, MPI.DOUBLE2, false),
                CollectiveData.reduction(c, MPI.MAXLOC, MPI.DOUBLE2, false));
            MPIException e = expectThrows(() -> CollectiveData.reduction(c, MPI.SUM, MPI.BOOLEAN, false));
            assertEquals(ErrorClass.OP, e.getErrorClass());
            assertTrue(e.getMessage().contains("allReduce: MPI_SUM on MPI_BOOLEAN"), e.getMessage());
            e = expectThrows(() -> CollectiveData.reduction(c, MPI.SUM, MPI.DOUBLE2, false));
            assertEquals(ErrorClass.OP, e.getErrorClass());
            e = expectThrows(() -> CollectiveData.reduction(c, null, MPI.INT, false));
            assertTrue(e.getMessage().contains("op is null"), e.getMessage());
            assertEquals(ReduceOp.BXOR, CollectiveData.reduceOp(Op.BXOR));
        } finally {
            MPI.COMM_WORLD.errhandler = before;
        }
    }

    private static MPIException expectThrows(Runnable r) {
        try {
            r.run();
        } catch (MPIException e) {
            return e;
        }
        throw new AssertionError("no MPIException");
    }

    @Test
    void mpiJavaMaxlocAndMinlocOnSameTypePairs() {
        long b = Addresses.DOUBLE_ARRAY_BASE;
        CollectiveData.SamePairLoc max = new CollectiveData.SamePairLoc(true, ElementKind.DOUBLE);
        double[] in = {3, 4, 1, 9, 5, 2};
        double[] io = {3, 7, 2, 1, 6, 0};
        max.apply(in, b, io, b, 3);
        assertArrayEquals(new double[] {3, 4, 2, 1, 6, 0}, io, "equal values keep the smaller index");
        CollectiveData.SamePairLoc min = new CollectiveData.SamePairLoc(false, ElementKind.INT);
        int[] a = {5, 3, -1, 8};
        int[] c = {5, 1, 0, 2};
        min.apply(a, Addresses.INT_ARRAY_BASE, c, Addresses.INT_ARRAY_BASE, 2);
        assertArrayEquals(new int[] {5, 1, -1, 8}, c);
        assertTrue(max.commutative());
    }

    @Test
    void userFunctionDefaultByteBufferFormCallsTheArrayForm() {
        UserFunction f = new UserFunction() {
            @Override
            public void call(Object x, Object y, int count, Datatype t) {
                int[] p = (int[]) x;
                int[] q = (int[]) y;
                for (int i = 0; i < count; i++) {
                    q[i] += p[i];
                }
            }
        };
        java.nio.ByteBuffer in = java.nio.ByteBuffer.allocateDirect(8).order(java.nio.ByteOrder.nativeOrder());
        java.nio.ByteBuffer io = java.nio.ByteBuffer.allocateDirect(8).order(java.nio.ByteOrder.nativeOrder());
        in.putInt(0, 1).putInt(4, 2);
        io.putInt(0, 10).putInt(4, 20);
        f.call(in, io, 2, MPI.INT);
        assertEquals(11, io.getInt(0));
        assertEquals(22, io.getInt(4));
    }

    @Test
    void contiguousBasicTypesOnly() {
        assertTrue(CollectiveData.contiguous(MPI.INT));
        assertTrue(!CollectiveData.contiguous(MPI.DOUBLE_INT), "placeholder without a layout");
    }
}

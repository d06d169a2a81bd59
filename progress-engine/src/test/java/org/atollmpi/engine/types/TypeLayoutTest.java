package org.atollmpi.engine.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.junit.jupiter.api.Test;

/**
 * Sizes and bounds against values worked out by hand from the MPI standard's definitions (MPI-3
 * 4.1; the examples of MPI-1 3.12), without the alignment epsilon (see {@link TypeLayout}).
 */
class TypeLayoutTest {
    /** C's {@code struct {double; char;}} of the standard's examples, with Java's byte for char. */
    private static final TypeLayout DOUBLE_CHAR =
        TypeLayout.struct(new int[] {1, 1}, new int[] {0, 8}, new TypeLayout[] {TypeLayout.DOUBLE, TypeLayout.BYTE});

    /** size, lb, ub, extent, trueLb, trueExtent, elementCount. */
    private static void assertBounds(TypeLayout t, int size, long lb, long ub, long trueLb, long trueExtent,
                                     long elements) {
        String what = t.toString();
        assertEquals(size, t.size(), "size of " + what);
        assertEquals(lb, t.lb(), "lb of " + what);
        assertEquals(ub, t.ub(), "ub of " + what);
        assertEquals(ub - lb, t.extent(), "extent of " + what);
        assertEquals(trueLb, t.trueLb(), "trueLb of " + what);
        assertEquals(trueExtent, t.trueExtent(), "trueExtent of " + what);
        assertEquals(trueLb + trueExtent, t.trueUb(), "trueUb of " + what);
        assertEquals(elements, t.elementCount(), "elements of " + what);
    }

    private static void assertBlocks(TypeLayout t, long... offsetLengthPairs) {
        PackPlan plan = t.plan();
        assertEquals(offsetLengthPairs.length / 2, plan.blockCount(), "blocks of " + t);
        for (int b = 0; b < plan.blockCount(); b++) {
            assertEquals(offsetLengthPairs[2 * b], plan.blockOffset(b), "offset of block " + b + " of " + t);
            assertEquals(offsetLengthPairs[2 * b + 1], plan.blockLength(b), "length of block " + b + " of " + t);
        }
    }

    @Test
    void basicKindsHaveJavaSizes() {
        int[] sizes = {1, 2, 2, 1, 4, 8, 4, 8};
        for (BasicKind kind : BasicKind.values()) {
            TypeLayout t = TypeLayout.basic(kind);
            assertBounds(t, sizes[kind.ordinal()], 0, sizes[kind.ordinal()], 0, sizes[kind.ordinal()], 1);
            assertTrue(t.isContiguous());
            assertSame(kind, t.homogeneousKind());
        }
        assertSame(TypeLayout.INT, TypeLayout.basic(BasicKind.INT));
    }

    @Test
    void markersAloneHaveNoDataAndNoExtent() {
        assertBounds(TypeLayout.LB, 0, 0, 0, 0, 0, 0);
        assertBounds(TypeLayout.UB, 0, 0, 0, 0, 0, 0);
        assertFalse(TypeLayout.LB.isContiguous());
        assertNull(TypeLayout.UB.homogeneousKind());
    }

    @Test
    void contiguousOfABasicKindIsOneRun() {
        TypeLayout t = TypeLayout.contiguous(5, TypeLayout.DOUBLE);
        assertBounds(t, 40, 0, 40, 0, 40, 5);
        assertEquals(1, t.runCount());
        assertEquals(5, t.runElements(0));
        assertTrue(t.isContiguous());
        assertBlocks(t, 0, 40);
        assertBounds(TypeLayout.contiguous(0, TypeLayout.INT), 0, 0, 0, 0, 0, 0);
    }

    @Test
    void vectorOfTwoBlocksOfThreeStrideFive() {
        TypeLayout t = TypeLayout.vector(2, 3, 5, TypeLayout.INT);
        // {(int,0),(int,4),(int,8),(int,20),(int,24),(int,28)}
        assertBounds(t, 24, 0, 32, 0, 32, 6);
        assertBlocks(t, 0, 12, 20, 12);
        assertFalse(t.isContiguous());
        assertSame(BasicKind.INT, t.homogeneousKind());
    }

    @Test
    void vectorOfTheStandardsStructType() {
        // MPI-1 3.12.1: MPI_TYPE_VECTOR(2, 3, 4, oldtype) with oldtype {(double,0),(char,8)};
        // extent 9 here, not 16: no epsilon.
        assertBounds(DOUBLE_CHAR, 9, 0, 9, 0, 9, 2);
        TypeLayout t = TypeLayout.vector(2, 3, 4, DOUBLE_CHAR);
        // copies at 0, 9, 18 and 36, 45, 54, each 9 bytes of data
        assertBounds(t, 54, 0, 63, 0, 63, 12);
        assertBlocks(t, 0, 27, 36, 27);
        assertNull(t.homogeneousKind());
    }

    @Test
    void vectorWithANegativeStrideRunsBackwards() {
        TypeLayout t = TypeLayout.vector(3, 1, -2, TypeLayout.INT);
        // {(int,0),(int,-8),(int,-16)}
        assertBounds(t, 12, -16, 4, -16, 20, 3);
        assertBlocks(t, 0, 4, -8, 4, -16, 4);
        TypeLayout h = TypeLayout.hvector(2, 2, -12, TypeLayout.SHORT);
        // {(short,0),(short,2),(short,-12),(short,-10)}
        assertBounds(h, 8, -12, 4, -12, 16, 4);
        assertBlocks(h, 0, 4, -12, 4);
    }

    @Test
    void hvectorStridesInBytes() {
        TypeLayout t = TypeLayout.hvector(3, 2, 20, TypeLayout.INT);
        assertBounds(t, 24, 0, 48, 0, 48, 6);
        assertBlocks(t, 0, 8, 20, 8, 40, 8);
        // a stride equal to the block makes one block: merged, and contiguous
        TypeLayout dense = TypeLayout.hvector(3, 2, 8, TypeLayout.INT);
        assertBlocks(dense, 0, 24);
        assertTrue(dense.isContiguous());
    }

    @Test
    void vectorOfVector() {
        TypeLayout inner = TypeLayout.vector(2, 1, 3, TypeLayout.INT);
        assertBounds(inner, 8, 0, 16, 0, 16, 2);
        TypeLayout outer = TypeLayout.vector(3, 1, 2, inner);
        // inner copies at 0, 32, 64: ints at 0, 12, 32, 44, 64, 76
        assertBounds(outer, 24, 0, 80, 0, 80, 6);
        assertBlocks(outer, 0, 4, 12, 4, 32, 4, 44, 4, 64, 4, 76, 4);
        // a matrix column of a 4x3 row-major double matrix, and the 3 columns side by side by a resize
        TypeLayout column = TypeLayout.vector(4, 1, 3, TypeLayout.DOUBLE);
        TypeLayout columns = TypeLayout.contiguous(3, TypeLayout.resized(column, 0, 8));
        assertBounds(columns, 96, 0, 24, 0, 96, 12);
        assertEquals(12, columns.plan().blockCount());
        assertEquals(8, columns.plan().blockOffset(4), "the second column starts at element 1");
    }

    @Test
    void indexedKeepsTypeMapOrder() {
        // MPI-1 3.12.5: MPI_TYPE_INDEXED(2, (3,1), (4,0), oldtype) with oldtype {(double,0),(char,8)}
        TypeLayout t = TypeLayout.indexed(new int[] {3, 1}, new int[] {4, 0}, DOUBLE_CHAR);
        // copies at 36, 45, 54, then 0
        assertBounds(t, 36, 0, 63, 0, 63, 8);
        assertBlocks(t, 36, 27, 0, 9);
        TypeLayout h = TypeLayout.hindexed(new int[] {3, 1}, new int[] {36, 0}, DOUBLE_CHAR);
        assertBounds(h, 36, 0, 63, 0, 63, 8);
        assertBlocks(h, 36, 27, 0, 9);
        // blocks of length 0 place nothing, bounds included
        TypeLayout gaps = TypeLayout.indexed(new int[] {0, 2, 0}, new int[] {-100, 3, 100}, TypeLayout.INT);
        assertBounds(gaps, 8, 12, 20, 12, 8, 2);
        assertBlocks(gaps, 12, 8);
        assertTrue(gaps.isContiguous(), "one block of 8 bytes from lb = 12, extent 8");
    }

    @Test
    void indexedBlockAndHindexedBlock() {
        TypeLayout t = TypeLayout.indexedBlock(2, new int[] {5, 1, -1}, TypeLayout.LONG);
        // blocks at 40, 8, -8, 16 bytes each; the last two touch, but in the wrong order to merge
        assertBounds(t, 48, -8, 56, -8, 64, 6);
        assertBlocks(t, 40, 16, 8, 16, -8, 16);
        TypeLayout forward = TypeLayout.indexedBlock(2, new int[] {-1, 1, 5}, TypeLayout.LONG);
        assertBlocks(forward, -8, 32, 40, 16);
        TypeLayout h = TypeLayout.hindexedBlock(1, new int[] {6, 2}, TypeLayout.SHORT);
        assertBounds(h, 4, 2, 8, 2, 6, 2);
        assertBlocks(h, 6, 2, 2, 2);
    }

    @Test
    void structOfTheStandard() {
        // MPI-1 3.12.6: MPI_TYPE_STRUCT(3, (2,1,3), (0,16,26), (MPI_FLOAT, type1, MPI_CHAR)):
        // {(float,0),(float,4),(double,16),(char,24),(char,26),(char,27),(char,28)}
        TypeLayout t = TypeLayout.struct(new int[] {2, 1, 3}, new int[] {0, 16, 26},
            new TypeLayout[] {TypeLayout.FLOAT, DOUBLE_CHAR, TypeLayout.BYTE});
        assertBounds(t, 20, 0, 29, 0, 29, 7);
        assertNull(t.homogeneousKind());
        assertEquals(4, t.runCount());
        assertEquals(BasicKind.FLOAT, t.runKind(0));
        assertEquals(2, t.runElements(0));
        assertEquals(BasicKind.DOUBLE, t.runKind(1));
        assertEquals(16, t.runOffset(1));
        assertEquals(BasicKind.BYTE, t.runKind(2));
        assertEquals(24, t.runOffset(2));
        assertEquals(26, t.runOffset(3));
        assertEquals(3, t.runElements(3));
        assertEquals(17, t.runPackedStart(3));
        // double and char merge into one block across kinds
        assertBlocks(t, 0, 8, 16, 9, 26, 3);
    }

    @Test
    void structWithLbAndUbMarkers() {
        // MPI-1 3.12.3: {(lb,-3),(int,0),(ub,6)} has extent 9; contiguous(2) of it is
        // {(lb,-3),(int,0),(int,9),(ub,15)}
        TypeLayout type1 = TypeLayout.struct(new int[] {1, 1, 1}, new int[] {-3, 0, 6},
            new TypeLayout[] {TypeLayout.LB, TypeLayout.INT, TypeLayout.UB});
        assertBounds(type1, 4, -3, 6, 0, 4, 1);
        assertSame(BasicKind.INT, type1.homogeneousKind(), "markers are not elements");
        TypeLayout type2 = TypeLayout.contiguous(2, type1);
        assertBounds(type2, 8, -3, 15, 0, 13, 2);
        assertBlocks(type2, 0, 4, 9, 4);
        // a marker overrides the data: ub below the end of the data, lb above its start
        TypeLayout tight = TypeLayout.struct(new int[] {1, 2, 1}, new int[] {4, 0, 6},
            new TypeLayout[] {TypeLayout.LB, TypeLayout.INT, TypeLayout.UB});
        assertBounds(tight, 8, 4, 6, 0, 8, 2);
        // the least LB marker and the greatest UB marker win
        TypeLayout two = TypeLayout.struct(new int[] {1, 1, 1, 1, 1}, new int[] {-8, -16, 0, 20, 12},
            new TypeLayout[] {TypeLayout.LB, TypeLayout.LB, TypeLayout.INT, TypeLayout.UB, TypeLayout.UB});
        assertBounds(two, 4, -16, 20, 0, 4, 1);
        // markers stick through a struct of the marked type: its lb marker sits at 100 - 3
        TypeLayout outer = TypeLayout.struct(new int[] {1, 1}, new int[] {0, 100},
            new TypeLayout[] {TypeLayout.DOUBLE, type1});
        assertBounds(outer, 12, 97, 106, 0, 104, 2);
    }

    @Test
    void resizedReplacesTheBounds() {
        TypeLayout t = TypeLayout.resized(TypeLayout.INT, -4, 12);
        assertBounds(t, 4, -4, 8, 0, 4, 1);
        assertFalse(t.isContiguous());
        assertBlocks(t, 0, 4);
        TypeLayout three = TypeLayout.contiguous(3, t);
        assertBounds(three, 12, -4, 32, 0, 28, 3);
        // old markers are erased: the struct with markers resized to its data is contiguous
        TypeLayout type1 = TypeLayout.struct(new int[] {1, 1, 1}, new int[] {-3, 0, 6},
            new TypeLayout[] {TypeLayout.LB, TypeLayout.INT, TypeLayout.UB});
        TypeLayout plain = TypeLayout.resized(type1, 0, 4);
        assertBounds(plain, 4, 0, 4, 0, 4, 1);
        assertTrue(plain.isContiguous());
        assertTrue(TypeLayout.contiguous(7, plain).isContiguous());
        // a negative extent is legal
        TypeLayout back = TypeLayout.resized(TypeLayout.INT, 0, -8);
        assertBounds(back, 4, 0, -8, 0, 4, 1);
        assertBounds(TypeLayout.contiguous(3, back), 12, -16, -8, -16, 20, 3);
    }

    @Test
    void dupIsEqualButDistinct() {
        TypeLayout t = TypeLayout.vector(2, 3, 5, TypeLayout.INT);
        TypeLayout d = TypeLayout.dup(t);
        assertNotSame(t, d);
        assertBounds(d, 24, 0, 32, 0, 32, 6);
        assertBlocks(d, 0, 12, 20, 12);
        assertSame(BasicKind.INT, d.homogeneousKind());
    }

    @Test
    void spanCoversEveryByteTouched() {
        TypeLayout back = TypeLayout.vector(3, 1, -2, TypeLayout.INT);
        assertEquals(-16, back.spanLow(2));
        assertEquals(24, back.spanHigh(2));
        TypeLayout neg = TypeLayout.resized(TypeLayout.INT, 0, -8);
        // items at 0, -8, -16
        assertEquals(-16, neg.spanLow(3));
        assertEquals(4, neg.spanHigh(3));
        assertTrue(neg.fits(3, 16, 20));
        assertFalse(neg.fits(3, 15, 20));
        assertFalse(neg.fits(3, 16, 19));
        TypeLayout v = TypeLayout.vector(2, 3, 5, TypeLayout.INT);
        assertEquals(0, v.spanLow(4));
        assertEquals(32 * 3 + 32, v.spanHigh(4));
        assertTrue(v.fits(4, 0, 128));
        assertFalse(v.fits(4, 4, 128));
        assertTrue(v.fits(0, -1000, 0), "no items touch nothing");
        // the span is the data's, not the markers'
        TypeLayout marked = TypeLayout.struct(new int[] {1, 1, 1}, new int[] {-3, 0, 6},
            new TypeLayout[] {TypeLayout.LB, TypeLayout.INT, TypeLayout.UB});
        assertEquals(0, marked.spanLow(2));
        assertEquals(13, marked.spanHigh(2));
    }

    @Test
    void elementsInAShortMessage() {
        TypeLayout t = TypeLayout.struct(new int[] {2, 1, 3}, new int[] {0, 16, 26},
            new TypeLayout[] {TypeLayout.FLOAT, DOUBLE_CHAR, TypeLayout.BYTE});
        // packed: float float | double | byte | byte byte byte = 4 4 8 1 3 = 20 bytes, 7 elements
        assertEquals(0, t.elementsIn(0));
        assertEquals(1, t.elementsIn(4));
        assertEquals(2, t.elementsIn(8));
        assertEquals(TypeLayout.UNDEFINED, t.elementsIn(6));
        assertEquals(TypeLayout.UNDEFINED, t.elementsIn(12));
        assertEquals(3, t.elementsIn(16));
        assertEquals(4, t.elementsIn(17));
        assertEquals(6, t.elementsIn(19));
        assertEquals(7, t.elementsIn(20));
        assertEquals(8, t.elementsIn(24));
        assertEquals(14, t.elementsIn(40));
        assertEquals(7L * 1000 + 3, t.elementsIn(20L * 1000 + 16));
        assertEquals(0, TypeLayout.LB.elementsIn(0));
        assertEquals(TypeLayout.UNDEFINED, TypeLayout.LB.elementsIn(1));
        assertEquals(5, TypeLayout.vector(2, 3, 5, TypeLayout.INT).elementsIn(20));
    }

    @Test
    void tooMuchDataInOneItemIsACountError() {
        TypeLayout big = TypeLayout.contiguous(1 << 12, TypeLayout.LONG);
        EngineException e = assertThrows(EngineException.class, () -> TypeLayout.contiguous(1 << 20, big));
        assertEquals(ErrorClass.COUNT, e.errorClass());
        assertEquals("contiguous: one item would hold more than 2^31 - 1 bytes of data", e.getMessage());
    }
}

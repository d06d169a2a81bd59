package org.atollmpi.engine.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.junit.jupiter.api.Test;

/**
 * Types whose bounds are near the limits of a {@code long}: the bounds check of a buffer
 * ({@link TypeLayout#fits}) is what stands between them and a raw copy at a wild address, so it
 * must never wrap around, and a type whose bounds would not fit a {@code long} must not exist.
 */
class TypeBoundsOverflowTest {
    /** Two bytes 2^62 - 2^31 apart: a legal type (int arguments only) whose extent is near 2^62. */
    private static TypeLayout farApart() {
        TypeLayout wide = TypeLayout.resized(TypeLayout.BYTE, 0, Integer.MAX_VALUE);
        return TypeLayout.vector(2, 1, Integer.MAX_VALUE, wide);
    }

    @Test
    void spansOfHugeExtentsDoNotWrapAround() {
        TypeLayout t = farApart();
        assertEquals(2, t.size());
        assertTrue(t.extent() > 1L << 61, t.toString());
        assertFalse(t.fits(1, 0, 16));
        // 2 * extent plus the data's end passes 2^63: the span must saturate, not go negative
        for (int count = 1; count <= 64; count++) {
            assertFalse(t.fits(count, 0, 16), "count " + count);
            if (count >= 3) {
                assertFalse(t.fits(count, 0, Long.MAX_VALUE - 1), "count " + count);
            }
            assertTrue(t.spanHigh(count) > 0, "spanHigh(" + count + ") = " + t.spanHigh(count));
        }
        TypeLayout backwards = TypeLayout.resized(TypeLayout.BYTE, 0, -(1L << 62));
        for (int count = 2; count <= 8; count++) {
            assertFalse(backwards.fits(count, 100, 1000), "count " + count);
            assertTrue(backwards.spanLow(count) < 0, "spanLow(" + count + ") = " + backwards.spanLow(count));
        }
        // an offset near the top of a long does not wrap the sum either
        assertFalse(TypeLayout.INT.fits(1, Long.MAX_VALUE - 1, Long.MAX_VALUE - 1));
    }

    @Test
    void boundsBeyondALongAreArgumentErrors() {
        // the copies' displacements fit a long but the bounds of the data they hold do not
        EngineException e = assertThrows(EngineException.class,
            () -> TypeLayout.hvector(2, 1, Long.MAX_VALUE, TypeLayout.INT));
        assertEquals(ErrorClass.name(ErrorClass.ARG), ErrorClass.name(e.errorClass()), e.getMessage());
        assertTrue(e.getMessage().startsWith("hvector: "), e.getMessage());
        TypeLayout t = farApart();
        e = assertThrows(EngineException.class, () -> TypeLayout.vector(3, 1, 1, t));
        assertEquals(ErrorClass.name(ErrorClass.ARG), ErrorClass.name(e.errorClass()), e.getMessage());
        assertTrue(e.getMessage().startsWith("vector: "), e.getMessage());
        e = assertThrows(EngineException.class, () -> TypeLayout.contiguous(3, t));
        assertEquals(ErrorClass.name(ErrorClass.ARG), ErrorClass.name(e.errorClass()), e.getMessage());
        e = assertThrows(EngineException.class, () -> TypeLayout.struct(new int[] {1, 1},
            new int[] {0, 0}, new TypeLayout[] {t, TypeLayout.resized(TypeLayout.BYTE, Long.MIN_VALUE / 2 - (1L << 40), 1)}));
        assertEquals(ErrorClass.name(ErrorClass.ARG), ErrorClass.name(e.errorClass()), e.getMessage());
    }
}

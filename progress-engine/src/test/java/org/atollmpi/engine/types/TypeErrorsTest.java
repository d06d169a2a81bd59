package org.atollmpi.engine.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Each misuse raises the MPI error class MPICH and Open MPI raise, naming the argument. */
class TypeErrorsTest {
    private static final TypeLayout INT = TypeLayout.INT;

    private static void assertError(int errorClass, String message, Executable call) {
        EngineException e = assertThrows(EngineException.class, call);
        assertEquals(message, e.getMessage());
        assertEquals(ErrorClass.name(errorClass), ErrorClass.name(e.errorClass()), message);
    }

    @Test
    void negativeCountsAreCountErrors() {
        assertError(ErrorClass.COUNT, "contiguous: count is negative (-1)", () -> TypeLayout.contiguous(-1, INT));
        assertError(ErrorClass.COUNT, "vector: count is negative (-2)", () -> TypeLayout.vector(-2, 1, 1, INT));
        assertError(ErrorClass.COUNT, "hvector: count is negative (-3)", () -> TypeLayout.hvector(-3, 1, 4, INT));
    }

    @Test
    void negativeBlocklengthsAreArgumentErrors() {
        assertError(ErrorClass.ARG, "vector: blocklength is negative (-1)", () -> TypeLayout.vector(1, -1, 1, INT));
        assertError(ErrorClass.ARG, "hvector: blocklength is negative (-1)", () -> TypeLayout.hvector(1, -1, 1, INT));
        assertError(ErrorClass.ARG, "indexed: blocklengths[1] is negative (-2)",
            () -> TypeLayout.indexed(new int[] {1, -2}, new int[] {0, 4}, INT));
        assertError(ErrorClass.ARG, "hindexed: blocklengths[0] is negative (-1)",
            () -> TypeLayout.hindexed(new int[] {-1}, new int[] {0}, INT));
        assertError(ErrorClass.ARG, "indexedBlock: blocklength is negative (-5)",
            () -> TypeLayout.indexedBlock(-5, new int[] {0}, INT));
        assertError(ErrorClass.ARG, "hindexedBlock: blocklength is negative (-5)",
            () -> TypeLayout.hindexedBlock(-5, new int[] {0}, INT));
        assertError(ErrorClass.ARG, "struct: blocklengths[2] is negative (-1)",
            () -> TypeLayout.struct(new int[] {1, 1, -1}, new int[] {0, 4, 8}, new TypeLayout[] {INT, INT, INT}));
    }

    @Test
    void mismatchedOrMissingArraysAreArgumentErrors() {
        assertError(ErrorClass.ARG, "indexed: blocklengths has 2 entries but displacements has 1",
            () -> TypeLayout.indexed(new int[] {1, 1}, new int[] {0}, INT));
        assertError(ErrorClass.ARG, "hindexed: blocklengths has 1 entries but byteDisplacements has 2",
            () -> TypeLayout.hindexed(new int[] {1}, new int[] {0, 4}, INT));
        assertError(ErrorClass.ARG, "struct: blocklengths has 2 entries but types has 1",
            () -> TypeLayout.struct(new int[] {1, 1}, new int[] {0, 4}, new TypeLayout[] {INT}));
        assertError(ErrorClass.ARG, "indexed: blocklengths is null", () -> TypeLayout.indexed(null, new int[0], INT));
        assertError(ErrorClass.ARG, "hindexed: byteDisplacements is null",
            () -> TypeLayout.hindexed(new int[0], null, INT));
        assertError(ErrorClass.ARG, "indexedBlock: displacements is null", () -> TypeLayout.indexedBlock(1, null, INT));
        assertError(ErrorClass.ARG, "struct: types is null", () -> TypeLayout.struct(new int[0], new int[0], null));
    }

    @Test
    void missingTypesAreTypeErrors() {
        assertError(ErrorClass.TYPE, "contiguous: oldType is null", () -> TypeLayout.contiguous(1, null));
        assertError(ErrorClass.TYPE, "vector: oldType is null", () -> TypeLayout.vector(1, 1, 1, null));
        assertError(ErrorClass.TYPE, "hindexedBlock: oldType is null",
            () -> TypeLayout.hindexedBlock(1, new int[] {0}, null));
        assertError(ErrorClass.TYPE, "resized: oldType is null", () -> TypeLayout.resized(null, 0, 4));
        assertError(ErrorClass.TYPE, "dup: oldType is null", () -> TypeLayout.dup(null));
        assertError(ErrorClass.TYPE, "struct: types[1] is null",
            () -> TypeLayout.struct(new int[] {1, 1}, new int[] {0, 4}, new TypeLayout[] {INT, null}));
    }

    @Test
    void overflowingBoundsAreArgumentErrors() {
        assertError(ErrorClass.ARG, "resized: lb + extent overflows (9223372036854775807 + 1)",
            () -> TypeLayout.resized(INT, Long.MAX_VALUE, 1));
        TypeLayout huge = TypeLayout.resized(INT, 0, Long.MAX_VALUE / 2);
        assertError(ErrorClass.ARG, "vector: a displacement overflows 64 bits (4 * 4611686018427387903)",
            () -> TypeLayout.vector(2, 1, 4, huge));
    }

    @Test
    void negativeElementsInIsAnArgumentError() {
        assertError(ErrorClass.ARG, "elementsIn: bytes is negative (-1)", () -> INT.elementsIn(-1));
    }
}

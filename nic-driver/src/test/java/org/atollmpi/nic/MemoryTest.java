package org.atollmpi.nic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * {@link Memory#copy} and {@link Memory#setMemory} give the bytes {@code System.arraycopy} and
 * {@code Arrays.fill} give, whatever the length (below, at and above the small-copy loop's limit),
 * the offsets (aligned or not), the memory (arrays, native) and the overlap of source and target.
 */
class MemoryTest {
    private static final long B = Memory.BYTE_ARRAY_BASE;

    @Test
    void copiesBetweenArraysAndNativeMemoryAtEveryLengthAndAlignment() {
        Random random = new Random(42);
        byte[] source = new byte[512];
        random.nextBytes(source);
        long native1 = Memory.allocate(512);
        try {
            for (int length = 0; length <= 2 * Memory.SMALL + 9; length++) {
                for (int from = 0; from < 9; from++) {
                    for (int to = 0; to < 9; to++) {
                        byte[] expected = new byte[512];
                        System.arraycopy(source, from, expected, to, length);
                        byte[] array = new byte[512];
                        Memory.copy(source, B + from, array, B + to, length);
                        assertArrayEquals(expected, array, "array to array, " + length + " B " + from + "->" + to);
                        Memory.setMemory(native1, 512, (byte) 0);
                        Memory.copy(source, B + from, null, native1 + to, length);
                        byte[] back = new byte[512];
                        Memory.copy(null, native1, back, B, 512);
                        assertArrayEquals(expected, back, "through native memory, " + length + " B " + from + "->" + to);
                    }
                }
            }
        } finally {
            Memory.free(native1);
        }
    }

    @Test
    void overlappingCopiesWithinOneArrayMoveAsMemmoveDoes() {
        for (int length = 1; length <= Memory.SMALL + 16; length += 7) {
            for (int shift = -20; shift <= 20; shift++) {
                byte[] a = new byte[400];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (byte) i;
                }
                byte[] expected = a.clone();
                int from = 150;
                System.arraycopy(expected, from, expected, from + shift, length);
                Memory.copy(a, B + from, a, B + from + shift, length);
                assertArrayEquals(expected, a, length + " B shifted by " + shift);
            }
        }
    }

    @Test
    void zeroesEveryLengthAndFillsWithOtherValues() {
        long address = Memory.allocate(300);
        try {
            for (int length = 0; length <= 2 * Memory.SMALL + 3; length++) {
                Memory.setMemory(address, 300, (byte) 7);
                Memory.setMemory(address + 3, length, (byte) 0);
                byte[] expected = new byte[300];
                java.util.Arrays.fill(expected, (byte) 7);
                java.util.Arrays.fill(expected, 3, 3 + length, (byte) 0);
                byte[] got = new byte[300];
                Memory.copy(null, address, got, B, 300);
                assertArrayEquals(expected, got, "zeroing " + length + " B");
            }
        } finally {
            Memory.free(address);
        }
    }
}

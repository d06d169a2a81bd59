package org.atollmpi.engine.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.junit.jupiter.api.Test;

class PackPlanTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;

    private static final TypeLayout DOUBLE_CHAR =
        TypeLayout.struct(new int[] {1, 1}, new int[] {0, 8}, new TypeLayout[] {TypeLayout.DOUBLE, TypeLayout.BYTE});
    private static final TypeLayout MARKED = TypeLayout.struct(new int[] {1, 1, 1}, new int[] {-3, 0, 6},
        new TypeLayout[] {TypeLayout.LB, TypeLayout.INT, TypeLayout.UB});
    private static final TypeLayout STANDARD_STRUCT = TypeLayout.struct(new int[] {2, 1, 3}, new int[] {0, 16, 26},
        new TypeLayout[] {TypeLayout.FLOAT, DOUBLE_CHAR, TypeLayout.BYTE});

    /** Every shape of plan, and every way a type map can run: backwards, gapped, nested, resized. */
    private static List<TypeLayout> layouts() {
        List<TypeLayout> all = new java.util.ArrayList<>(List.of(
            TypeLayout.INT,
            TypeLayout.contiguous(5, TypeLayout.DOUBLE),
            TypeLayout.vector(2, 3, 5, TypeLayout.INT),
            TypeLayout.vector(3, 1, -2, TypeLayout.INT),
            TypeLayout.vector(5, 1, 2, TypeLayout.DOUBLE),
            TypeLayout.hvector(3, 2, -13, TypeLayout.SHORT),
            TypeLayout.vector(3, 1, 2, TypeLayout.vector(2, 1, 3, TypeLayout.INT)),
            TypeLayout.vector(2, 3, 4, DOUBLE_CHAR),
            TypeLayout.indexed(new int[] {3, 1}, new int[] {4, 0}, DOUBLE_CHAR),
            TypeLayout.indexedBlock(2, new int[] {5, 1, -1}, TypeLayout.LONG),
            TypeLayout.hindexed(new int[] {1, 2}, new int[] {7, 0}, TypeLayout.CHAR),
            STANDARD_STRUCT,
            MARKED,
            TypeLayout.contiguous(2, MARKED),
            TypeLayout.resized(TypeLayout.INT, -4, 12),
            TypeLayout.resized(TypeLayout.INT, 0, -8),
            TypeLayout.resized(TypeLayout.vector(4, 1, 3, TypeLayout.DOUBLE), 0, 8),
            TypeLayout.resized(TypeLayout.vector(4, 5, 7, TypeLayout.DOUBLE), 0, 8),
            TypeLayout.struct(new int[] {1, 1, 3}, new int[] {0, 4, 12},
                new TypeLayout[] {TypeLayout.INT, TypeLayout.DOUBLE, TypeLayout.SHORT})));
        // Every block length the word copies distinguish (1..3, 4..7, 8..16, 17..32, larger), as
        // strided items (equal blocks, equal gaps) and as general ones (a second, longer block).
        for (int length = 1; length <= 40; length++) {
            all.add(TypeLayout.hvector(4, length, length + 3, TypeLayout.BYTE));
            all.add(TypeLayout.hindexed(new int[] {length, length + 1}, new int[] {0, length + 5}, TypeLayout.BYTE));
        }
        return all;
    }

    /** Packs element by element from the runs: the type map read literally. */
    private static void referencePack(TypeLayout t, byte[] src, long srcOffset, int count, byte[] dst) {
        int out = 0;
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < t.runCount(); r++) {
                int kindSize = t.runKind(r).size();
                for (int e = 0; e < t.runElements(r); e++) {
                    long at = srcOffset + i * t.extent() + t.runOffset(r) + (long) e * kindSize;
                    for (int k = 0; k < kindSize; k++) {
                        dst[out++] = src[(int) (at + k)];
                    }
                }
            }
        }
    }

    private static void referenceUnpack(TypeLayout t, byte[] src, int count, byte[] dst, long dstOffset) {
        int in = 0;
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < t.runCount(); r++) {
                int kindSize = t.runKind(r).size();
                for (int e = 0; e < t.runElements(r); e++) {
                    long at = dstOffset + i * t.extent() + t.runOffset(r) + (long) e * kindSize;
                    for (int k = 0; k < kindSize; k++) {
                        dst[(int) (at + k)] = src[in++];
                    }
                }
            }
        }
    }

    private static byte[] pattern(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        return bytes;
    }

    @Test
    void packAndUnpackFollowTheTypeMap() {
        for (TypeLayout t : layouts()) {
            for (int count : new int[] {0, 1, 3}) {
                long offset = 64 - t.spanLow(count);
                byte[] src = pattern((int) (offset + t.spanHigh(count) + 64));
                assertTrue(t.fits(count, offset, src.length));
                byte[] expected = new byte[count * t.size()];
                referencePack(t, src, offset, count, expected);
                byte[] packed = new byte[expected.length];
                assertEquals(expected.length, t.plan().pack(src, B + offset, count, packed, B));
                assertArrayEquals(expected, packed, "pack of " + count + " " + t);

                byte[] unpacked = new byte[src.length];
                byte[] expectedUnpacked = new byte[src.length];
                referenceUnpack(t, packed, count, expectedUnpacked, offset);
                assertEquals(expected.length, t.plan().unpack(packed, B, count, unpacked, B + offset));
                assertArrayEquals(expectedUnpacked, unpacked, "unpack of " + count + " " + t);
            }
        }
    }

    @Test
    void segmentsOfAnySizeMakeTheWholeStream() {
        int count = 3;
        for (TypeLayout t : layouts()) {
            long offset = 64 - t.spanLow(count);
            byte[] src = pattern((int) (offset + t.spanHigh(count) + 64));
            int total = count * t.size();
            byte[] whole = new byte[total];
            t.plan().pack(src, B + offset, count, whole, B);
            byte[] wholeUnpacked = new byte[src.length];
            t.plan().unpack(whole, B, count, wholeUnpacked, B + offset);
            for (int chunk : new int[] {1, 2, 3, 5, 7, t.size(), t.size() + 1, total}) {
                if (chunk == 0) {
                    continue;
                }
                byte[] packed = new byte[total];
                byte[] unpacked = new byte[src.length];
                for (int from = 0; from < total; from += chunk) {
                    int bytes = Math.min(chunk, total - from);
                    assertEquals(bytes, t.plan().packSegment(src, B + offset, packed, B + from, from, bytes));
                    assertEquals(bytes, t.plan().unpackSegment(packed, B + from, unpacked, B + offset, from, bytes));
                }
                assertArrayEquals(whole, packed, "chunks of " + chunk + " packing " + t);
                assertArrayEquals(wholeUnpacked, unpacked, "chunks of " + chunk + " unpacking " + t);
            }
        }
    }

    @Test
    void intArrayVectorRoundTrip() {
        int[] matrix = new int[8 * 8];
        Arrays.setAll(matrix, i -> i * 3 + 1);
        TypeLayout column = TypeLayout.vector(8, 1, 8, TypeLayout.INT);
        int[] packed = new int[8];
        // column 5
        column.plan().pack(matrix, Addresses.INT_ARRAY_BASE + 5 * 4, 1, packed, Addresses.INT_ARRAY_BASE);
        for (int row = 0; row < 8; row++) {
            assertEquals(matrix[row * 8 + 5], packed[row]);
        }
        int[] back = new int[matrix.length];
        column.plan().unpack(packed, Addresses.INT_ARRAY_BASE, 1, back, Addresses.INT_ARRAY_BASE + 5 * 4);
        for (int i = 0; i < back.length; i++) {
            assertEquals(i % 8 == 5 ? matrix[i] : 0, back[i], "element " + i);
        }
    }

    @Test
    void doubleArrayNegativeStrideRoundTrip() {
        double[] src = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5};
        TypeLayout back = TypeLayout.vector(3, 1, -2, TypeLayout.DOUBLE);
        int first = 4;
        assertFalse(back.fits(2, first * 8L, src.length * 8L), "two items reach past the end");
        assertTrue(back.fits(1, first * 8L, src.length * 8L));
        double[] packed = new double[3];
        back.plan().pack(src, Addresses.DOUBLE_ARRAY_BASE + first * 8L, 1, packed, Addresses.DOUBLE_ARRAY_BASE);
        assertArrayEquals(new double[] {4.5, 2.5, 0.5}, packed);
        double[] dst = new double[src.length];
        back.plan().unpack(packed, Addresses.DOUBLE_ARRAY_BASE, 1, dst, Addresses.DOUBLE_ARRAY_BASE + first * 8L);
        assertArrayEquals(new double[] {0.5, 0, 2.5, 0, 4.5, 0, 0}, dst);
        // stride 2 of single doubles (the benchmark's shape): blocks moved as words
        TypeLayout strided = TypeLayout.vector(3, 1, 2, TypeLayout.DOUBLE);
        assertTrue(strided.fits(1, 0, src.length * 8L));
        double[] three = new double[3];
        strided.plan().pack(src, Addresses.DOUBLE_ARRAY_BASE, 1, three, Addresses.DOUBLE_ARRAY_BASE);
        assertArrayEquals(new double[] {0.5, 2.5, 4.5}, three);
        double[] six = new double[6];
        TypeLayout.vector(6, 1, 1, TypeLayout.DOUBLE).plan().pack(src, Addresses.DOUBLE_ARRAY_BASE, 1, six,
            Addresses.DOUBLE_ARRAY_BASE);
        assertArrayEquals(Arrays.copyOf(src, 6), six);
    }

    @Test
    void byteArrayStructRoundTrip() {
        TypeLayout t = STANDARD_STRUCT;
        int count = 4;
        byte[] src = pattern((int) t.spanHigh(count));
        byte[] packed = new byte[count * t.size()];
        assertEquals(80, t.plan().pack(src, B, count, packed, B));
        byte[] dst = new byte[src.length];
        t.plan().unpack(packed, B, count, dst, B);
        for (int i = 0; i < count; i++) {
            int item = (int) (i * t.extent());
            for (int at : new int[] {0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 27, 28}) {
                assertEquals(src[item + at], dst[item + at], "item " + i + " byte " + at);
            }
            for (int at : new int[] {8, 15, 25}) {
                assertEquals(0, dst[item + at], "gap: item " + i + " byte " + at);
            }
        }
    }

    @Test
    void directBufferRoundTrip() {
        TypeLayout t = TypeLayout.struct(new int[] {1, 1, 3}, new int[] {0, 4, 12},
            new TypeLayout[] {TypeLayout.INT, TypeLayout.DOUBLE, TypeLayout.SHORT});
        int count = 5;
        ByteBuffer typed = ByteBuffer.allocateDirect((int) t.spanHigh(count));
        byte[] pattern = pattern(typed.capacity());
        typed.put(pattern).clear();
        ByteBuffer packed = ByteBuffer.allocateDirect(count * t.size());
        long typedAddress = Addresses.addressOf(typed);
        long packedAddress = Addresses.addressOf(packed);
        assertEquals(count * 18L, t.plan().pack(null, typedAddress, count, null, packedAddress));

        byte[] expected = new byte[count * t.size()];
        referencePack(t, pattern, 0, count, expected);
        byte[] got = new byte[expected.length];
        packed.get(got);
        assertArrayEquals(expected, got);

        ByteBuffer back = ByteBuffer.allocateDirect(typed.capacity());
        t.plan().unpack(null, packedAddress, count, null, Addresses.addressOf(back));
        byte[] expectedBack = new byte[typed.capacity()];
        referenceUnpack(t, expected, count, expectedBack, 0);
        byte[] gotBack = new byte[expectedBack.length];
        back.get(gotBack);
        assertArrayEquals(expectedBack, gotBack);

        // and between a direct buffer and an array
        byte[] packedArray = new byte[expected.length];
        t.plan().pack(null, typedAddress, count, packedArray, B);
        assertArrayEquals(expected, packedArray);
    }

    @Test
    void aShortMessageUnpacksOnlyItsBytes() {
        TypeLayout t = STANDARD_STRUCT;
        int count = 3;
        byte[] src = pattern((int) t.spanHigh(count));
        byte[] packed = new byte[count * t.size()];
        t.plan().pack(src, B, count, packed, B);
        byte[] dst = new byte[src.length];
        Arrays.fill(dst, (byte) -1);
        // one item and 6 bytes of the next: its first float and half the second
        long received = t.size() + 6;
        assertEquals(received, t.plan().unpackBytes(packed, B, received, dst, B));
        int second = (int) t.extent();
        for (int at : new int[] {0, 1, 2, 3, 4, 5, 6, 7, 16, 24, 26, 27, 28}) {
            assertEquals(src[at], dst[at], "first item, byte " + at);
        }
        for (int at = 0; at < 6; at++) {
            assertEquals(src[second + at], dst[second + at], "second item, byte " + at);
        }
        for (int at = 6; at < dst.length - second; at++) {
            assertEquals(-1, dst[second + at], "second item, byte " + at + " untouched");
        }
        assertEquals(TypeLayout.UNDEFINED, t.elementsIn(received));
        assertEquals(8, t.elementsIn(received - 2));
    }

    @Test
    void misuseRaisesNamedErrors() {
        PackPlan plan = TypeLayout.INT.plan();
        EngineException e = assertThrows(EngineException.class, () -> plan.pack(new int[1], 0, -1, new int[1], 0));
        assertEquals(ErrorClass.COUNT, e.errorClass());
        assertEquals("pack: count is negative (-1)", e.getMessage());
        e = assertThrows(EngineException.class, () -> plan.unpackSegment(new int[1], 0, new int[1], 0, -4, 4));
        assertEquals(ErrorClass.ARG, e.errorClass());
        e = assertThrows(EngineException.class, () -> TypeLayout.UB.plan().unpackBytes(new byte[1], B, 1, new byte[1], B));
        assertEquals(ErrorClass.TRUNCATE, e.errorClass());
        assertEquals(0, TypeLayout.UB.plan().pack(new byte[1], B, 100, new byte[1], B));
    }
}

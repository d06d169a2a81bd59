package org.atollmpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.junit.jupiter.api.Test;

/**
 * Every predefined operation on every element kind, against a reference written with
 * {@link ByteBuffer} arithmetic, through every memory path: byte arrays (raw access), native
 * memory, and Java arrays of the kind's own type (the typed loops), at offsets other than 0.
 * Combinations MPI does not define must be refused with MPI_ERR_OP.
 */
class ReduceKernelsTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int N = 37;
    private static final int SKIP = 3; // elements before the operands, so offsets are not 0

    @Test
    void everyOperationOnEveryKindAgreesWithTheReference() {
        int checked = 0;
        for (ElementKind kind : ElementKind.values()) {
            for (ReduceOp op : ReduceOp.values()) {
                if (!op.accepts(kind)) {
                    continue;
                }
                SplittableRandom rnd = new SplittableRandom(kind.ordinal() * 100 + op.ordinal());
                byte[] in = random(kind, rnd);
                byte[] inout = random(kind, rnd);
                byte[] expected = inout.clone();
                reference(op, kind, buf(in), buf(expected));
                String what = op + " on " + kind;
                assertArrayEquals(expected, viaByteArrays(op, kind, in, inout), what + " (byte arrays)");
                assertArrayEquals(expected, viaNative(op, kind, in, inout), what + " (native)");
                byte[] typed = viaTypedArrays(op, kind, in, inout);
                if (typed != null) {
                    if (kind == ElementKind.BOOLEAN) {
                        // a boolean[] holds only 0 and 1, so its inputs were normalized too
                        for (int i = 0; i < expected.length; i++) {
                            expected[i] = (byte) (expected[i] != 0 ? 1 : 0);
                        }
                    }
                    assertArrayEquals(expected, typed, what + " (typed arrays)");
                }
                checked++;
            }
        }
        assertTrue(checked > 60, "checked " + checked);
    }

    @Test
    void undefinedCombinationsAreRefusedNamingOpAndKind() {
        int refused = 0;
        for (ElementKind kind : ElementKind.values()) {
            for (ReduceOp op : ReduceOp.values()) {
                if (op.accepts(kind)) {
                    continue;
                }
                EngineException e = assertThrows(EngineException.class, () -> Reduction.of(op, kind));
                assertEquals(ErrorClass.OP, e.errorClass());
                assertTrue(e.getMessage().contains(op.name()) && e.getMessage().contains(kind.name()), e.getMessage());
                byte[] a = new byte[kind.bytes()];
                assertThrows(EngineException.class, () -> ReduceKernels.apply(op, kind, a, B, a.clone(), B, 1));
                refused++;
            }
        }
        assertTrue(refused > 50, "refused " + refused);
    }

    @Test
    void theTableFollowsMpi() {
        assertFalse(ReduceOp.MAX.accepts(ElementKind.DOUBLE_COMPLEX));
        assertFalse(ReduceOp.MAX.accepts(ElementKind.BOOLEAN));
        assertFalse(ReduceOp.SUM.accepts(ElementKind.BOOLEAN));
        assertFalse(ReduceOp.SUM.accepts(ElementKind.BYTE));
        assertFalse(ReduceOp.BAND.accepts(ElementKind.DOUBLE));
        assertFalse(ReduceOp.LAND.accepts(ElementKind.FLOAT));
        assertFalse(ReduceOp.MAXLOC.accepts(ElementKind.INT));
        assertFalse(ReduceOp.SUM.accepts(ElementKind.INT_INT));
        assertTrue(ReduceOp.BXOR.accepts(ElementKind.BYTE));
        assertTrue(ReduceOp.LXOR.accepts(ElementKind.BOOLEAN));
        assertTrue(ReduceOp.LAND.accepts(ElementKind.LONG));
        assertTrue(ReduceOp.PROD.accepts(ElementKind.FLOAT_COMPLEX));
        assertTrue(ReduceOp.MINLOC.accepts(ElementKind.SHORT_INT));
        assertTrue(ReduceOp.REPLACE.accepts(ElementKind.DOUBLE_COMPLEX));
        assertTrue(Reduction.of(ReduceOp.SUM, ElementKind.INT).commutative());
        assertFalse(Reduction.of(ReduceOp.REPLACE, ElementKind.INT).commutative());
    }

    @Test
    void maxlocAndMinlocKeepTheSmallerIndexOnTies() {
        ByteBuffer in = ByteBuffer.allocate(24).order(ByteOrder.nativeOrder());
        ByteBuffer io = ByteBuffer.allocate(24).order(ByteOrder.nativeOrder());
        // value 5 at index 9 (in) vs 5 at index 4 (inout): keep 4; 5 at 2 vs 5 at 7: take 2
        in.putDouble(0, 5).putInt(8, 9).putDouble(12, 5).putInt(20, 2);
        io.putDouble(0, 5).putInt(8, 4).putDouble(12, 5).putInt(20, 7);
        for (ReduceOp op : new ReduceOp[] {ReduceOp.MAXLOC, ReduceOp.MINLOC}) {
            byte[] a = in.array().clone();
            byte[] b = io.array().clone();
            Reduction.of(op, ElementKind.DOUBLE_INT).apply(a, B, b, B, 2);
            ByteBuffer r = ByteBuffer.wrap(b).order(ByteOrder.nativeOrder());
            assertEquals(4, r.getInt(8), op.name());
            assertEquals(2, r.getInt(20), op.name());
        }
    }

    @Test
    void userReductionIsCalledWithTheAddresses() {
        int[] seen = new int[1];
        Reduction r = Reduction.user(new UserReduction() {
            @Override
            public void apply(Object inBase, long inOff, Object inoutBase, long inoutOff, int count) {
                seen[0] = count;
                for (int i = 0; i < count; i++) {
                    Addresses.putInt(inoutBase, inoutOff + 4L * i,
                        Addresses.getInt(inBase, inOff + 4L * i) * 10 + Addresses.getInt(inoutBase, inoutOff + 4L * i));
                }
            }

            @Override
            public boolean commutative() {
                return false;
            }
        }, 4);
        int[] in = {1, 2};
        int[] io = {3, 4};
        r.apply(in, Addresses.INT_ARRAY_BASE, io, Addresses.INT_ARRAY_BASE, 2);
        assertEquals(2, seen[0]);
        assertArrayEquals(new int[] {13, 24}, io);
        assertFalse(r.commutative());
        assertEquals(4, r.elementBytes());
    }

    // ------------------------------------------------------------------------------------------

    private static ByteBuffer buf(byte[] a) {
        return ByteBuffer.wrap(a).order(ByteOrder.nativeOrder());
    }

    /** Small values, so ties, zeros and overflow all happen. */
    private static byte[] random(ElementKind kind, SplittableRandom rnd) {
        ByteBuffer b = ByteBuffer.allocate(N * kind.bytes()).order(ByteOrder.nativeOrder());
        for (int i = 0; i < N; i++) {
            int p = i * kind.bytes();
            int v = rnd.nextInt(-3, 4);
            switch (kind) {
                case BYTE -> b.put(p, (byte) rnd.nextInt());
                case BOOLEAN -> b.put(p, (byte) (rnd.nextBoolean() ? 0 : rnd.nextInt(1, 256)));
                case CHAR -> b.putChar(p, (char) (rnd.nextBoolean() ? v & 0xFFFF : rnd.nextInt(65536)));
                case SHORT -> b.putShort(p, (short) (rnd.nextBoolean() ? v : rnd.nextInt()));
                case INT -> b.putInt(p, rnd.nextBoolean() ? v : rnd.nextInt());
                case LONG -> b.putLong(p, rnd.nextBoolean() ? v : rnd.nextLong());
                case FLOAT -> b.putFloat(p, v * 1.5f);
                case DOUBLE -> b.putDouble(p, v * 1.25);
                case FLOAT_COMPLEX -> b.putFloat(p, v).putFloat(p + 4, rnd.nextInt(-3, 4));
                case DOUBLE_COMPLEX -> b.putDouble(p, v).putDouble(p + 8, rnd.nextInt(-3, 4));
                case INT_INT -> b.putInt(p, v).putInt(p + 4, rnd.nextInt(100));
                case SHORT_INT -> b.putShort(p, (short) v).putInt(p + 2, rnd.nextInt(100));
                case LONG_INT -> b.putLong(p, v).putInt(p + 8, rnd.nextInt(100));
                case FLOAT_INT -> b.putFloat(p, v).putInt(p + 4, rnd.nextInt(100));
                case DOUBLE_INT -> b.putDouble(p, v).putInt(p + 8, rnd.nextInt(100));
                default -> throw new AssertionError(kind);
            }
        }
        return b.array();
    }

    private static byte[] viaByteArrays(ReduceOp op, ElementKind kind, byte[] in, byte[] inout) {
        int skip = SKIP * kind.bytes() + 1; // unaligned on purpose
        byte[] a = new byte[skip + in.length];
        byte[] b = new byte[skip + inout.length];
        System.arraycopy(in, 0, a, skip, in.length);
        System.arraycopy(inout, 0, b, skip, inout.length);
        Reduction.of(op, kind).apply(a, B + skip, b, B + skip, N);
        byte[] out = new byte[inout.length];
        System.arraycopy(b, skip, out, 0, out.length);
        return out;
    }

    private static byte[] viaNative(ReduceOp op, ElementKind kind, byte[] in, byte[] inout) {
        ByteBuffer a = ByteBuffer.allocateDirect(in.length + 16);
        ByteBuffer b = ByteBuffer.allocateDirect(inout.length + 16);
        long pa = Addresses.addressOf(a) + 8;
        long pb = Addresses.addressOf(b) + 8;
        Addresses.copy(in, B, null, pa, in.length);
        Addresses.copy(inout, B, null, pb, inout.length);
        Reduction.of(op, kind).apply(null, pa, null, pb, N);
        byte[] out = new byte[inout.length];
        Addresses.copy(null, pb, out, B, out.length);
        return out;
    }

    /** Through arrays of the kind's own type, or null where the kind has none. */
    private static byte[] viaTypedArrays(ReduceOp op, ElementKind kind, byte[] in, byte[] inout) {
        Object a;
        Object b;
        long base;
        int units = 1; // array elements per reduction element
        switch (kind) {
            case BYTE -> { a = new byte[N + SKIP]; b = new byte[N + SKIP]; base = Addresses.BYTE_ARRAY_BASE; }
            case BOOLEAN -> { a = new boolean[N + SKIP]; b = new boolean[N + SKIP]; base = Addresses.BOOLEAN_ARRAY_BASE; }
            case CHAR -> { a = new char[N + SKIP]; b = new char[N + SKIP]; base = Addresses.CHAR_ARRAY_BASE; }
            case SHORT -> { a = new short[N + SKIP]; b = new short[N + SKIP]; base = Addresses.SHORT_ARRAY_BASE; }
            case INT -> { a = new int[N + SKIP]; b = new int[N + SKIP]; base = Addresses.INT_ARRAY_BASE; }
            case LONG -> { a = new long[N + SKIP]; b = new long[N + SKIP]; base = Addresses.LONG_ARRAY_BASE; }
            case FLOAT -> { a = new float[N + SKIP]; b = new float[N + SKIP]; base = Addresses.FLOAT_ARRAY_BASE; }
            case DOUBLE -> { a = new double[N + SKIP]; b = new double[N + SKIP]; base = Addresses.DOUBLE_ARRAY_BASE; }
            case FLOAT_COMPLEX -> {
                a = new float[2 * (N + SKIP)]; b = new float[2 * (N + SKIP)]; base = Addresses.FLOAT_ARRAY_BASE; units = 2;
            }
            case DOUBLE_COMPLEX -> {
                a = new double[2 * (N + SKIP)]; b = new double[2 * (N + SKIP)]; base = Addresses.DOUBLE_ARRAY_BASE; units = 2;
            }
            default -> {
                return null;
            }
        }
        int unitBytes = kind.bytes() / units;
        long off = base + (long) SKIP * kind.bytes();
        if (kind == ElementKind.BOOLEAN) {
            // a Java boolean must be 0 or 1 in memory
            for (int i = 0; i < N; i++) {
                ((boolean[]) a)[SKIP + i] = in[i] != 0;
                ((boolean[]) b)[SKIP + i] = inout[i] != 0;
            }
        } else {
            Addresses.copy(in, B, a, off, in.length);
            Addresses.copy(inout, B, b, off, inout.length);
        }
        assertEquals(0, (off - base) % unitBytes);
        Reduction.of(op, kind).apply(a, off, b, off, N);
        byte[] out = new byte[inout.length];
        Addresses.copy(b, off, out, B, out.length);
        return out;
    }

    /** The meaning of each operation, element by element, with ByteBuffer reads and writes. */
    private static void reference(ReduceOp op, ElementKind kind, ByteBuffer in, ByteBuffer io) {
        int s = kind.bytes();
        for (int i = 0; i < N; i++) {
            int p = i * s;
            if (op == ReduceOp.NO_OP) {
                continue;
            }
            if (op == ReduceOp.REPLACE && kind == ElementKind.BOOLEAN) {
                io.put(p, (byte) (in.get(p) != 0 ? 1 : 0)); // a boolean result is 0 or 1
                continue;
            }
            if (op == ReduceOp.REPLACE) {
                for (int k = 0; k < s; k++) {
                    io.put(p + k, in.get(p + k));
                }
                continue;
            }
            switch (kind) {
                case BYTE, CHAR, SHORT, INT, LONG -> {
                    long a = readInteger(kind, in, p);
                    long b = readInteger(kind, io, p);
                    writeInteger(kind, io, p, integer(op, a, b));
                }
                case BOOLEAN -> {
                    boolean a = in.get(p) != 0;
                    boolean b = io.get(p) != 0;
                    boolean r = switch (op) {
                        case LAND -> a && b;
                        case LOR -> a || b;
                        case LXOR -> a ^ b;
                        default -> throw new AssertionError(op);
                    };
                    io.put(p, (byte) (r ? 1 : 0));
                }
                case FLOAT -> io.putFloat(p, (float) floating(op, in.getFloat(p), io.getFloat(p)));
                case DOUBLE -> io.putDouble(p, floating(op, in.getDouble(p), io.getDouble(p)));
                case FLOAT_COMPLEX -> {
                    float ar = in.getFloat(p), ai = in.getFloat(p + 4), br = io.getFloat(p), bi = io.getFloat(p + 4);
                    io.putFloat(p, op == ReduceOp.SUM ? ar + br : ar * br - ai * bi);
                    io.putFloat(p + 4, op == ReduceOp.SUM ? ai + bi : ar * bi + ai * br);
                }
                case DOUBLE_COMPLEX -> {
                    double ar = in.getDouble(p), ai = in.getDouble(p + 8), br = io.getDouble(p), bi = io.getDouble(p + 8);
                    io.putDouble(p, op == ReduceOp.SUM ? ar + br : ar * br - ai * bi);
                    io.putDouble(p + 8, op == ReduceOp.SUM ? ai + bi : ar * bi + ai * br);
                }
                default -> {
                    int vs = s - 4;
                    double a = pairValue(kind, in, p);
                    double b = pairValue(kind, io, p);
                    int ai = in.getInt(p + vs);
                    int bi = io.getInt(p + vs);
                    boolean takeIn = op == ReduceOp.MAXLOC ? a > b : a < b;
                    if (takeIn) {
                        for (int k = 0; k < s; k++) {
                            io.put(p + k, in.get(p + k));
                        }
                    } else if (a == b) {
                        io.putInt(p + vs, Math.min(ai, bi));
                    }
                }
            }
        }
    }

    private static long readInteger(ElementKind kind, ByteBuffer b, int p) {
        return switch (kind) {
            case BYTE -> b.get(p);
            case CHAR -> b.getChar(p);
            case SHORT -> b.getShort(p);
            case INT -> b.getInt(p);
            default -> b.getLong(p);
        };
    }

    private static void writeInteger(ElementKind kind, ByteBuffer b, int p, long v) {
        switch (kind) {
            case BYTE -> b.put(p, (byte) v);
            case CHAR -> b.putChar(p, (char) v);
            case SHORT -> b.putShort(p, (short) v);
            case INT -> b.putInt(p, (int) v);
            default -> b.putLong(p, v);
        }
    }

    private static long integer(ReduceOp op, long a, long b) {
        return switch (op) {
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            case SUM -> a + b;
            case PROD -> a * b;
            case LAND -> a != 0 && b != 0 ? 1 : 0;
            case LOR -> a != 0 || b != 0 ? 1 : 0;
            case LXOR -> (a != 0) ^ (b != 0) ? 1 : 0;
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
            default -> throw new AssertionError(op);
        };
    }

    private static double floating(ReduceOp op, double a, double b) {
        return switch (op) {
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            case SUM -> a + b;
            case PROD -> a * b;
            default -> throw new AssertionError(op);
        };
    }

    private static double pairValue(ElementKind kind, ByteBuffer b, int p) {
        return switch (kind) {
            case INT_INT -> b.getInt(p);
            case SHORT_INT -> b.getShort(p);
            case LONG_INT -> b.getLong(p);
            case FLOAT_INT -> b.getFloat(p);
            default -> b.getDouble(p);
        };
    }

    @Test
    void scratchIsTypedLikeTheProgramsArrayAndAtItsOffsetSoTheSameIndexLoopsRun() {
        Reduction sum = Reduction.of(ReduceOp.SUM, ElementKind.DOUBLE);
        long at = Addresses.DOUBLE_ARRAY_BASE + 8 * 5;
        Region r = sum.scratch(7, new double[20], at);
        assertEquals(12, ((double[]) r.base()).length);
        assertEquals(at, r.offset());
        double[] in = new double[12];
        double[] io = (double[]) r.base();
        java.util.Arrays.fill(in, 2.5);
        java.util.Arrays.fill(io, 1.0);
        sum.apply(in, at, io, at, 7);
        assertEquals(1.0, io[4]);
        assertEquals(3.5, io[5]);
        assertEquals(3.5, io[11]);
        Region bytes = sum.scratch(7, new int[20], Addresses.INT_ARRAY_BASE);
        assertEquals(56, ((byte[]) bytes.base()).length);
        Region direct = sum.scratch(3, null, 12345L);
        assertEquals(Addresses.BYTE_ARRAY_BASE, direct.offset());
    }
}

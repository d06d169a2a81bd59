package org.atollmpi.coll;

import static org.atollmpi.coll.CollectivesTest.group;
import static org.atollmpi.coll.CollectivesTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.Operation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each allgather and alltoall algorithm forced in turn ({@link Tuning#force}) over groups of 1
 * to 8 members, powers of two and not (recursive doubling then runs Bruck), blocks of 0, 1, 3
 * and 5000 bytes (odd sizes, and past the eager limit), out of place and in place, into heap
 * arrays at an offset and into direct buffers, checked byte for byte against the reference
 * layout; the bytes around the receive area and the send buffer must stay as they were.
 */
class ExchangeAlgorithmsTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int CTX = 5;
    private static final int[] BLOCKS = {0, 1, 3, 5000};
    private static final int[] SIZES = {1, 2, 3, 4, 5, 7, 8};
    /** Bytes before and after the receive area of a heap buffer, which must not change. */
    private static final int GUARD = 5;

    @AfterEach
    void backToSelection() {
        Tuning.force(Collective.ALLGATHER, null);
        Tuning.force(Collective.ALLTOALL, null);
    }

    static Stream<Arguments> allgathers() {
        return cases(Collective.ALLGATHER);
    }

    static Stream<Arguments> alltoalls() {
        return cases(Collective.ALLTOALL);
    }

    private static Stream<Arguments> cases(Collective c) {
        List<Arguments> all = new ArrayList<>();
        for (Algorithm a : c.algorithms()) {
            for (int n : SIZES) {
                all.add(Arguments.of(a, n));
            }
        }
        return all.stream();
    }

    /** Byte {@code k} of block {@code b} in case {@code c}: a hash, so a block or byte out of place shows. */
    static byte pattern(int c, int b, int k) {
        int x = c * 0x85EBCA6B ^ b * 0x01000193 ^ k * 0x9E3779B9;
        x ^= x >>> 15;
        x *= 0x2C1B3C6D;
        x ^= x >>> 12;
        return (byte) x;
    }

    static byte[] block(int c, int b, int bytes) {
        byte[] a = new byte[bytes];
        for (int k = 0; k < bytes; k++) {
            a[k] = pattern(c, b, k);
        }
        return a;
    }

    /** A receive buffer of {@code bytes}: a heap array with guard bytes around it, or a direct buffer. */
    private static final class Area {
        final byte[] heap;
        final ByteBuffer direct;
        final Object base;
        final long offset;
        final int bytes;

        Area(boolean isDirect, int bytes) {
            this.bytes = bytes;
            if (isDirect) {
                heap = null;
                direct = ByteBuffer.allocateDirect(bytes);
                base = null;
                offset = Addresses.addressOf(direct);
            } else {
                heap = new byte[bytes + 2 * GUARD];
                java.util.Arrays.fill(heap, (byte) 0x5A);
                direct = null;
                base = heap;
                offset = B + GUARD;
            }
        }

        void put(int at, byte[] data) {
            Addresses.copy(data, B, base, offset + at, data.length);
        }

        byte[] get() {
            byte[] a = new byte[bytes];
            Addresses.copy(base, offset, a, B, bytes);
            return a;
        }

        /** The contents, having checked that the guard bytes around a heap area are untouched. */
        byte[] checked(String what) {
            if (heap != null) {
                byte[] guards = new byte[2 * GUARD];
                System.arraycopy(heap, 0, guards, 0, GUARD);
                System.arraycopy(heap, GUARD + bytes, guards, GUARD, GUARD);
                byte[] expected = new byte[2 * GUARD];
                java.util.Arrays.fill(expected, (byte) 0x5A);
                assertArrayEquals(expected, guards, what + ": written outside the receive area");
            }
            return get();
        }
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("allgathers")
    void allgather(Algorithm algorithm, int n) throws Exception {
        Tuning.force(Collective.ALLGATHER, algorithm);
        group(n, (e, g, me) -> {
            int tag = 1;
            for (int bytes : BLOCKS) {
                for (boolean inPlace : new boolean[] {false, true}) {
                    for (boolean direct : new boolean[] {false, true}) {
                        allgatherCase(e, g, me, tag++, bytes, inPlace, direct,
                            algorithm + " n=" + n + " bytes=" + bytes + (inPlace ? " in place" : "")
                                + (direct ? " direct" : ""));
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("alltoalls")
    void alltoall(Algorithm algorithm, int n) throws Exception {
        Tuning.force(Collective.ALLTOALL, algorithm);
        group(n, (e, g, me) -> {
            int tag = 1;
            for (int bytes : BLOCKS) {
                for (boolean inPlace : new boolean[] {false, true}) {
                    for (boolean direct : new boolean[] {false, true}) {
                        alltoallCase(e, g, me, tag++, bytes, inPlace, direct,
                            algorithm + " n=" + n + " bytes=" + bytes + (inPlace ? " in place" : "")
                                + (direct ? " direct" : ""));
                    }
                }
            }
        });
    }

    /** Odd-sized blocks of 3 MiB (allgather) and 1 MiB (alltoall), over a power-of-two group and another. */
    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {3, 4})
    void severalMebibytes(int n) throws Exception {
        int bytes = (3 << 20) + 1;
        group(n, (e, g, me) -> {
            int tag = 1;
            for (boolean inPlace : new boolean[] {false, true}) {
                String how = " n=" + n + (inPlace ? " in place" : "");
                for (Algorithm a : Collective.ALLGATHER.algorithms()) {
                    Tuning.force(Collective.ALLGATHER, a);
                    allgatherCase(e, g, me, tag++, bytes, inPlace, false, a + how);
                }
                for (Algorithm a : Collective.ALLTOALL.algorithms()) {
                    Tuning.force(Collective.ALLTOALL, a);
                    alltoallCase(e, g, me, tag++, bytes / 3, inPlace, false, a + how);
                }
            }
        });
    }

    /** Every algorithm's call in flight at once on one context: only the call tags keep their messages apart. */
    @ParameterizedTest(name = "group of {0}")
    @ValueSource(ints = {5, 8})
    void allAlgorithmsInFlightTogether(int n) throws Exception {
        group(n, (e, g, me) -> {
            int bytes = 700;
            List<Operation> ops = new ArrayList<>();
            List<byte[]> results = new ArrayList<>();
            int tag = 1;
            // Tuning.force is for the whole JVM, and members call at their own pace: name the algorithm
            for (Algorithm a : Collective.ALLGATHER.algorithms()) {
                byte[] all = new byte[n * bytes];
                ops.add(Collectives.allgather(e, g, me, CTX, tag, block(tag, me, bytes), B, bytes, all, B, a));
                results.add(all);
                tag++;
            }
            for (Algorithm a : Collective.ALLTOALL.algorithms()) {
                byte[] out = alltoallSend(tag, n, me, bytes);
                byte[] in = new byte[n * bytes];
                ops.add(Collectives.alltoall(e, g, me, CTX, tag, out, B, in, B, bytes, a));
                results.add(in);
                tag++;
            }
            for (int i = ops.size() - 1; i >= 0; i--) {
                run(e, ops.get(i), "collective " + i);
            }
            int gathers = Collective.ALLGATHER.algorithms().size();
            for (int i = 0; i < results.size(); i++) {
                int c = i + 1;
                byte[] expected = i < gathers ? allgatherResult(c, n, bytes) : alltoallResult(c, n, me, bytes);
                assertArrayEquals(expected, results.get(i), "call " + c + " n=" + n);
            }
        });
    }

    // ------------------------------------------------------------------------------------------

    private static void allgatherCase(Engine e, int[] g, int me, int c, int bytes, boolean inPlace, boolean direct,
                                      String what) {
        int n = g.length;
        Area recv = new Area(direct, n * bytes);
        byte[] mine = block(c, me, bytes);
        Object sendBase = mine;
        if (inPlace) {
            recv.put(me * bytes, mine);
            sendBase = Collectives.IN_PLACE;
        }
        run(e, Collectives.allgather(e, g, me, CTX, c, sendBase, B, bytes, recv.base, recv.offset), what);
        assertArrayEquals(allgatherResult(c, n, bytes), recv.checked(what), what);
        assertArrayEquals(block(c, me, bytes), mine, what + ": the send buffer is not written");
    }

    private static void alltoallCase(Engine e, int[] g, int me, int c, int bytes, boolean inPlace, boolean direct,
                                     String what) {
        int n = g.length;
        Area recv = new Area(direct, n * bytes);
        byte[] out = alltoallSend(c, n, me, bytes);
        Object sendBase = out;
        if (inPlace) {
            recv.put(0, out);
            sendBase = Collectives.IN_PLACE;
        }
        run(e, Collectives.alltoall(e, g, me, CTX, c, sendBase, B, recv.base, recv.offset, bytes), what);
        assertArrayEquals(alltoallResult(c, n, me, bytes), recv.checked(what), what);
        assertArrayEquals(alltoallSend(c, n, me, bytes), out, what + ": the send buffer is not written");
    }

    /** Member {@code r}'s block in every position. */
    private static byte[] allgatherResult(int c, int n, int bytes) {
        byte[] all = new byte[n * bytes];
        for (int r = 0; r < n; r++) {
            System.arraycopy(block(c, r, bytes), 0, all, r * bytes, bytes);
        }
        return all;
    }

    /** What member {@code me} sends: the block for member {@code q} is block {@code me * n + q}. */
    private static byte[] alltoallSend(int c, int n, int me, int bytes) {
        byte[] out = new byte[n * bytes];
        for (int q = 0; q < n; q++) {
            System.arraycopy(block(c, me * n + q, bytes), 0, out, q * bytes, bytes);
        }
        return out;
    }

    /** What member {@code me} receives: block {@code r * n + me} from each member {@code r}, in rank order. */
    private static byte[] alltoallResult(int c, int n, int me, int bytes) {
        byte[] in = new byte[n * bytes];
        for (int r = 0; r < n; r++) {
            System.arraycopy(block(c, r * n + me, bytes), 0, in, r * bytes, bytes);
        }
        return in;
    }
}

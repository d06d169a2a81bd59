package org.atollmpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each broadcast, gather, scatter, scan and exscan algorithm forced in turn ({@link Tuning#force})
 * over groups of 1 to 8 members, roots first, last and in the middle, sizes 0, 1, odd, past the
 * eager limit and (on 3 and 4 members) several MiB, in place where the collective has it; scans
 * with an integer sum and with a non-commutative matrix product that must come out in rank
 * order. Each is checked against a serial reference; the bytes around a receive area must stay.
 */
class RootedAlgorithmsTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int CTX = 6;
    private static final int[] SIZES = {1, 2, 3, 4, 5, 7, 8};
    private static final int GUARD = 3;
    private static final Reduction SUM = Reduction.of(ReduceOp.SUM, ElementKind.INT);

    @AfterEach
    void backToSelection() {
        for (Collective c : Collective.values()) {
            Tuning.force(c, null);
        }
    }

    static Stream<Arguments> cases(Collective c) {
        List<Arguments> all = new ArrayList<>();
        for (Algorithm a : c.algorithms()) {
            for (int n : SIZES) {
                all.add(Arguments.of(a, n));
            }
        }
        return all.stream();
    }

    static Stream<Arguments> bcasts() {
        return cases(Collective.BCAST);
    }

    static Stream<Arguments> gathers() {
        return cases(Collective.GATHER);
    }

    static Stream<Arguments> scatters() {
        return cases(Collective.SCATTER);
    }

    static Stream<Arguments> scans() {
        return Stream.concat(cases(Collective.SCAN), cases(Collective.EXSCAN).map(a -> Arguments.of(a.get()[0],
            -(int) a.get()[1])));
    }

    /** Byte {@code k} of member {@code r}'s data in case {@code c}. */
    static byte at(int c, int r, int k) {
        int h = c * 0x9E3779B1 + r * 0x85EBCA77 + k * 0xC2B2AE3D;
        return (byte) (h ^ h >>> 15);
    }

    static byte[] data(int c, int r, int bytes) {
        byte[] b = new byte[bytes];
        for (int k = 0; k < bytes; k++) {
            b[k] = at(c, r, k);
        }
        return b;
    }

    private static int[] sizes(int n, int... base) {
        return n == 3 || n == 4 ? Arrays.copyOf(base, base.length + 1) : base;
    }

    private static int[] roots(int n) {
        return new int[] {0, n - 1, n / 2};
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("bcasts")
    void bcast(Algorithm a, int n) throws Exception {
        Tuning.force(Collective.BCAST, a);
        int[] sizes = sizes(n, 0, 1, 3, 5000, 200_003);
        if (sizes.length == 6) {
            sizes[5] = (3 << 20) + 1;
        }
        CollectivesTest.group(n, (e, g, me) -> {
            int tag = 1;
            for (int bytes : sizes) {
                for (int root : roots(n)) {
                    int c = tag;
                    byte[] buf = me == root ? data(c, root, bytes + 2 * GUARD) : new byte[bytes + 2 * GUARD];
                    if (me != root) {
                        Arrays.fill(buf, (byte) 7);
                    }
                    CollectivesTest.run(e, Collectives.bcast(e, g, me, CTX, tag++, buf, B + GUARD, bytes, root), a + "");
                    byte[] want = data(c, root, bytes + 2 * GUARD);
                    if (me != root) {
                        Arrays.fill(want, 0, GUARD, (byte) 7);
                        Arrays.fill(want, GUARD + bytes, want.length, (byte) 7);
                    }
                    assertArrayEquals(want, buf, a + " bytes " + bytes + " root " + root + " member " + me);
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("gathers")
    void gather(Algorithm a, int n) throws Exception {
        Tuning.force(Collective.GATHER, a);
        int[] blocks = sizes(n, 0, 1, 3, 5000);
        if (blocks.length == 5) {
            blocks[4] = 1 << 20;
        }
        CollectivesTest.group(n, (e, g, me) -> {
            int tag = 1;
            for (int bytes : blocks) {
                for (int root : roots(n)) {
                    for (boolean inPlace : new boolean[] {false, true}) {
                        int c = tag;
                        byte[] mine = data(c, me, bytes);
                        byte[] recv = new byte[n * bytes + 2 * GUARD];
                        Arrays.fill(recv, (byte) 9);
                        boolean here = inPlace && me == root;
                        if (here) {
                            System.arraycopy(mine, 0, recv, GUARD + me * bytes, bytes);
                        }
                        CollectivesTest.run(e, Collectives.gather(e, g, me, CTX, tag++, here ? Collectives.IN_PLACE : mine,
                            B, bytes, recv, B + GUARD, root), a + "");
                        if (me == root) {
                            byte[] want = new byte[recv.length];
                            Arrays.fill(want, (byte) 9);
                            for (int r = 0; r < n; r++) {
                                System.arraycopy(data(c, r, bytes), 0, want, GUARD + r * bytes, bytes);
                            }
                            assertArrayEquals(want, recv, a + " block " + bytes + " root " + root + " in place "
                                + inPlace);
                        }
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("scatters")
    void scatter(Algorithm a, int n) throws Exception {
        Tuning.force(Collective.SCATTER, a);
        int[] blocks = sizes(n, 0, 1, 3, 5000);
        if (blocks.length == 5) {
            blocks[4] = 1 << 20;
        }
        CollectivesTest.group(n, (e, g, me) -> {
            int tag = 1;
            for (int bytes : blocks) {
                for (int root : roots(n)) {
                    for (boolean inPlace : new boolean[] {false, true}) {
                        int c = tag;
                        byte[] send = me == root ? data(c, root, n * bytes) : null;
                        byte[] recv = new byte[bytes + 2 * GUARD];
                        Arrays.fill(recv, (byte) 5);
                        boolean here = inPlace && me == root;
                        CollectivesTest.run(e, Collectives.scatter(e, g, me, CTX, tag++, send, B,
                            here ? Collectives.IN_PLACE : recv, B + GUARD, bytes, root), a + "");
                        byte[] want = new byte[recv.length];
                        Arrays.fill(want, (byte) 5);
                        if (!here) {
                            System.arraycopy(data(c, root, n * bytes), me * bytes, want, GUARD, bytes);
                        }
                        assertArrayEquals(want, recv, a + " block " + bytes + " root " + root + " member " + me);
                        if (me == root) {
                            assertArrayEquals(data(c, root, n * bytes), send, "the root's send buffer changed");
                        }
                    }
                }
            }
        });
    }

    /** {@code signedN} > 0: scan on that many members; < 0: exscan. */
    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("scans")
    void scan(Algorithm a, int signedN) throws Exception {
        boolean exclusive = signedN < 0;
        int n = Math.abs(signedN);
        Tuning.force(exclusive ? Collective.EXSCAN : Collective.SCAN, a);
        int[] counts = sizes(n, 0, 1, 3000);
        if (counts.length == 4) {
            counts[3] = 400_000;
        }
        CollectivesTest.group(n, (e, g, me) -> {
            int tag = 1;
            for (int count : counts) {
                for (boolean inPlace : new boolean[] {false, true}) {
                    int c = tag;
                    byte[] mine = CollectivesTest.bytes(CollectivesTest.values(c, me, count));
                    byte[] recv = new byte[4 * count];
                    Arrays.fill(recv, (byte) 3);
                    if (inPlace) {
                        System.arraycopy(mine, 0, recv, 0, mine.length);
                    }
                    CollectivesTest.run(e, start(e, g, me, tag++, exclusive, inPlace ? Collectives.IN_PLACE : mine,
                        recv, count, SUM), a + "");
                    byte[] want;
                    if (exclusive && me == 0) {
                        want = inPlace ? mine : filled(4 * count, (byte) 3);
                    } else {
                        int[] sum = new int[count];
                        for (int r = 0; r < (exclusive ? me : me + 1); r++) {
                            int[] v = CollectivesTest.values(c, r, count);
                            for (int k = 0; k < count; k++) {
                                sum[k] += v[k];
                            }
                        }
                        want = CollectivesTest.bytes(sum);
                    }
                    assertArrayEquals(want, recv, a + " count " + count + " in place " + inPlace + " member " + me);
                }
            }
            for (int count : new int[] {1, 50, 3000}) {
                byte[] recv = new byte[16 * count];
                CollectivesTest.run(e, start(e, g, me, tag++, exclusive, CollectivesTest.matrices(me, count), recv,
                    count, CollectivesTest.MATMUL), a + " matmul");
                if (!exclusive || me > 0) {
                    assertArrayEquals(CollectivesTest.product(0, exclusive ? me - 1 : me, count), recv,
                        a + " matrix product of " + count + " member " + me);
                }
            }
        });
    }

    private static org.atollmpi.engine.Operation start(Engine e, int[] g, int me, int tag, boolean exclusive,
                                                      Object send, byte[] recv, int count, Reduction op) {
        return exclusive
            ? Collectives.exscan(e, g, me, CTX, tag, send, B, recv, B, count, op)
            : Collectives.scan(e, g, me, CTX, tag, send, B, recv, B, count, op);
    }

    private static byte[] filled(int length, byte value) {
        byte[] b = new byte[length];
        Arrays.fill(b, value);
        return b;
    }
}

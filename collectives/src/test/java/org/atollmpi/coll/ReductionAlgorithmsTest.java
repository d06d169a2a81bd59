package org.atollmpi.coll;

import static org.atollmpi.coll.CollectivesTest.MATMUL;
import static org.atollmpi.coll.CollectivesTest.bytes;
import static org.atollmpi.coll.CollectivesTest.group;
import static org.atollmpi.coll.CollectivesTest.ints;
import static org.atollmpi.coll.CollectivesTest.matrices;
import static org.atollmpi.coll.CollectivesTest.product;
import static org.atollmpi.coll.CollectivesTest.run;
import static org.atollmpi.coll.CollectivesTest.sum;
import static org.atollmpi.coll.CollectivesTest.values;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.stream.Stream;

import org.atollmpi.engine.Addresses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every algorithm of allreduce, reduce and reduce-scatter forced in turn ({@link Tuning#force}),
 * on in-process groups of 1 to 8 ({@link CollectivesTest#group}), checked against a reference
 * computed from what each member contributed: counts 0, 1, 3 (below the group's power of two
 * from 4 members up, where Rabenseifner falls back and ring chunks are empty) and 1027 (about
 * 4 KiB, not a multiple of any group size here, past the eager limit), in place and not, integer
 * and double sums (small integers, so every order of addition gives the same bits), and the
 * non-commutative 2x2 matrix product, which an algorithm either keeps in rank order or hands to
 * its fallback. Group sizes 3, 5 and 7 fold one, one and three pairs; 1, 2, 4 and 8 none.
 * Reduce runs to every root, among them the folded-away even members of the pairs.
 */
class ReductionAlgorithmsTest {
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final int CTX = 5;
    private static final int[] SIZES = {1, 2, 3, 4, 5, 7, 8};
    private static final int[] COUNTS = {0, 1, 3, 1027};
    private static final Reduction SUM = Reduction.of(ReduceOp.SUM, ElementKind.INT);
    private static final Reduction DOUBLE_SUM = Reduction.of(ReduceOp.SUM, ElementKind.DOUBLE);

    @AfterEach
    void selectAgain() {
        Tuning.force(Collective.ALLREDUCE, null);
        Tuning.force(Collective.REDUCE, null);
        Tuning.force(Collective.REDUCE_SCATTER, null);
    }

    static Stream<Arguments> allreduceCases() {
        return cases(Collective.ALLREDUCE);
    }

    static Stream<Arguments> reduceCases() {
        return cases(Collective.REDUCE);
    }

    static Stream<Arguments> reduceScatterCases() {
        return cases(Collective.REDUCE_SCATTER);
    }

    private static Stream<Arguments> cases(Collective c) {
        return c.algorithms().stream().flatMap(a -> Arrays.stream(SIZES).mapToObj(n -> Arguments.of(a, n)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("allreduceCases")
    void allreduce(Algorithm algorithm, int n) throws Exception {
        Tuning.force(Collective.ALLREDUCE, algorithm);
        group(n, (e, g, me) -> {
            int tag = 1;
            for (int count : COUNTS) {
                String at = " " + algorithm + " n=" + n + " count=" + count;
                for (boolean inPlace : new boolean[] {false, true}) {
                    String how = inPlace ? " in place" : "";
                    int c = tag;
                    byte[] send = bytes(values(c, me, count));
                    byte[] recv = inPlace ? send : new byte[4 * count];
                    run(e, Collectives.allreduce(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : send, B, recv,
                        B, count, SUM), "allreduce");
                    assertArrayEquals(sum(c, n, count), ints(recv, 0, count), "sum" + how + at);
                    if (!inPlace) {
                        assertArrayEquals(bytes(values(c, me, count)), send, "the send buffer is not written" + at);
                    }

                    c = tag;
                    byte[] dsend = doubles(c, me, count);
                    byte[] drecv = inPlace ? dsend : new byte[8 * count];
                    run(e, Collectives.allreduce(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : dsend, B,
                        drecv, B, count, DOUBLE_SUM), "allreduce");
                    assertArrayEquals(doubleSum(c, n, count), drecv, "double sum" + how + at);

                    byte[] m = matrices(me, count);
                    byte[] mr = inPlace ? m : new byte[16 * count];
                    run(e, Collectives.allreduce(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : m, B, mr, B,
                        count, MATMUL), "allreduce");
                    assertArrayEquals(product(0, n - 1, count), mr, "matmul" + how + at);
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("reduceCases")
    void reduce(Algorithm algorithm, int n) throws Exception {
        Tuning.force(Collective.REDUCE, algorithm);
        group(n, (e, g, me) -> {
            int tag = 1;
            for (int count : COUNTS) {
                for (int root = 0; root < n; root++) {
                    String at = " " + algorithm + " n=" + n + " count=" + count + " root=" + root;
                    for (boolean inPlace : new boolean[] {false, true}) {
                        boolean rootInPlace = inPlace && me == root;
                        String how = inPlace ? " in place" : "";
                        int c = tag;
                        byte[] send = bytes(values(c, me, count));
                        byte[] recv = rootInPlace ? send : new byte[4 * count];
                        run(e, Collectives.reduce(e, g, me, CTX, tag++, rootInPlace ? Collectives.IN_PLACE : send, B,
                            recv, B, count, SUM, root), "reduce");
                        if (me == root) {
                            assertArrayEquals(sum(c, n, count), ints(recv, 0, count), "sum" + how + at);
                        } else {
                            assertArrayEquals(new byte[4 * count], recv, "a non-root receive buffer is not written");
                            assertArrayEquals(bytes(values(c, me, count)), send, "the send buffer is not written");
                        }

                        c = tag;
                        byte[] dsend = doubles(c, me, count);
                        byte[] drecv = rootInPlace ? dsend : new byte[8 * count];
                        run(e, Collectives.reduce(e, g, me, CTX, tag++, rootInPlace ? Collectives.IN_PLACE : dsend, B,
                            drecv, B, count, DOUBLE_SUM, root), "reduce");
                        if (me == root) {
                            assertArrayEquals(doubleSum(c, n, count), drecv, "double sum" + how + at);
                        }

                        byte[] m = matrices(me, count);
                        byte[] mr = rootInPlace ? m : new byte[16 * count];
                        run(e, Collectives.reduce(e, g, me, CTX, tag++, rootInPlace ? Collectives.IN_PLACE : m, B, mr,
                            B, count, MATMUL, root), "reduce");
                        if (me == root) {
                            assertArrayEquals(product(0, n - 1, count), mr, "matmul" + how + at);
                        } else {
                            assertArrayEquals(matrices(me, count), m, "the send buffer is not written");
                        }
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("reduceScatterCases")
    void reduceScatter(Algorithm algorithm, int n) throws Exception {
        Tuning.force(Collective.REDUCE_SCATTER, algorithm);
        group(n, (e, g, me) -> {
            int tag = 1;
            for (int count : COUNTS) {
                // uneven: member r gets (r % 3) * count elements, so members 0, 3, 6 get none;
                // and even, through reduceScatterBlock
                int[] uneven = new int[n];
                for (int r = 0; r < n; r++) {
                    uneven[r] = (r % 3) * count;
                }
                for (int[] counts : new int[][] {uneven, filled(n, count)}) {
                    String at = " " + algorithm + " n=" + n + " counts=" + Arrays.toString(counts);
                    int total = Arrays.stream(counts).sum();
                    int first = Arrays.stream(counts, 0, me).sum();
                    int mine = counts[me];
                    boolean block = counts != uneven;
                    for (boolean inPlace : new boolean[] {false, true}) {
                        String how = inPlace ? " in place" : "";
                        int c = tag;
                        byte[] vec = bytes(values(c, me, total));
                        byte[] part = inPlace ? vec : new byte[4 * mine];
                        Object sb = inPlace ? Collectives.IN_PLACE : vec;
                        run(e, block
                            ? Collectives.reduceScatterBlock(e, g, me, CTX, tag++, sb, B, part, B, count, SUM)
                            : Collectives.reduceScatter(e, g, me, CTX, tag++, sb, B, part, B, counts, SUM),
                            "reduce_scatter");
                        assertArrayEquals(Arrays.copyOfRange(sum(c, n, total), first, first + mine),
                            ints(part, 0, mine), "sum" + how + at);
                        if (!inPlace) {
                            assertArrayEquals(bytes(values(c, me, total)), vec, "the send buffer is not written" + at);
                        }

                        byte[] m = matrices(me, total);
                        byte[] mr = inPlace ? m : new byte[16 * mine];
                        run(e, Collectives.reduceScatter(e, g, me, CTX, tag++, inPlace ? Collectives.IN_PLACE : m, B,
                            mr, B, counts, MATMUL), "reduce_scatter");
                        assertArrayEquals(Arrays.copyOfRange(product(0, n - 1, total), 16 * first, 16 * (first + mine)),
                            Arrays.copyOf(mr, 16 * mine), "matmul" + how + at);
                    }
                }
            }
        });
    }

    /**
     * Several MiB through every algorithm on a folded group: long enough that each moves many
     * rendezvous messages, and that Rabenseifner's and the ring's pieces are large.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("allAlgorithms")
    void severalMebibytes(Collective collective, Algorithm algorithm) throws Exception {
        Tuning.force(collective, algorithm);
        int n = 5;
        int count = 1 << 20;
        group(n, (e, g, me) -> {
            String at = " " + collective + " " + algorithm;
            switch (collective) {
                case ALLREDUCE -> {
                    byte[] recv = new byte[4 * count];
                    run(e, Collectives.allreduce(e, g, me, CTX, 1, bytes(values(1, me, count)), B, recv, B, count, SUM),
                        "allreduce");
                    assertArrayEquals(sum(1, n, count), ints(recv, 0, count), "sum" + at);
                    byte[] drecv = new byte[4 * count];
                    run(e, Collectives.allreduce(e, g, me, CTX, 2, doubles(2, me, count / 2), B, drecv, B, count / 2,
                        DOUBLE_SUM), "allreduce");
                    assertArrayEquals(doubleSum(2, n, count / 2), drecv, "double sum" + at);
                }
                case REDUCE -> {
                    int root = 2;
                    byte[] recv = new byte[4 * count];
                    run(e, Collectives.reduce(e, g, me, CTX, 1, bytes(values(1, me, count)), B, recv, B, count, SUM,
                        root), "reduce");
                    assertArrayEquals(me == root ? sum(1, n, count) : new int[count], ints(recv, 0, count), "sum" + at);
                }
                default -> {
                    int[] counts = new int[n];
                    for (int r = 0; r < n; r++) {
                        counts[r] = (r % 3) * (count / n);
                    }
                    int total = Arrays.stream(counts).sum();
                    int first = Arrays.stream(counts, 0, me).sum();
                    byte[] part = new byte[4 * counts[me]];
                    run(e, Collectives.reduceScatter(e, g, me, CTX, 1, bytes(values(1, me, total)), B, part, B, counts,
                        SUM), "reduce_scatter");
                    assertArrayEquals(Arrays.copyOfRange(sum(1, n, total), first, first + counts[me]),
                        ints(part, 0, counts[me]), "sum" + at);
                }
            }
        });
    }

    static Stream<Arguments> allAlgorithms() {
        return Stream.of(Collective.ALLREDUCE, Collective.REDUCE, Collective.REDUCE_SCATTER)
            .flatMap(c -> c.algorithms().stream().map(a -> Arguments.of(c, a)));
    }

    /** Member r's doubles for case c: small integers, so any order of addition is exact. */
    private static byte[] doubles(int c, int r, int count) {
        double[] d = new double[count];
        for (int k = 0; k < count; k++) {
            d[k] = r * 7 + k % 101 + c;
        }
        return doubleBytes(d);
    }

    private static byte[] doubleSum(int c, int n, int count) {
        double[] d = new double[count];
        for (int r = 0; r < n; r++) {
            for (int k = 0; k < count; k++) {
                d[k] += r * 7 + k % 101 + c;
            }
        }
        return doubleBytes(d);
    }

    private static byte[] doubleBytes(double[] d) {
        byte[] b = new byte[8 * d.length];
        Addresses.copy(d, Addresses.DOUBLE_ARRAY_BASE, b, B, b.length);
        return b;
    }

    private static int[] filled(int n, int value) {
        int[] a = new int[n];
        Arrays.fill(a, value);
        return a;
    }
}

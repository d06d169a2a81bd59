package org.atollmpi.bench.osu;

import java.nio.ByteBuffer;

import mpi.Comm;
import mpi.MPI;

/**
 * The atomic one-sided latency benchmarks: accumulate and get-accumulate of {@code size / 8}
 * {@code MPI.LONG}s with {@code MPI.SUM} (sizes from 8 bytes), fetch-and-op ({@code SUM}) and
 * compare-and-swap of one, at displacement 0 of the peer's window, one an iteration, as OSU's
 * ({@link RmaEpochs.Traffic#TURNS}: the ranks take turns under fence and pscw).
 *
 * <p>Validation: every rank's window holds base values of its own and its origin values of its
 * own; after the iteration a target's window holds its base plus the origin's values (the
 * origin's value for compare-and-swap, whose compare value is the target's base), and an origin's
 * result holds the target's base.
 */
abstract class RmaAtomic extends RmaBenchmark {
    /** Which call. */
    enum Call {
        ACCUMULATE, GET_ACCUMULATE, FETCH_AND_OP, COMPARE_AND_SWAP;

        /** Whether it moves {@code size / 8} elements (or always one). */
        boolean sized() {
            return this == ACCUMULATE || this == GET_ACCUMULATE;
        }

        /** Whether the origin gets the target's old values back. */
        boolean fetches() {
            return this != ACCUMULATE;
        }
    }

    /** Origin values sit this far above base values, so a swap is never mistaken for none. */
    static final long ORIGIN_OFFSET = 1000;

    private final Call call;
    private final LongPayload origin;
    private final LongPayload result;
    private final LongPayload compare;
    private LongPayload windowMemory;

    RmaAtomic(OsuOptions options, Comm comm, Call call) {
        super(options, comm, RmaEpochs.Traffic.TURNS, ALL_SYNCS, RmaSync.FLUSH);
        this.call = call;
        int elements = call.sized() ? Math.max(1, options.maxSize / Long.BYTES) : 1;
        origin = LongPayload.allocate(options.buffers, elements);
        result = LongPayload.allocate(options.buffers, elements);
        compare = LongPayload.allocate(options.buffers, 1);
    }

    @Override
    String columns() {
        return field("Latency (us)");
    }

    @Override
    int[] sizes() {
        return call.sized() ? options.sizes(Long.BYTES) : new int[] {Long.BYTES};
    }

    @Override
    final RmaWindow openWindow() {
        int elements = origin.elements;
        Object own = options.window == WindowCreation.ALLOCATE ? null
                : LongPayload.allocate(options.buffers, elements).buffer();
        RmaWindow w = RmaWindow.open(options.window, own, elements * Long.BYTES, comm);
        windowMemory = w.memory instanceof ByteBuffer b ? new LongPayload.Direct(b) : new LongPayload.Arrays((long[]) w.memory);
        return w;
    }

    private int count(int size) {
        return call.sized() ? size / Long.BYTES : 1;
    }

    @Override
    final double measure(int size, int iterations, int warmup) {
        return latency(seconds(size, iterations, warmup), iterations);
    }

    @Override
    final void operations(int size) {
        int disp = window.disp(0);
        switch (call) {
            case ACCUMULATE -> origin.accumulate(window.win, count(size), peer, disp, MPI.SUM);
            case GET_ACCUMULATE -> origin.getAccumulate(window.win, result, count(size), peer, disp, MPI.SUM);
            case FETCH_AND_OP -> origin.fetchAndOp(window.win, result, peer, disp, MPI.SUM);
            case COMPARE_AND_SWAP -> origin.compareAndSwap(window.win, compare, result, peer, disp);
        }
    }

    private static int baseSeed(int size, int round, int rank) {
        return seed(size, round, 0, rank);
    }

    private static int originSeed(int size, int round, int rank) {
        return seed(size, round, 1, rank);
    }

    @Override
    final void prepare(int size, int round) {
        int n = count(size);
        windowMemory.fill(n, baseSeed(size, round, rank), 0);
        origin.fill(n, originSeed(size, round, rank), ORIGIN_OFFSET);
        result.fill(n, 0, -ORIGIN_OFFSET);
        compare.put(0, LongPayload.value(baseSeed(size, round, peer), 0));
    }

    @Override
    final long check(int size, int round) {
        int n = count(size);
        long errors = 0;
        if (epochs.isTarget()) {
            for (int i = 0; i < n; i++) {
                long sent = ORIGIN_OFFSET + LongPayload.value(originSeed(size, round, peer), i);
                long base = LongPayload.value(baseSeed(size, round, rank), i);
                long expected = call == Call.COMPARE_AND_SWAP ? sent : base + sent;
                errors += windowMemory.get(i) == expected ? 0 : 1;
            }
        }
        if (call.fetches() && epochs.originates()) {
            for (int i = 0; i < n; i++) {
                errors += result.get(i) == LongPayload.value(baseSeed(size, round, peer), i) ? 0 : 1;
            }
        }
        return errors;
    }

    @Override
    final void spoil(int size) {
        if (epochs.isTarget()) {
            windowMemory.spoil(0);
        } else if (call.fetches() && epochs.originates()) {
            result.spoil(0);
        }
    }

    @Override
    String checkedUnit() {
        return "elements";
    }
}

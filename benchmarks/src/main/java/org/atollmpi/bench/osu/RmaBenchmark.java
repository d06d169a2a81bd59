package org.atollmpi.bench.osu;

import java.util.EnumSet;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.IntConsumer;

import mpi.Comm;
import mpi.Group;
import mpi.MPI;

/**
 * What the OSU one-sided benchmarks share: the synchronisation ({@code -s}, each benchmark
 * OSU's subset of {@link RmaSync}) and window ({@code -w}) choices, the window made in
 * {@link #setUp} and freed in {@link #tearDown}, the timed loop and validation around
 * {@link RmaEpochs}. Rank 0 is the origin; the window exists on both ranks, and under fence and
 * pscw the latency benchmarks have rank 1 operate on rank 0 in turn, as OSU's.
 *
 * <p>The timed loop starts after a barrier; under passive target only rank 0 runs it, and rank 1
 * waits in the barrier after it. Validation ({@code -c}) runs {@value #VALIDATION_ROUNDS} rounds
 * (at most the iterations) of one iteration each: every rank {@link #prepare}s its origin and
 * window memory with data of its own, one iteration runs with the same synchronisation as the
 * timed ones, and after a barrier every rank {@link #check}s what it was sent or fetched. The
 * system property {@code atoll.osu.corrupt=<rank>} makes that rank damage one element it checks
 * first (only at {@code atoll.osu.corrupt.size}, when given): the seam that proves a wrong result is reported (tests only).
 */
abstract class RmaBenchmark extends PairBenchmark {
    static final int VALIDATION_ROUNDS = 10;
    /** Every synchronisation: what OSU 7 offers for all but {@code osu_put_bibw}. */
    static final Set<RmaSync> ALL_SYNCS = EnumSet.allOf(RmaSync.class);

    final RmaSync sync;
    private final RmaEpochs.Traffic traffic;
    private final IntConsumer operations = this::operations;
    RmaWindow window;
    RmaEpochs epochs;
    /** The peer alone, for post and start. */
    private Group peerGroup;

    RmaBenchmark(OsuOptions options, Comm comm, RmaEpochs.Traffic traffic, Set<RmaSync> offered, RmaSync byDefault) {
        super(options, comm);
        this.traffic = traffic;
        sync = options.sync == null ? byDefault : options.sync;
        if (!offered.contains(sync)) {
            StringJoiner names = new StringJoiner(", ");
            offered.forEach(s -> names.add(s.option));
            throw new IllegalArgumentException("-s: this benchmark takes " + names + ", not " + sync.option);
        }
    }

    /** The window this benchmark needs, made collectively on every rank. */
    abstract RmaWindow openWindow();

    /** The operations of one iteration, on {@code size} bytes of the peer's window. */
    abstract void operations(int size);

    /** Validation: this rank's origin and window memory get data of round {@code round}. */
    abstract void prepare(int size, int round);

    /** Validation: the wrong elements among what this rank was sent or fetched in round {@code round}. */
    abstract long check(int size, int round);

    /** Damages one element of what {@link #check} looks at, if this rank checks anything. */
    abstract void spoil(int size);

    @Override
    final void setUp() {
        window = openWindow();
        Group world = comm.getGroup();
        peerGroup = world.incl(new int[] {peer});
        world.free();
        epochs = new RmaEpochs(window.win, sync, traffic, sender, peer, peerGroup, operations);
    }

    @Override
    final void tearDown() {
        window.free();
        peerGroup.free();
    }

    @Override
    void printNotes() {
        super.printNotes();
        out.println("# Window creation: " + options.window.description);
        out.println("# Synchronization: " + sync.description);
    }

    @Override
    final String lapDescription() {
        if (traffic != RmaEpochs.Traffic.TURNS) {
            return "the time of each window of " + options.windowSize + " operations"
                    + (traffic == RmaEpochs.Traffic.BOTH_WAYS ? " each way" : "") + " with its synchronisation";
        }
        return sync.active() ? "half of each iteration (one operation each way with the synchronisation)"
                : "each operation with its synchronisation";
    }

    /** A lap in microseconds: latency, per operation (half an iteration under fence and pscw). */
    @Override
    final double lapMicros(long nanos) {
        return nanos / 1e3 / epochs.operationsPerIteration();
    }

    /** The latency row: microseconds per operation with its synchronisation, as OSU's. */
    final double latency(double seconds, int iterations) {
        return seconds * 1e6 / iterations / epochs.operationsPerIteration();
    }

    /**
     * The seconds of {@code iterations} timed iterations after {@code warmup} untimed ones, on
     * the ranks that run the loop (0 on the others), with a lap after each.
     */
    final double seconds(int size, int iterations, int warmup) {
        comm.barrier();
        epochs.open();
        double seconds = 0;
        if (epochs.iterates()) {
            final RmaEpochs e = epochs;
            final IterationTimes l = laps;
            double start = 0;
            for (int i = 0; i < iterations + warmup; i++) {
                if (i == warmup) {
                    start = startClock();
                }
                e.iteration(size);
                l.lap();
            }
            seconds = MPI.wtime() - start;
        }
        epochs.close();
        comm.barrier();
        return seconds;
    }

    @Override
    final long validate(int size, int iterations) {
        long errors = 0;
        for (int round = 0; round < Math.min(iterations, VALIDATION_ROUNDS); round++) {
            prepare(size, round);
            comm.barrier();
            epochs.open();
            if (epochs.iterates()) {
                epochs.iteration(size);
            }
            epochs.close();
            comm.barrier();
            if (spoils(size)) {
                spoil(size);
            }
            errors += check(size, round);
        }
        return errors;
    }

    /** A validation seed for slot {@code slot} of round {@code round} written by {@code origin}. */
    static int seed(int size, int round, int slot, int origin) {
        return size * 131 + round * 4099 + slot + origin * 65_599;
    }
}

package org.atollmpi.bench.osu;

import mpi.Comm;

/**
 * What the blocking and nonblocking collective benchmarks share: the size loop over one
 * {@link Collective}, the JIT warm-up pass and validation. Each rank measures its own figures;
 * the subclass reduces them over the ranks as OSU does and rank 0 prints the row.
 *
 * <p>Validation ({@code -c}) runs after a size is timed, {@value #VALIDATION_ROUNDS} rounds (at
 * most the iterations) with different data each, through the same call as the timed loop. The
 * system property {@code atoll.osu.corrupt=<rank>} makes that rank damage one element it
 * received before it checks (only at {@code atoll.osu.corrupt.size}, when given): the seam that
 * proves a wrong result is reported (tests only).
 */
abstract class CollectiveBenchmark extends OsuBenchmark {
    static final int VALIDATION_ROUNDS = 10;
    /** Calls of the warm-up pass at the first size, at most: what C2 needs to compile the call path. */
    private static final int FIRST_SIZE_WARM_UP = 5000;
    /** Calls per {@link #measure} in the warm-up, so the timed call finds measure() itself compiled. */
    private static final int WARM_UP_CHUNK = 500;

    final Collective collective;
    final int ranks;
    private final String title;

    CollectiveBenchmark(OsuOptions options, Comm comm, String title, Collective collective) {
        super(options, comm);
        this.title = title;
        this.collective = collective;
        this.ranks = comm.getSize();
    }

    @Override
    final String title() {
        return title;
    }

    @Override
    final String arrayType() {
        return collective.element() + "[]";
    }

    @Override
    final String checkedUnit() {
        return collective.element() + "s";
    }

    /** The column line, "# Size" (or the first figure, for the barrier) included. */
    abstract String columns();

    /** Times {@code iterations} calls after {@code warmup} untimed ones; this rank's figures. */
    abstract double[] measure(int size, int iterations, int warmup);

    /** Reduces {@code figures} over the ranks (every rank calls it); rank 0's result is the row. */
    abstract String report(int size, double[] figures, int iterations);

    /** One complete call: the blocking one, or the nonblocking one and its wait. */
    abstract void complete(int size);

    @Override
    final void run() {
        printPreamble(columns());
        int[] sizes = options.kind.sized() ? options.sizes(collective.unit()) : options.sizes();
        warmUpTheJit(sizes);
        for (int k = 0; k < sizes.length; k++) {
            int size = sizes[k];
            progress(size, k, sizes.length);
            int iterations = options.iterations(size);
            double[] figures = measure(size, iterations, options.warmup(size));
            long errors = options.validate ? sumOverRanks(validate(size, Math.min(iterations, VALIDATION_ROUNDS))) : 0;
            printRow(report(size, figures, iterations), size, errors);
        }
        printSummary();
    }

    /**
     * One untimed pass over the sizes before any is timed (see {@link PairBenchmark}): the first
     * size ten times its iterations (at most {@value #FIRST_SIZE_WARM_UP} calls), every other size
     * its own iteration count, which warms the protocol and algorithm each size selects.
     */
    private void warmUpTheJit(int[] sizes) {
        boolean first = true;
        for (int size : sizes) {
            int calls = first ? Math.min(FIRST_SIZE_WARM_UP, 10 * options.iterations(size)) : options.iterations(size);
            for (int done = 0; done < calls; done += WARM_UP_CHUNK) {
                measure(size, Math.min(WARM_UP_CHUNK, calls - done), 0);
            }
            first = false;
        }
        comm.barrier();
    }

    private long validate(int size, int rounds) {
        long errors = 0;
        for (int round = 0; round < rounds; round++) {
            collective.prepare(size, round);
            complete(size);
            if (spoils(size)) {
                collective.corrupt(size);
            }
            errors += collective.check(size, round);
        }
        return errors;
    }

    /** Between timed iterations: OSU's barrier, unless the call is itself the barrier. */
    final void separate() {
        if (!collective.synchronizes()) {
            comm.barrier();
        }
    }

    /**
     * The head of the column line: "# Size" and {@code figure}; the barrier's one row has no
     * size, so its line starts "# " + {@code figure}, 17 wide as OSU's "# Avg Latency(us)".
     */
    final String firstColumns(String figure) {
        return options.kind.sized() ? sizeHeader() + field(figure) : String.format("%-" + (FIELD_WIDTH - 1) + "s", "# " + figure);
    }

    /** The head of a row: the size and {@code value}, or for the barrier {@code value} alone, under its header. */
    final String firstFields(int size, double value) {
        return options.kind.sized() ? sizeField(size) + field(value) : String.format("%" + (FIELD_WIDTH - 1) + ".2f", value);
    }
}

package org.atollmpi.bench.osu;

import java.io.PrintStream;
import java.util.function.BiFunction;

import mpi.Comm;
import mpi.MPI;

/**
 * What every OSU benchmark shares: the program (Init, options, the rank check, the run, Finalize,
 * the exit status) and the table rank 0 prints, in OSU's layout: the header, the buffer kind, the
 * column line, one row per size ({@code %-10d} size, {@code %18.2f} figures) and under {@code -c}
 * a Pass/Fail column, with a failing size also named on stderr. {@link PairBenchmark} runs the
 * two-rank tests, {@link CollectiveBenchmark} the collective ones.
 */
abstract class OsuBenchmark {
    /** The OSU micro-benchmarks release whose tests this output follows. */
    static final String OSU_VERSION = "v7.5";
    static final int SIZE_WIDTH = 10;
    static final int FIELD_WIDTH = 18;

    final OsuOptions options;
    final Comm comm;
    final int rank;
    final PrintStream out = System.out;
    private int failedSizes;

    OsuBenchmark(OsuOptions options, Comm comm) {
        this.options = options;
        this.comm = comm;
        this.rank = comm.getRank();
    }

    /** What the header names: "Latency", "Allreduce Latency", "Non-blocking Broadcast Latency". */
    abstract String title();

    /** Runs every size; rank 0 prints the table. */
    abstract void run();

    /** Before {@link #run}, on the rank count it needs: what the run uses and must free (a window). */
    void setUp() {
    }

    /** After {@link #run}: frees what {@link #setUp} made. */
    void tearDown() {
    }

    /** The array type of {@code -a arrays}, for the buffers line. */
    String arrayType() {
        return "byte[]";
    }

    /** What {@code -c} counts: "bytes" or, for the reductions, "floats". */
    String checkedUnit() {
        return "bytes";
    }

    final String header() {
        return "# OSU MPI-Java " + title() + " Test " + OSU_VERSION;
    }

    /**
     * The benchmark's main: Init, options ({@code -h} prints the usage, {@code -v} the header),
     * the rank check of {@code kind}, the run, Finalize; exits 1 on a bad option, a wrong rank
     * count or a failed validation. A {@code factory} that finds the options unusable throws
     * {@link IllegalArgumentException} on every rank alike.
     */
    static void main(OsuOptions.Kind kind, String program, String[] args,
                     BiFunction<OsuOptions, Comm, OsuBenchmark> factory) {
        main(kind, program, args, MPI.THREAD_SINGLE, factory);
    }

    /**
     * The same with MPI started at {@code threadLevel} ({@code MPI.InitThread}); where the library
     * provides less, every rank exits 1 and rank 0 says so.
     */
    static void main(OsuOptions.Kind kind, String program, String[] args, int threadLevel,
                     BiFunction<OsuOptions, Comm, OsuBenchmark> factory) {
        int provided = MPI.InitThread(args, threadLevel);
        Comm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int status = 0;
        OsuOptions options = null;
        OsuBenchmark benchmark = null;
        try {
            if (provided < threadLevel) {
                throw new IllegalArgumentException("MPI.InitThread provided thread level " + provided
                        + " where this test needs " + threadLevel);
            }
            options = OsuOptions.parse(kind, args);
            if (!options.help) {
                benchmark = factory.apply(options, world);
            }
        } catch (IllegalArgumentException e) {
            if (rank == 0) {
                System.err.println(program + ": " + e.getMessage());
                System.err.print(OsuOptions.usage(kind, program));
            }
            status = 1;
        }
        if (status == 0) {
            status = perform(kind, program, options, benchmark, world);
        }
        System.out.flush();
        MPI.Finalize();
        if (status != 0) {
            System.exit(status);
        }
    }

    /** What the options ask for: the usage, the header, or (on a suitable rank count) the run; the exit status. */
    private static int perform(OsuOptions.Kind kind, String program, OsuOptions options, OsuBenchmark benchmark,
                               Comm world) {
        boolean first = world.getRank() == 0;
        if (options.help) {
            if (first) {
                System.out.print(OsuOptions.usage(kind, program));
            }
            return 0;
        }
        if (options.version) {
            if (first) {
                System.out.println(benchmark.header());
            }
            return 0;
        }
        String wrongRanks = rankCheck(kind, world.getSize());
        if (wrongRanks != null) {
            if (first) {
                System.err.println(wrongRanks);
            }
            return 1;
        }
        benchmark.setUp();
        benchmark.run();
        benchmark.tearDown();
        return benchmark.failedSizes == 0 ? 0 : 1;
    }

    /** OSU's message when {@code ranks} do not suit the benchmark, or null. */
    private static String rankCheck(OsuOptions.Kind kind, int ranks) {
        return switch (kind) {
            case COLLECTIVE, BARRIER -> ranks < 2 ? "This test requires at least two processes" : null;
            case MESSAGE_RATE -> ranks < 2 || ranks % 2 != 0 ? "This test requires an even number of processes" : null;
            default -> ranks != 2 ? "This test requires exactly two processes" : null;
        };
    }

    // ---- the table -------------------------------------------------------------------------

    static String field(String text) {
        return String.format("%" + FIELD_WIDTH + "s", text);
    }

    static String field(double value) {
        return String.format("%" + FIELD_WIDTH + ".2f", value);
    }

    static String sizeField(int size) {
        return String.format("%-" + SIZE_WIDTH + "d", size);
    }

    static String sizeHeader() {
        return String.format("%-" + SIZE_WIDTH + "s", "# Size");
    }

    /** Rank 0: the header, the buffers line (where there is a message), {@link #printNotes}, the column line. */
    final void printPreamble(String columns) {
        if (rank != 0) {
            return;
        }
        out.println(header());
        if (options.kind.buffered()) {
            out.println("# Buffers: " + options.buffers.describe(arrayType()));
        }
        printNotes();
        out.println(columns + (options.validate ? field("Validation") : ""));
        out.flush();
    }

    /** Comment lines between the buffers line and the columns; none by default. */
    void printNotes() {
    }

    /**
     * Rank 0 prints {@code row}, under {@code -c} with the verdict on {@code errors} (the sum
     * over the ranks); a failed size is counted and named on stderr.
     */
    final void printRow(String row, int size, long errors) {
        String verdict = "";
        if (options.validate) {
            verdict = field(errors == 0 ? "Pass" : "Fail");
            if (errors != 0) {
                failedSizes++;
                if (rank == 0) {
                    System.err.println("# validation: " + errors + " wrong " + checkedUnit() + " at size " + size);
                }
            }
        }
        if (rank == 0) {
            out.println(row + verdict);
            out.flush();
        }
    }

    /** Rank 0, after the last row: how many sizes failed validation, if any did. */
    final void printSummary() {
        if (failedSizes != 0 && rank == 0) {
            out.println("# Validation failed for " + failedSizes + " sizes");
        }
    }

    /** The sum of every rank's {@code value}, on every rank (so all agree on the exit status). */
    final long sumOverRanks(long value) {
        long[] sum = {value};
        comm.allReduce(sum, 1, MPI.LONG, MPI.SUM);
        return sum[0];
    }

    /** The sum of every rank's {@code value}, on every rank. */
    final double sumOverRanks(double value) {
        double[] sum = {value};
        comm.allReduce(sum, 1, MPI.DOUBLE, MPI.SUM);
        return sum[0];
    }
}

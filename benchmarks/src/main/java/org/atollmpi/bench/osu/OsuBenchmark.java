package org.atollmpi.bench.osu;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

import mpi.Comm;
import mpi.MPI;
import org.atollmpi.bench.report.Charts;
import org.atollmpi.bench.report.RunRecord;

/**
 * What every OSU benchmark shares: the program (Init, options, the rank check, the run, Finalize,
 * the exit status) and the table rank 0 prints, in OSU's layout: the header, the buffer kind, the
 * column line, one row per size ({@code %-10d} size, {@code %18.2f} figures) and under {@code -c}
 * a Pass/Fail column, with a failing size also named on stderr. {@link PairBenchmark} runs the
 * two-rank tests, {@link CollectiveBenchmark} the collective ones.
 *
 * <p>The table is also the source of the machine-readable record ({@code --format csv|json},
 * {@link RunRecord}) and of the chart ({@code --plot}, {@link Charts}): rank 0 reads each row it
 * prints back into numbers, so the three never disagree, and under {@code --format} the table goes
 * to a buffer whose comment lines the record keeps.
 */
abstract class OsuBenchmark {
    /** The OSU micro-benchmarks release whose tests this output follows. */
    static final String OSU_VERSION = "v7.5";
    static final int SIZE_WIDTH = 10;
    static final int FIELD_WIDTH = 18;

    /** Rank that damages one element it checks ({@code -Datoll.osu.corrupt=<rank>}), or -1: proves {@code -c} can fail. */
    static final int CORRUPT_RANK = Integer.getInteger("atoll.osu.corrupt", -1);
    /** With {@link #CORRUPT_RANK}, the one size damaged ({@code -Datoll.osu.corrupt.size}), or -1 for every size. */
    static final int CORRUPT_SIZE = Integer.getInteger("atoll.osu.corrupt.size", -1);

    final OsuOptions options;
    final Comm comm;
    final int rank;
    /**
     * Where the table goes: standard output, or under {@code --format csv|json} a buffer whose
     * comment lines become the record's comments (stdout then carries the record alone).
     */
    final PrintStream out;
    private final ByteArrayOutputStream captured;
    private int failedSizes;
    /** The program's name ("osu_latency"), for the record and the progress lines. */
    private String program = getClass().getSimpleName();
    private String columnLine;
    private final List<RunRecord.Row> rows = new ArrayList<>();
    private long startNanos;

    OsuBenchmark(OsuOptions options, Comm comm) {
        this.options = options;
        this.comm = comm;
        this.rank = comm.getRank();
        if (options.format == OsuOptions.Format.TEXT) {
            captured = null;
            out = System.out;
        } else {
            captured = new ByteArrayOutputStream();
            out = new PrintStream(captured, true, StandardCharsets.UTF_8);
        }
    }

    /** Whether this rank is to damage what it checks at {@code size}: the seam that proves {@code -c} can fail. */
    final boolean spoils(int size) {
        return rank == CORRUPT_RANK && (CORRUPT_SIZE < 0 || size == CORRUPT_SIZE);
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
        if (java.util.Arrays.asList(args).contains(OsuOptions.VIRTUAL_THREAD)) {
            // Another thread than main calls MPI: MPI asks for THREAD_SERIALIZED at least.
            threadLevel = Math.max(threadLevel, MPI.THREAD_SERIALIZED);
        }
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
                benchmark.program = program;
            }
        } catch (IllegalArgumentException e) {
            if (rank == 0) {
                System.err.println(program + ": " + e.getMessage());
                System.err.print(OsuOptions.usage(kind, program));
            }
            status = 1;
        }
        if (status == 0) {
            status = options.virtualThread ? performInVirtualThread(kind, program, options, benchmark, world)
                : perform(kind, program, options, benchmark, world);
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
        benchmark.startNanos = System.nanoTime();
        benchmark.setUp();
        benchmark.run();
        benchmark.tearDown();
        int reported = benchmark.report();
        return benchmark.failedSizes == 0 ? reported : 1;
    }

    /**
     * {@link #perform} in a virtual thread ({@code --virtual-thread}), the main thread waiting for
     * it: how a program written for virtual threads calls MPI. Looked up by reflection, so that
     * the benchmarks still compile for Java 17 (where the option says it needs 21).
     */
    private static int performInVirtualThread(OsuOptions.Kind kind, String program, OsuOptions options,
                                              OsuBenchmark benchmark, Comm world) {
        if (START_VIRTUAL == null) {
            if (world.getRank() == 0) {
                System.err.println(program + ": " + OsuOptions.VIRTUAL_THREAD + " needs Java 21 or later; this is "
                    + Runtime.version());
            }
            return 1;
        }
        int[] status = {1};
        Throwable[] failure = new Throwable[1];
        Runnable body = () -> {
            try {
                status[0] = perform(kind, program, options, benchmark, world);
            } catch (Throwable e) {
                failure[0] = e;
            }
        };
        try {
            startVirtual(body).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the benchmark's virtual thread ran", e);
        }
        if (failure[0] instanceof RuntimeException e) {
            throw e;
        } else if (failure[0] instanceof Error e) {
            throw e;
        }
        return status[0];
    }

    /** {@code Thread.startVirtualThread} (Java 21+), or null before 21. */
    private static final java.lang.reflect.Method START_VIRTUAL = startVirtualMethod();

    private static java.lang.reflect.Method startVirtualMethod() {
        try {
            return Thread.class.getMethod("startVirtualThread", Runnable.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** Starts {@code body} in a new virtual thread ({@code --virtual-thread}; the option was refused before 21). */
    static Thread startVirtual(Runnable body) {
        try {
            return (Thread) START_VIRTUAL.invoke(null, body);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Thread.startVirtualThread failed", e);
        }
    }

    /** OSU's message when {@code ranks} do not suit the benchmark, or null. */
    private static String rankCheck(OsuOptions.Kind kind, int ranks) {
        return switch (kind) {
            case COLLECTIVE, BARRIER -> ranks < 2 ? "This test requires at least two processes" : null;
            case MESSAGE_RATE, MULTI_LATENCY -> ranks < 2 || ranks % 2 != 0 ? "This test requires an even number of processes" : null;
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
        columnLine = columns;
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
            if (recording()) {
                rows.add(parseRow(row, size, options.validate ? (errors == 0 ? "Pass" : "Fail") : null));
            }
        }
    }

    // ---- progress, and the record of the run (--format, --plot) -----------------------------

    /**
     * {@code --progress}: rank 0 says on standard error which size starts, so a long run shows
     * where it is without a line on standard output, which OSU's parsers read.
     */
    final void progress(int size, int index, int count) {
        if (options.progress && rank == 0) {
            System.err.printf("# %s: size %d (%d of %d), %.1f s so far%n", program, size, index + 1, count,
                    (System.nanoTime() - startNanos) / 1e9);
            System.err.flush();
        }
    }

    /** Whether the rows are kept for {@code --format csv|json} or {@code --plot}. */
    private boolean recording() {
        return options.format != OsuOptions.Format.TEXT || options.plot != null;
    }

    /** The column names of the table: OSU's, split where the right-aligned fields leave two spaces or more. */
    private List<String> columnNames() {
        List<String> names = new ArrayList<>(List.of(columnLine.trim().split("\\s{2,}")));
        if (sized()) {
            names.remove(0); // "# Size": the record's own size column
        } else if (!names.isEmpty() && names.get(0).startsWith("# ")) {
            names.set(0, names.get(0).substring(2));
        }
        return names;
    }

    /** Whether the rows start with the message size: all but the barrier's. */
    private boolean sized() {
        return columnLine.startsWith("# Size");
    }

    /** A printed row as numbers: the table is the one source of the figures, so both outputs agree. */
    private RunRecord.Row parseRow(String row, int size, String verdict) {
        String[] words = row.trim().split("\\s+");
        int first = sized() ? 1 : 0;
        double[] values = new double[words.length - first];
        for (int i = 0; i < values.length; i++) {
            values[i] = Double.parseDouble(words[first + i]);
        }
        return new RunRecord.Row(size, values, verdict);
    }

    /**
     * After the run, on every rank: rank 0 prints the record ({@code --format}) and draws the
     * chart ({@code --plot}); the exit status (1 when the chart cannot be written).
     */
    private int report() {
        if (!recording()) {
            return 0;
        }
        int nodes = nodes();
        if (rank != 0) {
            return 0;
        }
        out.flush();
        RunRecord record = record(nodes);
        if (options.format == OsuOptions.Format.JSON) {
            System.out.println(record.toJson());
        } else if (options.format == OsuOptions.Format.CSV) {
            System.out.print(record.toCsv());
        }
        System.out.flush();
        if (options.plot != null) {
            try {
                Charts.write(options.plot, program + " (" + record.seriesName() + ", " + record.ranks() + " ranks)",
                        "Message size (bytes)", record.columns().get(0),
                        List.of(new Charts.Series(record.seriesName(), record.sizes(), record.values(0))));
            } catch (IOException | IllegalArgumentException e) {
                System.err.println(program + ": --plot " + options.plot + ": " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    /** How many distinct hosts the ranks run on (every rank calls it). */
    private int nodes() {
        long[] mine = {MPI.getProcessorName().hashCode()};
        long[] all = new long[comm.getSize()];
        comm.allGather(mine, 1, MPI.LONG, all, 1, MPI.LONG);
        return (int) java.util.Arrays.stream(all).distinct().count();
    }

    private RunRecord record(int nodes) {
        String board = System.getProperty("atoll.board", System.getenv("ATOLL_BOARD"));
        board = board == null || board.isBlank() ? "auto" : board.trim().toLowerCase(Locale.ROOT);
        List<String> comments = new ArrayList<>();
        if (captured != null) {
            for (String line : captured.toString(StandardCharsets.UTF_8).split("\\R")) {
                if (line.startsWith("#") && !line.equals(header()) && !line.startsWith(columnLine)) {
                    comments.add(line);
                }
            }
        }
        return new RunRecord(program, header(), comm.getSize(), board, nodes, MPI.getProcessorName(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), System.getProperty("java.version"),
                options.arguments(), parameters(), columnNames(), rows, comments);
    }

    /** The options as they resolved, defaults included: what the record says was run. */
    private Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>();
        if (options.kind.sized()) {
            p.put("minSize", options.minSize);
            p.put("maxSize", options.maxSize);
        }
        p.put("iterations", options.iterations > 0 ? options.iterations : "by size");
        p.put("warmup", options.warmup >= 0 ? options.warmup : "by size");
        if (options.kind.buffered()) {
            p.put("buffers", options.buffers.name().toLowerCase(Locale.ROOT));
        }
        if (options.kind.accepts('W')) {
            p.put("windowSize", options.windowSize);
        }
        if (options.kind.accepts('t')) {
            p.put("threads", options.threads);
        }
        if (options.kind.accepts('s') && options.sync != null) {
            p.put("sync", options.sync.option);
        }
        if (options.kind.accepts('w')) {
            p.put("window", options.window.option);
        }
        p.put("validation", options.validate);
        return p;
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

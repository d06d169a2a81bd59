package org.atollmpi.bench.osu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import mpi.MPI;
import org.atollmpi.bench.report.Charts;

/**
 * Command-line options of the OSU benchmarks, parsed the way the OSU micro-benchmarks parse them:
 *
 * <pre>
 *   -m, --message-size [MIN:]MAX   message sizes from MIN (default: the benchmark's) to MAX bytes
 *   -i, --iterations N             timed iterations for every size (default: by size, see below)
 *   -x, --warmup N                 untimed warm-up (skip) iterations before each size (default: see below)
 *   -a, --buffer buffer|direct|arrays  MPI.newByteBuffer (board memory, default),
 *                                  ByteBuffer.allocateDirect (plain direct memory) or Java arrays
 *   -W, --window-size N            bandwidth: messages in flight per iteration (default 64)
 *   -t, --num-threads N            osu_latency_mt: threads on each rank (default 2)
 *   -s, --sync-option S            one-sided: lock, flush, flush_local, lock_all, fence or pscw
 *   -w, --win-option W             one-sided: the window from create, allocate (default) or dynamic
 *       --percentiles              point-to-point: p50, p99 and max of the per-iteration times
 *       --jit-warmup               point-to-point: one untimed pass over every size first
 *   -c, --validation               fill messages with a pattern, check them, report Pass/Fail
 *       --format text|csv|json     standard output: OSU's table (default), or CSV or JSON with the
 *                                  run's parameters (benchmark, ranks, board, options, date, host)
 *       --plot FILE.png|FILE.svg   also draw the main figure against the message size (log-log)
 *       --progress                 on standard error, which size is running (OSU's output unchanged)
 *       --virtual-thread           run the benchmark's loop in a virtual thread (Java 21+), MPI at
 *                                  THREAD_SERIALIZED or above
 *   -f, --full                     collectives: more columns (min and max over the ranks, ...)
 *   -g, --allocation               point-to-point: bytes allocated per iteration at 8 bytes (each rank)
 *   -v, --version                  print the benchmark's header line
 *   -h, --help                     this text
 * </pre>
 *
 * Each {@link Kind} accepts the options that mean something to it; the barrier has no message,
 * so no {@code -m} or {@code -a} (its {@code -c} checks only that the rounds complete).
 *
 * <p>Without {@code -i}, the iteration counts are those of {@code shared/bench/c_reference.c}, so
 * the Java and C runs sit side by side: latency 10000 up to 64 KiB and 200 above; bandwidth 100
 * windows up to 64 KiB and 20 above; collectives 1000 up to 64 KiB and 100 above (OSU's own 1000
 * and 100, with c_reference's 64 KiB boundary where OSU's is 8 KiB).
 *
 * <p>Without {@code -x}, the point-to-point benchmarks skip what OSU 7.x skips before each size
 * ({@code osu_util.h}): latency 100 iterations up to 8 KiB and 10 above; bandwidth, bidirectional
 * bandwidth and message rate 10 windows up to 8 KiB and 2 above. These counts do not depend on
 * {@code -i}, as in OSU. The collectives skip a tenth of their iterations, as c_reference does
 * (which is OSU's 100 and 10, at c_reference's 64 KiB boundary).
 */
public final class OsuOptions {
    /** Which benchmark the options are for: it decides the defaults and the options accepted. */
    public enum Kind {
        /** Two-rank ping-pong: sizes from 0 B to 4 MiB. */
        LATENCY(0, 1 << 22, 10_000, 200, 100, 10, "mixacghvPJ"),
        /**
         * Ping-pongs between n/2 pairs at once (rank r and r + n/2), as {@code osu_multi_lat}:
         * sizes from 0 B to 4 MiB, the latency counts of {@link #LATENCY}.
         */
        MULTI_LATENCY(0, 1 << 22, 10_000, 200, 100, 10, "mixachvPJ"),
        /** Two-rank windows of {@code -W} messages (64), one way or both: sizes from 1 B to 4 MiB. */
        BANDWIDTH(1, 1 << 22, 100, 20, 10, 2, "mixacghvWPJ"),
        /** Pairs of ranks streaming windows of {@code -W} messages (64): sizes from 1 B to 4 MiB. */
        MESSAGE_RATE(1, 1 << 22, 100, 20, 10, 2, "mixachvWPJ"),
        /** Ping-pongs between {@code -t} threads on each of two ranks: sizes from 0 B to 4 MiB. */
        LATENCY_MT(0, 1 << 22, 10_000, 200, 100, 10, "mixacthvPJ"),
        /** A collective with data, blocking or not: sizes from 1 B to 1 MiB, as OSU's; skips a tenth. */
        COLLECTIVE(1, 1 << 20, 1000, 100, 0, 0, "mixacfhv"),
        /** Barrier or iBarrier: no message, one row; skips a tenth. */
        BARRIER(0, 0, 1000, 100, 0, 0, "ixcfhv"),
        /**
         * One-sided latency (put, get, accumulate): sizes from 1 B to 4 MiB, 10000 iterations and
         * 100 above 64 KiB as {@code c_reference.c rma}, OSU's skip.
         */
        RMA_LATENCY(1, 1 << 22, 10_000, 100, 100, 10, "mixacshvwPJ"),
        /** One-sided bandwidth: windows of {@code -W} operations (64) a synchronisation, 1 B to 4 MiB. */
        RMA_BANDWIDTH(1, 1 << 22, 100, 20, 10, 2, "mixacshvwWPJ"),
        /** Fetch-and-op, compare-and-swap: one 8-byte integer, one row; 10000 iterations as c_reference. */
        RMA_ATOMIC(8, 8, 10_000, 10_000, 100, 100, "ixacshvwPJ");

        final int defaultMin;
        final int defaultMax;
        final int smallIterations;
        final int largeIterations;
        /** Point-to-point: OSU's skip up to {@link #SKIP_LARGE_MESSAGE_SIZE}, and above it. */
        final int smallSkip;
        final int largeSkip;
        /** The option letters this kind accepts ('P' is --percentiles, 'J' --jit-warmup: long only). */
        private final String options;

        Kind(int defaultMin, int defaultMax, int smallIterations, int largeIterations, int smallSkip, int largeSkip,
             String options) {
            this.defaultMin = defaultMin;
            this.defaultMax = defaultMax;
            this.smallIterations = smallIterations;
            this.largeIterations = largeIterations;
            this.smallSkip = smallSkip;
            this.largeSkip = largeSkip;
            this.options = options;
        }

        /** Whether the rows have a message size ({@code -m} and {@code -a} apply). */
        public boolean sized() {
            return options.indexOf('m') >= 0;
        }

        /** Whether the rows are message sizes that a buffer kind holds ({@code -a} applies). */
        public boolean buffered() {
            return options.indexOf('a') >= 0;
        }

        /** Whether it runs on any number of ranks from two (collectives) or on exactly two. */
        public boolean collective() {
            return this == COLLECTIVE || this == BARRIER;
        }

        boolean accepts(char option) {
            return options.indexOf(option) >= 0;
        }
    }

    /** Sizes above this are "large" and get the smaller default iteration count (c_reference's boundary). */
    public static final int LARGE_MESSAGE_SIZE = 64 * 1024;
    /** Point-to-point sizes above this get OSU's smaller skip count: OSU's {@code LARGE_MESSAGE_SIZE}. */
    public static final int SKIP_LARGE_MESSAGE_SIZE = 8 * 1024;
    /** The size whose allocations {@code -g} measures. */
    public static final int ALLOCATION_PROBE_SIZE = 8;
    /** Messages in flight per bandwidth iteration without {@code -W}: OSU's default. */
    public static final int DEFAULT_WINDOW_SIZE = 64;
    /** Threads on each rank of {@code osu_latency_mt} without {@code -t}: OSU's default. */
    public static final int DEFAULT_THREADS = 2;

    /** Where the messages live ({@code -a}). */
    /** What standard output carries ({@code --format}). */
    public enum Format {
        /** OSU's table, which existing scripts parse. */
        TEXT,
        /** One header line, then one line per size with the run's parameters on every line. */
        CSV,
        /** One object: the run's parameters, the columns, one object per size. */
        JSON;

        static Format parse(String value, String option) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "text", "osu" -> TEXT;
                case "csv" -> CSV;
                case "json" -> JSON;
                default -> throw new IllegalArgumentException(option + ": expected 'text', 'csv' or 'json', got '"
                        + value + "'");
            };
        }
    }

    public enum BufferKind {
        /** {@link MPI#newByteBuffer}: board memory, which the library moves without a staging copy. */
        BUFFER("direct buffers from MPI.newByteBuffer"),
        /** {@link ByteBuffer#allocateDirect}: the plain direct memory a user's program has. */
        DIRECT("direct buffers from ByteBuffer.allocateDirect"),
        /** Java arrays: {@code byte[]}, or {@code float[]} for the reductions. */
        ARRAYS(null);

        private final String description;

        BufferKind(String description) {
            this.description = description;
        }

        /** What the "# Buffers:" line says; {@code arrayType} names the arrays ("byte[]"). */
        String describe(String arrayType) {
            return this == ARRAYS ? arrayType + " arrays" : description;
        }

        /** A direct buffer of {@code bytes} in native order: board memory or plain; not for {@link #ARRAYS}. */
        ByteBuffer directBuffer(int bytes) {
            if (this == ARRAYS) {
                throw new IllegalStateException("arrays have no direct buffer");
            }
            return this == BUFFER ? MPI.newByteBuffer(bytes)
                    : ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
        }
    }

    public final Kind kind;
    public final int minSize;
    public final int maxSize;
    /** -1 when not given: by size. */
    public final int iterations;
    /** -1 when not given: OSU's skip by size (point-to-point), a tenth of the iterations (collectives). */
    public final int warmup;
    public final BufferKind buffers;
    /** Bandwidth: the messages one iteration starts before it waits for them all. */
    public final int windowSize;
    public final boolean validate;
    public final boolean full;
    public final boolean allocation;
    /** {@code osu_latency_mt}: threads on each rank. */
    public final int threads;
    /** One-sided: the synchronisation ({@code -s}), or null for the benchmark's default. */
    public final RmaSync sync;
    /** One-sided: how the window is made ({@code -w}). */
    public final WindowCreation window;
    /** Point-to-point: p50, p99 and max of the per-iteration times beside the mean. */
    public final boolean percentiles;
    /** Point-to-point: one untimed pass over every size before the first is measured. */
    public final boolean jitWarmup;
    public final boolean version;
    public final boolean help;
    /** What standard output carries. */
    public final Format format;
    /** Where {@code --plot} draws the chart, or null for no chart. */
    public final Path plot;
    /** {@code --progress}: the running size on standard error. */
    public final boolean progress;
    /** {@code --virtual-thread}: the benchmark runs in a virtual thread, not the main thread. */
    public final boolean virtualThread;
    /** The arguments as given, for the machine-readable output's record of the run. */
    private final String[] args;

    private OsuOptions(Kind kind, int minSize, int maxSize, int iterations, int warmup, BufferKind buffers,
                       int windowSize, boolean validate, boolean full, boolean allocation, int threads,
                       RmaSync sync, WindowCreation window, boolean percentiles, boolean jitWarmup, boolean version,
                       boolean help, Format format, Path plot, boolean progress, boolean virtualThread,
                       String[] args) {
        this.kind = kind;
        this.minSize = minSize;
        this.maxSize = maxSize;
        this.iterations = iterations;
        this.warmup = warmup;
        this.buffers = buffers;
        this.windowSize = windowSize;
        this.validate = validate;
        this.full = full;
        this.allocation = allocation;
        this.threads = threads;
        this.sync = sync;
        this.window = window;
        this.percentiles = percentiles;
        this.jitWarmup = jitWarmup;
        this.version = version;
        this.help = help;
        this.format = format;
        this.plot = plot;
        this.progress = progress;
        this.virtualThread = virtualThread;
        this.args = args.clone();
    }

    /** The arguments the options were parsed from. */
    public List<String> arguments() {
        return List.of(args);
    }

    /** Parses {@code args}; throws {@link IllegalArgumentException} with a one-line reason. */
    public static OsuOptions parse(Kind kind, String... args) {
        int min = kind.defaultMin;
        int max = kind.defaultMax;
        int iterations = -1;
        int warmup = -1;
        BufferKind buffers = BufferKind.BUFFER;
        int windowSize = DEFAULT_WINDOW_SIZE;
        boolean validate = false;
        boolean full = false;
        boolean allocation = false;
        int threads = DEFAULT_THREADS;
        RmaSync sync = null;
        WindowCreation window = WindowCreation.ALLOCATE;
        boolean percentiles = false;
        boolean jitWarmup = false;
        boolean version = false;
        boolean help = false;
        Format format = Format.TEXT;
        Path plot = null;
        boolean progress = false;
        boolean virtualThread = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            char option = letter(arg);
            if (option == 0) {
                throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
            if (UNIVERSAL.indexOf(option) < 0 && !kind.accepts(option)) {
                throw new IllegalArgumentException("option '" + arg + "' does not apply to this benchmark");
            }
            switch (option) {
                case 'm' -> {
                    String value = value(args, ++i, arg);
                    int colon = value.indexOf(':');
                    if (colon >= 0) {
                        min = number(value.substring(0, colon), arg, 0);
                        max = number(value.substring(colon + 1), arg, 0);
                    } else {
                        max = number(value, arg, 0);
                    }
                    if (min > max) {
                        throw new IllegalArgumentException(arg + ": minimum size " + min
                                + " is larger than maximum size " + max);
                    }
                }
                case 'i' -> iterations = number(value(args, ++i, arg), arg, 1);
                case 'x' -> warmup = number(value(args, ++i, arg), arg, 0);
                case 'a' -> {
                    String value = value(args, ++i, arg).toLowerCase(Locale.ROOT);
                    buffers = switch (value) {
                        case "buffer", "buffers" -> BufferKind.BUFFER;
                        case "direct" -> BufferKind.DIRECT;
                        case "arrays", "array" -> BufferKind.ARRAYS;
                        default -> throw new IllegalArgumentException(
                                arg + ": expected 'buffer', 'direct' or 'arrays', got '" + value + "'");
                    };
                }
                case 'W' -> windowSize = number(value(args, ++i, arg), arg, 1);
                case 't' -> {
                    String value = value(args, ++i, arg);
                    if (value.indexOf(':') >= 0) {
                        throw new IllegalArgumentException(arg + ": give one thread count for both ranks"
                                + " (OSU's sender:receiver form is not supported), got '" + value + "'");
                    }
                    threads = number(value, arg, 1);
                }
                case 's' -> sync = RmaSync.parse(value(args, ++i, arg), arg);
                case 'w' -> window = WindowCreation.parse(value(args, ++i, arg), arg);
                case 'F' -> format = Format.parse(value(args, ++i, arg), arg);
                case 'L' -> {
                    String value = value(args, ++i, arg);
                    try {
                        plot = Path.of(value);
                    } catch (InvalidPathException e) {
                        throw new IllegalArgumentException(arg + ": '" + value + "' is not a file name");
                    }
                    if (!Charts.supports(plot)) {
                        throw new IllegalArgumentException(arg + ": give a file name ending in .png or .svg, got '"
                                + value + "'");
                    }
                }
                case 'R' -> progress = true;
                case 'V' -> virtualThread = true;
                case 'P' -> percentiles = true;
                case 'J' -> jitWarmup = true;
                case 'c' -> validate = true;
                case 'f' -> full = true;
                case 'g' -> allocation = true;
                case 'v' -> version = true;
                default -> help = true;
            }
        }
        if (plot != null && kind == Kind.BARRIER) {
            throw new IllegalArgumentException("--plot: the barrier has no message size to plot against");
        }
        if (kind.defaultMin > 0 && max < 1) {
            throw new IllegalArgumentException("-m: this benchmark needs a maximum size of at least 1");
        }
        if (kind.defaultMin > 0 && min < 1) {
            min = 1;
        }
        return new OsuOptions(kind, min, max, iterations, warmup, buffers, windowSize, validate, full, allocation,
                threads, sync, window, percentiles, jitWarmup, version, help, format, plot, progress, virtualThread, args);
    }

    /** The long-only options every benchmark accepts: --format, --plot, --progress, --virtual-thread. */
    private static final String UNIVERSAL = "FLRV";

    /** The option that runs the benchmark in a virtual thread: looked for before MPI starts (the thread level). */
    static final String VIRTUAL_THREAD = "--virtual-thread";

    /** The letter of a short or long option ('P' and 'J' for the long-only ones), or 0 for anything else. */
    private static char letter(String arg) {
        return switch (arg) {
            case "-m", "--message-size" -> 'm';
            case "-i", "--iterations" -> 'i';
            case "-x", "--warmup" -> 'x';
            case "-a", "--buffer" -> 'a';
            case "-W", "--window-size" -> 'W';
            case "-t", "--num-threads" -> 't';
            case "-s", "--sync-option" -> 's';
            case "-w", "--win-option" -> 'w';
            case "--percentiles" -> 'P';
            case "--jit-warmup" -> 'J';
            case "--format" -> 'F';
            case "--plot" -> 'L';
            case "--progress" -> 'R';
            case VIRTUAL_THREAD -> 'V';
            case "-c", "--validation" -> 'c';
            case "-f", "--full" -> 'f';
            case "-g", "--allocation" -> 'g';
            case "-v", "--version" -> 'v';
            case "-h", "--help" -> 'h';
            default -> 0;
        };
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int number(String text, String option, int least) {
        int n;
        try {
            n = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + text + "' is not a number");
        }
        if (n < least) {
            throw new IllegalArgumentException(option + ": " + n + " is less than " + least);
        }
        return n;
    }

    /**
     * The message sizes to run: {@code min} (0 allowed), then powers of two up to {@code max};
     * the barrier's single row is size 0.
     */
    public int[] sizes() {
        return sizes(minSize);
    }

    /**
     * The sizes from {@code max(min, least)}: a reduction moves whole floats, so OSU starts it at
     * 4 bytes whatever {@code -m} says.
     */
    public int[] sizes(int least) {
        int first = Math.max(minSize, least);
        int count = 0;
        for (int s = first; s <= maxSize; s = next(s)) {
            count++;
        }
        int[] sizes = new int[count];
        int k = 0;
        for (int s = first; s <= maxSize; s = next(s)) {
            sizes[k++] = s;
        }
        return sizes;
    }

    private static int next(int size) {
        if (size == 0) {
            return 1;
        }
        int pow = Integer.highestOneBit(size);
        long next = (long) (pow == size ? size : pow) * 2;
        return next > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) next;
    }

    public int iterations(int size) {
        if (iterations > 0) {
            return iterations;
        }
        return size > LARGE_MESSAGE_SIZE ? kind.largeIterations : kind.smallIterations;
    }

    /**
     * The untimed iterations before {@code size} is timed: {@code -x}, else OSU's skip for the
     * point-to-point benchmarks and a tenth of the iterations for the collectives.
     */
    public int warmup(int size) {
        if (warmup >= 0) {
            return warmup;
        }
        if (kind.collective()) {
            return iterations(size) / 10;
        }
        return size > SKIP_LARGE_MESSAGE_SIZE ? kind.largeSkip : kind.smallSkip;
    }

    /** The help text: the options {@code kind} accepts, with their defaults. */
    public static String usage(Kind kind, String program) {
        StringBuilder b = new StringBuilder("Usage: " + program + " [options]\n");
        if (kind.accepts('m')) {
            b.append("  -m, --message-size [MIN:]MAX  sizes from MIN (default ").append(kind.defaultMin)
                    .append(") to MAX bytes (default ").append(kind.defaultMax).append(")\n");
        }
        b.append("  -i, --iterations N            timed iterations for every size (default ")
                .append(kind.smallIterations);
        if (kind.sized()) {
            b.append(", ").append(kind.largeIterations).append(" above ").append(LARGE_MESSAGE_SIZE).append(" bytes");
        }
        b.append(")\n");
        b.append("  -x, --warmup N                warm-up iterations before each size (default ");
        if (kind.collective()) {
            b.append("a tenth of the iterations)\n");
        } else {
            b.append(kind.smallSkip).append(", ").append(kind.largeSkip).append(" above ")
                    .append(SKIP_LARGE_MESSAGE_SIZE).append(" bytes, as OSU)\n");
        }
        if (kind.accepts('a')) {
            b.append("  -a, --buffer buffer|direct|arrays  buffer: MPI.newByteBuffer, board memory (default);\n"
                    + "                                direct: ByteBuffer.allocateDirect; arrays: Java arrays\n");
        }
        if (kind.accepts('W')) {
            b.append("  -W, --window-size N           messages in flight per iteration (default ")
                    .append(DEFAULT_WINDOW_SIZE).append(")\n");
        }
        if (kind.accepts('t')) {
            b.append("  -t, --num-threads N           threads on each rank, each ping-pongs with its peer thread (default ")
                    .append(DEFAULT_THREADS).append(")\n");
        }
        if (kind.accepts('s')) {
            b.append("  -s, --sync-option S           synchronisation: lock, flush, flush_local, lock_all, fence, pscw\n"
                    + "                                (OSU's choice for each benchmark; default flush, osu_put_bibw pscw)\n");
        }
        if (kind.accepts('w')) {
            b.append("  -w, --win-option W            window: create (over the -a memory), allocate (default),\n"
                    + "                                dynamic (created empty, the -a memory attached)\n");
        }
        if (kind.accepts('c')) {
            b.append(kind.buffered()
                    ? "  -c, --validation              check the data of every size, print Pass/Fail\n"
                    : "  -c, --validation              check that the rounds complete, print Pass/Fail\n");
        }
        if (kind.accepts('f')) {
            b.append("  -f, --full                    more columns: minimum and maximum over the ranks and the\n"
                    + "                                iterations; nonblocking: the time in the start call and in wait\n");
        }
        if (kind.accepts('g')) {
            b.append("  -g, --allocation              print bytes allocated per iteration at ")
                    .append(ALLOCATION_PROBE_SIZE).append(" bytes on each rank\n");
        }
        if (kind.accepts('P')) {
            b.append("      --percentiles             after the mean, p50, p99 and max of the per-iteration times (us)\n");
        }
        if (kind.accepts('J')) {
            b.append("      --jit-warmup              one untimed pass over every size first, as our earlier default;\n"
                    + "                                off by default, as OSU\n");
        }
        b.append("      --format text|csv|json    standard output: OSU's table (default), CSV or JSON with the run's\n"
                + "                                parameters (benchmark, ranks, board, options, date, host) and a row a size\n");
        if (kind != Kind.BARRIER) {
            b.append("      --plot FILE.png|FILE.svg  also draw the first figure against the message size (log-log)\n");
        }
        b.append("      --progress                print the size running to standard error (stdout unchanged)\n");
        b.append("      --virtual-thread          run the benchmark in a virtual thread (Java 21+; MPI at THREAD_SERIALIZED)\n");
        b.append("  -v, --version                 print the benchmark's header line\n");
        b.append("  -h, --help                    print this help\n");
        b.append(switch (kind) {
            case COLLECTIVE, BARRIER -> "Run on two or more ranks: bin/mpirun -np 4 " + program + " [options]\n";
            case MESSAGE_RATE, MULTI_LATENCY -> "Run on an even number of ranks, pairs r and r + n/2: bin/mpirun -np 4 " + program
                    + " [options]\n";
            default -> "Run on exactly two ranks: bin/mpirun -np 2 " + program + " [options]\n";
        });
        return b.toString();
    }
}

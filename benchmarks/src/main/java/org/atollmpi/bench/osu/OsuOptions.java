package org.atollmpi.bench.osu;

import java.util.Locale;

/**
 * Command-line options of the OSU point-to-point benchmarks, parsed the way the OSU
 * micro-benchmarks parse them:
 *
 * <pre>
 *   -m, --message-size [MIN:]MAX   message sizes from MIN (default: the benchmark's) to MAX bytes
 *   -i, --iterations N             timed iterations for every size (default: by size, see below)
 *   -x, --warmup N                 untimed warm-up iterations (default: a tenth of the iterations)
 *   -a, --buffer buffer|arrays     MPI.newByteBuffer direct buffers (default) or byte[] arrays
 *   -c, --validation               fill messages with a pattern, check them, report Pass/Fail
 *   -g, --allocation               report bytes allocated per iteration at 8 bytes (each rank)
 *   -h, --help                     this text
 * </pre>
 *
 * Without {@code -i}, the iteration counts are those of {@code shared/bench/c_reference.c}, so
 * the Java and C runs sit side by side: latency 10000 up to 64 KiB and 200 above; bandwidth 100
 * windows up to 64 KiB and 20 above.
 */
public final class OsuOptions {
    /** Which benchmark the options are for: it decides the defaults. */
    public enum Kind {
        LATENCY("Latency", 0, 10_000, 200),
        BANDWIDTH("Bandwidth", 1, 100, 20);

        final String title;
        final int defaultMin;
        final int smallIterations;
        final int largeIterations;

        Kind(String title, int defaultMin, int smallIterations, int largeIterations) {
            this.title = title;
            this.defaultMin = defaultMin;
            this.smallIterations = smallIterations;
            this.largeIterations = largeIterations;
        }
    }

    /** Sizes above this are "large" and get the smaller default iteration count. */
    public static final int LARGE_MESSAGE_SIZE = 64 * 1024;
    /** The default largest message, as in OSU and c_reference.c: 4 MiB. */
    public static final int DEFAULT_MAX_SIZE = 1 << 22;
    /** The size whose allocations {@code -g} measures. */
    public static final int ALLOCATION_PROBE_SIZE = 8;

    public enum BufferKind { BUFFER, ARRAYS }

    public final Kind kind;
    public final int minSize;
    public final int maxSize;
    /** -1 when not given: by size. */
    public final int iterations;
    /** -1 when not given: a tenth of the iterations. */
    public final int warmup;
    public final BufferKind buffers;
    public final boolean validate;
    public final boolean allocation;
    public final boolean help;

    private OsuOptions(Kind kind, int minSize, int maxSize, int iterations, int warmup,
                       BufferKind buffers, boolean validate, boolean allocation, boolean help) {
        this.kind = kind;
        this.minSize = minSize;
        this.maxSize = maxSize;
        this.iterations = iterations;
        this.warmup = warmup;
        this.buffers = buffers;
        this.validate = validate;
        this.allocation = allocation;
        this.help = help;
    }

    /** Parses {@code args}; throws {@link IllegalArgumentException} with a one-line reason. */
    public static OsuOptions parse(Kind kind, String... args) {
        int min = kind.defaultMin;
        int max = DEFAULT_MAX_SIZE;
        int iterations = -1;
        int warmup = -1;
        BufferKind buffers = BufferKind.BUFFER;
        boolean validate = false;
        boolean allocation = false;
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "-m", "--message-size" -> {
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
                case "-i", "--iterations" -> iterations = number(value(args, ++i, arg), arg, 1);
                case "-x", "--warmup" -> warmup = number(value(args, ++i, arg), arg, 0);
                case "-a", "--buffer" -> {
                    String value = value(args, ++i, arg).toLowerCase(Locale.ROOT);
                    buffers = switch (value) {
                        case "buffer", "buffers" -> BufferKind.BUFFER;
                        case "arrays", "array" -> BufferKind.ARRAYS;
                        default -> throw new IllegalArgumentException(
                                arg + ": expected 'buffer' or 'arrays', got '" + value + "'");
                    };
                }
                case "-c", "--validation" -> validate = true;
                case "-g", "--allocation" -> allocation = true;
                case "-h", "--help" -> help = true;
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        if (kind == Kind.BANDWIDTH && max < 1) {
            throw new IllegalArgumentException("-m: bandwidth needs a maximum size of at least 1");
        }
        if (kind == Kind.BANDWIDTH && min < 1) {
            min = 1;
        }
        return new OsuOptions(kind, min, max, iterations, warmup, buffers, validate, allocation, help);
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

    /** The message sizes to run: {@code min} (0 allowed), then powers of two up to {@code max}. */
    public int[] sizes() {
        int count = 0;
        for (int s = minSize; s <= maxSize; s = next(s)) {
            count++;
        }
        int[] sizes = new int[count];
        int k = 0;
        for (int s = minSize; s <= maxSize; s = next(s)) {
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

    public int warmup(int size) {
        return warmup >= 0 ? warmup : iterations(size) / 10;
    }

    public static String usage(Kind kind, String program) {
        String sizes = kind == Kind.LATENCY ? "0" : "1";
        return "Usage: " + program + " [options]\n"
                + "  -m, --message-size [MIN:]MAX  sizes from MIN (default " + sizes + ") to MAX bytes"
                + " (default " + DEFAULT_MAX_SIZE + ")\n"
                + "  -i, --iterations N            timed iterations for every size (default "
                + kind.smallIterations + ", " + kind.largeIterations + " above " + LARGE_MESSAGE_SIZE + " bytes)\n"
                + "  -x, --warmup N                warm-up iterations (default: a tenth of the iterations)\n"
                + "  -a, --buffer buffer|arrays    direct buffers from MPI.newByteBuffer (default) or byte[] arrays\n"
                + "  -c, --validation              check the data of every size, print Pass/Fail\n"
                + "  -g, --allocation              print bytes allocated per iteration at "
                + ALLOCATION_PROBE_SIZE + " bytes on each rank\n"
                + "  -h, --help                    print this help\n"
                + "Run on exactly two ranks: bin/mpirun -np 2 " + program + " [options]\n";
    }
}

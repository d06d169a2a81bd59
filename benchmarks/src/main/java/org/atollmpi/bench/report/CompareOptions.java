package org.atollmpi.bench.report;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The command line of {@code bin/atoll-bench compare} ({@link #USAGE}). Errors are
 * {@link IllegalArgumentException}s whose message names the argument.
 */
public final class CompareOptions {
    public static final String USAGE = """
            usage: atoll-bench compare [options] [OSU options]
            Runs our OSU benchmarks and, where Open MPI's mpicc and mpirun are installed, the same tests in C
            (benchmarks/c/osu_reference.c), in alternating rounds, and writes DIR/report.md with ratio tables
            and log-log plots (DIR/<benchmark>.png) and every run's output (DIR/raw/).
              --benchmarks a,b,...  which (default osu_latency,osu_bw,osu_bibw,osu_allreduce,osu_put_latency,osu_get_bw);
                                    C has osu_latency, osu_bw, osu_bibw, osu_allreduce, osu_bcast, osu_put_latency,
                                    osu_get_latency, osu_put_bw, osu_get_bw; the others run ours only
              --np N                ranks of the collectives and osu_mbw_mr / osu_multi_lat (default 2);
                                    the two-rank tests always run on 2
              --rounds N            rounds, each running every benchmark on both sides (default 3)
              --board shm|tcp       our board (default shm); C: its shared-memory BTL, or --mca btl tcp,self
              --out DIR             where the report goes (default compare-YYYY-MM-DD, today in UTC)
              --plots png|svg       the plots' format (default png, ~50 KiB each; svg about twice that)
              --note TEXT           a paragraph at the top of the report (say why it was run, or that it is a smoke run)
              --no-c                ours only, even where Open MPI is installed
              --mpicc PATH          Open MPI's compiler wrapper (default: mpicc on PATH); its mpirun is the one beside it
              --timeout S           seconds one run may take before it is killed and reported (default 900)
              -h, --help            this text
            OSU options, passed to both sides: -m [min:]max, -i iterations, -x warm-up iterations, -W window;
            -a buffer|direct|arrays goes to ours only (C's messages are malloc'd memory).
            The one-sided tests run with -s lock_all (MPI_Win_allocate windows) on both sides.
            """;

    /** What runs without --benchmarks: point-to-point, a collective and one-sided, as the issue asks. */
    public static final List<String> DEFAULT_BENCHMARKS = List.of(
            "osu_latency", "osu_bw", "osu_bibw", "osu_allreduce", "osu_put_latency", "osu_get_bw");

    private static final Pattern SIZES = Pattern.compile("(\\d+:)?\\d+");
    private static final Set<String> BOARDS = Set.of("shm", "tcp");
    private static final Set<String> BUFFERS = Set.of("buffer", "direct", "arrays");
    private static final Set<String> PLOT_FORMATS = Set.of("png", "svg");

    public final List<Benchmark> benchmarks;
    public final int np;
    public final int rounds;
    public final String board;
    public final Path out;
    public final String note;
    /** The plots' file extension: png or svg. */
    public final String plots;
    public final boolean noC;
    public final Path mpicc;
    public final int timeoutSeconds;
    /** -m, -i, -x, -W with their values: both sides. */
    public final List<String> osuArgs;
    /** -a and its value: ours only. */
    public final List<String> oursOnlyArgs;
    public final boolean help;
    /** The arguments as given, for the report's command line. */
    public final List<String> given;

    private CompareOptions(Builder b, List<String> given) {
        this.benchmarks = List.copyOf(b.benchmarks);
        this.np = b.np;
        this.rounds = b.rounds;
        this.board = b.board;
        this.out = b.out != null ? b.out : Path.of("compare-" + LocalDate.now(ZoneOffset.UTC));
        this.note = b.note;
        this.plots = b.plots;
        this.noC = b.noC;
        this.mpicc = b.mpicc;
        this.timeoutSeconds = b.timeoutSeconds;
        this.osuArgs = List.copyOf(b.osuArgs);
        this.oursOnlyArgs = List.copyOf(b.oursOnlyArgs);
        this.help = b.help;
        this.given = List.copyOf(given);
    }

    /** How many ranks {@code benchmark} runs on. */
    public int ranks(Benchmark benchmark) {
        return benchmark.pair() ? 2 : np;
    }

    public static CompareOptions parse(String... args) {
        Builder b = new Builder();
        List<String> names = DEFAULT_BENCHMARKS;
        for (int k = 0; k < args.length; k++) {
            String arg = args[k];
            String name = arg;
            String inline = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                inline = arg.substring(eq + 1);
            }
            if (name.equals("-h") || name.equals("--help")) {
                b.help = true;
                continue;
            }
            if (name.equals("--no-c")) {
                b.noC = true;
                continue;
            }
            String value;
            if (inline != null) {
                value = inline;
            } else if (k + 1 < args.length) {
                value = args[++k];
            } else {
                throw new IllegalArgumentException(known(name) ? name + " needs a value" : "unknown option " + name);
            }
            switch (name) {
                case "--benchmarks" -> names = list(name, value);
                case "--np" -> b.np = count(name, value, 2);
                case "--rounds" -> b.rounds = count(name, value, 1);
                case "--board" -> {
                    if (!BOARDS.contains(value)) {
                        throw new IllegalArgumentException("--board " + value + ": expected shm or tcp");
                    }
                    b.board = value;
                }
                case "--out" -> b.out = Path.of(value);
                case "--note" -> b.note = value;
                case "--plots" -> {
                    if (!PLOT_FORMATS.contains(value)) {
                        throw new IllegalArgumentException("--plots " + value + ": expected png or svg");
                    }
                    b.plots = value;
                }
                case "--mpicc" -> b.mpicc = Path.of(value);
                case "--timeout" -> b.timeoutSeconds = count(name, value, 1);
                case "-m" -> {
                    if (!SIZES.matcher(value).matches()) {
                        throw new IllegalArgumentException("-m " + value + ": expected [min:]max in bytes");
                    }
                    b.osuArgs.add(name);
                    b.osuArgs.add(value);
                }
                case "-i", "-W" -> {
                    count(name, value, 1);
                    b.osuArgs.add(name);
                    b.osuArgs.add(value);
                }
                case "-x" -> {
                    count(name, value, 0);
                    b.osuArgs.add(name);
                    b.osuArgs.add(value);
                }
                case "-a" -> {
                    if (!BUFFERS.contains(value)) {
                        throw new IllegalArgumentException("-a " + value + ": expected buffer, direct or arrays");
                    }
                    b.oursOnlyArgs.add(name);
                    b.oursOnlyArgs.add(value);
                }
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        Set<String> seen = new LinkedHashSet<>(names);
        if (seen.size() != names.size()) {
            throw new IllegalArgumentException("--benchmarks " + String.join(",", names) + ": a benchmark named twice");
        }
        for (String n : names) {
            b.benchmarks.add(Benchmark.named(n));
        }
        return new CompareOptions(b, List.of(args));
    }

    private static boolean known(String name) {
        return switch (name) {
            case "--benchmarks", "--np", "--rounds", "--board", "--out", "--note", "--plots", "--mpicc", "--timeout",
                 "-m", "-i", "-x", "-W", "-a" -> true;
            default -> false;
        };
    }

    private static List<String> list(String option, String value) {
        List<String> names = new ArrayList<>();
        for (String n : value.split(",")) {
            if (n.isBlank()) {
                throw new IllegalArgumentException(option + " " + value + ": an empty name");
            }
            names.add(n.strip());
        }
        return names;
    }

    private static int count(String option, String value, int least) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " " + value + ": not a number");
        }
        if (n < least) {
            throw new IllegalArgumentException(option + " " + value + ": at least " + least);
        }
        return n;
    }

    private static final class Builder {
        final List<Benchmark> benchmarks = new ArrayList<>();
        int np = 2;
        int rounds = 3;
        String board = "shm";
        Path out;
        String note;
        String plots = "png";
        boolean noC;
        Path mpicc;
        int timeoutSeconds = 900;
        final List<String> osuArgs = new ArrayList<>();
        final List<String> oursOnlyArgs = new ArrayList<>();
        boolean help;
    }

    /**
     * A benchmark compare can run: our name (the C reference's test has the same name), whether
     * it runs on exactly two ranks, the arguments it always gets, whether
     * {@code benchmarks/c/osu_reference.c} has it.
     */
    public record Benchmark(String name, boolean pair, List<String> fixedArgs, boolean inC) {
        /** The two-rank point-to-point tests. */
        private static final Set<String> PAIRS = Set.of("osu_latency", "osu_bw", "osu_bibw", "osu_latency_mt");
        /** One-sided tests with a passive-target synchronisation; osu_put_bibw takes fence or pscw only. */
        private static final Set<String> PASSIVE_RMA = Set.of("osu_put_latency", "osu_get_latency", "osu_put_bw",
                "osu_get_bw", "osu_acc_latency", "osu_get_acc_latency", "osu_fop_latency", "osu_cas_latency");
        /** Any number of ranks, ours only. */
        private static final Set<String> MULTI = Set.of("osu_mbw_mr", "osu_multi_lat");
        /** OsuCollectives' operations with message sizes (the barrier has none), blocking or not. */
        private static final List<String> COLLECTIVES = List.of("bcast", "reduce", "allreduce", "gather", "gatherv",
                "scatter", "scatterv", "allgather", "allgatherv", "alltoall", "alltoallv", "reduce_scatter");
        /** The tests of benchmarks/c/osu_reference.c. */
        private static final Set<String> IN_C = Set.of("osu_latency", "osu_bw", "osu_bibw", "osu_allreduce", "osu_bcast",
                "osu_put_latency", "osu_get_latency", "osu_put_bw", "osu_get_bw");

        public Benchmark {
            fixedArgs = List.copyOf(fixedArgs);
        }

        static Benchmark named(String name) {
            boolean inC = IN_C.contains(name);
            if (PAIRS.contains(name)) {
                return new Benchmark(name, true, List.of(), inC);
            }
            if (PASSIVE_RMA.contains(name)) {
                return new Benchmark(name, true, List.of("-s", "lock_all"), inC);
            }
            if (name.equals("osu_put_bibw")) {
                return new Benchmark(name, true, List.of(), false);
            }
            if (MULTI.contains(name) || name.startsWith("osu_") && (COLLECTIVES.contains(name.substring(4))
                    || name.startsWith("osu_i") && COLLECTIVES.contains(name.substring(5)))) {
                return new Benchmark(name, false, List.of(), inC);
            }
            if (name.equals("osu_barrier") || name.equals("osu_ibarrier")) {
                throw new IllegalArgumentException("--benchmarks: " + name + " has no message sizes to compare");
            }
            throw new IllegalArgumentException("--benchmarks: unknown benchmark " + name + " (osu_latency, osu_bw, osu_bibw,"
                    + " osu_latency_mt, osu_mbw_mr, osu_multi_lat, the one-sided osu_put_*/osu_get_*/osu_*acc*/osu_fop/cas_latency,"
                    + " osu_[i]allreduce and the other collectives with sizes)");
        }
    }
}

package org.atollmpi.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.atollmpi.bench.osu.BenchmarkCatalog;
import org.atollmpi.bench.report.Charts;
import org.atollmpi.bench.report.RunRecord;

/**
 * {@code bin/osu}: what the benchmark suite has, and charts of runs it wrote.
 *
 * <pre>
 * bin/osu --list                                   every benchmark: name, category, ranks, what it measures
 * bin/osu plot RUN.json... -o CHART.png|CHART.svg  [--column NAME] [--title TEXT]
 * </pre>
 *
 * The runs are what a benchmark prints with {@code --format json}; each is one line of the chart,
 * named by its board (or, where two share one, also by its file).
 */
public final class OsuTool {
    private OsuTool() {
    }

    /** A usage error: the message and the usage on stderr, exit status 2. */
    static final class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }

    static final String USAGE = """
            Usage: osu --list
                   osu plot RUN.json... -o CHART.png|CHART.svg [--column NAME] [--title TEXT]
              --list         every benchmark of the suite: name, category, ranks, what it measures;
                             run one with bin/mpirun -np 2 NAME [options] (NAME -h: its options)
              plot           draw runs written with --format json on one log-log chart, a line a run,
                             named by board: latency or bandwidth (--column: which figure, default
                             the first) against message size
            """;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The command's work; its exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            if (args.length == 0) {
                throw new UsageError("no command");
            }
            switch (args[0]) {
                case "--list", "-l", "list" -> list(out);
                case "plot" -> plot(args, out);
                case "-h", "--help", "help" -> out.print(USAGE);
                default -> throw new UsageError("unknown command '" + args[0] + "'");
            }
            return 0;
        } catch (UsageError e) {
            err.println("osu: " + e.getMessage());
            err.print(USAGE);
            return 2;
        } catch (IllegalArgumentException e) {
            err.println("osu: " + e.getMessage());
            return 1;
        } catch (NoSuchFileException e) {
            err.println("osu: no such file: " + e.getFile());
            return 1;
        } catch (IOException e) {
            err.println("osu: " + e);
            return 1;
        }
    }

    static void list(PrintStream out) {
        int width = 0;
        for (BenchmarkCatalog.Entry entry : BenchmarkCatalog.all()) {
            width = Math.max(width, entry.name().length());
        }
        String format = "%-" + width + "s  %-23s  %-8s  %s%n";
        out.printf(format, "# Name", "Category", "Ranks", "Description");
        for (BenchmarkCatalog.Entry entry : BenchmarkCatalog.all()) {
            out.printf(format, entry.name(), entry.category(), entry.ranks(), entry.description());
        }
    }

    static void plot(String[] args, PrintStream out) throws IOException {
        List<Path> inputs = new ArrayList<>();
        Path chart = null;
        String column = null;
        String title = null;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "-o", "--output" -> chart = Path.of(value(args, ++i));
                case "--column" -> column = value(args, ++i);
                case "--title" -> title = value(args, ++i);
                default -> {
                    if (args[i].startsWith("-")) {
                        throw new UsageError("plot: unknown option '" + args[i] + "'");
                    }
                    inputs.add(Path.of(args[i]));
                }
            }
        }
        if (inputs.isEmpty()) {
            throw new UsageError("plot: no run to draw: give files written with --format json");
        }
        if (chart == null) {
            throw new UsageError("plot: no chart file: give -o CHART.png or -o CHART.svg");
        }
        if (!Charts.supports(chart)) {
            throw new UsageError("plot: -o " + chart + ": give a file name ending in .png or .svg");
        }
        List<RunRecord> runs = new ArrayList<>();
        for (Path input : inputs) {
            runs.add(RunRecord.read(input));
        }
        String figure = column != null ? column : runs.get(0).columns().get(0);
        Set<String> boards = new HashSet<>();
        Set<String> repeated = new HashSet<>();
        for (RunRecord run : runs) {
            if (!boards.add(run.seriesName())) {
                repeated.add(run.seriesName());
            }
        }
        Set<String> benchmarks = new LinkedHashSet<>();
        List<Charts.Series> series = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunRecord run = runs.get(i);
            int index;
            try {
                index = run.column(figure);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(inputs.get(i) + ": " + e.getMessage());
            }
            benchmarks.add(run.benchmark());
            String name = run.seriesName();
            if (repeated.contains(name)) {
                name += " (" + inputs.get(i).getFileName() + ")";
            }
            series.add(new Charts.Series(name, run.sizes(), run.values(index)));
        }
        Charts.write(chart, title != null ? title : String.join(", ", benchmarks), "Message size (bytes)", figure,
                series);
        out.println("osu: wrote " + chart + " (" + series.size() + (series.size() == 1 ? " run)" : " runs)"));
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new UsageError("plot: " + args[i - 1] + " needs a value");
        }
        return args[i];
    }
}

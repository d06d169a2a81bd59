package org.atollmpi.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.atollmpi.bench.report.CompareOptions.Benchmark;
import org.atollmpi.bench.report.OsuOutput.Measure;
import org.atollmpi.bench.report.OsuOutput.Row;
import org.atollmpi.bench.report.OsuOutput.Table;

/**
 * The Markdown of a comparison ({@code report.md}) from its runs: per benchmark a table of
 * size | ours | C | ours / C, medians over the rounds with their min-max, and a log-log plot of
 * both sides' medians; the machine and the exact commands first.
 */
final class CompareReport {
    /** Which implementation a run measured. */
    enum Side {
        OURS("atoll-mpi"), C("C");

        final String label;

        Side(String label) {
            this.label = label;
        }
    }

    /**
     * One run of one benchmark on one side: its command (as the report shows it), the raw output
     * file (relative to the report), its table, or why there is none.
     */
    record Run(Benchmark benchmark, Side side, int round, String command, String raw, Table table, String problem) {
    }

    /** The median and the range of one size's figures over the rounds. */
    record Spread(double median, double min, double max, int count) {
        static Spread of(List<Double> values) {
            double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int n = v.length;
            double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
            return new Spread(median, v[0], v[n - 1], n);
        }
    }

    /** Draws a chart; {@link Charts#write} in use, a recorder in tests. */
    interface Plotter {
        void plot(Path file, String title, String xLabel, String yLabel, List<Charts.Series> series) throws Exception;
    }

    /** What the report says about how it was made, besides the runs. */
    record Setup(CompareOptions options, Machine machine, String loadAtEnd, String commandLine, String cSource,
                 String cAbsence, String cBuild, String mpiVersion, String compilerVersion) {
    }

    private final Setup setup;
    private final List<Run> runs;

    CompareReport(Setup setup, List<Run> runs) {
        this.setup = setup;
        this.runs = List.copyOf(runs);
    }

    /** The Markdown; the plots go to {@code dir} through {@code plotter}, and a plot that fails is noted. */
    String write(Path dir, Plotter plotter) {
        CompareOptions o = setup.options();
        Machine m = setup.machine();
        StringBuilder md = new StringBuilder();
        md.append("# atoll-mpi beside the C reference, ").append(m.date()).append("\n\n");
        if (o.note != null && !o.note.isBlank()) {
            md.append(o.note.strip()).append("\n\n");
        }
        md.append("## Machine\n\n");
        md.append("- cores (nproc): ").append(m.cores()).append("\n");
        md.append("- CPU: ").append(m.cpu()).append("\n");
        md.append("- memory: ").append(m.memory()).append("\n");
        md.append("- OS: ").append(m.os()).append(", kernel ").append(m.kernel()).append("\n");
        md.append("- load average (1, 5, 15 min) at the start: ").append(m.loadAverage()).append("; at the end: ")
                .append(setup.loadAtEnd()).append(" (a comparison means something only on a quiet machine)\n");
        if (busy(m.loadAverage(), m.cores()) || busy(setup.loadAtEnd(), m.cores())) {
            md.insert(md.indexOf("## Machine"), "**The machine was busy** (a 1-minute load average at or above its "
                    + m.cores() + " cores): these figures are not valid timings.\n\n");
        }
        if (setup.mpiVersion() != null) {
            md.append("- C MPI: ").append(setup.mpiVersion()).append("; compiler: ").append(setup.compilerVersion()).append("\n");
        }
        md.append("- java -version:\n\n");
        indent(md, m.java());
        md.append("\n## How it ran\n\n");
        md.append(o.rounds).append(o.rounds == 1 ? " round" : " rounds")
                .append("; in each, every benchmark ran on both sides, one after the other, ours first in odd rounds and C first"
                        + " in even ones, so that drift of the machine hits both. Tables give the median over the rounds and"
                        + " the range (min-max) beneath it; the plots the medians.\n\n");
        md.append("Our board: ").append(o.board).append(". C: ")
                .append(o.board.equals("tcp") ? "Open MPI with `--mca btl tcp,self` (one-sided on one node stays in shared"
                        + " memory whatever the BTL)" : "Open MPI's default BTLs (shared memory between two ranks of one node)")
                .append(".\n\n");
        if (setup.cAbsence() != null) {
            md.append("**No C reference:** ").append(setup.cAbsence()).append(". Ours only.\n\n");
        } else {
            md.append("The C side is `").append(setup.cSource()).append("` (this repository): the loops of"
                    + " `../shared/bench/c_reference.c` with the OSU options and the Java suite's defaults (iterations,"
                    + " warm-up, window), printed in the OSU format. C has no JIT to warm; ours' point-to-point and"
                    + " one-sided tests run cold, as OSU's do (their first sizes pay for the JIT), the collectives after an"
                    + " untimed pass over the sizes.\n\n");
        }
        md.append("Commands:\n\n");
        List<String> lines = new ArrayList<>();
        lines.add(setup.commandLine());
        if (setup.cBuild() != null) {
            lines.add(setup.cBuild());
        }
        for (Run r : runs) {
            if (r.round() == 1) {
                lines.add(r.command());
            }
        }
        indent(md, String.join("\n", lines));
        md.append("\nEvery run's output is in `raw/`.\n");

        for (Benchmark b : o.benchmarks) {
            section(md, dir, plotter, b);
        }
        return md.toString();
    }

    private void section(StringBuilder md, Path dir, Plotter plotter, Benchmark b) {
        md.append("\n## ").append(b.name()).append(", ").append(setup.options().ranks(b)).append(" ranks\n\n");
        Map<Long, List<Double>> ours = figures(b, Side.OURS);
        Map<Long, List<Double>> c = figures(b, Side.C);
        Table oursTable = firstTable(b, Side.OURS);
        Table cTable = firstTable(b, Side.C);
        for (Run r : runs) {
            if (r.benchmark().equals(b) && r.problem() != null) {
                md.append("- **").append(r.side().label).append(", round ").append(r.round()).append(" failed:** ")
                        .append(r.problem().replace("<", "&lt;").replace(">", "&gt;")).append(" (`").append(r.raw()).append("`)\n");
            }
        }
        Table any = oursTable != null ? oursTable : cTable;
        if (any == null) {
            md.append("\nNo run gave a table.\n");
            return;
        }
        if (oursTable != null) {
            md.append("- ours: ").append(describe(oursTable)).append("\n");
        }
        if (cTable != null) {
            md.append("- C: ").append(describe(cTable)).append("\n");
        } else if (setup.cAbsence() == null && !b.inC()) {
            md.append("- C: `").append(setup.cSource()).append("` has no ").append(b.name()).append("\n");
        }
        Measure measure = any.measure();
        md.append("\n").append(capitalised(measure.noun)).append(" in ").append(measure.unit).append(": ")
                .append(measure.higherIsBetter ? "higher is better; ours / C above 1 means atoll-mpi is faster"
                        : "lower is better; ours / C below 1 means atoll-mpi is faster").append(".\n\n");
        md.append("| size (B) | atoll-mpi (").append(measure.unit).append(") | C (").append(measure.unit)
                .append(") | ours / C |\n|---:|---:|---:|---:|\n");
        TreeMap<Long, Boolean> sizes = new TreeMap<>();
        ours.keySet().forEach(s -> sizes.put(s, true));
        c.keySet().forEach(s -> sizes.put(s, true));
        for (long size : sizes.keySet()) {
            Spread mine = ours.containsKey(size) ? Spread.of(ours.get(size)) : null;
            Spread theirs = c.containsKey(size) ? Spread.of(c.get(size)) : null;
            String ratio = mine != null && theirs != null && theirs.median() > 0
                    ? ratio(mine.median() / theirs.median()) : "";
            md.append("| ").append(size).append(" | ").append(cell(mine)).append(" | ").append(cell(theirs)).append(" | ")
                    .append(ratio).append(" |\n");
        }
        String file = b.name() + "." + setup.options().plots;
        List<Charts.Series> series = new ArrayList<>();
        addSeries(series, "atoll-mpi (median)", ours);
        addSeries(series, "C, Open MPI (median)", c);
        if (series.isEmpty()) {
            return;
        }
        String yLabel = capitalised(measure.noun) + " (" + measure.unit + ")";
        try {
            plotter.plot(dir.resolve(file), b.name() + ": " + measure.noun + " against message size", "message size (bytes)",
                    yLabel, series);
            md.append("\n![").append(b.name()).append(": ").append(measure.noun).append(" against message size, log-log](")
                    .append(file).append(")\n");
        } catch (Exception e) {
            md.append("\n(plot failed: ").append(e).append(")\n");
        }
    }

    /** Size to the figures of every round that gave a table; sizes in order. */
    private Map<Long, List<Double>> figures(Benchmark b, Side side) {
        Map<Long, List<Double>> bySize = new TreeMap<>();
        for (Run r : runs) {
            if (r.benchmark().equals(b) && r.side() == side && r.table() != null) {
                for (Row row : r.table().rows()) {
                    bySize.computeIfAbsent(row.size(), k -> new ArrayList<>()).add(row.value());
                }
            }
        }
        return bySize;
    }

    private Table firstTable(Benchmark b, Side side) {
        return runs.stream().filter(r -> r.benchmark().equals(b) && r.side() == side && r.table() != null)
                .map(Run::table).findFirst().orElse(null);
    }

    /** Log axes: size 0 (and any non-positive figure) has no place on them. */
    private static void addSeries(List<Charts.Series> series, String name, Map<Long, List<Double>> figures) {
        List<double[]> points = new ArrayList<>();
        figures.forEach((size, values) -> {
            double median = Spread.of(values).median();
            if (size > 0 && median > 0) {
                points.add(new double[] {size, median});
            }
        });
        if (!points.isEmpty()) {
            double[] x = points.stream().mapToDouble(p -> p[0]).toArray();
            double[] y = points.stream().mapToDouble(p -> p[1]).toArray();
            series.add(new Charts.Series(name, x, y));
        }
    }

    private static String describe(Table t) {
        List<String> parts = new ArrayList<>();
        parts.add(t.title());
        parts.addAll(t.notes());
        String text = String.join("; ", parts);
        return t.failedValidation() ? text + " (**validation failed**)" : text;
    }

    private String cell(Spread s) {
        if (s == null) {
            return "";
        }
        if (s.count() == 1) {
            return format(s.median());
        }
        return format(s.median()) + " <sub>" + format(s.min()) + "-" + format(s.max()) + "</sub>";
    }

    /** Whether the first of the load averages ("12.20 6.28 2.78") reaches the core count. */
    static boolean busy(String load, int cores) {
        try {
            return Double.parseDouble(load.split(" ")[0]) >= cores;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return false;
        }
    }

    /** A ratio with two significant digits at least: 0.0012 and 2462 alike. */
    static String ratio(double r) {
        if (r >= 0.1) {
            return r >= 100 ? String.format(Locale.ROOT, "%.0f", r) : format(r);
        }
        return new BigDecimal(r).round(new MathContext(2)).stripTrailingZeros().toPlainString();
    }

    static String format(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static void indent(StringBuilder md, String text) {
        Arrays.stream(text.split("\\R")).forEach(line -> md.append("    ").append(line).append("\n"));
    }
}

package org.atollmpi.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.atollmpi.bench.report.CompareOptions.Benchmark;
import org.atollmpi.bench.report.CompareReport.Run;
import org.atollmpi.bench.report.CompareReport.Side;
import org.atollmpi.bench.report.OsuOutput.Table;

/**
 * {@code bin/atoll-bench compare}: our OSU benchmarks (through {@code bin/mpirun}) beside the same
 * tests in C ({@link CReference}), in alternating rounds, into a Markdown report with plots
 * ({@link CompareReport}). Usage: {@link CompareOptions#USAGE}.
 *
 * <p>The installation's root (the repository, or the unpacked archive: {@code bin/}, {@code lib/},
 * {@code benchmarks/c/}) comes from {@code -Datoll.root}, which bin/atoll-bench sets. Exit status 0
 * when every run gave a table, 1 when one failed (the report says which), 2 on a usage error.
 */
public final class Compare {
    private final CompareOptions options;
    private final Path root;

    Compare(CompareOptions options, Path root) {
        this.options = options;
        this.root = root;
    }

    public static void main(String[] args) {
        CompareOptions options;
        try {
            options = CompareOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("atoll-bench compare: " + e.getMessage() + " (--help lists the options)");
            System.exit(2);
            return;
        }
        if (options.help) {
            System.out.print(CompareOptions.USAGE);
            return;
        }
        Path root = root();
        if (!Files.isExecutable(root.resolve("bin/mpirun"))) {
            System.err.println("atoll-bench compare: no bin/mpirun under " + root + " (set -Datoll.root to the installation)");
            System.exit(2);
        }
        try {
            System.exit(new Compare(options, root).run());
        } catch (IOException | UncheckedIOException e) {
            System.err.println("atoll-bench compare: " + e.getMessage());
            System.exit(1);
        }
    }

    /** -Datoll.root, else the directory above the jar this class came from ({@code lib/}). */
    private static Path root() {
        String property = System.getProperty("atoll.root");
        if (property != null && !property.isEmpty()) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        try {
            Path jar = Path.of(Compare.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return jar.getParent().getParent().toAbsolutePath().normalize();
        } catch (URISyntaxException | NullPointerException e) {
            return Path.of("").toAbsolutePath();
        }
    }

    int run() throws IOException {
        Path out = options.out.toAbsolutePath();
        Path raw = out.resolve("raw");
        Files.createDirectories(raw);
        Machine machine = Machine.describe();
        Path work = Files.createTempDirectory("atoll-bench-compare");
        try {
            CReference c = options.noC ? CReference.absent("--no-c given")
                    : CReference.build(root, options.mpicc, work, options.timeoutSeconds);
            if (!c.present()) {
                progress("no C reference: " + c.absence + "; ours only");
            }
            List<Run> runs = new ArrayList<>();
            for (int round = 1; round <= options.rounds; round++) {
                for (Benchmark b : options.benchmarks) {
                    List<Side> order = round % 2 == 1 ? List.of(Side.OURS, Side.C) : List.of(Side.C, Side.OURS);
                    for (Side side : order) {
                        if (side == Side.C && !(c.present() && b.inC())) {
                            continue;
                        }
                        runs.add(runOne(b, side, round, c, raw));
                    }
                }
            }
            CompareReport.Setup setup = new CompareReport.Setup(options, machine, Machine.currentLoad(), commandLine(),
                    CReference.SOURCE, c.absence, c.buildLine, c.mpiVersion, c.compilerVersion);
            String markdown = new CompareReport(setup, runs).write(out, Charts::write);
            Path report = out.resolve("report.md");
            Files.writeString(report, markdown, StandardCharsets.UTF_8);
            long failed = runs.stream().filter(r -> r.problem() != null).count();
            progress("wrote " + report + (failed > 0 ? " (" + failed + " runs failed: see the report)" : ""));
            return failed > 0 ? 1 : 0;
        } finally {
            deleteTree(work);
        }
    }

    private Run runOne(Benchmark b, Side side, int round, CReference c, Path raw) throws IOException {
        int ranks = options.ranks(b);
        List<String> args = new ArrayList<>(b.fixedArgs());
        args.addAll(options.osuArgs);
        List<String> command;
        String shown;
        if (side == Side.OURS) {
            args.addAll(options.oursOnlyArgs);
            command = new ArrayList<>(List.of(root.resolve("bin/mpirun").toString(), "-np", Integer.toString(ranks),
                    "--board", options.board, b.name()));
            command.addAll(args);
            List<String> display = new ArrayList<>(command);
            display.set(0, "bin/mpirun");
            shown = Command.shellLine(display);
        } else {
            command = c.command(b.name(), ranks, options.board, args);
            List<String> display = new ArrayList<>(command);
            display.set(display.indexOf(c.executable.toString()), "./osu_reference");
            shown = Command.shellLine(display);
        }
        String name = b.name() + "." + (side == Side.OURS ? "ours" : "c") + "." + round;
        Path stdout = raw.resolve(name + ".txt");
        Path stderr = raw.resolve(name + ".err");
        progress("round " + round + "/" + options.rounds + ", " + b.name() + ", " + side.label + ": " + shown);
        Command.Outcome outcome = Command.run(command, stdout, stderr, options.timeoutSeconds);
        if (Files.size(stderr) == 0) {
            Files.delete(stderr);
        }
        String source = "raw/" + name + ".txt";
        String problem = outcome.problem(options.timeoutSeconds);
        Table table = null;
        if (problem == null) {
            try {
                table = OsuOutput.parse(Files.readString(stdout, StandardCharsets.UTF_8), source);
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        if (problem != null && Files.exists(stderr)) {
            problem += "; standard error (raw/" + name + ".err) begins: " + firstLine(stderr);
        }
        if (problem != null) {
            progress("  failed: " + problem);
        }
        return new Run(b, side, round, shown, source, table, problem);
    }

    /** The first non-blank line of {@code file}, at most 200 characters, for a failure's one-line reason. */
    private static String firstLine(Path file) throws IOException {
        String line = Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::strip)
                .filter(l -> !l.isEmpty()).findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    private String commandLine() {
        List<String> line = new ArrayList<>(List.of("bin/atoll-bench", "compare"));
        line.addAll(options.given);
        return Command.shellLine(line);
    }

    /** Progress goes to standard error, so standard output stays free (the report is a file). */
    private static void progress(String line) {
        System.err.println("atoll-bench compare: " + line);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            progress("could not remove " + dir + ": " + e.getMessage());
        }
    }
}

package org.atollmpi.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The C side of a comparison: {@code benchmarks/c/osu_reference.c} built with Open MPI's
 * {@code mpicc} and run with the {@code mpirun} beside it (not ours, which has the same name), or
 * the reason there is none, which the report states.
 */
final class CReference {
    /** Where the C source is, relative to the installation's root (the repository or the unpacked archive). */
    static final String SOURCE = "benchmarks/c/osu_reference.c";

    /** The executable; null when absent. */
    final Path executable;
    final Path mpirun;
    /** Why there is no C side; null when there is one. */
    final String absence;
    /** "mpirun (Open MPI) 4.1.4", the compiler's first line, the build command as the report shows it. */
    final String mpiVersion;
    final String compilerVersion;
    final String buildLine;

    private CReference(Path executable, Path mpirun, String absence, String mpiVersion, String compilerVersion,
                       String buildLine) {
        this.executable = executable;
        this.mpirun = mpirun;
        this.absence = absence;
        this.mpiVersion = mpiVersion;
        this.compilerVersion = compilerVersion;
        this.buildLine = buildLine;
    }

    static CReference absent(String why) {
        return new CReference(null, null, why, null, null, null);
    }

    boolean present() {
        return executable != null;
    }

    /**
     * Finds Open MPI ({@code mpicc}, else the one on PATH) and builds the source of {@code root}
     * into {@code work}; absent, with the reason, when any step fails.
     */
    static CReference build(Path root, Path mpicc, Path work, int timeoutSeconds) {
        Path compiler = mpicc != null ? mpicc : Command.onPath("mpicc");
        if (compiler == null) {
            return absent("no mpicc on PATH (Debian: apt-get install openmpi-bin libopenmpi-dev)");
        }
        if (!Files.isExecutable(compiler)) {
            return absent("--mpicc " + compiler + " is not an executable");
        }
        Path mpirun = compiler.toAbsolutePath().resolveSibling("mpirun");
        String version = Files.isExecutable(mpirun) ? Command.output(60, mpirun.toString(), "--version") : null;
        if (version == null || !version.contains("Open MPI")) {
            return absent(mpirun + " is missing or not Open MPI's (its --version says: "
                    + (version == null ? "nothing" : version.lines().findFirst().orElse("")) + ")");
        }
        Path source = root.resolve(SOURCE);
        if (!Files.isRegularFile(source)) {
            return absent("no C source at " + source);
        }
        Path exe = work.resolve("osu_reference");
        List<String> build = List.of(compiler.toString(), "-O2", "-o", exe.toString(), source.toString());
        Path log = work.resolve("build.log");
        Command.Outcome outcome = Command.run(build, log, log, timeoutSeconds);
        if (!outcome.ok()) {
            String output;
            try {
                output = Files.readString(log).strip();
            } catch (IOException e) {
                output = "";
            }
            return absent("building " + SOURCE + " failed (" + outcome.problem(timeoutSeconds) + "): " + output);
        }
        String compilerVersion = Command.output(60, compiler.toString(), "--version");
        return new CReference(exe, mpirun, null, version.lines().findFirst().orElse(version),
                compilerVersion == null ? "unknown" : compilerVersion.lines().findFirst().orElse(""),
                compiler + " -O2 -o osu_reference " + SOURCE);
    }

    /** The command that runs {@code test} on {@code ranks} ranks over {@code board}, with {@code args}. */
    List<String> command(String test, int ranks, String board, List<String> args) {
        List<String> c = new ArrayList<>(List.of(mpirun.toString()));
        if ("root".equals(System.getProperty("user.name"))) {
            c.add("--allow-run-as-root");
        }
        c.addAll(List.of("--oversubscribe", "-np", Integer.toString(ranks)));
        if (board.equals("tcp")) {
            c.addAll(List.of("--mca", "btl", "tcp,self"));
        }
        c.add(executable.toString());
        c.add(test);
        c.addAll(args);
        return c;
    }
}

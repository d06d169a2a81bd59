package org.atollmpi.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.Stack;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * mpirun's command line. Picocli parses mpirun's own options and, set to stop at the first
 * positional argument, hands everything from the program on back untouched, which is exactly
 * mpirun's rule: options until the program, then the program's own arguments. {@code -jar} ends
 * the options as well (its consumer takes the rest of the line). What follows {@code java} in the
 * Open MPI Java form is the JVM's command line, which this class reads the way {@code java} does.
 */
@Command(name = "mpirun", mixinStandardHelpOptions = true, versionProvider = MpirunArgs.Version.class,
        sortOptions = false, usageHelpWidth = 100, separator = " ",
        customSynopsis = {
            "${COMMAND-NAME} [-np N] [options] <class | -jar file> [args]",
            "   or: ${COMMAND-NAME} [-np N] [options] java [jvm options] <class | -jar file> [args]",
        },
        description = {
            "Starts N ranks of a Java MPI program on this machine and waits for them. A rank that dies,",
            "aborts or has a fatal MPI error ends the whole job, as do SIGINT and SIGTERM to mpirun.",
            "The ranks' output comes through mpirun line by line: lines of different ranks never mix",
            "(a line longer than 64 KiB may be split).",
            "The atoll-mpi jar is always on the ranks' class path; without -cp, CLASSPATH or else the",
            "current directory is the program's class path. Benchmarks by name: osu_latency, osu_bw, and the",
            "collective osu_barrier, osu_bcast, osu_reduce, osu_allreduce, osu_gather[v], osu_scatter[v],",
            "osu_allgather[v], osu_alltoall[v], osu_reduce_scatter with their nonblocking osu_i* forms.",
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every rank ended successfully",
            "class:a fatal MPI error (MPI_ERRORS_ARE_FATAL) ended the job: its error class, e.g. 6 for "
                    + "MPI_ERR_RANK",
            "code:a rank called abort(code) (modulo 256, as every exit status)",
            "status:the first failing rank's exit status",
            "128+N:a rank was killed by signal N (137: SIGKILL)",
            "130, 143:mpirun got SIGINT or SIGTERM and ended the job",
            "1:also mpirun's own errors (usage, a rank that cannot start), and a rank that leaves out"
                    + " MPI_Init or MPI_Finalize while others use MPI",
        })
final class MpirunArgs {
    /** Options of {@code java} that take the next argument as their value. */
    private static final Set<String> JVM_OPTIONS_WITH_VALUE = Set.of("-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-exports", "--add-opens",
            "--add-reads", "--patch-module", "--enable-native-access", "--source");
    private static final Set<String> CLASS_PATH_OPTIONS = Set.of("-cp", "-classpath", "--class-path");

    @Option(names = {"-np", "-n", "--np", "--n", "-c"}, paramLabel = "N",
            description = "Number of ranks (default: one per core).")
    private int np = Runtime.getRuntime().availableProcessors();

    @Option(names = "--oversubscribe", description = "Allow more ranks than cores.")
    private boolean oversubscribe;

    @Option(names = "--bind-to", paramLabel = "core|none",
            description = "Bind rank r to core r (the default when every rank has a core) or leave ranks unbound.")
    private String bindTo = "core";

    @Option(names = "-x", paramLabel = "VAR[=value]",
            description = "Export VAR to the ranks, with this value or mpirun's own (repeatable).")
    private List<String> exports = new ArrayList<>();

    @Option(names = "--tag-output", description = "Prefix each line of output with [1,rank]<stdout>: or <stderr>:.")
    private boolean tagOutput;

    @Option(names = "--async-progress",
            description = "Start a progress thread in every rank: transfers move on while the program computes"
                    + " (costs some latency; see docs/BENCHMARKS.md).")
    private boolean asyncProgress;

    @Option(names = "--init-timeout", paramLabel = "seconds",
            description = "Once one rank is in MPI_Init, end the job if another has not got there within this"
                    + " many seconds (default: ${DEFAULT-VALUE}).")
    private int initTimeoutSeconds = 60;

    @Option(names = {"-cp", "--classpath", "-classpath", "--class-path"}, paramLabel = "path",
            description = "Class path of the program.")
    private String classPath;

    @Option(names = "-jar", paramLabel = "file", parameterConsumer = RestOfLine.class,
            description = "Run the Main-Class of this jar; the arguments after it are the program's.")
    private List<String> jarAndArgs;

    @Option(names = "--allow-run-as-root",
            description = "Accepted for Open MPI scripts; this mpirun does not refuse root.")
    private boolean allowRunAsRoot;

    @Option(names = {"-H", "--host", "-host", "--hostfile", "-hostfile", "--machinefile", "-machinefile"},
            paramLabel = "hosts", description = "Not supported yet: every rank runs on this machine.")
    private String hosts;

    @Parameters(paramLabel = "program", description = "The class, or java and its options, then the program's arguments.")
    private List<String> command = new ArrayList<>();

    /** Parses the command line; returns null when it only asked for help or the version, after printing it. */
    static JobSpec parse(String programName, String... args) {
        MpirunArgs parsed = new MpirunArgs();
        CommandLine line = commandLine(programName, parsed);
        line.parseArgs(args);
        if (line.isVersionHelpRequested()) {
            line.printVersionHelp(System.out);
            return null;
        }
        if (line.isUsageHelpRequested()) {
            line.usage(System.out);
            return null;
        }
        return parsed.toSpec();
    }

    static CommandLine commandLine(String programName, MpirunArgs target) {
        CommandLine line = new CommandLine(target);
        line.setCommandName(programName);
        line.setStopAtPositional(true);
        // '@file' is an ordinary program argument to mpirun, not a picocli argument file
        line.setExpandAtFiles(false);
        return line;
    }

    private JobSpec toSpec() {
        if (hosts != null) {
            throw new UsageError("--host/--hostfile: remote ranks are not supported yet;"
                    + " this mpirun starts every rank on this machine");
        }
        if (np < 1) {
            throw new UsageError("-np " + np + ": need at least one rank");
        }
        if (initTimeoutSeconds < 1) {
            throw new UsageError("--init-timeout " + initTimeoutSeconds + ": expected a number of seconds, 1 or more");
        }
        if (!bindTo.equals("core") && !bindTo.equals("none")) {
            throw new UsageError("--bind-to " + bindTo + ": expected core or none");
        }
        for (String export : exports) {
            if (export.isEmpty() || export.startsWith("=")) {
                throw new UsageError("-x '" + export + "': expected VAR or VAR=value");
            }
        }
        if (jarAndArgs != null) {
            return jarSpec(null, List.of(), classPath, jarAndArgs);
        }
        if (command.isEmpty()) {
            throw new UsageError("no program given: name a class, -jar file, or java [jvm options] class");
        }
        String first = command.get(0);
        List<String> rest = command.subList(1, command.size());
        if (first.equals("java") || first.endsWith("/java")) {
            if (classPath != null) {
                throw new UsageError("class path given to both mpirun and java: give it to one of them");
            }
            return javaForm(first.equals("java") ? null : first, rest);
        }
        if (first.contains("/") || first.endsWith(".jar") || first.endsWith(".class")) {
            throw new UsageError("'" + first + "' is not a class name: give -jar for a jar, or the class"
                    + " name with -cp for the directory it is in");
        }
        return spec(null, List.of(), classPath, first, null, rest);
    }

    /** The java form: reads the JVM options as {@code java} does, up to the class or {@code -jar}. */
    private JobSpec javaForm(String java, List<String> tokens) {
        List<String> jvmOptions = new ArrayList<>();
        String cp = null;
        int i = 0;
        for (; i < tokens.size() && tokens.get(i).startsWith("-"); i++) {
            String t = tokens.get(i);
            if (CLASS_PATH_OPTIONS.contains(t)) {
                cp = valueOf(tokens, ++i, t);
            } else if (t.startsWith("--class-path=")) {
                cp = t.substring("--class-path=".length());
            } else if (t.equals("-jar")) {
                return jarSpec(java, jvmOptions, cp, tokens.subList(i + 1, tokens.size()));
            } else if (t.equals("-m") || t.equals("--module") || t.startsWith("--module=")) {
                throw new UsageError("java " + t + ": modular main classes are not supported;"
                        + " put the program on the class path");
            } else if (JVM_OPTIONS_WITH_VALUE.contains(t)) {
                jvmOptions.add(t);
                jvmOptions.add(valueOf(tokens, ++i, t));
            } else {
                jvmOptions.add(t);
            }
        }
        if (i == tokens.size()) {
            throw new UsageError("no class or -jar after 'java [jvm options]'");
        }
        return spec(java, jvmOptions, cp, tokens.get(i), null, tokens.subList(i + 1, tokens.size()));
    }

    private JobSpec jarSpec(String java, List<String> jvmOptions, String cp, List<String> jarAndRest) {
        if (jarAndRest.isEmpty()) {
            throw new UsageError("-jar needs a file");
        }
        return spec(java, jvmOptions, cp, null, Path.of(jarAndRest.get(0)), jarAndRest.subList(1, jarAndRest.size()));
    }

    private JobSpec spec(String java, List<String> jvmOptions, String cp, String mainClass, Path jar, List<String> args) {
        return new JobSpec(np, oversubscribe, bindTo.equals("core"), tagOutput, exports, java, jvmOptions, cp, mainClass, jar,
                args, asyncProgress, Duration.ofSeconds(initTimeoutSeconds));
    }

    private static String valueOf(List<String> tokens, int i, String option) {
        if (i >= tokens.size()) {
            throw new UsageError("java " + option + " needs a value");
        }
        return tokens.get(i);
    }

    /** Takes the rest of the command line, so nothing after {@code -jar file} is read as mpirun's. */
    static final class RestOfLine implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            List<String> rest = new ArrayList<>();
            while (!args.isEmpty()) {
                rest.add(args.pop());
            }
            argSpec.setValue(rest);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Spec
        private CommandSpec spec;

        @Override
        public String[] getVersion() {
            return new String[] {spec.name() + " (atoll-mpi) " + version(), "Java " + Runtime.version()};
        }

        static String version() {
            Properties p = new Properties();
            try (InputStream in = MpirunArgs.class.getResourceAsStream("launcher.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                // the version is informative only
            }
            return p.getProperty("version", "unknown");
        }
    }

    /** The command line asks for something mpirun cannot do; the message says what. */
    static final class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }
}

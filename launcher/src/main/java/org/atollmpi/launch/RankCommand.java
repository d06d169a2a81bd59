package org.atollmpi.launch;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.atollmpi.runtime.MpjExpressMain;
import org.atollmpi.runtime.RankRuntime;

/**
 * The command line and exported environment that start one rank (its JVM, or the executable the
 * user named); the same for every rank.
 */
final class RankCommand {
    /** The collectives of the OSU benchmarks: {@code osu_<name>} blocking, {@code osu_i<name>} nonblocking. */
    static final List<String> OSU_COLLECTIVES = List.of("barrier", "bcast", "reduce", "allreduce", "gather",
            "gatherv", "scatter", "scatterv", "allgather", "allgatherv", "alltoall", "alltoallv", "reduce_scatter");
    /**
     * Short names of the benchmarks, as {@code bin/mpirun -np 2 osu_latency}, and what each runs:
     * the main class, then arguments before the user's (the collectives share one main class,
     * which takes the benchmark's name first).
     */
    static final Map<String, List<String>> BENCHMARKS = benchmarks();
    static final String BENCHMARKS_JAR = "atoll-mpi-benchmarks.jar";

    private RankCommand() {
    }

    private static Map<String, List<String>> benchmarks() {
        Map<String, List<String>> names = new LinkedHashMap<>();
        names.put("osu_latency", List.of("org.atollmpi.bench.osu.OsuLatency"));
        names.put("osu_multi_lat", List.of("org.atollmpi.bench.osu.OsuMultiLat"));
        names.put("osu_bw", List.of("org.atollmpi.bench.osu.OsuBw"));
        names.put("osu_bibw", List.of("org.atollmpi.bench.osu.OsuBibw"));
        names.put("osu_mbw_mr", List.of("org.atollmpi.bench.osu.OsuMbwMr"));
        names.put("osu_latency_mt", List.of("org.atollmpi.bench.osu.OsuLatencyMt"));
        names.put("osu_put_latency", List.of("org.atollmpi.bench.osu.OsuPutLatency"));
        names.put("osu_get_latency", List.of("org.atollmpi.bench.osu.OsuGetLatency"));
        names.put("osu_put_bw", List.of("org.atollmpi.bench.osu.OsuPutBw"));
        names.put("osu_get_bw", List.of("org.atollmpi.bench.osu.OsuGetBw"));
        names.put("osu_put_bibw", List.of("org.atollmpi.bench.osu.OsuPutBibw"));
        names.put("osu_acc_latency", List.of("org.atollmpi.bench.osu.OsuAccLatency"));
        names.put("osu_fop_latency", List.of("org.atollmpi.bench.osu.OsuFopLatency"));
        names.put("osu_cas_latency", List.of("org.atollmpi.bench.osu.OsuCasLatency"));
        names.put("osu_get_acc_latency", List.of("org.atollmpi.bench.osu.OsuGetAccLatency"));
        for (String prefix : List.of("osu_", "osu_i")) {
            for (String collective : OSU_COLLECTIVES) {
                names.put(prefix + collective, List.of("org.atollmpi.bench.osu.OsuCollectives", prefix + collective));
            }
        }
        return Collections.unmodifiableMap(names);
    }

    /**
     * Where the atoll-mpi classes that mpirun adds to every rank are.
     *
     * @param classPath     the self-contained jar, or (a development run from class directories)
     *                      mpirun's own class path
     * @param benchmarksJar the benchmarks jar beside the self-contained one, or null if there is none
     * @param rankArchive   the ranks' class-data sharing archive beside the self-contained jar, or
     *                      null if there is none ({@link ClassDataArchives})
     * @param nativeLibraries the JNI libraries of the self-contained jar, unpacked beside it by the
     *                      build ({@link RankRuntime#NATIVE_LIBRARIES}), or null if there are none
     */
    record Installation(String classPath, Path benchmarksJar, Path rankArchive, Path nativeLibraries) {
        Installation(String classPath, Path benchmarksJar) {
            this(classPath, benchmarksJar, null, null);
        }

        Installation(String classPath, Path benchmarksJar, Path rankArchive) {
            this(classPath, benchmarksJar, rankArchive, null);
        }

        static Installation current() {
            Path self = codeSource(RankCommand.class);
            if (self != null && Files.isRegularFile(self)) {
                Path archive = self.resolveSibling(ClassDataArchives.RANK_ARCHIVE);
                Path natives = self.resolveSibling(RankRuntime.NATIVE_LIBRARIES);
                return new Installation(self.toString(), self.resolveSibling(BENCHMARKS_JAR),
                        Files.isRegularFile(archive) ? archive : null, Files.isDirectory(natives) ? natives : null);
            }
            return new Installation(System.getProperty("java.class.path"), null, null, null);
        }

        private static Path codeSource(Class<?> c) {
            try {
                return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            } catch (URISyntaxException | RuntimeException e) {
                return null;
            }
        }
    }

    /**
     * The rank's command line: the JVM's, or the executable's with the program's arguments.
     *
     * @param classPathEnv the {@code CLASSPATH} mpirun was started with, or null
     */
    static List<String> command(JobSpec spec, Installation installation, String classPathEnv) {
        List<String> cmd = new ArrayList<>();
        if (spec.executable() != null) {
            cmd.add(spec.executable());
            cmd.addAll(spec.args());
            return cmd;
        }
        String java = spec.java() != null ? spec.java() : ownJava();
        cmd.add(java);
        int feature = featureVersion(spec.java());
        // The runtime uses sun.misc.Unsafe and a JNI library; newer JDKs warn about (and will
        // refuse) both unless allowed. Before the user's options, so theirs win. Not before 22:
        // there JNI needs no permission, and on 17 the option (then the incubating foreign API's)
        // costs every rank 8 ms of CPU to start, since any jdk.module option makes the JVM
        // resolve the module graph instead of mapping the one archived in the JDK's CDS archive.
        if (feature >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        if (feature >= 24) {
            cmd.add("--sun-misc-unsafe-memory-access=allow");
        }
        if (spec.java() == null) {
            cmd.addAll(ClassDataArchives.rankOptions(installation.rankArchive(), spec.jvmOptions()));
        }
        cmd.addAll(RankCompilerHints.options());
        if (spec.modular()) {
            return modularCommand(cmd, spec, installation, feature);
        }
        cmd.addAll(spec.jvmOptions());

        String mainClass = spec.mainClass();
        List<String> leadingArgs = List.of();
        List<String> benchmark = mainClass == null ? null : BENCHMARKS.get(mainClass);
        if (benchmark != null) {
            mainClass = benchmark.get(0);
            leadingArgs = benchmark.subList(1, benchmark.size());
        }
        if (spec.jar() != null) {
            // 'java -jar' would drop our jar from the class path: run the jar's Main-Class instead;
            // the jar's own Class-Path entries are still followed.
            mainClass = mainClassOf(spec.jar());
        }
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath(spec, installation, classPathEnv)));
        if (spec.mpjArgs()) {
            cmd.add(MpjExpressMain.class.getName()); // puts MPJ Express's three arguments first
        }
        cmd.add(mainClass);
        cmd.addAll(leadingArgs);
        cmd.addAll(spec.args());
        return cmd;
    }

    /**
     * The rest of a modular program's command line ({@code java -p PATH -m module[/class]}): our jar
     * leads the module path, as it leads the class path otherwise, an automatic module named
     * {@value #MODULE_NAME} that the program {@code requires}. The runtime uses JDK modules that a
     * named main module does not bring in by itself ({@code jdk.unsupported}'s {@code sun.misc.Unsafe},
     * {@code jdk.net}'s socket options): {@code ALL-DEFAULT} resolves what a class-path program
     * gets. It loads a JNI library from our module (allowed from 22 on, where it would warn).
     */
    private static List<String> modularCommand(List<String> cmd, JobSpec spec, Installation installation, int feature) {
        List<String> options = spec.jvmOptions();
        for (int i = 0; i < options.size(); i++) {
            String o = options.get(i);
            if ((o.equals("-p") || o.equals("--module-path")) && i + 1 < options.size()) {
                String user = withoutEntry(options.get(++i), installation.classPath());
                cmd.add("--module-path");
                cmd.add(user.isEmpty() ? installation.classPath() : installation.classPath() + File.pathSeparator + user);
            } else {
                cmd.add(o);
            }
        }
        cmd.add("--add-modules");
        cmd.add("ALL-DEFAULT");
        if (feature >= 22) {
            cmd.add("--enable-native-access=" + MODULE_NAME);
        }
        if (spec.classPath() != null) {
            cmd.add("-cp");
            cmd.add(spec.classPath());
        }
        cmd.add("--module");
        cmd.add(spec.mainClass());
        cmd.addAll(spec.args());
        return cmd;
    }

    /** The automatic module name of the self-contained jar (its manifest; the mpi-api jar's too). */
    static final String MODULE_NAME = "org.atollmpi.mpi";

    /**
     * The ranks' class path, entry by entry as given: our jar first (a user who still lists Open
     * MPI's old mpi.jar must get our package mpi), the benchmarks jar for a benchmark, then the
     * program's jar, or the user's class path, or else {@code CLASSPATH}, or else the current directory.
     */
    static List<String> classPath(JobSpec spec, Installation installation, String classPathEnv) {
        List<String> classPath = new ArrayList<>();
        classPath.add(installation.classPath());
        if (spec.mainClass() != null && BENCHMARKS.containsKey(spec.mainClass())) {
            classPath.add(benchmarksJar(spec.mainClass(), installation));
        }
        if (spec.jar() != null) {
            classPath.add(spec.jar().toString());
        } else if (spec.classPath() != null) {
            String user = withoutEntry(spec.classPath(), installation.classPath());
            if (!user.isEmpty()) {
                classPath.add(user);
            }
        } else {
            classPath.add(classPathEnv == null || classPathEnv.isEmpty() ? "." : classPathEnv);
        }
        return classPath;
    }

    /**
     * {@code classPath} without the entries that name {@code ours} (the self-contained jar, already
     * first): a program that lists our jar itself gets the same class path as one that does not,
     * which is what lets the ranks' class-data archive, recorded with our jar alone, serve it.
     */
    static String withoutEntry(String classPath, String ours) {
        Path self = normalized(ours);
        List<String> kept = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator, -1)) {
            if (self == null || !self.equals(normalized(entry))) {
                kept.add(entry);
            }
        }
        return String.join(File.pathSeparator, kept);
    }

    private static Path normalized(String entry) {
        if (entry.isEmpty()) {
            return null;
        }
        try {
            return Path.of(entry).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * What a Java rank on mpirun's own host adds to its environment: the unpacked JNI libraries
     * first on {@code LD_LIBRARY_PATH}, which the JVM puts first on {@code java.library.path}.
     * There Netty finds its epoll library at once; from the jar it copies it to a temporary file
     * named by a {@code SecureRandom}, which loads the JDK's security providers: 18 ms of CPU in
     * every TCP rank's start on the 2-core VM (docs/SCALING.md). Not for a rank on another host,
     * whose own {@code LD_LIBRARY_PATH} mpirun does not know; Netty unpacks the library there.
     *
     * @param env      mpirun's environment, which local ranks inherit
     * @param exported the variables {@code -x} sets, which win over {@code env}
     */
    static Map<String, String> localEnvironment(JobSpec spec, Installation installation, Map<String, String> env,
            Map<String, String> exported) {
        if (spec.executable() != null || installation.nativeLibraries() == null) {
            return Map.of();
        }
        String inherited = exported.containsKey(LIBRARY_PATH) ? exported.get(LIBRARY_PATH) : env.get(LIBRARY_PATH);
        String ours = installation.nativeLibraries().toString();
        return Map.of(LIBRARY_PATH, inherited == null || inherited.isEmpty() ? ours : ours + File.pathSeparator + inherited);
    }

    private static final String LIBRARY_PATH = "LD_LIBRARY_PATH";

    /**
     * JIT thresholds for a Java rank on a node with more ranks than cores. Each JVM compiles the
     * code that gets warm in its first second (the JDK's start, the jar, our wire-up, Netty's), on
     * compiler threads that compete with the ranks for the few cores: a quarter of a TCP rank's
     * CPU to the first barrier of 64 ranks on the 2-core VM. Three times the thresholds (ten when
     * the node has at least eight ranks a core) leave that code interpreted while it runs only a
     * few hundred times, and still compile what a program runs hot: the shm board's first barrier
     * at 64 ranks took 7-17% less time with three, 15-23% less with ten (docs/SCALING.md). Before
     * the user's options, so theirs win; nothing for a node with a core a rank, where the ranks
     * spin and want their code compiled early: it gets {@link RankCompilerHints#trainingOptions}
     * instead, since its ranks run MPI_Init's training pass, which those lower thresholds keep short.
     *
     * @param java      whether the rank is a JVM (options go right after {@code command}'s first word)
     * @param ranks     the ranks on the node
     * @param cores     the node's cores
     */
    static List<String> withNodeOptions(List<String> command, boolean java, int ranks, int cores) {
        if (!java) {
            return command;
        }
        List<String> cmd = new ArrayList<>(command.size() + RankCompilerHints.LIBRARY.size() + 1);
        cmd.add(command.get(0));
        if (ranks > cores) {
            cmd.add("-XX:CompileThresholdScaling=" + (ranks >= 8 * cores ? 10 : 3));
        }
        if (ranks <= cores) {
            cmd.addAll(RankCompilerHints.trainingOptions());
        }
        cmd.addAll(command.subList(1, command.size()));
        return cmd;
    }

    /**
     * The variables {@code -x} sets: {@code VAR=value} as given, {@code VAR} with mpirun's own
     * value. A bare {@code VAR} that mpirun does not have is reported through {@code warn}.
     */
    static Map<String, String> exports(List<String> exports, Map<String, String> env, Consumer<String> warn) {
        Map<String, String> vars = new LinkedHashMap<>();
        for (String export : exports) {
            int eq = export.indexOf('=');
            if (eq > 0) {
                vars.put(export.substring(0, eq), export.substring(eq + 1));
            } else if (env.containsKey(export)) {
                vars.put(export, env.get(export));
            } else {
                warn.accept("-x " + export + ": not set in mpirun's environment; not exported");
            }
        }
        return vars;
    }

    static String ownJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Feature version of the named java (from its home's release file), or of mpirun's own. */
    static int featureVersion(String java) {
        int own = Runtime.version().feature();
        if (java == null) {
            return own;
        }
        try {
            Path release = Path.of(java).toRealPath().getParent().getParent().resolve("release");
            for (String line : Files.readAllLines(release)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    String[] parts = v.split("[.+-]");
                    int major = Integer.parseInt(parts[0]);
                    return major == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : major;
                }
            }
        } catch (IOException | RuntimeException e) {
            // a java we cannot inspect: assume it is like ours
        }
        return own;
    }

    private static String benchmarksJar(String name, Installation installation) {
        Path jar = installation.benchmarksJar();
        if (jar == null || !Files.isRegularFile(jar)) {
            throw new UsageError(name + " needs " + (jar == null ? "lib/" + BENCHMARKS_JAR : jar)
                    + ": build it with 'mvn package' and run bin/mpirun");
        }
        return jar.toString();
    }

    private static String mainClassOf(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
            if (main == null || main.isBlank()) {
                throw new UsageError(jar + " has no Main-Class in its manifest: give -cp " + jar + " and the class");
            }
            return main.trim();
        } catch (IOException e) {
            throw new UsageError("cannot read " + jar + ": " + e.getMessage());
        }
    }
}

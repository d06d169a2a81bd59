package org.atollmpi.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import org.atollmpi.launch.OptionParser.Option;
import org.atollmpi.runtime.boot.JobFiles;

/**
 * mpirun's command line. {@link OptionParser} reads mpirun's own options up to the first word
 * that is none and hands everything from the program on back untouched, which is exactly mpirun's
 * rule: options until the program, then the program's own arguments. {@code -jar} ends the
 * options as well (it takes the rest of the line). What follows {@code java} in the
 * Open MPI Java form is the JVM's command line, which this class reads the way {@code java} does.
 *
 * <p>Open MPI's options that scripts pass are accepted: those that mean something here are honoured
 * ({@code -H/--hostfile}, {@code --map-by slot|node|ppr:n:node}, {@code -N}, {@code --rsh} and
 * {@code --mca plm_rsh_agent}, {@code --mca oob_tcp_if_include}, {@code --mca btl_tcp_if_include},
 * {@code --wdir}, {@code --report-bindings}, {@code --display-map}, {@code --timeout},
 * {@code --bind-to core|hwthread|none}), the others are ignored with one warning each (other
 * {@code --mca} parameters, {@code --prefix}, {@code --bind-to socket}...). Within a node every
 * {@code --map-by} / {@code --rank-by} policy places the node's ranks alike: local rank r on core r.
 *
 * <p>The program word decides what runs: a benchmark name runs that benchmark; {@code java} (or a
 * path ending in {@code /java}) starts the Java form; a word with a {@code /} is an executable file;
 * any other word is a Java class, unless it is no class on the class path but a command on
 * {@code PATH} ({@code mpirun -np 2 hostname}), which {@link ProgramLookup} decides before the ranks
 * start. An executable runs as it is, with the same environment as a Java rank.
 */
final class MpirunArgs implements OptionParser.Target {
    static final String[] SYNOPSIS = {
        "%s [-np N] [options] <class | -jar file | executable> [args]",
        "   or: %s [-np N] [options] java [jvm options] <class | -jar file> [args]",
    };
    static final String DESCRIPTION = "Starts N ranks of an MPI program on this machine, or on the hosts of -H/--hostfile"
            + " (remote ones through ssh or --rsh), and waits for them. A rank that"
            + " dies, aborts or has a fatal MPI error ends the whole job, as do SIGINT and SIGTERM to mpirun.\n"
            + "The program is a Java class, unless it is a benchmark name, a path to an executable (it has a '/'),"
            + " or a command on PATH that is no class on the class path: executables run as they are"
            + " (mpirun -np 2 hostname), with OMPI_COMM_WORLD_RANK/SIZE set. A class that is not on the class"
            + " path is reported before any rank starts.\n"
            + "The ranks' output comes through mpirun line by line: lines of different ranks never mix"
            + " (a line longer than 64 KiB may be split).\n"
            + "The atoll-mpi jar is always on the ranks' class path; without -cp, CLASSPATH or else the current"
            + " directory is the program's class path. Benchmarks by name: osu_latency, osu_bw, osu_bibw, osu_mbw_mr,"
            + " osu_latency_mt, the one-sided osu_put_latency, osu_get_latency, osu_put_bw, osu_get_bw, osu_put_bibw,"
            + " osu_acc_latency, osu_get_acc_latency, osu_fop_latency, osu_cas_latency, and the collective"
            + " osu_barrier, osu_bcast, osu_reduce, osu_allreduce, osu_gather[v], osu_scatter[v], osu_allgather[v],"
            + " osu_alltoall[v], osu_reduce_scatter with their nonblocking osu_i* forms.\n"
            + "Open MPI's options are accepted: those that mean something here are honoured, the others print one"
            + " warning each (-q silences them). Within a node, every --map-by and --rank-by places local rank r"
            + " on core r.\n"
            + "Remote ranks: the host name is appended to the --rsh words, then the rank's command (env -C <dir>"
            + " VAR=value... <java or executable> ...), as one quoted shell line for ssh/rsh and as separate words for"
            + " any other agent (ip netns exec, docker exec...); java and the jars are looked for at the same paths"
            + " as here. The job secret goes through the agent's standard input, never a command line.";
    /** mpirun's exit statuses, for the usage text: status, then what it means. */
    static final String[][] EXIT_STATUSES = {
        {"0", "every rank ended successfully"},
        {"class", "a fatal MPI error (MPI_ERRORS_ARE_FATAL) ended the job: its error class, e.g. 6 for MPI_ERR_RANK"},
        {"code", "a rank called abort(code) (modulo 256, as every exit status; 1 where that is 0)"},
        {"status", "the first failing rank's exit status"},
        {"128+N", "a rank was killed by signal N (137: SIGKILL)"},
        {"124", "the job ran longer than --timeout"},
        {"130, 143", "mpirun got SIGINT or SIGTERM and ended the job"},
        {"1", "also mpirun's own errors (usage, a rank that cannot start, a class not on the class path), and a"
                + " rank that leaves out MPI_Init or MPI_Finalize while others use MPI"},
    };
    private static final int USAGE_WIDTH = 100;

    static final List<Option> OPTIONS = List.of(
        new Option(List.of("-np", "-n", "--np", "--n", "-c"), 1, "N",
                "Number of ranks (default: the slots of -H/--hostfile, else one per core)."),
        new Option(List.of("-N", "--npernode", "-npernode"), 1, "n",
                "Ranks per node: n ranks on every node of -H/--hostfile (this one node without them)."),
        new Option(List.of("--oversubscribe"), 0, "", "Allow more ranks than slots (cores, or the slots of -H/--hostfile)."),
        new Option(List.of("-H", "--host", "-host"), 1, "host[:n],...",
                "Hosts with their slots (one per mention, or n). Names of this machine (localhost, its name or an"
                        + " address of it) run their ranks directly, other hosts through --rsh (ssh)."),
        new Option(List.of("--hostfile", "-hostfile", "--machinefile", "-machinefile"), 1, "file",
                "Hosts from a file of 'host [slots=n] [max_slots=m]' lines (# comments; no slots="
                        + " means one per core; max_slots caps -np even with --oversubscribe); the same rule as -H."
                        + " With -H too, the file gives the slots."),
        new Option(List.of("--map-by", "-map-by"), 1, "policy",
                "slot (default: fill each host's slots in turn) or node (one rank per host in turn); core, socket..."
                        + " map as slot. ppr:n:node runs n ranks per node; :OVERSUBSCRIBE is honoured; :PE=n and other"
                        + " ppr counts are ignored."),
        new Option(List.of("--rsh", "-rsh"), 1, "command",
                "How remote ranks start: these words, the host name, then the rank's command (default:"
                        + " ssh -x -o BatchMode=yes; e.g. --rsh \"ip netns exec\" runs network namespaces as hosts)."
                        + " The same as --mca plm_rsh_agent."),
        new Option(List.of("--rank-by", "-rank-by"), 1, "policy", "Accepted: every ranking numbers the ranks in core order here."),
        new Option(List.of("--bind-to", "-bind-to"), 1, "core|hwthread|none",
                "Bind rank r to core r (core and hwthread, the default when every rank has a core) or"
                        + " leave ranks unbound (none). socket, numa, l3cache... leave them unbound, with a warning."),
        new Option(List.of("--report-bindings", "-report-bindings"), 0, "", "Print each rank's binding as it starts (stderr)."),
        new Option(List.of("--report-nic"), 0, "",
                "At the end of the job, print every rank's NIC counters (fast sends, eager records, rendezvous, puts,"
                        + " gets, atomics, bytes, stalls, refusals, idling) as a table. bin/atoll-stat shows them live."),
        new Option(List.of("--nic-model"), 1, "atoll|ultra",
                "Add the modelled costs of the ATOLL or ULTRA hardware to every operation, so that the job takes"
                        + " what it would on that network (docs/NIC-MODEL.md)."),
        new Option(List.of("--display-map", "-display-map"), 0, "", "Print the map of ranks to this host before they start."),
        new Option(List.of("-x"), 1, "VAR[=value]", "Export VAR to the ranks, with this value or mpirun's own (repeatable)."),
        new Option(List.of("--wdir", "-wdir", "--wd", "-wd"), 1, "dir",
                "The ranks' working directory (relative paths of the command line are read from it)."),
        new Option(List.of("--tag-output", "-tag-output"), 0, "",
                "Prefix each line of output with [1,rank]<stdout>: or <stderr>:."),
        new Option(List.of("--async-progress"), 0, "",
                "Start a progress thread in every rank: transfers move on while the program computes"
                        + " (costs some latency; see docs/BENCHMARKS.md)."),
        new Option(List.of("--mpj-args"), 0, "",
                "Give main MPJ Express's three arguments first (rank, configuration file, device), for programs that"
                + " read their own from args[3] on; MPI.Init returns the arguments without them."),
        new Option(List.of("--board"), 1, "shm|tcp|auto",
                "The board the ranks talk through: shm (shared memory, one node), tcp (the TCP board: every"
                        + " message crosses a loopback or network connection) or auto (the default: shm on one"
                        + " node; across nodes, a node's ranks through shm and the others through tcp)."
                        + " The same as ATOLL_BOARD in the environment."),
        new Option(List.of("--init-timeout"), 1, "seconds",
                "Once one rank is in MPI_Init, end the job if another has not got there within this"
                        + " many seconds (default: 60)."),
        new Option(List.of("--timeout", "-timeout"), 1, "seconds",
                "End the job if it runs longer than this: first every rank in MPI prints, tagged with"
                        + " its rank, what it waits for (posted receives with source, tag and communicator;"
                        + " unexpected messages; sends waiting for a match or for room; the collective it is"
                        + " in; its window epochs and the lock or fence it is blocked in); a rank that does"
                        + " not answer within 2 s is named as frozen (stopped, or its JVM stalled). Then the"
                        + " job is killed and mpirun exits with status 124."),
        new Option(List.of("--trace"), 1, "file",
                "Record every message and collective of every rank (from MPI_Init's end to MPI_Finalize:"
                        + " posted, injected, delivered and completed times, peer, tag, bytes, protocol) and"
                        + " write them to this file as a Chrome trace-event timeline, one track a rank, arrows"
                        + " from each send to its receive: open it in https://ui.perfetto.dev, or draw it with"
                        + " bin/atoll-trace render. Each rank writes file.rank<N> at MPI_Finalize, which mpirun"
                        + " merges when the job ends. A rank keeps at most ATOLL_TRACE_EVENTS events (default"
                        + " 1000000, 48 bytes each), then counts what it drops."),
        new Option(List.of("-cp", "--classpath", "-classpath", "--class-path"), 1, "path", "Class path of the program."),
        new Option(List.of("-jar"), OptionParser.REST, "file",
                "Run the Main-Class of this jar; the arguments after it are the program's."),
        new Option(List.of("--mca", "-mca"), 2, "key value",
                "plm_rsh_agent (as --rsh), oob_tcp_if_include (interfaces or CIDR blocks where the job server"
                        + " listens for remote ranks), btl_tcp_if_include (the interface, CIDR block or address the ranks'"
                        + " TCP board uses) are honoured; other parameters are ignored with a warning."),
        new Option(List.of("--prefix", "-prefix"), 1, "dir",
                "Ignored, with a warning: the ranks run from this mpirun's installation."),
        new Option(List.of("--allow-run-as-root"), 0, "", "Accepted for Open MPI scripts; this mpirun does not refuse root."),
        new Option(List.of("-q", "--quiet"), 0, "", "Print no warnings about ignored options."),
        new Option(List.of("-v", "--verbose"), 0, "", "Print the command every rank runs."),
        new Option(List.of("-h", "--help"), 0, "", "Show this help message and exit."),
        new Option(List.of("-V", "--version"), 0, "", "Print version information and exit."));

    /** Options of {@code java} that take the next argument as their value. */
    private static final Set<String> JVM_OPTIONS_WITH_VALUE = Set.of("-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-exports", "--add-opens",
            "--add-reads", "--patch-module", "--enable-native-access", "--source");
    /** The values of {@code --board} (and of {@code ATOLL_BOARD}, which the ranks check themselves). */
    private static final Set<String> BOARDS = Set.of("shm", "tcp", "auto");
    private static final Set<String> CLASS_PATH_OPTIONS = Set.of("-cp", "-classpath", "--class-path");
    /** Open MPI's mapping and ranking resources: on one machine they all place rank r on core r. */
    private static final Set<String> MAP_BY = Set.of("slot", "hwthread", "core", "l1cache", "l2cache", "l3cache",
            "socket", "package", "numa", "board", "node", "seq", "dist", "ppr", "rankfile", "pe-list");
    /** Open MPI's binding targets wider than a core: ranks bound to them are left unbound here. */
    private static final Set<String> BIND_WIDER = Set.of("l1cache", "l2cache", "l3cache", "socket", "package", "numa",
            "board", "cpu-list");


    private Integer np;
    private Integer perNode;
    private boolean oversubscribe;
    private final List<String> hostOptions = new ArrayList<>();
    private Path hostfile;
    private String mapBy;
    private boolean byNode;
    private String rsh;
    private String serverInterfaces;
    private String boardInterfaces;
    private String bindTo = "core";
    private boolean reportBindings;
    private boolean reportNic;
    private String nicModel;
    private boolean displayMap;
    private final List<String> exports = new ArrayList<>();
    private Path workDir;
    private boolean tagOutput;
    private boolean asyncProgress;
    private boolean mpjArgs;
    private String board;
    private int initTimeoutSeconds = 60;
    private Integer timeoutSeconds;
    private Path trace;
    private String classPath;
    private List<String> jarAndArgs;
    private final List<String> mca = new ArrayList<>();
    private String prefix;
    private boolean quiet;
    private boolean verbose;
    private boolean help;
    private boolean version;
    /** The program word and everything after it. */
    private List<String> command = List.of();

    /** Ignored options, each said once, in the order given. */
    private final Set<String> warnings = new LinkedHashSet<>();

    /** Parses the command line; returns null when it only asked for help or the version, after printing it. */
    static JobSpec parse(String programName, String... args) {
        MpirunArgs parsed = new MpirunArgs();
        int program = new OptionParser(OPTIONS).parse(args, parsed);
        if (parsed.version) {
            System.out.println(programName + " (atoll-mpi) " + version());
            System.out.println("Java " + Runtime.version());
            return null;
        }
        if (parsed.help) {
            System.out.print(usage(programName));
            return null;
        }
        if (parsed.jarAndArgs == null) {
            parsed.command = List.of(args).subList(program, args.length);
        }
        return parsed.toSpec();
    }

    @Override
    public void apply(String name, String given, List<String> values) {
        String value = values.isEmpty() ? null : values.get(0);
        switch (name) {
            case "-np" -> np = OptionParser.intValue(given, value);
            case "-N" -> perNode = OptionParser.intValue(given, value);
            case "--oversubscribe" -> oversubscribe = true;
            case "-H" -> hostOptions.add(value);
            case "--hostfile" -> hostfile = Path.of(value);
            case "--map-by" -> mapBy = value;
            case "--rsh" -> rsh = value;
            case "--rank-by" -> { } // every ranking numbers the ranks in core order here
            case "--bind-to" -> bindTo = value;
            case "--report-bindings" -> reportBindings = true;
            case "--report-nic" -> reportNic = true;
            case "--nic-model" -> nicModel = value.toLowerCase(java.util.Locale.ROOT);
            case "--display-map" -> displayMap = true;
            case "-x" -> exports.add(value);
            case "--wdir" -> workDir = Path.of(value);
            case "--tag-output" -> tagOutput = true;
            case "--async-progress" -> asyncProgress = true;
            case "--mpj-args" -> mpjArgs = true;
            case "--board" -> board = value;
            case "--init-timeout" -> initTimeoutSeconds = OptionParser.intValue(given, value);
            case "--timeout" -> timeoutSeconds = OptionParser.intValue(given, value);
            case "--trace" -> trace = Path.of(value);
            case "-cp" -> classPath = value;
            case "-jar" -> jarAndArgs = values;
            case "--mca" -> mca.addAll(values);
            case "--prefix" -> prefix = value;
            case "--allow-run-as-root" -> { } // accepted: this mpirun does not refuse root
            case "-q" -> quiet = true;
            case "-v" -> verbose = true;
            case "-h" -> help = true;
            case "-V" -> version = true;
            default -> throw new IllegalStateException("option " + name + " has no meaning assigned");
        }
    }

    /** What {@code --help} prints. */
    static String usage(String programName) {
        StringBuilder out = new StringBuilder("Usage: ");
        for (String line : SYNOPSIS) {
            out.append(line.replace("%s", programName)).append('\n');
        }
        for (String paragraph : DESCRIPTION.split("\n")) {
            OptionParser.wrap(out, paragraph, 0, USAGE_WIDTH);
        }
        out.append("\nOptions:\n").append(new OptionParser(OPTIONS).describe(USAGE_WIDTH));
        out.append("\nExit status:\n");
        for (String[] status : EXIT_STATUSES) {
            String head = "  " + status[0];
            out.append(head).append(" ".repeat(Math.max(1, 13 - head.length())));
            OptionParser.wrap(out, status[1], 13, USAGE_WIDTH);
        }
        return out.toString();
    }

    private JobSpec toSpec() {
        if (initTimeoutSeconds < 1) {
            throw new UsageError("--init-timeout " + initTimeoutSeconds + ": expected a number of seconds, 1 or more");
        }
        if (board != null && !BOARDS.contains(board)) {
            throw new UsageError("--board " + board + ": expected shm, tcp or auto");
        }
        if (timeoutSeconds != null && timeoutSeconds < 1) {
            throw new UsageError("--timeout " + timeoutSeconds + ": expected a number of seconds, 1 or more");
        }
        for (String export : exports) {
            if (export.isEmpty() || export.startsWith("=")) {
                throw new UsageError("-x '" + export + "': expected VAR or VAR=value");
            }
        }
        if (workDir != null) {
            workDir = workDir.toAbsolutePath().normalize();
            if (!Files.isDirectory(workDir)) {
                throw new UsageError("--wdir " + workDir + ": no such directory");
            }
        }
        if (trace != null) {
            // the ranks write beside it, wherever their working directory is
            trace = trace.toAbsolutePath().normalize();
            if (trace.getParent() != null && !Files.isDirectory(trace.getParent())) {
                throw new UsageError("--trace " + trace + ": no such directory " + trace.getParent());
            }
        }
        boolean bindToCore = bindsToCore();
        checkMapBy();
        ignored();
        List<String> rshWords = rshWords();
        HostList hosts = hosts();
        List<HostList.Node> nodes = hosts == null ? null : hosts.nodes(LocalHost::isLocal);
        int ranks = ranks(nodes);
        if (ranks < 1) {
            throw new UsageError("-np " + ranks + ": need at least one rank");
        }
        Placement placement = nodes == null ? Placement.local(JobFiles.localHostName(), ranks)
                : Placement.place(nodes, ranks, perNode == null ? 0 : perNode, byNode);
        if (nicModel != null && !nicModel.equals("atoll") && !nicModel.equals("ultra")) {
            throw new UsageError("--nic-model " + nicModel + ": expected atoll or ultra");
        }
        if (nicModel != null && placement.nodes().size() > 1) {
            throw new UsageError("--nic-model " + nicModel + ": the model times a job on one machine (its clock), and"
                    + " this job spans " + placement.nodes().size() + " hosts; run it on one (-x ATOLL_TEST_NODES=N"
                    + " pretends nodes there)");
        }
        if ("shm".equals(board) && placement.nodes().size() > 1) {
            throw new UsageError("--board shm: shared memory joins the ranks of one machine only, and this job spans "
                    + placement.nodes().size() + " hosts; use --board tcp or auto");
        }
        Program program = program();
        return new JobSpec(ranks, oversubscribe, bindToCore, tagOutput, exports, program.java, program.jvmOptions,
                program.classPath, program.mainClass, program.jar, program.args, asyncProgress, board,
                Duration.ofSeconds(initTimeoutSeconds), program.javaForm, program.executable, hosts, placement, rshWords,
                serverInterfaces, boardInterfaces, workDir,
                timeoutSeconds == null ? null : Duration.ofSeconds(timeoutSeconds), reportBindings, displayMap, verbose,
                quiet ? List.of() : List.copyOf(warnings), mpjArgs, program.modular, reportNic, nicModel, trace);
    }

    /** -np, else -N times the nodes, else the hosts' slots, else one rank per core. */
    private int ranks(List<HostList.Node> nodes) {
        int nodeCount = nodes == null ? 1 : nodes.size();
        if (np != null && perNode != null && np != perNode * nodeCount) {
            throw new UsageError("-np " + np + " and -N " + perNode + " disagree: -N n runs n ranks on each of the "
                    + nodeCount + " node" + (nodeCount == 1 ? "" : "s"));
        }
        if (np != null) {
            return np;
        }
        if (perNode != null) {
            return perNode * nodeCount;
        }
        if (nodes == null) {
            return Runtime.getRuntime().availableProcessors();
        }
        return nodes.stream().mapToInt(HostList.Node::slots).sum();
    }

    /** The remote shell: --rsh, else --mca plm_rsh_agent, else ssh. */
    private List<String> rshWords() {
        String agent = rsh;
        for (int i = 0; i + 1 < mca.size(); i += 2) {
            if (mca.get(i).equals("plm_rsh_agent") && agent == null) {
                // Open MPI's value may list fallbacks, "ssh : rsh": the first is used
                agent = mca.get(i + 1).split(":")[0];
            }
        }
        if (agent == null) {
            return RemoteCommand.DEFAULT_RSH;
        }
        List<String> words = List.of(agent.strip().split("\\s+"));
        if (words.get(0).isEmpty()) {
            throw new UsageError("--rsh '" + agent + "': expected a command, e.g. ssh or \"ip netns exec\"");
        }
        return words;
    }

    /** The hosts of -H and --hostfile; null when none were given. */
    private HostList hosts() {
        HostList given = null;
        for (String h : hostOptions) {
            HostList more = HostList.parseHosts(h);
            given = given == null ? more : given.plus(more);
        }
        HostList fromFile = hostfile == null ? null
                : HostList.readHostfile(hostfile, Runtime.getRuntime().availableProcessors());
        if (fromFile != null && given != null) {
            return fromFile.pick(given, hostfile.toString());
        }
        return fromFile != null ? fromFile : given;
    }

    /** Whether ranks are bound to cores; warns for the bindings this mpirun does not make. */
    private boolean bindsToCore() {
        String[] parts = bindTo.toLowerCase(Locale.ROOT).split(":");
        for (int i = 1; i < parts.length; i++) {
            if (parts[i].equals("report")) {
                reportBindings = true;
            }
        }
        String target = parts.length == 0 ? "" : parts[0];
        if (target.equals("core") || target.equals("hwthread")) {
            // a core here is what the OS numbers as a CPU: a hardware thread
            return true;
        }
        if (target.equals("none")) {
            return false;
        }
        if (BIND_WIDER.contains(target)) {
            warn("--bind-to " + bindTo + " is ignored: the ranks are left unbound (this mpirun binds to one core or"
                    + " none; unbound, a rank may use every core, as one bound to a " + target + " uses several)");
            return false;
        }
        throw new UsageError("--bind-to " + bindTo + ": expected core, hwthread or none (or socket, numa, l3cache...,"
                + " which leave ranks unbound here)");
    }

    /** Checks --map-by: node deals ranks out per node, the others fill slots; honours ppr:n:node and :OVERSUBSCRIBE. */
    private void checkMapBy() {
        if (mapBy == null) {
            return;
        }
        String[] parts = mapBy.toLowerCase(Locale.ROOT).split(":");
        String policy = parts.length == 0 ? "" : parts[0];
        if (!policy.isEmpty() && !MAP_BY.contains(policy)) {
            throw new UsageError("--map-by " + mapBy + ": expected slot, core, hwthread, socket, numa, node, ppr:n:node"
                    + " or another of Open MPI's policies");
        }
        int modifiers = 1;
        byNode = policy.equals("node");
        if (policy.equals("ppr")) {
            modifiers = 3;
            if (parts.length < 3) {
                throw new UsageError("--map-by " + mapBy + ": expected ppr:n:resource");
            }
            if (parts[2].equals("node")) {
                perNode = perNodeOf(parts[1]);
            } else {
                warn("--map-by " + mapBy + " is ignored (give -np or -N: within a node, every rank runs on cores of its own)");
            }
        } else if (policy.equals("rankfile") || policy.equals("pe-list")) {
            warn("--map-by " + mapBy + " is ignored (rank r runs on core r)");
            return;
        }
        for (int i = modifiers; i < parts.length; i++) {
            if (parts[i].equals("oversubscribe")) {
                oversubscribe = true;
            } else if (parts[i].startsWith("pe=")) {
                warn("--map-by " + mapBy + ": " + parts[i].toUpperCase(Locale.ROOT) + " is ignored (a bound rank gets one core)");
            }
        }
    }

    private int perNodeOf(String count) {
        try {
            return Integer.parseInt(count);
        } catch (NumberFormatException e) {
            throw new UsageError("--map-by " + mapBy + ": expected ppr:n:node with a number n");
        }
    }

    /** The options accepted for Open MPI's scripts that mean nothing here. */
    private void ignored() {
        List<String> given = new ArrayList<>();
        for (int i = 0; i + 1 < mca.size(); i += 2) {
            switch (mca.get(i)) {
                case "plm_rsh_agent" -> { } // read by rshWords
                case "oob_tcp_if_include" -> serverInterfaces = mca.get(i + 1);
                case "btl_tcp_if_include" -> boardInterfaces = mca.get(i + 1);
                default -> given.add("--mca " + mca.get(i) + " " + mca.get(i + 1));
            }
        }
        if (!given.isEmpty()) {
            warn(String.join(" ", given) + (given.size() == 1 ? " is" : " are") + " ignored (MCA parameters"
                    + " select and tune Open MPI's components; atoll-mpi has its own knobs, see its README)");
        }
        if (prefix != null) {
            warn("--prefix " + prefix + " is ignored (the ranks run from this mpirun's installation)");
        }
    }

    private void warn(String warning) {
        warnings.add(warning);
    }

    /** What runs in every rank, in one of the command line's forms. */
    private record Program(String java, List<String> jvmOptions, String classPath, String mainClass, Path jar,
                           String executable, List<String> args, boolean javaForm, boolean modular) {
        Program(String java, List<String> jvmOptions, String classPath, String mainClass, Path jar,
                String executable, List<String> args, boolean javaForm) {
            this(java, jvmOptions, classPath, mainClass, jar, executable, args, javaForm, false);
        }
    }

    private Program program() {
        if (jarAndArgs != null) {
            return jarProgram(null, List.of(), classPath, false, jarAndArgs);
        }
        if (command.isEmpty()) {
            throw new UsageError("no program given: name a class, -jar file, an executable,"
                    + " or java [jvm options] class");
        }
        String first = command.get(0);
        List<String> rest = command.subList(1, command.size());
        if (first.equals("java") || first.endsWith("/java")) {
            if (classPath != null) {
                throw new UsageError("class path given to both mpirun and java: give it to one of them");
            }
            return javaForm(first.equals("java") ? null : first, rest);
        }
        Path base = workDir != null ? workDir : Path.of("").toAbsolutePath();
        if (first.contains("/") && Files.isRegularFile(base.resolve(first)) && Files.isExecutable(base.resolve(first))) {
            return new Program(null, List.of(), classPath, null, null, base.resolve(first).normalize().toString(), rest,
                    false);
        }
        if (first.contains("/") || first.endsWith(".jar") || first.endsWith(".class")) {
            throw new UsageError("'" + first + "' is neither an executable file nor a class name: give -jar for a jar,"
                    + " or the class name with -cp for the directory it is in");
        }
        return new Program(null, List.of(), classPath, first, null, null, rest, false);
    }

    /** The java form: reads the JVM options as {@code java} does, up to the class or {@code -jar}. */
    private Program javaForm(String java, List<String> tokens) {
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
                return jarProgram(java, jvmOptions, cp, true, tokens.subList(i + 1, tokens.size()));
            } else if (t.equals("-m") || t.equals("--module") || t.startsWith("--module=")) {
                // java's own rule: what follows the module is the program's arguments.
                String module = t.startsWith("--module=") ? t.substring("--module=".length()) : valueOf(tokens, ++i, t);
                if (!hasModulePath(jvmOptions)) {
                    throw new UsageError("java " + t + " " + module + ": give the program's module path (-p DIR) too");
                }
                return new Program(java, jvmOptions, cp, module, null, null, tokens.subList(i + 1, tokens.size()), true,
                        true);
            } else if (t.startsWith("--module-path=")) {
                jvmOptions.add("--module-path");
                jvmOptions.add(t.substring("--module-path=".length()));
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
        return new Program(java, jvmOptions, cp, tokens.get(i), null, null, tokens.subList(i + 1, tokens.size()), true);
    }

    private static boolean hasModulePath(List<String> jvmOptions) {
        return jvmOptions.contains("-p") || jvmOptions.contains("--module-path");
    }

    private Program jarProgram(String java, List<String> jvmOptions, String cp, boolean javaForm,
                               List<String> jarAndRest) {
        if (jarAndRest.isEmpty()) {
            throw new UsageError("-jar needs a file");
        }
        // read from where the ranks run, as their JVMs will
        Path jar = workDir == null ? Path.of(jarAndRest.get(0)) : workDir.resolve(jarAndRest.get(0));
        return new Program(java, jvmOptions, cp, null, jar, null,
                jarAndRest.subList(1, jarAndRest.size()), javaForm);
    }

    private static String valueOf(List<String> tokens, int i, String option) {
        if (i >= tokens.size()) {
            throw new UsageError("java " + option + " needs a value");
        }
        return tokens.get(i);
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

    /** The command line asks for something mpirun cannot do; the message says what. */
    static final class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }
}

package org.atollmpi.launch;

import static org.atollmpi.runtime.boot.BootProtocol.*;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.ProcessBuilder.Redirect;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.atollmpi.runtime.MpjExpressMain;
import org.atollmpi.runtime.RankCounters;
import org.atollmpi.runtime.RankRuntime;
import org.atollmpi.runtime.boot.JobFiles;

/**
 * One run of mpirun: starts the job server and the ranks, waits for them, and ends the job on the
 * first failure. The main thread owns the outcome; the job server and the process-exit watchers
 * only post {@link Event}s to it. However the job ends (all done, a rank failed or aborted, mpirun
 * got a signal) {@link #tearDown} stops what still runs and removes the job's board files. The
 * ranks' output always passes through mpirun ({@link OutputForwarder}), line by line.
 */
final class Job {
    /**
     * How long a rank whose connection to mpirun broke gets to show its exit status (which tells
     * more: a crash, a signal) before mpirun calls it unreachable.
     */
    private static final long LOST_GRACE_MS = 2_000;
    /** How long a rank's fatal error waits for news of a peer that died, the likelier cause. */
    private static final long DEATH_GRACE_MS = 200;
    /** How long killed ranks get to be reaped before their files are removed regardless. */
    private static final long KILL_WAIT_MS = 5_000;
    /**
     * How long the ranks' output may stand still before mpirun stops waiting for the rest: a
     * process a rank started can hold its stdout open after the rank is gone.
     */
    private static final long DRAIN_QUIET_MS = 2_000;
    /** mpirun's exit status when {@code --timeout} ends the job: that of timeout(1). */
    static final int TIMED_OUT = 124;
    /** The TCP board's {@code atoll.tcp.host} as a variable ({@code --mca btl_tcp_if_include}). */
    private static final String TCP_HOST_ENV = "ATOLL_TCP_HOST";
    /**
     * How long {@code --timeout} waits for the ranks to say what they wait for before it kills
     * the job; a rank that has not answered by then is named as frozen.
     */
    private static final long DIAGNOSIS_WAIT_MS = 2_000;
    /** A deadline that never comes. */
    private static final long NO_DEADLINE = Long.MAX_VALUE;

    /** What the main thread learns from the ranks. */
    sealed interface Event permits Exited, Aborted, Joined, Lost, Diagnosis {
    }

    /** The rank's answer to {@link JobServer#diagnose}: what it waits for, a line each. */
    record Diagnosis(int rank, String report) implements Event {
    }

    /** The rank's connection to the job server broke before it finalized. */
    record Lost(int rank, String why) implements Event {
    }

    record Exited(int rank, long pid, int status) implements Event {
    }

    /** The rank called abort, or ({@code fatalError}) an MPI error under ERRORS_ARE_FATAL ended it. */
    record Aborted(int rank, int code, boolean fatalError, String message) implements Event {
    }

    /** The rank connected to the job server: it is in MPI_Init. */
    record Joined(int rank) implements Event {
    }

    private final String name;
    private final JobSpec spec;
    private final List<String> command;
    private final Map<String, String> exported;
    private final List<InetAddress> serverAddresses;
    private final PrintStream out;
    private final PrintStream err;
    private final String jobId;
    private final long secret;
    private final Path boardDir;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();

    /** Guarded by {@code this}: what {@link #tearDown} has to stop. */
    private final Process[] ranks;
    private final List<OutputForwarder> forwarders = new ArrayList<>();
    private JobServer server;
    private boolean tornDown;
    private volatile boolean finished;
    /** When the job started, for {@code --timeout}. */
    private long startNanos;
    /** Held by every write of the ranks' output, so that no two lines mix. */
    private final Object outputLock = new Object();
    /** Why the job failed, said once the ranks' last output is out; null if it did not. */
    private String failure;
    private Map<String, String> localEnvironment = Map.of();
    /** Starts the jobs the ranks spawn; null when this mpirun cannot. */
    private Spawner spawner;

    /** Starts a job for MPI_Comm_spawn as {@code mpirun <args>} would, and says when it has ended. */
    interface Spawner {
        void spawn(List<String> args, java.util.function.BiConsumer<Integer, String> ended);
    }

    Job(String name, JobSpec spec, List<String> command, Map<String, String> exported, PrintStream out, PrintStream err) {
        this(name, spec, command, exported, List.of(InetAddress.getLoopbackAddress()), out, err);
    }

    /** @param serverAddresses where the ranks reach the job server ({@link JobServer#addressesFor}) */
    Job(String name, JobSpec spec, List<String> command, Map<String, String> exported, List<InetAddress> serverAddresses,
        PrintStream out, PrintStream err) {
        this.name = name;
        this.spec = spec;
        this.command = List.copyOf(command);
        this.exported = Map.copyOf(exported);
        this.serverAddresses = List.copyOf(serverAddresses);
        this.out = out;
        this.err = err;
        this.boardDir = JobFiles.boardDirectory();
        // mpirun's pid makes the job's files traceable to it (JobFiles.removeOrphans); 128 random
        // bits make their names unguessable, so no one can take them first
        this.jobId = JobFiles.newJobId(boardDir, ProcessHandle.current().pid(), 'x');
        this.secret = newSecret();
        this.ranks = new Process[spec.np()];
    }

    /** Variables only the ranks on mpirun's own host get, on top of the exported ones ({@link RankCommand#localEnvironment}). */
    Job withLocalEnvironment(Map<String, String> variables) {
        localEnvironment = Map.copyOf(variables);
        return this;
    }

    /**
     * MPI_UNIVERSE_SIZE: the processes the job may run without oversubscribing, spawned ones
     * included (Open MPI's: the slots of the allocation): the host list's slots, or this machine's
     * cores; never fewer than the job's ranks.
     */
    int universeSize() {
        int slots = spec.hosts() != null ? spec.hosts().slots() : Runtime.getRuntime().availableProcessors();
        return Math.max(slots, spec.np());
    }

    /** Whether any rank reached MPI_Init (a spawned job that never did failed to start: its parent heard why). */
    boolean anyJoined() {
        return anyJoined;
    }

    private volatile boolean anyJoined;
    /** Each rank's NIC counters as it sent them at MPI_Finalize ({@code --report-nic}). */
    private final java.util.concurrent.ConcurrentHashMap<Integer, String> nicReports = new java.util.concurrent.ConcurrentHashMap<>();

    /** Ends this job now, from another thread (the job that spawned it failed): its ranks are killed. */
    void stop(String why) {
        if (!isTornDown()) {
            err.println(name + ": " + why + "; killing the job it spawned");
            tearDown();
        }
    }

    /** Lets the ranks spawn jobs (MPI_Comm_spawn) through {@code spawner}. */
    Job withSpawner(Spawner spawner) {
        this.spawner = spawner;
        return this;
    }

    /**
     * The table of {@code --report-nic}, after the ranks' output: a column per rank, "-" for a rank
     * that sent none (it did not reach MPI_Finalize).
     */
    private void printNicReport() {
        List<RankCounters> ranks = new ArrayList<>();
        for (int r = 0; r < spec.np(); r++) {
            String encoded = nicReports.get(r);
            RankCounters s = null;
            if (encoded != null) {
                try {
                    s = RankCounters.decode(encoded);
                } catch (IllegalArgumentException e) {
                    err.println(name + ": rank " + r + " sent NIC counters that do not read: " + e.getMessage());
                }
            }
            ranks.add(s);
        }
        out.println(name + ": NIC counters at MPI_Finalize (--report-nic), " + spec.np() + " rank"
            + (spec.np() == 1 ? "" : "s") + (nicReports.size() < spec.np() ? ", " + (spec.np() - nicReports.size())
            + " sent none (-)" : ""));
        out.print(RankCounters.table(ranks));
        out.flush();
    }

    /** Runs the job to its end; returns mpirun's exit status. */
    int run() {
        Thread hook = new Thread(() -> {
            if (!finished) {
                String signal = TerminationSignals.received();
                err.println(name + ": interrupted" + (signal == null ? "" : " (" + signal + ")") + "; killing the job");
            }
            tearDown();
        }, "atoll-mpirun-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return runJob();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } finally {
            finished = true;
            tearDown();
            if (spec.reportNic()) {
                printNicReport();
            }
            if (failure != null) {
                err.println(failure);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down: the hook runs and finds nothing left to do
            }
        }
    }

    private int runJob() throws InterruptedException {
        startNanos = System.nanoTime();
        try {
            JobServer s = new JobServer(spec.np(), secret, new JobServer.Listener() {
                @Override
                public void aborted(int rank, int code, boolean fatalError, String message) {
                    events.add(new Aborted(rank, code, fatalError, message));
                }

                @Override
                public void joined(int rank) {
                    events.add(new Joined(rank));
                }

                @Override
                public void lost(int rank, String why) {
                    events.add(new Lost(rank, why));
                }

                @Override
                public void diagnosis(int rank, String report) {
                    events.add(new Diagnosis(rank, report));
                }

                @Override
                public void counters(int rank, String counters) {
                    nicReports.put(rank, counters);
                }

                @Override
                public void spawn(int rank, List<String> args, java.util.function.BiConsumer<Integer, String> ended) {
                    Spawner sp = spawner;
                    if (sp == null) {
                        ended.accept(1, "this mpirun cannot start jobs");
                    } else {
                        sp.spawn(args, ended);
                    }
                }
            }, message -> err.println(name + ": " + message), serverAddresses);
            synchronized (this) {
                if (tornDown) {
                    s.close();
                    return 1;
                }
                server = s;
            }
        } catch (IOException e) {
            err.println(name + ": cannot start the job server: " + e.getMessage());
            return 1;
        }
        String localHost = JobFiles.localHostName();
        Placement placement = spec.placement();
        if (spec.displayMap()) {
            JobMap.map(localHost, spec).forEach(out::println);
            out.flush();
        }
        for (int r = 0; r < spec.np(); r++) {
            Placement.Member member = placement.nodeOf(r);
            boolean local = member.node().local();
            int localRank = member.localRank(r);
            int localSize = member.ranks().size();
            boolean bound = local && spec.bindToCore();
            Map<String, String> wiring = new LinkedHashMap<>(exported);
            boolean joins = local || spec.executable() == null;
            if (joins) {
                wiring.put(ENV_JOB_SERVER, server.address());
            }
            wiring.put(ENV_RANK, Integer.toString(r));
            wiring.put(ENV_SIZE, Integer.toString(spec.np()));
            wiring.put(ENV_UNIVERSE_SIZE, Integer.toString(universeSize()));
            wiring.put(ENV_JOB_ID, jobId);
            if (local) {
                wiring.put(ENV_JOB_SECRET, formatSecret(secret));
            } else if (joins) {
                wiring.put(ENV_JOB_SECRET_FROM, "stdin");
            }
            wiring.put(ENV_BOARD_FILE, boardDir.resolve(boardFileName(jobId, Integer.toString(placement.nodeOf()[r])))
                    .toString());
            wiring.put(ENV_LOCAL_RANKS, member.list());
            wiring.put(ENV_HOST, local ? localHost : member.node().name());
            if (local) {
                // a remote node's rank counts its cores itself
                wiring.put(ENV_NODE_CORES, Integer.toString(Runtime.getRuntime().availableProcessors()));
            }
            if (spec.asyncProgress()) {
                wiring.put(RankRuntime.ASYNC_PROGRESS_ENV, "1");
            }
            if (spec.reportNic()) {
                wiring.put(RankRuntime.REPORT_NIC_ENV, "1");
            }
            if (spec.nicModel() != null) {
                wiring.put(RankRuntime.NIC_MODEL_ENV, spec.nicModel());
            }
            if (spec.mpjArgs()) {
                wiring.put(MpjExpressMain.ENV, "1");
            }
            if (spec.board() != null) {
                wiring.put(RankRuntime.BOARD_ENV, spec.board());
            }
            if (spec.trace() != null) {
                wiring.put(org.atollmpi.engine.trace.MessageTrace.FILE_ENV, spec.trace().toString());
            }
            if (spec.boardInterfaces() != null) {
                wiring.put(TCP_HOST_ENV, spec.boardInterfaces());
            }
            // Programs written for Open MPI read these before MPI_Init (to name a log, pick a device).
            wiring.put("OMPI_COMM_WORLD_RANK", Integer.toString(r));
            wiring.put("OMPI_COMM_WORLD_SIZE", Integer.toString(spec.np()));
            wiring.put("OMPI_COMM_WORLD_LOCAL_RANK", Integer.toString(localRank));
            wiring.put("OMPI_COMM_WORLD_LOCAL_SIZE", Integer.toString(localSize));
            wiring.put("OMPI_COMM_WORLD_NODE_RANK", Integer.toString(localRank));
            ProcessBuilder pb;
            if (local) {
                List<String> rankCommand = RankCommand.withNodeOptions(command, spec.executable() == null, localSize,
                        Runtime.getRuntime().availableProcessors());
                pb = new ProcessBuilder(bound ? Binding.bind(rankCommand, localRank, localSize) : rankCommand);
                if (spec.workDir() != null) {
                    pb.directory(spec.workDir().toFile());
                }
                pb.environment().putAll(wiring);
                pb.environment().putAll(localEnvironment); // built over the exported values
                pb.redirectInput(r == 0 ? Redirect.INHERIT : Redirect.from(new File("/dev/null")));
            } else {
                // the remote node's cores are its own to count: its slots stand in for them here
                List<String> rankCommand = RankCommand.withNodeOptions(command, spec.executable() == null, localSize,
                        member.node().slots());
                pb = new ProcessBuilder(RemoteCommand.command(spec.rsh(), member.node().name(), spec.baseDir(), wiring,
                        rankCommand));
                // the secret and rank 0's input go through the remote shell's stdin
                pb.redirectInput(Redirect.PIPE);
            }
            pb.redirectOutput(Redirect.PIPE).redirectError(Redirect.PIPE); // through OutputForwarder
            if (!start(r, pb)) {
                return 1;
            }
            if (!local) {
                feedRemote(r, joins);
            }
            if (spec.reportBindings()) {
                err.println(JobMap.binding(local ? localHost : member.node().name(), pidOf(r), r,
                        bound ? Binding.cores(localRank, localSize) : null));
            }
        }

        return watch();
    }

    /**
     * Waits for the ranks to end and ends the job at the first failure. A rank that leaves (or
     * never reaches) {@code MPI_Init} while another is in it is one: the others would wait for it
     * forever. A job in which no rank uses MPI simply runs. {@code --timeout} ends it when its time is up.
     */
    private int watch() throws InterruptedException {
        long jobDeadline = spec.timeout() == null ? NO_DEADLINE : startNanos + spec.timeout().toNanos();
        int running = spec.np();
        int joined = 0;
        int firstJoined = -1;
        long initDeadline = 0;
        BitSet leftBeforeInit = new BitSet(spec.np());
        while (running > 0) {
            boolean inInit = firstJoined >= 0 && joined < spec.np();
            Event event = next(inInit ? initDeadline : NO_DEADLINE, jobDeadline);
            if (event == null && jobDeadline != NO_DEADLINE && System.nanoTime() - jobDeadline >= 0) {
                reportPending();
                return fail("the job has run longer than --timeout " + spec.timeout().toSeconds() + " s", TIMED_OUT);
            }
            if (event == null) {
                return fail(missingFromInit() + " not called MPI_Init " + spec.initTimeout().toSeconds()
                        + " s after rank " + firstJoined + " did (mpirun --init-timeout)", 1);
            }
            if (isTornDown()) {
                return 1; // the shutdown hook ended the job on a signal and has said so
            }
            if (event instanceof Joined j) {
                anyJoined = true;
                if (joined++ == 0) {
                    firstJoined = j.rank();
                    initDeadline = System.nanoTime() + spec.initTimeout().toNanos();
                }
                if (!leftBeforeInit.isEmpty()) {
                    return failLeftBeforeInit(leftBeforeInit.nextSetBit(0), j.rank());
                }
            } else if (event instanceof Exited x) {
                running--;
                if (x.status() != 0) {
                    return fail(who(x.rank()) + " " + describeExit(x.status()), x.status());
                }
                if (!server.joined(x.rank())) {
                    leftBeforeInit.set(x.rank());
                    if (firstJoined >= 0) {
                        return failLeftBeforeInit(x.rank(), firstJoined);
                    }
                } else if (!server.finalized(x.rank())) {
                    // its peers would wait for it forever
                    return fail(who(x.rank()) + " exited without finishing MPI"
                            + " (no MPI_Finalize)", 1);
                }
            } else if (event instanceof Lost l) {
                if (exitsSoon(l.rank())) {
                    continue; // its exit, already queued or about to be, says more
                }
                return fail(who(l.rank()) + " is unreachable: its connection to mpirun "
                        + (l.why().equals("closed") ? "was closed" : "failed (" + l.why() + ")"), 1);
            } else if (event instanceof Aborted a && a.fatalError()) {
                int dead = deadBehind(a.rank());
                if (dead >= 0) {
                    // the error is most likely that peer's death (a lost link): name the cause
                    int status = exitStatus(dead);
                    return fail(who(dead) + " " + describeExit(status), status);
                }
                // the rank has printed the error and where it happened; say only what ends the job
                return fail(who(a.rank()) + " ended with a fatal MPI error (class "
                        + a.code() + ", " + a.message() + ")", a.code());
            } else if (event instanceof Aborted a) {
                return fail(who(a.rank()) + " called abort with code " + a.code()
                        + (a.message().isEmpty() ? "" : " (" + a.message() + ")"), abortStatus(a.code()));
            }
        }
        return 0;
    }

    /**
     * For {@code --timeout}: asks every rank in MPI what it waits for and prints the answers,
     * each line tagged with the rank, on mpirun's stderr; names the ranks that do not answer
     * within {@link #DIAGNOSIS_WAIT_MS} (frozen: stopped, or a JVM that no longer runs) and those
     * not in MPI. Nothing when no rank ever joined (a job without MPI).
     */
    private void reportPending() throws InterruptedException {
        boolean anyJoined = false;
        for (int r = 0; r < spec.np(); r++) {
            anyJoined |= server.joined(r);
        }
        if (!anyJoined) {
            return;
        }
        BitSet asked = server.diagnose();
        String[] answers = new String[spec.np()];
        int answered = 0;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DIAGNOSIS_WAIT_MS);
        while (answered < asked.cardinality()) {
            Event e = events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (e == null) {
                break;
            }
            // other news (an exit, a lost connection) changes nothing now: the job ends anyway
            if (e instanceof Diagnosis d && asked.get(d.rank()) && answers[d.rank()] == null) {
                answers[d.rank()] = d.report();
                answered++;
            }
        }
        synchronized (outputLock) {
            err.println(name + ": the job has run longer than --timeout " + spec.timeout().toSeconds()
                    + " s; what each rank waits for:");
            for (int r = 0; r < spec.np(); r++) {
                String tag = name + ": " + who(r) + ": ";
                if (answers[r] != null) {
                    for (String line : answers[r].split("\n")) {
                        err.println(tag + line);
                    }
                } else if (asked.get(r)) {
                    err.println(tag + "did not answer within " + DIAGNOSIS_WAIT_MS / 1000 + " s: frozen"
                            + processState(r));
                } else if (!server.joined(r)) {
                    err.println(tag + "not in MPI (has not called MPI_Init)");
                } else {
                    err.println(tag + "finished MPI (MPI_Finalize)");
                }
            }
            err.flush();
        }
    }

    /** Why a local rank may not answer, from its process state in /proc; "" when unknown. */
    private String processState(int rank) {
        if (!spec.placement().nodeOf(rank).node().local()) {
            return " (on another host: its process, host or network)";
        }
        long pid = pidOf(rank);
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            // the state follows the command name in parentheses, which may itself hold ") "
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return switch (state) {
                case 'T', 't' -> " (its process is stopped: SIGSTOP, or a debugger)";
                case 'Z', 'X' -> " (its process has exited)";
                case 'D' -> " (its process waits in the kernel: disk or memory)";
                default -> " (its process runs but its JVM does not answer: a long pause, or no memory)";
            };
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** The next event, or null once the earlier deadline (a {@code nanoTime}, or {@link #NO_DEADLINE}) has passed. */
    private Event next(long initDeadline, long jobDeadline) throws InterruptedException {
        if (initDeadline == NO_DEADLINE && jobDeadline == NO_DEADLINE) {
            return events.take();
        }
        long deadline = initDeadline == NO_DEADLINE ? jobDeadline
                : jobDeadline == NO_DEADLINE || initDeadline - jobDeadline < 0 ? initDeadline : jobDeadline;
        return events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    private int failLeftBeforeInit(int rank, int waiting) {
        return fail(who(rank) + " exited without calling MPI_Init, while rank " + waiting
                + " waits for it in MPI_Init", 1);
    }

    /** "rank 3 (pid 1234) has" or "ranks 2, 3 have", for the ranks not in MPI_Init yet and still running. */
    private String missingFromInit() {
        List<String> missing = new ArrayList<>();
        for (int r = 0; r < spec.np(); r++) {
            if (!server.joined(r)) {
                missing.add(Integer.toString(r));
            }
        }
        if (missing.size() == 1) {
            int r = Integer.parseInt(missing.get(0));
            return who(r) + " has";
        }
        return "ranks " + String.join(", ", missing) + " have";
    }

    /** "rank 3 (pid 1234)" for a rank on this machine, "rank 3 (on host node2, pid 1234 of 'ssh -x')" for another. */
    private String who(int rank) {
        Placement.Member m = spec.placement().nodeOf(rank);
        if (m.node().local()) {
            return "rank " + rank + " (pid " + pidOf(rank) + ")";
        }
        return "rank " + rank + " (on host " + m.node().name() + ", pid " + pidOf(rank) + " of '"
                + String.join(" ", spec.rsh()) + "')";
    }

    /**
     * A rank other than {@code rank} whose process has ended in failure, looked for during
     * {@link #DEATH_GRACE_MS}: a rank killed by a signal makes its peers fail on the lost link,
     * sometimes before mpirun has reaped it; or -1.
     */
    private int deadBehind(int rank) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DEATH_GRACE_MS);
        do {
            for (int r = 0; r < spec.np(); r++) {
                Process p;
                synchronized (this) {
                    p = ranks[r];
                }
                if (r != rank && p != null && !p.isAlive() && p.exitValue() != 0) {
                    return r;
                }
            }
            Thread.sleep(10);
        } while (System.nanoTime() - deadline < 0);
        return -1;
    }

    private synchronized int exitStatus(int rank) {
        return ranks[rank].exitValue();
    }

    /** Whether the process of {@code rank} has exited or does so within {@link #LOST_GRACE_MS}. */
    private boolean exitsSoon(int rank) throws InterruptedException {
        Process p;
        synchronized (this) {
            p = ranks[rank];
        }
        return p == null || p.waitFor(LOST_GRACE_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * Hands a remote rank what mpirun must not put on its command line: the job secret, as the
     * first line of the remote shell's standard input ({@code secretLine}); then rank 0 gets
     * mpirun's input, as a local rank 0 would, and the others none.
     */
    private void feedRemote(int rank, boolean secretLine) {
        Process p;
        synchronized (this) {
            p = ranks[rank];
        }
        OutputStream in = p.getOutputStream();
        try {
            if (secretLine) {
                in.write((formatSecret(secret) + "\n").getBytes(StandardCharsets.US_ASCII));
                in.flush();
            }
            if (rank != 0) {
                in.close();
                return;
            }
        } catch (IOException e) {
            return; // the remote shell is gone already; its exit says why
        }
        Thread copier = new Thread(() -> {
            try (in) {
                System.in.transferTo(in);
            } catch (IOException e) {
                // rank 0 or its remote shell has gone: nobody left to read the input
            }
        }, "atoll-stdin-rank0");
        copier.setDaemon(true);
        copier.start();
    }

    /** Starts rank {@code r}; false if it could not be started or the job is already being torn down. */
    private boolean start(int r, ProcessBuilder pb) {
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            Placement.Member m = spec.placement().nodeOf(r);
            err.println(name + ": cannot start rank " + r + (m.node().local() ? "" : " on host " + m.node().name())
                    + " (" + pb.command().get(0) + "): " + e.getMessage());
            return false;
        }
        synchronized (this) {
            if (tornDown) {
                p.destroyForcibly();
                return false;
            }
            ranks[r] = p;
            forward(new OutputForwarder(p.getInputStream(), r, "stdout", spec.tagOutput(), out, outputLock));
            forward(new OutputForwarder(p.getErrorStream(), r, "stderr", spec.tagOutput(), err, outputLock));
        }
        p.onExit().thenRun(() -> events.add(new Exited(r, p.pid(), p.exitValue())));
        return true;
    }

    private void forward(OutputForwarder forwarder) {
        forwarder.start();
        forwarders.add(forwarder);
    }

    /**
     * The exit status of a job a rank aborted with {@code code}: the code modulo 256, as every exit
     * status, except that an abort never reads as success: a code that is 0 modulo 256 (0, 256,
     * 512...) gives 1.
     */
    static int abortStatus(int code) {
        int status = code & 0xff;
        return status == 0 ? 1 : status;
    }

    /** Ends the job with {@code status}; {@code what} is said after the ranks' last output, so it comes last. */
    private int fail(String what, int status) {
        failure = name + ": " + what + "; aborting the job";
        return status;
    }

    /**
     * Stops every rank still running and removes the job's files; once, whoever calls first (the
     * main thread at the end, or the shutdown hook on SIGINT/SIGTERM). Files go after the ranks
     * are gone, so that no rank can create one behind the cleanup; then the ranks' last output is
     * let out.
     */
    private synchronized void tearDown() {
        if (tornDown) {
            return;
        }
        tornDown = true;
        if (server != null) {
            server.terminate();
        }
        for (Process p : ranks) {
            if (p != null && p.isAlive()) {
                // children first: once their parent is gone they are no longer its descendants
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KILL_WAIT_MS);
        for (Process p : ranks) {
            awaitExit(p, deadline);
        }
        for (String left : JobFiles.deleteAll(boardDir, jobId)) {
            err.println(name + ": cannot remove " + left);
        }
        // and what earlier jobs that were killed outright left (after the ranks: off the start-up path)
        JobFiles.removeOrphans(boardDir);
        long drainFrom = System.nanoTime(); // one quiet period for all forwarders, not one each
        for (OutputForwarder f : forwarders) {
            try {
                f.awaitEnd(DRAIN_QUIET_MS, drainFrom);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        out.flush();
        err.flush();
    }

    private static void awaitExit(Process p, long deadline) {
        if (p == null) {
            return;
        }
        try {
            p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized boolean isTornDown() {
        return tornDown;
    }

    private synchronized long pidOf(int rank) {
        return ranks[rank] == null ? -1 : ranks[rank].pid();
    }

    /**
     * Java reports a process killed by signal N as status 128+N, the shell's convention; read it
     * back the same way.
     */
    static String describeExit(int status) {
        if (status > 128 && status <= 128 + 64) {
            int signal = status - 128;
            String sigName = switch (signal) {
                case 1 -> " (SIGHUP)";
                case 2 -> " (SIGINT)";
                case 3 -> " (SIGQUIT)";
                case 6 -> " (SIGABRT)";
                case 9 -> " (SIGKILL)";
                case 11 -> " (SIGSEGV)";
                case 15 -> " (SIGTERM)";
                default -> "";
            };
            return "killed by signal " + signal + sigName;
        }
        return "exited with status " + status;
    }
}

package org.atollmpi.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineConfig;
import org.atollmpi.engine.trace.MessageTrace;
import org.atollmpi.nic.BoardSupplier;
import org.atollmpi.nic.JniLibrary;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.RoutingSpace;
import org.atollmpi.nic.model.ModelledHostPort;
import org.atollmpi.nic.model.NicTiming;
import org.atollmpi.nic.router.UniversePort;
import org.atollmpi.nic.stat.CounterPage;
import org.atollmpi.nic.stat.CountingHostPort;
import org.atollmpi.nic.stat.NicCounters;
import org.atollmpi.nic.stat.NicReport;
import org.atollmpi.nic.stat.NicSnapshot;
import org.atollmpi.nic.tcp.TcpBoardConfig;
import org.atollmpi.runtime.boot.JobBootstrap;
import org.atollmpi.runtime.boot.JobFiles;
import org.atollmpi.runtime.boot.JobWiring;
import org.atollmpi.runtime.boot.pmi.PmiBootstrap;

/**
 * Everything one rank runs on, assembled at {@code MPI.Init}: the job's routing space (from the
 * job server of our {@code mpirun}, from a PMI launcher such as {@code mpiexec.hydra} or
 * {@code srun --mpi=pmi2}, or a singleton world when started with plain {@code java}), this rank's
 * port from the board supplier, the engine over it, and, on request, the progress thread. Torn
 * down at {@code MPI.Finalize}. Nothing below knows how the rank was assembled: the engine sees
 * one port, the port's supplier sees one routing space.
 */
public final class RankRuntime implements AutoCloseable {
    /**
     * The directory beside the library's jar where the build unpacks its native libraries (the
     * shm board's), which a rank loads from there instead of unpacking them into a temporary file.
     */
    public static final String NATIVE_LIBRARIES = JniLibrary.UNPACKED;

    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;
    /** The variable {@code mpirun --async-progress} sets for every rank. */
    public static final String ASYNC_PROGRESS_ENV = RuntimeSettings.ASYNC_ENV;
    /** The variable {@code mpirun --board} sets for every rank: shm, tcp or auto. */
    public static final String BOARD_ENV = RuntimeSettings.BOARD_ENV;
    /** The variable {@code mpirun --nic-model} sets for every rank. */
    public static final String NIC_MODEL_ENV = RuntimeSettings.NIC_MODEL_ENV;
    /** The variable {@code mpirun --report-nic} sets for every rank. */
    public static final String REPORT_NIC_ENV = RuntimeSettings.REPORT_NIC_ENV;
    /** How long a report of pending operations waits for a thread-safe engine's lock. */
    private static final long DIAGNOSIS_LOCK_WAIT_MS = 500;

    private final JobWiring bootstrap; // null in a singleton world
    private final Bridges bridges;
    private final Engine engine;
    private final AsyncProgress asyncProgress; // null unless asked for
    private final RuntimeSettings settings;
    private final int threadLevel;
    private final String processorName;
    private final Training training;
    /** The ranks' training decisions may differ (a job across nodes, a PMI launcher's): they agree on one. */
    private final boolean trainingNeedsAgreement;
    /**
     * This process's counter page file, removed at Finalize (mpirun removes the job's files too,
     * but only on its own host); null when the page is in the process.
     */
    private static volatile Path counterFile;
    /** What the training pass cost, for {@code ATOLL_STATS}; null before it ran. */
    private volatile String trainingReport;
    /** How the layer above names a communicator context in a report of pending operations. */
    private volatile IntFunction<String> contextNames = c -> "context " + c;
    /** What the layer above adds to that report (open epochs, say); none until it says. */
    private volatile Supplier<List<String>> pendingAbove = List::of;

    private RankRuntime(JobWiring bootstrap, Engine engine, AsyncProgress asyncProgress, RuntimeSettings settings,
                        int threadLevel, String processorName, Training training, boolean trainingNeedsAgreement,
                        Bridges bridges) {
        this.bridges = bridges;
        this.bootstrap = bootstrap;
        this.engine = engine;
        this.asyncProgress = asyncProgress;
        this.settings = settings;
        this.threadLevel = threadLevel;
        this.processorName = processorName;
        this.training = training;
        this.trainingNeedsAgreement = trainingNeedsAgreement;
    }

    /**
     * Starts this rank. {@code requestedThreadLevel} is one of the {@code THREAD_*} levels; every
     * level is provided as asked (MULTIPLE by a lock in the engine, which the lower levels do
     * without, unless the progress thread needs it).
     */
    public static RankRuntime start(int requestedThreadLevel) {
        int level = Math.max(THREAD_SINGLE, Math.min(THREAD_MULTIPLE, requestedThreadLevel));
        RuntimeSettings settings = RuntimeSettings.fromEnvironment();
        JobWiring bootstrap = joinJob();
        RoutingSpace real = bootstrap != null ? bootstrap : RoutingSpace.singleton();
        RoutingSpace space = settings.routingSpace(real);
        BoardSupplier supplier = settings.boardSupplier(space);
        UniversePort port;
        TcpBoardConfig bridgeConfig = TcpBoardConfig.fromSettings();
        try {
            port = new UniversePort(modelled(settings, real, supplier.openPort(space)), Bridges.slots(),
                bridgeConfig.maxSendLength());
        } catch (RuntimeException e) {
            if (bootstrap != null) {
                bootstrap.close();
            }
            throw e;
        }
        // ATOLL_NIC_COUNTERS=0: the port as it was, its page empty (the engine counts into a page of its own)
        HostPort counted = settings.nicCounters() ? new CountingHostPort(port, counterPage(bootstrap, space, port))
            : port;
        boolean threadSafe = level == THREAD_MULTIPLE || settings.asyncProgress();
        int cores = bootstrap != null ? bootstrap.nodeCores() : Runtime.getRuntime().availableProcessors();
        // A board whose NIC is a thread of each rank (TCP) needs cores for it too: a rank spins only
        // when every rank and its NIC threads have a core, else it would delay its own arrivals.
        int threads = real.nodeRanks().length * (1 + supplier.nicThreadsPerPort());
        MessageTrace trace = traceFor();
        Engine engine = new Engine(counted, EngineConfig.forNode(threads, cores), threadSafe, trace);
        AsyncProgress progress = settings.asyncProgress() ? AsyncProgress.start(engine) : null;
        String host = bootstrap != null ? bootstrap.hostName() : JobFiles.localHostName();
        // the training's cost is the ranks' CPU at start-up; NIC threads mostly sleep in epoll then
        Training training = Training.choose(settings.training(), real.size(), real.nodeRanks().length, cores,
            System.getProperty(Training.SCALING_PROPERTY) != null);
        // Ranks decide alike from alike inputs on a node mpirun started; across nodes, or under a
        // PMI launcher (which may bind each rank to its own cores, and whose ranks' JVM options
        // are the user's), they agree first.
        boolean agree = real.nodeRanks().length < real.size() || bootstrap instanceof PmiBootstrap;
        RankRuntime runtime = new RankRuntime(bootstrap, engine, progress, settings, level, host, training, agree,
            new Bridges(port, bridgeConfig, real.reachableAddress()));
        if (bootstrap != null) {
            bootstrap.onDiagnose(runtime::describePending);
        }
        return runtime;
    }

    /**
     * {@code port} as the NIC model of {@code mpirun --nic-model} would take ({@link ModelledHostPort}),
     * or as it is. The model's stamps are the machine's clock: a job across machines is refused.
     */
    private static HostPort modelled(RuntimeSettings settings, RoutingSpace real, HostPort port) {
        if (settings.nicModel() == null) {
            return port;
        }
        if (real.nodeRanks().length < real.size()) {
            port.close();
            throw new IllegalStateException("the NIC model (" + settings.nicModel() + ") times a job on one machine,"
                + " and this one spans " + "machines; run it on one (ATOLL_TEST_NODES=N pretends nodes there)");
        }
        return ModelledHostPort.of(port, NicTiming.named(settings.nicModel()));
    }

    /**
     * The port's counter page: a file beside the board ({@link CounterPage}) that
     * {@code bin/atoll-stat} reads while the job runs, when our mpirun started the rank (it removes
     * the job's files however the job ends); in this process's heap otherwise (a PMI launcher's
     * job, a singleton world), where only the rank's own report at Finalize shows it.
     */
    private static NicCounters counterPage(JobWiring bootstrap, RoutingSpace space, UniversePort port) {
        String board = boardName(port.jobPort());
        if (bootstrap instanceof JobBootstrap && space.boardPath() != null) {
            Path file = CounterPage.pathFor(space.boardPath(), space.rank());
            try {
                NicCounters counters = CounterPage.create(file, space.rank(), port.size(), board).counters();
                counterFile = file;
                return counters;
            } catch (IOException | RuntimeException e) {
                System.err.println("atoll-mpi: rank " + space.rank() + ": the NIC counters stay in the process, out of"
                    + " bin/atoll-stat's sight (cannot create " + file + ": " + e.getMessage() + ")");
            }
        }
        return NicCounters.inHeap(space.rank(), port.size(), board);
    }

    /** The board's short name for reports: shm, tcp, router, ... from the port's class. */
    static String boardName(HostPort port) {
        if (port instanceof ModelledHostPort m) {
            return boardName(m.inner()) + "+" + m.timing().name();
        }
        String name = port.getClass().getSimpleName().replace("HostPort", "").replace("Port", "");
        return name.isEmpty() ? "port" : name.toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The message trace {@code mpirun --trace} asked for ({@code ATOLL_TRACE}), or null. A spawned
     * job's ranks trace nothing: their world ranks would write the parent job's part files, and
     * their mpirun merges no trace (a documented limitation).
     */
    private static MessageTrace traceFor() {
        String file = MessageTrace.fileSetting();
        if (file == null) {
            return null;
        }
        if (parentPort() != null) {
            return null;
        }
        // claimed atomically whatever the thread level: a progress thread, and THREAD_MULTIPLE's
        // fast sends without the engine's lock, claim records too; an uncontended atomic add is
        // noise beside a message, and only when tracing
        return new MessageTrace(MessageTrace.capacitySetting(), true);
    }

    /**
     * Says how a report of pending operations names a communicator context, and what the layer
     * above adds to it (each line one thing it waits for). Both are called off the program's
     * threads (see {@link #describePending}).
     */
    public void describePendingWith(IntFunction<String> contextNames, Supplier<List<String>> pendingAbove) {
        this.contextNames = contextNames;
        this.pendingAbove = pendingAbove;
    }

    /**
     * What this rank waits for, one line each, for {@code mpirun --timeout}: the engine's
     * pending operations ({@link Engine#describePending}) and what the layer above added. Called
     * on the job wiring's thread while the program's threads do whatever they do.
     */
    String describePending() {
        List<String> lines = new ArrayList<>();
        try {
            lines.addAll(pendingAbove.get());
        } catch (RuntimeException e) {
            lines.add("(cannot list the one-sided and collective state: " + e + ")");
        }
        RuntimeException last = null;
        // a busy rank may change a list under a lock-free read; a stuck one does not, so retry
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                lines.addAll(engine.describePending(contextNames, DIAGNOSIS_LOCK_WAIT_MS));
                last = null;
                break;
            } catch (RuntimeException e) {
                last = e;
            }
        }
        if (last != null) {
            lines.add("(cannot read the engine's queues while the rank changes them: " + last + ")");
        }
        return lines.isEmpty() ? "nothing pending in MPI (computing, or blocked outside MPI)" : String.join("\n", lines);
    }

    /** The job our mpirun started this rank in, else a PMI launcher's, else none (null). */
    private static JobWiring joinJob() {
        JobWiring job = JobBootstrap.fromEnvironment();
        return job != null ? job : PmiBootstrap.fromEnvironment();
    }

    public Engine engine() {
        return engine;
    }

    /** World rank and size. */
    public int rank() {
        return engine.rank();
    }

    public int size() {
        return bridges.jobSize();
    }

    /**
     * Asks the launcher for a job started as {@code mpirun <args>} (MPI_Comm_spawn).
     *
     * @throws UnsupportedOperationException with the reason, where the launcher cannot
     */
    public void spawn(int request, List<String> args) {
        if (bootstrap == null) {
            throw new UnsupportedOperationException("this process was started without mpirun, which would start the"
                + " spawned job");
        }
        bootstrap.spawn(request, args);
    }

    /** The job of {@link #spawn}'s {@code request} has connected: its failure now ends this job. */
    public void spawnConnected(int request) {
        if (bootstrap != null) {
            bootstrap.spawnConnected(request);
        }
    }

    /** How the job of {@link #spawn}'s {@code request} ended, or null while it runs. */
    public String spawnedStatus(int request) {
        return bootstrap == null ? null : bootstrap.spawnedStatus(request);
    }

    /** The port of the job that spawned this one, or null: this job was not spawned. */
    public static String parentPort() {
        String port = System.getenv(org.atollmpi.runtime.boot.BootProtocol.ENV_PARENT_PORT);
        return port == null || port.isEmpty() ? null : port;
    }

    /** MPI_UNIVERSE_SIZE: what mpirun says the job may grow to, else the job's size. */
    public int universeSize() {
        String v = System.getenv(org.atollmpi.runtime.boot.BootProtocol.ENV_UNIVERSE_SIZE);
        try {
            return v == null ? size() : Math.max(size(), Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            return size();
        }
    }

    /** This rank's way to processes of other jobs (connect/accept across jobs, spawn). */
    public Bridges bridges() {
        return bridges;
    }

    /** The thread level actually provided (0 single, 1 funneled, 2 serialized, 3 multiple). */
    public int threadLevel() {
        return threadLevel;
    }

    /** Whether a progress thread moves this rank's transfers while the program computes. */
    public boolean asyncProgress() {
        return asyncProgress != null;
    }

    /** What MPI_Init's training pass is to cover on this rank ({@link Training}). */
    public Training training() {
        return training;
    }

    /**
     * Whether the ranks must agree on the training pass before it runs: the job spans nodes, each
     * node deciding for itself, or a PMI launcher started it (on one node of mpirun's every rank
     * decides alike).
     */
    public boolean trainingNeedsAgreement() {
        return trainingNeedsAgreement;
    }

    /**
     * The training pass is over: its traffic is forgotten by the engine's counters (they count
     * the program's messages), and {@code report} is what {@code ATOLL_STATS} says of it.
     */
    public void trained(String report) {
        engine.counters().clear();
        engine.nicCounters().clear();
        if (engine.trace() != null) {
            engine.trace().clear();
        }
        trainingReport = report;
    }

    /**
     * Writes this rank's part of the job's trace beside the file mpirun merges it into
     * ({@code FILE.rank<N>}); everything this rank started has completed (quiesced). A part that
     * cannot be written is said on stderr, and mpirun's merge names it missing.
     */
    private void writeTracePart() {
        MessageTrace trace = engine.trace();
        String file = MessageTrace.fileSetting();
        if (trace == null || file == null) {
            return;
        }
        java.nio.file.Path part = MessageTrace.partFile(java.nio.file.Path.of(file), engine.rank());
        try {
            trace.writePart(part, engine.rank(), size(), processorName);
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("atoll-mpi: rank " + engine.rank() + ": cannot write its trace part " + part + ": " + e);
        }
    }

    /** Host name of this rank, for {@code getProcessorName}. */
    public String processorName() {
        return processorName;
    }

    /**
     * Ends the whole job: every rank stops and {@code mpirun} exits with {@code code}. Does not
     * return.
     */
    public void abort(int code, String message) {
        endJob(code, false, message);
    }

    /**
     * Ends the whole job on an MPI error under {@code MPI_ERRORS_ARE_FATAL}, which the caller has
     * already reported: {@code mpirun} names the error class ({@code className}) and exits with
     * {@code status}. Does not return.
     */
    public void fatalError(int status, String className) {
        endJob(status, true, className);
    }

    /** Ends the job; a singleton world (no job server) simply exits. */
    private void endJob(int code, boolean fatalError, String message) {
        System.out.flush();
        System.err.flush();
        if (bootstrap != null) {
            bootstrap.abort(code, fatalError, message);
        }
        int status = code & 0xff; // as mpirun's: an abort never exits 0, whatever its code modulo 256
        Runtime.getRuntime().halt(status == 0 ? 1 : status);
    }

    /**
     * Clean shutdown (MPI_Finalize): waits for outstanding traffic, then parts with the others.
     * The board stays mapped until the process exits: buffers from {@code MPI.newByteBuffer}
     * live in it, and a program that touches one after Finalize must not crash the JVM.
     */
    @Override
    public void close() {
        if (asyncProgress != null) {
            asyncProgress.close();
        }
        engine.quiesce();
        writeTracePart();
        if (settings.stats()) {
            System.err.println("atoll-mpi: rank " + engine.rank() + ": " + engine.counters()
                + "; peers read direct buffers by " + engine.processMemoryAccess()
                + (engine.faultCount() > 0 ? "; protocol faults " + engine.faultCount() : "")
                + (trainingReport != null ? "; training " + trainingReport : ""));
        }
        String nicReport = null;
        if (settings.reportNic()) {
            NicSnapshot counters = engine.nicCounters().snapshot();
            if (bootstrap instanceof JobBootstrap) {
                nicReport = counters.encode(); // mpirun prints the job's table
            } else {
                System.err.print("atoll-mpi: NIC counters of rank " + engine.rank() + " at MPI_Finalize\n"
                    + NicReport.table(List.of(counters)));
            }
        }
        if (bootstrap != null) {
            bootstrap.barrier();
            bootstrap.finalized(nicReport);
            bootstrap.close();
        }
        engine.close();
        Path page = counterFile;
        if (page != null) {
            try {
                // the mapping stays: a thread still in the engine writes to memory, not to a file
                java.nio.file.Files.deleteIfExists(page);
            } catch (IOException e) {
                // mpirun removes it with the job's files
            }
        }
    }
}

package org.atollmpi.runtime.boot.pmi;

import java.io.BufferedInputStream;
import java.io.FileDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

import org.atollmpi.runtime.boot.BootProtocol;
import org.atollmpi.runtime.boot.JobFiles;
import org.atollmpi.runtime.boot.JobWiring;

/**
 * The job of a rank that a PMI launcher started (MPICH's {@code mpiexec.hydra}, Slurm's
 * {@code srun --mpi=pmi2}) instead of our {@code mpirun}: everything {@link JobWiring} offers,
 * built from the launcher's key-value space.
 *
 * <p>At start every rank puts its host name, rank 0 also a fresh job id and job secret; after one
 * fence each rank reads them back. Ranks with the same host name share a node and its board file,
 * {@code atoll-<jobid>-n<lowest rank of the node>} in {@link JobFiles#boardDirectory()}, which the
 * shm board creates, maps and unlinks as under {@code mpirun}. The secret travels through the
 * launcher: the launcher is the job's trusted party, as {@code mpirun} is for its jobs (any
 * process that can speak PMI to it is of the job). An exchange puts this rank's blob (in base64url
 * parts that fit the server's value limit), fences, and gets every rank's; a barrier is a PMI-1
 * barrier, and over PMI-2 an exchange of nothing (Hydra's PMI-2 fence waits for no one). Abort is
 * PMI abort, MPI_Finalize is PMI finalize.
 *
 * <p>If the connection to the launcher ends before this rank finalized, the rank halts: its
 * launcher is gone and with it the job.
 */
public final class PmiBootstrap implements JobWiring {
    /** Connection to the server handed over by the launcher, already open. */
    public static final String ENV_FD = "PMI_FD";
    /** {@code host:port} of the server, when the launcher lets ranks dial it ({@code mpiexec.hydra -pmi-port}). */
    public static final String ENV_PORT = "PMI_PORT";
    /** This process's id for the server in the PMI_PORT model. */
    public static final String ENV_ID = "PMI_ID";
    public static final String ENV_RANK = "PMI_RANK";
    public static final String ENV_SIZE = "PMI_SIZE";
    /** Set by Slurm's pmi2 plugin, which speaks only PMI-2. */
    public static final String ENV_SLURM_JOB = "PMI_JOBID";
    /** {@code 1} or {@code 2}: the PMI version to speak (default 1, 2 under Slurm). */
    public static final String ENV_VERSION = "ATOLL_PMI";

    private static final int CONNECT_TIMEOUT_MS = 10_000;
    /** Abort must end this JVM even when the launcher does not stop it. */
    private static final long ABORT_WAIT_MS = 2_000;
    /**
     * Hydra kills the job as soon as its proxy reads the abort and does not drain the ranks' pipes
     * first: what the aborting rank printed just before could be lost (seen in CI). The rank gives
     * the launcher this long to forward its output before it asks for the abort.
     */
    private static final long OUTPUT_DRAIN_MS = 200;
    private static final int EXIT_LAUNCHER_LOST = 1;
    private static final String KEY_PREFIX = "atoll-";

    private final PmiClient pmi;
    private final int rank;
    private final int size;
    private final String jobId;
    private final long secret;
    private final String hostName;
    private final int[] nodeRanks;
    private final Path boardPath;
    private final IntConsumer halt;
    /** Exchanges are numbered so that each round's keys are new: PMI keys cannot be put twice. */
    private int round;
    private final AtomicBoolean ended = new AtomicBoolean();

    private PmiBootstrap(PmiClient pmi, String hostName, Path boardDirectory, IntConsumer halt) throws IOException {
        this.pmi = pmi;
        this.rank = pmi.rank();
        this.size = pmi.size();
        this.hostName = hostName;
        this.halt = halt;
        if (rank == 0) {
            // 128 random bits: the board's name cannot be guessed and taken first by another user
            String id = JobFiles.newJobId(boardDirectory, ProcessHandle.current().pid(), 'p');
            pmi.put(KEY_PREFIX + "job", id + "." + BootProtocol.formatSecret(BootProtocol.newSecret()));
        }
        pmi.put(KEY_PREFIX + "host-" + rank, encode(hostName.getBytes(StandardCharsets.UTF_8)));
        pmi.fence();
        String job = pmi.get(KEY_PREFIX + "job");
        int dot = job.indexOf('.');
        if (dot <= 0 || job.indexOf('-') >= 0) {
            throw new PmiException("rank 0 published job '" + job + "', not <jobid>.<secret>");
        }
        this.jobId = job.substring(0, dot);
        try {
            this.secret = BootProtocol.parseSecret(job.substring(dot + 1));
        } catch (NumberFormatException e) {
            throw new PmiException("rank 0 published job '" + job + "' with a bad secret: " + e.getMessage());
        }
        List<Integer> local = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            String host = r == rank ? hostName
                    : new String(decode(pmi.get(KEY_PREFIX + "host-" + r), "host of rank " + r), StandardCharsets.UTF_8);
            if (host.equals(hostName)) {
                local.add(r);
            }
        }
        this.nodeRanks = local.stream().mapToInt(Integer::intValue).toArray();
        this.boardPath = boardDirectory.resolve(BootProtocol.boardFileName(jobId, "n" + nodeRanks[0]));
        // The shm board unlinks its file once every rank of the node mapped it; a rank killed
        // before that would leave it behind, with no mpirun to remove it.
        Runtime.getRuntime().addShutdownHook(new Thread(this::removeBoardFile, "atoll-pmi-cleanup"));
    }

    /**
     * Joins the job of the PMI launcher that started this process, or returns null when none did
     * (neither {@code PMI_FD} nor {@code PMI_PORT} is set). The rank's node is its host name, or
     * {@code ATOLL_HOST} where set (as {@code mpirun} sets it), which lets one machine hold
     * several nodes.
     *
     * @throws IllegalStateException when the environment is incomplete or the launcher cannot be
     *                               spoken to; the message names the variable or the PMI command
     */
    public static PmiBootstrap fromEnvironment() {
        Map<String, String> env = System.getenv();
        String node = env.get(BootProtocol.ENV_HOST);
        return fromEnvironment(env, node == null || node.isBlank() ? JobFiles.localHostName() : node,
                JobFiles.boardDirectory(), code -> Runtime.getRuntime().halt(code));
    }

    /** As {@link #fromEnvironment()}, with the host name, the board directory and halting given, for tests. */
    static PmiBootstrap fromEnvironment(Map<String, String> env, String hostName, Path boardDirectory, IntConsumer halt) {
        String fd = env.get(ENV_FD);
        String port = env.get(ENV_PORT);
        if (fd == null && port == null) {
            return null;
        }
        PmiBootstrap[] self = new PmiBootstrap[1];
        Consumer<String> onLost = why -> {
            PmiBootstrap b = self[0];
            if (b != null && !b.ended.get()) {
                b.launcherLost(why);
            }
        };
        String where = fd != null ? ENV_FD + "=" + fd : ENV_PORT + "=" + port;
        try {
            int version = version(env);
            if (fd == null && env.get(ENV_ID) == null && (version == 1 || env.get(ENV_RANK) == null)) {
                throw new PmiException(ENV_PORT + " is set but " + ENV_ID + " is not");
            }
            PmiClient pmi;
            if (fd != null) {
                FileDescriptor descriptor = InheritedFd.adopt(PmiClient.number(ENV_FD, fd), ENV_FD);
                InputStream in = new BufferedInputStream(InheritedFd.input(descriptor));
                OutputStream out = InheritedFd.output(descriptor);
                pmi = open(version, in, out, where, env, onLost);
            } else {
                Socket socket = dial(port);
                pmi = open(version, new BufferedInputStream(socket.getInputStream()), socket.getOutputStream(),
                        where, env, onLost);
            }
            PmiBootstrap b = new PmiBootstrap(pmi, hostName, boardDirectory, halt);
            self[0] = b;
            if (pmi.lost() != null) {
                b.launcherLost(pmi.lost());
            }
            return b;
        } catch (IOException e) {
            throw new IllegalStateException("cannot join the job of the PMI launcher (" + where + "): "
                    + e.getMessage(), e);
        }
    }

    private static PmiClient open(int version, InputStream in, OutputStream out, String where,
                                  Map<String, String> env, Consumer<String> onLost) throws IOException {
        String id = env.get(ENV_ID);
        if (version == 2) {
            return Pmi2.open(in, out, where, env.get(ENV_RANK) == null && id != null
                    ? PmiClient.number(ENV_ID, id) : intVar(env, ENV_RANK), env.get(ENV_SLURM_JOB), onLost);
        }
        if (env.get(ENV_FD) == null) {
            return Pmi1.dialled(in, out, where, PmiClient.number(ENV_ID, id), onLost);
        }
        int size = intVar(env, ENV_SIZE);
        int rank = intVar(env, ENV_RANK);
        if (size < 1 || rank < 0 || rank >= size) {
            throw new PmiException(ENV_RANK + "=" + rank + " is not a rank of " + ENV_SIZE + "=" + size);
        }
        return Pmi1.connected(in, out, where, rank, size, onLost);
    }

    private static int version(Map<String, String> env) throws PmiException {
        String v = env.get(ENV_VERSION);
        if (v == null || v.isBlank()) {
            return env.containsKey(ENV_SLURM_JOB) ? 2 : 1;
        }
        return switch (v.trim()) {
            case "1" -> 1;
            case "2" -> 2;
            default -> throw new PmiException(ENV_VERSION + "=" + v + " is not a PMI version (1 or 2)");
        };
    }

    private static Socket dial(String port) throws IOException {
        int colon = port.lastIndexOf(':');
        if (colon <= 0) {
            throw new PmiException(ENV_PORT + "=" + port + " is not host:port");
        }
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(port.substring(0, colon),
                    PmiClient.number(ENV_PORT + " port", port.substring(colon + 1))), CONNECT_TIMEOUT_MS);
            socket.setTcpNoDelay(true);
            return socket;
        } catch (IOException | IllegalArgumentException e) {
            socket.close();
            throw new PmiException("cannot connect to " + ENV_PORT + "=" + port + ": " + e.getMessage());
        }
    }

    private static int intVar(Map<String, String> env, String name) throws PmiException {
        String value = env.get(name);
        if (value == null) {
            throw new PmiException(name + " is not set (the PMI launcher sets it)");
        }
        return PmiClient.number(name, value);
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int[] nodeRanks() {
        return nodeRanks.clone();
    }

    @Override
    public Path boardPath() {
        return boardPath;
    }

    @Override
    public long jobKey() {
        return secret;
    }

    public String jobId() {
        return jobId;
    }

    /** The PMI version spoken with the launcher. */
    public int pmiVersion() {
        return pmi.version();
    }

    @Override
    public String hostName() {
        return hostName;
    }

    @Override
    public int nodeCores() {
        // A PMI launcher binds nothing unless asked; if it did, this rank sees only its own cores.
        return Runtime.getRuntime().availableProcessors();
    }

    @Override
    public void barrier() {
        if (!pmi.fenceIsBarrier()) {
            exchange(new byte[0]); // every rank's key arrives only once that rank is here
            return;
        }
        try {
            pmi.fence();
        } catch (IOException e) {
            throw failed("barrier", e);
        }
    }

    @Override
    public synchronized byte[][] exchange(byte[] mine) {
        if (mine.length > BootProtocol.MAX_EXCHANGE_BYTES) {
            throw new IllegalArgumentException("exchange of " + mine.length + " bytes; at most "
                    + BootProtocol.MAX_EXCHANGE_BYTES);
        }
        String key = KEY_PREFIX + "x" + round++ + "-";
        try {
            putParts(key + rank, encode(mine));
            pmi.fence();
            byte[][] all = new byte[size][];
            for (int r = 0; r < size; r++) {
                all[r] = r == rank ? mine.clone() : decode(getParts(key + r), "exchange blob of rank " + r);
            }
            return all;
        } catch (IOException e) {
            throw failed("exchange", e);
        }
    }

    /**
     * Puts {@code value} under {@code key} as {@code <parts>:<first part>}, the other parts under
     * {@code key.<i>}, each within the server's value limit.
     */
    private void putParts(String key, String value) throws IOException {
        int room = pmi.maxValueLength() - 8; // the part count and its colon
        int parts = Math.max(1, (value.length() + room - 1) / room);
        for (int i = 0; i < parts; i++) {
            String part = value.substring(i * room, Math.min(value.length(), (i + 1) * room));
            pmi.put(i == 0 ? key : key + "." + i, i == 0 ? parts + ":" + part : part);
        }
    }

    private String getParts(String key) throws IOException {
        String first = pmi.get(key);
        int colon = first.indexOf(':');
        int parts;
        try {
            parts = colon > 0 ? Integer.parseInt(first.substring(0, colon)) : -1;
        } catch (NumberFormatException e) {
            parts = -1;
        }
        int most = BootProtocol.MAX_EXCHANGE_BYTES * 2 / Math.max(1, pmi.maxValueLength() - 8) + 2;
        if (parts < 1 || parts > most) {
            throw new PmiException("key " + key + " holds '" + first + "', not <parts>:<data> with 1.." + most + " parts");
        }
        StringBuilder value = new StringBuilder(first.substring(colon + 1));
        for (int i = 1; i < parts; i++) {
            value.append(pmi.get(key + "." + i));
        }
        return value.toString();
    }

    @Override
    public void abort(int code, boolean fatalError, String message) {
        ended.set(true);
        // The launcher does not know why the job ends, so the rank says it; a fatal error is
        // already reported, with the status it ends the job with.
        if (!fatalError) {
            System.err.println("atoll-mpi: " + message + "; the job ends with status " + code);
        }
        System.out.flush();
        System.err.flush();
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(OUTPUT_DRAIN_MS));
        try {
            pmi.abort(code, message);
            Thread.sleep(ABORT_WAIT_MS);
        } catch (IOException e) {
            // the launcher is gone: halting is all that is left
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        halt.accept(code);
    }

    @Override
    public void finalized() {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        try {
            pmi.finalizeJob();
        } catch (IOException e) {
            throw failed("finalize", e);
        }
    }

    @Override
    public void close() {
        ended.set(true);
        pmi.close();
    }

    @Override
    public String toString() {
        return "PmiBootstrap[PMI-" + pmi.version() + " " + pmi.peer() + ", job " + jobId + ", rank " + rank + "/"
                + size + " on " + hostName + ", board " + boardPath + ", node " + Arrays.toString(nodeRanks) + "]";
    }

    private void launcherLost(String why) {
        System.err.println("atoll-mpi: rank " + rank + " lost its PMI launcher (" + why + "); halting");
        System.err.flush();
        removeBoardFile();
        halt.accept(EXIT_LAUNCHER_LOST);
    }

    private void removeBoardFile() {
        try {
            Files.deleteIfExists(boardPath);
        } catch (IOException | RuntimeException e) {
            // best effort: the process is ending either way
        }
    }

    private IllegalStateException failed(String what, IOException e) {
        return new IllegalStateException("rank " + rank + ": " + what + " through the PMI launcher failed: "
                + e.getMessage(), e);
    }

    private static String encode(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] decode(String value, String what) throws PmiException {
        try {
            return Base64.getUrlDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            throw new PmiException(what + " is not base64url: '" + value + "'");
        }
    }
}

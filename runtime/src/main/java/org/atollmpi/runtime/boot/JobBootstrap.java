package org.atollmpi.runtime.boot;

import static org.atollmpi.runtime.boot.BootProtocol.*;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

import jdk.net.ExtendedSocketOptions;

/**
 * A rank's view of its job, the "routing space" that {@code mpirun} hands it: who it is, how many
 * ranks there are, the job secret, the board of its node and which ranks share that node; and its
 * line to the job server, for barriers, {@link #abort} and telling that it {@link #finalized}.
 *
 * <p>A daemon watchdog thread owns the connection's input. If the connection drops without this
 * rank having closed it (mpirun died), the watchdog removes the job's files and halts the JVM at
 * once, so a dead mpirun leaves neither ranks nor boards behind; when mpirun ends the job it says
 * so first, and the rank halts quietly. One instance per process: the server accepts each rank
 * once.
 */
public final class JobBootstrap implements JobWiring {
    private static final int CONNECT_TIMEOUT_MS = 10_000;
    /** How long a silent server may stall the handshake before the rank gives up. */
    private static final int HANDSHAKE_TIMEOUT_MS = 30_000;
    /** Abort must end this JVM even when the server does not answer. */
    private static final long ABORT_ACK_TIMEOUT_MS = 2_000;
    /** Exit status of a rank whose job ended under it; mpirun, if alive, ignores it. */
    private static final int EXIT_JOB_ENDED = 1;

    private final int rank;
    private final int size;
    private final String jobId;
    private final long secret;
    private final Path boardPath;
    private final int[] localRanks;
    private final String hostName;
    private final int nodeCores;

    /** Joins tried when the server closes the connection unanswered (a flood of strangers pushed it out). */
    private static final int JOIN_ATTEMPTS = 8;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final IntConsumer halt;

    /** Guards the state below; the watchdog notifies on every change. */
    private final Object lock = new Object();
    private byte[][] exchanged;
    private int exchangedRound = -1;
    private boolean finalizeAcked;
    private boolean abortAcked;
    /** Jobs started by {@link #spawn} that have ended: request, then status and message; guarded by {@code lock}. */
    private final java.util.Map<Integer, SpawnEnd> spawnEnded = new java.util.HashMap<>();

    /** How a spawned job ended: mpirun's status for it, and what it said. */
    private record SpawnEnd(int status, String message) {
        @Override
        public String toString() {
            return "status " + status + (message.isEmpty() ? "" : ": " + message);
        }
    }
    /** Requests whose job has connected: its failure ends this job; guarded by {@code lock}. */
    private final java.util.Set<Integer> spawnsConnected = new java.util.HashSet<>();
    /** Why the connection ended; null while it is up. */
    private String lost;

    /** Serialises exchanges: rounds are numbered in the order ranks enter them. */
    private final Object exchangeLock = new Object();
    private int nextRound;
    private final AtomicBoolean finalizeSent = new AtomicBoolean();
    private volatile boolean closing;
    /** What answers mpirun's DIAGNOSE; null until the runtime has an engine to describe. */
    private volatile Supplier<String> diagnosis;

    private JobBootstrap(Map<String, String> env, String server, IntConsumer halt, InputStream stdin) {
        this.rank = intVar(env, ENV_RANK);
        this.size = intVar(env, ENV_SIZE);
        if (size < 1 || rank < 0 || rank >= size) {
            throw new IllegalStateException(ENV_RANK + "=" + rank + " is not a rank of " + ENV_SIZE + "=" + size);
        }
        this.jobId = var(env, ENV_JOB_ID);
        this.secret = secret(env, stdin);
        this.boardPath = Path.of(var(env, ENV_BOARD_FILE));
        this.localRanks = parseLocalRanks(var(env, ENV_LOCAL_RANKS), rank, size);
        this.hostName = env.containsKey(ENV_HOST) ? env.get(ENV_HOST) : JobFiles.localHostName();
        this.nodeCores = env.containsKey(ENV_NODE_CORES) ? intVar(env, ENV_NODE_CORES)
                : Runtime.getRuntime().availableProcessors();
        this.halt = halt;

        Socket joined = null;
        DataInputStream joinedIn = null;
        DataOutputStream joinedOut = null;
        for (int attempt = 1; joined == null; attempt++) {
            Socket s = connect(server, rank);
            try {
                s.setTcpNoDelay(true); // barriers are latency-bound round trips
                keepAlive(s);
                DataInputStream i = new DataInputStream(new BufferedInputStream(s.getInputStream()));
                DataOutputStream o = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
                handshake(s, i, o);
                joined = s;
                joinedIn = i;
                joinedOut = o;
            } catch (EOFException | SocketException e) {
                // Closed before WELCOME or REJECT: the server dropped this connection unanswered, as
                // it drops the oldest of too many unauthenticated ones (strangers flooding it). Join
                // again, a few times, rather than fail the job for a stranger's flood.
                closeQuietly(s);
                if (attempt == JOIN_ATTEMPTS) {
                    throw new IllegalStateException("rank " + rank + " cannot join its job through the job server at "
                            + server + ": the connection was closed before an answer, " + attempt + " times", e);
                }
                pauseBeforeJoining(attempt);
            } catch (IOException e) {
                closeQuietly(s);
                throw new IllegalStateException("rank " + rank + " cannot join its job through the job server at "
                        + server + ": " + e.getMessage(), e);
            } catch (RuntimeException e) {
                closeQuietly(s);
                throw e;
            }
        }
        this.socket = joined;
        this.in = joinedIn;
        this.out = joinedOut;
        Thread watchdog = new Thread(this::watch, "atoll-job-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /**
     * Joins the job this process was started in by {@code mpirun}, or returns null when it was
     * not (plain {@code java}: a world of one rank).
     *
     * @throws IllegalStateException when the environment is incomplete or the job server cannot
     *                               be joined
     */
    public static JobBootstrap fromEnvironment() {
        return fromEnvironment(System.getenv(), code -> Runtime.getRuntime().halt(code), System.in);
    }

    /** As {@link #fromEnvironment()}, with the halting action replaceable for tests. */
    static JobBootstrap fromEnvironment(Map<String, String> env, IntConsumer halt) {
        return fromEnvironment(env, halt, System.in);
    }

    /** As {@link #fromEnvironment()}, with the halting action and standard input replaceable for tests. */
    static JobBootstrap fromEnvironment(Map<String, String> env, IntConsumer halt, InputStream stdin) {
        String server = env.get(ENV_JOB_SERVER);
        return server == null ? null : new JobBootstrap(env, server, halt, stdin);
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    public String jobId() {
        return jobId;
    }

    /** The per-job secret, for authenticating connections between ranks. */
    public long secret() {
        return secret;
    }

    /**
     * The board file of this node. The first local rank creates it, the others attach; it is
     * unlinked once all have attached, and mpirun removes it on every ending as well.
     */
    @Override
    public Path boardPath() {
        return boardPath;
    }

    /** World ranks on this node, ascending (this rank among them). */
    public int[] localRanks() {
        return localRanks.clone();
    }

    @Override
    public int[] nodeRanks() {
        return localRanks();
    }

    /** The address this rank reached the job server from: one the job's other hosts reach too. */
    @Override
    public InetAddress reachableAddress() {
        InetAddress local = socket.getLocalAddress();
        return local == null || local.isAnyLocalAddress() ? null : local;
    }

    @Override
    public long jobKey() {
        return secret;
    }

    @Override
    public String hostName() {
        return hostName;
    }

    /** Cores of this rank's node (all of them, not only those this rank is bound to). */
    @Override
    public int nodeCores() {
        return nodeCores;
    }

    /** Returns once every rank of the job has entered the barrier. */
    @Override
    public void barrier() {
        exchange(new byte[0]);
    }

    /**
     * Every rank contributes a blob (at most {@link BootProtocol#MAX_EXCHANGE_BYTES}); returns
     * all of them, indexed by rank, once every rank has contributed. Ranks call it in the same
     * order as any other collective; a barrier is an exchange of nothing.
     */
    @Override
    public byte[][] exchange(byte[] mine) {
        if (mine.length > MAX_EXCHANGE_BYTES) {
            throw new IllegalArgumentException("exchange of " + mine.length + " bytes; at most "
                    + MAX_EXCHANGE_BYTES);
        }
        synchronized (exchangeLock) {
            int round = nextRound++;
            send(EXCHANGE, o -> {
                o.writeInt(round);
                writeBlob(o, mine);
            });
            synchronized (lock) {
                while (exchangedRound != round) {
                    awaitChange("exchange " + round);
                }
                return exchanged;
            }
        }
    }

    /**
     * Ends the whole job: the server stops every rank and mpirun exits with {@code code}. Tells
     * the server, waits briefly for it to confirm, then halts this JVM with {@code code}. Does not
     * return. {@code fatalError}: not a call of abort but an MPI error under
     * {@code MPI_ERRORS_ARE_FATAL}; {@code code} is then its error class and {@code message} the
     * class's name (see {@link BootProtocol}).
     */
    @Override
    public void abort(int code, boolean fatalError, String message) {
        try {
            send(ABORT, o -> {
                o.writeInt(code);
                o.writeBoolean(fatalError);
                o.writeUTF(clip(message));
            });
            long deadline = System.nanoTime() + ABORT_ACK_TIMEOUT_MS * 1_000_000;
            synchronized (lock) {
                long left;
                while (!abortAcked && lost == null && (left = deadline - System.nanoTime()) > 0) {
                    lock.wait(Math.max(1, left / 1_000_000));
                }
            }
        } catch (RuntimeException e) {
            // the server is gone: halting is all that is left to do
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        halt.accept(code);
    }

    @Override
    public void onDiagnose(Supplier<String> report) {
        diagnosis = report;
    }

    @Override
    public void spawn(int request, List<String> args) {
        if (args.size() > MAX_SPAWN_ARGS) {
            throw new IllegalArgumentException(args.size() + " arguments for a spawned job; at most " + MAX_SPAWN_ARGS);
        }
        int bytes = 16;
        for (String a : args) {
            bytes += 2 + a.length() * 3;
        }
        if (bytes > MAX_RANK_FRAME) {
            throw new IllegalArgumentException("the spawned job's command line is too long (" + bytes + " bytes encoded;"
                + " at most " + MAX_RANK_FRAME + ")");
        }
        send(SPAWN, o -> {
            o.writeInt(request);
            o.writeInt(args.size());
            for (String a : args) {
                o.writeUTF(a);
            }
        });
    }

    @Override
    public void spawnConnected(int request) {
        SpawnEnd ended;
        synchronized (lock) {
            spawnsConnected.add(request);
            ended = spawnEnded.get(request);
        }
        if (ended != null && ended.status() != 0) {
            abortForSpawned(ended);
        }
    }

    /** A connected spawned job failed: end this one (on a thread of its own: the watchdog reads the ACK). */
    private void abortForSpawned(SpawnEnd ended) {
        Thread t = new Thread(() -> abort(ended.status(), false, "a job it spawned ended with " + ended),
            "atoll-spawned-failed");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public String spawnedStatus(int request) {
        synchronized (lock) {
            if (lost != null) {
                return "mpirun is gone (" + lost + ")";
            }
            SpawnEnd ended = spawnEnded.get(request);
            return ended == null ? null : ended.toString();
        }
    }

    /** Tells the server this rank finished MPI cleanly; returns once it has recorded that. */
    @Override
    public void finalized() {
        finalized(null);
    }

    /** As {@link #finalized()}, with this rank's NIC counters for {@code mpirun --report-nic} (null: none). */
    @Override
    public void finalized(String counters) {
        if (!finalizeSent.compareAndSet(false, true)) {
            return;
        }
        send(FINALIZED, o -> o.writeUTF(counters == null ? "" : counters));
        synchronized (lock) {
            while (!finalizeAcked) {
                awaitChange("finalize");
            }
        }
    }

    /**
     * Closes the connection. From here on the watchdog no longer guards this rank: call it when
     * the process is about to end, after {@link #finalized}.
     */
    @Override
    public void close() {
        closing = true;
        closeQuietly();
    }

    @Override
    public String toString() {
        return "JobBootstrap[job " + jobId + ", rank " + rank + "/" + size + " on " + hostName
                + ", board " + boardPath + ", local " + Arrays.toString(localRanks) + "]";
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing what failed
        }
    }

    private static void pauseBeforeJoining(int attempt) {
        try {
            Thread.sleep(Math.min(500, 20L << attempt));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handshake(Socket socket, DataInputStream in, DataOutputStream out) throws IOException {
        socket.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
        Frame challenge = readFrame(in, 64);
        if (challenge.type() != CHALLENGE) {
            throw new ProtocolException("expected CHALLENGE, got frame type " + challenge.type());
        }
        int magic = challenge.body().readInt();
        int version = challenge.body().readInt();
        if (magic != MAGIC || version != VERSION) {
            throw new ProtocolException(String.format(
                    "the job server speaks protocol %08x v%d, this rank %08x v%d: mpirun and the rank"
                            + " run different atoll-mpi jars", magic, version, MAGIC, VERSION));
        }
        byte[] nonce = new byte[NONCE_LENGTH];
        challenge.body().readFully(nonce);
        byte[] proof = mac(secret, nonce, rank);
        writeFrame(out, HELLO, o -> {
            o.writeInt(rank);
            o.write(proof);
        });
        Frame answer = readFrame(in, 4 + 3 * MAX_MESSAGE_CHARS);
        if (answer.type() == REJECT) {
            throw new ProtocolException("refused: " + answer.body().readUTF());
        }
        if (answer.type() != WELCOME) {
            throw new ProtocolException("expected WELCOME, got frame type " + answer.type());
        }
        socket.setSoTimeout(0); // from now on silence is normal: the watchdog waits for EOF
    }

    /** The watchdog: reads every frame from the server until the connection ends. */
    private void watch() {
        try {
            while (true) {
                Frame frame = readFrame(in, maxServerFrame(size));
                DataInputStream body = frame.body();
                switch (frame.type()) {
                    case EXCHANGE_DONE -> {
                        int round = body.readInt();
                        int n = body.readInt();
                        if (n != size && n != 0) {
                            throw new ProtocolException("exchange of " + n + " blobs in a job of " + size);
                        }
                        byte[][] blobs = new byte[size][];
                        for (int i = 0; i < size; i++) {
                            // no blob at all: every rank contributed an empty one (a barrier)
                            blobs[i] = n == 0 ? new byte[0] : readBlob(body, MAX_EXCHANGE_BYTES);
                        }
                        synchronized (lock) {
                            exchanged = blobs;
                            exchangedRound = round;
                            lock.notifyAll();
                        }
                    }
                    case FINALIZED_ACK -> {
                        synchronized (lock) {
                            finalizeAcked = true;
                            lock.notifyAll();
                        }
                    }
                    case ABORT_ACK -> {
                        synchronized (lock) {
                            abortAcked = true;
                            lock.notifyAll();
                        }
                    }
                    case SPAWNED -> {
                        int request = body.readInt();
                        int status = body.readInt();
                        String message = body.readUTF();
                        SpawnEnd ended = new SpawnEnd(status, message);
                        boolean connected;
                        synchronized (lock) {
                            spawnEnded.put(request, ended);
                            connected = spawnsConnected.contains(request);
                            lock.notifyAll();
                        }
                        if (connected && status != 0) {
                            abortForSpawned(ended);
                        }
                    }
                    case DIAGNOSE -> answerDiagnosis();
                    case TERMINATE -> {
                        // mpirun is ending the job and has said why; halt without adding noise:
                        // first, so that no thread of the program waiting here (Finalize's barrier)
                        // wakes to a failure and prints it
                        halt.accept(EXIT_JOB_ENDED);
                        markLost("the job was ended by mpirun");
                        return;
                    }
                    default -> throw new ProtocolException("unexpected frame type " + frame.type());
                }
            }
        } catch (IOException | RuntimeException e) {
            if (closing) {
                return;
            }
            String why = "lost its connection to mpirun ("
                    + (e instanceof EOFException ? "closed" : e.getMessage()) + ")";
            markLost(why);
            System.err.println("atoll-mpi: rank " + rank + " " + why + "; halting");
            System.err.flush();
            // mpirun would have removed the job's files; with it gone, the ranks do
            JobFiles.deleteAll(boardPath.toAbsolutePath().getParent(), jobId);
            halt.accept(EXIT_JOB_ENDED);
        }
    }

    /**
     * Answers DIAGNOSE from a thread of its own, so that the watchdog goes on reading (a TERMINATE
     * follows) whatever the report costs; the program's threads take no part.
     */
    private void answerDiagnosis() {
        Thread t = new Thread(() -> {
            Supplier<String> report = diagnosis;
            String text;
            try {
                text = report == null ? "in MPI_Init (no engine yet)" : report.get();
            } catch (RuntimeException | Error e) {
                text = "cannot describe its pending operations: " + e;
            }
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            byte[] clipped = bytes.length <= MAX_DIAGNOSIS_BYTES ? bytes : Arrays.copyOf(bytes, MAX_DIAGNOSIS_BYTES);
            try {
                send(DIAGNOSIS, o -> writeBlob(o, clipped));
            } catch (IllegalStateException e) {
                // mpirun is gone or ending the job: nobody to tell
            }
        }, "atoll-diagnosis");
        t.setDaemon(true);
        try {
            t.start();
        } catch (OutOfMemoryError e) {
            // no thread to be had: mpirun names this rank as not answering, and the watchdog lives on
        }
    }

    private void markLost(String why) {
        synchronized (lock) {
            lost = why;
            lock.notifyAll();
        }
        closeQuietly();
    }

    /** Waits for the watchdog to change something; fails if the connection is gone. */
    private void awaitChange(String what) {
        if (lost != null) {
            throw new IllegalStateException("rank " + rank + ": " + what + " failed: " + lost);
        }
        try {
            lock.wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("rank " + rank + ": interrupted waiting for " + what, e);
        }
    }

    private void send(byte type, Body body) {
        try {
            synchronized (out) {
                writeFrame(out, type, body);
            }
        } catch (IOException e) {
            throw new IllegalStateException("rank " + rank + " cannot reach the job server: " + e.getMessage(), e);
        }
    }

    private void closeQuietly() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is best effort; the peer sees EOF either way
        }
    }

    /**
     * Connects to the first of the job server's addresses that answers. A job that spans hosts
     * lists every address of mpirun's host that may be reachable; one that does not route here
     * fails at once, one that drops packets costs its share of the connect time.
     */
    private static Socket connect(String servers, int rank) {
        String[] list = servers.split(",");
        int timeout = Math.max(2_000, CONNECT_TIMEOUT_MS / list.length);
        List<String> failures = new ArrayList<>();
        for (String server : list) {
            Socket s = new Socket();
            try {
                s.connect(parseAddress(server.strip()), timeout);
                return s;
            } catch (IOException e) {
                failures.add(server.strip() + ": " + e.getMessage());
                try {
                    s.close();
                } catch (IOException ignored) {
                    // never connected
                }
            }
        }
        throw new IllegalStateException("rank " + rank + " cannot join its job through the job server at "
                + String.join("; ", failures));
    }

    /**
     * Lets the kernel notice a job server that is unreachable (a host or link down), which no
     * read would: then the watchdog halts this rank. Slower than mpirun's own probes of the
     * ranks, so that mpirun, which can say which rank it lost, notices first.
     */
    private static void keepAlive(Socket socket) throws IOException {
        socket.setKeepAlive(true);
        try {
            socket.setOption(ExtendedSocketOptions.TCP_KEEPIDLE, 10);
            socket.setOption(ExtendedSocketOptions.TCP_KEEPINTERVAL, 2);
            socket.setOption(ExtendedSocketOptions.TCP_KEEPCOUNT, 5);
        } catch (UnsupportedOperationException e) {
            // the system's keepalive times (hours): an unreachable mpirun is noticed late, not never
        }
    }

    /**
     * The job secret: from {@link BootProtocol#ENV_JOB_SECRET}, or, for a rank that mpirun started
     * on another host, the first line of standard input (bytes read one at a time, so that what
     * follows stays for the program: rank 0's input).
     */
    private static long secret(Map<String, String> env, InputStream stdin) {
        String from = env.get(ENV_JOB_SECRET_FROM);
        String text;
        String where;
        // before ENV_JOB_SECRET: an agent that passes its environment on (ip netns exec) may carry
        // a stale one, from an mpirun started inside another job's rank
        if (from != null) {
            if (!from.equals("stdin")) {
                throw new IllegalStateException(ENV_JOB_SECRET_FROM + "=" + from + ": expected stdin");
            }
            where = "the first line of standard input (" + ENV_JOB_SECRET_FROM + "=stdin)";
            StringBuilder line = new StringBuilder();
            try {
                int c;
                while ((c = stdin.read()) >= 0 && c != '\n' && line.length() <= 16) {
                    line.append((char) c);
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the job secret from standard input: " + e.getMessage(), e);
            }
            text = line.toString();
        } else {
            where = ENV_JOB_SECRET;
            text = var(env, ENV_JOB_SECRET);
        }
        try {
            return parseSecret(text);
        } catch (NumberFormatException e) {
            throw new IllegalStateException(where + " is not a job secret: " + e.getMessage());
        }
    }

    private static InetSocketAddress parseAddress(String server) {
        int colon = server.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalStateException(ENV_JOB_SERVER + "=" + server + " is not host:port");
        }
        String host = server.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new InetSocketAddress(host, Integer.parseInt(server.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(ENV_JOB_SERVER + "=" + server + " is not host:port");
        }
    }

    private static int[] parseLocalRanks(String list, int rank, int size) {
        try {
            // a loop, not a stream: the first stream pipeline of a JVM costs a rank ~2.5 ms to set up
            String[] items = list.split(",");
            int[] ranks = new int[items.length];
            for (int i = 0; i < items.length; i++) {
                ranks[i] = Integer.parseInt(items[i].trim());
            }
            boolean ascending = true;
            for (int i = 1; i < ranks.length; i++) {
                ascending &= ranks[i - 1] < ranks[i];
            }
            boolean inRange = ranks.length > 0 && ranks[0] >= 0 && ranks[ranks.length - 1] < size;
            if (ascending && inRange && Arrays.binarySearch(ranks, rank) >= 0) {
                return ranks;
            }
        } catch (NumberFormatException e) {
            // reported below with the whole value
        }
        throw new IllegalStateException(ENV_LOCAL_RANKS + "=" + list
                + " is not an ascending list of ranks below " + size + " that holds rank " + rank);
    }

    private static String var(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException(ENV_JOB_SERVER + " is set but " + name
                    + " is not: this process was not started by a matching mpirun");
        }
        return value;
    }

    private static int intVar(Map<String, String> env, String name) {
        String value = var(env, name);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalStateException(name + "=" + value + " is not a number");
        }
    }
}

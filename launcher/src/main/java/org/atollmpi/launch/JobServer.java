package org.atollmpi.launch;

import static org.atollmpi.runtime.boot.BootProtocol.*;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import jdk.net.ExtendedSocketOptions;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.atollmpi.runtime.boot.HostInterfaces;

/**
 * The job server inside mpirun: every rank connects to it once (proving it knows the job secret,
 * see {@link org.atollmpi.runtime.boot.BootProtocol}), and through it the ranks meet in barriers and
 * exchanges, report that they finalized, and abort the job.
 *
 * <p>Threads: one accepts and runs every handshake, non-blocking ({@link Handshakes}); each
 * authenticated rank then gets a thread of its own that reads its connection with blocking I/O (a
 * job is a handful of ranks per mpirun, and a thread per rank keeps this simple). So whoever can
 * connect but has not proven the secret costs mpirun no thread: at most {@code size + }{@value
 * #SPARE_PENDING} connections are unauthenticated at a time (a new one pushes out the oldest, so a
 * flood of idle connections cannot lock the ranks out), each holds at most
 * {@value #MAX_HELLO_FRAME} bytes of input, and each is closed after {@value #HANDSHAKE_TIMEOUT_MS}
 * ms. Every connection refused or dropped before it authenticated is logged once with the reason
 * (the first {@value #LOGGED_REFUSALS}; later ones are counted, and the count is logged when the
 * job ends). Whatever an authenticated rank sends that breaks the protocol closes its connection
 * with a logged reason; that rank then halts and mpirun ends the job.
 */
final class JobServer implements AutoCloseable {
    /** Time a connection gets to authenticate before it is dropped. */
    static final int HANDSHAKE_TIMEOUT_MS = 10_000;
    /** Unauthenticated connections held beside one per rank of the job. */
    static final int SPARE_PENDING = 64;
    /** Largest HELLO frame (its length word excluded); a HELLO has 37 bytes. */
    static final int MAX_HELLO_FRAME = 64;
    /** Refusals logged one by one; later ones are counted. */
    static final int LOGGED_REFUSALS = 100;

    /** Receives the server's news; called on the server's threads. */
    interface Listener {
        /**
         * Rank {@code rank} asked to abort the job: it called abort, or ({@code fatalError}) an MPI
         * call failed under {@code MPI_ERRORS_ARE_FATAL}, {@code code} is the error class and
         * {@code message} its name. Called before the rank is told it was heard.
         */
        void aborted(int rank, int code, boolean fatalError, String message);

        /** Rank {@code rank} has connected and authenticated: it is in {@code MPI_Init}. */
        default void joined(int rank) {
        }

        /**
         * The connection of rank {@code rank}, which had not finalized, ended: the rank died, or
         * its host or the network to it is gone ({@code why}: the socket's error, or "closed").
         */
        default void lost(int rank, String why) {
        }

        /** Rank {@code rank} finalized and sent its NIC counters ({@code mpirun --report-nic}), encoded. */
        default void counters(int rank, String counters) {
        }

        /** Rank {@code rank} answered {@link #diagnose}: {@code report} is what it waits for, a line each. */
        default void diagnosis(int rank, String report) {
        }

        /**
         * Rank {@code rank} asked for a job started as {@code mpirun <args>} (MPI_Comm_spawn);
         * {@code ended} is to be called once with that job's exit status and a message (on any
         * thread), which the rank is told. By default mpirun cannot.
         */
        default void spawn(int rank, List<String> args, java.util.function.BiConsumer<Integer, String> ended) {
            ended.accept(1, "this mpirun cannot start jobs");
        }
    }

    private final int size;
    private final long secret;
    private final Listener listener;
    private final Consumer<String> log;
    private final ServerSocketChannel serverChannel;
    private final Selector selector;
    /** Unauthenticated connections held at once. */
    private final int maxPending;
    private final int handshakeTimeoutMs;
    private final AtomicReferenceArray<Connection> connections;
    private final boolean[] finalized;
    /** Every authenticated connection, for {@link #terminate}. */
    private final List<Socket> openSockets = new ArrayList<>();
    private final AtomicLong refusals = new AtomicLong();
    private volatile boolean closed;

    /** The exchange being gathered; guarded by {@code this}. */
    private int round;
    private byte[][] contributions;
    private int contributed;

    /** What the server was asked to listen on; see {@link #listening}. */
    private final List<InetAddress> advertised;

    /** A server on loopback, for a job on this machine. */
    JobServer(int size, long secret, Listener listener, Consumer<String> log) throws IOException {
        this(size, secret, listener, log, List.of(InetAddress.getLoopbackAddress()));
    }

    /**
     * A server that ranks reach at {@code addresses} (all of them addresses of this host, in the
     * order ranks should try them): on loopback when that is the only one, else on every interface,
     * since a rank may reach this host by any of them; every connection authenticates all the same.
     */
    JobServer(int size, long secret, Listener listener, Consumer<String> log, List<InetAddress> addresses)
            throws IOException {
        this(size, secret, listener, log, addresses, HANDSHAKE_TIMEOUT_MS);
    }

    /** As above, with the time a connection gets to authenticate (tests wait less than the default). */
    JobServer(int size, long secret, Listener listener, Consumer<String> log, List<InetAddress> addresses,
            int handshakeTimeoutMs) throws IOException {
        this.handshakeTimeoutMs = handshakeTimeoutMs;
        this.advertised = List.copyOf(addresses);
        this.size = size;
        this.secret = secret;
        this.listener = listener;
        this.log = log;
        this.maxPending = size + SPARE_PENDING;
        this.connections = new AtomicReferenceArray<>(size);
        this.finalized = new boolean[size];
        this.contributions = new byte[size][];
        this.selector = Selector.open();
        this.serverChannel = ServerSocketChannel.open();
        boolean loopbackOnly = advertised.size() == 1 && advertised.get(0).isLoopbackAddress();
        serverChannel.bind(new InetSocketAddress(loopbackOnly ? advertised.get(0) : null, 0), Math.max(50, size));
        serverChannel.configureBlocking(false);
        serverChannel.register(selector, SelectionKey.OP_ACCEPT);
        Thread acceptor = new Thread(new Handshakes(), "atoll-job-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * Where the ranks of {@code placement} reach the server: loopback when they all run here; else
     * the addresses of {@code include} ({@code --mca oob_tcp_if_include}), or every address of this
     * host that others may reach, the one that routes to the first remote node (when its name
     * resolves) first.
     *
     * @throws UsageError when {@code include} selects nothing, or this host has no such address
     */
    static List<InetAddress> addressesFor(Placement placement, String include) {
        if (placement.allLocal()) {
            return List.of(InetAddress.getLoopbackAddress());
        }
        if (include != null) {
            try {
                return HostInterfaces.matching(include, "--mca oob_tcp_if_include");
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
        }
        List<InetAddress> addresses = new ArrayList<>(HostInterfaces.reachable());
        for (Placement.Member m : placement.nodes()) {
            if (m.node().local()) {
                continue;
            }
            InetAddress route = null;
            try {
                route = HostInterfaces.routeTo(InetAddress.getByName(m.node().name()));
            } catch (UnknownHostException e) {
                // a name only the remote shell knows (an ssh alias, a namespace): try every address
            }
            if (route != null && !route.isLoopbackAddress()) {
                addresses.remove(route);
                addresses.add(0, route);
            }
            break;
        }
        if (addresses.isEmpty()) {
            throw new UsageError("ranks run on other hosts, but this host has no address they could reach mpirun at ("
                    + HostInterfaces.describe() + ")");
        }
        return addresses;
    }

    /** {@code host:port[,host:port...]} for {@link org.atollmpi.runtime.boot.BootProtocol#ENV_JOB_SERVER}. */
    String address() {
        List<String> all = new ArrayList<>();
        for (InetAddress a : advertised) {
            String host = a.getHostAddress();
            int zone = host.indexOf('%');
            host = zone >= 0 ? host.substring(0, zone) : host;
            all.add((a instanceof Inet6Address ? "[" + host + "]" : host) + ":" + serverChannel.socket().getLocalPort());
        }
        return String.join(",", all);
    }

    /** The rank has connected and authenticated: it started MPI. */
    boolean joined(int rank) {
        return connections.get(rank) != null;
    }

    synchronized boolean finalized(int rank) {
        return finalized[rank];
    }

    /**
     * Asks every rank that has joined and not finalized what it waits for; each answers through
     * {@link Listener#diagnosis} (its watchdog thread answers, whatever its program is doing).
     * Returns the ranks asked.
     */
    BitSet diagnose() {
        BitSet asked = new BitSet(size);
        for (int r = 0; r < size; r++) {
            Connection c = connections.get(r);
            if (c != null && !finalized(r)) {
                c.sendQuietly(DIAGNOSE, o -> { });
                asked.set(r);
            }
        }
        return asked;
    }

    /**
     * Ends the job on the ranks' side: each connected rank is told to halt, and every connection
     * is closed. Ranks that miss the message see the connection drop and halt all the same.
     */
    void terminate() {
        closed = true;
        closeQuietly(serverChannel);
        selector.wakeup();
        for (int r = 0; r < size; r++) {
            Connection c = connections.get(r);
            if (c != null) {
                c.sendQuietly(TERMINATE, o -> { });
            }
        }
        synchronized (openSockets) {
            openSockets.forEach(JobServer::closeQuietly);
        }
        long refused = refusals.get();
        if (refused > LOGGED_REFUSALS) {
            log.accept("refused " + refused + " connections in all (" + (refused - LOGGED_REFUSALS)
                    + " not logged one by one)");
        }
    }

    @Override
    public void close() {
        terminate();
    }

    /** Connections refused or dropped before they authenticated. */
    long refusals() {
        return refusals.get();
    }

    /** Logs a connection refused or dropped before it authenticated, once, and counts it. */
    private void refused(SocketAddress from, String reason) {
        long n = refusals.incrementAndGet();
        if (n <= LOGGED_REFUSALS) {
            log.accept("refused a connection from " + from + ": " + reason);
        }
        if (n == LOGGED_REFUSALS) {
            log.accept("further refused connections are counted, not logged one by one");
        }
    }

    /**
     * The accepting thread: accepts, sends each connection its CHALLENGE, reads HELLOs as their
     * bytes come, refuses with a reason, drops what stays silent past its time or is pushed out by
     * newer connections, and gives an authenticated connection a thread of its own
     * ({@link #serveRank}).
     */
    private final class Handshakes implements Runnable {
        /** In arrival order, so in deadline order: the oldest is the first to expire or be pushed out. */
        private final LinkedHashSet<Pending> pending = new LinkedHashSet<>();
        private boolean acceptFailing;

        @Override
        public void run() {
            try {
                while (!closed) {
                    selector.select(untilNextDeadlineMillis());
                    List<Pending> authenticated = new ArrayList<>();
                    for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
                        SelectionKey key = it.next();
                        it.remove();
                        if (!key.isValid()) {
                            continue;
                        }
                        if (key.isAcceptable()) {
                            acceptAll();
                        } else if (key.isReadable() && ((Pending) key.attachment()).read()) {
                            authenticated.add((Pending) key.attachment());
                        }
                    }
                    expire();
                    if (!authenticated.isEmpty()) {
                        selector.selectNow(); // deregisters their cancelled keys, so that they may block
                        for (Pending p : authenticated) {
                            start(p);
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                if (!closed) {
                    log.accept("job server stopped accepting: " + e);
                }
            } finally {
                for (Pending p : pending) {
                    closeQuietly(p.channel);
                }
                pending.clear();
                closeQuietly(selector);
            }
        }

        private long untilNextDeadlineMillis() {
            if (pending.isEmpty()) {
                return 0; // no deadline: wait for a connection
            }
            long nanos = pending.iterator().next().deadlineNanos - System.nanoTime();
            return Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos) + 1);
        }

        private void acceptAll() {
            while (!closed) {
                SocketChannel channel;
                try {
                    channel = serverChannel.accept();
                } catch (IOException e) {
                    // out of descriptors, most likely: free one, else the connection waiting in
                    // the backlog wakes the selector again at once
                    if (!acceptFailing) {
                        log.accept("job server cannot accept a connection: " + e.getMessage());
                        acceptFailing = true;
                    }
                    if (!pending.isEmpty()) {
                        drop(pending.iterator().next(), "pushed out: mpirun could not accept a newer connection ("
                                + e.getMessage() + ")");
                    } else {
                        pause();
                    }
                    return;
                }
                if (channel == null) {
                    return;
                }
                acceptFailing = false;
                if (pending.size() >= maxPending) {
                    drop(pending.iterator().next(), "pushed out by a newer connection: " + maxPending
                            + " connections had not authenticated");
                }
                Pending p = null;
                try {
                    channel.configureBlocking(false);
                    channel.socket().setTcpNoDelay(true);
                    p = new Pending(channel);
                    pending.add(p);
                    p.challenge();
                } catch (IOException e) {
                    if (p != null) {
                        drop(p, "cannot send the challenge (" + e.getMessage() + ")");
                    } else {
                        closeQuietly(channel);
                    }
                }
            }
        }

        private void pause() {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void expire() {
            long now = System.nanoTime();
            while (!pending.isEmpty()) {
                Pending oldest = pending.iterator().next();
                if (now - oldest.deadlineNanos < 0) {
                    return;
                }
                drop(oldest, "no HELLO within " + handshakeTimeoutMs + " ms (" + oldest.hello.received()
                        + " bytes of one came)");
            }
        }

        /** Closes an unauthenticated connection, logging why. */
        private void drop(Pending p, String reason) {
            pending.remove(p);
            refused(p.remote, reason);
            closeQuietly(p.channel);
        }

        /**
         * Logs, tells the peer why (as much as its socket takes at once) and closes: logged
         * first, so that whoever reads the REJECT finds the line already written.
         */
        private void refuse(Pending p, String reason) {
            pending.remove(p);
            refused(p.remote, reason);
            try {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
                writeFrame(new DataOutputStream(bytes), REJECT, o -> o.writeUTF(reason));
                p.channel.write(ByteBuffer.wrap(bytes.toByteArray()));
            } catch (IOException e) {
                // the peer is gone already; nothing more to tell it
            }
            closeQuietly(p.channel);
        }

        private void start(Pending p) {
            Connection c = connections.get(p.rank);
            try {
                p.channel.configureBlocking(true);
            } catch (IOException e) {
                refused(p.remote, "rank " + p.rank + " authenticated, but its socket failed: " + e.getMessage());
                closeQuietly(p.channel);
                connections.compareAndSet(p.rank, c, null);
                return;
            }
            Thread t = new Thread(() -> serveRank(c, p.channel), "atoll-job-server-rank-" + p.rank);
            t.setDaemon(true);
            t.start();
        }

        /** A connection that has not authenticated yet. */
        private final class Pending {
            final SocketChannel channel;
            final SocketAddress remote;
            final long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(handshakeTimeoutMs);
            final byte[] nonce = new byte[NONCE_LENGTH];
            final HelloReader hello = new HelloReader();
            int rank = -1;

            Pending(SocketChannel channel) throws IOException {
                this.channel = channel;
                this.remote = channel.getRemoteAddress();
                newNonce(nonce);
            }

            /** Sends the CHALLENGE: 29 bytes, which a fresh socket's empty buffer takes at once. */
            void challenge() throws IOException {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
                writeFrame(new DataOutputStream(bytes), CHALLENGE, o -> {
                    o.writeInt(MAGIC);
                    o.writeInt(VERSION);
                    o.write(nonce);
                });
                ByteBuffer frame = ByteBuffer.wrap(bytes.toByteArray());
                channel.write(frame);
                if (frame.hasRemaining()) {
                    throw new IOException("the socket took " + frame.position() + " of " + frame.limit() + " bytes");
                }
                channel.register(selector, SelectionKey.OP_READ, this);
            }

            /** Reads what has come; true once the connection has authenticated (its key is cancelled then). */
            boolean read() {
                Hello h;
                try {
                    if (channel.read(hello.buffer()) < 0) {
                        refuse(this, "closed after " + hello.received() + " bytes, before a complete HELLO");
                        return false;
                    }
                    h = hello.advance();
                } catch (ProtocolException e) {
                    refuse(this, "no valid HELLO (" + e.getMessage() + ")");
                    return false;
                } catch (IOException e) {
                    refuse(this, "lost before a complete HELLO (" + e.getMessage() + ")");
                    return false;
                }
                if (h == null) {
                    return false;
                }
                if (h.rank() < 0 || h.rank() >= size) {
                    refuse(this, "rank " + h.rank() + " is not in this job of " + size);
                    return false;
                }
                if (!macMatches(mac(secret, nonce, h.rank()), h.mac())) {
                    refuse(this, "rank " + h.rank() + " does not know the job secret");
                    return false;
                }
                if (!connections.compareAndSet(h.rank(), null, new Connection(h.rank()))) {
                    refuse(this, "rank " + h.rank() + " is already connected");
                    return false;
                }
                rank = h.rank();
                pending.remove(this);
                channel.keyFor(selector).cancel();
                return true;
            }
        }
    }

    /** What a HELLO says: the rank it claims, and the MAC that proves it knows the secret. */
    record Hello(int rank, byte[] mac) {
    }

    /**
     * Reads one HELLO frame as its bytes arrive, never holding more than the frame's length word
     * and {@value #MAX_HELLO_FRAME} bytes: read into {@link #buffer()}, then call {@link #advance()}.
     */
    static final class HelloReader {
        private final ByteBuffer buffer = ByteBuffer.allocate(4 + MAX_HELLO_FRAME).limit(4);
        private boolean lengthRead;

        /** Where the next bytes go; its room is exactly what is missing of the length word or the frame. */
        ByteBuffer buffer() {
            return buffer;
        }

        int received() {
            return buffer.position();
        }

        /**
         * @return the HELLO once its frame is complete, else null (more bytes to come)
         * @throws ProtocolException when the bytes cannot be a HELLO
         */
        Hello advance() throws ProtocolException {
            if (buffer.hasRemaining()) {
                return null;
            }
            if (!lengthRead) {
                int length = buffer.getInt(0);
                if (length < 1 || length > MAX_HELLO_FRAME) {
                    throw new ProtocolException("frame length " + length + " outside 1.." + MAX_HELLO_FRAME);
                }
                lengthRead = true;
                buffer.limit(4 + length);
                return null;
            }
            int length = buffer.limit() - 4;
            byte type = buffer.get(4);
            if (type != HELLO) {
                throw new ProtocolException("expected HELLO, got frame type " + type);
            }
            if (length != 1 + 4 + MAC_LENGTH) {
                throw new ProtocolException("a HELLO has " + (1 + 4 + MAC_LENGTH) + " bytes, not " + length);
            }
            byte[] mac = new byte[MAC_LENGTH];
            buffer.get(9, mac);
            return new Hello(buffer.getInt(5), mac);
        }
    }

    /** An authenticated rank's thread: welcomes it, then serves its requests until it or the job ends. */
    private void serveRank(Connection connection, SocketChannel channel) {
        Socket socket = channel.socket();
        synchronized (openSockets) {
            if (closed) {
                closeQuietly(socket);
                return;
            }
            openSockets.add(socket);
        }
        try {
            keepAlive(socket);
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            connection.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            listener.joined(connection.rank); // before WELCOME: the rank's exit can only come after this news
            connection.send(WELCOME, o -> { });
            while (true) {
                handle(connection, decode(readFrame(in, MAX_RANK_FRAME)));
            }
        } catch (ProtocolException e) {
            log.accept("closing the connection of rank " + connection.rank + ": " + e.getMessage());
            lost(connection, e.getMessage());
        } catch (IOException e) {
            // EOF or reset: the rank exited or was killed, and its process exit tells more; or
            // the keepalive probes went unanswered: its host or the way there is gone
            lost(connection, e instanceof EOFException ? "closed" : e.getMessage());
        } finally {
            synchronized (openSockets) {
                openSockets.remove(socket);
            }
            closeQuietly(socket);
        }
    }

    private void lost(Connection connection, String why) {
        if (connection != null && !closed && !finalized(connection.rank)) {
            listener.lost(connection.rank, why);
        }
    }

    /**
     * Probes an idle rank's connection every second after 3 s of silence and gives up after 3
     * unanswered probes: a rank whose host or link went down is noticed in about 6 s (the rank
     * answers from its kernel, however busy it is). The ranks probe mpirun more slowly, so that
     * mpirun, which can name the rank, notices first.
     */
    private static void keepAlive(Socket socket) throws IOException {
        socket.setKeepAlive(true);
        try {
            socket.setOption(ExtendedSocketOptions.TCP_KEEPIDLE, 3);
            socket.setOption(ExtendedSocketOptions.TCP_KEEPINTERVAL, 1);
            socket.setOption(ExtendedSocketOptions.TCP_KEEPCOUNT, 3);
        } catch (UnsupportedOperationException e) {
            // the system's keepalive times (hours): a lost host is noticed late, not never
        }
    }

    /** Runs the handshake; returns the rank's connection, or null after refusing it. */
    /** What an authenticated rank asks of the server. */
    sealed interface Request permits Exchange, Finalized, Abort, Diagnosis, Spawn {
    }

    /** MPI_Comm_spawn at a rank: start a job as {@code mpirun <args>}; answered by SPAWNED when it ends. */
    record Spawn(int request, List<String> args) implements Request {
    }

    record Exchange(int round, byte[] blob) implements Request {
    }

    /** MPI_Finalize at a rank; {@code counters} is its NIC counters encoded, empty when it sent none. */
    record Finalized(String counters) implements Request {
    }

    record Abort(int code, boolean fatalError, String message) implements Request {
    }

    /** A rank's answer to DIAGNOSE: what it waits for, as lines ({@code mpirun --timeout}). */
    record Diagnosis(String report) implements Request {
    }

    /**
     * Decodes a rank's frame. A body too short or not what its type says (a malformed string
     * included), or an unknown type, is a {@link ProtocolException}; nothing else is thrown.
     */
    static Request decode(Frame frame) throws ProtocolException {
        DataInputStream body = frame.body();
        try {
            return switch (frame.type()) {
                case EXCHANGE -> new Exchange(body.readInt(), readBlob(body, MAX_EXCHANGE_BYTES));
                case FINALIZED -> new Finalized(body.available() > 0 ? body.readUTF() : "");
                case ABORT -> new Abort(body.readInt(), body.readBoolean(), clip(body.readUTF()));
                case DIAGNOSIS -> new Diagnosis(new String(readBlob(body, MAX_DIAGNOSIS_BYTES), StandardCharsets.UTF_8));
                case SPAWN -> {
                    int request = body.readInt();
                    int n = body.readInt();
                    if (n < 0 || n > MAX_SPAWN_ARGS) {
                        throw new ProtocolException("a SPAWN of " + n + " arguments");
                    }
                    List<String> args = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        args.add(body.readUTF());
                    }
                    yield new Spawn(request, args);
                }
                default -> throw new ProtocolException("unexpected frame type " + frame.type());
            };
        } catch (ProtocolException e) {
            throw e;
        } catch (EOFException e) {
            throw new ProtocolException("frame of type " + frame.type() + " is too short");
        } catch (IOException e) {
            throw new ProtocolException("frame of type " + frame.type() + " does not decode: " + e.getMessage());
        }
    }

    private void handle(Connection c, Request request) throws IOException {
        if (request instanceof Exchange x) {
            contribute(c.rank, x.round(), x.blob());
        } else if (request instanceof Finalized x) {
            synchronized (this) {
                finalized[c.rank] = true;
            }
            if (!x.counters().isEmpty()) {
                listener.counters(c.rank, x.counters());
            }
            c.send(FINALIZED_ACK, o -> { });
        } else if (request instanceof Abort x) {
            listener.aborted(c.rank, x.code(), x.fatalError(), x.message());
            c.send(ABORT_ACK, o -> { });
        } else if (request instanceof Diagnosis x) {
            listener.diagnosis(c.rank, x.report());
        } else if (request instanceof Spawn x) {
            listener.spawn(c.rank, x.args(), (status, message) -> {
                try {
                    c.send(SPAWNED, o -> {
                        o.writeInt(x.request());
                        o.writeInt(status);
                        o.writeUTF(clip(message));
                    });
                } catch (IOException e) {
                    // the rank is gone: nobody to tell
                }
            });
        }
    }

    private void contribute(int rank, int inRound, byte[] blob) throws IOException {
        byte[][] done;
        int doneRound;
        synchronized (this) {
            if (inRound != round || contributions[rank] != null) {
                throw new ProtocolException("rank " + rank + " entered exchange " + inRound + " during exchange "
                        + round + (contributions[rank] != null ? " twice" : ""));
            }
            contributions[rank] = blob;
            if (++contributed < size) {
                return;
            }
            done = contributions;
            doneRound = round;
            contributions = new byte[size][];
            contributed = 0;
            round++;
        }
        // Outside the lock: no rank can enter the next round before it has this answer. The frame
        // is encoded once (O(p)), not once per rank (O(p^2) work for this thread); a round of
        // empty blobs (a barrier) says so with no blob at all, so a barrier costs each rank
        // 13 bytes however large the job.
        boolean empty = allEmpty(done);
        ByteArrayOutputStream encoded = new ByteArrayOutputStream(16 + (empty ? 0 : size * 12));
        try {
            writeFrame(new DataOutputStream(encoded), EXCHANGE_DONE, o -> {
                o.writeInt(doneRound);
                o.writeInt(empty ? 0 : done.length);
                if (!empty) {
                    for (byte[] b : done) {
                        writeBlob(o, b);
                    }
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException("encoding into memory cannot fail", e);
        }
        byte[] frame = encoded.toByteArray();
        for (int r = 0; r < size; r++) {
            connections.get(r).sendEncodedQuietly(frame);
        }
    }

    private static boolean allEmpty(byte[][] blobs) {
        for (byte[] b : blobs) {
            if (b.length != 0) {
                return false;
            }
        }
        return true;
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing is best effort; the peer sees EOF either way
        }
    }

    /** An authenticated rank's connection; writes are serialised on {@code out}. */
    /** An authenticated rank's connection; writes are serialised on {@code out}, which exists once the rank's thread runs. */
    private static final class Connection {
        final int rank;
        volatile DataOutputStream out;

        Connection(int rank) {
            this.rank = rank;
        }

        void send(byte type, Body body) throws IOException {
            DataOutputStream o = out;
            if (o == null) {
                throw new IOException("rank " + rank + " is not welcomed yet");
            }
            synchronized (o) {
                writeFrame(o, type, body);
            }
        }

        /** Sends a frame {@link org.atollmpi.runtime.boot.BootProtocol#writeFrame} encoded before, as {@link #sendQuietly}. */
        void sendEncodedQuietly(byte[] frame) {
            DataOutputStream o = out;
            if (o == null) {
                return;
            }
            try {
                synchronized (o) {
                    o.write(frame);
                    o.flush();
                }
            } catch (IOException e) {
                // the rank is gone; its exit ends the job
            }
        }

        /** Sends where a failure needs no handling: the rank's reader notices the broken connection. */
        void sendQuietly(byte type, Body body) {
            try {
                send(type, body);
            } catch (IOException e) {
                // the rank is gone (or never welcomed); its exit ends the job
            }
        }
    }
}

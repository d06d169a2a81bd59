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
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import jdk.net.ExtendedSocketOptions;
import org.atollmpi.launch.MpirunArgs.UsageError;
import org.atollmpi.nic.KernelRandom;
import org.atollmpi.nic.tcp.HostAddresses;

/**
 * The job server inside mpirun: every rank connects to it once (proving it knows the job secret,
 * see {@link org.atollmpi.runtime.boot.BootProtocol}), and through it the ranks meet in barriers and
 * exchanges, report that they finalized, and abort the job.
 *
 * <p>One thread accepts, one thread per connection reads; the job is a handful of ranks, so
 * blocking I/O keeps this simple. Whatever a rank sends that breaks the protocol closes its
 * connection with a logged reason; that rank then halts and mpirun ends the job.
 */
final class JobServer implements AutoCloseable {
    /** Time a connection gets to authenticate before it is dropped. */
    private static final int HANDSHAKE_TIMEOUT_MS = 10_000;

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

        /** Rank {@code rank} answered {@link #diagnose}: {@code report} is what it waits for, a line each. */
        default void diagnosis(int rank, String report) {
        }
    }

    private final int size;
    private final long secret;
    private final Listener listener;
    private final Consumer<String> log;
    private final ServerSocket serverSocket;
    private final AtomicReferenceArray<Connection> connections;
    private final boolean[] finalized;
    /** Every open connection, authenticated or not, for {@link #terminate}. */
    private final List<Socket> openSockets = new ArrayList<>();
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
        this.advertised = List.copyOf(addresses);
        this.size = size;
        this.secret = secret;
        this.listener = listener;
        this.log = log;
        this.connections = new AtomicReferenceArray<>(size);
        this.finalized = new boolean[size];
        this.contributions = new byte[size][];
        this.serverSocket = new ServerSocket();
        boolean loopbackOnly = advertised.size() == 1 && advertised.get(0).isLoopbackAddress();
        serverSocket.bind(new InetSocketAddress(loopbackOnly ? advertised.get(0) : null, 0), Math.max(50, size));
        Thread acceptor = new Thread(this::acceptLoop, "atoll-job-server");
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
                return HostAddresses.matching(include, "--mca oob_tcp_if_include");
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
        }
        List<InetAddress> addresses = new ArrayList<>(HostAddresses.reachable());
        for (Placement.Member m : placement.nodes()) {
            if (m.node().local()) {
                continue;
            }
            InetAddress route = null;
            try {
                route = HostAddresses.routeTo(InetAddress.getByName(m.node().name()));
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
                    + HostAddresses.describe() + ")");
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
            all.add((a instanceof Inet6Address ? "[" + host + "]" : host) + ":" + serverSocket.getLocalPort());
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
        closeQuietly(serverSocket);
        for (int r = 0; r < size; r++) {
            Connection c = connections.get(r);
            if (c != null) {
                c.sendQuietly(TERMINATE, o -> { });
            }
        }
        synchronized (openSockets) {
            openSockets.forEach(JobServer::closeQuietly);
        }
    }

    @Override
    public void close() {
        terminate();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = serverSocket.accept();
            } catch (IOException e) {
                if (!closed) {
                    log.accept("job server stopped accepting: " + e.getMessage());
                }
                return;
            }
            synchronized (openSockets) {
                if (closed) {
                    closeQuietly(socket);
                    return;
                }
                openSockets.add(socket);
            }
            Thread t = new Thread(() -> serve(socket), "atoll-job-server-conn");
            t.setDaemon(true);
            t.start();
        }
    }

    private void serve(Socket socket) {
        Connection connection = null;
        try {
            socket.setTcpNoDelay(true);
            keepAlive(socket);
            socket.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            connection = authenticate(socket, in, out);
            if (connection == null) {
                return;
            }
            socket.setSoTimeout(0);
            while (true) {
                Frame frame = readFrame(in, MAX_RANK_FRAME);
                try {
                    handle(connection, frame);
                } catch (EOFException e) {
                    throw new ProtocolException("frame of type " + frame.type() + " is too short");
                }
            }
        } catch (ProtocolException e) {
            log.accept("closing the connection of " + who(connection, socket) + ": " + e.getMessage());
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
    private Connection authenticate(Socket socket, DataInputStream in, DataOutputStream out) throws IOException {
        byte[] nonce = new byte[NONCE_LENGTH];
        KernelRandom.nextBytes(nonce);
        writeFrame(out, CHALLENGE, o -> {
            o.writeInt(MAGIC);
            o.writeInt(VERSION);
            o.write(nonce);
        });
        Frame hello;
        try {
            hello = readFrame(in, 64);
        } catch (SocketException e) {
            throw e;
        } catch (IOException e) {
            // a silent or garbled peer: not one of our ranks
            return refuse(socket, out, "no valid HELLO (" + e.getMessage() + ")");
        }
        if (hello.type() != HELLO) {
            return refuse(socket, out, "expected HELLO, got frame type " + hello.type());
        }
        int rank = hello.body().readInt();
        byte[] proof = new byte[MAC_LENGTH];
        hello.body().readFully(proof);
        if (rank < 0 || rank >= size) {
            return refuse(socket, out, "rank " + rank + " is not in this job of " + size);
        }
        if (!macMatches(mac(secret, nonce, rank), proof)) {
            return refuse(socket, out, "rank " + rank + " does not know the job secret");
        }
        Connection connection = new Connection(rank, socket, out);
        if (!connections.compareAndSet(rank, null, connection)) {
            return refuse(socket, out, "rank " + rank + " is already connected");
        }
        listener.joined(rank); // before WELCOME: the rank's exit can only come after this news
        writeFrame(out, WELCOME);
        return connection;
    }

    private Connection refuse(Socket socket, DataOutputStream out, String reason) {
        log.accept("refused a connection from " + socket.getRemoteSocketAddress() + ": " + reason);
        try {
            writeFrame(out, REJECT, o -> o.writeUTF(reason));
        } catch (IOException e) {
            // the peer is gone already; nothing more to tell it
        }
        return null;
    }

    private void handle(Connection c, Frame frame) throws IOException {
        DataInputStream body = frame.body();
        switch (frame.type()) {
            case EXCHANGE -> contribute(c.rank, body.readInt(), readBlob(body, MAX_EXCHANGE_BYTES));
            case FINALIZED -> {
                synchronized (this) {
                    finalized[c.rank] = true;
                }
                c.send(FINALIZED_ACK, o -> { });
            }
            case ABORT -> {
                int code = body.readInt();
                boolean fatalError = body.readBoolean();
                String message = clip(body.readUTF());
                listener.aborted(c.rank, code, fatalError, message);
                c.send(ABORT_ACK, o -> { });
            }
            case DIAGNOSIS -> listener.diagnosis(c.rank,
                    new String(readBlob(body, MAX_DIAGNOSIS_BYTES), StandardCharsets.UTF_8));
            default -> throw new ProtocolException("unexpected frame type " + frame.type());
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

    private static String who(Connection c, Socket socket) {
        return c != null ? "rank " + c.rank : String.valueOf(socket.getRemoteSocketAddress());
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing is best effort; the peer sees EOF either way
        }
    }

    /** An authenticated rank's connection; writes are serialised on {@code out}. */
    private static final class Connection {
        final int rank;
        final Socket socket;
        final DataOutputStream out;

        Connection(int rank, Socket socket, DataOutputStream out) {
            this.rank = rank;
            this.socket = socket;
            this.out = out;
        }

        void send(byte type, Body body) throws IOException {
            synchronized (out) {
                writeFrame(out, type, body);
            }
        }

        /** Sends a frame {@link org.atollmpi.runtime.boot.BootProtocol#writeFrame} encoded before, as {@link #sendQuietly}. */
        void sendEncodedQuietly(byte[] frame) {
            try {
                synchronized (out) {
                    out.write(frame);
                    out.flush();
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
                // the rank is gone; its exit ends the job
            }
        }
    }
}

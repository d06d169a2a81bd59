package mpi;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;
import org.atollmpi.runtime.Bridges;
import org.atollmpi.runtime.SpawnedPrograms;
import org.atollmpi.runtime.boot.BootProtocol;
import org.atollmpi.runtime.boot.JobFiles;

/**
 * MPI-2's ports (MPI_Open_port, MPI_Comm_accept, MPI_Comm_connect) and name publishing: two
 * disjoint groups, each an intracommunicator, become an intercommunicator through a port name one
 * of them opened and passed to the other (in a message, a file, or published under a service name).
 * The groups may be of one job or of two (two mpirun runs, on one host or two).
 *
 * <p>A port name is {@code atoll-port:<job>:<world rank>:<serial>:<contact>:<secret>}: the job
 * that opened it, the opener (the accepting root), a number of the opener's own, where the opener
 * listens for other jobs ({@code <hex address>.<port>}, {@code -} when it cannot) and 16 random
 * bytes that a connecting job proves it knows. Holding the name is the right to connect.
 *
 * <p><b>Within a job</b> the connecting root sends one request to the opener on the
 * dynamic-process context ({@link #CONTEXT}, reserved for this: no communicator's traffic is
 * there) with the serial as tag; the accepting root takes the first request for its port (any
 * source), and the two roots join their groups as MPI_Intercomm_create's leaders do, over the same
 * context and tag ({@link Intercomm#join}). A peer's messages arrive in order, so a second
 * connector's request is never mistaken for the first one's join.
 *
 * <p><b>Across jobs</b> the connecting root dials the contact; the two roots prove the secret to
 * each other (HMAC-SHA256 over each other's nonce), swap their group sizes and the root's rank,
 * and the acceptor draws the key of their <em>union</em> (the accepting group, then the connecting
 * one). Every member then opens a bridge ({@link Bridges}: a TCP board port of the union serving
 * its own board memory) whose address exchange goes through the groups' communicators and the
 * roots' connection, and the other group's processes become numbers its engine sends to. The
 * leaders then join as within a job, the remote group given, over the bridge. The accepting root
 * waits for either kind of request, whichever comes first.
 *
 * <p>Names are published as files of the job ({@code <board directory>/atoll-<job>-names/}), which
 * mpirun removes with the job's other files: every rank of a job on one host sees them. Another
 * job's names are not seen (as Open MPI's without an {@code ompi-server}): pass the port name.
 */
final class Ports {
    static final String PREFIX = "atoll-port:";
    /** The point-to-point context of ports (pair {@link ContextIds#DYNAMIC_PAIR}). */
    static final int CONTEXT = ContextIds.p2pContext(ContextIds.DYNAMIC_PAIR);
    private static final Map<String, OpenPort> OPEN = new ConcurrentHashMap<>();
    private static final AtomicInteger SERIALS = new AtomicInteger();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final HexFormat HEX = HexFormat.of();
    private static final int MAGIC = 0x41545054; // "ATPT"
    private static final int SECRET_BYTES = 16;
    private static final int CONNECT_TIMEOUT_MS = 30_000;
    /** How long a connection to a port may take to prove the secret. */
    private static final int HANDSHAKE_MS = 30_000;

    /** A port this process opened: its serial, and where other jobs reach it. */
    private static final class OpenPort {
        final int serial;
        final byte[] secret;
        final ServerSocketChannel listener; // null when other jobs cannot reach this process
        /** A connection from another job taken while a request of this job was being served. */
        SocketChannel pending;

        OpenPort(int serial, byte[] secret, ServerSocketChannel listener) {
            this.serial = serial;
            this.secret = secret;
            this.listener = listener;
        }
    }

    private Ports() {
    }

    /** The job this process belongs to, as it appears in port names. */
    private static String thisJob() {
        String id = System.getenv(BootProtocol.ENV_JOB_ID);
        return id != null && !id.isEmpty() ? id : "singleton-" + ProcessHandle.current().pid();
    }

    static String open(String call) {
        MPI.check(call);
        int serial = SERIALS.incrementAndGet();
        byte[] secret = new byte[SECRET_BYTES];
        RANDOM.nextBytes(secret);
        ServerSocketChannel listener = null;
        String contact = "-";
        Bridges bridges = MPI.bridges();
        if (bridges != null && bridges.refusal(0) == null) {
            try {
                listener = ServerSocketChannel.open();
                listener.bind(new InetSocketAddress(bridges.listenAddress(), 0), 16);
                listener.configureBlocking(false);
                InetSocketAddress at = (InetSocketAddress) listener.getLocalAddress();
                contact = HEX.formatHex(at.getAddress().getAddress()) + "." + at.getPort();
            } catch (IOException | RuntimeException e) {
                closeQuietly(listener);
                listener = null; // the port still serves this job
            }
        }
        String name = PREFIX + thisJob() + ":" + MPI.COMM_WORLD.rank + ":" + serial + ":" + contact + ":"
            + HEX.formatHex(secret);
        OPEN.put(name, new OpenPort(serial, secret, listener));
        return name;
    }

    static void close(String call, String name) {
        MPI.check(call);
        OpenPort p = name == null ? null : OPEN.remove(name);
        if (p == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.PORT, call + ": port '" + name + "' is not a port this process"
                + " opened (or it is closed already)");
        }
        closeQuietly(p.listener);
        closeQuietly(p.pending);
    }

    private static void closeQuietly(java.io.Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException e) {
                // nothing to tell: the port is going
            }
        }
    }

    /** A parsed port name. */
    private record Port(String job, int owner, int serial, InetSocketAddress contact, byte[] secret) {
        boolean ofThisJob() {
            return job.equals(thisJob());
        }

        static Port parse(Comm scope, String call, String name) {
            if (name == null) {
                throw scope.raise(ErrorClass.PORT, call + ": port is null");
            }
            String[] parts = name.startsWith(PREFIX) ? name.substring(PREFIX.length()).split(":") : new String[0];
            if (parts.length != 5) {
                throw notAPort(scope, call, name);
            }
            int owner;
            int serial;
            InetSocketAddress contact = null;
            byte[] secret;
            try {
                owner = Integer.parseInt(parts[1]);
                serial = Integer.parseInt(parts[2]);
                if (!parts[3].equals("-")) {
                    int dot = parts[3].indexOf('.');
                    contact = new InetSocketAddress(InetAddress.getByAddress(HEX.parseHex(parts[3].substring(0, dot))),
                        Integer.parseInt(parts[3].substring(dot + 1)));
                }
                secret = HEX.parseHex(parts[4]);
            } catch (IllegalArgumentException | IndexOutOfBoundsException | java.net.UnknownHostException e) {
                throw notAPort(scope, call, name);
            }
            if (owner < 0 || serial <= 0 || secret.length != SECRET_BYTES) {
                throw notAPort(scope, call, name);
            }
            Port p = new Port(parts[0], owner, serial, contact, secret);
            if (p.ofThisJob() && owner >= MPI.COMM_WORLD.size) {
                throw scope.raise(ErrorClass.PORT, call + ": port '" + name + "' names no rank of this job");
            }
            if (!p.ofThisJob() && contact == null) {
                throw scope.raise(ErrorClass.PORT, call + ": port '" + name + "' belongs to another job whose process"
                    + " cannot be reached from other jobs (its board cannot be bridged)");
            }
            return p;
        }

        private static MPIException notAPort(Comm scope, String call, String name) {
            return scope.raise(ErrorClass.PORT, call + ": '" + name + "' is not a port name (from Intracomm.openPort)");
        }
    }

    /**
     * MPI_Comm_accept on {@code comm} (collective; {@code port} significant at {@code root}, which
     * must have opened it). Every member learns whether the root's port was good, so a refused port
     * is an error on all of them rather than a wait.
     */
    static Intercomm accept(Intracomm comm, String call, String port, int root) {
        return accept(comm, call, port, root, null);
    }

    /** As {@link #accept(Intracomm, String, String, int)}; the root first starts {@code spawn}'s job when given. */
    private static Intercomm accept(Intracomm comm, String call, String port, int root, SpawnedJob spawn) {
        comm.live(call);
        checkRoot(comm, call, root);
        // error class; then -1 and the connecting root's world rank (this job), or 1, the
        // connecting group's size, its root's rank and the union key's two halves (another job)
        int[] outcome = {0, -1, -1, 0, 0, 0};
        String refusal = null;
        Port p = null;
        Remote remote = null;
        if (comm.rank == root) {
            try {
                p = Port.parse(comm, call, port);
                OpenPort open = OPEN.get(port);
                if (p.owner != MPI.COMM_WORLD.rank || open == null) {
                    throw comm.raise(ErrorClass.PORT, call + ": port '" + port + "' is not open in this process"
                        + " (accept at the rank that opened it, before closePort)");
                }
                if (spawn != null) {
                    spawn.start(comm, call);
                }
                Object first;
                while (true) {
                    first = awaitRequest(comm, call, open, spawn);
                    if (first instanceof Integer) {
                        break;
                    }
                    try {
                        remote = Remote.accepted((SocketChannel) first, open, comm.size, root);
                        break;
                    } catch (IOException e) {
                        // whoever connected without the secret (or went silent) is not the
                        // connection MPI waits for: say so and go on waiting
                        System.err.println("atoll-mpi: rank " + MPI.COMM_WORLD.rank + ": " + call + ": refused a"
                            + " connection to its port: " + e.getMessage());
                    }
                }
                if (first instanceof Integer world) {
                    outcome[2] = world;
                } else {
                    outcome[1] = 1;
                    outcome[2] = remote.size;
                    outcome[3] = remote.root;
                    outcome[4] = (int) (remote.key >>> 32);
                    outcome[5] = (int) remote.key;
                }
            } catch (MPIException e) {
                outcome[0] = e.getErrorClass();
                refusal = e.getMessage();
            }
        }
        outcome = Agreement.bcast(comm, call, comm.localWorldRanks, comm.rank, root, comm.collContext, outcome);
        if (outcome[0] != ErrorClass.SUCCESS) {
            throw comm.raise(outcome[0], rootsMessage(comm, call, root, refusal));
        }
        if (outcome[1] < 0) {
            int serial = comm.rank == root ? p.serial : 0;
            return Intercomm.join(comm, root, MPI.COMM_WORLD, outcome[2], serial, CONTEXT, call);
        }
        long key = (long) outcome[4] << 32 | outcome[5] & 0xFFFFFFFFL;
        int serial = comm.rank == root ? p.serial : 0;
        return acrossJobs(comm, call, root, remote, true, outcome[2], outcome[3], key, serial);
    }

    /** MPI_Comm_connect on {@code comm} (collective; {@code port} significant at {@code root}). */
    static Intercomm connect(Intracomm comm, String call, String port, int root) {
        comm.live(call);
        checkRoot(comm, call, root);
        // error class, the accepting root's world rank (this job) or -1 (another job), the port's
        // serial; for another job the accepting group's size, its root's rank, the union key
        int[] outcome = {0, -1, 0, 0, 0, 0, 0};
        String refusal = null;
        Remote remote = null;
        if (comm.rank == root) {
            try {
                Port p = Port.parse(comm, call, port);
                outcome[2] = p.serial;
                if (p.ofThisJob()) {
                    sendRequest(comm, call, p);
                    outcome[1] = p.owner;
                } else {
                    remote = Remote.connected(comm, call, p, comm.size, root);
                    outcome[3] = remote.size;
                    outcome[4] = remote.root;
                    outcome[5] = (int) (remote.key >>> 32);
                    outcome[6] = (int) remote.key;
                }
            } catch (MPIException e) {
                outcome[0] = e.getErrorClass();
                refusal = e.getMessage();
            }
        }
        outcome = Agreement.bcast(comm, call, comm.localWorldRanks, comm.rank, root, comm.collContext, outcome);
        if (outcome[0] != ErrorClass.SUCCESS) {
            throw comm.raise(outcome[0], rootsMessage(comm, call, root, refusal));
        }
        if (outcome[1] >= 0) {
            return Intercomm.join(comm, root, MPI.COMM_WORLD, outcome[1], outcome[2], CONTEXT, call);
        }
        long key = (long) outcome[5] << 32 | outcome[6] & 0xFFFFFFFFL;
        return acrossJobs(comm, call, root, remote, false, outcome[3], outcome[4], key, outcome[2]);
    }

    /**
     * The root's error message, at every member (collective; called by all once the outcome said
     * the root failed), so that each raises what the root found rather than a vague "the root
     * failed".
     */
    private static String rootsMessage(Intracomm comm, String call, int root, String message) {
        int[] chars = null;
        if (comm.rank == root) {
            String m = message != null ? message : call + ": the root failed";
            chars = new int[m.length()];
            for (int i = 0; i < chars.length; i++) {
                chars[i] = m.charAt(i);
            }
        }
        chars = Agreement.bcast(comm, call, comm.localWorldRanks, comm.rank, root, comm.collContext, chars);
        StringBuilder b = new StringBuilder(chars.length);
        for (int c : chars) {
            b.append((char) c);
        }
        return comm.rank == root ? b.toString() : b + " (at the root, rank " + root + ")";
    }

    private static void checkRoot(Comm comm, String call, int root) {
        if (root < 0 || root >= comm.size) {
            throw comm.raise(ErrorClass.ROOT, call + ": root " + root + " is not a rank of the communicator (size "
                + comm.size + ")");
        }
    }

    /**
     * The accepting root: the first request for its port, a connect of this job (its sender's
     * world rank, an Integer) or of another (the connection, a SocketChannel), whichever comes first.
     */
    private static Object awaitRequest(Comm scope, String call, OpenPort port, SpawnedJob spawn) {
        if (port.pending != null) {
            SocketChannel s = port.pending;
            port.pending = null;
            return s;
        }
        int[] request = new int[1];
        Engine engine = MPI.engine(call);
        Operation op;
        try {
            op = engine.irecv(request, Addresses.INT_ARRAY_BASE, 4, Engine.ANY_SOURCE, port.serial, CONTEXT);
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        SocketChannel other = null;
        try {
            long idle = 0;
            while (!engine.test(op)) {
                if (other == null && port.listener != null) {
                    other = port.listener.accept();
                    if (other != null) {
                        engine.cancel(op); // completes cancelled, unless a request matched meanwhile
                        continue;
                    }
                }
                String ended = spawn != null ? spawn.ended() : null;
                if (ended != null) {
                    engine.cancel(op);
                    engine.await(op);
                    engine.release(op);
                    throw scope.raise(ErrorClass.SPAWN, call + ": the spawned job ended (" + ended + ") before its"
                        + " ranks connected: see its messages above");
                }
                // a cold wait (for another program to connect): back off to a millisecond
                LockSupport.parkNanos(Math.min(1_000_000L, idle += 10_000));
            }
        } catch (IOException e) {
            throw scope.raise(ErrorClass.PORT, call + ": the port's listener failed: " + e);
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        boolean matched = !op.isCancelled();
        Agreement.finish(scope, call, engine, new Operation[] {op});
        if (!matched) {
            return other;
        }
        port.pending = other; // the next accept takes it
        return request[0];
    }

    private static void sendRequest(Comm scope, String call, Port p) {
        int[] request = {MPI.COMM_WORLD.rank};
        Engine engine = MPI.engine(call);
        Operation op;
        try {
            op = engine.isend(Engine.MODE_STANDARD, request, Addresses.INT_ARRAY_BASE, 4, p.owner, p.serial, CONTEXT);
        } catch (EngineException e) {
            throw scope.raise(e, call);
        }
        Agreement.finish(scope, call, engine, new Operation[] {op});
    }

    // ---------------------------------------------------------------- across jobs

    /**
     * The roots' connection to the other job and what it said: the other group's size and root
     * (its rank there), the union's key.
     */
    private static final class Remote {
        final Socket socket;
        final DataInputStream in;
        final DataOutputStream out;
        int size;
        int root;
        long key;

        private Remote(Socket socket) throws IOException {
            this.socket = socket;
            this.in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream()));
            this.out = new DataOutputStream(new java.io.BufferedOutputStream(socket.getOutputStream()));
        }

        /**
         * The accepting root's half of the handshake: proves the secret both ways, draws the union
         * key. A peer that does not know the secret, or says nothing for {@link #HANDSHAKE_MS}, is
         * refused (IOException, the connection closed).
         */
        static Remote accepted(SocketChannel channel, OpenPort port, int groupSize, int groupRoot)
                throws IOException {
            Remote r = null;
            try {
                channel.configureBlocking(true);
                channel.socket().setSoTimeout(HANDSHAKE_MS);
                r = new Remote(channel.socket());
                byte[] nonce = nonce();
                r.out.writeInt(MAGIC);
                r.out.write(nonce);
                r.out.flush();
                if (r.in.readInt() != MAGIC) {
                    throw new IOException("what connected is not an atoll-mpi job");
                }
                int serial = r.in.readInt();
                byte[] proof = r.in.readNBytes(32);
                byte[] theirNonce = r.in.readNBytes(SECRET_BYTES);
                int size = r.in.readInt();
                int root = r.in.readInt();
                if (serial != port.serial || !MessageDigest.isEqual(proof, mac(port.secret, "connect", nonce))) {
                    r.out.writeInt(ErrorClass.PORT);
                    r.out.flush();
                    throw new IOException("a job connected without this port's secret");
                }
                if (size <= 0 || root < 0 || root >= size) {
                    throw new IOException("the connecting job sent a group of " + size + " with root " + root);
                }
                r.size = size;
                r.root = root;
                r.key = RANDOM.nextLong();
                r.out.writeInt(ErrorClass.SUCCESS);
                r.out.write(mac(port.secret, "accept", theirNonce));
                r.out.writeInt(groupSize);
                r.out.writeInt(groupRoot);
                r.out.writeLong(r.key);
                r.out.flush();
                channel.socket().setSoTimeout(0); // from here the other root waits for its group, as MPI may
                return r;
            } catch (IOException e) {
                if (r != null) {
                    r.close();
                } else {
                    closeQuietly(channel);
                }
                throw e;
            }
        }

        /** The connecting root's half: dials the port's contact and proves the secret. */
        static Remote connected(Comm scope, String call, Port port, int groupSize, int groupRoot) {
            Remote r = null;
            Socket socket = new Socket();
            try {
                socket.connect(port.contact, CONNECT_TIMEOUT_MS);
                socket.setTcpNoDelay(true);
                r = new Remote(socket);
                if (r.in.readInt() != MAGIC) {
                    throw new IOException("what answered is not an atoll-mpi port");
                }
                byte[] theirNonce = r.in.readNBytes(SECRET_BYTES);
                byte[] nonce = nonce();
                r.out.writeInt(MAGIC);
                r.out.writeInt(port.serial);
                r.out.write(mac(port.secret, "connect", theirNonce));
                r.out.write(nonce);
                r.out.writeInt(groupSize);
                r.out.writeInt(groupRoot);
                r.out.flush();
                int status = r.in.readInt();
                if (status != ErrorClass.SUCCESS) {
                    throw new IOException("the accepting job refused the connection (the port name is not the one"
                        + " it opened)");
                }
                byte[] proof = r.in.readNBytes(32);
                if (!MessageDigest.isEqual(proof, mac(port.secret, "accept", nonce))) {
                    throw new IOException("what answered does not know the port's secret");
                }
                r.size = r.in.readInt();
                r.root = r.in.readInt();
                r.key = r.in.readLong();
                if (r.size <= 0 || r.root < 0 || r.root >= r.size) {
                    throw new IOException("the accepting job sent a group of " + r.size + " with root " + r.root);
                }
                return r;
            } catch (IOException e) {
                if (r != null) {
                    r.close();
                } else {
                    closeQuietly(socket);
                }
                throw scope.raise(ErrorClass.PORT, call + ": cannot connect to port of job " + port.job + " at "
                    + port.contact + ": " + e.getMessage());
            }
        }

        /** Sends {@code mine} and returns what the other root sent. */
        int[] swap(int[] mine) throws IOException {
            out.writeInt(mine.length);
            for (int v : mine) {
                out.writeInt(v);
            }
            out.flush();
            int n = in.readInt();
            if (n < 0 || n > 1 << 24) {
                throw new IOException("the other job's root sent a bad length " + n);
            }
            int[] theirs = new int[n];
            for (int i = 0; i < n; i++) {
                theirs[i] = in.readInt();
            }
            return theirs;
        }

        void close() {
            closeQuietly(socket);
        }

        private static byte[] nonce() {
            byte[] n = new byte[SECRET_BYTES];
            RANDOM.nextBytes(n);
            return n;
        }

        private static byte[] mac(byte[] secret, String role, byte[] nonce) {
            try {
                Mac m = Mac.getInstance("HmacSHA256");
                m.init(new SecretKeySpec(secret, "HmacSHA256"));
                m.update(role.getBytes(StandardCharsets.US_ASCII));
                return m.doFinal(nonce);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HMAC-SHA256 is missing from this JDK", e);
            }
        }
    }

    /**
     * Every member of both groups: agree that all can bridge, open this member's bridge of the
     * union (accepting group first), and join as an intercommunicator over it. {@code remote} is
     * the roots' connection (null elsewhere); {@code remoteSize}, {@code remoteRoot} and
     * {@code key} came from it.
     */
    private static Intercomm acrossJobs(Intracomm comm, String call, int root, Remote remote, boolean accepting,
                                        int remoteSize, int remoteRoot, long key, int tag) {
        try {
            Bridges bridges = MPI.bridges();
            String mine = bridges == null ? "this process has no runtime to bridge with" : bridges.refusal(remoteSize);
            // agree, with the other group too, that every member can bridge: else all raise
            int[] can = Agreement.allgather(comm, call, comm.localWorldRanks, comm.rank, comm.collContext,
                new int[] {mine == null ? 0 : comm.rank + 1});
            int here = 0;
            for (int c : can) {
                here = here == 0 ? c : here;
            }
            int[] both = {here, 0};
            if (comm.rank == root) {
                both[1] = exchangeOrFail(comm, call, remote, new int[] {here})[0];
            }
            both = Agreement.bcast(comm, call, comm.localWorldRanks, comm.rank, root, comm.collContext, both);
            if (both[0] != 0 || both[1] != 0) {
                String why = both[0] != 0 ? "rank " + (both[0] - 1) + " of this group cannot reach other jobs"
                    + (mine != null ? " (" + mine + ")" : "")
                    : "rank " + (both[1] - 1) + " of the other job's group cannot reach other jobs";
                throw comm.raise(ErrorClass.PORT, call + ": " + why);
            }
            int unionSize = comm.size + remoteSize;
            int unionRank = accepting ? comm.rank : remoteSize + comm.rank;
            int first = accepting ? comm.size : 0;
            int base;
            try {
                base = bridges.open(unionRank, unionSize, key, first, remoteSize,
                    blob -> unionBlobs(comm, call, root, remote, accepting, remoteSize, blob));
            } catch (IllegalStateException e) {
                throw comm.raise(ErrorClass.PORT, call + ": cannot bridge to the other job: " + e.getMessage());
            }
            int[] others = new int[remoteSize];
            for (int i = 0; i < remoteSize; i++) {
                others[i] = base + i;
            }
            return Intercomm.join(comm, root, MPI.COMM_WORLD, base + remoteRoot, tag, CONTEXT, call, others);
        } finally {
            if (remote != null) {
                remote.close();
            }
        }
    }

    private static int[] exchangeOrFail(Comm comm, String call, Remote remote, int[] mine) {
        try {
            return remote.swap(mine);
        } catch (IOException e) {
            throw comm.raise(ErrorClass.PORT, call + ": the connection to the other job's root failed: " + e);
        }
    }

    /**
     * The union's address exchange for the bridge: this group's blobs are gathered, the roots swap
     * them, and each root gives its group the other's; returns all, in union order.
     */
    private static byte[][] unionBlobs(Intracomm comm, String call, int root, Remote remote, boolean accepting,
                                       int remoteSize, byte[] mine) {
        int words = 1 + 8; // length, then up to 32 bytes
        if (mine.length > 32) {
            throw new IllegalStateException("a bridge address of " + mine.length + " bytes");
        }
        int[] packed = new int[words];
        packed[0] = mine.length;
        for (int i = 0; i < mine.length; i++) {
            packed[1 + i / 4] |= (mine[i] & 0xFF) << (8 * (i % 4));
        }
        int[] ours = Agreement.allgather(comm, call, comm.localWorldRanks, comm.rank, comm.collContext, packed);
        int[] theirs = comm.rank == root ? exchangeOrFail(comm, call, remote, ours) : null;
        theirs = Agreement.bcast(comm, call, comm.localWorldRanks, comm.rank, root, comm.collContext, theirs);
        if (theirs.length != remoteSize * words) {
            throw comm.raise(ErrorClass.PORT, call + ": the other job sent " + theirs.length / words + " addresses for "
                + remoteSize + " processes");
        }
        int[] first = accepting ? ours : theirs;
        int[] second = accepting ? theirs : ours;
        byte[][] all = new byte[first.length / words + second.length / words][];
        int k = 0;
        for (int[] part : new int[][] {first, second}) {
            for (int at = 0; at < part.length; at += words) {
                int n = part[at];
                byte[] b = new byte[n];
                for (int i = 0; i < n; i++) {
                    b[i] = (byte) (part[at + 1 + i / 4] >>> (8 * (i % 4)));
                }
                all[k++] = b;
            }
        }
        return all;
    }

    // ---------------------------------------------------------------- spawn

    private static final AtomicInteger SPAWN_REQUESTS = new AtomicInteger();

    /** A job the root asks mpirun for: its mpirun arguments, and whether it has ended. */
    private static final class SpawnedJob {
        final int request = SPAWN_REQUESTS.incrementAndGet();
        final java.util.List<String> args;

        SpawnedJob(java.util.List<String> args) {
            this.args = args;
        }

        void start(Comm scope, String call) {
            org.atollmpi.runtime.RankRuntime rt = MPI.runtime();
            if (rt == null) {
                throw scope.raise(ErrorClass.SPAWN, call + ": this process has no launcher to start processes");
            }
            try {
                rt.spawn(request, args);
            } catch (UnsupportedOperationException | IllegalArgumentException | IllegalStateException e) {
                throw scope.raise(ErrorClass.SPAWN, call + ": " + e.getMessage());
            }
        }

        String ended() {
            org.atollmpi.runtime.RankRuntime rt = MPI.runtime();
            return rt == null ? null : rt.spawnedStatus(request);
        }
    }

    /**
     * MPI_Comm_spawn(_multiple) on {@code comm}: the root opens a port, asks mpirun for the job
     * (its ranks get the port in {@code ATOLL_PARENT_PORT} and connect to it in MPI.Init), and
     * the group accepts on it; a job that ends before connecting is ERR_SPAWN at every member.
     */
    static Intercomm spawn(Intracomm comm, String call, String[] commands, String[][] argv, int[] maxprocs,
                           Info[] infos, int root, int[] errcodes) {
        comm.live(call);
        checkRoot(comm, call, root);
        String port = null;
        SpawnedJob job = null;
        int total = 0;
        int[] refused = {0};
        String why = null;
        if (comm.rank == root) {
            try {
                java.util.List<String> program = spawnArguments(comm, call, commands, argv, maxprocs, infos);
                total = Integer.parseInt(program.get(1));
                port = open(call);
                java.util.List<String> args = new java.util.ArrayList<>(
                    java.util.List.of("-x", org.atollmpi.runtime.boot.BootProtocol.ENV_PARENT_PORT + "=" + port));
                args.addAll(program);
                job = new SpawnedJob(args);
            } catch (MPIException e) {
                refused[0] = e.getErrorClass();
                why = e.getMessage();
            }
        }
        refused = Agreement.bcast(comm, call, comm.localWorldRanks, comm.rank, root, comm.collContext, refused);
        if (refused[0] != ErrorClass.SUCCESS) {
            throw comm.raise(refused[0], rootsMessage(comm, call, root, why));
        }
        Intercomm children;
        try {
            children = accept(comm, call, port, root, job);
            if (job != null) {
                MPI.runtime().spawnConnected(job.request);
            }
        } finally {
            if (port != null) {
                close(call, port);
            }
        }
        if (errcodes != null && comm.rank == root) {
            java.util.Arrays.fill(errcodes, 0, Math.min(errcodes.length, total), MPI.SUCCESS);
        }
        return children;
    }

    /**
     * mpirun's arguments for the spawned job: {@code -np n --oversubscribe [--wdir d] command
     * argv...} for one program (several commands that are one program included); several Java
     * programs run as one job of {@link SpawnedPrograms}, which starts each rank's own.
     */
    private static java.util.List<String> spawnArguments(Comm comm, String call, String[] commands, String[][] argv,
                                                         int[] maxprocs, Info[] infos) {
        if (commands == null || commands.length == 0) {
            throw comm.raise(ErrorClass.ARG, call + ": no command to spawn");
        }
        if (maxprocs == null || maxprocs.length != commands.length || argv != null && argv.length != commands.length
                || infos != null && infos.length != commands.length) {
            throw comm.raise(ErrorClass.ARG, call + ": commands, argv, maxprocs and info differ in length");
        }
        int total = 0;
        boolean oneProgram = true;
        for (int i = 0; i < commands.length; i++) {
            if (commands[i] == null || commands[i].isBlank()) {
                throw comm.raise(ErrorClass.ARG, call + ": command " + i + " is null or empty");
            }
            if (maxprocs[i] <= 0) {
                throw comm.raise(ErrorClass.ARG, call + ": maxprocs " + maxprocs[i] + " of command " + i
                    + " is not positive");
            }
            String[] a = argv == null ? null : argv[i];
            if (a != null) {
                for (String word : a) {
                    if (word == null) {
                        throw comm.raise(ErrorClass.ARG, call + ": an argument of command " + i + " is null");
                    }
                }
            }
            total += maxprocs[i];
            oneProgram &= commands[i].equals(commands[0])
                && java.util.Arrays.equals(a == null ? new String[0] : a, argv == null || argv[0] == null
                    ? new String[0] : argv[0]);
        }
        java.util.List<String> args = new java.util.ArrayList<>();
        args.add("-np");
        args.add(Integer.toString(total));
        args.add("--oversubscribe");
        Info info = infos == null ? null : infos[0];
        String wdir = info == null || info.isNull() ? null : info.get("wdir");
        if (wdir != null) {
            args.add("--wdir");
            args.add(wdir);
        }
        if (oneProgram) {
            args.add(commands[0]);
            if (argv != null && argv[0] != null) {
                args.addAll(java.util.List.of(argv[0]));
            }
            return args;
        }
        // several programs in one job: each must be Java, their JVM options alike
        java.util.List<SpawnedPrograms.Program> programs = new java.util.ArrayList<>();
        java.util.List<String> options = null;
        java.util.LinkedHashSet<String> classPath = new java.util.LinkedHashSet<>();
        for (int i = 0; i < commands.length; i++) {
            JavaCommand j = JavaCommand.parse(comm, call, i, commands[i], argv == null ? null : argv[i]);
            if (options == null) {
                options = j.options;
            } else if (!options.equals(j.options)) {
                throw comm.raise(ErrorClass.SPAWN, call + ": command " + i + " has other JVM options (" + j.options
                    + ") than command 0 (" + options + "); programs of one spawned job share them");
            }
            for (String entry : j.classPath.split(java.io.File.pathSeparator)) {
                if (!entry.isEmpty()) {
                    classPath.add(entry);
                }
            }
            programs.add(new SpawnedPrograms.Program(maxprocs[i], j.mainClass, j.args));
        }
        args.add("java");
        args.addAll(options);
        if (!classPath.isEmpty()) {
            args.add("-cp");
            args.add(String.join(java.io.File.pathSeparator, classPath));
        }
        args.add(SpawnedPrograms.class.getName());
        args.addAll(SpawnedPrograms.arguments(programs));
        return args;
    }

    /** A Java program as spawn's command and argv give it: {@code java [options] [-cp path] Class args}, or {@code Class args}. */
    private record JavaCommand(java.util.List<String> options, String classPath, String mainClass,
                               java.util.List<String> args) {
        /** JVM options whose value is the next word. */
        private static final java.util.Set<String> WITH_VALUE = java.util.Set.of("--add-opens", "--add-exports",
            "--add-modules", "--add-reads", "--module-path", "-p", "--patch-module", "--limit-modules",
            "--upgrade-module-path", "--enable-native-access");

        static JavaCommand parse(Comm comm, String call, int index, String command, String[] argv) {
            String[] a = argv == null ? new String[0] : argv;
            if (!command.equals("java")) {
                if (command.contains("/") || !command.matches("[\\p{L}_$][\\p{L}\\p{N}_$.]*")) {
                    throw comm.raise(ErrorClass.SPAWN, call + ": command " + index + " (" + command + ") is not a Java"
                        + " program; one spawned job of several programs runs Java programs only (\"java\" with"
                        + " a class, or a class)");
                }
                return new JavaCommand(java.util.List.of(), "", command, java.util.List.of(a));
            }
            java.util.List<String> options = new java.util.ArrayList<>();
            String cp = "";
            for (int i = 0; i < a.length; i++) {
                String w = a[i];
                if ((w.equals("-cp") || w.equals("-classpath") || w.equals("--class-path")) && i + 1 < a.length) {
                    cp = a[++i];
                } else if (w.startsWith("--class-path=")) {
                    cp = w.substring("--class-path=".length());
                } else if (w.equals("-jar") || w.equals("-m") || w.equals("--module")) {
                    throw comm.raise(ErrorClass.SPAWN, call + ": command " + index + " runs " + w + "; one spawned job"
                        + " of several programs runs main classes only");
                } else if (WITH_VALUE.contains(w) && i + 1 < a.length) {
                    options.add(w);
                    options.add(a[++i]);
                } else if (w.startsWith("-")) {
                    options.add(w);
                } else {
                    return new JavaCommand(options, cp, w, java.util.List.of(a).subList(i + 1, a.length));
                }
            }
            throw comm.raise(ErrorClass.SPAWN, call + ": command " + index + " (java " + String.join(" ", a)
                + ") names no main class");
        }
    }

    static Intercomm noParent() {
        return new Intercomm("MPI_COMM_NULL", -1, -1);
    }

    // ---------------------------------------------------------------- names

    private static Path names(String call) {
        String id = System.getenv(BootProtocol.ENV_JOB_ID);
        if (id == null || id.isEmpty()) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": publishing names needs a job started by this"
                + " library's mpirun (this process has no job)");
        }
        return JobFiles.boardDirectory().resolve(BootProtocol.jobFilePrefix(id) + "names");
    }

    private static Path entry(String call, String service) {
        if (service == null || service.isEmpty()) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service name is null or empty");
        }
        return names(call).resolve(HexFormat.of().formatHex(service.getBytes(StandardCharsets.UTF_8)));
    }

    /** MPI_Publish_name: visible to every rank of the job; a service published already is ERR_NAME. */
    static void publish(String call, String service, String port) {
        MPI.check(call);
        if (port == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.PORT, call + ": port is null");
        }
        Path entry = entry(call, service);
        try {
            Files.createDirectories(entry.getParent());
            Path staged = Files.createTempFile(entry.getParent(), "publishing", ".tmp");
            Files.writeString(staged, port, StandardCharsets.UTF_8);
            try {
                // a link is atomic and fails when the name exists: first publisher wins
                Files.createLink(entry, staged);
            } finally {
                Files.deleteIfExists(staged);
            }
        } catch (FileAlreadyExistsException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service '" + service + "' is published already");
        } catch (IOException | UnsupportedOperationException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": cannot publish service '" + service + "': " + e);
        }
    }

    static String lookup(String call, String service) {
        MPI.check(call);
        try {
            return Files.readString(entry(call, service), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service '" + service + "' is not published");
        } catch (IOException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": cannot look up service '" + service + "': " + e);
        }
    }

    static void unpublish(String call, String service, String port) {
        MPI.check(call);
        Path entry = entry(call, service);
        try {
            String published = Files.readString(entry, StandardCharsets.UTF_8);
            if (port != null && !published.equals(port)) {
                throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service '" + service + "' is published with"
                    + " another port");
            }
            Files.delete(entry);
        } catch (NoSuchFileException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": service '" + service + "' is not published");
        } catch (IOException e) {
            throw MPI.COMM_WORLD.raise(ErrorClass.NAME, call + ": cannot unpublish service '" + service + "': " + e);
        }
    }
}

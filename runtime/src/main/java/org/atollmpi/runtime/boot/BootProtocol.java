package org.atollmpi.runtime.boot;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

import org.atollmpi.nic.KernelRandom;
import org.atollmpi.nic.Sha256;

/**
 * The wire protocol between a rank ({@link JobBootstrap}) and the job server in {@code mpirun},
 * and the environment through which {@code mpirun} tells a rank where that server is. Client and
 * server both use this class, so a change here changes both sides at once.
 *
 * <h2>Frames</h2>
 * Every message is one frame over a TCP connection:
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                 length (type + body, big-endian)              |
 *  +---------------+-----------------------------------------------+
 *  |     type      |  body (DataOutput encoding, per type) ...     |
 *  +---------------+-----------------------------------------------+
 * </pre>
 * A frame longer than the reader's limit, or whose body does not decode, closes the connection;
 * the reader never allocates more than its limit.
 *
 * <h2>Conversation</h2>
 * <pre>
 *  server                              rank
 *  CHALLENGE magic:int version:int nonce:byte[16]  ->
 *                                   <- HELLO rank:int mac:byte[32]   (HMAC-SHA256(secret, nonce|rank))
 *  WELCOME  |  REJECT reason:UTF     ->
 *                                   <- EXCHANGE round:int blob:bytes (a barrier is an empty blob)
 *  EXCHANGE_DONE round:int n:int n*(blob:bytes)  ->   (once every rank has contributed to round;
 *                                                     n = 0 when every blob was empty: a barrier)
 *                                   <- FINALIZED counters:UTF  (the rank's NIC counters, a NicSnapshot
 *                                                                encoded, for mpirun --report-nic; empty: none)
 *  FINALIZED_ACK                     ->
 *                                   <- ABORT code:int fatalError:boolean message:UTF
 *  ABORT_ACK                         ->
 *  TERMINATE                         ->   (the job is ending: the rank halts at once, quietly)
 *  DIAGNOSE                          ->   (mpirun --timeout: what are you waiting for?)
 *                                   <- DIAGNOSIS report:bytes (UTF-8 lines, at most MAX_DIAGNOSIS_BYTES)
 *                                   <- SPAWN request:int n:int n*(arg:UTF)   (MPI_Comm_spawn: start a job)
 *  SPAWNED request:int status:int message:UTF  ->   (that job has ended, with mpirun's status for it)
 * </pre>
 * SPAWN asks mpirun to start a job of its own as {@code mpirun <args>} would (the args are
 * mpirun's options and the program); the rank learns of it through the port it passed the
 * children, and SPAWNED tells it when that job has ended, so that a parent waiting for children
 * that never connect (a program that failed to start) hears why.
 * DIAGNOSE is answered by the rank's watchdog thread, not by the program's threads, so a rank
 * whose program is stuck in a wait still answers; one that does not answer is frozen (stopped,
 * or its JVM stalled).
 * ABORT ends the job with {@code code}: the program called abort ({@code fatalError} false, the
 * message says where), or an MPI call failed under {@code MPI_ERRORS_ARE_FATAL} ({@code fatalError}
 * true, the code is the error class and the message its name: the rank has already printed the
 * error, mpirun only names it).
 * <p>The secret never crosses the wire: a rank proves it knows it by the MAC over a fresh nonce, so
 * the same protocol stays safe when ranks on other hosts connect over a real network.
 */
public final class BootProtocol {
    /** "ATJB": ATOLL job bootstrap. */
    public static final int MAGIC = 0x41544A42;
    public static final int VERSION = 6;

    public static final byte CHALLENGE = 1;
    public static final byte HELLO = 2;
    public static final byte WELCOME = 3;
    public static final byte REJECT = 4;
    public static final byte EXCHANGE = 5;
    public static final byte EXCHANGE_DONE = 6;
    public static final byte FINALIZED = 7;
    public static final byte FINALIZED_ACK = 8;
    public static final byte ABORT = 9;
    public static final byte ABORT_ACK = 10;
    public static final byte TERMINATE = 11;
    public static final byte DIAGNOSE = 12;
    public static final byte DIAGNOSIS = 13;
    public static final byte SPAWN = 14;
    public static final byte SPAWNED = 15;
    /** Most arguments of one SPAWN, and most characters of each. */
    public static final int MAX_SPAWN_ARGS = 256;

    public static final int NONCE_LENGTH = 16;
    public static final int MAC_LENGTH = 32;
    /** Largest blob one rank contributes to an exchange (addresses, keys: small things). */
    public static final int MAX_EXCHANGE_BYTES = 16 * 1024;
    /** Largest abort message kept; longer ones are cut. */
    public static final int MAX_MESSAGE_CHARS = 1024;
    /** Largest report a rank sends in answer to DIAGNOSE; longer ones are cut. */
    public static final int MAX_DIAGNOSIS_BYTES = 12 * 1024;
    /** Limit for every frame a rank sends (the largest is an EXCHANGE). */
    public static final int MAX_RANK_FRAME = 16 + MAX_EXCHANGE_BYTES;

    // Environment that mpirun gives each rank.
    /**
     * {@code host:port} of the job server, or several separated by commas (a job that spans hosts:
     * the rank tries them in order). Its presence means "started by our mpirun".
     */
    public static final String ENV_JOB_SERVER = "ATOLL_JOB_SERVER";
    public static final String ENV_RANK = "ATOLL_RANK";
    public static final String ENV_SIZE = "ATOLL_SIZE";
    public static final String ENV_JOB_ID = "ATOLL_JOB_ID";
    /** The job secret, 16 hex digits. In the environment, not the command line, which any user can read. */
    public static final String ENV_JOB_SECRET = "ATOLL_JOB_SECRET";
    /**
     * Set to {@code stdin} instead of {@link #ENV_JOB_SECRET} for a rank on another host: the
     * secret is the first line of its standard input (mpirun writes it into the remote shell's),
     * since a remote environment can only be set on a command line, which any user can list.
     */
    public static final String ENV_JOB_SECRET_FROM = "ATOLL_JOB_SECRET_FROM";
    /** Path of this node's board file. */
    public static final String ENV_BOARD_FILE = "ATOLL_BOARD_FILE";
    /** Comma-separated world ranks that share this node (and so the board), ascending. */
    public static final String ENV_LOCAL_RANKS = "ATOLL_LOCAL_RANKS";
    /** Name of this rank's node as mpirun knows it. */
    public static final String ENV_HOST = "ATOLL_HOST";
    /**
     * Cores of this rank's node. A rank bound to one core sees only that one
     * ({@code availableProcessors()} is 1), so it cannot tell by itself whether its node's ranks
     * each have a core (and may spin while they wait) or outnumber them (and must back off).
     */
    public static final String ENV_NODE_CORES = "ATOLL_NODE_CORES";

    /** The port a spawned job's ranks connect to as their parent ({@code MPI_Comm_get_parent}). */
    public static final String ENV_PARENT_PORT = "ATOLL_PARENT_PORT";
    /** How many processes the job may have in all, spawned ones included (MPI_UNIVERSE_SIZE). */
    public static final String ENV_UNIVERSE_SIZE = "ATOLL_UNIVERSE_SIZE";

    /** Prefix of every board file name: {@code atoll-<jobid>-<node>}. */
    public static final String BOARD_PREFIX = "atoll-";

    private BootProtocol() {
    }

    /**
     * A fresh job secret (the key of every HELLO's MAC): 64 bits from the kernel, not
     * {@code SecureRandom}, whose first use costs a JVM tens of milliseconds of start-up.
     */
    public static long newSecret() {
        return KernelRandom.nextLong();
    }

    /** Fills a CHALLENGE's nonce ({@link #NONCE_LENGTH} bytes) from the kernel, as {@link #newSecret}. */
    public static void newNonce(byte[] nonce) {
        KernelRandom.nextBytes(nonce);
    }

    /** Name of the board file of {@code node} in job {@code jobId}; job ids contain no '-'. */
    public static String boardFileName(String jobId, String node) {
        return BOARD_PREFIX + jobId + "-" + node;
    }

    /** Prefix shared by every file of job {@code jobId}, for cleaning up after it. */
    public static String jobFilePrefix(String jobId) {
        return BOARD_PREFIX + jobId + "-";
    }

    /** A received frame: its type and a reader over its body. */
    public record Frame(byte type, DataInputStream body) {
    }

    /**
     * Writes one frame. Callers that share {@code out} between threads hold its lock around this
     * call, so frames never interleave.
     */
    public static void writeFrame(DataOutputStream out, byte type, Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        DataOutputStream data = new DataOutputStream(bytes);
        data.writeByte(type);
        body.write(data);
        data.flush();
        out.writeInt(bytes.size());
        bytes.writeTo(out);
        out.flush();
    }

    /** Writes a frame that has a type and no body. */
    public static void writeFrame(DataOutputStream out, byte type) throws IOException {
        writeFrame(out, type, data -> { });
    }

    /** Reads one frame of at most {@code maxLength} bytes; a longer or empty one is a protocol error. */
    public static Frame readFrame(DataInputStream in, int maxLength) throws IOException {
        int length = in.readInt();
        if (length < 1 || length > maxLength) {
            throw new ProtocolException("frame length " + length + " outside 1.." + maxLength);
        }
        byte[] frame = new byte[length];
        in.readFully(frame);
        return new Frame(frame[0], new DataInputStream(new ByteArrayInputStream(frame, 1, length - 1)));
    }

    /** Writes a length-prefixed blob. */
    public static void writeBlob(DataOutputStream out, byte[] blob) throws IOException {
        out.writeInt(blob.length);
        out.write(blob);
    }

    /** Reads a length-prefixed blob of at most {@code maxLength} bytes. */
    public static byte[] readBlob(DataInputStream in, int maxLength) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > maxLength) {
            throw new ProtocolException("blob length " + length + " outside 0.." + maxLength);
        }
        byte[] blob = new byte[length];
        in.readFully(blob);
        return blob;
    }

    /** Largest EXCHANGE_DONE frame a rank of a job of {@code size} ranks can receive. */
    public static int maxServerFrame(int size) {
        return 16 + size * (4 + MAX_EXCHANGE_BYTES);
    }

    /** Proof that the sender of HELLO for {@code rank} knows the job secret: HMAC-SHA256 over the nonce and the rank. */
    public static byte[] mac(long secret, byte[] nonce, int rank) {
        return hmacSha256(ByteBuffer.allocate(8).putLong(secret).array(), nonce, ByteBuffer.allocate(4).putInt(rank).array());
    }

    /** HMAC-SHA256 (RFC 2104) over the concatenation of {@code parts}. */
    static byte[] hmacSha256(byte[] key, byte[]... parts) {
        return Sha256.hmac(key, parts);
    }

    /** Compares MACs in time independent of where they differ. */
    public static boolean macMatches(byte[] expected, byte[] actual) {
        return Sha256.macMatches(expected, actual);
    }

    /** The secret as it travels in {@link #ENV_JOB_SECRET}. */
    public static String formatSecret(long secret) {
        return String.format("%016x", secret);
    }

    public static long parseSecret(String hex) {
        if (hex.length() != 16) {
            throw new NumberFormatException("expected 16 hex digits");
        }
        return Long.parseUnsignedLong(hex, 16);
    }

    /** Cuts an abort message to {@link #MAX_MESSAGE_CHARS} so it always fits a frame. */
    public static String clip(String message) {
        String m = message == null ? "" : message;
        return m.length() <= MAX_MESSAGE_CHARS ? m : m.substring(0, MAX_MESSAGE_CHARS);
    }

    /** Writes a frame body. */
    @FunctionalInterface
    public interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /** A peer broke the protocol: the connection is closed with this reason. */
    public static final class ProtocolException extends IOException {
        private static final long serialVersionUID = 1L;

        public ProtocolException(String message) {
            super(message);
        }
    }
}

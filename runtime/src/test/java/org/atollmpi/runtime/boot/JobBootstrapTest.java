package org.atollmpi.runtime.boot;

import static org.atollmpi.runtime.boot.BootProtocol.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The rank's side against a scripted job server, with halting replaced by a recorder. */
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JobBootstrapTest {
    private static final long SECRET = 0x5eed5eed12345678L;
    private static final String JOB = "77x0abc";

    @TempDir
    Path dir;

    private final AtomicInteger haltCode = new AtomicInteger(-1);
    private final CountDownLatch halted = new CountDownLatch(1);
    private ScriptedServer server;

    @BeforeEach
    void startServer() throws IOException {
        server = new ScriptedServer();
    }

    @AfterEach
    void stopServer() throws IOException {
        server.close();
    }

    @Test
    void withoutMpirunThereIsNoJob() {
        assertNull(JobBootstrap.fromEnvironment(Map.of(), this::halt));
    }

    @Test
    void incompleteEnvironmentNamesWhatIsMissing() {
        Map<String, String> env = env(1, 2);
        env.remove(ENV_BOARD_FILE);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> JobBootstrap.fromEnvironment(env, this::halt));
        assertTrue(e.getMessage().contains(ENV_BOARD_FILE), e.getMessage());

        Map<String, String> outside = env(2, 2);
        e = assertThrows(IllegalStateException.class, () -> JobBootstrap.fromEnvironment(outside, this::halt));
        assertTrue(e.getMessage().contains("is not a rank of"), e.getMessage());

        Map<String, String> local = env(1, 2);
        local.put(ENV_LOCAL_RANKS, "0");
        e = assertThrows(IllegalStateException.class, () -> JobBootstrap.fromEnvironment(local, this::halt));
        assertTrue(e.getMessage().contains(ENV_LOCAL_RANKS), e.getMessage());
    }

    @Test
    void joinsBarriersExchangesAndFinalizes() throws Exception {
        JobBootstrap job = join(1, 2);
        assertEquals(1, job.rank());
        assertEquals(2, job.size());
        assertEquals(JOB, job.jobId());
        assertEquals(SECRET, job.secret());
        assertEquals(dir.resolve("atoll-" + JOB + "-0"), job.boardPath());
        assertArrayEquals(new int[] {0, 1}, job.localRanks());
        assertEquals("node0", job.hostName());

        CompletableFuture<Void> barrier = CompletableFuture.runAsync(job::barrier);
        Frame enter = server.read();
        assertEquals(EXCHANGE, enter.type());
        assertEquals(0, enter.body().readInt());
        assertEquals(0, readBlob(enter.body(), 16).length);
        assertFalse(barrier.isDone(), "a barrier waits for the server");
        server.exchangeDone(0); // every blob empty: the server sends none (BootProtocol)
        barrier.get(10, TimeUnit.SECONDS);

        CompletableFuture<byte[][]> exchange = CompletableFuture.supplyAsync(
                () -> job.exchange("one".getBytes(StandardCharsets.UTF_8)));
        Frame contribution = server.read();
        assertEquals(1, contribution.body().readInt());
        assertEquals("one", new String(readBlob(contribution.body(), 16), StandardCharsets.UTF_8));
        server.exchangeDone(1, "zero".getBytes(StandardCharsets.UTF_8), "one".getBytes(StandardCharsets.UTF_8));
        byte[][] all = exchange.get(10, TimeUnit.SECONDS);
        assertEquals("zero", new String(all[0], StandardCharsets.UTF_8));
        assertEquals("one", new String(all[1], StandardCharsets.UTF_8));

        CompletableFuture<byte[][]> nothing = CompletableFuture.supplyAsync(() -> job.exchange(new byte[0]));
        assertEquals(2, server.read().body().readInt());
        server.exchangeDone(2);
        byte[][] empty = nothing.get(10, TimeUnit.SECONDS);
        assertEquals(2, empty.length, "one blob per rank, as if each had been sent");
        assertEquals(0, empty[0].length + empty[1].length);

        CompletableFuture<Void> finalize = CompletableFuture.runAsync(job::finalized);
        assertEquals(FINALIZED, server.read().type());
        server.send(FINALIZED_ACK, o -> { });
        finalize.get(10, TimeUnit.SECONDS);
        job.finalized(); // once is enough

        job.close();
        assertEquals(-1, server.in.read(), "the server sees the rank go");
        assertFalse(halted.await(300, TimeUnit.MILLISECONDS), "closing by the rank is not a lost server");
    }

    @Test
    void oversizedExchangeIsRefusedLocally() throws Exception {
        JobBootstrap job = join(0, 1);
        assertThrows(IllegalArgumentException.class, () -> job.exchange(new byte[MAX_EXCHANGE_BYTES + 1]));
        job.close();
    }

    @Test
    void refusalCarriesTheServersReason() {
        CompletableFuture<JobBootstrap> joining = CompletableFuture.supplyAsync(() -> JobBootstrap.fromEnvironment(env(1, 2), this::halt));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            server.accept(VERSION);
            server.send(REJECT, o -> o.writeUTF("rank 1 is already connected"));
            try {
                joining.join();
            } catch (java.util.concurrent.CompletionException ce) {
                throw ce.getCause();
            }
        });
        assertTrue(e.getMessage().contains("rank 1 is already connected"), e.getMessage());
    }

    /**
     * The server closes the rank's connection after its HELLO without an answer, as mpirun's job
     * server drops the oldest of too many unauthenticated connections during a flood of
     * strangers: the rank joins again instead of failing the job.
     */
    @Test
    void aConnectionDroppedUnansweredIsJoinedAgain() throws Exception {
        CompletableFuture<JobBootstrap> joining = CompletableFuture.supplyAsync(() -> JobBootstrap.fromEnvironment(env(1, 2), this::halt));
        assertEquals(1, server.accept(VERSION));
        server.dropConnection();
        assertEquals(1, server.accept(VERSION));
        server.send(WELCOME, o -> { });
        assertEquals(1, joining.get(10, TimeUnit.SECONDS).rank());
    }

    @Test
    void differentProtocolVersionsAreNamed() {
        CompletableFuture<JobBootstrap> joining = CompletableFuture.supplyAsync(() -> JobBootstrap.fromEnvironment(env(0, 1), this::halt));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            server.accept(VERSION + 1);
            try {
                joining.join();
            } catch (java.util.concurrent.CompletionException ce) {
                throw ce.getCause();
            }
        });
        assertTrue(e.getMessage().contains("different atoll-mpi jars"), e.getMessage());
    }

    @Test
    void losingTheServerHaltsAndRemovesTheJobsFiles() throws Exception {
        Files.createFile(dir.resolve("atoll-" + JOB + "-0"));
        Files.createFile(dir.resolve("atoll-otherjob-0"));
        JobBootstrap job = join(0, 2);
        CompletableFuture<Void> barrier = CompletableFuture.runAsync(job::barrier);
        server.read();
        server.close(); // mpirun died

        assertTrue(halted.await(5, TimeUnit.SECONDS), "the watchdog halts the rank");
        assertEquals(1, haltCode.get());
        assertFalse(Files.exists(dir.resolve("atoll-" + JOB + "-0")));
        assertTrue(Files.exists(dir.resolve("atoll-otherjob-0")));
        Exception e = assertThrows(Exception.class, () -> barrier.get(5, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains("lost its connection"), e.getMessage());
    }

    @Test
    void terminateHaltsAndLeavesCleaningToMpirun() throws Exception {
        Files.createFile(dir.resolve("atoll-" + JOB + "-0"));
        join(0, 1);
        server.send(TERMINATE, o -> { });
        assertTrue(halted.await(5, TimeUnit.SECONDS));
        assertTrue(Files.exists(dir.resolve("atoll-" + JOB + "-0")));
    }

    @Test
    void diagnoseIsAnsweredByTheWatchdogWhateverTheProgramDoes() throws Exception {
        JobBootstrap job = join(1, 2);
        server.send(DIAGNOSE, o -> { });
        assertEquals("in MPI_Init (no engine yet)", diagnosis(server.read()));

        // the program's thread is busy in a barrier that never completes: the answer comes anyway
        CompletableFuture.runAsync(job::barrier);
        assertEquals(EXCHANGE, server.read().type());
        job.onDiagnose(() -> "receive posted: source 0, tag 3\nsecond line");
        server.send(DIAGNOSE, o -> { });
        assertEquals("receive posted: source 0, tag 3\nsecond line", diagnosis(server.read()));

        job.onDiagnose(() -> {
            throw new IllegalStateException("queues changed");
        });
        server.send(DIAGNOSE, o -> { });
        assertEquals("cannot describe its pending operations: java.lang.IllegalStateException: queues changed",
            diagnosis(server.read()));

        job.onDiagnose(() -> "x".repeat(MAX_DIAGNOSIS_BYTES + 100));
        server.send(DIAGNOSE, o -> { });
        assertEquals(MAX_DIAGNOSIS_BYTES, diagnosis(server.read()).length(), "cut to what the server accepts");
        assertFalse(halted.await(100, TimeUnit.MILLISECONDS));
    }

    private static String diagnosis(Frame frame) throws IOException {
        assertEquals(DIAGNOSIS, frame.type());
        return new String(readBlob(frame.body(), MAX_DIAGNOSIS_BYTES), StandardCharsets.UTF_8);
    }

    @Test
    void abortWaitsForTheServerThenHaltsWithTheCode() throws Exception {
        JobBootstrap job = join(1, 2);
        CompletableFuture<Void> abort = CompletableFuture.runAsync(() -> job.abort(5, false, "bad input"));
        Frame frame = server.read();
        assertEquals(ABORT, frame.type());
        assertEquals(5, frame.body().readInt());
        assertFalse(frame.body().readBoolean(), "a call of abort, not a fatal error");
        assertEquals("bad input", frame.body().readUTF());
        assertFalse(halted.await(200, TimeUnit.MILLISECONDS), "not before the server has it");
        server.send(ABORT_ACK, o -> { });
        assertTrue(halted.await(5, TimeUnit.SECONDS));
        assertEquals(5, haltCode.get());
        abort.get(5, TimeUnit.SECONDS);
    }

    @Test
    void abortHaltsEvenWhenTheServerIsSilent() throws Exception {
        JobBootstrap job = join(0, 1);
        long start = System.nanoTime();
        job.abort(9, false, "x".repeat(5000));
        assertEquals(9, haltCode.get());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
        Frame frame = server.read();
        frame.body().readInt();
        frame.body().readBoolean();
        assertEquals(MAX_MESSAGE_CHARS, frame.body().readUTF().length(), "long messages are cut");
    }

    @Test
    void aRemoteRankReadsTheSecretFromTheFirstLineOfStdinAndLeavesTheRest() throws Exception {
        Map<String, String> env = env(0, 1);
        env.put(ENV_JOB_SECRET, formatSecret(SECRET + 1)); // inherited from an enclosing job: not this one's
        env.put(ENV_JOB_SECRET_FROM, "stdin");
        // a dead first address, then the server: the rank tries them in order
        env.put(ENV_JOB_SERVER, "127.0.0.1:1," + server.address());
        InputStream stdin = new ByteArrayInputStream((formatSecret(SECRET) + "\nrank 0's input\n").getBytes(StandardCharsets.US_ASCII));
        CompletableFuture<JobBootstrap> joining = CompletableFuture.supplyAsync(() -> JobBootstrap.fromEnvironment(env, this::halt, stdin));
        assertEquals(0, server.accept(VERSION), "the MAC proves the secret read from stdin");
        server.send(WELCOME, o -> { });
        try (JobBootstrap b = joining.get(10, TimeUnit.SECONDS)) {
            assertEquals("rank 0's input\n", new String(stdin.readAllBytes(), StandardCharsets.US_ASCII));
            assertEquals(InetAddress.getLoopbackAddress(), b.reachableAddress());
        }

        InputStream empty = new ByteArrayInputStream(new byte[0]);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> JobBootstrap.fromEnvironment(env, this::halt, empty));
        assertTrue(e.getMessage().contains("the first line of standard input"), e.getMessage());
    }

    @Test
    void everyUnreachableServerAddressIsNamed() {
        Map<String, String> env = env(0, 1);
        env.put(ENV_JOB_SERVER, "127.0.0.1:1,127.0.0.1:2");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> JobBootstrap.fromEnvironment(env, this::halt));
        assertTrue(e.getMessage().contains("127.0.0.1:1: ") && e.getMessage().contains("127.0.0.1:2: "), e.getMessage());
    }

    private JobBootstrap join(int rank, int size) throws Exception {
        CompletableFuture<JobBootstrap> joining = CompletableFuture.supplyAsync(() -> JobBootstrap.fromEnvironment(env(rank, size), this::halt));
        assertEquals(rank, server.accept(VERSION));
        server.send(WELCOME, o -> { });
        return joining.get(10, TimeUnit.SECONDS);
    }

    private Map<String, String> env(int rank, int size) {
        Map<String, String> env = new HashMap<>();
        env.put(ENV_JOB_SERVER, server.address());
        env.put(ENV_RANK, Integer.toString(rank));
        env.put(ENV_SIZE, Integer.toString(size));
        env.put(ENV_JOB_ID, JOB);
        env.put(ENV_JOB_SECRET, formatSecret(SECRET));
        env.put(ENV_BOARD_FILE, dir.resolve(boardFileName(JOB, "0")).toString());
        env.put(ENV_LOCAL_RANKS, size == 1 ? "0" : "0,1");
        env.put(ENV_HOST, "node0");
        return env;
    }

    private void halt(int code) {
        haltCode.set(code);
        halted.countDown();
    }

    /** A job server the test drives frame by frame. */
    private static final class ScriptedServer implements AutoCloseable {
        private final ServerSocket serverSocket = new ServerSocket();
        private Socket socket;
        DataInputStream in;
        private DataOutputStream out;

        ScriptedServer() throws IOException {
            serverSocket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            serverSocket.setSoTimeout(10_000); // blocked socket calls ignore interrupts: bound them
        }

        String address() {
            return "127.0.0.1:" + serverSocket.getLocalPort();
        }

        /** Accepts a rank, challenges it in protocol {@code version}; returns the rank it proved to be. */
        int accept(int version) throws IOException {
            socket = serverSocket.accept();
            socket.setSoTimeout(10_000);
            in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            out = new DataOutputStream(socket.getOutputStream());
            byte[] nonce = new byte[NONCE_LENGTH];
            new SecureRandom().nextBytes(nonce);
            send(CHALLENGE, o -> {
                o.writeInt(MAGIC);
                o.writeInt(version);
                o.write(nonce);
            });
            if (version != VERSION) {
                return -1;
            }
            Frame hello = read();
            assertEquals(HELLO, hello.type());
            int rank = hello.body().readInt();
            byte[] proof = new byte[MAC_LENGTH];
            hello.body().readFully(proof);
            assertTrue(macMatches(mac(SECRET, nonce, rank), proof), "the rank proves it knows the secret");
            return rank;
        }

        Frame read() throws IOException {
            return readFrame(in, MAX_RANK_FRAME);
        }

        /** Closes the accepted connection without a word. */
        void dropConnection() throws IOException {
            socket.close();
            socket = null;
        }

        void send(byte type, Body body) throws IOException {
            writeFrame(out, type, body);
        }

        void exchangeDone(int round, byte[]... blobs) throws IOException {
            send(EXCHANGE_DONE, o -> {
                o.writeInt(round);
                o.writeInt(blobs.length);
                for (byte[] b : blobs) {
                    writeBlob(o, b);
                }
            });
        }

        @Override
        public void close() throws IOException {
            if (socket != null) {
                socket.close();
            }
            serverSocket.close();
        }
    }
}

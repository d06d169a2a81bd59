package org.atollmpi.runtime.boot.pmi;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Ranks joining through a fake PMI server (PMI-1 as Hydra's, PMI-2 as Hydra's), halting recorded. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PmiBootstrapTest {
    @TempDir
    Path boards;

    private final Map<Integer, Integer> halts = new ConcurrentHashMap<>();

    private Map<String, String> env(FakePmiServer server, int version, int id) {
        Map<String, String> env = new HashMap<>();
        env.put("PMI_PORT", server.port());
        env.put("PMI_ID", Integer.toString(id));
        env.put("ATOLL_PMI", Integer.toString(version));
        return env;
    }

    /** Joins {@code n} ranks at once (they meet in PMI fences), rank r on host {@code hosts.apply(r)}. */
    private List<PmiBootstrap> join(FakePmiServer server, int version, int n, IntFunction<String> hosts) {
        List<CompletableFuture<PmiBootstrap>> joining = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            int rank = r;
            joining.add(CompletableFuture.supplyAsync(() -> PmiBootstrap.fromEnvironment(env(server, version, rank),
                    hosts.apply(rank), boards, code -> halts.put(rank, code))));
        }
        return joining.stream().map(f -> f.orTimeout(30, TimeUnit.SECONDS).join()).toList();
    }

    /** Runs {@code body} for every rank at once, each in its own thread. */
    private static <T> List<T> eachRank(List<PmiBootstrap> ranks, java.util.function.Function<PmiBootstrap, T> body) {
        List<CompletableFuture<T>> all = ranks.stream().map(b -> CompletableFuture.supplyAsync(() -> body.apply(b))).toList();
        return all.stream().map(f -> f.orTimeout(30, TimeUnit.SECONDS).join()).toList();
    }

    @Test
    void withoutPmiThereIsNoJob() {
        assertNull(PmiBootstrap.fromEnvironment(Map.of("PMI_RANK", "0", "PMI_SIZE", "2"), "h", boards, c -> { }));
    }

    @Test
    void badEnvironmentIsNamed() throws IOException {
        assertRefused(Map.of("PMI_FD", "seven", "PMI_RANK", "0", "PMI_SIZE", "1"), "PMI_FD=seven is not a number");
        assertRefused(Map.of("PMI_FD", "-3", "PMI_RANK", "0", "PMI_SIZE", "1"), "PMI_FD=-3 is not a file descriptor");
        assertRefused(Map.of("PMI_FD", "5", "PMI_RANK", "0", "ATOLL_PMI", "1"), "PMI_SIZE is not set");
        assertRefused(Map.of("PMI_FD", "5", "PMI_RANK", "4", "PMI_SIZE", "4"), "PMI_RANK=4 is not a rank of PMI_SIZE=4");
        assertRefused(Map.of("PMI_FD", "5", "ATOLL_PMI", "3"), "ATOLL_PMI=3 is not a PMI version (1 or 2)");
        assertRefused(Map.of("PMI_PORT", "nowhere"), "PMI_PORT is set but PMI_ID is not");
        assertRefused(Map.of("PMI_PORT", "nowhere", "PMI_ID", "0"), "PMI_PORT=nowhere is not host:port");
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        assertRefused(Map.of("PMI_PORT", "127.0.0.1:" + closed, "PMI_ID", "0"), "cannot connect to PMI_PORT=127.0.0.1:" + closed);
        // a descriptor this process does not have: the launcher's variable is named with the failure
        assertRefused(Map.of("PMI_FD", "1017", "PMI_RANK", "0", "PMI_SIZE", "1"), "PMI_FD=1017");
    }

    private void assertRefused(Map<String, String> env, String part) {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PmiBootstrap.fromEnvironment(env, "h", boards, c -> halts.put(-1, c)));
        assertTrue(e.getMessage().contains(part), "'" + e.getMessage() + "' does not say '" + part + "'");
        assertTrue(e.getMessage().contains("PMI launcher"), e.getMessage());
    }

    /** Slurm's PMI_JOBID chooses PMI-2 and goes into fullinit, whose Slurm refuses a fullinit without it. */
    @Test
    void slurmsJobIdChoosesPmi2AndIsSentInFullinit() throws IOException {
        try (FakePmiServer server = new FakePmiServer(2, 2, 1024)) {
            List<CompletableFuture<PmiBootstrap>> joining = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                Map<String, String> env = Map.of("PMI_PORT", server.port(), "PMI_RANK", Integer.toString(r),
                        "PMI_SIZE", "2", "PMI_JOBID", "42.0");
                int rank = r;
                joining.add(CompletableFuture.supplyAsync(() -> PmiBootstrap.fromEnvironment(env, "alpha", boards,
                        code -> halts.put(rank, code))));
            }
            List<PmiBootstrap> ranks = joining.stream().map(f -> f.orTimeout(30, TimeUnit.SECONDS).join()).toList();
            for (PmiBootstrap b : ranks) {
                assertEquals(2, b.pmiVersion());
                b.close();
            }
            assertEquals(Map.of(0, "42.0", 1, "42.0"), server.fullinitJobIds);
            assertEquals(List.of(), server.errors);
        }
    }

    @ParameterizedTest(name = "PMI-{0}")
    @ValueSource(ints = {1, 2})
    void ranksFindTheirNodesKeyAndBoard(int version) throws IOException {
        try (FakePmiServer server = new FakePmiServer(version, 3, 100)) {
            List<PmiBootstrap> ranks = join(server, version, 3, r -> r < 2 ? "alpha" : "beta");
            for (int r = 0; r < 3; r++) {
                PmiBootstrap b = ranks.get(r);
                assertEquals(r, b.rank());
                assertEquals(3, b.size());
                assertEquals(version, b.pmiVersion());
                assertEquals(ranks.get(0).jobKey(), b.jobKey(), "one job key");
                assertEquals(ranks.get(0).jobId(), b.jobId(), "one job id");
                assertTrue(b.boardPath().startsWith(boards), b.boardPath().toString());
            }
            assertArrayEquals(new int[] {0, 1}, ranks.get(0).nodeRanks());
            assertArrayEquals(new int[] {0, 1}, ranks.get(1).nodeRanks());
            assertArrayEquals(new int[] {2}, ranks.get(2).nodeRanks());
            assertEquals(ranks.get(0).boardPath(), ranks.get(1).boardPath());
            assertNotEquals(ranks.get(0).boardPath(), ranks.get(2).boardPath());
            assertTrue(ranks.get(0).boardPath().getFileName().toString().startsWith("atoll-" + ranks.get(0).jobId() + "-"));
            assertFalse(ranks.get(0).jobId().contains("-"), "job ids hold no '-': board names are split at it");

            // blobs far larger than the server's 100-character values, and an empty one, twice
            for (int round = 0; round < 2; round++) {
                int rr = round;
                List<byte[][]> got = eachRank(ranks, b -> b.exchange(blob(b.rank(), rr)));
                for (byte[][] all : got) {
                    for (int r = 0; r < 3; r++) {
                        assertArrayEquals(blob(r, round), all[r], "round " + round + ", blob of rank " + r);
                    }
                }
            }
            eachRank(ranks, b -> {
                b.barrier();
                b.finalized();
                b.close();
                return null;
            });
            assertEquals(Map.of(0, true, 1, true, 2, true), server.finalized);
            assertEquals(List.of(), server.errors);
            assertEquals(Map.of(), halts, "a rank that finalized and closed is not halted when the launcher goes");
        }
    }

    private static byte[] blob(int rank, int round) {
        if (rank == 1) {
            return new byte[0];
        }
        byte[] b = new byte[3000 + rank * 7 + round];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 31 + rank * 7 + round);
        }
        return b;
    }

    @ParameterizedTest(name = "PMI-{0}")
    @ValueSource(ints = {1, 2})
    void aBarrierWaitsForTheLastRank(int version) throws IOException {
        try (FakePmiServer server = new FakePmiServer(version, 3, 1024)) {
            List<PmiBootstrap> ranks = join(server, version, 3, r -> "alpha");
            long[] entered = new long[1];
            List<Long> left = eachRank(ranks, b -> {
                if (b.rank() == 2) {
                    sleep(400);
                    entered[0] = System.nanoTime();
                }
                b.barrier();
                return System.nanoTime();
            });
            for (int r = 0; r < 3; r++) {
                assertTrue(left.get(r) >= entered[0], "rank " + r + " left the barrier before rank 2 entered it");
            }
            ranks.forEach(PmiBootstrap::close);
        }
    }

    @ParameterizedTest(name = "PMI-{0}")
    @ValueSource(ints = {1, 2})
    void abortGoesToTheLauncherAndHaltsWithTheCode(int version) throws IOException {
        try (FakePmiServer server = new FakePmiServer(version, 2, 1024)) {
            List<PmiBootstrap> ranks = join(server, version, 2, r -> "alpha");
            ranks.get(1).abort(7, false, "rank 1 called abort(7) on MPI_COMM_WORLD");
            assertEquals(7, halts.get(1));
            waitFor(() -> !server.aborts.isEmpty());
            assertEquals(List.of(version == 1 ? "rank 1 exitcode=7" : "rank 1 msg=rank 1 called abort(7) on MPI_COMM_WORLD"),
                    server.aborts);
            ranks.get(0).close();
        }
    }

    @Test
    void aRankThatLosesItsLauncherHalts() throws IOException {
        try (FakePmiServer server = new FakePmiServer(1, 2, 1024)) {
            List<PmiBootstrap> ranks = join(server, 1, 2, r -> "alpha");
            server.dropClients();
            waitFor(() -> halts.size() == 2);
            assertEquals(Map.of(0, 1, 1, 1), halts);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ranks.get(0).barrier());
            assertTrue(e.getMessage().contains("closed the connection"), e.getMessage());
        }
    }

    @Test
    void refusalsAndWrongAnswersAreNamed() throws IOException {
        try (FakePmiServer server = new FakePmiServer(1, 1, 1024)) {
            String[] hostPort = server.port().split(":");
            try (Socket s = new Socket(hostPort[0], Integer.parseInt(hostPort[1]))) {
                Pmi1 pmi = Pmi1.dialled(new BufferedInputStream(s.getInputStream()), s.getOutputStream(), "test", 0,
                        why -> { });
                assertEquals(FakePmiServer.KVS, pmi.kvsName());
                assertEquals(1023, pmi.maxValueLength(), "the limit counts C's NUL");
                pmi.put("k", "v");
                PmiException dup = assertThrows(PmiException.class, () -> pmi.put("k", "w"));
                assertTrue(dup.getMessage().contains("refused put (rc=-1, duplicate_key_k)"), dup.getMessage());
                pmi.fence();
                assertEquals("v", pmi.get("k"));
                PmiException missing = assertThrows(PmiException.class, () -> pmi.get("nokey"));
                assertTrue(missing.getMessage().contains("key_nokey_not_found"), missing.getMessage());
            }
        }
        // a server that answers init with something else
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket()) {
            client.connect(new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort()));
            try (Socket server = listener.accept()) {
                server.getOutputStream().write("cmd=barrier_out\n".getBytes(StandardCharsets.US_ASCII));
                PmiException e = assertThrows(PmiException.class, () -> Pmi1.connected(client.getInputStream(),
                        client.getOutputStream(), "PMI_FD=9", 0, 1, why -> { }));
                assertTrue(e.getMessage().contains("answered 'cmd=barrier_out' to init, expected cmd=response_to_init"),
                        e.getMessage());
                assertTrue(e.getMessage().contains("PMI_FD=9"), e.getMessage());
            }
        }
        // a server that speaks garbage: the pending call fails with the reason, and the loss is heard
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket()) {
            client.connect(new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort()));
            try (Socket server = listener.accept()) {
                server.getOutputStream().write("cmd=response_to_init pmi_version=2 pmi_subversion=0 rc=0\nhello there\n"
                        .getBytes(StandardCharsets.US_ASCII));
                List<String> lost = new java.util.concurrent.CopyOnWriteArrayList<>();
                PmiException e = assertThrows(PmiException.class, () -> Pmi2.open(client.getInputStream(),
                        client.getOutputStream(), "PMI_FD=9", 0, null, lost::add));
                assertTrue(e.getMessage().contains("PMI-2 length field 'hello ' is not a number"), e.getMessage());
                // the reader thread fails the pending call first, then reports the loss
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (lost.isEmpty() && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                assertEquals(1, lost.size(), lost.toString());
            }
        }
    }

    @Test
    void aSilentServerFailsTheCallInBoundedTime() throws IOException {
        System.setProperty(PmiClient.REPLY_TIMEOUT_PROPERTY, "1500");
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket()) {
            client.connect(new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort()));
            try (Socket server = listener.accept()) {
                long start = System.nanoTime();
                PmiException e = assertThrows(PmiException.class, () -> Pmi1.connected(client.getInputStream(),
                        client.getOutputStream(), "PMI_FD=9", 0, 1, why -> { }));
                assertTrue(e.getMessage().contains("no answer to PMI init from PMI_FD=9 in 1500 ms"), e.getMessage());
                assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20));
            }
        } finally {
            System.clearProperty(PmiClient.REPLY_TIMEOUT_PROPERTY);
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met in 10 s");
            }
            sleep(10);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

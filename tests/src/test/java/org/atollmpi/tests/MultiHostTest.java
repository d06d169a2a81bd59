package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.programs.AcrossJobs;
import org.atollmpi.tests.programs.CollectiveCalls;
import org.atollmpi.tests.programs.Die;
import org.atollmpi.tests.programs.EndlessRing;
import org.atollmpi.tests.programs.OneSidedSmoke;
import org.atollmpi.tests.programs.WaitForever;
import org.atollmpi.tests.programs.classic.RingOmpi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ranks on several hosts: two network namespaces, each a "host" with an address of its own on
 * the veth pair that joins them, ranks launched into them by {@code mpirun --rsh "ip netns exec"}.
 * mpirun itself runs in the first namespace, so {@code localhost} is that host; ranks talk over the
 * TCP board (the job spans hosts, so {@code --board auto} picks it too) between 10.233.0.1 and
 * 10.233.0.2, and reach the job server across the link. Needs root and {@code ip netns}
 * (iproute2); without them the tests are skipped, saying why. The namespaces get names unique to
 * this run and are deleted afterwards, with whatever still runs in them, even when a test fails.
 */
class MultiHostTest {
    /** A broken link must end the job within this long: ~6 s of keepalive probes, plus start-up slack. */
    static final Duration UNREACHABLE_WITHIN = Duration.ofSeconds(45);
    static final Duration JOB_LIMIT = Duration.ofSeconds(150);

    private static String hostA;
    private static String hostB;
    /** B's end of the veth pair: pulled down to cut B off. */
    private static String linkB;
    private static final List<String> created = new ArrayList<>();
    private static Thread cleanupOnExit;

    @BeforeAll
    static void createHosts() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip"))
                || Files.isExecutable(Path.of("/usr/bin/ip")), "skipped: no 'ip' command (install iproute2)");
        Assumptions.assumeTrue(run("id", "-u").out().strip().equals("0"),
                "skipped: network namespaces need root (this test runs as uid " + run("id", "-u").out().strip() + ")");
        // unique per run, and short: interface names have at most 15 characters
        String id = Long.toString(ProcessHandle.current().pid() % 100_000) + Integer.toString(ThreadLocalRandom.current().nextInt(36 * 36), 36);
        hostA = "atoll-" + id + "-a";
        hostB = "atoll-" + id + "-b";
        String linkA = "at" + id + "a";
        linkB = "at" + id + "b";
        cleanupOnExit = new Thread(MultiHostTest::deleteHosts, "multi-host-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
        Result add = run("ip", "netns", "add", hostA);
        Assumptions.assumeTrue(add.status() == 0, "skipped: 'ip netns add' does not work here: " + add.out());
        created.add(hostA);
        must("ip", "netns", "add", hostB);
        created.add(hostB);
        must("ip", "link", "add", linkA, "type", "veth", "peer", "name", linkB);
        must("ip", "link", "set", linkA, "netns", hostA);
        must("ip", "link", "set", linkB, "netns", hostB);
        must("ip", "-n", hostA, "addr", "add", "10.233.0.1/24", "dev", linkA);
        must("ip", "-n", hostB, "addr", "add", "10.233.0.2/24", "dev", linkB);
        for (String[] hostLink : new String[][] {{hostA, linkA}, {hostB, linkB}}) {
            must("ip", "-n", hostLink[0], "link", "set", "lo", "up");
            must("ip", "-n", hostLink[0], "link", "set", hostLink[1], "up");
        }
    }

    @AfterAll
    static void deleteHosts() {
        synchronized (created) {
            for (String ns : created) {
                try {
                    // whatever a failed test left running there goes first
                    for (String pid : run("ip", "netns", "pids", ns).out().split("\\s+")) {
                        if (!pid.isBlank()) {
                            ProcessHandle.of(Long.parseLong(pid.strip())).ifPresent(ProcessHandle::destroyForcibly);
                        }
                    }
                    run("ip", "netns", "del", ns);
                } catch (IOException | InterruptedException | RuntimeException e) {
                    System.err.println("cannot delete network namespace " + ns + ": " + e);
                }
            }
            created.clear();
        }
        if (cleanupOnExit != null && Thread.currentThread() != cleanupOnExit) {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
            } catch (IllegalStateException e) {
                // shutting down: the hook finds nothing left
            }
        }
    }

    @Test
    void ringAcrossTwoHostsAndThisOne() {
        // localhost is host A, where mpirun runs: started directly; host B through ip netns exec
        mpirun("-H", "localhost:2," + hostB + ":2", "--board", "tcp").program(RingOmpi.class, "10").run().assertOk(4);
    }

    @Test
    void collectivesMappedByNodeOnTheBoardAutoPicks() {
        mpirun("-H", hostA + ":2," + hostB + ":2", "--map-by", "node", "--board", "auto")
                .program(CollectiveCalls.class).run().assertOk(4);
    }

    @Test
    void oneSidedAcrossHosts() {
        mpirun("-H", hostA + ":2," + hostB + ":2", "--board", "tcp").program(OneSidedSmoke.class, "noshared").run()
                .assertOk(4);
    }

    @Test
    void twoJobsOnTwoHostsConnectThroughAPort(@TempDir Path dir) {
        // two mpirun runs, one per host, meet through a port name in a file both see
        Path file = dir.resolve("port");
        RunningJob accepting = onHost(hostA, 2).program(AcrossJobs.class, "accept", file.toString()).start();
        RunningJob connecting = onHost(hostB, 3).program(AcrossJobs.class, "connect", file.toString()).start();
        JobResult a = accepting.await();
        JobResult c = connecting.await();
        a.assertOk(2);
        c.assertOk(3);
    }

    /** A job of {@code np} ranks all on {@code host}, its mpirun there too. */
    private static Job onHost(String host, int np) {
        return Job.command("ip", "netns", "exec", host, Repo.mpirun().toString(), "-np", Integer.toString(np),
                "--oversubscribe", "-cp", Repo.testClasses().toString()).timeout(JOB_LIMIT);
    }

    @Test
    void aRemoteRankThatDiesEndsTheJobNamed() {
        JobResult result = mpirun("-H", hostA + ":2," + hostB + ":2").program(Die.class, "exit").run();
        result.assertExit(3);
        result.assertLine("rank 3 \\(on host " + hostB + ", pid \\d+ of 'ip netns exec'\\) exited with status 3");
    }

    @Test
    void theJobSecretIsOnNoCommandLine() throws IOException {
        RunningJob job = mpirun("-H", "localhost:1," + hostB + ":1").program(WaitForever.class).start();
        try {
            job.awaitLine("^WAITING rank 0", JOB_LIMIT);
            job.awaitLine("^WAITING rank 1", JOB_LIMIT);
            // the local rank has it in its environment (readable by its owner only); the remote
            // rank, whose environment came from a command line, is told to read it from stdin
            String secret = null;
            boolean remoteRankSeen = false;
            List<ProcessHandle> tree = ProcessHandle.of(job.pid()).orElseThrow().descendants().toList();
            for (ProcessHandle p : tree) {
                List<String> env = environ(p.pid());
                for (String var : env) {
                    if (var.startsWith("ATOLL_JOB_SECRET=")) {
                        secret = var.substring("ATOLL_JOB_SECRET=".length());
                    }
                }
                if (env.contains("ATOLL_JOB_SECRET_FROM=stdin")) {
                    remoteRankSeen = true;
                    assertTrue(env.stream().noneMatch(v -> v.startsWith("ATOLL_JOB_SECRET=")), "pid " + p.pid());
                }
            }
            assertNotNull(secret, "the local rank's environment holds the job secret");
            assertTrue(remoteRankSeen, "the remote rank was told to read its secret from stdin");
            for (ProcessHandle p : tree) {
                String cmdline = cmdline(p.pid());
                assertFalse(cmdline.contains(secret), "pid " + p.pid() + " has the job secret on its command line: " + cmdline);
            }
        } finally {
            job.killTree("done");
        }
    }

    @Test
    void pullingALinkDownEndsTheJobNamingAnUnreachableRank() throws Exception {
        RunningJob job = mpirun("-H", hostA + ":2," + hostB + ":2", "--board", "tcp").program(EndlessRing.class).start();
        for (int r = 0; r < 4; r++) {
            job.awaitLine("^RINGING rank " + r, JOB_LIMIT);
        }
        long pulled = System.nanoTime();
        must("ip", "-n", hostB, "link", "set", linkB, "down");
        JobResult result = job.await();
        try {
            assertNotEquals(0, result.exitCode(), result.describe());
            long took = result.endNanos() - pulled;
            assertTrue(took < UNREACHABLE_WITHIN.toNanos(), "the job took " + TimeUnit.NANOSECONDS.toSeconds(took)
                    + " s to end after the link went down\n" + result.describe());
            result.assertLine("^mpirun: rank [23] \\(on host " + hostB + ", pid \\d+ of 'ip netns exec'\\) is unreachable:"
                    + " its connection to mpirun failed");
            assertEquals("", run("ip", "netns", "pids", hostB).out().strip(), "no rank left running on host B");
            assertEquals("", run("ip", "netns", "pids", hostA).out().strip(), "no rank left running on host A");
        } finally {
            must("ip", "-n", hostB, "link", "set", linkB, "up");
        }
    }

    /**
     * An agent named {@code ssh} gets one shell line, as real ssh hands the remote login shell: a
     * stand-in that joins its arguments the same way and runs them with {@code sh -c} in the
     * namespace checks the quoting, and that the secret passes through the agent's stdin.
     */
    @Test
    void anSshStyleAgentGetsOneQuotedShellLine(@TempDir Path dir) throws IOException {
        Path ssh = dir.resolve("ssh");
        Files.writeString(ssh, "#!/bin/sh\n# ssh's way: the host, then the rest joined into one line for a shell\n"
                + "host=$1; shift\nexec ip netns exec \"$host\" sh -c \"$*\"\n");
        Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwxr-xr-x"));
        JobResult words = command(ssh.toString(), "-H", hostB + ":1", "-x", "ODD=it's $HOME", "sh", "-c",
                "printf '[%s]\\n' \"$0\" \"$ODD\"", "a b").run();
        assertEquals(0, words.exitCode(), words.describe());
        assertEquals(List.of("[a b]", "[it's $HOME]"), words.matching("^\\["), words.describe());
        command(ssh.toString(), "-H", hostA + ":1," + hostB + ":1").program(RingOmpi.class, "5").run().assertOk(2);
    }

    @Test
    void ranksOnOtherHostsHaltWhenMpirunIsKilled() throws Exception {
        RunningJob job = mpirun("-H", hostB + ":2").program(WaitForever.class).start();
        job.awaitLine("^WAITING rank 0", JOB_LIMIT);
        job.awaitLine("^WAITING rank 1", JOB_LIMIT);
        assertFalse(run("ip", "netns", "pids", hostB).out().isBlank(), "the ranks run on host B");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        assertTrue(ProcessHandle.of(job.pid()).orElseThrow().destroyForcibly(), "kill -9 mpirun");
        while (!run("ip", "netns", "pids", hostB).out().isBlank()) {
            assertTrue(System.nanoTime() < deadline, "ranks still run on host B 15 s after mpirun was killed: "
                    + run("ip", "netns", "pids", hostB).out());
            Thread.sleep(100);
        }
        job.killTree("done");
    }

    /** {@code ip netns exec A bin/mpirun --rsh "ip netns exec" -cp <test classes> ...}: mpirun on host A. */
    private static Job mpirun(String... options) {
        List<String> words = new ArrayList<>(List.of("ip", "netns", "exec", hostA, Repo.mpirun().toString(),
                "--rsh", "ip netns exec", "-cp", Repo.testClasses().toString()));
        words.addAll(List.of(options));
        return Job.command(words.toArray(String[]::new)).timeout(JOB_LIMIT);
    }

    /** mpirun on host A with {@code rsh} as its remote shell. */
    private static Job command(String rsh, String... options) {
        List<String> words = new ArrayList<>(List.of("ip", "netns", "exec", hostA, Repo.mpirun().toString(),
                "--rsh", rsh, "-cp", Repo.testClasses().toString()));
        words.addAll(List.of(options));
        return Job.command(words.toArray(String[]::new)).timeout(JOB_LIMIT);
    }

    private record Result(int status, String out) {
    }

    private static Result run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, String.join(" ", command) + " did not end in 30 s");
        }
        return new Result(p.exitValue(), out);
    }

    private static void must(String... command) throws IOException, InterruptedException {
        Result r = run(command);
        assertEquals(0, r.status(), String.join(" ", command) + ": " + r.out());
    }

    private static List<String> environ(long pid) {
        try {
            return List.of(new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")),
                    StandardCharsets.UTF_8).split("\0"));
        } catch (IOException e) {
            return List.of(); // gone already
        }
    }

    private static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }
}

package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.ScratchDirs;
import org.atollmpi.tests.programs.CollectiveCalls;
import org.atollmpi.tests.programs.EndlessRing;
import org.atollmpi.tests.programs.RingStress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Remote ranks started over real {@code ssh}: the test runs an OpenSSH server of its own (its
 * config, host key and the client's authorized key in a temporary directory, on a free port of
 * 127.0.0.2 and 127.0.0.3) and an ssh_config that names them {@code atoll-ssh-a} and
 * {@code atoll-ssh-b}, names mpirun does not take for this machine, so every rank goes through
 * {@code mpirun --rsh "ssh -F <config>"}: key authentication, a checked host key, the remote login
 * shell's parsing of the command line, the job secret on ssh's stdin. The two "hosts" share this
 * machine's file system, as nodes of a cluster share the jars' paths; each is a node of its own,
 * so the ranks talk over the TCP board. Skipped, saying why, where {@code sshd} or
 * {@code ssh-keygen} is missing ({@code .ci/run} installs openssh-server) or the server does not
 * start; the server is stopped and the directory deleted afterwards.
 */
class SshLauncherTest {
    private static final Duration LIMIT = Duration.ofSeconds(150);
    private static final Duration EXIT_NAMED_WITHIN = Duration.ofSeconds(45);
    private static final String HOST_A = "atoll-ssh-a";
    private static final String HOST_B = "atoll-ssh-b";
    private static final String ACCEPTED = "Accepted publickey for ";

    private static Path dir;
    private static Path sshConfig;
    private static Process sshd;
    private static Path sshdLog;
    /** The privilege separation directory sshd insists on, when this test had to make it. */
    private static Path madePrivsepDir;
    private static String skipReason;
    private static Thread cleanupOnExit;

    @BeforeAll
    static void startSshd() throws Exception {
        String sshdPath = find("sshd");
        String ssh = find("ssh");
        String keygen = find("ssh-keygen");
        if (sshdPath == null || ssh == null || keygen == null) {
            skipReason = "OpenSSH is not installed (sshd, ssh, ssh-keygen; Debian packages openssh-server and"
                    + " openssh-client, which .ci/run installs): the tests of ranks started over ssh are skipped";
            return;
        }
        dir = Files.createTempDirectory("atoll-ssh-", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        cleanupOnExit = new Thread(SshLauncherTest::stopSshd, "ssh-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
        for (String key : List.of("host_ed25519", "id_ed25519")) {
            String out = run(keygen, "-q", "-t", "ed25519", "-N", "", "-C", "atoll-test-" + key,
                    "-f", dir.resolve(key).toString());
            if (!Files.exists(dir.resolve(key + ".pub"))) {
                skipReason = "ssh-keygen made no key: " + out;
                return;
            }
        }
        Files.copy(dir.resolve("id_ed25519.pub"), dir.resolve("authorized_keys"));
        // the client checks the server's key: one alias for both addresses, with the key made above
        String[] hostKey = Files.readString(dir.resolve("host_ed25519.pub")).strip().split(" ");
        Files.writeString(dir.resolve("known_hosts"), "atoll-test-sshd " + hostKey[0] + " " + hostKey[1] + "\n");
        String user = System.getProperty("user.name");
        int port = freePort();
        Path sshdConfig = dir.resolve("sshd_config");
        Files.writeString(sshdConfig, String.join("\n",
                "Port " + port,
                "ListenAddress 127.0.0.2",
                "ListenAddress 127.0.0.3",
                "HostKey " + dir.resolve("host_ed25519"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PidFile " + dir.resolve("sshd.pid"),
                // the files are in a directory of /tmp, which StrictModes refuses for being in a world-writable one
                "StrictModes no",
                "PubkeyAuthentication yes",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "PermitRootLogin prohibit-password",
                "UsePAM no",
                "AllowUsers " + user,
                "X11Forwarding no",
                ""));
        sshConfig = dir.resolve("ssh_config");
        Files.writeString(sshConfig, String.join("\n",
                "Host " + HOST_A,
                "  HostName 127.0.0.2",
                "Host " + HOST_B,
                "  HostName 127.0.0.3",
                "Host *",
                "  Port " + port,
                "  User " + user,
                "  IdentityFile " + dir.resolve("id_ed25519"),
                "  IdentitiesOnly yes",
                "  BatchMode yes",
                "  StrictHostKeyChecking yes",
                "  UserKnownHostsFile " + dir.resolve("known_hosts"),
                "  GlobalKnownHostsFile /dev/null",
                "  HostKeyAlias atoll-test-sshd",
                "  ForwardX11 no",
                "  LogLevel ERROR",
                ""));
        Path privsep = Path.of("/run/sshd");
        if (!Files.isDirectory(privsep)) {
            try {
                Files.createDirectories(privsep);
                madePrivsepDir = privsep;
            } catch (IOException e) {
                skipReason = "sshd needs " + privsep + ", which cannot be made here (" + e + ")";
                return;
            }
        }
        sshdLog = dir.resolve("sshd.log");
        // sshd re-executes itself, so it must be started by its absolute path
        sshd = new ProcessBuilder(sshdPath, "-D", "-e", "-f", sshdConfig.toString()).redirectErrorStream(true)
                .redirectOutput(sshdLog.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String answer = "";
        while (System.nanoTime() < deadline) {
            if (!sshd.isAlive()) {
                skipReason = "sshd exited with status " + sshd.exitValue() + ": " + Files.readString(sshdLog);
                return;
            }
            answer = run(ssh, "-F", sshConfig.toString(), HOST_B, "echo", "atoll-ssh-ok").strip();
            if (answer.equals("atoll-ssh-ok")) {
                return;
            }
            Thread.sleep(250);
        }
        skipReason = "could not log in to the test's sshd in 30 s: " + answer + "\n" + Files.readString(sshdLog);
    }

    /** Each test, not the class, is skipped: the reports count them and carry the reason. */
    @BeforeEach
    void needSshd() {
        assumeTrue(skipReason == null, skipReason);
    }

    @AfterAll
    static synchronized void stopSshd() {
        if (sshd != null) {
            // sessions a failed test left behind, with their ranks, go first
            sshd.descendants().forEach(ProcessHandle::destroyForcibly);
            sshd.destroy();
            try {
                if (!sshd.waitFor(10, TimeUnit.SECONDS)) {
                    sshd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sshd = null;
        }
        if (madePrivsepDir != null) {
            try {
                Files.deleteIfExists(madePrivsepDir);
            } catch (IOException e) {
                // not empty: another sshd uses it now
            }
            madePrivsepDir = null;
        }
        if (dir != null) {
            ScratchDirs.deleteTree(dir);
            dir = null;
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
    void ringOnTwoHostsEveryRankThroughSsh() throws IOException {
        long loginsBefore = logins();
        mpirun("-H", HOST_A + ":2," + HOST_B + ":2").program(RingStress.class, "100").run()
                .assertOk(4).assertLine("^RING ranks=4 rounds=100 ");
        assertEquals(4, logins() - loginsBefore, "one ssh login per rank:\n" + Files.readString(sshdLog));
    }

    @Test
    void collectivesOnTwoHostsMappedByNode() {
        mpirun("-H", HOST_A + ":2," + HOST_B + ":2", "--map-by", "node").program(CollectiveCalls.class).run()
                .assertOk(4);
    }

    @Test
    void killingARemoteRankEndsTheJobNamingIt() throws Exception {
        RunningJob job = mpirun("-H", HOST_A + ":2," + HOST_B + ":2").program(EndlessRing.class).start();
        for (int r = 0; r < 4; r++) {
            job.awaitLine("^RINGING rank " + r, LIMIT);
        }
        // rank 3 runs on host B, in a session of the test's sshd: only that server's processes are looked at
        List<ProcessHandle> rank3 = sshd.descendants().filter(p -> environ(p.pid()).contains("OMPI_COMM_WORLD_RANK=3")
                && environ(p.pid()).contains("ATOLL_HOST=" + HOST_B)).toList();
        assertEquals(1, rank3.size(), "one process of rank 3 under the test's sshd: " + rank3);
        long killed = System.nanoTime();
        assertTrue(rank3.get(0).destroyForcibly(), "kill -9 rank 3");
        JobResult result = job.await();
        long took = result.endNanos() - killed;
        assertTrue(took < EXIT_NAMED_WITHIN.toNanos(), "the job took " + TimeUnit.NANOSECONDS.toSeconds(took)
                + " s to end after rank 3 was killed\n" + result.describe());
        // ssh reports a remote command killed by a signal as its own status 255
        result.assertFailed().assertLine("^mpirun: rank 3 \\(on host " + HOST_B + ", pid \\d+ of 'ssh -F "
                + sshConfig + "'\\) exited with status \\d+; aborting the job");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (sshd.descendants().anyMatch(p -> environ(p.pid()).stream().anyMatch(v -> v.startsWith("ATOLL_HOST=")))) {
            assertTrue(System.nanoTime() < deadline, "ranks still run under sshd 15 s after the job ended");
            Thread.sleep(100);
        }
    }

    /** {@code bin/mpirun --rsh "ssh -F <config>" -cp <test classes> ...}. */
    private static Job mpirun(String... options) {
        List<String> words = new ArrayList<>(List.of(Repo.mpirun().toString(), "--rsh", "ssh -F " + sshConfig,
                "-cp", Repo.testClasses().toString()));
        words.addAll(List.of(options));
        return Job.command(words.toArray(String[]::new)).timeout(LIMIT);
    }

    private static long logins() throws IOException {
        return Files.readAllLines(sshdLog, StandardCharsets.UTF_8).stream().filter(l -> l.contains(ACCEPTED)).count();
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return String.join(" ", command) + " did not end in 30 s";
        }
        return out;
    }

    private static List<String> environ(long pid) {
        try {
            return List.of(new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")),
                    StandardCharsets.UTF_8).split("\0"));
        } catch (IOException e) {
            return List.of(); // gone already, or not ours to read
        }
    }

    /** A free port on the server's addresses; another process could take it before sshd binds it, rarely. */
    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
            return s.getLocalPort();
        }
    }

    private static String find(String command) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(":")));
        dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/local/sbin"));
        for (String d : dirs) {
            Path candidate = Path.of(d, command);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}

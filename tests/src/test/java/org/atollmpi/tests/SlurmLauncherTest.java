package org.atollmpi.tests;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.harness.ScratchDirs;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.AbortJob;
import org.atollmpi.tests.programs.CollectiveCalls;
import org.atollmpi.tests.programs.Die;
import org.atollmpi.tests.programs.RingStress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Ranks started by Slurm's {@code srun --mpi=pmi2} instead of our {@code mpirun}: plain
 * {@code java} commands that find each other over Slurm's PMI-2 server. The test makes a
 * one-node cluster of its own in a temporary directory (a munge key and {@code munged}, a
 * {@code slurm.conf} naming this machine as controller and as node {@code atollnode} with four
 * CPUs, {@code slurmctld} and {@code slurmd} on free ports) and stops it and deletes the directory
 * afterwards. Skipped, saying why, where Slurm ({@code slurm-wlm}, which {@code .ci/run} installs)
 * is not installed or the cluster does not come up.
 */
class SlurmLauncherTest {
    private static final Duration LIMIT = Duration.ofSeconds(150);
    private static final Duration CLUSTER_UP_WITHIN = Duration.ofSeconds(60);
    /** Board files of PMI jobs: {@code atoll-<pid>p<random>-n<node>}. */
    private static final String NODE = "atollnode";

    private static Path dir;
    private static Path conf;
    private static String srun;
    private static String skipReason;
    private static final List<Process> daemons = new ArrayList<>();
    private static Thread cleanupOnExit;

    @BeforeAll
    static void startCluster() throws Exception {
        srun = find("srun");
        String munged = find("munged");
        String slurmctld = find("slurmctld");
        String slurmd = find("slurmd");
        if (srun == null || munged == null || slurmctld == null || slurmd == null) {
            skipReason = "Slurm is not installed (srun, slurmctld, slurmd, munged; Debian package slurm-wlm, which"
                    + " .ci/run installs): the tests of ranks started by srun are skipped";
            return;
        }
        String user = System.getProperty("user.name");
        dir = Files.createTempDirectory("atoll-slurm-", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        cleanupOnExit = new Thread(SlurmLauncherTest::stopCluster, "slurm-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
        Files.createDirectories(dir.resolve("state"));
        Files.createDirectories(dir.resolve("spool"));
        Path key = dir.resolve("munge.key");
        byte[] secret = new byte[1024];
        new SecureRandom().nextBytes(secret);
        Files.write(key, secret);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        Path socket = dir.resolve("munge.sock");
        daemons.add(daemon("munged", munged, "--foreground", "--force", "--socket=" + socket, "--key-file=" + key,
                "--pid-file=" + dir.resolve("munged.pid"), "--log-file=" + dir.resolve("munged.log"),
                "--seed-file=" + dir.resolve("munged.seed")));
        // Slurm takes the controller by the machine's short host name, and reaches it by address
        String host = InetAddress.getLocalHost().getHostName().split("\\.")[0];
        conf = dir.resolve("slurm.conf");
        Files.writeString(conf, String.join("\n",
                "ClusterName=atolltest",
                "SlurmctldHost=" + host + "(127.0.0.1)",
                "SlurmctldPort=" + freePort(),
                "SlurmdPort=" + freePort(),
                "SlurmUser=" + user,
                "SlurmdUser=" + user,
                "AuthType=auth/munge",
                "AuthInfo=socket=" + socket,
                "CredType=cred/munge",
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("slurmd.pid"),
                "SlurmctldLogFile=" + dir.resolve("slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("slurmd.log"),
                // no cgroups: the test must run in a container as well
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core",
                // four CPUs whatever the machine has: the jobs are small
                "SlurmdParameters=config_overrides",
                "MpiDefault=none",
                "ReturnToService=2",
                "SchedulerType=sched/builtin",
                "JobCompType=jobcomp/none",
                "AccountingStorageType=accounting_storage/none",
                "JobAcctGatherType=jobacct_gather/none",
                "NodeName=" + NODE + " NodeAddr=127.0.0.1 CPUs=4 State=UNKNOWN",
                "PartitionName=atoll Nodes=" + NODE + " Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4",
                ""));
        daemons.add(daemon("slurmctld", slurmctld, "-D", "-i", "-f", conf.toString()));
        daemons.add(daemon("slurmd", slurmd, "-D", "-N", NODE, "-f", conf.toString()));
        long deadline = System.nanoTime() + CLUSTER_UP_WITHIN.toNanos();
        String state = "";
        while (System.nanoTime() < deadline) {
            for (Process p : daemons) {
                if (!p.isAlive()) {
                    skipReason = "the test's Slurm cluster did not start: " + p.info().command().orElse("a daemon")
                            + " exited with status " + p.exitValue() + "\n" + logs();
                    return;
                }
            }
            state = slurm(find("sinfo"), "-h", "-n", NODE, "-o", "%T").strip();
            if (state.equals("idle")) {
                return;
            }
            Thread.sleep(250);
        }
        skipReason = "the test's Slurm cluster did not come up in " + CLUSTER_UP_WITHIN.toSeconds()
                + " s (node state '" + state + "')\n" + logs();
    }

    /** Each test, not the class, is skipped: the reports count them and carry the reason. */
    @BeforeEach
    void needCluster() {
        assumeTrue(skipReason == null, skipReason);
    }

    @AfterAll
    static void stopCluster() {
        synchronized (daemons) {
            String scancel = find("scancel");
            if (scancel != null && conf != null && !daemons.isEmpty()) {
                slurm(scancel, "--full", "--partition=atoll");
            }
            // slurmd before slurmctld before munged: each needs the next to shut down cleanly
            for (int i = daemons.size() - 1; i >= 0; i--) {
                Process p = daemons.get(i);
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
                try {
                    if (!p.waitFor(10, TimeUnit.SECONDS)) {
                        p.descendants().forEach(ProcessHandle::destroyForcibly);
                        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            daemons.clear();
            if (dir != null) {
                ScratchDirs.deleteTree(dir);
                dir = null;
            }
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
    void ringAndCollectivesOfFourOnTheShmBoard() {
        run(srun(4, List.of(), RingStress.class, "200")).assertOk(4).assertLine("^RING ranks=4 rounds=200 ");
        run(srun(4, List.of(), CollectiveCalls.class)).assertOk(4);
    }

    @Test
    void ringAndCollectivesOfTwoOnTheTcpBoard() {
        run(srun(2, List.of(), RingStress.class, "200").env("ATOLL_BOARD", "tcp"))
                .assertOk(2).assertLine("^RING ranks=2 rounds=200 ");
        run(srun(2, List.of(), CollectiveCalls.class).env("ATOLL_BOARD", "tcp")).assertOk(2);
    }

    /**
     * Two nodes on one machine: ranks 0-1 run with {@code ATOLL_HOST=nodea}, 2-3 with
     * {@code nodeb} (from Slurm's {@code SLURM_PROCID}), so they group by node from what they
     * publish and reach across nodes over TCP; the shm board alone refuses, naming each rank's
     * node. (The collectives across pretend nodes are PmiLauncherTest's: the grouping is the same.)
     */
    @Test
    void ranksGroupByNodeAcrossTwoPretendNodes() {
        String java = Repo.java() + " -Xmx256m -cp " + Repo.jar() + File.pathSeparator + Repo.testClasses();
        String line = "ATOLL_HOST=node$((SLURM_PROCID / 2)) exec " + java + " " + RingStress.class.getName() + " ";
        run(Job.command(srun, "--mpi=pmi2", "-n", "4", "sh", "-c", line + "100")
                .env("SLURM_CONF", conf.toString()).timeout(LIMIT))
                .assertOk(4).assertLine("^RING ranks=4 rounds=100 ");
        run(Job.command(srun, "--mpi=pmi2", "-n", "4", "sh", "-c", line + "10")
                .env("SLURM_CONF", conf.toString()).env("ATOLL_BOARD", "shm").timeout(LIMIT))
                .assertFailed()
                .assertLine("rank 0 shares its node with ranks \\[0, 1\\] of 4; the shm board reaches only ranks on one node")
                .assertLine("rank 3 shares its node with ranks \\[2, 3\\] of 4");
    }

    /**
     * Slurm lets the other tasks of a step run on when one exits, unless told to end the step on a
     * bad exit ({@code srun -K}, or {@code KillOnBadExit=1}), as PORTING says to.
     */
    @Test
    void aDyingRankEndsTheJobUnderKillOnBadExit() {
        JobResult result = run(srun(3, List.of("-K"), Die.class, "exception"));
        result.assertFailed().assertLine("^DYING").assertLine("deliberate failure")
                .assertLine("task 2: Exited with exit code 1").assertWithin(Duration.ofSeconds(60));
    }

    /** PMI-2's abort carries no exit status: srun ends every task and fails, not with the code. */
    @Test
    void abortEndsEveryRank() {
        run(srun(3, List.of(), AbortJob.class, "ompi"))
                .assertFailed()
                .assertLine("^ABORTING")
                .assertLine("^atoll-mpi: rank 1 called abort\\(7\\) on MPI_COMM_WORLD; the job ends with status 7")
                .assertNoLine("STILL ALIVE")
                .assertWithin(Duration.ofSeconds(60));
    }

    /** {@code srun --mpi=pmi2 [options] -n N java -cp <our jar>:<test classes> <program> <args>}. */
    private static Job srun(int n, List<String> options, Class<?> program, String... args) {
        List<String> words = new ArrayList<>(List.of(srun, "--mpi=pmi2"));
        words.addAll(options);
        words.addAll(List.of("-n", Integer.toString(n), Repo.java(), "-Xmx256m", "-cp",
                Repo.jar() + File.pathSeparator + Repo.testClasses()));
        return Job.command(words.toArray(String[]::new)).program(program, args)
                .env("SLURM_CONF", conf.toString()).timeout(LIMIT);
    }

    /** The job ran and left no board file behind: with no mpirun, the ranks clean up. */
    private static JobResult run(Job job) {
        JobResult result = Shm.runLeavingNoPmiBoard(job);
        // srun's allocation ends with it; the controller may list it as completing a moment longer
        String queue = "";
        for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); System.nanoTime() < deadline; ) {
            queue = slurm(find("squeue"), "-h", "-o", "%i %T").strip();
            if (queue.isEmpty()) {
                return result;
            }
            org.atollmpi.tests.programs.Check.sleep(200);
        }
        throw new AssertionError("the job is still queued 20 s after srun ended: " + queue + "\n" + result.describe());
    }

    private static Process daemon(String name, String... command) throws IOException {
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".out").toFile()).start();
    }

    /** Runs a Slurm client command against the test's cluster; its output, or why there is none. */
    private static String slurm(String command, String... args) {
        if (command == null) {
            return "";
        }
        List<String> words = new ArrayList<>(List.of(command));
        words.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(words).redirectErrorStream(true);
        builder.environment().put("SLURM_CONF", conf.toString());
        try {
            Process p = builder.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return String.join(" ", words) + " did not end in 30 s";
            }
            return out;
        } catch (IOException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e.toString();
        }
    }

    private static String logs() {
        StringBuilder all = new StringBuilder();
        for (String log : List.of("munged.out", "slurmctld.out", "slurmctld.log", "slurmd.out", "slurmd.log")) {
            try {
                List<String> lines = Files.readAllLines(dir.resolve(log), StandardCharsets.UTF_8);
                all.append("--- ").append(log).append(":\n")
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())))
                        .append('\n');
            } catch (IOException e) {
                // not written
            }
        }
        return all.toString();
    }

    /** A free TCP port on this machine; another process could take it before Slurm binds it, rarely. */
    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(0));
            return s.getLocalPort();
        }
    }

    private static String find(String command) {
        List<String> dirs = new ArrayList<>(List.of(
                System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)));
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

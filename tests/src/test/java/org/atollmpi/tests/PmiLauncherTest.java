package org.atollmpi.tests;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.AbortJob;
import org.atollmpi.tests.programs.CollectiveCalls;
import org.atollmpi.tests.programs.Die;
import org.atollmpi.tests.programs.RingStress;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Ranks started by MPICH's {@code mpiexec.hydra} (Debian's {@code mpich} package, which
 * {@code .ci/run} installs) instead of our {@code mpirun}: plain {@code java} commands that find
 * each other over PMI. The ring and every collective (allreduce among them) on the shm board and
 * on the TCP board, PMI-1 and PMI-2, the connected descriptor ({@code PMI_FD}) and the dialled
 * port ({@code -pmi-port}), two nodes on one machine, a dying rank, and abort's exit status.
 * Skipped where Hydra is not installed.
 */
class PmiLauncherTest {
    private static final Duration LIMIT = Duration.ofSeconds(150);
    /** Board files of PMI jobs: {@code atoll-<pid>p<random>-n<node>}. */

    private static String hydra;

    @BeforeAll
    static void findHydra() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "mpiexec.hydra");
            if (Files.isExecutable(candidate)) {
                hydra = candidate.toString();
                break;
            }
        }
    }

    /** Each test, not the class, is skipped: the reports count them and carry the reason. */
    @BeforeEach
    void needHydra() {
        assumeTrue(hydra != null, "mpiexec.hydra is not installed (Debian package mpich; .ci/run installs it):"
                + " the tests of ranks started by a PMI launcher are skipped");
    }

    /** {@code mpiexec.hydra [options] -n N java -cp <our jar>:<test classes> <program> <args>}. */
    private static Job hydra(int n, List<String> options, Class<?> program, String... args) {
        List<String> words = new ArrayList<>(List.of(hydra));
        words.addAll(options);
        words.addAll(List.of("-n", Integer.toString(n), Repo.java(), "-Xmx256m", "-cp",
                Repo.jar() + File.pathSeparator + Repo.testClasses()));
        return Job.command(words.toArray(String[]::new)).program(program, args).timeout(LIMIT);
    }

    /** The job ran and left no board file behind: with no mpirun, the ranks clean up. */
    private static JobResult run(Job job) {
        return Shm.runLeavingNoPmiBoard(job);
    }

    @Test
    void ringOfFourOnTheShmBoard() {
        run(hydra(4, List.of(), RingStress.class, "200")).assertOk(4).assertLine("^RING ranks=4 rounds=200 ");
    }

    @Test
    void everyCollectiveOnFourOnTheShmBoard() {
        run(hydra(4, List.of(), CollectiveCalls.class)).assertOk(4);
    }

    @Test
    void ringAndCollectivesOfTwoOnTheTcpBoard() {
        List<String> tcp = List.of("-genv", "ATOLL_BOARD", "tcp");
        run(hydra(2, tcp, RingStress.class, "200")).assertOk(2).assertLine("^RING ranks=2 rounds=200 ");
        run(hydra(2, tcp, CollectiveCalls.class)).assertOk(2);
    }

    @Test
    void pmi2OnTheDescriptorAndPmi1OnTheDialledPort() {
        run(hydra(3, List.of("-genv", "ATOLL_PMI", "2"), RingStress.class, "100"))
                .assertOk(3).assertLine("^RING ranks=3 rounds=100 ");
        run(hydra(3, List.of("-pmi-port"), RingStress.class, "100"))
                .assertOk(3).assertLine("^RING ranks=3 rounds=100 ");
        run(hydra(2, List.of("-pmi-port", "-genv", "ATOLL_PMI", "2"), CollectiveCalls.class)).assertOk(2);
    }

    /**
     * Two nodes on one machine: Hydra starts ranks 0-1 with {@code ATOLL_HOST=nodea} and 2-3 with
     * {@code nodeb} (MPMD), so the ranks group by node from what they publish; the default board
     * choice reaches across them, the shm board alone refuses, naming each rank's node.
     */
    @Test
    void ranksGroupByNodeAcrossTwoPretendNodes() {
        run(twoNodes(List.of(), RingStress.class, "100")).assertOk(4).assertLine("^RING ranks=4 rounds=100 ");
        run(twoNodes(List.of(), CollectiveCalls.class)).assertOk(4);
        run(twoNodes(List.of("-genv", "ATOLL_BOARD", "shm"), RingStress.class, "10"))
                .assertFailed()
                .assertLine("rank 0 shares its node with ranks \\[0, 1\\] of 4; the shm board reaches only ranks on one node")
                .assertLine("rank 3 shares its node with ranks \\[2, 3\\] of 4");
    }

    private static Job twoNodes(List<String> options, Class<?> program, String... args) {
        List<String> words = new ArrayList<>(List.of(hydra));
        words.addAll(options);
        String classPath = Repo.jar() + File.pathSeparator + Repo.testClasses();
        for (String node : List.of("nodea", "nodeb")) {
            if (node.equals("nodeb")) {
                words.add(":");
            }
            words.addAll(List.of("-n", "2", "-env", "ATOLL_HOST", node, Repo.java(), "-Xmx256m", "-cp", classPath,
                    program.getName()));
            words.addAll(List.of(args));
        }
        return Job.command(words.toArray(String[]::new)).timeout(LIMIT);
    }

    @Test
    void aDyingRankEndsTheJob() {
        JobResult result = run(hydra(3, List.of(), Die.class, "exception"));
        result.assertFailed().assertLine("^DYING").assertLine("deliberate failure").assertWithin(Duration.ofSeconds(60));
    }

    @Test
    void abortEndsTheJobWithItsCode() {
        run(hydra(3, List.of(), AbortJob.class, "ompi"))
                .assertExit(7)
                .assertLine("^ABORTING")
                .assertLine("^atoll-mpi: rank 1 called abort\\(7\\) on MPI_COMM_WORLD; the job ends with status 7")
                .assertNoLine("STILL ALIVE");
    }
}

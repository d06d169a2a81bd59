package org.atollmpi.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.ScratchDirs;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.AcrossJobs;
import org.atollmpi.tests.programs.Spawning;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Two jobs started by separate mpirun runs connect through a port ({@link AcrossJobs}): on the
 * shm board, the TCP board, one of each, and across pretend nodes (each job on the router), with
 * groups of different sizes. Both must finish OK and leave nothing in /dev/shm. And a spawned job
 * and its parents end together when either dies ({@link Spawning}).
 */
class AcrossJobsTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private Path dir;

    @BeforeEach
    void scratch() throws IOException {
        dir = Files.createTempDirectory("atoll-across-jobs");
    }

    @AfterEach
    void clean() {
        ScratchDirs.deleteTree(dir);
    }

    @ParameterizedTest(name = "accepting job of {0} on [{1}], connecting job of {2} on [{3}]")
    @CsvSource({
        "2, --board=shm, 2, --board=shm",
        "2, --board=tcp, 3, --board=tcp",
        "3, --board=shm, 1, --board=tcp",
        "2, x:ATOLL_TEST_NODES=2, 4, x:ATOLL_TEST_NODES=2",
    })
    void twoMpirunRunsConnectThroughAPort(int acceptors, String acceptorOption, int connectors,
                                          String connectorOption) {
        Set<String> shm = Shm.atollFiles();
        Path file = dir.resolve("port");
        RunningJob accepting = job(acceptors, acceptorOption, "accept", file).start();
        RunningJob connecting = job(connectors, connectorOption, "connect", file).start();
        JobResult a = accepting.await();
        JobResult c = connecting.await();
        a.assertOk(acceptors);
        c.assertOk(connectors);
        Shm.assertNothingLeft(shm, a);
        Shm.assertNothingLeft(shm, c);
    }

    @ParameterizedTest(name = "the {0} job has room for {1} processes of other jobs: ERR_PORT in both, no wait")
    @CsvSource({"accepting, 1", "connecting, 0"})
    void aJobWithoutRoomForTheOtherRefusesOnBothSides(String which, String slots) {
        Path file = dir.resolve("port");
        Job accept = job(2, "--board=shm", "accept", file).args("refused");
        Job connect = job(2, "--board=shm", "connect", file).args("refused");
        (which.equals("accepting") ? accept : connect).env("ATOLL_DYNAMIC_PEERS", slots);
        RunningJob a = accept.start();
        RunningJob c = connect.start();
        a.await().assertOk(2);
        c.await().assertOk(2);
    }

    @ParameterizedTest(name = "with {0}, mpirun ends both jobs with the dead one's status, naming it")
    @CsvSource({"child-dies, 3", "parent-dies, 4"})
    void aDeadJobEndsTheOtherOfASpawn(String mode, int status) {
        Set<String> shm = Shm.atollFiles();
        JobResult r = Job.mpirun(2).program(Spawning.class, mode).timeout(Duration.ofSeconds(60)).run();
        r.assertExit(status).assertNoLine("STILL ALIVE").assertLine("exited with status " + status);
        Shm.assertNothingLeft(shm, r);
    }

    private static Job job(int np, String option, String role, Path file) {
        List<String> words = new ArrayList<>();
        if (option.startsWith("x:")) {
            words.add("-x");
            words.add(option.substring(2));
        } else {
            words.add(option);
        }
        return Job.mpirun(np).args(words.toArray(new String[0])).program(AcrossJobs.class, role, file.toString())
            .timeout(LIMIT);
    }
}

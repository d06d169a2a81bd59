package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.programs.AfterTraining;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * MPI_Init's training pass through the real launcher: a program sees nothing of it (no message,
 * its first communicator as without it, the engine's counters counting the program's messages
 * only), on each board and with an odd number of ranks (the last one trains with itself); it
 * says what it cost under ATOLL_STATS; off means off; a bad setting is refused, naming it.
 */
class TrainingJobTest {
    private static final Pattern STATS = Pattern.compile("atoll-mpi: rank (\\d+): fast (\\d+), eager (\\d+).*");

    @ParameterizedTest(name = "{0} ranks on the {1} board")
    @CsvSource({"2, shm", "3, shm", "2, tcp"})
    void aProgramSeesNothingOfTheTraining(int np, String board) {
        JobResult result = Job.mpirun(np).args("--board", board, "-x", "ATOLL_TRAINING=full", "-x", "ATOLL_STATS=1")
                .program(AfterTraining.class).timeout(Duration.ofSeconds(180)).run();
        result.assertOk(np);
        List<String> stats = result.matching("atoll-mpi: rank \\d+: fast.*");
        assertEquals(np, stats.size(), result.describe());
        for (String line : stats) {
            assertTrue(line.matches(".*; training full, \\d+ rounds in \\d+ ms.*"), line);
            Matcher m = STATS.matcher(line);
            assertTrue(m.matches(), line);
            // the program's own: a few point-to-point messages and its collectives' steps; the
            // training's thousands would show here had the counters kept them
            long deposits = Long.parseLong(m.group(2)) + Long.parseLong(m.group(3));
            assertTrue(deposits < 100, "the counters still count the training: " + line);
        }
    }

    @Test
    void ranksWhoseThresholdsDifferRunTheSameRounds() {
        // mpirun scales the library's JIT thresholds of the ranks it starts itself and says so; a
        // rank on another host, or started by another launcher, has the JVM's own. Here rank 0
        // says it has the JVM's own (five rounds would take it past them) and rank 1 mpirun's
        // (three): they must still run the same rounds, or one waits in a round the other skips.
        String script = "if [ \"$OMPI_COMM_WORLD_RANK\" = 0 ]; then s=1; else s=0.02; fi; exec java"
            + " -Datoll.jit.libraryScaling=$s -cp " + Repo.jar() + ":" + Repo.testClasses() + " "
            + AfterTraining.class.getName();
        JobResult result = Job.command(Repo.mpirun().toString(), "-np", "2", "-x", "ATOLL_TRAINING=full",
                "-x", "ATOLL_STATS=1", "sh", "-c", script).timeout(Duration.ofSeconds(180)).run();
        result.assertOk(2);
        List<String> rounds = result.matching(".*training full, \\d+ rounds.*").stream()
            .map(line -> line.replaceAll(".*training full, (\\d+) rounds.*", "$1")).toList();
        assertEquals(2, rounds.size(), result.describe());
        assertEquals(rounds.get(0), rounds.get(1), "the ranks ran different rounds: " + result.describe());
    }

    @Test
    void offMeansNoPass() {
        JobResult result = Job.mpirun(2).args("-x", "ATOLL_TRAINING=off", "-x", "ATOLL_STATS=1")
                .program(AfterTraining.class).run();
        result.assertOk(2).assertNoLine(".*training.*");
    }

    @Test
    void aSettingThatIsNoChoiceIsRefusedNamingIt() {
        JobResult result = Job.mpirun(2).args("-x", "ATOLL_TRAINING=sometimes").program(AfterTraining.class).run();
        result.assertFailed().assertLine(".*ATOLL_TRAINING.*sometimes.*");
    }
}

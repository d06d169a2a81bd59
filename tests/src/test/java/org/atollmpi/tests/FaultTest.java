package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.stream.Stream;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.Fault;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code kill -9} of one rank in the middle of each kind of work ({@link Fault}'s phases), on each
 * board: mpirun must exit non-zero within 5 s naming the killed rank, leave no process of the job
 * alive and nothing in /dev/shm, whatever the survivors were doing with the dead rank.
 */
class FaultTest {
    private static final Duration END_WITHIN = Duration.ofSeconds(5);

    static Stream<Arguments> phasesAndBoards() {
        List<Arguments> cases = new ArrayList<>();
        for (String board : List.of("shm", "tcp", "router")) {
            for (String phase : List.of("send-large", "recv-wait", "allreduce", "lock-put", "fence")) {
                cases.add(Arguments.of(phase, board));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "kill -9 of rank 1 during {0} on the {1} board ends the job cleanly")
    @MethodSource("phasesAndBoards")
    void aKilledRankEndsTheJob(String phase, String board) throws InterruptedException {
        Set<String> shm = Shm.atollFiles();
        Job job = switch (board) {
            case "shm" -> Job.mpirun(3).args("--board", "shm");
            case "tcp" -> Job.mpirun(3).args("--board", "tcp");
            // 4 ranks on two pretend nodes: the victim, rank 1, shares its node's board with rank 3
            // and reaches ranks 0 and 2 over TCP
            case "router" -> Job.mpirun(4).args("-x", "ATOLL_TEST_NODES=2");
            default -> throw new IllegalArgumentException(board);
        };
        RunningJob running = job.program(Fault.class, phase).timeout(Duration.ofSeconds(90)).start();
        Matcher reached = running.awaitLine("^REACHED PID=(\\d+)", Duration.ofSeconds(60));
        long victim = Long.parseLong(reached.group(1));
        List<ProcessHandle> tree = ProcessHandle.of(running.pid()).map(p -> p.descendants().toList())
                .orElse(List.of());
        assertTrue(tree.stream().anyMatch(p -> p.pid() == victim), "the victim " + victim + " is in mpirun's tree " + tree);
        ProcessHandle handle = ProcessHandle.of(victim)
                .orElseThrow(() -> new AssertionError("rank process " + victim + " not found"));
        long killed = System.nanoTime();
        assertTrue(handle.destroyForcibly(), "kill -9 " + victim);

        JobResult result = running.await();
        result.assertFailed();
        Duration took = Duration.ofNanos(result.endNanos() - killed);
        System.out.printf("%s on %s: the job ended %d ms after the kill%n", phase, board, took.toMillis());
        if (took.compareTo(END_WITHIN) > 0) {
            throw new AssertionError("the job ended " + took.toMillis() + " ms after the kill, limit "
                    + END_WITHIN.toMillis() + " ms\n" + result.describe());
        }
        // mpirun's own verdict names the killed rank and how it died, not a survivor's complaint
        result.assertLine("^mpirun: rank 1 \\(pid " + victim + "\\) killed by signal 9 \\(SIGKILL\\); aborting the job$");
        assertNoSurvivors(tree, result);
        Shm.assertNothingLeft(shm, result);
    }

    /** Every process that was in the job's tree is gone (each was killed or exited with mpirun). */
    private static void assertNoSurvivors(List<ProcessHandle> tree, JobResult result) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        List<ProcessHandle> alive;
        do {
            alive = tree.stream().filter(ProcessHandle::isAlive).toList();
            if (alive.isEmpty()) {
                return;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        List<String> described = alive.stream()
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
        alive.forEach(ProcessHandle::destroyForcibly);
        throw new AssertionError("processes of the job still alive after mpirun ended: " + described + "\n"
                + result.describe());
    }
}

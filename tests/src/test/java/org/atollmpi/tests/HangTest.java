package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.harness.Shm;
import org.atollmpi.tests.programs.Deadlock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code mpirun --timeout} on jobs that never end ({@link Deadlock}): it exits 124 after printing,
 * for each rank, what it waits for (posted receives with source and tag, the collective it is in,
 * its window epochs), names a rank that cannot answer (stopped with SIGSTOP) as frozen, and leaves
 * no process and no board file.
 */
class HangTest {
    /**
     * The jobs' {@code --timeout}: long enough for every rank of a loaded machine to reach its
     * deadlock (each prints STUCK first, checked below), short enough for a test.
     */
    private static final int TIMEOUT_S = 10;
    /** The timeout, the 2 s the ranks get to answer, and ample room for a loaded machine. */
    private static final Duration ENDS_WITHIN = Duration.ofSeconds(TIMEOUT_S + 30);

    @ParameterizedTest(name = "two ranks that both receive first, on the {0} board: each one's receive named")
    @ValueSource(strings = {"shm", "tcp", "shm --async-progress"})
    void bothReceiveFirst(String board) {
        JobResult result = hang(2, "both-recv", board, null);
        result.assertLine("^mpirun: rank 0 \\(pid \\d+\\): receive posted: source 1, tag 10, MPI_COMM_WORLD, up to 4 bytes$")
              .assertLine("^mpirun: rank 1 \\(pid \\d+\\): receive posted: source 0, tag 11, MPI_COMM_WORLD, up to 4 bytes$");
    }

    @ParameterizedTest(name = "a receive nobody sends to, on the {0} board: the receive and the others' barrier named")
    @ValueSource(strings = {"shm", "tcp"})
    void aReceiveNobodySends(String board) {
        JobResult result = hang(3, "nobody-sends", board, null);
        result.assertLine("^mpirun: rank 0 \\(pid \\d+\\): receive posted: source 1, tag 42, MPI_COMM_WORLD, up to 16 bytes$")
              .assertLine("^mpirun: rank 1 \\(pid \\d+\\): waiting in collective barrier on MPI_COMM_WORLD of 3 ranks$")
              .assertLine("^mpirun: rank 2 \\(pid \\d+\\): waiting in collective barrier on MPI_COMM_WORLD of 3 ranks$");
    }

    @Test
    void aLockHeldByARankInABarrier() {
        JobResult result = hang(2, "lock", "shm", null);
        result.assertLine("^mpirun: rank 0 \\(pid \\d+\\): window of 2 members: access epoch NONE, no exposure epoch;"
                  + " blocked in lock\\(exclusive\\) of member 0 \\(world rank 0\\)$")
              .assertLine("^mpirun: rank 1 \\(pid \\d+\\): window of 2 members: access epoch LOCKED \\(exclusive lock on"
                  + " member 0\\), no exposure epoch$")
              .assertLine("^mpirun: rank 1 \\(pid \\d+\\): waiting in collective barrier on MPI_COMM_WORLD of 2 ranks$");
    }

    @Test
    void aStoppedRankIsNamedAsFrozen() {
        long[] stopped = new long[1];
        JobResult result = hang(3, "nobody-sends", "shm", pids -> {
            stopped[0] = pids.get(pids.size() - 1);
            signal("-STOP", stopped[0]);
        });
        List<String> frozen = result.matching("did not answer");
        assertEquals(1, frozen.size(), "one rank named as frozen\n" + result.describe());
        assertTrue(Pattern.compile("^mpirun: rank [012] \\(pid " + stopped[0] + "\\): did not answer within 2 s: frozen"
                + " \\(its process is stopped: SIGSTOP, or a debugger\\)$").matcher(frozen.get(0)).find(),
            "the stopped rank named: " + frozen.get(0));
        // the two others answered
        assertEquals(2, result.matching("^mpirun: rank [012] \\(pid \\d+\\): (receive posted|waiting in collective)")
            .stream().map(l -> l.substring(0, l.indexOf(')'))).distinct().count(), result.describe());
    }

    /**
     * Runs {@code scenario} on {@code np} ranks under {@code --timeout}; once every rank has said
     * it is stuck, hands their pids to {@code whenStuck}. Asserts the common outcome: exit 124
     * within {@link #ENDS_WITHIN}, the timeout named, no process and no board file left.
     */
    private static JobResult hang(int np, String scenario, String board, Consumer<List<Long>> whenStuck) {
        Set<String> shm = Shm.atollFiles();
        String[] boardWords = board.split(" ");
        Job job = Job.mpirun(np).args("--timeout", Integer.toString(TIMEOUT_S), "--board", boardWords[0]);
        if (boardWords.length > 1) {
            job.args(boardWords[1]);
        }
        RunningJob running = job.program(Deadlock.class, scenario).timeout(ENDS_WITHIN).start();
        running.awaitLine("^STUCK PID=", Duration.ofSeconds(TIMEOUT_S));
        List<ProcessHandle> tree = ProcessHandle.of(running.pid()).map(p -> p.descendants().toList()).orElse(List.of());
        List<Long> pids = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(TIMEOUT_S).toNanos();
        while (pids.size() < np && System.nanoTime() < deadline) {
            pids.clear();
            for (RunningJob.Line line : running.lines()) {
                if (line.text().startsWith("STUCK PID=")) {
                    pids.add(Long.parseLong(line.text().substring("STUCK PID=".length())));
                }
            }
            sleep(20);
        }
        if (whenStuck != null) {
            assertEquals(np, pids.size(), "every rank stuck before the timeout: " + pids);
            whenStuck.accept(pids);
        }
        JobResult result = running.await();
        result.assertExit(124)
              .assertLine("^mpirun: the job has run longer than --timeout " + TIMEOUT_S + " s; what each rank waits for:$")
              .assertLine("^mpirun: the job has run longer than --timeout " + TIMEOUT_S + " s; aborting the job$");
        for (ProcessHandle p : tree) {
            p.onExit().completeOnTimeout(p, 5, TimeUnit.SECONDS).join();
            assertFalse(p.isAlive(), "process " + p.pid() + " of the job survived\n" + result.describe());
        }
        Shm.assertNothingLeft(shm, result);
        return result;
    }

    private static void signal(String signal, long pid) {
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(pid)).inheritIO().start();
            assertEquals(0, kill.waitFor(), "kill " + signal + " " + pid);
        } catch (IOException e) {
            throw new AssertionError("cannot run kill", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

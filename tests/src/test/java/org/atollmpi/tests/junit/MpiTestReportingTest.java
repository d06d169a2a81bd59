package org.atollmpi.tests.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import mpi.MPI;

import org.atollmpi.junit.MpiTest;
import org.atollmpi.junit.MpiTestRank;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * What {@code @MpiTest} reports when ranks fail: deliberately failing samples (the nested
 * classes, which Surefire does not pick up by itself and which are disabled unless
 * {@value #SAMPLES} is set) run through JUnit's {@link EngineTestKit}, each as a real job, and the
 * failure they produce is checked: every failing rank named with its exception's type and
 * message, the exception as the cause, ranks that never finished named, a time limit that kills
 * the job, a rank that dies.
 */
class MpiTestReportingTest {
    static final String SAMPLES = "atoll.mpitest.samples";

    /** Runs one sample method through the Jupiter engine and returns the test's single failure. */
    private static Throwable failureOf(Class<?> sample, String method, String... parameterTypes) {
        System.setProperty(SAMPLES, "true");
        Events tests;
        try {
            tests = EngineTestKit.engine("junit-jupiter")
                    .selectors(selectMethod(sample, method, String.join(",", parameterTypes)))
                    .execute().testEvents();
        } finally {
            System.clearProperty(SAMPLES);
        }
        tests.assertStatistics(s -> s.started(1).failed(1).succeeded(0));
        Throwable failure = tests.failed().stream().findFirst().orElseThrow()
                .getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
        System.out.println("[" + sample.getSimpleName() + "." + method + " reported]\n" + failure.getMessage());
        return failure;
    }

    private static void assertMentions(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), () -> "message does not mention '" + part + "':\n" + message);
        }
    }

    @EnabledIfSystemProperty(named = SAMPLES, matches = "true")
    static class FailsOnRank2 {
        @MpiTest(ranks = 4)
        void sumOnRank2() {
            int rank = MPI.COMM_WORLD.getRank();
            MPI.COMM_WORLD.barrier();
            org.junit.jupiter.api.Assertions.assertEquals(3, rank == 2 ? 2 : 3);
        }
    }

    @Test
    void aFailingRankIsNamedWithItsAssertionAndIsTheCause() {
        Throwable failure = failureOf(FailsOnRank2.class, "sumOnRank2");
        String message = failure.getMessage();
        assertMentions(message, "sumOnRank2()", "1 of 4 ranks failed",
                "rank 2 of 4: AssertionFailedError: expected: <3> but was: <2>",
                "at org.atollmpi.tests.junit.MpiTestReportingTest$FailsOnRank2.sumOnRank2(MpiTestReportingTest.java:");
        assertFalse(message.contains("rank 0 of 4"), message);
        assertFalse(message.contains("no result"), message);
        AssertionFailedError cause = assertInstanceOf(AssertionFailedError.class, failure.getCause(), message);
        assertEquals("expected: <3> but was: <2>", cause.getMessage());
        assertEquals(3, cause.getExpected().getValue());
    }

    @EnabledIfSystemProperty(named = SAMPLES, matches = "true")
    static class TwoRanksFailDifferently {
        @MpiTest(ranks = 4)
        void oddRanksFail() {
            int rank = MPI.COMM_WORLD.getRank();
            if (rank == 1) {
                throw new IllegalStateException("rank one is unhappy");
            }
            if (rank == 3) {
                org.junit.jupiter.api.Assertions.fail("rank three gives up");
            }
        }
    }

    @Test
    void everyFailingRankIsListedTheOthersSuppressed() {
        Throwable failure = failureOf(TwoRanksFailDifferently.class, "oddRanksFail");
        assertMentions(failure.getMessage(), "2 of 4 ranks failed",
                "rank 1 of 4: IllegalStateException: rank one is unhappy",
                "rank 3 of 4: AssertionFailedError: rank three gives up");
        assertInstanceOf(IllegalStateException.class, failure.getCause());
        assertEquals(1, failure.getSuppressed().length, Arrays.toString(failure.getSuppressed()));
        assertInstanceOf(AssertionFailedError.class, failure.getSuppressed()[0]);
    }

    @EnabledIfSystemProperty(named = SAMPLES, matches = "true")
    static class FailsWhileOthersWaitForIt {
        @MpiTest(ranks = 3, timeoutSeconds = 60)
        void rank1FailsBeforeSending() {
            int rank = MPI.COMM_WORLD.getRank();
            if (rank == 1) {
                throw new ArithmeticException("no data to send");
            }
            // ranks 0 and 2 wait for a message rank 1 never sends: the failing rank ends the job
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 1, 0);
        }
    }

    @Test
    void aFailingRankEndsTheJobAndTheBlockedRanksAreNamed() {
        long start = System.nanoTime();
        Throwable failure = failureOf(FailsWhileOthersWaitForIt.class, "rank1FailsBeforeSending");
        long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();
        assertMentions(failure.getMessage(), "1 of 3 ranks failed", "rank 1 of 3: ArithmeticException: no data to send",
                "no result from ranks 0, 2 of 3: ended with the job when a failing rank aborted it");
        assertInstanceOf(ArithmeticException.class, failure.getCause());
        assertTrue(seconds < 50, "ended by the failing rank, not by the time limit: " + seconds + " s");
    }

    @EnabledIfSystemProperty(named = SAMPLES, matches = "true")
    static class Deadlocks {
        @MpiTest(ranks = 2, timeoutSeconds = 12)
        void bothReceiveFirst() {
            int other = 1 - MPI.COMM_WORLD.getRank();
            System.out.println("DEADLOCK-SAMPLE waiting on " + other);
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, other, 0);
        }
    }

    @Test
    void aJobPastItsTimeLimitIsKilledAndReported() {
        Throwable failure = failureOf(Deadlocks.class, "bothReceiveFirst");
        assertMentions(failure.getMessage(), "bothReceiveFirst()", "timed out after 12 s with 2 ranks: killed the job",
                "no result from ranks 0, 1 of 2: still running at the time limit", "DEADLOCK-SAMPLE waiting on");
        List<ProcessHandle> left = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains("Deadlocks"))
                .filter(ProcessHandle::isAlive).toList();
        assertTrue(left.isEmpty(), "processes of the killed job are still running: " + left);
    }

    @EnabledIfSystemProperty(named = SAMPLES, matches = "true")
    static class RankDies {
        @MpiTest(ranks = 3)
        void rank1Halts() {
            if (MPI.COMM_WORLD.getRank() == 1) {
                Runtime.getRuntime().halt(7);
            }
            MPI.COMM_WORLD.barrier();
        }
    }

    @Test
    void aRankThatDiesIsNamed() {
        Throwable failure = failureOf(RankDies.class, "rank1Halts");
        String message = failure.getMessage();
        assertMentions(message, "rank1Halts()", "mpirun exited with", "last lines of the job's output:");
        assertTrue(message.matches("(?s).*no result from ranks? [0-9, ]*1.*"), message);
        assertTrue(message.matches("(?s).*\\| .*rank\\s*1\\b.*"), "the launcher names rank 1:\n" + message);
    }

    @EnabledIfSystemProperty(named = SAMPLES, matches = "true")
    static class AfterEachFails {
        @AfterEach
        void check() {
            if (MPI.COMM_WORLD.getRank() == 0) {
                throw new IllegalStateException("cleanup failed on rank " + MPI.COMM_WORLD.getRank());
            }
        }

        @MpiTest(ranks = 2)
        void passes() {
            MPI.COMM_WORLD.barrier();
        }
    }

    @Test
    void afterEachRunsInTheRanksAndItsFailureCounts() {
        Throwable failure = failureOf(AfterEachFails.class, "passes");
        assertMentions(failure.getMessage(), "1 of 2 ranks failed", "rank 0 of 2: IllegalStateException: cleanup failed on rank 0");
    }

    @EnabledIfSystemProperty(named = SAMPLES, matches = "true")
    static class TakesAParameter {
        @MpiTest(ranks = 2)
        void withInfo(org.junit.jupiter.api.TestInfo info) {
            assertNotNull(info);
        }
    }

    @Test
    void aMethodWithParametersIsRefusedClearly() {
        Throwable failure = failureOf(TakesAParameter.class, "withInfo", "org.junit.jupiter.api.TestInfo");
        assertInstanceOf(ExtensionConfigurationException.class, failure);
        assertMentions(failure.getMessage(), "@MpiTest withInfo: an @MpiTest method takes no parameters");
    }

    @Test
    void thisJvmIsNotARank() {
        assertFalse(MpiTestRank.inRank());
    }
}

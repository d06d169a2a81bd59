package org.atollmpi.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The verdict on a job from its result files, without running one (the real jobs: the tests module). */
class MpiJobJudgeTest {
    @TempDir
    Path dir;

    private AssertionError judge(int size, Integer exit, List<String> tail) {
        return MpiJob.judge("Sample.m()", size, RankResults.readAll(dir, size), exit, Duration.ofSeconds(9), tail);
    }

    private static AssertionFailedError thrownByAnAssertion() {
        try {
            org.junit.jupiter.api.Assertions.assertEquals(3, 2);
        } catch (AssertionFailedError e) {
            return e;
        }
        throw new IllegalStateException("unreachable");
    }

    @Test
    void allPassedAndExitZeroPasses() {
        for (int r = 0; r < 3; r++) {
            RankResults.writePassed(dir, r);
        }
        assertNull(judge(3, 0, List.of()));
        AssertionError e = judge(3, 5, List.of("mpirun: something"));
        assertTrue(e.getMessage().startsWith("@MpiTest Sample.m(): every rank passed, but mpirun exited with 5"), e.getMessage());
        assertTrue(e.getMessage().contains("  | mpirun: something"), e.getMessage());
    }

    @Test
    void aFailedRankIsNamedWithTypeMessageAndItsOwnFramesOnly() {
        RankResults.writePassed(dir, 0);
        RankResults.writePassed(dir, 1);
        RankResults.writeFailed(dir, 2, thrownByAnAssertion());
        RankResults.writePassed(dir, 3);
        AssertionError e = judge(4, 1, List.of("noise"));
        String m = e.getMessage();
        assertTrue(m.startsWith("@MpiTest Sample.m(): 1 of 4 ranks failed\n"
                + "rank 2 of 4: AssertionFailedError: expected: <3> but was: <2>\n"
                + "        at org.atollmpi.junit.MpiJobJudgeTest.thrownByAnAssertion(MpiJobJudgeTest.java:"), m);
        assertFalse(m.contains("AssertionFailureBuilder"), m);
        assertFalse(m.contains("noise"), "no output tail when every rank reported:\n" + m);
        AssertionFailedError cause = assertInstanceOf(AssertionFailedError.class, e.getCause());
        assertEquals(2, cause.getActual().getValue());
    }

    @Test
    void ranksWithoutResultAndACausedByAreShown() {
        RankResults.writeFailed(dir, 0, new IllegalStateException("outer", new ArithmeticException("inner")));
        AssertionError e = judge(2, 1, List.of("mpirun: rank 0 called Abort(1)"));
        String m = e.getMessage();
        assertTrue(m.contains("rank 0 of 2: IllegalStateException: outer\n"), m);
        assertTrue(m.contains("        Caused by: java.lang.ArithmeticException: inner"), m);
        assertTrue(m.contains("no result from rank 1 of 2: ended with the job when a failing rank aborted it"), m);
        assertTrue(m.contains("  | mpirun: rank 0 called Abort(1)"), m);
    }

    @Test
    void aRankThatDiedAndATimeLimit() {
        RankResults.writePassed(dir, 0);
        AssertionError died = judge(3, 137, List.of("mpirun: rank 1 (pid 42) was killed by signal 9; aborting the job"));
        assertTrue(died.getMessage().startsWith("@MpiTest Sample.m(): mpirun exited with 137 before ranks 1, 2 reported"
                + " results (did one die?)"), died.getMessage());
        assertTrue(died.getMessage().contains("  | mpirun: rank 1 (pid 42)"), died.getMessage());
        AssertionError late = judge(3, null, List.of());
        assertTrue(late.getMessage().startsWith("@MpiTest Sample.m(): timed out after 9 s with 3 ranks: killed the job\n"
                + "no result from ranks 1, 2 of 3: still running at the time limit\n"
                + "last lines of the job's output: (none)"), late.getMessage());
    }

    @Test
    void anExceptionThatCannotBeSerializedStillReportsItsText() {
        class Odd extends RuntimeException {
            final transient Object x = new Object();
            final Object notSerializable = new Object();

            Odd() {
                super("odd one");
            }
        }
        RankResults.writeFailed(dir, 0, new Odd());
        AssertionError e = judge(1, 1, List.of());
        assertTrue(e.getMessage().contains("rank 0 of 1: MpiJobJudgeTest$1Odd: odd one"), e.getMessage());
        assertNull(e.getCause());
    }
}

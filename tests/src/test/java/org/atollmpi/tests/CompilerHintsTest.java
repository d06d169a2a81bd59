package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.atollmpi.bench.jmh.PointToPointAllocation;
import org.atollmpi.launch.RankCompilerHints;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;

/**
 * The JMH benchmark that shows a loop awaiting its requests at once allocates nothing forks with
 * the JIT directives mpirun gives every rank: the figure is the one users get under mpirun.
 */
class CompilerHintsTest {
    @Test
    void theAllocationBenchmarkForksWithTheDirectivesOfEveryRank() {
        Fork fork = PointToPointAllocation.class.getAnnotation(Fork.class);
        assertEquals(RankCompilerHints.options(), List.of(fork.jvmArgsAppend()));
    }
}

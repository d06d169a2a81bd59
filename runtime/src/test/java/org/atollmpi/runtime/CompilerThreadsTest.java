package org.atollmpi.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

class CompilerThreadsTest {
    @Test
    void theCompilerThreadsOfThisJvmAreSeenAndGoQuietWhenNothingIsCompiled() {
        assumeTrue(CompilerThreads.available(), "no /proc/self/task: not Linux");
        try (CompilerThreads compilers = new CompilerThreads()) {
            long before = compilers.cpuNanos();
            assertTrue(before >= 0, "a HotSpot JVM has compiler threads: " + before);
            // this test's JVM compiles its own start-up and then nothing: quiet within seconds
            assertTrue(compilers.awaitQuiet(1_000_000, 20_000_000_000L), "the compilers never went quiet");
            // work for the JIT: a method hot enough to be compiled, and the CPU it cost is seen
            long sum = 0;
            for (int i = 0; i < 200_000; i++) {
                sum += hot(i);
            }
            assertTrue(sum != 0);
            assertTrue(compilers.awaitQuiet(1_000_000, 20_000_000_000L), "the compilers never went quiet again");
            assertTrue(compilers.cpuNanos() > before, "compiling hot() cost the compiler threads CPU");
        }
    }

    private static long hot(int i) {
        return (i * 31L) ^ (i >>> 3);
    }
}

package org.atollmpi.tests.junit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import mpi.MPI;
import mpi.Status;

import org.atollmpi.junit.MpiTest;
import org.atollmpi.junit.MpiTestRank;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * {@code @MpiTest} methods that pass: each runs as a real job through {@code bin/mpirun}, with
 * JUnit's assertions inside the ranks. The failures the extension reports are checked by
 * {@link MpiTestReportingTest}.
 */
class MpiTestExtensionTest {
    /** Set by {@code @BeforeEach}, which runs in the ranks only (here it would have no MPI). */
    private int rank = -1;
    private int size = -1;
    private final List<String> events = new ArrayList<>();

    @BeforeEach
    void rankAndSize() {
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
        events.add("before");
    }

    @AfterEach
    void everyRankGetsHereTogether() {
        MPI.COMM_WORLD.barrier();
    }

    @MpiTest(ranks = 4)
    void ringOfSendRecvAndBarrier() {
        assertEquals(4, size);
        assertTrue(MpiTestRank.inRank(), "the method runs inside a rank");
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        int[] token = new int[1];
        if (rank == 0) {
            token[0] = 1;
            MPI.COMM_WORLD.send(token, 1, MPI.INT, next, 7);
            Status s = MPI.COMM_WORLD.recv(token, 1, MPI.INT, prev, 7);
            assertEquals(prev, s.getSource());
            assertEquals(size, token[0], "token after one round");
        } else {
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, prev, 7);
            token[0]++;
            MPI.COMM_WORLD.send(token, 1, MPI.INT, next, 7);
        }
        MPI.COMM_WORLD.barrier();
    }

    @MpiTest(ranks = 3)
    void mpjDialectSendrecvWithOffsets() {
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        long[] out = {-1, rank * 10L, rank * 10L + 1, -1};
        long[] in = new long[4];
        mpi.Status s = MPI.COMM_WORLD.Sendrecv(out, 1, 2, MPI.LONG, right, 3, in, 2, 2, MPI.LONG, left, 3);
        assertEquals(left, s.source);
        assertArrayEquals(new long[] {0, 0, left * 10L, left * 10L + 1}, in);
    }

    @MpiTest(ranks = 1)
    void aSingleRankIsAWorldOfOne() {
        assertEquals(1, size);
        assertEquals(List.of("before"), events, "@BeforeEach ran once, in the rank");
        int[] in = new int[1];
        var request = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, 0, 1);
        MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 0, 1);
        request.waitFor();
        assertEquals(42, in[0]);
    }

    @MpiTest(ranks = 2, env = {"ATOLL_MPITEST_COLOUR=teal"}, asyncProgress = true, jvmArgs = {"-Dmpitest.flag=on"})
    void environmentJvmOptionsAndAsyncProgressReachTheRanks() {
        assertEquals("teal", System.getenv("ATOLL_MPITEST_COLOUR"));
        assertEquals("on", System.getProperty("mpitest.flag"));
        boolean assertionsOn = false;
        assert assertionsOn = true;
        assertTrue(assertionsOn, "ranks run with -ea");
        byte[] big = new byte[1 << 20];
        if (rank == 0) {
            java.util.Arrays.fill(big, (byte) 5);
            MPI.COMM_WORLD.send(big, big.length, MPI.BYTE, 1, 0);
        } else {
            MPI.COMM_WORLD.recv(big, big.length, MPI.BYTE, 0, 0);
            assertEquals(5, big[big.length - 1]);
        }
    }

    @MpiTest(ranks = 2)
    void probeThenReceiveWhatWasProbed() {
        if (rank == 0) {
            MPI.COMM_WORLD.send(new double[] {1.5, 2.5, 3.5}, 3, MPI.DOUBLE, 1, 11);
        } else {
            Status probed = MPI.COMM_WORLD.probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
            assertEquals(0, probed.getSource());
            assertEquals(11, probed.getTag());
            int n = probed.getCount(MPI.DOUBLE);
            assertEquals(3, n);
            double[] in = new double[n];
            MPI.COMM_WORLD.recv(in, n, MPI.DOUBLE, probed.getSource(), probed.getTag());
            assertArrayEquals(new double[] {1.5, 2.5, 3.5}, in);
        }
    }
}

package org.atollmpi.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TuningTest {
    @AfterEach
    void unforce() {
        for (Collective c : Collective.values()) {
            Tuning.force(c, null);
        }
    }

    @Test
    void settingsNameTheCollectiveInPropertiesAndVariables() {
        assertEquals("atoll.coll.allreduce.algorithm", Collective.ALLREDUCE.property());
        assertEquals("atoll.coll.reduce_scatter.algorithm", Collective.REDUCE_SCATTER.property());
        assertEquals("ATOLL_COLL_REDUCE_SCATTER_ALGORITHM", Collective.REDUCE_SCATTER.variable());
    }

    @Test
    void aPropertyWinsOverTheEnvironmentAndAutoForcesNothing() {
        Properties p = new Properties();
        p.setProperty("atoll.coll.allreduce.algorithm", "Ring");
        p.setProperty("atoll.coll.bcast.algorithm", "auto");
        Map<Collective, Algorithm> m = Tuning.fromSettings(Map.of("ATOLL_COLL_ALLREDUCE_ALGORITHM", "rabenseifner",
            "ATOLL_COLL_ALLTOALL_ALGORITHM", "bruck", "ATOLL_COLL_REDUCE_SCATTER_ALGORITHM", "recursive-halving"), p);
        assertEquals(Map.of(Collective.ALLREDUCE, Algorithm.RING, Collective.ALLTOALL, Algorithm.BRUCK,
            Collective.REDUCE_SCATTER, Algorithm.RECURSIVE_HALVING), m);
    }

    @Test
    void anAlgorithmTheCollectiveDoesNotHaveIsRefusedWithWhatItAccepts() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Tuning.fromSettings(Map.of("ATOLL_COLL_BCAST_ALGORITHM", "ring"), new Properties()));
        assertEquals("ATOLL_COLL_BCAST_ALGORITHM must be one of auto, binomial, scatter_allgather, board, not 'ring'",
            e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Tuning.force(Collective.BARRIER, Algorithm.RING));
    }

    @Test
    void aForcedAlgorithmIsChosenWhateverTheSize() {
        Tuning.force(Collective.ALLREDUCE, Algorithm.RING);
        assertEquals(Algorithm.RING, Tuning.select(Collective.ALLREDUCE, 3, 8, true));
        Tuning.force(Collective.ALLREDUCE, null);
        assertEquals(Algorithm.RECURSIVE_DOUBLING, Tuning.select(Collective.ALLREDUCE, 3, 8, true));
    }

    @Test
    void everyChoiceIsOneTheCollectiveHasAndNonCommutativeReductionsKeepOrder() {
        for (Collective c : Collective.values()) {
            for (int n = 1; n <= 64; n++) {
                for (long bytes = 0; bytes <= 1L << 24; bytes = bytes == 0 ? 1 : bytes * 2) {
                    for (boolean commutative : new boolean[] {true, false}) {
                        Algorithm a = Tuning.select(c, n, bytes, commutative);
                        assertTrue(c.algorithms().contains(a), c + " " + a);
                        if (!commutative) {
                            assertTrue(a != Algorithm.RING && a != Algorithm.RABENSEIFNER
                                && a != Algorithm.RECURSIVE_HALVING && a != Algorithm.PAIRWISE || c == Collective.ALLTOALL
                                || c == Collective.ALLGATHER, c + " " + a + " on a non-commutative operation");
                        }
                    }
                }
            }
        }
    }
}

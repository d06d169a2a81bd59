package org.atollmpi.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class TrainingTest {
    @Test
    void automaticallyEverythingWithACoreARankUnderMpirunNothingWhereRanksShareCoresOrAlone() {
        assertEquals(Training.FULL, Training.choose(null, 2, 2, 2, true));
        assertEquals(Training.FULL, Training.choose("auto", 16, 16, 16, true));
        assertEquals(Training.OFF, Training.choose(null, 3, 3, 2, true));
        assertEquals(Training.OFF, Training.choose(null, 4, 4, 2, true));
        assertEquals(Training.OFF, Training.choose(null, 64, 64, 2, true));
        assertEquals(Training.OFF, Training.choose(null, 1, 1, 2, true), "a world of one has nothing to train");
        // a job across nodes: what this node can spare, whatever the world's size
        assertEquals(Training.FULL, Training.choose(null, 64, 2, 2, true));
        // started without mpirun's JIT directives (another launcher): off unless asked for
        assertEquals(Training.OFF, Training.choose(null, 2, 2, 2, false));
        assertEquals(Training.FULL, Training.choose("full", 2, 2, 2, false));
    }

    @Test
    void aChoiceIsTakenAsGivenAndAnUnknownOneNamesTheSetting() {
        assertEquals(Training.FULL, Training.choose("FULL", 64, 64, 2, true));
        assertEquals(Training.COLLECTIVES, Training.choose("collectives", 2, 2, 2, true));
        assertEquals(Training.OFF, Training.choose("off", 2, 2, 2, true));
        assertEquals(Training.OFF, Training.choose("0", 2, 2, 2, true));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> RuntimeSettings.from(Map.of("ATOLL_TRAINING", "sometimes"), new Properties()));
        assertTrue(e.getMessage().contains("ATOLL_TRAINING") && e.getMessage().contains("sometimes"), e.getMessage());
        Properties p = new Properties();
        p.setProperty("atoll.training", "off");
        assertEquals("off", RuntimeSettings.from(Map.of("ATOLL_TRAINING", "full"), p).training(), "the property wins");
    }
}

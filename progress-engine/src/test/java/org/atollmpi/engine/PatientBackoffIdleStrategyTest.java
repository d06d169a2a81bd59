package org.atollmpi.engine;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class PatientBackoffIdleStrategyTest {
    @Test
    void parksDoubleToTheCapThenGrowPatientAfterTenMillisecondsParked() {
        PatientBackoffIdleStrategy idle = new PatientBackoffIdleStrategy();
        long parked = 0;
        long expected = PatientBackoffIdleStrategy.MIN_PARK_NANOS;
        while (parked < PatientBackoffIdleStrategy.PATIENCE_NANOS) {
            long park = idle.nextParkNanos();
            assertEquals(expected, park, "after " + parked + " ns parked");
            parked += park;
            expected = Math.min(expected * 2, PatientBackoffIdleStrategy.MAX_PARK_NANOS);
        }
        assertEquals(PatientBackoffIdleStrategy.PATIENT_PARK_NANOS, idle.nextParkNanos());
        assertEquals(PatientBackoffIdleStrategy.PATIENT_PARK_NANOS, idle.nextParkNanos());
    }

    @Test
    void workStartsTheBackOffOver() {
        PatientBackoffIdleStrategy idle = new PatientBackoffIdleStrategy();
        for (int i = 0; i < 100; i++) {
            idle.nextParkNanos();
        }
        assertEquals(PatientBackoffIdleStrategy.PATIENT_PARK_NANOS, idle.nextParkNanos());
        idle.idle(1);
        assertEquals(PatientBackoffIdleStrategy.MIN_PARK_NANOS, idle.nextParkNanos());
        idle.nextParkNanos();
        idle.reset();
        assertEquals(PatientBackoffIdleStrategy.MIN_PARK_NANOS, idle.nextParkNanos());
    }

    @Test
    void spinsAndYieldsBeforeItParks() {
        PatientBackoffIdleStrategy idle = new PatientBackoffIdleStrategy();
        for (int i = 0; i < PatientBackoffIdleStrategy.MAX_SPINS + PatientBackoffIdleStrategy.MAX_YIELDS; i++) {
            idle.idle(0);
        }
        // no park taken yet: the first park still has the shortest period
        assertEquals(PatientBackoffIdleStrategy.MIN_PARK_NANOS, idle.nextParkNanos());
    }
}

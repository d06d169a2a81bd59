package org.atollmpi.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.junit.jupiter.api.Test;

/** The epoch state machine alone: which accesses each epoch allows and which transitions raise ERR_RMA_SYNC. */
class EpochStateTest {
    private static void sync(Runnable call) {
        assertEquals(ErrorClass.RMA_SYNC, assertThrows(EngineException.class, call::run).errorClass());
    }

    @Test
    void describesTheOpenEpochsForMpirunTimeout() {
        EpochState e = new EpochState(3);
        assertEquals("access epoch NONE, no exposure epoch", e.describe());
        e.locked(2, EpochState.EXCLUSIVE, true);
        e.locked(0, EpochState.SHARED, true);
        assertEquals("access epoch LOCKED (shared lock on member 0, exclusive lock on member 2), no exposure epoch",
            e.describe());
        e.unlocked(0);
        e.unlocked(2);
        e.posted(new boolean[] {true, false, true});
        assertEquals("access epoch NONE, exposure epoch open (post)", e.describe());
    }

    @Test
    void noEpochAllowsNoAccess() {
        EpochState e = new EpochState(3);
        assertFalse(e.mayAccess(0));
        sync(() -> e.checkAccess("put", 1));
        sync(() -> e.checkUnlock("unlock", 0));
        sync(() -> e.checkUnlockAll("unlockAll"));
        sync(() -> e.checkComplete("complete"));
        sync(() -> e.checkWait("wait"));
        sync(() -> e.checkPassive("flush", 0));
    }

    @Test
    void fenceOpensEveryTargetUntilNoSucceed() {
        EpochState e = new EpochState(3);
        e.checkFence("fence");
        e.fenced(false);
        assertTrue(e.mayAccess(0) && e.mayAccess(2));
        sync(() -> e.checkPassive("flush", 0));
        e.fenced(true);
        assertFalse(e.mayAccess(1));
        e.checkFree("free");
    }

    @Test
    void locksOpenTheirTargetsOnly() {
        EpochState e = new EpochState(3);
        e.checkLock("lock", 1);
        e.locked(1, EpochState.SHARED, true);
        e.locked(2, EpochState.EXCLUSIVE, false);
        assertTrue(e.mayAccess(1) && e.mayAccess(2));
        assertFalse(e.mayAccess(0));
        assertTrue(e.lockTaken(1));
        assertFalse(e.lockTaken(2));
        sync(() -> e.checkLock("lock", 1));
        sync(() -> e.checkFence("fence"));
        sync(() -> e.checkLockAll("lockAll"));
        sync(() -> e.checkFree("free"));
        e.checkPassive("flush", 2);
        e.unlocked(1);
        e.unlocked(2);
        assertEquals(EpochState.Access.NONE, e.access());
        e.checkFree("free");
    }

    @Test
    void lockAllAndGeneralisedActiveTarget() {
        EpochState e = new EpochState(3);
        e.lockedAll(true);
        assertTrue(e.mayAccess(0) && e.mayAccess(2));
        sync(() -> e.checkStart("start"));
        e.checkUnlockAll("unlockAll");
        e.unlockedAll();

        e.checkStart("start");
        e.started(new boolean[] {false, true, false});
        assertTrue(e.mayAccess(1));
        assertFalse(e.mayAccess(0));
        e.checkComplete("complete");
        e.completed();

        e.checkPost("post");
        e.posted(new boolean[] {true, false, true});
        sync(() -> e.checkPost("post"));
        sync(() -> e.checkFence("fence"));
        e.checkWait("wait");
        e.waited();
        e.checkFree("free");
    }
}

package org.atollmpi.rma;

import java.util.Arrays;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;

/**
 * Which epochs one rank has open on one window, and whether an access to a target is inside one.
 * Pure bookkeeping, no communication: {@link Window} asks it before every step and changes it
 * after the step has succeeded. A transition the state does not allow raises ERR_RMA_SYNC naming
 * the call, before anything is issued.
 *
 * <pre>
 *  access epochs (at most one kind at a time)           exposure epochs
 *
 *        fence (not NOSUCCEED)                                 post(g)
 *  NONE ─────────────────────▶ FENCE ─┐ fence          NONE ─────────▶ EXPOSED(g)
 *   ▲ ◀──── fence(NOSUCCEED) ──┘      │ (stays)          ▲                │
 *   │                          ◀──────┘                  └── wait / test ─┘
 *   ├── lock(r) ───▶ LOCKED{r, ...} ── unlock(last) ──▶ NONE
 *   ├── lockAll ───▶ LOCK_ALL ──────── unlockAll ─────▶ NONE
 *   └── start(g) ──▶ STARTED(g) ────── complete ──────▶ NONE
 * </pre>
 *
 * A fence epoch is both an access and an exposure epoch for every member; lock epochs to several
 * targets may be open together (MPI-3), each shared or exclusive.
 */
public final class EpochState {
    /** No lock held on a target. */
    public static final int UNLOCKED = 0;
    public static final int SHARED = 1;
    public static final int EXCLUSIVE = 2;

    /** The access epoch kinds. */
    public enum Access { NONE, FENCE, LOCKED, LOCK_ALL, STARTED }

    private Access access = Access.NONE;
    private final int[] lockType;
    private final boolean[] lockTaken;
    private int locksHeld;
    private boolean lockAllTaken;
    private boolean[] startGroup;
    private boolean[] postGroup;

    public EpochState(int members) {
        this.lockType = new int[members];
        this.lockTaken = new boolean[members];
    }

    public Access access() {
        return access;
    }

    /** Whether an operation to {@code target} (a member index) is inside an access epoch. */
    public boolean mayAccess(int target) {
        return switch (access) {
            case FENCE, LOCK_ALL -> true;
            case LOCKED -> lockType[target] != UNLOCKED;
            case STARTED -> startGroup[target];
            case NONE -> false;
        };
    }

    /** Raises ERR_RMA_SYNC unless {@code target} may be accessed now. */
    public void checkAccess(String call, int target) {
        if (!mayAccess(target)) {
            throw sync(call + ": no access epoch is open towards rank " + target
                + " (open one with fence, lock, lockAll or start first)");
        }
    }

    /** The lock type held on {@code target}, {@link #UNLOCKED} when none. */
    public int lockType(int target) {
        return lockType[target];
    }

    public boolean exposed() {
        return postGroup != null;
    }

    public boolean[] startGroup() {
        return startGroup;
    }

    // ---- fence

    /** A fence may close a fence epoch or open one, never cut into any other epoch. */
    public void checkFence(String call) {
        if (access != Access.NONE && access != Access.FENCE) {
            throw sync(call + ": a " + access + " epoch is open (close it before a fence)");
        }
        if (postGroup != null) {
            throw sync(call + ": an exposure epoch (post) is open (wait for it before a fence)");
        }
    }

    public void fenced(boolean noSucceed) {
        access = noSucceed ? Access.NONE : Access.FENCE;
    }

    // ---- passive target

    public void checkLock(String call, int target) {
        if (access != Access.NONE && access != Access.LOCKED && access != Access.FENCE) {
            throw sync(call + ": a " + access + " epoch is open");
        }
        if (lockType[target] != UNLOCKED) {
            throw sync(call + ": rank " + target + " is locked already in this window");
        }
    }

    /**
     * The lock is held. A fence epoch that was left open by a fence without NOSUCCEED (the usual
     * last fence of a phase) gives way to the lock epoch, as MPI allows a lock after a fence
     * epoch has ended with no operation issued in it.
     */
    public void locked(int target, int type, boolean taken) {
        lockType[target] = type;
        lockTaken[target] = taken;
        locksHeld++;
        access = Access.LOCKED;
    }

    public void checkUnlock(String call, int target) {
        if (access != Access.LOCKED || lockType[target] == UNLOCKED) {
            throw sync(call + ": rank " + target + " is not locked by this process in this window");
        }
    }

    /** Whether the lock on {@code target} was taken on its lock word (not under MODE_NOCHECK). */
    public boolean lockTaken(int target) {
        return lockTaken[target];
    }

    public void unlocked(int target) {
        lockType[target] = UNLOCKED;
        lockTaken[target] = false;
        if (--locksHeld == 0) {
            access = Access.NONE;
        }
    }

    public void checkLockAll(String call) {
        if (access != Access.NONE && access != Access.FENCE) {
            throw sync(call + ": a " + access + " epoch is open");
        }
    }

    public void lockedAll(boolean taken) {
        access = Access.LOCK_ALL;
        lockAllTaken = taken;
    }

    /** Whether lockAll took the shared locks (not under MODE_NOCHECK). */
    public boolean lockAllTaken() {
        return lockAllTaken;
    }

    public void checkUnlockAll(String call) {
        if (access != Access.LOCK_ALL) {
            throw sync(call + ": no lockAll epoch is open");
        }
    }

    public void unlockedAll() {
        access = Access.NONE;
    }

    /** flush and friends need a passive-target epoch to {@code target} (any target: -1). */
    public void checkPassive(String call, int target) {
        boolean ok = access == Access.LOCK_ALL
            || access == Access.LOCKED && (target < 0 || lockType[target] != UNLOCKED);
        if (!ok) {
            throw sync(call + ": no passive-target epoch (lock or lockAll) is open"
                + (target < 0 ? "" : " towards rank " + target));
        }
    }

    // ---- generalised active target

    public void checkStart(String call) {
        if (access != Access.NONE && access != Access.FENCE) {
            throw sync(call + ": a " + access + " epoch is open");
        }
    }

    public void started(boolean[] group) {
        startGroup = group.clone();
        access = Access.STARTED;
    }

    public void checkComplete(String call) {
        if (access != Access.STARTED) {
            throw sync(call + ": no access epoch was started with start");
        }
    }

    public void completed() {
        startGroup = null;
        access = Access.NONE;
    }

    public void checkPost(String call) {
        if (postGroup != null) {
            throw sync(call + ": an exposure epoch is open already");
        }
        if (access == Access.FENCE) {
            access = Access.NONE; // the fence epoch ended with the last fence
        }
    }

    public void posted(boolean[] group) {
        postGroup = group.clone();
    }

    public void checkWait(String call) {
        if (postGroup == null) {
            throw sync(call + ": no exposure epoch was opened with post");
        }
    }

    public void waited() {
        postGroup = null;
    }

    /** The window may be freed only with no epoch open (a fence epoch counts as ended). */
    public void checkFree(String call) {
        if (access != Access.NONE && access != Access.FENCE || postGroup != null) {
            throw sync(call + ": an epoch is open (" + (postGroup != null ? "exposure" : access.toString()) + ")");
        }
    }

    /** The open epochs in words: "access epoch LOCKED (exclusive lock on member 2), no exposure epoch". */
    public String describe() {
        StringBuilder b = new StringBuilder("access epoch ").append(access);
        if (access == Access.LOCKED) {
            String sep = " (";
            for (int m = 0; m < lockType.length; m++) {
                if (lockType[m] != UNLOCKED) {
                    b.append(sep).append(lockType[m] == EXCLUSIVE ? "exclusive" : "shared").append(" lock on member ").append(m);
                    sep = ", ";
                }
            }
            b.append(")");
        }
        return b.append(postGroup != null ? ", exposure epoch open (post)" : ", no exposure epoch").toString();
    }

    @Override
    public String toString() {
        return "EpochState{" + access + ", locks=" + Arrays.toString(lockType) + ", exposed=" + exposed() + '}';
    }

    private static EngineException sync(String message) {
        return new EngineException(ErrorClass.RMA_SYNC, message);
    }
}

package org.atollmpi.rma;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.RemoteKey;
import org.atollmpi.nic.BoardRegion;

/**
 * What one rank exposes in one window: its window memory (a window descriptor over board memory)
 * and its control line ({@link LockWord}), both given back by {@link #release}. Made before the
 * creation exchange, which carries {@link #describe}.
 */
public final class LocalMemory {
    private final Engine engine;
    private final RemoteKey memoryKey;
    private final long size;
    private final int dispUnit;
    private final BoardRegion allocated;
    private final BoardRegion control;
    private final RemoteKey controlKey;

    private LocalMemory(Engine engine, RemoteKey memoryKey, long size, int dispUnit, BoardRegion allocated,
                        BoardRegion control, RemoteKey controlKey) {
        this.engine = engine;
        this.memoryKey = memoryKey;
        this.size = size;
        this.dispUnit = dispUnit;
        this.allocated = allocated;
        this.control = control;
        this.controlKey = controlKey;
    }

    /**
     * Exposes {@code size} bytes of board memory at {@code (base, offset)} (a buffer from
     * {@code MPI.newByteBuffer}).
     *
     * @throws EngineException of class {@link ErrorClass#BASE} when the memory is not board memory
     */
    public static LocalMemory expose(Engine engine, Object base, long offset, long size, int dispUnit) {
        RemoteKey key = engine.expose(base, offset, size);
        try {
            return withControl(engine, key, size, dispUnit, null);
        } catch (RuntimeException e) {
            engine.withdraw(key);
            throw e;
        }
    }

    /** Allocates {@code size} bytes of board memory (zeroed) and exposes them: {@code Win.allocate}. */
    public static LocalMemory allocate(Engine engine, long size, int dispUnit) {
        BoardRegion region = engine.allocateBoardMemory(Math.max(size, 1));
        if (region == null) {
            throw new EngineException(ErrorClass.NO_MEM, "the board has no room for a window of " + size + " bytes");
        }
        try {
            RemoteKey key = size == 0 ? engine.expose(null, 0, 0) : engine.expose(region);
            try {
                return withControl(engine, key, size, dispUnit, region);
            } catch (RuntimeException e) {
                engine.withdraw(key);
                throw e;
            }
        } catch (RuntimeException e) {
            engine.freeBoardMemory(region);
            throw e;
        }
    }

    private static LocalMemory withControl(Engine engine, RemoteKey key, long size, int dispUnit,
                                           BoardRegion allocated) {
        BoardRegion control = engine.allocateBoardMemory(LockWord.CONTROL_BYTES);
        if (control == null) {
            throw new EngineException(ErrorClass.NO_MEM, "the board has no room for a window's lock words");
        }
        try {
            zero(control);
            return new LocalMemory(engine, key, size, dispUnit, allocated, control, engine.expose(control));
        } catch (RuntimeException e) {
            engine.freeBoardMemory(control);
            throw e;
        }
    }

    private static void zero(BoardRegion region) {
        for (long at = 0; at < region.length(); at += 8) {
            Addresses.putLong(region.base(), region.address() + at, 0);
        }
    }

    /** This member's part of the creation exchange ({@link WindowMembers#describe}). */
    public long[] describe() {
        return WindowMembers.describe(memoryKey, size, dispUnit, controlKey);
    }

    /** The allocated window memory ({@code Win.allocate}), or null when the program gave it. */
    public BoardRegion allocated() {
        return allocated;
    }

    public long size() {
        return size;
    }

    /** Withdraws both descriptors and frees what was allocated. */
    public void release() {
        engine.withdraw(memoryKey);
        engine.withdraw(controlKey);
        engine.freeBoardMemory(control);
        if (allocated != null) {
            engine.freeBoardMemory(allocated);
        }
    }
}

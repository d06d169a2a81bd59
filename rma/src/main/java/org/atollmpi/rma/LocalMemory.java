package org.atollmpi.rma;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.BoardBlock;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.RemoteKey;

/**
 * What one rank exposes in one window: its window memory (a window descriptor over board memory,
 * or, for memory the NIC cannot reach, the memory itself, which this rank's engine serves) and its
 * control line ({@link LockWord}, always board memory), given back by {@link #release}. Made
 * before the creation exchange, which carries {@link #describe}.
 */
public final class LocalMemory {
    /** The most regions a dynamic window's table may hold (its table then takes 2.5 MiB of board memory). */
    public static final int MAX_ATTACHED = 1 << 16;

    private final Engine engine;
    private final RemoteKey memoryKey;
    private final long size;
    private final int dispUnit;
    private final BoardBlock allocated;
    private final BoardBlock control;
    private final RemoteKey controlKey;
    private final Object servedBase;
    private final long servedOffset;
    private final boolean served;
    /** A dynamic window's regions (its memory key and size are then the attachment table's), else null. */
    private AttachedRegions attached;

    private LocalMemory(Engine engine, RemoteKey memoryKey, long size, int dispUnit, BoardBlock allocated,
                        BoardBlock control, RemoteKey controlKey, boolean served, Object base, long offset) {
        this.engine = engine;
        this.memoryKey = memoryKey;
        this.size = size;
        this.dispUnit = dispUnit;
        this.allocated = allocated;
        this.control = control;
        this.controlKey = controlKey;
        this.served = served;
        this.servedBase = base;
        this.servedOffset = offset;
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
            return withControl(engine, key, size, dispUnit, null, false, null, 0);
        } catch (RuntimeException e) {
            engine.withdraw(key);
            throw e;
        }
    }

    /**
     * Exposes memory the NIC cannot reach (a heap array, an ordinary direct buffer): no
     * descriptor covers it, this rank's engine serves the accesses ({@link WindowServer}).
     */
    public static LocalMemory serve(Engine engine, Object base, long offset, long size, int dispUnit) {
        return withControl(engine, engine.expose(null, 0, 0), size, dispUnit, null, true, base, offset);
    }

    /** Board memory when it is, else served memory. */
    public static LocalMemory of(Engine engine, Object base, long offset, long size, int dispUnit) {
        return size > 0 && engine.isBoardMemory(base, offset, size) ? expose(engine, base, offset, size, dispUnit)
            : serve(engine, base, offset, size, dispUnit);
    }

    /** Allocates {@code size} bytes of board memory (zeroed) and exposes them: {@code Win.allocate}. */
    public static LocalMemory allocate(Engine engine, long size, int dispUnit) {
        BoardBlock region = engine.allocateBoardMemory(Math.max(size, 1));
        if (region == null) {
            throw new EngineException(ErrorClass.NO_MEM, "the board has no room for a window of " + size + " bytes");
        }
        try {
            // Not every board clears memory an earlier window gave back (the TCP board's heap does
            // not), and the other members may read this window from its creation on.
            zero(region);
            RemoteKey key = size == 0 ? engine.expose(null, 0, 0) : engine.expose(region);
            try {
                return withControl(engine, key, size, dispUnit, region, false, null, 0);
            } catch (RuntimeException e) {
                engine.withdraw(key);
                throw e;
            }
        } catch (RuntimeException e) {
            engine.freeBoardMemory(region);
            throw e;
        }
    }

    /**
     * A dynamic window's memory (MPI_Win_create_dynamic): nothing at first, an
     * {@link AttachmentTable} of {@code maxRegions} entries in board memory that the others read,
     * and the regions attached later ({@link #attached}).
     */
    public static LocalMemory dynamic(Engine engine, int maxRegions) {
        if (maxRegions < 1 || maxRegions > MAX_ATTACHED) {
            throw new EngineException(ErrorClass.ARG, "the most regions one rank may attach (" + maxRegions
                + ") must be from 1 to " + MAX_ATTACHED);
        }
        long bytes = AttachmentTable.bytes(maxRegions);
        BoardBlock table = engine.allocateBoardMemory(bytes);
        if (table == null) {
            throw new EngineException(ErrorClass.NO_MEM, "the board has no room for an attachment table of "
                + maxRegions + " regions");
        }
        try {
            zero(table);
            RemoteKey key = engine.expose(table);
            try {
                LocalMemory m = withControl(engine, key, table.length(), 1, table, false, null, 0);
                m.attached = new AttachedRegions(engine, table);
                return m;
            } catch (RuntimeException e) {
                engine.withdraw(key);
                throw e;
            }
        } catch (RuntimeException e) {
            engine.freeBoardMemory(table);
            throw e;
        }
    }

    private static LocalMemory withControl(Engine engine, RemoteKey key, long size, int dispUnit,
                                           BoardBlock allocated, boolean served, Object base, long offset) {
        BoardBlock control = engine.allocateBoardMemory(LockWord.CONTROL_BYTES);
        if (control == null) {
            throw new EngineException(ErrorClass.NO_MEM, "the board has no room for a window's lock words");
        }
        try {
            zero(control);
            RemoteKey controlKey = engine.expose(control);
            return new LocalMemory(engine, key, size, dispUnit, allocated, control, controlKey, served, base, offset);
        } catch (RuntimeException e) {
            engine.freeBoardMemory(control);
            throw e;
        }
    }

    private static void zero(BoardBlock region) {
        long at = 0;
        for (; at + 8 <= region.length(); at += 8) {
            Addresses.putLong(region.base(), region.address() + at, 0);
        }
        for (; at < region.length(); at++) {
            Addresses.putByte(region.base(), region.address() + at, (byte) 0);
        }
    }

    /** This member's part of the creation exchange ({@link WindowMembers#describe}). */
    public long[] describe() {
        return WindowMembers.describe(memoryKey, size, dispUnit, controlKey,
            attached != null ? WindowMembers.DYNAMIC : served ? WindowMembers.SERVED : WindowMembers.BOARD);
    }

    /** A dynamic window's regions, or null for the other flavors. */
    AttachedRegions attached() {
        return attached;
    }

    /** Whether this rank's engine serves the accesses (the memory is not board memory). */
    public boolean served() {
        return served;
    }

    Object servedBase() {
        return servedBase;
    }

    long servedOffset() {
        return servedOffset;
    }

    /**
     * The allocated window memory ({@code Win.allocate}; a dynamic window's attachment table), or
     * null when the program gave it.
     */
    BoardBlock allocated() {
        return allocated;
    }

    /**
     * The allocated window memory as a native-order buffer of exactly the window's size (what
     * {@code WIN_BASE} returns), or null when the program gave the memory.
     */
    public ByteBuffer allocatedBuffer() {
        if (allocated == null || attached != null) {
            return null;
        }
        ByteBuffer all = allocated.asByteBuffer();
        return all.limit((int) size).slice().order(ByteOrder.nativeOrder());
    }

    public long size() {
        return size;
    }

    /** Withdraws the descriptors (a dynamic window's regions' too) and frees what was allocated. */
    public void release() {
        if (attached != null) {
            attached.release();
        }
        engine.withdraw(memoryKey);
        engine.withdraw(controlKey);
        engine.freeBoardMemory(control);
        if (allocated != null) {
            engine.freeBoardMemory(allocated);
        }
    }
}

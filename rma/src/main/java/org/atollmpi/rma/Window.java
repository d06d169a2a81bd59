package org.atollmpi.rma;

import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.OneSidedChannel;
import org.atollmpi.engine.Operation;
import org.atollmpi.engine.RemoteKey;

/**
 * One rank's side of one MPI window: every member's exposed memory ({@link WindowMembers}), the
 * epochs this rank has open ({@link EpochState}) and the operations, issued through the engine's
 * {@link OneSidedChannel}. Targets are members (ranks in the window's group); data are bytes at
 * {@code (base, offset)} addresses, the {@code mpi} layer having checked and packed the program's
 * buffers.
 *
 * <p><b>Where the work happens.</b> When a member's window memory is board memory (a window
 * descriptor), a put or a get to it is one copy made by the origin's NIC operation and the member
 * never calls MPI, in every synchronisation mode; the passive-target locks are NIC atomics on the
 * member's lock word ({@link LockWord}), which is board memory for every window. When it is not
 * (a heap array, an ordinary direct buffer), the member's engine serves the accesses
 * ({@link WindowServer}, {@link ServedAccess}), with the same semantics, but the member must enter
 * MPI (or run a progress thread) for them to complete. Fence ends with the {@link WindowBarrier};
 * post/start/complete/wait are zero-byte messages on the window's own context.
 *
 * <p><b>Dynamic windows</b> ({@link LocalMemory#dynamic}): each member's memory key names its
 * {@link AttachmentTable} in board memory, which this rank copies ({@link RegionCache}) with a get
 * when an access names a displacement its copy does not cover; each block of an access must lie in
 * one attached region. A region in board memory has a descriptor of its own (one copy by the
 * origin, the member passive); one that is not is served by the member's engine, which resolves
 * the displacement against its {@link AttachedRegions}.
 *
 * <p><b>Checks.</b> Every operation is checked at the origin before anything is issued: against the
 * epoch (ERR_RMA_SYNC) and against the size the target exposed (ERR_RMA_RANGE), so no memory is
 * touched in either case; the NIC's descriptor check is the second line (a refused access is
 * raised by the next flush, unlock, complete or fence). A freed window raises ERR_WIN.
 *
 * <p><b>Accumulates</b> are atomic per element with respect to each other: SUM on 8-byte integers
 * in board memory is the NIC's fetch-and-add (no round trip waited for), other operations on
 * 8-byte integers there a compare-and-swap loop per element (one round trip each, never a lock),
 * everything else (and everything on served memory) a get-modify-put at the origin under the
 * target's accumulate lock word, taken and released with compare-and-swap. The lock keeps the
 * target out of the work, which is the point of window descriptors, at the price of three round
 * trips per call; a target-served accumulate would cost one but need the target to enter MPI.
 * Accumulates from this origin to one target stay in the order issued (MPI's default
 * accumulate_ordering), although the NIC may complete them in any order: see
 * {@code unorderedAtomics}.
 *
 * <p>Not thread-safe on its own: the {@code mpi} layer serialises calls on one window.
 */
public final class Window {
    static final int TAG_POST = 1;
    static final int TAG_COMPLETE = 2;

    private final Engine engine;
    private final WindowMembers members;
    private final int me;
    private final int context;
    private final WindowBarrier barrier;
    private final LocalMemory local;
    private final OneSidedChannel channel;
    private final LockWord locks;
    private final EpochState epochs;
    private final Operation[] completeNotices;
    private final ServedAccess served;
    private final WindowServer server;
    /** Atomics issued to a member and not waited for: the next ordered accumulate waits for them first. */
    private final boolean[] unorderedAtomics;
    /** A dynamic window: what this rank attached, and its copies of every member's table; else null. */
    private final AttachedRegions attached;
    private final RegionCache[] tables;
    /** The one block of a single-element atomic (compareAndSwap), reused: a Window is used by one thread at a time. */
    private final TargetBlocks oneElement = TargetBlocks.scratch();
    private boolean freed;
    /**
     * The synchronisation call this rank is blocked in ({@code BLOCKED_*}) and its member, for
     * {@code mpirun --timeout}: plain fields that another thread reads without a lock, written
     * around the waits of lock, lockAll and fence (never by the operations or flushes), and
     * numbers, not text, so that the calls allocate nothing for them.
     */
    private int blockedIn;
    private int blockedMember;
    private static final int BLOCKED_NOWHERE = 0;
    private static final int BLOCKED_FENCE = 1;
    private static final int BLOCKED_LOCK_SHARED = 2;
    private static final int BLOCKED_LOCK_EXCLUSIVE = 3;
    private static final int BLOCKED_LOCK_ALL = 4;

    /**
     * @param me      this rank's member index
     * @param context      an engine context of the window's own, for the post/start/complete/wait
     *                     messages and the requests of served members
     * @param replyContext another, for the served members' answers
     */
    public Window(Engine engine, WindowMembers members, int me, int context, int replyContext, WindowBarrier barrier,
                  LocalMemory local) {
        this.engine = engine;
        this.members = members;
        this.me = me;
        this.context = context;
        this.barrier = barrier;
        this.local = local;
        this.channel = engine.newOneSidedChannel();
        this.locks = new LockWord(engine, channel);
        this.epochs = new EpochState(members.size());
        this.completeNotices = new Operation[members.size()];
        this.served = new ServedAccess(engine, context, replyContext, members.size());
        this.unorderedAtomics = new boolean[members.size()];
        this.attached = local.attached();
        if (members.dynamic()) {
            tables = new RegionCache[members.size()];
            for (int m = 0; m < tables.length; m++) {
                tables[m] = new RegionCache(members.worldRank(m));
            }
        } else {
            tables = null;
        }
        if (attached != null) {
            server = new WindowServer(engine, attached, context, replyContext); // regions not in board memory
        } else if (local.served()) {
            server = new WindowServer(engine, ServedMemory.span(local.servedBase(), local.servedOffset(),
                local.size()), context, replyContext);
        } else {
            server = null;
        }
        if (server != null) {
            server.start();
        }
    }

    public boolean isFreed() {
        return freed;
    }

    /**
     * Member {@code member}'s window memory as a buffer this rank loads and stores directly
     * (MPI_Win_shared_query), native order; {@code null} when that memory is not board memory
     * this process maps (a served member, a peer on another board).
     */
    public ByteBuffer sharedMemory(String call, int member) {
        checkOpen(call);
        checkRank(call, member);
        long size = members.windowBytes(member);
        if (members.served(member) || members.dynamic() || size > Integer.MAX_VALUE) {
            return null;
        }
        if (size == 0) {
            return ByteBuffer.allocateDirect(0).order(ByteOrder.nativeOrder());
        }
        ByteBuffer mapped = engine.mapExposed(members.memory(member), (int) size);
        return mapped == null ? null : mapped.order(ByteOrder.nativeOrder());
    }

    // ------------------------------------------------------------------------------------------
    // Dynamic windows
    // ------------------------------------------------------------------------------------------

    /**
     * MPI_Win_attach of {@code size} bytes at {@code (base, address)}: a local call; the others may
     * access the region once they have synchronised with this rank.
     *
     * @return the region's displacement (see {@link AttachedRegions}: the order of attachment)
     */
    public long attach(String call, Object base, long address, long size) {
        checkOpen(call);
        checkDynamic(call);
        return attached.attach(call, base, address, size);
    }

    /** MPI_Win_detach of the region attached at {@code (base, address)}: a local call. */
    public void detach(String call, Object base, long address) {
        checkOpen(call);
        checkDynamic(call);
        attached.detach(call, base, address);
    }

    private void checkDynamic(String call) {
        if (attached == null) {
            throw new EngineException(ErrorClass.RMA_FLAVOR, call + ": the window is not a dynamic window");
        }
    }

    /**
     * Reads member {@code target}'s attachment table into this rank's copy: the sequence, the
     * table, the sequence again, until both are the same even number (the owner was not rewriting
     * it meanwhile; see {@link AttachmentTable}). Three round trips, on a miss only.
     */
    private void refreshTable(int target) {
        int world = members.worldRank(target);
        RemoteKey key = members.memory(target);
        int bytes = (int) members.windowBytes(target);
        long[] before = new long[1];
        long[] after = new long[1];
        long[] table = new long[bytes / 8];
        do {
            awaitOne(done -> channel.get(world, key, 0, before, Addresses.LONG_ARRAY_BASE, 8, done));
            if ((before[0] & 1) != 0) {
                engine.progress();
                continue;
            }
            awaitOne(done -> channel.get(world, key, 0, table, Addresses.LONG_ARRAY_BASE, bytes, done));
            awaitOne(done -> channel.get(world, key, 0, after, Addresses.LONG_ARRAY_BASE, 8, done));
        } while ((before[0] & 1) != 0 || before[0] != after[0]);
        tables[target].load(table);
    }

    /** Whether an attached region of {@code target} holds the block, reading its table again on a miss. */
    private boolean attachedCovers(int target, long at, long length, boolean[] refreshed) {
        if (tables[target].find(at, length) >= 0) {
            return true;
        }
        if (!refreshed[0]) {
            refreshed[0] = true;
            refreshTable(target);
            return tables[target].find(at, length) >= 0;
        }
        return false;
    }

    /** Whether the memory at window address {@code at} (a checked, non-empty block) is served by its owner. */
    private boolean servedAt(int target, long at) {
        if (tables == null) {
            return members.served(target);
        }
        RegionCache t = tables[target];
        return t.served(t.find(at, 1));
    }

    /** The key of the descriptor over window address {@code at} of {@code target}. */
    private RemoteKey keyAt(int target, long at) {
        if (tables == null) {
            return members.memory(target);
        }
        RegionCache t = tables[target];
        return t.key(t.find(at, 1));
    }

    /** Window address {@code at} as an offset in the memory {@link #keyAt} names. */
    private long offsetAt(int target, long at) {
        if (tables == null) {
            return at;
        }
        RegionCache t = tables[target];
        return at - t.displacement(t.find(at, 1));
    }

    // ------------------------------------------------------------------------------------------
    // Communication
    // ------------------------------------------------------------------------------------------

    /**
     * Puts the {@code blocks.bytes()} bytes at {@code (base, offset)} into the blocks of member
     * {@code target}'s window at displacement {@code disp}; {@code done} (a composite, or null)
     * completes with the last of them. The origin memory must stay unchanged until the operation
     * completes (flush, unlock, fence, complete).
     */
    public void put(String call, int target, long disp, TargetBlocks blocks, Object base, long offset, Operation done) {
        long at = check(call, target, disp, blocks);
        Countdown parts = Countdown.of(engine, done, tables != null);
        long from = offset;
        for (int b = 0; b < blocks.count(); b++) {
            int length = blocks.lengths()[b];
            if (length > 0) {
                issuePut(target, at + blocks.offsets()[b], base, from, length, parts.part());
            }
            from += length;
        }
        parts.seal();
    }

    /** Gets the target's blocks into {@code (base, offset)}, packed; valid once completed. */
    public void get(String call, int target, long disp, TargetBlocks blocks, Object base, long offset, Operation done) {
        long at = check(call, target, disp, blocks);
        Countdown parts = Countdown.of(engine, done, tables != null);
        long into = offset;
        for (int b = 0; b < blocks.count(); b++) {
            int length = blocks.lengths()[b];
            if (length > 0) {
                issueGet(target, at + blocks.offsets()[b], base, into, length, parts.part());
            }
            into += length;
        }
        parts.seal();
    }

    /**
     * {@code target[i] = target[i] op origin[i]} for the elements of the target's blocks, atomic
     * per element (see the class comment for how). With {@code fetch} (getAccumulate, fetchAndOp)
     * the target's elements from before the operation land, packed, at
     * {@code (resultBase, resultOffset)}.
     */
    public void accumulate(String call, int target, long disp, TargetBlocks blocks, Object base, long offset,
                           ElementOp op, boolean fetch, Object resultBase, long resultOffset, Operation done) {
        long at = check(call, target, disp, blocks);
        int unit = op.elementBytes();
        for (int length : blocks.lengths()) {
            if (length % unit != 0) {
                throw new EngineException(ErrorClass.TYPE, call + ": a block of " + length
                    + " bytes is not whole elements of " + unit + " bytes");
            }
        }
        Countdown parts = Countdown.of(engine, done, tables != null);
        try {
            long from = 0;
            for (int b = 0; b < blocks.count(); b++) {
                int length = blocks.lengths()[b];
                accumulateBlock(target, at + blocks.offsets()[b], length / unit, base, offset + from, op, fetch,
                    resultBase, resultOffset + from, parts);
                from += length;
            }
        } catch (RuntimeException e) {
            parts.fail(e instanceof EngineException ee ? ee.errorClass() : ErrorClass.INTERN, e.getMessage());
            throw e;
        }
        parts.seal();
    }

    private void accumulateBlock(int target, long at, int n, Object base, long offset, ElementOp op, boolean fetch,
                                 Object resultBase, long resultOffset, Countdown parts) {
        if (n == 0 || op.isNoOp() && !fetch) {
            return; // nothing to change and nothing to return
        }
        int world = members.worldRank(target);
        boolean atomics = op.onLongs() && !servedAt(target, at); // served memory has no NIC atomics
        RemoteKey key = atomics ? keyAt(target, at) : null;
        long local = atomics ? offsetAt(target, at) : 0;
        boolean nicAdd = atomics && (op.isSum() || op.isNoOp());
        if (unorderedAtomics[target] && (fetch || !nicAdd)) {
            // MPI orders accumulates from one origin to one location (accumulate_ordering's default):
            // sums commute, but a fetched value or any other operation must see the earlier ones done
            completeTarget(target);
        }
        if (nicAdd) {
            unorderedAtomics[target] = true;
            for (int i = 0; i < n; i++) {
                long delta = op.isNoOp() ? 0 : Addresses.getLong(base, offset + 8L * i);
                if (fetch) {
                    channel.fetchAndAdd(world, key, local + 8L * i, delta, resultBase, resultOffset + 8L * i,
                        parts.part());
                } else {
                    channel.fetchAndAdd(world, key, local + 8L * i, delta, null, 0, parts.part());
                }
            }
        } else if (atomics) {
            long[] cell = new long[2]; // [0] the origin's element, [1] the target's, combined in place
            for (int i = 0; i < n; i++) {
                long old = locks.fetchAndAdd(world, key, local + 8L * i, 0);
                while (true) {
                    Addresses.copy(base, offset + 8L * i, cell, Addresses.LONG_ARRAY_BASE, 8);
                    cell[1] = old;
                    op.apply(cell, Addresses.LONG_ARRAY_BASE, cell, Addresses.LONG_ARRAY_BASE + 8, 1);
                    long found = locks.compareAndSwap(world, key, local + 8L * i, old, cell[1]);
                    if (found == old) {
                        break;
                    }
                    old = found;
                }
                if (fetch) {
                    Addresses.putLong(resultBase, resultOffset + 8L * i, old);
                }
            }
        } else {
            underAccumulateLock(target, at, n * op.elementBytes(), n, base, offset, op, fetch, resultBase,
                resultOffset);
        }
    }

    private void underAccumulateLock(int target, long at, int bytes, int n, Object base, long offset, ElementOp op,
                                     boolean fetch, Object resultBase, long resultOffset) {
        int world = members.worldRank(target);
        RemoteKey control = members.control(target);
        byte[] copy = new byte[bytes];
        int myWorld = members.worldRank(me);
        locks.lockAccumulate(world, control, myWorld);
        try {
            awaitOne(done -> issueGet(target, at, copy, Addresses.BYTE_ARRAY_BASE, bytes, done));
            if (fetch) {
                Addresses.copy(copy, Addresses.BYTE_ARRAY_BASE, resultBase, resultOffset, bytes);
            }
            if (!op.isNoOp()) {
                op.apply(base, offset, copy, Addresses.BYTE_ARRAY_BASE, n);
                awaitOne(done -> issuePut(target, at, copy, Addresses.BYTE_ARRAY_BASE, bytes, done));
            }
        } finally {
            locks.unlockAccumulate(world, control, myWorld);
        }
    }

    /**
     * Replaces the target element at {@code disp} with the origin's if it equals the compare
     * element; the element found lands in the result. 8-byte integers: the NIC's compare-and-swap;
     * other elements under the accumulate lock.
     */
    public void compareAndSwap(String call, int target, long disp, Object originBase, long originOffset,
                               Object compareBase, long compareOffset, Object resultBase, long resultOffset,
                               int elementBytes, boolean longs) {
        oneElement.lengths()[0] = elementBytes;
        long at = check(call, target, disp, oneElement);
        int world = members.worldRank(target);
        if (unorderedAtomics[target]) {
            completeTarget(target); // ordered after the accumulates before it, as in accumulate()
        }
        if (longs && !servedAt(target, at)) {
            channel.compareAndSwap(world, keyAt(target, at), offsetAt(target, at),
                Addresses.getLong(compareBase, compareOffset),
                Addresses.getLong(originBase, originOffset), resultBase, resultOffset, null);
            unorderedAtomics[target] = true;
            return;
        }
        RemoteKey control = members.control(target);
        int myWorld = members.worldRank(me);
        byte[] found = new byte[elementBytes];
        locks.lockAccumulate(world, control, myWorld);
        try {
            awaitOne(done -> issueGet(target, at, found, Addresses.BYTE_ARRAY_BASE, elementBytes, done));
            Addresses.copy(found, Addresses.BYTE_ARRAY_BASE, resultBase, resultOffset, elementBytes);
            boolean equal = true;
            for (int i = 0; i < elementBytes && equal; i++) {
                equal = found[i] == Addresses.getByte(compareBase, compareOffset + i);
            }
            if (equal) {
                awaitOne(done -> issuePut(target, at, originBase, originOffset, elementBytes, done));
            }
        } finally {
            locks.unlockAccumulate(world, control, myWorld);
        }
    }

    /** A put of one block: a NIC operation, or a request to the target's engine when it serves its memory. */
    private void issuePut(int target, long at, Object base, long from, int length, Operation done) {
        if (servedAt(target, at)) {
            served.put(target, members.worldRank(target), at, base, from, length, done);
        } else {
            channel.put(members.worldRank(target), keyAt(target, at), offsetAt(target, at), base, from, length, done);
        }
    }

    private void issueGet(int target, long at, Object base, long into, int length, Operation done) {
        if (servedAt(target, at)) {
            served.get(target, members.worldRank(target), at, base, into, length, done);
        } else {
            channel.get(members.worldRank(target), keyAt(target, at), offsetAt(target, at), base, into, length, done);
        }
    }

    /** Completes every operation to {@code target}, both paths; raises the first refused one. */
    private void completeTarget(int target) {
        unorderedAtomics[target] = false;
        try {
            channel.awaitTarget(members.worldRank(target));
        } catch (EngineException e) {
            throw detached(e);
        } finally {
            served.await(target);
        }
    }

    private void completeAll() {
        Arrays.fill(unorderedAtomics, false);
        try {
            channel.awaitAll();
        } catch (EngineException e) {
            throw detached(e);
        } finally {
            served.awaitAll();
        }
    }

    /**
     * In a dynamic window a descriptor is refused (ERR_WIN) only when its region was detached
     * after this rank read the member's table: an access outside the attached memory, ERR_RMA_RANGE
     * as when the check at the origin finds it.
     */
    private EngineException detached(EngineException e) {
        if (tables == null || e.errorClass() != ErrorClass.WIN) {
            return e;
        }
        return new EngineException(ErrorClass.RMA_RANGE, e.getMessage()
            + " (memory detached from the dynamic window: nothing was written)");
    }

    private interface Issue {
        void issue(Operation done);
    }

    private void awaitOne(Issue issue) {
        Operation done = engine.newComposite(context);
        issue.issue(done);
        engine.await(done);
        if (done.error() != ErrorClass.SUCCESS) {
            throw detached(new EngineException(done.error(), done.errorMessage()));
        }
    }

    /** Epoch and range checks (every block inside the target's window); the displacement in bytes. */
    private long check(String call, int target, long disp, TargetBlocks blocks) {
        checkOpen(call);
        if (target < 0 || target >= members.size()) {
            throw new EngineException(ErrorClass.RANK, call + ": target rank " + target
                + " is not in the window's group of " + members.size());
        }
        epochs.checkAccess(call, target);
        if (tables != null) {
            return checkAttached(call, target, disp, blocks);
        }
        long unit = members.dispUnit(target);
        long size = members.windowBytes(target);
        if (disp < 0 || disp > size / Math.max(unit, 1) + 1) {
            throw outside(call, target, disp, unit, size);
        }
        long at = disp * unit;
        for (int b = 0; b < blocks.count(); b++) {
            long from = at + blocks.offsets()[b];
            int length = blocks.lengths()[b];
            if (length > 0 && (from < 0 || from > size || length > size - from)) {
                throw outside(call, target, disp, unit, size);
            }
        }
        return at;
    }

    /**
     * A dynamic window's range check: each block inside one region the target has attached (the
     * displacement is in bytes, an address: a negative one is fine when a datatype's positive lower
     * bound brings its blocks into a region), reading the target's table again once when this
     * rank's copy misses it.
     */
    private long checkAttached(String call, int target, long disp, TargetBlocks blocks) {
        boolean[] refreshed = {false};
        for (int b = 0; b < blocks.count(); b++) {
            long from = disp + blocks.offsets()[b];
            int length = blocks.lengths()[b];
            if (length > 0 && (from < 0 || !attachedCovers(target, from, length, refreshed))) {
                throw new EngineException(ErrorClass.RMA_RANGE, call + ": the access at targetDisp " + disp
                    + " is outside every region rank " + target + " has attached to the dynamic window (" + length
                    + " bytes at displacement " + from + ")");
            }
        }
        return disp;
    }

    private static EngineException outside(String call, int target, long disp, long unit, long size) {
        return new EngineException(ErrorClass.RMA_RANGE, call + ": the access at targetDisp " + disp + " (disp unit "
            + unit + ") runs outside the " + size + "-byte window of rank " + target);
    }

    private void checkOpen(String call) {
        if (freed) {
            throw new EngineException(ErrorClass.WIN, call + ": the window has been freed");
        }
    }

    // ------------------------------------------------------------------------------------------
    // Synchronisation
    // ------------------------------------------------------------------------------------------

    /**
     * Completes every operation this rank issued in the epoch, then waits at the barrier for every
     * member to have done so. MODE_NOSUCCEED ends the fence epoch; MODE_NOPRECEDE (nothing issued
     * before) needs nothing else: completing nothing is free.
     */
    public void fence(String call, boolean noSucceed) {
        checkOpen(call);
        epochs.checkFence(call);
        blockedIn = BLOCKED_FENCE;
        try {
            completeAll();
            barrier.barrier();
        } finally {
            blockedIn = BLOCKED_NOWHERE;
        }
        epochs.fenced(noSucceed);
    }

    /**
     * Opens a passive-target epoch towards {@code target}: takes its lock word with NIC atomics
     * (the target does nothing), unless {@code noCheck} (MODE_NOCHECK: the program promises no
     * conflicting lock).
     */
    public void lock(String call, boolean exclusive, int target, boolean noCheck) {
        checkOpen(call);
        checkRank(call, target);
        epochs.checkLock(call, target);
        if (!noCheck) {
            blockedMember = target;
            blockedIn = exclusive ? BLOCKED_LOCK_EXCLUSIVE : BLOCKED_LOCK_SHARED;
            try {
                if (exclusive) {
                    locks.lockExclusive(members.worldRank(target), members.control(target));
                } else {
                    locks.lockShared(members.worldRank(target), members.control(target));
                }
            } finally {
                blockedIn = BLOCKED_NOWHERE;
            }
        }
        epochs.locked(target, exclusive ? EpochState.EXCLUSIVE : EpochState.SHARED, !noCheck);
    }

    /** Completes the operations to {@code target}, then gives its lock word back. */
    public void unlock(String call, int target) {
        checkOpen(call);
        checkRank(call, target);
        epochs.checkUnlock(call, target);
        int type = epochs.lockType(target);
        try {
            completeTarget(target);
        } finally {
            if (!epochs.lockTaken(target)) {
                // MODE_NOCHECK: no lock word was changed
            } else if (type == EpochState.EXCLUSIVE) {
                locks.unlockExclusive(members.worldRank(target), members.control(target));
            } else {
                locks.unlockShared(members.worldRank(target), members.control(target));
            }
            epochs.unlocked(target);
        }
    }

    /** A shared lock on every member (none taken with {@code noCheck}). */
    public void lockAll(String call, boolean noCheck) {
        checkOpen(call);
        epochs.checkLockAll(call);
        if (!noCheck) {
            try {
                for (int m = 0; m < members.size(); m++) {
                    blockedMember = m;
                    blockedIn = BLOCKED_LOCK_ALL;
                    locks.lockShared(members.worldRank(m), members.control(m));
                }
            } finally {
                blockedIn = BLOCKED_NOWHERE;
            }
        }
        epochs.lockedAll(!noCheck);
    }

    public void unlockAll(String call) {
        checkOpen(call);
        epochs.checkUnlockAll(call);
        try {
            completeAll();
        } finally {
            if (epochs.lockAllTaken()) {
                for (int m = 0; m < members.size(); m++) {
                    locks.unlockShared(members.worldRank(m), members.control(m));
                }
            }
            epochs.unlockedAll();
        }
    }

    /**
     * This rank's epochs on the window and the synchronisation call it is blocked in, if any, for
     * {@code mpirun --timeout}; called from another thread, so it reads without a lock and may be
     * a moment stale.
     */
    public String describeEpochs() {
        int member = blockedMember;
        String where = " of member " + member + " (world rank " + members.worldRank(member) + ")";
        return epochs.describe() + switch (blockedIn) {
            case BLOCKED_FENCE -> "; blocked in fence (its operations, then a barrier of the window's members)";
            case BLOCKED_LOCK_SHARED -> "; blocked in lock(shared)" + where;
            case BLOCKED_LOCK_EXCLUSIVE -> "; blocked in lock(exclusive)" + where;
            case BLOCKED_LOCK_ALL -> "; blocked in lockAll, at the lock" + where;
            default -> "";
        };
    }

    /** Completes the operations to {@code target} (flush and flushLocal: a NIC completion is both). */
    /**
     * The request-based operations (rPut, rGet, rAccumulate, rGetAccumulate): MPI-3.1 11.3.5 names
     * passive-target epochs, but Open MPI accepts them in any access epoch (fence and
     * start/complete too) and programs written for it rely on that, so any access epoch towards
     * {@code target} will do: ERR_RMA_SYNC without one, before anything is issued. The request
     * completes with the operation, whatever closes the epoch.
     */
    public void checkRequestEpoch(String call, int target) {
        checkOpen(call);
        checkRank(call, target);
        epochs.checkAccess(call, target);
    }

    public void flush(String call, int target) {
        checkOpen(call);
        checkRank(call, target);
        epochs.checkPassive(call, target);
        completeTarget(target);
    }

    /** Completes every operation issued (flushAll and flushLocalAll). */
    public void flushAll(String call) {
        checkOpen(call);
        epochs.checkPassive(call, -1);
        completeAll();
    }

    /**
     * MPI_Win_sync: makes this rank's stores to its own window memory and the others' NIC
     * accesses visible to each other. Board memory is shared coherent memory, and every NIC
     * operation completes with release, so a full fence is all it takes.
     */
    public void sync(String call) {
        checkOpen(call);
        VarHandle.fullFence();
    }

    /**
     * Opens an exposure epoch for the members in {@code group}: tells each it may start, and
     * expects each one's completion notice.
     */
    public void post(String call, boolean[] group) {
        checkOpen(call);
        epochs.checkPost(call);
        for (int m = 0; m < group.length; m++) {
            if (group[m]) {
                completeNotices[m] = engine.irecv(new byte[0], Addresses.BYTE_ARRAY_BASE, 0, members.worldRank(m),
                    TAG_COMPLETE, context);
            }
        }
        for (int m = 0; m < group.length; m++) {
            if (group[m]) {
                engine.send(Engine.MODE_STANDARD, new byte[0], Addresses.BYTE_ARRAY_BASE, 0, members.worldRank(m),
                    TAG_POST, context);
            }
        }
        epochs.posted(group);
    }

    /** Opens an access epoch to the members in {@code group}, once each has posted. */
    public void start(String call, boolean[] group) {
        checkOpen(call);
        epochs.checkStart(call);
        for (int m = 0; m < group.length; m++) {
            if (group[m]) {
                engine.recv(new byte[0], Addresses.BYTE_ARRAY_BASE, 0, members.worldRank(m), TAG_POST, context);
            }
        }
        epochs.started(group);
    }

    /** Completes the operations of the access epoch and tells each target this rank is done. */
    public void complete(String call) {
        checkOpen(call);
        epochs.checkComplete(call);
        boolean[] group = epochs.startGroup();
        try {
            completeAll();
        } finally {
            for (int m = 0; m < group.length; m++) {
                if (group[m]) {
                    engine.send(Engine.MODE_STANDARD, new byte[0], Addresses.BYTE_ARRAY_BASE, 0, members.worldRank(m),
                        TAG_COMPLETE, context);
                }
            }
            epochs.completed();
        }
    }

    /** Ends the exposure epoch once every member of the posted group has completed. */
    public void waitFor(String call) {
        checkOpen(call);
        epochs.checkWait(call);
        for (int m = 0; m < completeNotices.length; m++) {
            if (completeNotices[m] != null) {
                engine.await(completeNotices[m]);
                completeNotices[m] = null;
            }
        }
        epochs.waited();
    }

    /** As {@link #waitFor} without blocking: whether the exposure epoch has ended. */
    public boolean test(String call) {
        checkOpen(call);
        epochs.checkWait(call);
        engine.progress();
        for (Operation notice : completeNotices) {
            if (notice != null && !notice.isComplete()) {
                return false;
            }
        }
        Arrays.fill(completeNotices, null);
        epochs.waited();
        return true;
    }

    /**
     * Frees the window (collective): no epoch may be open; waits at the barrier until no member
     * can still access this rank's memory, then withdraws its descriptors.
     */
    public void free(String call) {
        checkOpen(call);
        epochs.checkFree(call);
        completeAll();
        barrier.barrier();
        freed = true;
        if (server != null) {
            server.stop();
        }
        channel.close();
        local.release();
    }

    private void checkRank(String call, int target) {
        if (target < 0 || target >= members.size()) {
            throw new EngineException(ErrorClass.RANK, call + ": rank " + target + " is not in the window's group of "
                + members.size());
        }
    }
}

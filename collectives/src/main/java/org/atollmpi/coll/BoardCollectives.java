package org.atollmpi.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.BoardBlock;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.RemoteKey;

/**
 * The board's collective engine: the blocking collectives of a group whose members all share one
 * board, run through an area of board memory that every member loads and stores directly
 * ({@link SharedAreaDescriptor}), as Open MPI's {@code coll/xhc} and MPICH's release-gather do on
 * shared memory and as QNIX's NIC runs barrier and broadcast itself (seed {@code 002_…}): no
 * message, no matching, no operation object; a member that arrives releases the others with one
 * store.
 *
 * <h2>Steps</h2>
 * Every collective is a sequence of <em>steps</em>, numbered alike on every member (members call
 * collectives in the same order, and each call's steps depend only on what all of them know: the
 * group size, the bytes, the root). Entering step {@code k}, a member stores {@code k} in its flag
 * line (release), after staging whatever it contributes to the step; it reads another's
 * contribution once that member's flag says {@code >= k} (acquire). So a flag of {@code k} also
 * says "everything this member read in steps before {@code k} is read". The data of a step lives
 * in one half of each writer's slot; halves alternate chunk by chunk ({@code uses}), and before a
 * member writes a half again it waits until every member has entered a step past the last one in
 * which that half was read ({@code freeAfter}): double buffering, so a large collective is a
 * pipeline of chunks, one staged while the previous one is read.
 *
 * <pre>
 *   barrier      enter k; wait all >= k
 *   bcast        root: wait half free; stage chunk; enter k        others: enter k; wait root; copy out
 *   allreduce    stage vector; enter k; wait all; reduce all slots in rank order (few bytes), or
 *                each member reduces its slice of the chunk in its own slot (an operation that
 *                does not commute: on into member n-1's); enter k+1; wait all; copy the slices out
 *   reduce       the others stage their chunk; enter k; the root reduces the slots and its own
 *                vector into its receive buffer (chunk after chunk: a pipeline)
 *   allgather    stage block; enter k; wait all; copy every block out    (gather: only the root)
 *   scatter      root stages every member's piece; enter k              others: wait root; copy
 *   alltoall     stage a piece per member; enter k; wait all; copy my piece from every slot
 * </pre>
 *
 * <p>Waiting passes over the engine's progress loop now and then (other traffic of the rank moves
 * meanwhile: nonblocking collectives, rendezvous of earlier sends) and paces itself with the
 * rank's idle strategy, which yields the core on an oversubscribed node.
 *
 * <p>An area is opened by the group's first blocking collective ({@link #open}, itself collective)
 * and given back when the communicator is freed ({@link #close}); its memory returns to the board
 * only once every member has said, by its flag, that it has left (a member that returns from a
 * broadcast may be read from still). The size and rank-count ranges each collective runs here
 * for are {@link Tuning#onBoard}'s.
 */
public final class BoardCollectives {
    /** The largest half a slot has: each chunk of a long collective is at most this. */
    public static final int MAX_HALF = 64 * 1024;
    /** What the slots of one group take at most, all members together (both halves). */
    private static final long AREA_BUDGET = 1L << 20;
    /**
     * An allreduce or reduce of more than this many bytes: every member reduces its slice of each
     * chunk (two steps a chunk); of this or less: every reader reduces all the group's vectors
     * itself (one step). Measured in docs/BENCHMARKS.md ("The board's collective engine").
     */
    static final int SLICED_REDUCTION_BYTES = 4096;

    /** Areas closed by their owner (member 0) that a member may still be reading. */
    private static final List<BoardCollectives> RETIRED = new ArrayList<>();

    private final Engine engine;
    private final int members;
    private final int me;
    private final int half;
    /** The area's byte 0 in this process: {@code (base, area)} as in {@link Addresses} (base null: native memory). */
    private final Object areaBase;
    private final long area;
    private final long slots;
    /** Member 0: the board memory of the area, given back when it retires; null elsewhere. */
    private final BoardBlock region;
    /** Elsewhere: this process's mapping of it (kept reachable while the area is in use). */
    private final ByteBuffer mapping;
    /** The last step entered. */
    private long step;
    /** Chunks staged so far: the next one goes to half {@code uses & 1}. */
    private long uses;
    /** Per half: the step after which its last contents were read by everyone who reads them. */
    private final long[] freeAfter = {-1, -1};
    /** Per member: a step its flag has reached (flags only grow), so waits already met read nothing. */
    private final long[] seen;
    /** Per {@link Collective}: the most bytes it runs here with ({@link Tuning#onBoardUpTo}, read once). */
    private final long[] upTo = new long[Collective.values().length];
    private boolean closed;

    private BoardCollectives(Engine engine, int members, int me, int half, BoardBlock region, ByteBuffer mapping) {
        this.engine = engine;
        this.members = members;
        this.me = me;
        this.half = half;
        this.region = region;
        this.mapping = mapping;
        if (region != null) {
            this.areaBase = region.base();
            this.area = region.address();
        } else if (mapping.isDirect()) {
            this.areaBase = null;
            this.area = Addresses.addressOf(mapping);
        } else { // an in-process board's heap memory
            this.areaBase = mapping.array();
            this.area = Addresses.BYTE_ARRAY_BASE + mapping.arrayOffset();
        }
        this.slots = area + SharedAreaDescriptor.slotsOffset(members);
        this.seen = new long[members];
        for (Collective c : Collective.values()) {
            boolean pieces = c == Collective.SCATTER || c == Collective.ALLTOALL;
            upTo[c.ordinal()] = pieces && piece() == 0 ? -1 : Tuning.onBoardUpTo(c, members);
        }
    }

    /** The half a group of {@code members} gets: {@link #MAX_HALF}, less where the group is large. */
    static int halfFor(int members) {
        long h = AREA_BUDGET / (2L * members);
        h = Math.min(MAX_HALF, h) & ~4095L;
        return (int) Math.max(4096, h);
    }

    /**
     * Opens the group's area, collectively: member 0 allocates it in its board memory and tells
     * the others where (a broadcast of the key over the engine's point-to-point calls on
     * {@code context} with call tag {@code callTag}); all agree (an allreduce with
     * {@code callTag + 1}) whether every member reached it. Every member returns an area, or every
     * member returns null: when some member does not share this rank's board, when member 0 has no
     * room for the area, or when a member cannot map it. Callers take two call tags for it.
     *
     * @param half the bytes of each half of a slot, or 0 for {@link #halfFor}; only member 0's counts
     */
    public static BoardCollectives open(Engine engine, int[] worldRanks, int me, int context, int callTag,
                                        int half) {
        int n = worldRanks.length;
        if (n < 2 || !Collectives.sharesBoard(engine, worldRanks)) {
            return null; // sharing a board is an equivalence: every member reaches the same answer
        }
        sweep(engine);
        byte[] announcement = new byte[24];
        long b = Addresses.BYTE_ARRAY_BASE;
        BoardBlock region = null;
        ByteBuffer mapping = null;
        RemoteKey key = null;
        if (me == 0) {
            int h = half > 0 ? (half + SharedAreaDescriptor.ALIGN - 1) & -SharedAreaDescriptor.ALIGN : halfFor(n);
            long bytes = SharedAreaDescriptor.areaBytes(n, h);
            region = bytes > Integer.MAX_VALUE ? null : engine.allocateBoardMemory(bytes);
            if (region != null) {
                zero(region.base(), region.address(), n); // the flags; a reused region holds old steps
                try {
                    key = engine.expose(region);
                } catch (EngineException noDescriptor) {
                    engine.freeBoardMemory(region);
                    region = null;
                }
            }
            if (key != null) {
                Addresses.putLong(announcement, b, key.id());
                Addresses.putLong(announcement, b + 8, key.capability());
                Addresses.putLong(announcement, b + 16, h);
            }
        }
        DirectCollectives.bcast(engine, worldRanks, me, context, callTag, announcement, b, announcement.length, 0);
        int id = (int) Addresses.getLong(announcement, b);
        long capability = Addresses.getLong(announcement, b + 8);
        int h = (int) Addresses.getLong(announcement, b + 16);
        if (h <= 0) {
            return null; // member 0 had no room: nobody waits for anything more
        }
        if (me != 0) {
            try {
                mapping = engine.mapExposed(new RemoteKey(worldRanks[0], id, capability),
                    (int) SharedAreaDescriptor.areaBytes(n, h));
            } catch (EngineException refused) {
                mapping = null; // said below, so that nobody waits for this member
            }
        }
        byte[] reached = new byte[4];
        Addresses.putInt(reached, b, region != null || mapping != null ? 1 : 0);
        try {
            DirectCollectives.allreduce(engine, worldRanks, me, context, callTag + 1, Collectives.IN_PLACE, 0,
                reached, b, 1, Reduction.of(ReduceOp.MIN, ElementKind.INT));
        } finally {
            if (key != null) {
                // every member that maps the area has mapped it by now: its descriptor is not needed
                engine.withdraw(key);
            }
        }
        if (Addresses.getInt(reached, b) == 0) {
            if (region != null) { // nobody uses it: every member saw the same 0
                engine.freeBoardMemory(region);
            }
            return null;
        }
        return new BoardCollectives(engine, n, me, h, region, mapping);
    }

    /** Zeroes the flag lines of {@code members} at {@code (base, offset)}. */
    private static void zero(Object base, long offset, int members) {
        for (int i = 0; i < members; i++) {
            Addresses.putLong(base, offset + SharedAreaDescriptor.stepOffset(i), 0);
        }
    }

    /** Bytes of each half of a slot: the largest chunk a step moves per member. */
    public int half() {
        return half;
    }

    /** {@link #piece}, refused where it is 0 and there are bytes to move. */
    private int pieceFor(int bytes) {
        int piece = piece();
        if (piece == 0 && bytes > 0) {
            throw new EngineException(ErrorClass.INTERN, "a shared area of " + members + " members with halves of "
                + half + " B has no room for a piece per member");
        }
        return piece;
    }

    /** Whether a reduction of {@code op} fits: one of its elements in a half (large items of user types may not). */
    public boolean reduces(Reduction op) {
        return op.elementBytes() <= half;
    }

    /** Whether this area can run {@code c} (a scatter or alltoall needs a piece of 64 bytes per member). */
    public boolean serves(Collective c) {
        return (c != Collective.SCATTER && c != Collective.ALLTOALL) || piece() > 0;
    }

    /**
     * Whether a blocking {@code c} of {@code bytes} (as {@link Tuning#select} counts them) runs
     * here: {@link Tuning#onBoard}, and {@link #serves}; the same answer on every member.
     */
    public boolean runs(Collective c, long bytes) {
        return bytes <= upTo[c.ordinal()];
    }

    /** The bytes of each member's piece in a scatter or alltoall chunk (0: the group is too large for one). */
    public int piece() {
        return (half / members) & -SharedAreaDescriptor.ALIGN;
    }

    /**
     * The communicator is being freed: says so in this member's flag (it reads nothing more), and
     * member 0 keeps the area until every member has said so, then gives it back.
     */
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        enter(step + 1);
        if (me == 0) {
            synchronized (RETIRED) {
                RETIRED.add(this);
            }
            sweep(engine);
        }
    }

    /** Gives back the areas of {@code engine} whose members have all left. */
    private static void sweep(Engine engine) {
        synchronized (RETIRED) {
            RETIRED.removeIf(a -> {
                if (a.engine != engine) {
                    return false;
                }
                for (int j = 0; j < a.members; j++) {
                    if (a.flag(j) <= a.step) {
                        return false;
                    }
                }
                engine.freeBoardMemory(a.region);
                return true;
            });
        }
    }

    // ------------------------------------------------------------------------------------------
    // The collectives
    // ------------------------------------------------------------------------------------------

    /** Returns once every member has entered. */
    public void barrier() {
        long k = ++step;
        enter(k);
        awaitAll(k);
    }

    /** Broadcast of {@code bytes} from {@code root}'s {@code (base, offset)} to everyone's. */
    public void bcast(Object base, long offset, int bytes, int root) {
        for (int done = 0; done < bytes; done += half) {
            int len = Math.min(half, bytes - done);
            int p = nextHalf();
            long k = ++step;
            long slot = data(root, p, len);
            if (me == root) {
                awaitAll(freeAfter[p] + 1);
                Addresses.copy(base, offset + done, areaBase, slot, len);
                enter(k);
            } else {
                enter(k);
                await(root, k);
                Addresses.copy(areaBase, slot, base, offset + done, len);
            }
            freeAfter[p] = k;
        }
    }

    /**
     * {@code recv = send(0) op send(1) op ... op send(n-1)} on every member (rank order, so any
     * associative operation). {@code sendBase == Collectives.IN_PLACE}: the input is in the
     * receive buffer.
     */
    public void allreduce(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count,
                          Reduction op) {
        reduce(sendBase, sendOffset, recvBase, recvOffset, count, op, -1);
    }

    /**
     * The same reduction, its result at {@code root} only ({@code root < 0}: at every member);
     * elsewhere the receive buffer is not touched.
     */
    public void reduce(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count,
                       Reduction op, int root) {
        boolean inPlace = sendBase == Collectives.IN_PLACE;
        if (inPlace) {
            sendBase = recvBase;
            sendOffset = recvOffset;
        }
        int eb = op.elementBytes();
        if (eb > half) {
            throw new EngineException(ErrorClass.INTERN, "an element of " + eb + " bytes does not fit a half of "
                + half + " B of the shared area (ask reduces() first)");
        }
        int chunk = half / eb;
        // A reduce to one root is a pipeline at every size: the others stage chunk c + 1 while
        // the root reduces chunk c, from their slots and its own send buffer (so it copies nothing
        // in: its vector is staged only in place, where the result overwrites it).
        boolean sliced = root < 0 && op.bytes(count) > SLICED_REDUCTION_BYTES;
        boolean mine = root < 0 || root == me;
        boolean direct = root == me && !inPlace;
        for (int done = 0; done < count; done += chunk) {
            int m = Math.min(chunk, count - done);
            long at = (long) done * eb;
            int p = nextHalf();
            long k = ++step;
            awaitAll(freeAfter[p] + 1);
            int len = m * eb;
            if (!direct) {
                // sliced: every chunk in the slots, a short last one too (the slices are read there)
                long stage = sliced ? slot(me, p) : data(me, p, len);
                Addresses.copy(sendBase, sendOffset + at, areaBase, stage, len);
            }
            enter(k);
            if (!sliced) {
                if (mine) {
                    awaitAll(k);
                    // v(n-1), then v(j) op that, j falling: v(0) op (v(1) op (... op v(n-1)))
                    int last = members - 1;
                    if (direct && last == me) {
                        Addresses.copy(sendBase, sendOffset + at, recvBase, recvOffset + at, len);
                    } else {
                        Addresses.copy(areaBase, data(last, p, len), recvBase, recvOffset + at, len);
                    }
                    for (int j = members - 2; j >= 0; j--) {
                        if (direct && j == me) {
                            op.apply(sendBase, sendOffset + at, recvBase, recvOffset + at, m);
                        } else {
                            op.apply(areaBase, data(j, p, len), recvBase, recvOffset + at, m);
                        }
                    }
                }
                freeAfter[p] = k;
                continue;
            }
            awaitAll(k);
            // This member's slice of the chunk, accumulated in place, in its own slot: the others'
            // slices of it are only read (a commuting operation, every predefined one). An
            // operation that does not commute goes on rightwards (acc op v(j) lands in slot j),
            // so its result is in member n-1's slot. Only this member touches this slice of any slot.
            boolean own = op.commutative();
            int lo = (int) ((long) m * me / members);
            int hi = (int) ((long) m * (me + 1) / members);
            if (hi > lo) {
                long s = (long) lo * eb;
                for (int j = own ? members - 1 : me - 1; j >= 0; j--) {
                    if (j != me) {
                        op.apply(areaBase, slot(j, p) + s, areaBase, slot(me, p) + s, hi - lo);
                    }
                }
                for (int j = me + 1; !own && j < members; j++) {
                    op.apply(areaBase, slot(j - 1, p) + s, areaBase, slot(j, p) + s, hi - lo);
                }
            }
            long k2 = ++step;
            enter(k2);
            if (mine) {
                if (own) {
                    for (int j = 0; j < members; j++) {
                        int jl = (int) ((long) m * j / members);
                        int jh = (int) ((long) m * (j + 1) / members);
                        if (j != me) {
                            await(j, k2);
                        }
                        long from = (long) jl * eb;
                        Addresses.copy(areaBase, slot(j, p) + from, recvBase, recvOffset + at + from,
                            (long) (jh - jl) * eb);
                    }
                } else {
                    awaitAll(k2);
                    Addresses.copy(areaBase, slot(members - 1, p), recvBase, recvOffset + at, (long) m * eb);
                }
            }
            freeAfter[p] = k2;
        }
    }

    /**
     * Every member's {@code bytes}-byte block, in rank order, into every member's receive buffer.
     * {@code sendBase == Collectives.IN_PLACE}: this member's block is in place in the receive buffer.
     */
    public void allgather(Object sendBase, long sendOffset, int bytes, Object recvBase, long recvOffset) {
        gather(sendBase, sendOffset, bytes, recvBase, recvOffset, -1);
    }

    /** The same, into {@code root}'s receive buffer only ({@code root < 0}: every member's). */
    public void gather(Object sendBase, long sendOffset, int bytes, Object recvBase, long recvOffset, int root) {
        boolean inPlace = sendBase == Collectives.IN_PLACE;
        if (inPlace) {
            sendBase = recvBase;
            sendOffset = recvOffset + (long) me * bytes;
        }
        boolean mine = root < 0 || root == me;
        for (int done = 0; done < bytes; done += half) {
            int len = Math.min(half, bytes - done);
            int p = nextHalf();
            long k = ++step;
            if (me != root) {
                awaitAll(freeAfter[p] + 1);
                Addresses.copy(sendBase, sendOffset + done, areaBase, data(me, p, len), len);
            }
            enter(k);
            if (mine) {
                for (int j = 0; j < members; j++) {
                    if (j != me && j != root) {
                        await(j, k);
                        Addresses.copy(areaBase, data(j, p, len), recvBase, recvOffset + (long) j * bytes + done, len);
                    }
                }
            }
            freeAfter[p] = k;
        }
        if (mine && !inPlace && bytes > 0) {
            Addresses.copy(sendBase, sendOffset, recvBase, recvOffset + (long) me * bytes, bytes);
        }
    }

    /**
     * {@code root}'s {@code bytes}-byte blocks, block {@code j} to member {@code j}.
     * {@code recvBase == Collectives.IN_PLACE} at the root: its block stays where it is.
     */
    public void scatter(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes, int root) {
        int piece = pieceFor(bytes);
        for (int done = 0; done < bytes; done += piece) {
            int len = Math.min(piece, bytes - done);
            int p = nextHalf();
            long k = ++step;
            if (me == root) {
                awaitAll(freeAfter[p] + 1);
                long slot = slot(root, p);
                for (int j = 0; j < members; j++) {
                    if (j != root) {
                        long from = sendOffset + (long) j * bytes + done;
                        Addresses.copy(sendBase, from, areaBase, slot + (long) j * piece, len);
                    }
                }
                enter(k);
            } else {
                enter(k);
                await(root, k);
                Addresses.copy(areaBase, slot(root, p) + (long) me * piece, recvBase, recvOffset + done, len);
            }
            freeAfter[p] = k;
        }
        if (me == root && recvBase != Collectives.IN_PLACE && bytes > 0) {
            Addresses.copy(sendBase, sendOffset + (long) root * bytes, recvBase, recvOffset, bytes);
        }
    }

    /** Block {@code j} of every member's send buffer to member {@code j}, in rank order of the senders. */
    public void alltoall(Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes) {
        int piece = pieceFor(bytes);
        for (int done = 0; done < bytes; done += piece) {
            int len = Math.min(piece, bytes - done);
            int p = nextHalf();
            long k = ++step;
            awaitAll(freeAfter[p] + 1);
            long slot = slot(me, p);
            for (int j = 0; j < members; j++) {
                if (j != me) {
                    Addresses.copy(sendBase, sendOffset + (long) j * bytes + done, areaBase, slot + (long) j * piece,
                        len);
                }
            }
            enter(k);
            for (int j = 0; j < members; j++) {
                if (j != me) {
                    await(j, k);
                    long to = recvOffset + (long) j * bytes + done;
                    Addresses.copy(areaBase, slot(j, p) + (long) me * piece, recvBase, to, len);
                }
            }
            freeAfter[p] = k;
        }
        if (bytes > 0) {
            Addresses.copy(sendBase, sendOffset + (long) me * bytes, recvBase, recvOffset + (long) me * bytes, bytes);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Flags and slots
    // ------------------------------------------------------------------------------------------

    private int nextHalf() {
        if (closed) {
            throw new EngineException(ErrorClass.COMM, "the communicator's shared area is closed");
        }
        return (int) (uses++ & 1);
    }

    private long slot(int member, int p) {
        return slots + (2L * member + p) * half;
    }

    /**
     * Where {@code member} stages {@code len} bytes in half {@code p}: in its flag line, beside
     * the step, when they fit ({@link SharedAreaDescriptor#INLINE_BYTES}: a reader that sees the
     * step has the data in the same cache line), else in its slot.
     */
    private long data(int member, int p, int len) {
        return len <= SharedAreaDescriptor.INLINE_BYTES
            ? area + SharedAreaDescriptor.inlineOffset(member, p) : slot(member, p);
    }

    private long flag(int member) {
        return Addresses.getLongAcquire(areaBase, area + SharedAreaDescriptor.stepOffset(member));
    }

    /** Enters step {@code k}: everything staged before is visible to whoever sees the flag. */
    private void enter(long k) {
        Addresses.putLongRelease(areaBase, area + SharedAreaDescriptor.stepOffset(me), k);
    }

    /** Waits until every other member has entered step {@code k} or a later one. */
    private void awaitAll(long k) {
        for (int j = 0; j < members; j++) {
            if (j != me) {
                await(j, k);
            }
        }
    }

    /** Waits until {@code member} has entered step {@code k} or a later one, progressing the engine now and then. */
    private void await(int member, long k) {
        if (seen[member] >= k) {
            return;
        }
        long at = area + SharedAreaDescriptor.stepOffset(member);
        long step = Addresses.getLongAcquire(areaBase, at);
        if (step < k) {
            int passes = 0;
            do {
                engine.idle((++passes & 15) == 0 ? engine.progressWhileWaiting() : 0);
                step = Addresses.getLongAcquire(areaBase, at);
            } while (step < k);
            engine.waitEnded();
        }
        seen[member] = step;
    }

    @Override
    public String toString() {
        return "shared area of " + members + " members (member " + me + ", halves of " + half + " B, step " + step
            + ")";
    }
}

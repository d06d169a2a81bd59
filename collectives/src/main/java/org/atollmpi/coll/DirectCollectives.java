package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * The blocking collectives of few bytes, run start to end by the calling thread on the engine's
 * point-to-point calls: a receive posted, a send, a wait, no {@link Schedule}, no completion hook,
 * no object created (operations come from the engine's pool; the reduction's scratch memory is
 * the thread's own, kept between calls). Blocking {@code barrier}, {@code bcast} and
 * {@code allReduce} of small vectors are what programs call in their loops, and with a schedule
 * each one went through a composite operation, hooks, a lambda and a dozen objects: 3.5 to 5
 * times Open MPI Java's steady-state time on two ranks, and a long path for the JIT to compile
 * before the program's first call (docs/BENCHMARKS.md, "Fast from the first call on a full node").
 *
 * <p>Each method sends exactly the messages, with exactly the tags, of the schedule of the same
 * algorithm ({@link Barrier}, {@link BinomialBcast}, {@link FoldIn} + {@link RecursiveDoublingExchange}
 * + {@link FoldOut}), so which form a member runs changes nothing on the wire; every member
 * decides alike anyway (the {@code runs*} predicates depend on what all members know: group size,
 * bytes, the operation, the {@link Tuning} choice). A receive is always posted before the send it
 * answers, and a small standard send completes when deposited, so no member waits on another's
 * send; the engine's waits progress everything else of the rank (nonblocking collectives in
 * flight included) meanwhile.
 */
public final class DirectCollectives {
    /** A broadcast this size or less runs directly (a send per child, each completing at once: eager). */
    public static final int BCAST_BYTES = 16 * 1024;
    /** An allreduce of less than this runs directly: {@link Tuning}'s recursive-doubling range. */
    public static final int ALLREDUCE_BYTES = 2048;

    private static final byte[] NOTHING = new byte[0];
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    /** Per thread: room for the incoming vector and the spare of an allreduce. */
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[2 * ALLREDUCE_BYTES]);

    private DirectCollectives() {
    }

    /** Whether a blocking barrier of {@code members} runs here: the dissemination barrier is chosen. */
    public static boolean runsBarrier(int members) {
        return Tuning.select(Collective.BARRIER, members, 0, true) == Algorithm.DISSEMINATION;
    }

    /** Whether a blocking broadcast of {@code bytes} among {@code members} runs here. */
    public static boolean runsBcast(int members, int bytes) {
        return bytes <= BCAST_BYTES && Tuning.select(Collective.BCAST, members, bytes, true) == Algorithm.BINOMIAL;
    }

    /** Whether a blocking allreduce of {@code count} elements of {@code op} runs here. */
    public static boolean runsAllreduce(int members, int count, Reduction op) {
        int bytes = op.bytes(count);
        return bytes < ALLREDUCE_BYTES
            && Tuning.select(Collective.ALLREDUCE, members, bytes, op.commutative()) == Algorithm.RECURSIVE_DOUBLING;
    }

    /** The dissemination barrier ({@link Barrier}'s messages): returns once every member has entered. */
    public static void barrier(Engine engine, int[] worldRanks, int me, int context, int callTag) {
        int n = worldRanks.length;
        for (int round = 0, distance = 1; distance < n && round < 31; round++, distance <<= 1) {
            int tag = CollectiveSchedule.tag(callTag, 0, round);
            Operation r = engine.irecv(NOTHING, B, 0, worldRanks[Barrier.behind(me, distance, n)], tag, context);
            engine.send(Engine.MODE_STANDARD, NOTHING, B, 0, worldRanks[Barrier.ahead(me, distance, n)], tag, context);
            await(engine, r, "barrier");
        }
    }

    /** The binomial broadcast ({@link BinomialBcast}'s messages) of {@code bytes} from {@code root}. */
    public static void bcast(Engine engine, int[] worldRanks, int me, int context, int callTag,
                             Object base, long offset, int bytes, int root) {
        int n = worldRanks.length;
        int v = (me - root + n) % n;
        int tag = CollectiveSchedule.tag(callTag, 0, 0);
        int low = v & -v;
        if (v != 0) {
            Operation r = engine.irecv(base, offset, bytes, worldRanks[(v - low + root) % n], tag, context);
            await(engine, r, "bcast");
        }
        int mask = v == 0 ? Integer.highestOneBit(Math.max(1, n - 1)) << 1 : low;
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < n) {
                engine.send(Engine.MODE_STANDARD, base, offset, bytes, worldRanks[(v + mask + root) % n], tag, context);
            }
        }
    }

    /**
     * The recursive-doubling allreduce, members past the largest power of two folded in pairs
     * first ({@link PairFold}; the messages of {@link FoldIn}, {@link RecursiveDoublingExchange}
     * and {@link FoldOut}): {@code recv = send op ... op send} over the members in rank order.
     * {@code sendBase == Collectives.IN_PLACE}: the input is in the receive buffer.
     */
    public static void allreduce(Engine engine, int[] worldRanks, int me, int context, int callTag,
                                 Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count,
                                 Reduction op) {
        if (sendBase == Collectives.IN_PLACE) {
            sendBase = recvBase;
            sendOffset = recvOffset;
        }
        int n = worldRanks.length;
        int bytes = op.bytes(count);
        int pof2 = Integer.highestOneBit(n);
        int rem = n - pof2;
        boolean handsOff = me < 2 * rem && me % 2 == 0;
        boolean takesIn = me < 2 * rem && me % 2 == 1;
        int fold = CollectiveSchedule.tag(callTag, 0, 0);
        int unfold = CollectiveSchedule.tag(callTag, 2, 0);
        if (handsOff) {
            // gives its vector to its odd partner, which stands for both, and waits for the result
            Operation r = engine.irecv(recvBase, recvOffset, bytes, worldRanks[me + 1], unfold, context);
            engine.send(Engine.MODE_STANDARD, sendBase, sendOffset, bytes, worldRanks[me + 1], fold, context);
            await(engine, r, "allreduce");
            return;
        }
        byte[] scratch = SCRATCH.get();
        CollectiveSchedule.copy(sendBase, sendOffset, recvBase, recvOffset, bytes);
        if (takesIn) {
            Operation r = engine.irecv(scratch, B, bytes, worldRanks[me - 1], fold, context);
            await(engine, r, "allreduce");
            op.apply(scratch, B, recvBase, recvOffset, count); // partner op mine: rank order
        }
        Object cur = recvBase;
        long curOffset = recvOffset;
        Object spare = scratch;
        long spareOffset = B + ALLREDUCE_BYTES;
        int newRank = me >= 2 * rem ? me - rem : me / 2;
        for (int mask = 1, step = 0; mask < pof2; mask <<= 1, step++) {
            int partnerNew = newRank ^ mask;
            int partner = partnerNew < rem ? 2 * partnerNew + 1 : partnerNew + rem;
            int tag = CollectiveSchedule.tag(callTag, 1, step);
            Operation r = engine.irecv(spare, spareOffset, bytes, worldRanks[partner], tag, context);
            engine.send(Engine.MODE_STANDARD, cur, curOffset, bytes, worldRanks[partner], tag, context);
            await(engine, r, "allreduce");
            if (partner < me || op.commutative()) {
                op.apply(spare, spareOffset, cur, curOffset, count);
            } else {
                // the lower side's vector is the left operand: the result lands in the spare area
                op.apply(cur, curOffset, spare, spareOffset, count);
                Object b = cur;
                long o = curOffset;
                cur = spare;
                curOffset = spareOffset;
                spare = b;
                spareOffset = o;
            }
        }
        CollectiveSchedule.copy(cur, curOffset, recvBase, recvOffset, bytes);
        if (takesIn) {
            engine.send(Engine.MODE_STANDARD, recvBase, recvOffset, bytes, worldRanks[me - 1], unfold, context);
        }
    }

    /** Waits for a receive, gives it back, raises its error. */
    private static void await(Engine engine, Operation r, String what) {
        engine.await(r);
        int error = r.error();
        if (error == ErrorClass.SUCCESS) {
            engine.release(r);
            return;
        }
        String message = r.errorMessage();
        engine.release(r);
        throw new EngineException(error, what + ": " + message);
    }
}

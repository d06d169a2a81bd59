package org.atollmpi.coll;

import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * The collective operations over a group, as {@link Schedule}s: each method starts one and
 * returns its composite {@link Operation}, which a nonblocking collective hands to the program
 * and a blocking one waits for with {@link #await}. Each collective with a choice asks
 * {@link Tuning} for its algorithm (by group size and bytes, or forced with
 * {@code atoll.coll.<name>.algorithm}); every algorithm is right for every group size.
 *
 * <h2>Common parameters</h2>
 * <ul>
 * <li>{@code worldRanks}, {@code me}, {@code context}: the group (world rank of each member,
 *     indexed by group rank), this member's group rank, and the communicator's collective
 *     context id; roots are group ranks.</li>
 * <li>{@code tag}: the caller's count of collective calls on this communicator (incremented per
 *     call, the same on every member since all call collectives in the same order). Messages of
 *     different calls never match each other, so any number may be in flight on one context. The
 *     low 19 bits are used ({@link CollectiveSchedule#tag}); the parameterless {@link Barrier}
 *     uses call tag 0, so a caller that also runs barriers counts from 1.</li>
 * <li>Buffers are {@code (base, offset)} as in {@link Addresses}, of packed contiguous bytes;
 *     counts and displacements of the gather/scatter/alltoall family are in bytes, those of the
 *     reductions in elements of the {@link Reduction}.</li>
 * <li>{@link #IN_PLACE} as the send base (the receive base for scatter at the root) is
 *     {@code MPI_IN_PLACE}; its offset and count are then ignored. Buffers that only the root
 *     reads may be anything elsewhere.</li>
 * </ul>
 * Argument checking (counts that agree, roots in range) is the API's job.
 */
public final class Collectives {
    /** {@code MPI_IN_PLACE}: pass as the send base (as the receive base for scatter at the root). */
    public static final Object IN_PLACE = new Object() {
        @Override
        public String toString() {
            return "IN_PLACE";
        }
    };

    private Collectives() {
    }

    /** Waits for a collective started here; throws its error as an {@link EngineException}. */
    public static void await(Engine engine, Operation op, String what) {
        engine.await(op);
        int error = op.error();
        String message = op.errorMessage();
        engine.release(op);
        if (error != ErrorClass.SUCCESS) {
            throw new EngineException(error, what + ": " + message);
        }
    }

    private static Operation start(Engine engine, int[] worldRanks, int me, int context, int tag, Part... parts) {
        return new CollectiveSchedule(engine, worldRanks, me, context, tag, parts).start();
    }

    // ------------------------------------------------------------------------------------------
    // Rooted
    // ------------------------------------------------------------------------------------------

    /**
     * Broadcast of {@code bytes} bytes from {@code root}: binomial, scatter-allgather, or one
     * copy in board memory ({@link BoardBcast}), which runs scatter-allgather instead where some
     * member does not share the board.
     */
    public static Operation bcast(Engine engine, int[] worldRanks, int me, int context, int tag,
                                  Object base, long offset, int bytes, int root) {
        Part p = switch (Tuning.select(Collective.BCAST, worldRanks.length, bytes, true)) {
            case SCATTER_ALLGATHER -> new ScatterAllgatherBcast(base, offset, bytes, root);
            case BOARD -> sharesBoard(engine, worldRanks)
                ? new BoardBcast(base, offset, bytes, root) : new ScatterAllgatherBcast(base, offset, bytes, root);
            default -> new BinomialBcast(base, offset, bytes, root);
        };
        return start(engine, worldRanks, me, context, tag, p);
    }

    /**
     * Whether every member reaches this member's board memory directly. Sharing a board is an
     * equivalence (the same node), so every member reaches the same answer.
     */
    static boolean sharesBoard(Engine engine, int[] worldRanks) {
        for (int r : worldRanks) {
            if (!engine.sharesBoardWith(r)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reduction of {@code count} elements to {@code root}; in rank order when the operation is
     * not commutative. {@code sendBase == IN_PLACE} at the root: its value is in the receive
     * buffer. The receive buffer matters only at the root; elsewhere it is not written.
     *
     * <p>Algorithms ({@link Tuning}): {@link Algorithm#BINOMIAL} ({@link BinomialReduce}, any
     * operation) and {@link Algorithm#RABENSEIFNER} (recursive halving, then a binomial gather
     * of the pieces), which needs a commutative operation and at least as many elements as the
     * largest power of two in the group; forced where it cannot serve, binomial runs.
     */
    public static Operation reduce(Engine engine, int[] worldRanks, int me, int context, int tag,
                                   Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count,
                                   Reduction op, int root) {
        if (sendBase == IN_PLACE) {
            sendBase = recvBase;
            sendOffset = recvOffset;
        }
        int n = worldRanks.length;
        PairFold fold = new PairFold(n);
        Algorithm a = Tuning.select(Collective.REDUCE, n, op.bytes(count), op.commutative());
        if (a == Algorithm.RABENSEIFNER && op.commutative() && count >= fold.pof2) {
            // the result builds up in the root's receive buffer; elsewhere in an array of the call
            Object accBase = me == root ? recvBase : fold.handsOff(me) ? null : new byte[op.bytes(count)];
            long accOffset = me == root ? recvOffset : Addresses.BYTE_ARRAY_BASE;
            Accumulator acc = new Accumulator(op, count, fold, sendBase, sendOffset, accBase, accOffset);
            int[] blocks = ElementBlocks.even(count, fold.pof2);
            return start(engine, worldRanks, me, context, tag, new FoldIn(acc), new HalvingReduceScatter(acc, blocks),
                new BinomialBlockGather(acc, blocks, root));
        }
        return start(engine, worldRanks, me, context, tag,
            new BinomialReduce(sendBase, sendOffset, recvBase, recvOffset, count, op, root));
    }

    /**
     * Gather of {@code bytes} bytes from each member into consecutive blocks at the root: binomial
     * or linear. {@code sendBase == IN_PLACE} at the root: its block is in the receive buffer.
     */
    public static Operation gather(Engine engine, int[] worldRanks, int me, int context, int tag,
                                   Object sendBase, long sendOffset, int bytes, Object recvBase, long recvOffset,
                                   int root) {
        int n = worldRanks.length;
        if (Tuning.select(Collective.GATHER, n, bytes, true) == Algorithm.BINOMIAL) {
            return start(engine, worldRanks, me, context, tag,
                new BinomialGather(sendBase, sendOffset, recvBase, recvOffset, bytes, root));
        }
        return gatherv(engine, worldRanks, me, context, tag, sendBase, sendOffset, bytes, recvBase, recvOffset,
            filled(n, bytes), blocks(n, bytes), root);
    }

    /**
     * Gather of {@code sendBytes} bytes from each member into the root's receive buffer, member
     * {@code i}'s at byte {@code displs[i]}, {@code recvBytes[i]} long ({@code recvBytes} and
     * {@code displs} are read at the root only).
     */
    public static Operation gatherv(Engine engine, int[] worldRanks, int me, int context, int tag,
                                    Object sendBase, long sendOffset, int sendBytes, Object recvBase,
                                    long recvOffset, int[] recvBytes, int[] displs, int root) {
        return start(engine, worldRanks, me, context, tag,
            LinearRooted.gather(sendBase, sendOffset, sendBytes, recvBase, recvOffset, recvBytes, displs, root));
    }

    /**
     * Scatter of consecutive {@code bytes}-byte blocks from the root, one per member: binomial or
     * linear. {@code recvBase == IN_PLACE} at the root: its block stays in the send buffer.
     */
    public static Operation scatter(Engine engine, int[] worldRanks, int me, int context, int tag,
                                    Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes,
                                    int root) {
        int n = worldRanks.length;
        if (Tuning.select(Collective.SCATTER, n, bytes, true) == Algorithm.BINOMIAL) {
            return start(engine, worldRanks, me, context, tag,
                new BinomialScatter(sendBase, sendOffset, recvBase, recvOffset, bytes, root));
        }
        return scatterv(engine, worldRanks, me, context, tag, sendBase, sendOffset, filled(n, bytes),
            blocks(n, bytes), recvBase, recvOffset, bytes, root);
    }

    /**
     * Scatter from the root's send buffer, member {@code i}'s block at byte {@code displs[i]},
     * {@code sendBytes[i]} long (read at the root only). {@code recvBase == IN_PLACE} at the root:
     * its block stays in the send buffer.
     */
    public static Operation scatterv(Engine engine, int[] worldRanks, int me, int context, int tag,
                                     Object sendBase, long sendOffset, int[] sendBytes, int[] displs,
                                     Object recvBase, long recvOffset, int recvBytes, int root) {
        return start(engine, worldRanks, me, context, tag,
            LinearRooted.scatter(sendBase, sendOffset, sendBytes, displs, recvBase, recvOffset, recvBytes, root));
    }

    // ------------------------------------------------------------------------------------------
    // All to all
    // ------------------------------------------------------------------------------------------

    /**
     * Reduction whose result every member receives; in rank order when the operation is not
     * commutative. {@code sendBase == IN_PLACE}: each member's value is in its receive buffer.
     *
     * <p>Algorithms ({@link Tuning}): {@link Algorithm#RECURSIVE_DOUBLING} (any operation),
     * {@link Algorithm#RABENSEIFNER} (recursive halving, then recursive doubling of the pieces;
     * a commutative operation and at least as many elements as the largest power of two in the
     * group), {@link Algorithm#RING} (a commutative operation) and
     * {@link Algorithm#REDUCE_BCAST} (a binomial reduction to member 0, then a binomial
     * broadcast; any operation). Forced where it cannot serve, recursive doubling runs. The
     * power-of-two algorithms fold a group of any other size as {@link PairFold} says.
     */
    public static Operation allreduce(Engine engine, int[] worldRanks, int me, int context, int tag,
                                      Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count,
                                      Reduction op) {
        if (sendBase == IN_PLACE) {
            sendBase = recvBase;
            sendOffset = recvOffset;
        }
        int n = worldRanks.length;
        boolean commutative = op.commutative();
        Algorithm a = Tuning.select(Collective.ALLREDUCE, n, op.bytes(count), commutative);
        if (a == Algorithm.REDUCE_BCAST) {
            return start(engine, worldRanks, me, context, tag,
                new BinomialReduce(sendBase, sendOffset, recvBase, recvOffset, count, op, 0),
                new BinomialBcast(recvBase, recvOffset, op.bytes(count), 0));
        }
        if (a == Algorithm.RING && commutative) {
            return start(engine, worldRanks, me, context, tag,
                new RingAllreduce(sendBase, sendOffset, recvBase, recvOffset, count, op));
        }
        PairFold fold = new PairFold(n);
        Accumulator acc = new Accumulator(op, count, fold, sendBase, sendOffset, recvBase, recvOffset);
        if (a == Algorithm.RABENSEIFNER && commutative && count >= fold.pof2) {
            int[] blocks = ElementBlocks.even(count, fold.pof2);
            return start(engine, worldRanks, me, context, tag, new FoldIn(acc), new HalvingReduceScatter(acc, blocks),
                new DoublingBlockGather(acc, blocks), FoldOut.whole(acc, recvBase, recvOffset));
        }
        return start(engine, worldRanks, me, context, tag, new FoldIn(acc), new RecursiveDoublingExchange(acc),
            FoldOut.whole(acc, recvBase, recvOffset));
    }

    /**
     * Allgather of {@code bytes} bytes from each member into consecutive blocks, by the algorithm
     * {@link Tuning} picks for {@link Collective#ALLGATHER}: {@link RecursiveDoublingAllgather},
     * {@link BruckAllgather} or {@link RingAllgather}. Recursive doubling needs a group whose
     * size is a power of two; any other group runs Bruck instead (every member knows the size,
     * so all choose alike). {@code sendBase == IN_PLACE}: this member's block is in the receive
     * buffer already.
     */
    public static Operation allgather(Engine engine, int[] worldRanks, int me, int context, int tag,
                                      Object sendBase, long sendOffset, int bytes, Object recvBase, long recvOffset) {
        return allgather(engine, worldRanks, me, context, tag, sendBase, sendOffset, bytes, recvBase, recvOffset,
            Tuning.select(Collective.ALLGATHER, worldRanks.length, bytes, true));
    }

    /** {@link #allgather} with algorithm {@code a}. */
    static Operation allgather(Engine engine, int[] worldRanks, int me, int context, int tag, Object sendBase,
                               long sendOffset, int bytes, Object recvBase, long recvOffset, Algorithm a) {
        int n = worldRanks.length;
        Part part = switch (a) {
            case RECURSIVE_DOUBLING -> Integer.bitCount(n) == 1
                ? new RecursiveDoublingAllgather(sendBase, sendOffset, recvBase, recvOffset, bytes)
                : new BruckAllgather(n, sendBase, sendOffset, recvBase, recvOffset, bytes);
            case BRUCK -> new BruckAllgather(n, sendBase, sendOffset, recvBase, recvOffset, bytes);
            case RING -> new RingAllgather(sendBase, sendOffset, bytes, recvBase, recvOffset, filled(n, bytes),
                blocks(n, bytes));
            default -> throw new AssertionError(a);
        };
        return start(engine, worldRanks, me, context, tag, part);
    }

    /** Allgather with member {@code i}'s block at byte {@code displs[i]}, {@code recvBytes[i]} long. */
    public static Operation allgatherv(Engine engine, int[] worldRanks, int me, int context, int tag,
                                       Object sendBase, long sendOffset, int sendBytes, Object recvBase,
                                       long recvOffset, int[] recvBytes, int[] displs) {
        return start(engine, worldRanks, me, context, tag,
            new RingAllgather(sendBase, sendOffset, sendBytes, recvBase, recvOffset, recvBytes, displs));
    }

    /**
     * Alltoall of {@code bytes}-byte blocks: block {@code i} of the send buffer goes to member
     * {@code i}, by the algorithm {@link Tuning} picks for {@link Collective#ALLTOALL}:
     * {@link BruckAlltoall} or {@link PairwiseExchange}. {@code sendBase == IN_PLACE}: the blocks
     * go out of the receive buffer.
     */
    public static Operation alltoall(Engine engine, int[] worldRanks, int me, int context, int tag,
                                     Object sendBase, long sendOffset, Object recvBase, long recvOffset, int bytes) {
        return alltoall(engine, worldRanks, me, context, tag, sendBase, sendOffset, recvBase, recvOffset, bytes,
            Tuning.select(Collective.ALLTOALL, worldRanks.length, bytes, true));
    }

    /** {@link #alltoall} with algorithm {@code a}. */
    static Operation alltoall(Engine engine, int[] worldRanks, int me, int context, int tag, Object sendBase,
                              long sendOffset, Object recvBase, long recvOffset, int bytes, Algorithm a) {
        int n = worldRanks.length;
        Part part = switch (a) {
            case BRUCK -> new BruckAlltoall(n, sendBase, sendOffset, recvBase, recvOffset, bytes);
            case PAIRWISE -> {
                int[] counts = filled(n, bytes);
                int[] displs = blocks(n, bytes);
                yield new PairwiseExchange(sendBase, sendOffset, counts, displs, recvBase, recvOffset, counts, displs);
            }
            default -> throw new AssertionError(a);
        };
        return start(engine, worldRanks, me, context, tag, part);
    }

    /** Alltoall with per-member byte counts and displacements; the same as {@link #alltoallw} here. */
    public static Operation alltoallv(Engine engine, int[] worldRanks, int me, int context, int tag,
                                      Object sendBase, long sendOffset, int[] sendBytes, int[] sendDispls,
                                      Object recvBase, long recvOffset, int[] recvBytes, int[] recvDispls) {
        return alltoallw(engine, worldRanks, me, context, tag, sendBase, sendOffset, sendBytes, sendDispls,
            recvBase, recvOffset, recvBytes, recvDispls);
    }

    /**
     * Alltoall with per-member byte counts and byte displacements (the {@code mpi} layer packs
     * each member's datatype). {@code sendBase == IN_PLACE}: blocks go out of and come into the
     * receive buffer, as laid out by {@code recvBytes}/{@code recvDispls}.
     */
    public static Operation alltoallw(Engine engine, int[] worldRanks, int me, int context, int tag,
                                      Object sendBase, long sendOffset, int[] sendBytes, int[] sendDispls,
                                      Object recvBase, long recvOffset, int[] recvBytes, int[] recvDispls) {
        if (sendBase == IN_PLACE) {
            sendBytes = recvBytes;
            sendDispls = recvDispls;
        }
        return start(engine, worldRanks, me, context, tag, new PairwiseExchange(sendBase, sendOffset, sendBytes,
            sendDispls, recvBase, recvOffset, recvBytes, recvDispls));
    }

    /**
     * Reduction of {@code sum(counts)} elements whose result is scattered: member {@code i} gets
     * {@code counts[i]} elements, those after the first {@code counts[0..i-1]}; in rank order when
     * the operation is not commutative. {@code sendBase == IN_PLACE}: the input is the receive
     * buffer (then the full vector long).
     *
     * <p>Algorithms ({@link Tuning}): {@link Algorithm#RECURSIVE_HALVING} and
     * {@link Algorithm#PAIRWISE} ({@link PairwiseReduceScatter}), both for a commutative
     * operation, and {@link Algorithm#REDUCE_BCAST} (a binomial reduction of the whole vector to
     * member 0, which sends each member its block; any operation). Forced on a non-commutative
     * operation, reduce-to-0 runs. Recursive halving folds a group of any size as
     * {@link PairFold} says, a new rank's block being its members' blocks together.
     */
    public static Operation reduceScatter(Engine engine, int[] worldRanks, int me, int context, int tag,
                                          Object sendBase, long sendOffset, Object recvBase, long recvOffset,
                                          int[] counts, Reduction op) {
        if (sendBase == IN_PLACE) {
            sendBase = recvBase;
            sendOffset = recvOffset;
        }
        int n = worldRanks.length;
        int[] blocks = ElementBlocks.of(counts);
        int elements = blocks[n];
        boolean commutative = op.commutative();
        Algorithm a = Tuning.select(Collective.REDUCE_SCATTER, n, op.bytes(elements), commutative);
        long b = Addresses.BYTE_ARRAY_BASE;
        if (a == Algorithm.PAIRWISE && commutative) {
            return start(engine, worldRanks, me, context, tag,
                new PairwiseReduceScatter(sendBase, sendOffset, recvBase, recvOffset, blocks, op));
        }
        if (a == Algorithm.RECURSIVE_HALVING && commutative) {
            PairFold fold = new PairFold(n);
            int[] halves = new int[fold.pof2 + 1];
            for (int i = 0; i < fold.pof2; i++) {
                halves[i] = blocks[fold.firstMember(i)];
            }
            halves[fold.pof2] = elements;
            byte[] work = fold.handsOff(me) ? null : new byte[op.bytes(elements)];
            Accumulator acc = new Accumulator(op, elements, fold, sendBase, sendOffset, work, b);
            return start(engine, worldRanks, me, context, tag, new FoldIn(acc), new HalvingReduceScatter(acc, halves),
                FoldOut.blocks(acc, recvBase, recvOffset, blocks));
        }
        int[] bytes = new int[n];
        int[] displs = new int[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = op.bytes(counts[i]);
            displs[i] = op.bytes(blocks[i]);
        }
        byte[] result = me == 0 ? new byte[op.bytes(elements)] : null;
        return start(engine, worldRanks, me, context, tag,
            new BinomialReduce(sendBase, sendOffset, result, b, elements, op, 0),
            LinearRooted.scatter(result, b, bytes, displs, recvBase, recvOffset, bytes[me], 0));
    }

    /** {@link #reduceScatter} with {@code count} elements for every member. */
    public static Operation reduceScatterBlock(Engine engine, int[] worldRanks, int me, int context, int tag,
                                               Object sendBase, long sendOffset, Object recvBase, long recvOffset,
                                               int count, Reduction op) {
        return reduceScatter(engine, worldRanks, me, context, tag, sendBase, sendOffset, recvBase, recvOffset,
            filled(worldRanks.length, count), op);
    }

    /** Inclusive prefix reduction in rank order: member {@code i} gets {@code x0 op ... op xi}. */
    public static Operation scan(Engine engine, int[] worldRanks, int me, int context, int tag,
                                 Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count,
                                 Reduction op) {
        return start(engine, worldRanks, me, context, tag, scanPart(Collective.SCAN, worldRanks.length, false,
            sendBase, sendOffset, recvBase, recvOffset, count, op));
    }

    /**
     * Exclusive prefix reduction: member {@code i > 0} gets {@code x0 op ... op x(i-1)}; member
     * 0's receive buffer is left untouched.
     */
    public static Operation exscan(Engine engine, int[] worldRanks, int me, int context, int tag,
                                   Object sendBase, long sendOffset, Object recvBase, long recvOffset, int count,
                                   Reduction op) {
        return start(engine, worldRanks, me, context, tag, scanPart(Collective.EXSCAN, worldRanks.length, true,
            sendBase, sendOffset, recvBase, recvOffset, count, op));
    }

    private static Part scanPart(Collective c, int n, boolean exclusive, Object sendBase, long sendOffset,
                                 Object recvBase, long recvOffset, int count, Reduction op) {
        if (Tuning.select(c, n, op.bytes(count), op.commutative()) == Algorithm.CHAIN) {
            return new ChainScan(exclusive, sendBase, sendOffset, recvBase, recvOffset, count, op);
        }
        return new RecursiveDoublingScan(exclusive, sendBase, sendOffset, recvBase, recvOffset, count, op);
    }

    private static int[] filled(int n, int value) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, value);
        return a;
    }

    private static int[] blocks(int n, int bytes) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = Math.multiplyExact(i, bytes);
        }
        return a;
    }
}

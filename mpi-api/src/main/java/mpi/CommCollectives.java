package mpi;

import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.function.IntFunction;

import org.atollmpi.coll.Barrier;
import org.atollmpi.coll.BoardCollectives;
import org.atollmpi.coll.Collective;
import org.atollmpi.coll.Collectives;
import org.atollmpi.coll.DirectCollectives;
import org.atollmpi.coll.Reduction;
import org.atollmpi.coll.Tuning;
import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * The collectives of {@link Comm} and {@link Intracomm}, once for both dialects: the public
 * methods (Open MPI forms with offset 0, mpiJava forms with element offsets, blocking and
 * nonblocking, in-place overloads) call these with their own name, so messages name the call
 * the program made. Each checks its arguments (naming them), turns counts in elements into
 * bytes, addresses buffers through {@link CollectiveData#region}, starts the engine collective
 * ({@link Collectives}) with the communicator's next call tag, and completes it: blocking here,
 * or as a {@link Request} when {@code nb}.
 *
 * <p>{@link #IN_PLACE} as a send buffer (the receive buffer of scatter) is MPI_IN_PLACE; the
 * in-place overloads of the public API pass it where the Open MPI bindings do. Buffers that only
 * the root reads are not looked at elsewhere (they may be null).
 *
 * <p>On an intercommunicator every entry point hands the call to {@link IntercommCollectives}
 * first thing (the same arguments, with MPI's intercommunicator meaning).
 *
 * <p>Blocking methods return null; nonblocking ones the request.
 */
final class CommCollectives {
    static final Object IN_PLACE = Collectives.IN_PLACE;
    private static final byte[] NOTHING = Buffers.EMPTY;
    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final CollectiveData.Region IN_PLACE_REGION = new CollectiveData.Region(IN_PLACE, 0);

    private CommCollectives() {
    }

    // ================================================================ common

    static Engine begin(Comm c, String call) {
        c.live(call);
        return MPI.engine(call);
    }

    /** Starts the collective with the next call tag and completes it (blocking) or returns its request. */
    private static Request run(CollectiveCall k, Engine e, boolean nb, Object a, Object b,
                               IntFunction<Operation> start) {
        return run(k, e, nb, a, b, 1, start);
    }

    /**
     * As {@link #run(CollectiveCall, Engine, boolean, Object, Object, IntFunction)} for a call
     * that takes {@code tags} consecutive call tags ({@code start} gets the first).
     */
    static Request run(CollectiveCall k, Engine e, boolean nb, Object a, Object b, int tags,
                       IntFunction<Operation> start) {
        Operation op;
        try {
            op = start.apply(k.comm.nextCollectiveTags(tags));
        } catch (EngineException ex) {
            throw k.comm.raise(ex, k.name);
        }
        if (nb) {
            return k.request(e, op, new Object[] {a, b});
        }
        k.complete(e, op);
        Reference.reachabilityFence(a);
        Reference.reachabilityFence(b);
        return null;
    }

    /**
     * The shared area a blocking {@code which} of {@code bytes} runs on ({@link BoardCollectives}),
     * or null: it runs as messages. The communicator's first blocking collective opens the area
     * (collectively: every member calls this in the same call, whatever the collective), so each
     * blocking collective asks here before any choice of its own.
     */
    static BoardCollectives board(Comm c, String call, Engine e, Collective which, long bytes) {
        if (!c.boardLooked) {
            c.boardLooked = true;
            if (Tuning.sharedAreas()) {
                // the program waits in its collective meanwhile (mpirun --timeout says so)
                c.directCall(call).entered();
                try {
                    c.board = BoardCollectives.open(e, c.worldRanks, c.rank, c.collContext, c.nextCollectiveTags(2), 0);
                } catch (EngineException ex) {
                    throw c.raise(ex, call + ": opening the shared area of " + c.displayName());
                } finally {
                    CollectiveCall.left();
                }
            }
        }
        BoardCollectives g = c.board;
        return g != null && bytes <= Integer.MAX_VALUE && g.runs(which, bytes) ? g : null;
    }

    /** Runs a collective on the shared area with the calling thread, then the steps after it. */
    private static Request onBoard(CollectiveCall k, Object a, Object b, Runnable body) {
        k.entered();
        try {
            body.run();
        } catch (EngineException ex) {
            throw k.comm.raise(ex, k.name);
        } finally {
            CollectiveCall.left();
        }
        k.ranDirectly();
        Reference.reachabilityFence(a);
        Reference.reachabilityFence(b);
        return null;
    }

    private static void root(Comm c, String call, int root) {
        if (root < 0 || root >= c.size) {
            throw c.raise(ErrorClass.ROOT, call + ": root " + root + " is not a rank of " + c.displayName()
                + " (size " + c.size + ")");
        }
    }

    static void count(Comm c, String call, String arg, int n) {
        if (n < 0) {
            throw c.raise(ErrorClass.COUNT, call + ": " + arg + " " + n + " is negative");
        }
    }

    /**
     * Checks a per-member array (counts or displacements): at least one entry per member (of the
     * remote group, on an intercommunicator: {@code c.size}), none negative.
     */
    static void perMember(Comm c, String call, String arg, int[] a, int negativeClass) {
        if (a == null) {
            throw c.raise(ErrorClass.ARG, call + ": " + arg + " is null");
        }
        if (a.length < c.size) {
            throw c.raise(ErrorClass.ARG, call + ": " + arg + " has " + a.length + " entries, fewer than the "
                + c.size + " members of " + c.displayName());
        }
        for (int i = 0; i < c.size; i++) {
            if (a[i] < 0) {
                throw c.raise(negativeClass, call + ": " + arg + "[" + i + "] " + a[i] + " is negative");
            }
        }
    }

    static void type(Comm c, String call, String arg, Datatype t) {
        if (t == null) {
            throw c.raise(ErrorClass.TYPE, call + ": " + arg + " is null");
        }
    }

    /** Same buffer at the same place as input and output without the in-place form (MPI forbids aliasing). */
    /**
     * The same Java array given as send and receive buffer (not the in-place form): both earlier
     * Java bindings accept it and give the answer of distinct buffers, because they copy arrays
     * in and out; so does this, by sending from a copy taken at the call. Buffers are still
     * refused ({@link #distinct}), as Open MPI's C library refuses one pointer for both.
     */
    static Object unshared(Object sbuf, Object rbuf) {
        if (sbuf == rbuf && sbuf != null && sbuf != IN_PLACE && sbuf.getClass().isArray()) {
            return cloneArray(sbuf);
        }
        return sbuf;
    }

    private static Object cloneArray(Object a) {
        int n = java.lang.reflect.Array.getLength(a);
        Object copy = java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), n);
        System.arraycopy(a, 0, copy, 0, n);
        return copy;
    }

    static void distinct(Comm c, String call, Object s, int soff, Object r, int roff, int count) {
        if (s != null && s == r && soff == roff && count > 0) {
            throw c.raise(ErrorClass.BUFFER, call + ": sendbuf and recvbuf are the same buffer "
                + "(use the in-place form)");
        }
    }

    static int bytes(int count, Datatype t) {
        return count * t.size; // checked against Integer.MAX_VALUE by the buffer's region
    }

    private static void fits(Comm c, String call, int sendBytes, int recvBytes) {
        if (sendBytes > recvBytes) {
            throw c.raise(ErrorClass.TRUNCATE, call + ": this rank sends " + sendBytes
                + " bytes into a block of " + recvBytes + " bytes");
        }
    }

    /** One past the last element the blocks {@code (displs[i], counts[i])} reach. */
    static int end(Comm c, String call, int[] counts, int[] displs) {
        long end = 0;
        for (int i = 0; i < c.size; i++) {
            if (counts[i] > 0) {
                end = Math.max(end, (long) displs[i] + counts[i]);
            }
        }
        if (end > Integer.MAX_VALUE) {
            throw c.raise(ErrorClass.COUNT, call + ": the blocks reach element " + end + ", past 2^31 - 1");
        }
        return (int) end;
    }

    static int[] filled(int n, int v) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    /**
     * The displacements of the one-count forms (member {@code i}'s block at element
     * {@code i * count}), checked to stay below 2^31 over the whole group.
     */
    static int[] uniformDispls(Comm c, String call, String arg, int count) {
        count(c, call, arg, count);
        int n = c.size;
        if ((long) n * count > Integer.MAX_VALUE) {
            throw c.raise(ErrorClass.COUNT, call + ": " + arg + " " + count + " for " + n + " members is too large");
        }
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * count;
        }
        return a;
    }

    /** MPI_IN_PLACE in a rooted collective is for the root only (ERR_ARG elsewhere). */
    private static void inPlaceAtRoot(Comm c, String call, boolean inPlace, int root) {
        if (inPlace && c.rank != root) {
            throw c.raise(ErrorClass.ARG, call + ": the in-place form is for the root (" + root + ") only");
        }
    }

    /** The send side of a reduction: {@code IN_PLACE} as it is, else the checked region of {@code sbuf}. */
    static CollectiveData.Region sendRegion(CollectiveCall k, Object sbuf, int soff, int count, Datatype type) {
        return sbuf == IN_PLACE ? IN_PLACE_REGION
            : CollectiveData.region(k, "sendbuf", sbuf, soff, count, type, false, true);
    }

    static int[] times(Comm c, int[] counts, Datatype t) {
        int[] a = new int[c.size];
        for (int i = 0; i < a.length; i++) {
            a[i] = counts[i] * t.size;
        }
        return a;
    }

    static int[] byteDispls(Comm c, int[] displs, Datatype t) {
        int[] a = new int[c.size];
        for (int i = 0; i < a.length; i++) {
            a[i] = (int) CollectiveData.blockOffset(displs[i], t);
        }
        return a;
    }

    // ================================================================ barrier and broadcast

    static Request barrier(Comm c, String call, boolean nb) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, barrierInSpan(c, call, nb));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #barrier} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request barrierInSpan(Comm c, String call, boolean nb) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.barrier((Intercomm) c, call, nb);
        }
        Engine e = begin(c, call);
        BoardCollectives g = nb ? null : board(c, call, e, Collective.BARRIER, 0);
        if (g != null || !nb && DirectCollectives.runsBarrier(c.size)) {
            CollectiveCall k = c.directCall(call);
            k.entered();
            try {
                if (g != null) {
                    g.barrier();
                } else {
                    DirectCollectives.barrier(e, c.worldRanks, c.rank, c.collContext, c.nextCollectiveTags(1));
                }
            } catch (EngineException ex) {
                throw c.raise(ex, call);
            } finally {
                CollectiveCall.left();
            }
            return null;
        }
        CollectiveCall k = new CollectiveCall(c, call);
        return run(k, e, nb, null, null, tag -> Barrier.start(e, c.worldRanks, c.rank, c.collContext, tag));
    }

    static Request bcast(Comm c, String call, boolean nb, Object buf, int off, int count, Datatype type, int root) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, bcastInSpan(c, call, nb, buf, off, count, type, root));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #bcast} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request bcastInSpan(Comm c, String call, boolean nb, Object buf, int off, int count, Datatype type, int root) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.bcast((Intercomm) c, call, nb, buf, off, count, type, root);
        }
        Engine e = begin(c, call);
        if (ObjectCollectives.involved(c, call, nb, type, type)) {
            root(c, call, root);
            ObjectCollectives.bcast(c, call, buf, off, count, type, root);
            return null;
        }
        BoardCollectives g = nb || type == null ? null : board(c, call, e, Collective.BCAST, (long) count * type.size);
        if (!nb && type != null && type.isContiguous() && count >= 0
                && (g != null || (long) count * type.size <= DirectCollectives.BCAST_BYTES
                    && DirectCollectives.runsBcast(c.size, count * type.size))) {
            root(c, call, root);
            long at = Buffers.offset(c, call, "buf", buf, off, count, type, c.rank != root);
            CollectiveCall k = c.directCall(call);
            k.entered();
            try {
                if (g != null) {
                    g.bcast(Buffers.base(buf), at, count * type.size, root);
                } else {
                    DirectCollectives.bcast(e, c.worldRanks, c.rank, c.collContext, c.nextCollectiveTags(1),
                        Buffers.base(buf), at, count * type.size, root);
                }
            } catch (EngineException ex) {
                throw c.raise(ex, call);
            } finally {
                CollectiveCall.left();
            }
            Reference.reachabilityFence(buf);
            return null;
        }
        CollectiveCall k = new CollectiveCall(c, call);
        root(c, call, root);
        count(c, call, "count", count);
        CollectiveData.Region r = CollectiveData.region(k, "buf", buf, off, count, type, c.rank != root, true);
        int bytes = bytes(count, type);
        if (g != null) {
            return onBoard(k, buf, null, () -> g.bcast(r.base, r.offset, bytes, root));
        }
        return run(k, e, nb, buf, null, tag -> Collectives.bcast(e, c.worldRanks, c.rank, c.collContext, tag,
            r.base, r.offset, bytes, root));
    }

    // ================================================================ gather and scatter

    static Request gather(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                          Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, gatherInSpan(c, call, nb, sbuf, soff, scount, stype, rbuf, roff, rcount, rtype, root));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #gather} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request gatherInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                          Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.gather((Intercomm) c, call, nb, sbuf, soff, scount, stype, rbuf, roff,
                rcount, rtype, root);
        }
        c.live(call); // a null communicator, before its size 0 makes the root or counts look wrong
        root(c, call, root);
        if (!nb && directBlocks(c, call, Collective.GATHER, sbuf, soff, scount, stype, rbuf, roff, rcount, rtype,
                root)) {
            return null;
        }
        int n = c.size;
        if (c.rank != root) {
            return gatherv(c, call, nb, true, sbuf, soff, scount, stype, null, 0, null, null, null, root);
        }
        int[] displs = uniformDispls(c, call, "recvcount", rcount);
        type(c, call, "recvtype", rtype);
        return gatherv(c, call, nb, true, sbuf, soff, scount, stype, rbuf, roff, filled(n, rcount), displs, rtype,
            root);
    }

    static Request gatherv(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                           Object rbuf, int roff, int[] rcounts, int[] displs, Datatype rtype, int root) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, gathervInSpan(c, call, nb, sbuf, soff, scount, stype, rbuf, roff, rcounts, displs, rtype, root));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #gatherv} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request gathervInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                           Object rbuf, int roff, int[] rcounts, int[] displs, Datatype rtype, int root) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.gatherv((Intercomm) c, call, nb, sbuf, soff, scount, stype, rbuf, roff,
                rcounts, displs, rtype, root);
        }
        return gatherv(c, call, nb, false, sbuf, soff, scount, stype, rbuf, roff, rcounts, displs, rtype, root);
    }

    /**
     * {@code uniform}: a gather (not gatherv), equal blocks in rank order on every member, so the
     * collectives may choose a tree; the blocks are then as long as this member's contribution
     * (the root's receive count when in place).
     */
    private static Request gatherv(Comm c, String call, boolean nb, boolean uniform, Object sbuf, int soff,
                                   int scount, Datatype stype, Object rbuf, int roff, int[] rcounts, int[] displs,
                                   Datatype rtype, int root) {
        sbuf = unshared(sbuf, rbuf);
        Engine e = begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        root(c, call, root);
        if (ObjectCollectives.involved(c, call, nb, stype, rtype)) {
            if (c.rank == root) {
                perMember(c, call, "recvcounts", rcounts, ErrorClass.COUNT);
                perMember(c, call, "displs", displs, ErrorClass.ARG);
            }
            ObjectCollectives.gatherv(c, call, sbuf, soff, scount, stype, rbuf, roff, rcounts, displs, rtype, root);
            return null;
        }
        int n = c.size;
        boolean inPlace = sbuf == IN_PLACE;
        inPlaceAtRoot(c, call, inPlace, root);
        CollectiveData.Region s = null;
        int sbytes = 0;
        if (!inPlace) {
            count(c, call, "sendcount", scount);
            s = CollectiveData.region(k, "sendbuf", sbuf, soff, scount, stype, false, true);
            sbytes = bytes(scount, stype);
        }
        Object rBase = NOTHING;
        long rOff = B;
        int[] rbytes = new int[n];
        int[] rdispls = new int[n];
        if (c.rank == root) {
            perMember(c, call, "recvcounts", rcounts, ErrorClass.COUNT);
            perMember(c, call, "displs", displs, ErrorClass.ARG);
            type(c, call, "recvtype", rtype);
            if (!inPlace) {
                distinct(c, call, sbuf, soff, rbuf, roff, scount);
            }
            CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, end(c, call, rcounts, displs),
                rtype, true, inPlace);
            rBase = r.base;
            rOff = r.offset;
            rbytes = times(c, rcounts, rtype);
            rdispls = byteDispls(c, displs, rtype);
            if (!inPlace) {
                fits(c, call, sbytes, rbytes[root]);
            }
        }
        Object sBase = inPlace ? IN_PLACE : s.base;
        long sOff = inPlace ? 0 : s.offset;
        int sb = sbytes;
        Object rb = rBase;
        long ro = rOff;
        int[] rby = rbytes;
        int[] rdi = rdispls;
        if (uniform) {
            int block = inPlace ? rbytes[root] : sbytes;
            BoardCollectives g = nb ? null : board(c, call, e, Collective.GATHER, block);
            if (g != null) {
                return onBoard(k, sbuf, rbuf, () -> g.gather(sBase, sOff, block, rb, ro, root));
            }
            return run(k, e, nb, sbuf, rbuf, tag -> Collectives.gather(e, c.worldRanks, c.rank, c.collContext, tag,
                sBase, sOff, block, rb, ro, root));
        }
        return run(k, e, nb, sbuf, rbuf, tag -> Collectives.gatherv(e, c.worldRanks, c.rank, c.collContext, tag,
            sBase, sOff, sb, rb, ro, rby, rdi, root));
    }

    static Request scatter(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                           Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, scatterInSpan(c, call, nb, sbuf, soff, scount, stype, rbuf, roff, rcount, rtype, root));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #scatter} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request scatterInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                           Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.scatter((Intercomm) c, call, nb, sbuf, soff, scount, stype, rbuf, roff,
                rcount, rtype, root);
        }
        c.live(call); // a null communicator, before its size 0 makes the root or counts look wrong
        root(c, call, root);
        if (!nb && directBlocks(c, call, Collective.SCATTER, sbuf, soff, scount, stype, rbuf, roff, rcount, rtype,
                root)) {
            return null;
        }
        int n = c.size;
        if (c.rank != root) {
            return scatterv(c, call, nb, true, null, 0, null, null, null, rbuf, roff, rcount, rtype, root);
        }
        int[] displs = uniformDispls(c, call, "sendcount", scount);
        return scatterv(c, call, nb, true, sbuf, soff, filled(n, scount), displs, stype, rbuf, roff, rcount, rtype,
            root);
    }

    static Request scatterv(Comm c, String call, boolean nb, Object sbuf, int soff, int[] scounts, int[] displs,
                            Datatype stype, Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, scattervInSpan(c, call, nb, sbuf, soff, scounts, displs, stype, rbuf, roff, rcount, rtype, root));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #scatterv} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request scattervInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, int[] scounts, int[] displs,
                            Datatype stype, Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.scatterv((Intercomm) c, call, nb, sbuf, soff, scounts, displs, stype, rbuf,
                roff, rcount, rtype, root);
        }
        return scatterv(c, call, nb, false, sbuf, soff, scounts, displs, stype, rbuf, roff, rcount, rtype, root);
    }

    /**
     * {@code uniform}: a scatter (not scatterv), equal blocks in rank order, so the collectives
     * may choose a tree; the blocks are the root's send count, as long as each member's receive.
     */
    private static Request scatterv(Comm c, String call, boolean nb, boolean uniform, Object sbuf, int soff,
                                    int[] scounts, int[] displs, Datatype stype, Object rbuf, int roff, int rcount,
                                    Datatype rtype, int root) {
        sbuf = unshared(sbuf, rbuf);
        Engine e = begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        root(c, call, root);
        if (ObjectCollectives.involved(c, call, nb, stype, rtype)) {
            if (c.rank == root) {
                perMember(c, call, "sendcounts", scounts, ErrorClass.COUNT);
                perMember(c, call, "displs", displs, ErrorClass.ARG);
            }
            ObjectCollectives.scatterv(c, call, sbuf, soff, scounts, displs, stype, rbuf, roff, rcount, rtype, root);
            return null;
        }
        int n = c.size;
        boolean inPlace = rbuf == IN_PLACE;
        inPlaceAtRoot(c, call, inPlace, root);
        Object sBase = NOTHING;
        long sOff = B;
        int[] sbytes = new int[n];
        int[] sdispls = new int[n];
        if (c.rank == root) {
            perMember(c, call, "sendcounts", scounts, ErrorClass.COUNT);
            perMember(c, call, "displs", displs, ErrorClass.ARG);
            type(c, call, "sendtype", stype);
            if (!inPlace) {
                distinct(c, call, sbuf, soff, rbuf, roff, rcount);
            }
            CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff, end(c, call, scounts, displs),
                stype, false, true);
            sBase = s.base;
            sOff = s.offset;
            sbytes = times(c, scounts, stype);
            sdispls = byteDispls(c, displs, stype);
        }
        Object rBase = IN_PLACE;
        long rOff = 0;
        int rbytes = 0;
        if (!inPlace) {
            count(c, call, "recvcount", rcount);
            CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, rcount, rtype, true, false);
            rBase = r.base;
            rOff = r.offset;
            rbytes = bytes(rcount, rtype);
            if (c.rank == root) {
                fits(c, call, sbytes[root], rbytes);
            }
        }
        Object sb = sBase;
        long so = sOff;
        int[] sby = sbytes;
        int[] sdi = sdispls;
        Object rb = rBase;
        long ro = rOff;
        int rby = rbytes;
        if (uniform) {
            int block = c.rank == root ? sbytes[root] : rbytes;
            BoardCollectives g = nb ? null : board(c, call, e, Collective.SCATTER, block);
            if (g != null) {
                return onBoard(k, sbuf, rbuf, () -> g.scatter(sb, so, rb, ro, block, root));
            }
            return run(k, e, nb, sbuf, rbuf, tag -> Collectives.scatter(e, c.worldRanks, c.rank, c.collContext, tag,
                sb, so, rb, ro, block, root));
        }
        return run(k, e, nb, sbuf, rbuf, tag -> Collectives.scatterv(e, c.worldRanks, c.rank, c.collContext, tag,
            sb, so, sby, sdi, rb, ro, rby, root));
    }

    // ================================================================ all to all

    static Request allGather(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                             Object rbuf, int roff, int rcount, Datatype rtype) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, allGatherInSpan(c, call, nb, sbuf, soff, scount, stype, rbuf, roff, rcount, rtype));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #allGather} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request allGatherInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                             Object rbuf, int roff, int rcount, Datatype rtype) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.allGather((Intercomm) c, call, nb, sbuf, soff, scount, stype, rbuf, roff,
                rcount, rtype);
        }
        c.live(call); // a null communicator, before its size 0 makes the root or counts look wrong
        if (!nb && directBlocks(c, call, Collective.ALLGATHER, sbuf, soff, scount, stype, rbuf, roff, rcount, rtype,
                -1)) {
            return null;
        }
        int n = c.size;
        int[] displs = uniformDispls(c, call, "recvcount", rcount);
        return allGatherv(c, call, nb, true, sbuf, soff, scount, stype, rbuf, roff, filled(n, rcount), displs,
            rtype);
    }

    static Request allGatherv(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                              Object rbuf, int roff, int[] rcounts, int[] displs, Datatype rtype) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, allGathervInSpan(c, call, nb, sbuf, soff, scount, stype, rbuf, roff, rcounts, displs, rtype));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #allGatherv} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request allGathervInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                              Object rbuf, int roff, int[] rcounts, int[] displs, Datatype rtype) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.allGatherv((Intercomm) c, call, nb, sbuf, soff, scount, stype, rbuf, roff,
                rcounts, displs, rtype);
        }
        return allGatherv(c, call, nb, false, sbuf, soff, scount, stype, rbuf, roff, rcounts, displs, rtype);
    }

    /** {@code uniform}: an allgather, equal blocks in rank order (this member's contribution long). */
    private static Request allGatherv(Comm c, String call, boolean nb, boolean uniform, Object sbuf, int soff,
                                      int scount, Datatype stype, Object rbuf, int roff, int[] rcounts, int[] displs,
                                      Datatype rtype) {
        sbuf = unshared(sbuf, rbuf);
        Engine e = begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        boolean inPlace = sbuf == IN_PLACE;
        perMember(c, call, "recvcounts", rcounts, ErrorClass.COUNT);
        perMember(c, call, "displs", displs, ErrorClass.ARG);
        type(c, call, "recvtype", rtype);
        if (ObjectCollectives.involved(c, call, nb, inPlace ? rtype : stype, rtype)) {
            ObjectCollectives.allGatherv(c, call, sbuf, soff, scount, stype, rbuf, roff, rcounts, displs, rtype);
            return null;
        }
        CollectiveData.Region s = null;
        int sbytes = 0;
        if (!inPlace) {
            count(c, call, "sendcount", scount);
            distinct(c, call, sbuf, soff, rbuf, roff, scount);
            s = CollectiveData.region(k, "sendbuf", sbuf, soff, scount, stype, false, true);
            sbytes = bytes(scount, stype);
        }
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, end(c, call, rcounts, displs),
            rtype, true, inPlace);
        int[] rbytes = times(c, rcounts, rtype);
        int[] rdispls = byteDispls(c, displs, rtype);
        if (!inPlace) {
            fits(c, call, sbytes, rbytes[c.rank]);
        } else {
            sbytes = rbytes[c.rank];
        }
        Object sBase = inPlace ? IN_PLACE : s.base;
        long sOff = inPlace ? 0 : s.offset;
        int sb = sbytes;
        if (uniform) {
            BoardCollectives g = nb ? null : board(c, call, e, Collective.ALLGATHER, sb);
            if (g != null) {
                return onBoard(k, sbuf, rbuf, () -> g.allgather(sBase, sOff, sb, r.base, r.offset));
            }
            return run(k, e, nb, sbuf, rbuf, tag -> Collectives.allgather(e, c.worldRanks, c.rank, c.collContext,
                tag, sBase, sOff, sb, r.base, r.offset));
        }
        return run(k, e, nb, sbuf, rbuf, tag -> Collectives.allgatherv(e, c.worldRanks, c.rank, c.collContext, tag,
            sBase, sOff, sb, r.base, r.offset, rbytes, rdispls));
    }

    static Request allToAll(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                            Object rbuf, int roff, int rcount, Datatype rtype) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, allToAllInSpan(c, call, nb, sbuf, soff, scount, stype, rbuf, roff, rcount, rtype));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #allToAll} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request allToAllInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                            Object rbuf, int roff, int rcount, Datatype rtype) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.allToAll((Intercomm) c, call, nb, sbuf, soff, scount, stype, rbuf, roff,
                rcount, rtype);
        }
        c.live(call); // a null communicator, before its size 0 makes the root or counts look wrong
        if (!nb && directBlocks(c, call, Collective.ALLTOALL, sbuf, soff, scount, stype, rbuf, roff, rcount, rtype,
                -1)) {
            return null;
        }
        int n = c.size;
        int[] sd = uniformDispls(c, call, "sendcount", scount);
        int[] rd = uniformDispls(c, call, "recvcount", rcount);
        return allToAllv(c, call, nb, true, sbuf, soff, filled(n, scount), sd, stype, rbuf, roff, filled(n, rcount),
            rd, rtype);
    }

    static Request allToAllv(Comm c, String call, boolean nb, Object sbuf, int soff, int[] scounts, int[] sdispls,
                             Datatype stype, Object rbuf, int roff, int[] rcounts, int[] rdispls, Datatype rtype) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, allToAllvInSpan(c, call, nb, sbuf, soff, scounts, sdispls, stype, rbuf, roff, rcounts, rdispls, rtype));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #allToAllv} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request allToAllvInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, int[] scounts, int[] sdispls,
                             Datatype stype, Object rbuf, int roff, int[] rcounts, int[] rdispls, Datatype rtype) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.allToAllv((Intercomm) c, call, nb, sbuf, soff, scounts, sdispls, stype,
                rbuf, roff, rcounts, rdispls, rtype);
        }
        return allToAllv(c, call, nb, false, sbuf, soff, scounts, sdispls, stype, rbuf, roff, rcounts, rdispls, rtype);
    }

    /** {@code uniform}: an alltoall, equal blocks in rank order (this member's send block long). */
    private static Request allToAllv(Comm c, String call, boolean nb, boolean uniform, Object sbuf, int soff,
                                     int[] scounts, int[] sdispls, Datatype stype, Object rbuf, int roff,
                                     int[] rcounts, int[] rdispls, Datatype rtype) {
        sbuf = unshared(sbuf, rbuf);
        Engine e = begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        perMember(c, call, "sendcounts", scounts, ErrorClass.COUNT);
        perMember(c, call, "sdispls", sdispls, ErrorClass.ARG);
        perMember(c, call, "recvcounts", rcounts, ErrorClass.COUNT);
        perMember(c, call, "rdispls", rdispls, ErrorClass.ARG);
        type(c, call, "sendtype", stype);
        type(c, call, "recvtype", rtype);
        int send = end(c, call, scounts, sdispls);
        int recv = end(c, call, rcounts, rdispls);
        if (ObjectCollectives.involved(c, call, nb, stype, rtype)) {
            ObjectCollectives.allToAllv(c, call, sbuf, soff, scounts, sdispls, stype, rbuf, roff, rcounts, rdispls,
                rtype);
            return null;
        }
        distinct(c, call, sbuf, soff, rbuf, roff, Math.min(send, recv));
        CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff, send, stype, false, true);
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, recv, rtype, true, false);
        int[] sb = times(c, scounts, stype);
        int[] sd = byteDispls(c, sdispls, stype);
        int[] rb = times(c, rcounts, rtype);
        int[] rd = byteDispls(c, rdispls, rtype);
        fits(c, call, sb[c.rank], rb[c.rank]);
        if (uniform) {
            int block = sb[c.rank];
            BoardCollectives g = nb ? null : board(c, call, e, Collective.ALLTOALL, block);
            if (g != null) {
                return onBoard(k, sbuf, rbuf, () -> g.alltoall(s.base, s.offset, r.base, r.offset, block));
            }
            return run(k, e, nb, sbuf, rbuf, tag -> Collectives.alltoall(e, c.worldRanks, c.rank, c.collContext, tag,
                s.base, s.offset, r.base, r.offset, block));
        }
        return run(k, e, nb, sbuf, rbuf, tag -> Collectives.alltoallv(e, c.worldRanks, c.rank, c.collContext, tag,
            s.base, s.offset, sb, sd, r.base, r.offset, rb, rd));
    }

    /** Alltoallw: per-member datatypes, displacements in bytes (as in MPI). */
    static Request allToAllw(Comm c, String call, boolean nb, Object sbuf, int[] scounts, int[] sdispls,
                             Datatype[] stypes, Object rbuf, int[] rcounts, int[] rdispls, Datatype[] rtypes) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, allToAllwInSpan(c, call, nb, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #allToAllw} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request allToAllwInSpan(Comm c, String call, boolean nb, Object sbuf, int[] scounts, int[] sdispls,
                             Datatype[] stypes, Object rbuf, int[] rcounts, int[] rdispls, Datatype[] rtypes) {
        if (c instanceof Intercomm) {
            return IntercommCollectives.allToAllw((Intercomm) c, call, nb, sbuf, scounts, sdispls, stypes, rbuf,
                rcounts, rdispls, rtypes);
        }
        Engine e = begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        perMember(c, call, "sendCount", scounts, ErrorClass.COUNT);
        perMember(c, call, "sDispls", sdispls, ErrorClass.ARG);
        perMember(c, call, "recvCount", rcounts, ErrorClass.COUNT);
        perMember(c, call, "rDispls", rdispls, ErrorClass.ARG);
        int[] sd = sdispls.clone();
        int[] rd = rdispls.clone();
        CollectiveData.Region s = blocksW(k, "sendBuf", sbuf, scounts, sd, stypes, false);
        CollectiveData.Region r = blocksW(k, "recvBuf", rbuf, rcounts, rd, rtypes, true);
        int[] sb = new int[c.size];
        int[] rb = new int[c.size];
        for (int i = 0; i < c.size; i++) {
            sb[i] = scounts[i] == 0 ? 0 : bytes(scounts[i], stypes[i]);
            rb[i] = rcounts[i] == 0 ? 0 : bytes(rcounts[i], rtypes[i]);
        }
        fits(c, call, sb[c.rank], rb[c.rank]);
        return run(k, e, nb, sbuf, rbuf, tag -> Collectives.alltoallw(e, c.worldRanks, c.rank, c.collContext, tag,
            s.base, s.offset, sb, sd, r.base, r.offset, rb, rd));
    }

    /**
     * Checks each member's block of an alltoallw buffer; the region of its byte 0, against which
     * {@code displs} (bytes) then address the blocks. When a block's type is not contiguous, all
     * blocks travel packed in one temporary (filled from the buffer, unpacked into it after for
     * the receive side) and {@code displs} are rewritten to the blocks' places in it.
     */
    static CollectiveData.Region blocksW(CollectiveCall k, String arg, Object buf, int[] counts,
                                                 int[] displs, Datatype[] types, boolean write) {
        Comm c = k.comm;
        String typesArg = arg.replace("Buf", "Types");
        if (types == null || types.length < c.size) {
            throw c.raise(ErrorClass.ARG, k.name + ": " + typesArg + " has "
                + (types == null ? "no" : String.valueOf(types.length)) + " entries for " + c.size + " members");
        }
        boolean packed = false;
        long total = 0;
        for (int i = 0; i < c.size; i++) {
            if (counts[i] > 0) {
                type(c, k.name, typesArg + "[" + i + "]", types[i]);
                packed |= !types[i].isContiguous();
                total += (long) counts[i] * types[i].size;
            }
        }
        if (packed) {
            return packedW(k, arg, buf, counts, displs, types, write, total);
        }
        // Contiguous blocks go to the engine where they are: one region (the buffer's byte 0), each
        // block at its data's byte offset from there (its displacement plus its type's lower
        // bound), checked to fit; any byte displacement is allowed, as in MPI.
        CollectiveData.Region base = null;
        for (int i = 0; i < c.size; i++) {
            if (counts[i] == 0) {
                continue;
            }
            Datatype t = types[i];
            long at = Buffers.byteOffset(c, k.name + " (" + arg + " block " + i + ")", buf, displs[i], counts[i], t,
                write);
            if (base == null) {
                base = new CollectiveData.Region(Buffers.base(buf), at - displs[i] - t.dataLb);
            }
            displs[i] = (int) (at - base.offset);
        }
        return base != null ? base : new CollectiveData.Region(NOTHING, B);
    }

    /** {@link #blocksW} with a non-contiguous type: every block packed into one temporary. */
    private static CollectiveData.Region packedW(CollectiveCall k, String arg, Object buf, int[] counts,
                                                 int[] displs, Datatype[] types, boolean write, long total) {
        Comm c = k.comm;
        if (total > Integer.MAX_VALUE) {
            throw c.raise(ErrorClass.COUNT, k.name + " (" + arg + "): the blocks hold " + total
                + " bytes, past 2^31 - 1");
        }
        byte[] temp = new byte[(int) total];
        Object base = Buffers.base(buf);
        int at = 0;
        for (int i = 0; i < c.size; i++) {
            if (counts[i] == 0) {
                continue;
            }
            Datatype t = types[i];
            long start = Buffers.byteOffset(c, k.name + " (" + arg + " block " + i + ")", buf, displs[i], counts[i], t,
                write);
            int count = counts[i];
            long to = B + at;
            t.layout().plan().pack(base, start, count, temp, to);
            if (write) {
                long bytes = (long) count * t.size;
                k.after(() -> {
                    t.layout().plan().unpackBytes(temp, to, bytes, base, start);
                    Reference.reachabilityFence(buf);
                });
            }
            displs[i] = at;
            at += count * t.size;
        }
        return new CollectiveData.Region(temp, B);
    }

    // ================================================================ reductions

    /**
     * Elements of {@code red} in {@code count} items of {@code type}: the engine reduces elements,
     * and an item of a derived type repeating one basic kind (three doubles) holds several.
     */
    static int elements(int count, Datatype type, Reduction red) {
        return (int) ((long) count * type.size / red.elementBytes());
    }

    static Request reduce(Comm c, String call, boolean nb, Object sbuf, int soff, Object rbuf, int roff, int count,
                          Datatype type, Op op, int root) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, reduceInSpan(c, call, nb, sbuf, soff, rbuf, roff, count, type, op, root));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #reduce} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request reduceInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, Object rbuf, int roff, int count,
                          Datatype type, Op op, int root) {
        sbuf = unshared(sbuf, rbuf);
        if (c instanceof Intercomm) {
            return IntercommCollectives.reduce((Intercomm) c, call, nb, sbuf, soff, rbuf, roff, count, type, op, root);
        }
        if (type != null && type.isObject()) {
            return objectReduction(c, call, nb, ObjectCollectives.REDUCE, sbuf, soff, rbuf, roff, count, type, op,
                root);
        }
        Engine e = begin(c, call);
        if (!nb && directReduce(c, e, call, sbuf, soff, rbuf, roff, count, type, op, root)) {
            return null;
        }
        CollectiveCall k = new CollectiveCall(c, call);
        root(c, call, root);
        count(c, call, "count", count);
        type(c, call, "datatype", type);
        boolean inPlace = sbuf == IN_PLACE;
        inPlaceAtRoot(c, call, inPlace, root);
        Reduction red = CollectiveData.reduction(k, op, type, CollectiveData.anyDirect(sbuf, rbuf));
        CollectiveData.Region s = sendRegion(k, sbuf, soff, count, type);
        CollectiveData.Region r = new CollectiveData.Region(NOTHING, B);
        if (c.rank == root) {
            distinct(c, call, inPlace ? null : sbuf, soff, rbuf, roff, count);
            r = CollectiveData.region(k, "recvbuf", rbuf, roff, count, type, true, inPlace);
        }
        CollectiveData.Region rr = r;
        int m = elements(count, type, red);
        BoardCollectives g = nb ? null : board(c, call, e, Collective.REDUCE, (long) count * type.size);
        if (g != null && g.reduces(red)) {
            return onBoard(k, sbuf, rbuf, () -> g.reduce(s.base, s.offset, rr.base, rr.offset, m, red, root));
        }
        return run(k, e, nb, sbuf, rbuf, tag -> Collectives.reduce(e, c.worldRanks, c.rank, c.collContext, tag,
            s.base, s.offset, rr.base, rr.offset, m, red, root));
    }

    /** Reductions over MPI.OBJECT with a user operation ({@link ObjectCollectives}); blocking only. */
    private static Request objectReduction(Comm c, String call, boolean nb, int which, Object sbuf, int soff,
                                           Object rbuf, int roff, int count, Datatype type, Op op, int root) {
        begin(c, call);
        ObjectCollectives.involved(c, call, nb, type, type);
        ObjectCollectives.plainObjects(c, call, type);
        if (which == ObjectCollectives.REDUCE) {
            root(c, call, root);
            inPlaceAtRoot(c, call, sbuf == IN_PLACE, root);
        }
        count(c, call, "count", count);
        ObjectCollectives.reduce(c, call, which, sbuf, soff, rbuf, roff, count, op, root);
        return null;
    }

    /** Kinds of the all-member reductions that take one count. */
    static final int ALLREDUCE = 0;
    static final int SCAN = 1;
    static final int EXSCAN = 2;
    static final int REDUCE_SCATTER_BLOCK = 3;

    static Request allReduce(Comm c, String call, boolean nb, int which, Object sbuf, int soff, Object rbuf, int roff,
                             int count, Datatype type, Op op) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, allReduceInSpan(c, call, nb, which, sbuf, soff, rbuf, roff, count, type, op));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #allReduce} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request allReduceInSpan(Comm c, String call, boolean nb, int which, Object sbuf, int soff, Object rbuf, int roff,
                             int count, Datatype type, Op op) {
        sbuf = unshared(sbuf, rbuf);
        if (c instanceof Intercomm) {
            return IntercommCollectives.allReduce((Intercomm) c, call, nb, which, sbuf, soff, rbuf, roff, count,
                type, op);
        }
        c.live(call); // a null communicator, before its size 0 makes the root or counts look wrong
        if (which == REDUCE_SCATTER_BLOCK) {
            count(c, call, "recvcount", count);
            return reduceScatter(c, call, nb, sbuf, soff, rbuf, roff, filled(c.size, count), type, op);
        }
        if (type != null && type.isObject()) {
            return objectReduction(c, call, nb, which, sbuf, soff, rbuf, roff, count, type, op, -1);
        }
        Engine e = begin(c, call);
        if (!nb && which == ALLREDUCE && directAllReduce(c, e, call, sbuf, soff, rbuf, roff, count, type, op)) {
            return null;
        }
        CollectiveCall k = new CollectiveCall(c, call);
        count(c, call, "count", count);
        type(c, call, "datatype", type);
        boolean inPlace = sbuf == IN_PLACE;
        Reduction red = CollectiveData.reduction(k, op, type, CollectiveData.anyDirect(sbuf, rbuf));
        distinct(c, call, inPlace ? null : sbuf, soff, rbuf, roff, count);
        CollectiveData.Region s = sendRegion(k, sbuf, soff, count, type);
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, count, type, true, inPlace);
        int m = elements(count, type, red);
        BoardCollectives g = nb || which != ALLREDUCE ? null
            : board(c, call, e, Collective.ALLREDUCE, (long) count * type.size);
        if (g != null && g.reduces(red)) { // the same type everywhere: every member agrees
            return onBoard(k, sbuf, rbuf, () -> g.allreduce(s.base, s.offset, r.base, r.offset, m, red));
        }
        return run(k, e, nb, sbuf, rbuf, tag -> {
            switch (which) {
                case SCAN:
                    return Collectives.scan(e, c.worldRanks, c.rank, c.collContext, tag, s.base, s.offset, r.base,
                        r.offset, m, red);
                case EXSCAN:
                    return Collectives.exscan(e, c.worldRanks, c.rank, c.collContext, tag, s.base, s.offset, r.base,
                        r.offset, m, red);
                default:
                    return Collectives.allreduce(e, c.worldRanks, c.rank, c.collContext, tag, s.base, s.offset, r.base,
                        r.offset, m, red);
            }
        });
    }

    /**
     * A blocking allreduce of a predefined operation on a few bytes of a basic type, run by the
     * calling thread ({@link DirectCollectives}): false, having done nothing, for anything else
     * (and for every argument the checks of the general path would refuse, so its messages stay).
     */
    private static boolean directAllReduce(Comm c, Engine e, String call, Object sbuf, int soff, Object rbuf,
                                           int roff, int count, Datatype type, Op op) {
        if (type == null || op == null || op.freed || op.code == Op.USER || !type.isContiguous() || count < 0
                || count > DirectCollectives.ALLREDUCE_BYTES) {
            return false;
        }
        Reduction red = CollectiveData.predefinedReduction(op, type);
        if (red == null) {
            return false;
        }
        BoardCollectives g = board(c, call, e, Collective.ALLREDUCE, (long) count * type.size);
        if (g == null && !DirectCollectives.runsAllreduce(c.size, elements(count, type, red), red)) {
            return false;
        }
        boolean inPlace = sbuf == IN_PLACE;
        if (!inPlace && sbuf != null && sbuf == rbuf && soff == roff && count > 0) {
            return false; // aliased without the in-place form: the general path says so
        }
        long s = inPlace ? 0 : Buffers.offset(c, call, "sendbuf", sbuf, soff, count, type, false);
        long r = Buffers.offset(c, call, "recvbuf", rbuf, roff, count, type, true);
        CollectiveCall k = c.directCall(call);
        k.entered();
        try {
            if (g != null) {
                g.allreduce(inPlace ? IN_PLACE : Buffers.base(sbuf), s, Buffers.base(rbuf), r,
                    elements(count, type, red), red);
            } else {
                DirectCollectives.allreduce(e, c.worldRanks, c.rank, c.collContext, c.nextCollectiveTags(1),
                    inPlace ? IN_PLACE : Buffers.base(sbuf), s, Buffers.base(rbuf), r, elements(count, type, red), red);
            }
        } catch (EngineException ex) {
            throw c.raise(ex, call);
        } finally {
            CollectiveCall.left();
        }
        Reference.reachabilityFence(sbuf);
        Reference.reachabilityFence(rbuf);
        return true;
    }

    /**
     * A blocking reduce of a predefined operation on a contiguous type, run on the shared area by
     * the calling thread with no call object, region or array of its own: false, having done
     * nothing, for anything else (and for what the general path would refuse, so its messages stay).
     */
    private static boolean directReduce(Comm c, Engine e, String call, Object sbuf, int soff, Object rbuf, int roff,
                                        int count, Datatype type, Op op, int root) {
        if (type == null || op == null || op.freed || op.code == Op.USER || !type.isContiguous() || count < 0
                || root < 0 || root >= c.size) {
            return false;
        }
        Reduction red = CollectiveData.predefinedReduction(op, type);
        boolean inPlace = sbuf == IN_PLACE;
        if (red == null || inPlace && c.rank != root
                || !inPlace && sbuf != null && sbuf == rbuf && soff == roff && count > 0) {
            return false;
        }
        BoardCollectives g = board(c, call, e, Collective.REDUCE, (long) count * type.size);
        if (g == null) {
            return false;
        }
        long s = inPlace ? 0 : Buffers.offset(c, call, "sendbuf", sbuf, soff, count, type, false);
        Object rBase = NOTHING;
        long r = B;
        if (c.rank == root) {
            r = Buffers.offset(c, call, "recvbuf", rbuf, roff, count, type, true);
            rBase = Buffers.base(rbuf);
        }
        CollectiveCall k = c.directCall(call);
        k.entered();
        try {
            g.reduce(inPlace ? IN_PLACE : Buffers.base(sbuf), s, rBase, r, elements(count, type, red), red, root);
        } catch (EngineException ex) {
            throw c.raise(ex, call);
        } finally {
            CollectiveCall.left();
        }
        Reference.reachabilityFence(sbuf);
        Reference.reachabilityFence(rbuf);
        return true;
    }

    /** A type the direct paths take as it is: contiguous bytes, not objects. */
    private static boolean plain(Datatype t, int count) {
        return t != null && !t.isObject() && t.isContiguous() && count >= 0;
    }

    /**
     * A blocking gather, scatter, allgather or alltoall ({@code root} -1) of equal blocks of
     * contiguous types, run on the shared area by the calling thread with no call object, region
     * or array of its own: false, having done nothing, for anything else (objects, derived types,
     * send and receive blocks of different sizes, aliased buffers, what the general path would
     * refuse), which the general path then takes with the same decision.
     */
    private static boolean directBlocks(Comm c, String call, Collective which, Object sbuf, int soff, int scount,
                                        Datatype stype, Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        int n = c.size;
        boolean isRoot = c.rank == root;
        boolean scatter = which == Collective.SCATTER;
        boolean inPlace = scatter ? rbuf == IN_PLACE : sbuf == IN_PLACE;
        if (inPlace && (which == Collective.ALLTOALL || root >= 0 && !isRoot)) {
            return false;
        }
        // what this member reads and writes, in blocks: the root's whole buffer, or its own block
        boolean readsSend = scatter ? isRoot : !inPlace;
        boolean readsRecv = scatter ? !inPlace : which != Collective.GATHER || isRoot;
        int sendBlocks = scatter || which == Collective.ALLTOALL ? n : 1;
        int recvBlocks = scatter ? 1 : n;
        long block = -1;
        if (readsSend) {
            if (!plain(stype, scount)) {
                return false;
            }
            block = (long) scount * stype.size;
        }
        if (readsRecv) {
            if (!plain(rtype, rcount) || block >= 0 && (long) rcount * rtype.size != block) {
                return false;
            }
            block = (long) rcount * rtype.size;
        }
        if (block < 0 || (long) n * Math.max(scount, rcount) > Integer.MAX_VALUE
                || readsSend && readsRecv && sbuf != null && sbuf == rbuf && soff == roff && block > 0) {
            return false;
        }
        BoardCollectives g = board(c, call, MPI.engine(call), which, block);
        if (g == null) {
            return false;
        }
        Object sBase = inPlace && !scatter ? IN_PLACE : NOTHING;
        long s = B;
        if (readsSend) {
            s = Buffers.offset(c, call, "sendbuf", sbuf, soff, sendBlocks * scount, stype, false);
            sBase = Buffers.base(sbuf);
        }
        Object rBase = inPlace && scatter ? IN_PLACE : NOTHING;
        long r = B;
        if (readsRecv) {
            r = Buffers.offset(c, call, "recvbuf", rbuf, roff, recvBlocks * rcount, rtype, true);
            rBase = Buffers.base(rbuf);
        }
        CollectiveCall k = c.directCall(call);
        k.entered();
        try {
            int bytes = (int) block;
            switch (which) {
                case GATHER -> g.gather(sBase, s, bytes, rBase, r, root);
                case SCATTER -> g.scatter(sBase, s, rBase, r, bytes, root);
                case ALLGATHER -> g.allgather(sBase, s, bytes, rBase, r);
                default -> g.alltoall(sBase, s, rBase, r, bytes);
            }
        } catch (EngineException ex) {
            throw c.raise(ex, call);
        } finally {
            CollectiveCall.left();
        }
        Reference.reachabilityFence(sbuf);
        Reference.reachabilityFence(rbuf);
        return true;
    }

    static Request reduceScatter(Comm c, String call, boolean nb, Object sbuf, int soff, Object rbuf, int roff,
                                 int[] counts, Datatype type, Op op) {
        int span = CollectiveSpans.begin(call, c);
        try {
            return CollectiveSpans.end(span, reduceScatterInSpan(c, call, nb, sbuf, soff, rbuf, roff, counts, type, op));
        } catch (RuntimeException e) {
            CollectiveSpans.failed(span);
            throw e;
        }
    }

    /** {@link #reduceScatter} without its span: the collective itself ({@link ObjectCollectives}' steps run in their call's span). */
    static Request reduceScatterInSpan(Comm c, String call, boolean nb, Object sbuf, int soff, Object rbuf, int roff,
                                 int[] counts, Datatype type, Op op) {
        sbuf = unshared(sbuf, rbuf);
        if (c instanceof Intercomm) {
            return IntercommCollectives.reduceScatter((Intercomm) c, call, nb, sbuf, soff, rbuf, roff, counts,
                type, op);
        }
        Engine e = begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        perMember(c, call, "recvcounts", counts, ErrorClass.COUNT);
        type(c, call, "datatype", type);
        if (ObjectCollectives.involved(c, call, nb, type, type)) {
            ObjectCollectives.plainObjects(c, call, type);
            ObjectCollectives.reduceScatter(c, call, sbuf, soff, rbuf, roff, counts, op);
            return null;
        }
        long total = 0;
        for (int i = 0; i < c.size; i++) {
            total += counts[i];
        }
        if (total > Integer.MAX_VALUE) {
            throw c.raise(ErrorClass.COUNT, call + ": recvcounts add up to " + total + ", past 2^31 - 1");
        }
        int all = (int) total;
        boolean inPlace = sbuf == IN_PLACE;
        Reduction red = CollectiveData.reduction(k, op, type, CollectiveData.anyDirect(sbuf, rbuf));
        distinct(c, call, inPlace ? null : sbuf, soff, rbuf, roff, counts[c.rank]);
        CollectiveData.Region s = sendRegion(k, sbuf, soff, all, type);
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, inPlace ? all : counts[c.rank],
            type, true, inPlace);
        int[] cs = new int[c.size];
        for (int i = 0; i < cs.length; i++) {
            cs[i] = elements(counts[i], type, red);
        }
        return run(k, e, nb, sbuf, rbuf, tag -> Collectives.reduceScatter(e, c.worldRanks, c.rank, c.collContext,
            tag, s.base, s.offset, r.base, r.offset, cs, red));
    }

    /** MPI_Reduce_local: {@code inout = in op inout}, raised on {@code c}. */
    static void reduceLocal(Comm c, String call, Object in, int inOff, Object inout, int inoutOff, int count,
                            Datatype type, Op op) {
        MPI.check(call);
        CollectiveCall k = new CollectiveCall(c, call);
        count(c, call, "count", count);
        type(c, call, "datatype", type);
        if (type != null && type.isObject()) {
            ObjectCollectives.plainObjects(c, call, type);
            ObjectCollectives.checkOp(c, call, op);
            Object[] a = ObjectTransfer.objects(c, call, in, inOff, count);
            Object[] b = ObjectTransfer.objects(c, call, inout, inoutOff, count);
            ObjectCollectives.apply(c, call, op, a, inOff, b, inoutOff, count);
            return;
        }
        Reduction red = CollectiveData.reduction(k, op, type, CollectiveData.anyDirect(in, inout));
        CollectiveData.Region a = CollectiveData.region(k, "inbuf", in, inOff, count, type, false, true);
        CollectiveData.Region b = CollectiveData.region(k, "inoutbuf", inout, inoutOff, count, type, true, true);
        red.apply(a.base, a.offset, b.base, b.offset, elements(count, type, red));
        Reference.reachabilityFence(in);
        Reference.reachabilityFence(inout);
        if (k.userOp != null && k.userOp.failure != null) {
            Throwable f = k.userOp.failure;
            throw c.raise(f instanceof MPIException ? ((MPIException) f).getErrorClass() : ErrorClass.OP,
                call + ": the user function of " + op + " failed: " + f);
        }
    }
}

package mpi;

import java.util.Arrays;
import java.util.function.IntFunction;

import org.atollmpi.coll.Barrier;
import org.atollmpi.coll.Collectives;
import org.atollmpi.coll.Intergroup;
import org.atollmpi.coll.Reduction;
import org.atollmpi.coll.Sequence;
import org.atollmpi.engine.Addresses;
import org.atollmpi.engine.Engine;
import org.atollmpi.engine.ErrorClass;
import org.atollmpi.engine.Operation;

/**
 * The collectives of an {@link Intercomm}, with MPI's intercommunicator semantics (MPI-3.1
 * §5.2.2 and each collective's paragraph on intercommunicators). {@link CommCollectives} hands
 * every call on an intercommunicator here, with the same arguments and call name.
 *
 * <h2>What the arguments mean</h2>
 * <ul>
 * <li>Rooted collectives (bcast, gather(v), scatter(v), reduce) go from one group to the other.
 *     In the root's group the root passes {@code MPI.ROOT} and the other members
 *     {@code MPI.PROC_NULL} (they take no part, their other arguments are not looked at); the
 *     other group passes the root's rank in the remote group. Anything else is ERR_ROOT. The
 *     root's own send side (gather, reduce) or receive side (scatter) is not significant, so the
 *     Open MPI in-place forms, which pass {@code MPI.IN_PLACE} there at the root, are accepted.</li>
 * <li>In the other collectives each group receives the other group's data: allgather(v) the
 *     other group's blocks, allreduce the reduction of the other group's vectors,
 *     reduce_scatter(_block) the reduction of the other group's vectors scattered over this group,
 *     alltoall(v,w) block {@code j} from remote member {@code j}. Count and displacement arrays are
 *     indexed by remote rank, except reduce_scatter's {@code recvcounts}, by local rank (MPI:
 *     both groups' vectors have the same length).</li>
 * <li>MPI defines the in-place forms for intracommunicators only: {@code MPI.IN_PLACE} where it
 *     would be significant is ERR_ARG. Scan and exscan are not defined (ERR_COMM), and MPI.OBJECT
 *     travels only in the blocking collectives of intracommunicators (ERR_TYPE).</li>
 * </ul>
 *
 * <h2>How (Open MPI's coll/inter approach, built of group collectives)</h2>
 * Each call is group collectives of {@link Collectives} over one group or over the root followed
 * by a whole group ({@code [root, other group...]}, the root its rank 0), and
 * {@link Intergroup} steps between the groups; a {@link Sequence} runs them stage after stage,
 * each stage started by the completion of the one before, so the nonblocking forms progress by
 * themselves like any collective:
 * <ul>
 * <li>barrier: a dissemination barrier over both groups.</li>
 * <li>bcast, gather(v), scatter(v): one group collective over {@code [root, other group...]}.</li>
 * <li>reduce: a reduction in the other group to its leader (rank 0), which sends the result to
 *     the root.</li>
 * <li>allreduce: a reduction in each group to its leader; the leaders swap the results; a
 *     broadcast from the leader in each group. reduce_scatter(_block) likewise, with a scatterv
 *     by this group's {@code recvcounts} instead of the broadcast.</li>
 * <li>allgather(v): each group's blocks gathered straight into the other group's leader
 *     (gathers over {@code [leader, other group...]}, both at once), then a broadcast from the
 *     leader in each group.</li>
 * <li>alltoall(v,w): pairwise exchange between the groups ({@link Intergroup#alltoallw}).</li>
 * </ul>
 *
 * <p>Call tags: every call takes {@link #TAGS} consecutive call tags and each stage uses its own,
 * so no stage's messages can meet another's. A schedule that spans the groups must use the same
 * tag in both: the two concurrent gathers of allgather are told apart by which group's leader
 * they fill (the group that comes first in {@link Comm#creators} gets the first tag), not by the
 * caller's side.
 */
final class IntercommCollectives {
    /** Call tags each collective on an intercommunicator takes: one per stage, three at most. */
    static final int TAGS = 3;

    private static final long B = Addresses.BYTE_ARRAY_BASE;
    private static final byte[] NOTHING = Buffers.EMPTY;

    /** This member's part in a rooted collective. */
    private enum Role {
        /** {@code MPI.ROOT}. */
        ROOT,
        /** {@code MPI.PROC_NULL}: in the root's group, not the root. */
        NONE,
        /** In the other group; {@code root} is the root's rank there. */
        OTHER
    }

    private IntercommCollectives() {
    }

    // ================================================================ common

    private static Role role(Intercomm c, String call, int root) {
        if (root == MPI.ROOT) {
            return Role.ROOT;
        }
        if (root == MPI.PROC_NULL) {
            return Role.NONE;
        }
        if (root < 0 || root >= c.size) {
            throw c.raise(ErrorClass.ROOT, call + ": root " + root + " is not MPI.ROOT, MPI.PROC_NULL or a rank of"
                + " the remote group (size " + c.size + ")");
        }
        return Role.OTHER;
    }

    /** {@code [first, group...]}: a group collective from or to {@code first} over {@code group}, as rank 0. */
    private static int[] rootFirst(int first, int[] group) {
        int[] g = new int[group.length + 1];
        g[0] = first;
        System.arraycopy(group, 0, g, 1, group.length);
        return g;
    }

    /** {@code a} behind a 0 for the root of a {@link #rootFirst} group. */
    private static int[] behindZero(int[] a) {
        int[] b = new int[a.length + 1];
        System.arraycopy(a, 0, b, 1, a.length);
        return b;
    }

    /** A member with no part in the call still takes its call tags, and completes at once. */
    private static Request none(CollectiveCall k, Engine e, boolean nb) {
        return run(k, e, nb, null, null, tag -> new Sequence(e, k.comm.collContext).start());
    }

    private static Request run(CollectiveCall k, Engine e, boolean nb, Object a, Object b,
                               IntFunction<Operation> start) {
        return CommCollectives.run(k, e, nb, a, b, TAGS, start);
    }

    private static void notInPlace(Intercomm c, String call, String arg, Object buf) {
        if (buf == CommCollectives.IN_PLACE) {
            throw c.raise(ErrorClass.ARG, call + ": " + arg + " is MPI.IN_PLACE: the in-place forms are not defined"
                + " on intercommunicators");
        }
    }

    private static void noObjects(Intercomm c, String call, Datatype type) {
        if (type != null && type.isObject()) {
            throw c.raise(ErrorClass.TYPE, call + ": MPI.OBJECT is not supported in collectives on"
                + " intercommunicators");
        }
    }

    /** The world rank of this member. */
    private static int self(Intercomm c) {
        return c.localWorldRanks[c.rank];
    }

    // ================================================================ barrier and broadcast

    static Request barrier(Intercomm c, String call, boolean nb) {
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        int[] both = c.creators();
        int me = c.creatorIndex();
        return run(k, e, nb, null, null, tag -> Barrier.start(e, both, me, c.collContext, tag));
    }

    static Request bcast(Intercomm c, String call, boolean nb, Object buf, int off, int count, Datatype type,
                         int root) {
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        Role role = role(c, call, root);
        if (role == Role.NONE) {
            return none(k, e, nb);
        }
        noObjects(c, call, type);
        CommCollectives.count(c, call, "count", count);
        CollectiveData.Region r = CollectiveData.region(k, "buf", buf, off, count, type, role == Role.OTHER, true);
        int bytes = CommCollectives.bytes(count, type);
        int[] g = role == Role.ROOT ? rootFirst(self(c), c.worldRanks) : rootFirst(c.worldRanks[root],
            c.localWorldRanks);
        int me = role == Role.ROOT ? 0 : c.rank + 1;
        return run(k, e, nb, buf, null, tag -> Collectives.bcast(e, g, me, c.collContext, tag, r.base, r.offset,
            bytes, 0));
    }

    // ================================================================ gather and scatter

    static Request gather(Intercomm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                          Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        c.live(call);
        if (role(c, call, root) != Role.ROOT) {
            return gatherv(c, call, nb, sbuf, soff, scount, stype, null, 0, null, null, null, root);
        }
        int[] displs = CommCollectives.uniformDispls(c, call, "recvcount", rcount);
        CommCollectives.type(c, call, "recvtype", rtype);
        return gatherv(c, call, nb, sbuf, soff, scount, stype, rbuf, roff, CommCollectives.filled(c.size, rcount),
            displs, rtype, root);
    }

    /** The root receives remote member {@code i}'s block at {@code displs[i]}; the others send theirs. */
    static Request gatherv(Intercomm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                           Object rbuf, int roff, int[] rcounts, int[] displs, Datatype rtype, int root) {
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        Role role = role(c, call, root);
        if (role == Role.NONE) {
            return none(k, e, nb);
        }
        if (role == Role.OTHER) {
            notInPlace(c, call, "sendbuf", sbuf);
            noObjects(c, call, stype);
            CommCollectives.count(c, call, "sendcount", scount);
            CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff, scount, stype, false, true);
            int sbytes = CommCollectives.bytes(scount, stype);
            int[] g = rootFirst(c.worldRanks[root], c.localWorldRanks);
            int[] unused = new int[g.length];
            return run(k, e, nb, sbuf, null, tag -> Collectives.gatherv(e, g, c.rank + 1, c.collContext, tag,
                s.base, s.offset, sbytes, NOTHING, B, unused, unused, 0));
        }
        CommCollectives.perMember(c, call, "recvcounts", rcounts, ErrorClass.COUNT);
        CommCollectives.perMember(c, call, "displs", displs, ErrorClass.ARG);
        CommCollectives.type(c, call, "recvtype", rtype);
        noObjects(c, call, rtype);
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff,
            CommCollectives.end(c, call, rcounts, displs), rtype, true, false);
        int[] rbytes = behindZero(CommCollectives.times(c, rcounts, rtype));
        int[] rdispls = behindZero(CommCollectives.byteDispls(c, displs, rtype));
        int[] g = rootFirst(self(c), c.worldRanks);
        return run(k, e, nb, null, rbuf, tag -> Collectives.gatherv(e, g, 0, c.collContext, tag, NOTHING, B, 0,
            r.base, r.offset, rbytes, rdispls, 0));
    }

    static Request scatter(Intercomm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                           Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        c.live(call);
        if (role(c, call, root) != Role.ROOT) {
            return scatterv(c, call, nb, null, 0, null, null, null, rbuf, roff, rcount, rtype, root);
        }
        int[] displs = CommCollectives.uniformDispls(c, call, "sendcount", scount);
        return scatterv(c, call, nb, sbuf, soff, CommCollectives.filled(c.size, scount), displs, stype, rbuf, roff,
            rcount, rtype, root);
    }

    /** The root sends remote member {@code i} its block at {@code displs[i]}; the others receive theirs. */
    static Request scatterv(Intercomm c, String call, boolean nb, Object sbuf, int soff, int[] scounts, int[] displs,
                            Datatype stype, Object rbuf, int roff, int rcount, Datatype rtype, int root) {
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        Role role = role(c, call, root);
        if (role == Role.NONE) {
            return none(k, e, nb);
        }
        if (role == Role.OTHER) {
            notInPlace(c, call, "recvbuf", rbuf);
            noObjects(c, call, rtype);
            CommCollectives.count(c, call, "recvcount", rcount);
            CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, rcount, rtype, true, false);
            int rbytes = CommCollectives.bytes(rcount, rtype);
            int[] g = rootFirst(c.worldRanks[root], c.localWorldRanks);
            int[] unused = new int[g.length];
            return run(k, e, nb, null, rbuf, tag -> Collectives.scatterv(e, g, c.rank + 1, c.collContext, tag,
                NOTHING, B, unused, unused, r.base, r.offset, rbytes, 0));
        }
        CommCollectives.perMember(c, call, "sendcounts", scounts, ErrorClass.COUNT);
        CommCollectives.perMember(c, call, "displs", displs, ErrorClass.ARG);
        CommCollectives.type(c, call, "sendtype", stype);
        noObjects(c, call, stype);
        CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff,
            CommCollectives.end(c, call, scounts, displs), stype, false, true);
        int[] sbytes = behindZero(CommCollectives.times(c, scounts, stype));
        int[] sdispls = behindZero(CommCollectives.byteDispls(c, displs, stype));
        int[] g = rootFirst(self(c), c.worldRanks);
        return run(k, e, nb, sbuf, null, tag -> Collectives.scatterv(e, g, 0, c.collContext, tag, s.base, s.offset,
            sbytes, sdispls, NOTHING, B, 0, 0));
    }

    // ================================================================ allgather

    static Request allGather(Intercomm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                             Object rbuf, int roff, int rcount, Datatype rtype) {
        c.live(call);
        int[] displs = CommCollectives.uniformDispls(c, call, "recvcount", rcount);
        return allGatherv(c, call, nb, sbuf, soff, scount, stype, rbuf, roff, CommCollectives.filled(c.size, rcount),
            displs, rtype);
    }

    /**
     * Remote member {@code i}'s block lands at {@code displs[i]}. When the blocks lie end to end
     * in rank order (allgather, and most allgatherv), they are gathered and broadcast in the
     * receive buffer itself; otherwise in a temporary that each member then copies into the
     * blocks, so the bytes between them stay untouched.
     */
    static Request allGatherv(Intercomm c, String call, boolean nb, Object sbuf, int soff, int scount,
                              Datatype stype, Object rbuf, int roff, int[] rcounts, int[] displs, Datatype rtype) {
        sbuf = CommCollectives.unshared(sbuf, rbuf);
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        notInPlace(c, call, "sendbuf", sbuf);
        noObjects(c, call, stype);
        noObjects(c, call, rtype);
        CommCollectives.count(c, call, "sendcount", scount);
        CommCollectives.perMember(c, call, "recvcounts", rcounts, ErrorClass.COUNT);
        CommCollectives.perMember(c, call, "displs", displs, ErrorClass.ARG);
        CommCollectives.type(c, call, "recvtype", rtype);
        CommCollectives.distinct(c, call, sbuf, soff, rbuf, roff, scount);
        CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff, scount, stype, false, true);
        int sbytes = CommCollectives.bytes(scount, stype);
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff,
            CommCollectives.end(c, call, rcounts, displs), rtype, true, false);
        int[] rbytes = CommCollectives.times(c, rcounts, rtype);
        int[] rdispls = CommCollectives.byteDispls(c, displs, rtype);
        int last = c.size - 1;
        int[] packed = new int[c.size];
        for (int i = 1; i <= last; i++) {
            packed[i] = packed[i - 1] + rbytes[i - 1];
        }
        int bytes = packed[last] + rbytes[last];
        boolean inOrder = Arrays.equals(packed, rdispls);
        Object base = inOrder ? r.base : new byte[bytes];
        long offset = inOrder ? r.offset : B;
        boolean leader = c.rank == 0;
        int[] intoMine = rootFirst(c.localWorldRanks[0], c.worldRanks);
        int[] intoTheirs = rootFirst(c.worldRanks[0], c.localWorldRanks);
        int[] rootBytes = behindZero(rbytes);
        int[] rootDispls = behindZero(packed);
        int[] unused = new int[intoTheirs.length];
        int first = c.localFirst() ? 0 : 1;
        int[] local = c.localWorldRanks;
        int ctx = c.collContext;
        Sequence.Stage unpack = () -> {
            for (int i = 0; i <= last; i++) {
                Addresses.copy(base, offset + packed[i], r.base, r.offset + rdispls[i], rbytes[i]);
            }
            return null;
        };
        return run(k, e, nb, sbuf, rbuf, tag -> {
            Sequence stages = new Sequence(e, ctx)
                .then(() -> leader ? Collectives.gatherv(e, intoMine, 0, ctx, tag + first, NOTHING, B, 0, base,
                        offset, rootBytes, rootDispls, 0) : null,
                    () -> Collectives.gatherv(e, intoTheirs, c.rank + 1, ctx, tag + 1 - first, s.base, s.offset,
                        sbytes, NOTHING, B, unused, unused, 0))
                .then(() -> Collectives.bcast(e, local, c.rank, ctx, tag + 2, base, offset, bytes, 0));
            return (inOrder ? stages : stages.then(unpack)).start();
        });
    }

    // ================================================================ alltoall

    static Request allToAll(Intercomm c, String call, boolean nb, Object sbuf, int soff, int scount, Datatype stype,
                            Object rbuf, int roff, int rcount, Datatype rtype) {
        c.live(call);
        int n = c.size;
        int[] sd = CommCollectives.uniformDispls(c, call, "sendcount", scount);
        int[] rd = CommCollectives.uniformDispls(c, call, "recvcount", rcount);
        return allToAllv(c, call, nb, sbuf, soff, CommCollectives.filled(n, scount), sd, stype, rbuf, roff,
            CommCollectives.filled(n, rcount), rd, rtype);
    }

    static Request allToAllv(Intercomm c, String call, boolean nb, Object sbuf, int soff, int[] scounts,
                             int[] sdispls, Datatype stype, Object rbuf, int roff, int[] rcounts, int[] rdispls,
                             Datatype rtype) {
        sbuf = CommCollectives.unshared(sbuf, rbuf);
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        notInPlace(c, call, "sendbuf", sbuf);
        CommCollectives.perMember(c, call, "sendcounts", scounts, ErrorClass.COUNT);
        CommCollectives.perMember(c, call, "sdispls", sdispls, ErrorClass.ARG);
        CommCollectives.perMember(c, call, "recvcounts", rcounts, ErrorClass.COUNT);
        CommCollectives.perMember(c, call, "rdispls", rdispls, ErrorClass.ARG);
        CommCollectives.type(c, call, "sendtype", stype);
        CommCollectives.type(c, call, "recvtype", rtype);
        int send = CommCollectives.end(c, call, scounts, sdispls);
        int recv = CommCollectives.end(c, call, rcounts, rdispls);
        CommCollectives.distinct(c, call, sbuf, soff, rbuf, roff, Math.min(send, recv));
        CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff, send, stype, false, true);
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, recv, rtype, true, false);
        int[] sb = CommCollectives.times(c, scounts, stype);
        int[] sd = CommCollectives.byteDispls(c, sdispls, stype);
        int[] rb = CommCollectives.times(c, rcounts, rtype);
        int[] rd = CommCollectives.byteDispls(c, rdispls, rtype);
        return run(k, e, nb, sbuf, rbuf, tag -> Intergroup.alltoallw(e, c.worldRanks, c.rank,
            c.localWorldRanks.length, c.collContext, tag, s.base, s.offset, sb, sd, r.base, r.offset, rb, rd));
    }

    static Request allToAllw(Intercomm c, String call, boolean nb, Object sbuf, int[] scounts, int[] sdispls,
                             Datatype[] stypes, Object rbuf, int[] rcounts, int[] rdispls, Datatype[] rtypes) {
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        notInPlace(c, call, "sendBuf", sbuf);
        CommCollectives.perMember(c, call, "sendCount", scounts, ErrorClass.COUNT);
        CommCollectives.perMember(c, call, "sDispls", sdispls, ErrorClass.ARG);
        CommCollectives.perMember(c, call, "recvCount", rcounts, ErrorClass.COUNT);
        CommCollectives.perMember(c, call, "rDispls", rdispls, ErrorClass.ARG);
        int[] sd = sdispls.clone();
        int[] rd = rdispls.clone();
        CollectiveData.Region s = CommCollectives.blocksW(k, "sendBuf", sbuf, scounts, sd, stypes, false);
        CollectiveData.Region r = CommCollectives.blocksW(k, "recvBuf", rbuf, rcounts, rd, rtypes, true);
        int[] sb = new int[c.size];
        int[] rb = new int[c.size];
        for (int i = 0; i < c.size; i++) {
            sb[i] = scounts[i] == 0 ? 0 : CommCollectives.bytes(scounts[i], stypes[i]);
            rb[i] = rcounts[i] == 0 ? 0 : CommCollectives.bytes(rcounts[i], rtypes[i]);
        }
        return run(k, e, nb, sbuf, rbuf, tag -> Intergroup.alltoallw(e, c.worldRanks, c.rank,
            c.localWorldRanks.length, c.collContext, tag, s.base, s.offset, sb, sd, r.base, r.offset, rb, rd));
    }

    // ================================================================ reductions

    /** The root receives the reduction of the other group's vectors, in their rank order. */
    static Request reduce(Intercomm c, String call, boolean nb, Object sbuf, int soff, Object rbuf, int roff,
                          int count, Datatype type, Op op, int root) {
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        Role role = role(c, call, root);
        if (role != Role.OTHER && op != null && !op.freed && op.code == Op.USER) {
            // the root's group applies no function, but joins the agreement on whether the other's failed
            k.userOp = new CollectiveData.UserOp(op, type, false);
        }
        if (role == Role.NONE) {
            return none(k, e, nb);
        }
        CommCollectives.count(c, call, "count", count);
        CommCollectives.type(c, call, "datatype", type);
        int bytes = CommCollectives.bytes(count, type);
        int ctx = c.collContext;
        if (role == Role.ROOT) {
            CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, count, type, true, false);
            int leader = c.worldRanks[0];
            return run(k, e, nb, null, rbuf, tag -> Intergroup.exchange(e, ctx, tag + 1, -1, NOTHING, B, 0, leader,
                r.base, r.offset, bytes));
        }
        notInPlace(c, call, "sendbuf", sbuf);
        Reduction red = CollectiveData.reduction(k, op, type, CollectiveData.anyDirect(sbuf, rbuf));
        CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff, count, type, false, true);
        int m = CommCollectives.elements(count, type, red);
        boolean leader = c.rank == 0;
        byte[] result = leader ? new byte[bytes] : NOTHING;
        int to = c.worldRanks[root];
        return run(k, e, nb, sbuf, null, tag -> new Sequence(e, ctx)
            .then(() -> Collectives.reduce(e, c.localWorldRanks, c.rank, ctx, tag, s.base, s.offset, result, B, m,
                red, 0))
            .then(() -> leader ? Intergroup.exchange(e, ctx, tag + 1, to, result, B, bytes, -1, NOTHING, B, 0)
                : null)
            .start());
    }

    static Request allReduce(Intercomm c, String call, boolean nb, int which, Object sbuf, int soff, Object rbuf,
                             int roff, int count, Datatype type, Op op) {
        sbuf = CommCollectives.unshared(sbuf, rbuf);
        c.live(call);
        // Only Intracomm has scan and exScan: this keeps the entry point right for every kind.
        if (which == CommCollectives.SCAN || which == CommCollectives.EXSCAN) {
            throw c.raise(ErrorClass.COMM, call + ": MPI defines no " + (which == CommCollectives.SCAN ? "scan" : "exscan")
                + " on intercommunicators");
        }
        if (which == CommCollectives.REDUCE_SCATTER_BLOCK) {
            CommCollectives.count(c, call, "recvcount", count);
            return reduceScatter(c, call, nb, sbuf, soff, rbuf, roff,
                CommCollectives.filled(c.localWorldRanks.length, count), type, op);
        }
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        notInPlace(c, call, "sendbuf", sbuf);
        CommCollectives.count(c, call, "count", count);
        CommCollectives.type(c, call, "datatype", type);
        Reduction red = CollectiveData.reduction(k, op, type, CollectiveData.anyDirect(sbuf, rbuf));
        CommCollectives.distinct(c, call, sbuf, soff, rbuf, roff, count);
        CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff, count, type, false, true);
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, count, type, true, false);
        int m = CommCollectives.elements(count, type, red);
        int bytes = CommCollectives.bytes(count, type);
        return run(k, e, nb, sbuf, rbuf, tag -> acrossLeaders(c, e, tag, s, m, red, bytes, r.base, r.offset,
            () -> Collectives.bcast(e, c.localWorldRanks, c.rank, c.collContext, tag + 2, r.base, r.offset, bytes,
                0)));
    }

    /**
     * This group's {@code recvcounts} (by local rank) of the reduction of the other group's
     * vectors, all {@code sum(recvcounts)} long.
     */
    static Request reduceScatter(Intercomm c, String call, boolean nb, Object sbuf, int soff, Object rbuf, int roff,
                                 int[] counts, Datatype type, Op op) {
        sbuf = CommCollectives.unshared(sbuf, rbuf);
        Engine e = CommCollectives.begin(c, call);
        CollectiveCall k = new CollectiveCall(c, call);
        notInPlace(c, call, "sendbuf", sbuf);
        int n = c.localWorldRanks.length;
        if (counts == null) {
            throw c.raise(ErrorClass.ARG, call + ": recvcounts is null");
        }
        if (counts.length < n) {
            throw c.raise(ErrorClass.ARG, call + ": recvcounts has " + counts.length + " entries, fewer than the " + n
                + " members of the local group");
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            CommCollectives.count(c, call, "recvcounts[" + i + "]", counts[i]);
            total += counts[i];
        }
        if (total > Integer.MAX_VALUE) {
            throw c.raise(ErrorClass.COUNT, call + ": recvcounts add up to " + total + ", past 2^31 - 1");
        }
        CommCollectives.type(c, call, "datatype", type);
        Reduction red = CollectiveData.reduction(k, op, type, CollectiveData.anyDirect(sbuf, rbuf));
        CommCollectives.distinct(c, call, sbuf, soff, rbuf, roff, counts[c.rank]);
        CollectiveData.Region s = CollectiveData.region(k, "sendbuf", sbuf, soff, (int) total, type, false, true);
        CollectiveData.Region r = CollectiveData.region(k, "recvbuf", rbuf, roff, counts[c.rank], type, true, false);
        int[] blockBytes = new int[n];
        int[] displs = new int[n];
        int at = 0;
        for (int i = 0; i < n; i++) {
            blockBytes[i] = CommCollectives.bytes(counts[i], type);
            displs[i] = at;
            at += blockBytes[i];
        }
        int m = CommCollectives.elements((int) total, type, red);
        int bytes = at;
        byte[] theirs = c.rank == 0 ? new byte[bytes] : NOTHING;
        return run(k, e, nb, sbuf, rbuf, tag -> acrossLeaders(c, e, tag, s, m, red, bytes, theirs, B,
            () -> Collectives.scatterv(e, c.localWorldRanks, c.rank, c.collContext, tag + 2, theirs, B, blockBytes,
                displs, r.base, r.offset, blockBytes[c.rank], 0)));
    }

    /**
     * Whether a user function failed anywhere on {@code c}, as a schedule (a nonblocking
     * reduction's agreement, {@link CollectiveCall}): two MAX rounds across of one int,
     * {@code flag} in, {@code any[0]} the other group's maximum and {@code any[1]}, of those, this
     * group's. Takes the call tags {@code tag .. tag + 2 * TAGS - 1}.
     */
    static Operation agreeOnMax(Intercomm c, Engine e, int tag, int[] flag, int[] any, Reduction max) {
        int[] second = new int[1];
        int ctx = c.collContext;
        return new Sequence(e, ctx)
            .then(() -> acrossLeaders(c, e, tag, new CollectiveData.Region(flag, Addresses.INT_ARRAY_BASE), 1, max, 4,
                any, Addresses.INT_ARRAY_BASE, () -> Collectives.bcast(e, c.localWorldRanks, c.rank, ctx, tag + 2, any,
                    Addresses.INT_ARRAY_BASE, 4, 0)))
            .then(() -> {
                second[0] = any[0];
                return acrossLeaders(c, e, tag + TAGS, new CollectiveData.Region(second, Addresses.INT_ARRAY_BASE), 1,
                    max, 4, any, Addresses.INT_ARRAY_BASE + 4, () -> Collectives.bcast(e, c.localWorldRanks, c.rank,
                        ctx, tag + TAGS + 2, any, Addresses.INT_ARRAY_BASE + 4, 4, 0));
            })
            .start();
    }

    /**
     * Allreduce and reduce_scatter: the reduction of {@code s} ({@code count} elements,
     * {@code bytes} long) in this group to its leader, the leaders' swap, the leader receiving the
     * other group's result at {@code (theirs, offset)}; then {@code spread} (from the leader to
     * this group), with the call's tags 0, 1 and 2.
     */
    private static Operation acrossLeaders(Intercomm c, Engine e, int tag, CollectiveData.Region s, int count,
                                           Reduction red, int bytes, Object theirs, long offset,
                                           Sequence.Stage spread) {
        boolean leader = c.rank == 0;
        int ctx = c.collContext;
        byte[] mine = leader ? new byte[bytes] : NOTHING;
        int remoteLeader = c.worldRanks[0];
        return new Sequence(e, ctx)
            .then(() -> Collectives.reduce(e, c.localWorldRanks, c.rank, ctx, tag, s.base, s.offset, mine, B, count,
                red, 0))
            .then(() -> leader ? Intergroup.exchange(e, ctx, tag + 1, remoteLeader, mine, B, bytes, remoteLeader,
                theirs, offset, bytes) : null)
            .then(spread)
            .start();
    }
}

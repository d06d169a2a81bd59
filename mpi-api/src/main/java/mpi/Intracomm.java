package mpi;

import java.nio.Buffer;

import org.atollmpi.engine.Engine;
import org.atollmpi.engine.ErrorClass;

/**
 * A communicator whose members talk among themselves. The collectives common to both kinds of
 * communicator are in {@link Comm}; scan/exScan and the mpiJava forms with offsets are here, all
 * implemented in {@code CommCollectives}. Creation of communicators (split, create, createGroup,
 * topologies) is here and in {@link Topology}.
 *
 * <p><b>Dialects.</b> Open MPI: {@code split}, {@code create}, {@code createGroup},
 * {@code createCart}/{@code createGraph}/{@code createDistGraph*}, {@code scan}/{@code exScan}
 * and their {@code i*} forms. mpiJava 1.2 / MPJ Express: {@code Split}, {@code Create},
 * {@code Create_cart}, {@code Create_graph} and the capitalised collectives with element offsets
 * ({@code Bcast}, {@code Gather}, {@code Allreduce}, {@code Reduce_scatter}, {@code Scan} ...).
 * Ports ({@code openPort}, {@code accept}, {@code connect}, {@code publishName} ...) join groups
 * of one job or of two, and {@code spawn}/{@code spawnMultiple} start jobs through mpirun ({@link Ports}).
 */
public class Intracomm extends Comm {
    Intracomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    /** mpiJava: {@link #barrier()}. */
    public void Barrier() {
        barrier("Barrier");
    }

    // ================================================================ communicator creation

    /**
     * The members with colour {@code colour}, ordered by key then by rank here; MPI.UNDEFINED
     * gives a null communicator. All results share one context pair, agreed over the whole
     * communicator (disjoint groups never talk to each other). Collective.
     */
    final Intracomm split(int colour, int key, String call) {
        return (Intracomm) splitAs(colour, key, call, Intracomm.class, nullIntracomm());
    }

    /** {@link #split} building a {@code kind} (a topology's class); {@code none} where the colour is UNDEFINED. */
    final Comm splitAs(int colour, int key, String call, Class<? extends Comm> kind, Comm none) {
        live(call);
        if (colour < 0 && colour != MPI.UNDEFINED) {
            throw raise(ErrorClass.ARG, call + ": colour " + colour + " is negative (use MPI.UNDEFINED to take no part)");
        }
        int[] all = Agreement.allgather(this, call, localWorldRanks, rank, collContext, new int[] {colour, key});
        int pair = newContextPair(call);
        if (colour == MPI.UNDEFINED) {
            ContextIds.get().release(pair);
            return none;
        }
        int n = 0;
        Integer[] order = new Integer[localWorldRanks.length];
        for (int i = 0; i < localWorldRanks.length; i++) {
            if (all[2 * i] == colour) {
                order[n++] = i;
            }
        }
        Integer[] chosen = java.util.Arrays.copyOf(order, n);
        java.util.Arrays.sort(chosen, (a, b) -> all[2 * a + 1] != all[2 * b + 1]
            ? Integer.compare(all[2 * a + 1], all[2 * b + 1]) : Integer.compare(a, b));
        int[] members = new int[n];
        int me = -1;
        for (int i = 0; i < n; i++) {
            members[i] = localWorldRanks[chosen[i]];
            if (chosen[i] == rank) {
                me = i;
            }
        }
        return build(kind, pair, members, me, members);
    }

    /**
     * The first {@code n} processes with topology {@code t}, as a {@code kind} (CartComm or
     * GraphComm); a null one of that class for the others. Collective.
     */
    final Comm withTopology(String call, int n, Topology t, Class<? extends Comm> kind) {
        int pair = newContextPair(call);
        if (rank >= n) {
            ContextIds.get().release(pair);
            return nullOf(kind);
        }
        int[] members = java.util.Arrays.copyOf(localWorldRanks, n);
        Comm c = build(kind, pair, members, rank, members);
        c.topology = t;
        return c;
    }

    /** A null communicator of class {@code kind}. */
    static Comm nullOf(Class<? extends Comm> kind) {
        if (kind == CartComm.class) {
            return new CartComm("MPI_COMM_NULL", -1, -1);
        }
        if (kind == GraphComm.class) {
            return new GraphComm("MPI_COMM_NULL", -1, -1);
        }
        return nullIntracomm();
    }

    /** The members of {@code group} (a subset of this group), in the group's order; a null communicator elsewhere. Collective. */
    final Intracomm create(Group group, String call) {
        live(call);
        int[] members = checkedSubgroup(group, call);
        int pair = newContextPair(call);
        int me = Group.indexOf(members, MPI.COMM_WORLD.rank);
        if (me == MPI.UNDEFINED) {
            ContextIds.get().release(pair);
            return nullIntracomm();
        }
        return build(Intracomm.class, pair, members, me, members);
    }

    /** The group's world ranks, after checking that it is a group of processes of this communicator. */
    final int[] checkedSubgroup(Group group, String call) {
        if (group == null) {
            throw raise(ErrorClass.GROUP, call + ": group is null");
        }
        int[] members = group.worldRanks;
        if (members == null) {
            throw raise(ErrorClass.GROUP, call + ": group is MPI.GROUP_NULL (or freed)");
        }
        for (int i = 0; i < members.length; i++) {
            if (Group.indexOf(localWorldRanks, members[i]) == MPI.UNDEFINED) {
                throw raise(ErrorClass.GROUP, call + ": member " + i + " of the group (world rank " + members[i]
                    + ") is not in " + this);
            }
        }
        return members;
    }

    // ================================================================ the rest of the public surface (both dialects)

    public Intracomm clone() {
        return (Intracomm) duplicate("clone", null);
    }

    public Intracomm dup() {
        return (Intracomm) duplicate("dup", null);
    }

    public Intracomm iDup() {
        return (Intracomm) duplicateNow("iDup");
    }

    public Intracomm dupWithInfo(Info info) {
        return (Intracomm) duplicate("dupWithInfo", info);
    }

    public final Intracomm split(int colour, int key) {
        return split(colour, key, "split");
    }

    public final Intracomm splitType(int splitType, int key, Info info) {
        live("splitType");
        if (splitType != TYPE_SHARED && splitType != MPI.UNDEFINED) {
            throw raise(ErrorClass.ARG, "splitType: splitType " + splitType
                + " is neither Comm.TYPE_SHARED nor MPI.UNDEFINED");
        }
        if (splitType == MPI.UNDEFINED) {
            return split(MPI.UNDEFINED, key, "splitType");
        }
        // The ranks that share this rank's board memory (its node) are the colour: the lowest of
        // them in this communicator, the same at each of them since sharing is per node. On one
        // node that is every rank; a job across nodes splits per node.
        Engine engine = MPI.engine("splitType");
        int colour = getRank();
        for (int r = 0; r < worldRanks.length; r++) {
            if (engine.sharesBoardWith(worldRanks[r])) {
                colour = r;
                break;
            }
        }
        return split(colour, key, "splitType");
    }

    public final Intracomm create(Group group) {
        return create(group, "create");
    }

    public final Intracomm createGroup(Group group, int tag) {
        String call = "createGroup";
        live(call);
        int[] members = checkedSubgroup(group, call);
        if (tag < 0 || tag > MPI.TAG_UB) {
            throw raise(ErrorClass.TAG, call + ": tag " + tag + " is not between 0 and MPI.TAG_UB (" + MPI.TAG_UB + ")");
        }
        int me = Group.indexOf(members, MPI.COMM_WORLD.rank);
        if (me == MPI.UNDEFINED) {
            throw raise(ErrorClass.GROUP, call + ": this process (rank " + rank + ") is not in the group; only its"
                + " members call createGroup");
        }
        int pair = newContextPair(call, members, me, collContext, Agreement.groupTag(tag));
        return build(Intracomm.class, pair, members, me, members);
    }

    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) {
        return Topology.createCart(this, dims, periods, "createCart");
    }

    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) {
        return Topology.createGraph(this, index, edges, "createGraph");
    }

    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, Info info, boolean reorder) {
        return Topology.createDistGraph(this, sources, degrees, destinations, weights, true, "createDistGraph");
    }

    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info, boolean reorder) {
        return Topology.createDistGraph(this, sources, degrees, destinations, null, false, "createDistGraph");
    }

    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, Info info, boolean reorder) {
        return Topology.createDistGraphAdjacent(this, sources, sourceWeights, destinations, destWeights, true,
            "createDistGraphAdjacent");
    }

    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder) {
        return Topology.createDistGraphAdjacent(this, sources, null, destinations, null, false,
            "createDistGraphAdjacent");
    }

    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        CommCollectives.allReduce(this, "scan", false, CommCollectives.SCAN, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final void scan(Object recvbuf, int count, Datatype type, Op op) {
        CommCollectives.allReduce(this, "scan", false, CommCollectives.SCAN, CommCollectives.IN_PLACE, 0, recvbuf, 0, count, type, op);
    }

    public final Request iScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iScan", true, CommCollectives.SCAN, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final Request iScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iScan", true, CommCollectives.SCAN, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final Request iScan(Buffer buf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iScan", true, CommCollectives.SCAN, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final Request iScan(Object buf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iScan", true, CommCollectives.SCAN, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        CommCollectives.allReduce(this, "exScan", false, CommCollectives.EXSCAN, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final void exScan(Object buf, int count, Datatype type, Op op) {
        CommCollectives.allReduce(this, "exScan", false, CommCollectives.EXSCAN, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final Request iExScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iExScan", true, CommCollectives.EXSCAN, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final Request iExScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iExScan", true, CommCollectives.EXSCAN, sendbuf, 0, recvbuf, 0, count, type, op);
    }

    public final Request iExScan(Buffer buf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iExScan", true, CommCollectives.EXSCAN, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    public final Request iExScan(Object buf, int count, Datatype type, Op op) {
        return CommCollectives.allReduce(this, "iExScan", true, CommCollectives.EXSCAN, CommCollectives.IN_PLACE, 0, buf, 0, count, type, op);
    }

    /**
     * MPI_Open_port: a port name that groups of this job connect through ({@link #accept} at this
     * rank, {@link #connect} anywhere in the job); see {@link Ports}. Ports of another job (two
     * mpirun runs) are not supported yet.
     */
    public static String openPort() {
        return Ports.open("Intracomm.openPort");
    }

    public static String openPort(Info info) {
        return Ports.open("Intracomm.openPort");
    }

    public static void closePort(String name) {
        Ports.close("Intracomm.closePort", name);
    }

    /** MPI_Comm_accept: collective over this communicator; {@code port} is read at {@code root}, which opened it. */
    public final Intercomm accept(String port, int root) {
        return Ports.accept(this, "accept", port, root);
    }

    public final Intercomm accept(String port, Info info, int root) {
        return Ports.accept(this, "accept", port, root);
    }

    /** MPI_Comm_connect: collective over this communicator; {@code port} is read at {@code root}. */
    public final Intercomm connect(String port, int root) {
        return Ports.connect(this, "connect", port, root);
    }

    public final Intercomm connect(String port, Info info, int root) {
        return Ports.connect(this, "connect", port, root);
    }

    /** MPI_Publish_name: every rank of the job (on this host) can look {@code service} up. */
    public static void publishName(String service, String port) {
        Ports.publish("Intracomm.publishName", service, port);
    }

    public static void publishName(String service, Info info, String port) {
        Ports.publish("Intracomm.publishName", service, port);
    }

    public static void unpublishName(String service, String port) {
        Ports.unpublish("Intracomm.unpublishName", service, port);
    }

    public static void unpublishName(String service, Info info, String port) {
        Ports.unpublish("Intracomm.unpublishName", service, port);
    }

    public static String lookupName(String service) {
        return Ports.lookup("Intracomm.lookupName", service);
    }

    public static String lookupName(String service, Info info) {
        return Ports.lookup("Intracomm.lookupName", service);
    }

    /**
     * MPI_Comm_spawn (collective; the arguments significant at {@code root}): mpirun starts
     * {@code maxprocs} processes of {@code command} with {@code argv} as a job of their own, which
     * find this group through {@link Intercomm#getParent}; returns the intercommunicator to them.
     * {@code command} is what follows mpirun's options on its command line ({@code "java"} with
     * {@code argv} its options and class, a class on the class path, or an executable). Info key
     * {@code wdir} sets their working directory. {@code errcodes}, when not null, gets
     * {@code MPI.SUCCESS} for each process started.
     */
    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info, int root, int[] errcodes) {
        return Ports.spawn(this, "Intracomm.spawn", new String[] {command}, new String[][] {argv},
            new int[] {maxprocs}, new Info[] {info}, root, errcodes);
    }

    /**
     * MPI_Comm_spawn_multiple: as {@link #spawn}, the processes of every command in one job (one
     * MPI_COMM_WORLD), command 0's first; MPI.APPNUM is each one's command index. Different
     * programs must be Java programs ({@code "java"} with options, class path and class, or a
     * class) with the same JVM options; their class paths are joined. An executable among several
     * programs is ERR_SPAWN.
     */
    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs, Info[] info, int root, int[] errcodes) {
        return Ports.spawn(this, "Intracomm.spawnMultiple", commands, argv, maxprocs, info, root, errcodes);
    }

    public Intracomm Split(int color, int key) {
        return split(color, key, "Split");
    }

    public Intracomm Create(Group group) {
        return create(group, "Create");
    }

    public void Bcast(Object buf, int offset, int count, Datatype type, int root) {
        CommCollectives.bcast(this, "Bcast", false, buf, offset, count, type, root);
    }

    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        CommCollectives.gather(this, "Gather", false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        CommCollectives.gatherv(this, "Gatherv", false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, root);
    }

    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        CommCollectives.scatter(this, "Scatter", false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        CommCollectives.scatterv(this, "Scatterv", false, sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        CommCollectives.allGather(this, "Allgather", false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
    }

    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        CommCollectives.allGatherv(this, "Allgatherv", false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype);
    }

    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        CommCollectives.allToAll(this, "Alltoall", false, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
    }

    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) {
        CommCollectives.allToAllv(this, "Alltoallv", false, sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype);
    }

    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root) {
        CommCollectives.reduce(this, "Reduce", false, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root);
    }

    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        CommCollectives.allReduce(this, "Allreduce", false, CommCollectives.ALLREDUCE, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
    }

    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts, Datatype datatype, Op op) {
        CommCollectives.reduceScatter(this, "Reduce_scatter", false, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype, op);
    }

    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        CommCollectives.allReduce(this, "Scan", false, CommCollectives.SCAN, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
    }

    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) {
        return Topology.createCart(this, dims, periods, "Create_cart");
    }

    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) {
        return Topology.createGraph(this, index, edges, "Create_graph");
    }

    public Intracomm Creat(Group group) {
        return create(group, "Creat");
    }

    public void Reduce_local(Object inbuf, Object inoutbuf, int count, Datatype datatype, Op op) {
        CommCollectives.reduceLocal(this, "Reduce_local", inbuf, 0, inoutbuf, 0, count, datatype, op);
    }
}

package mpi;

import java.nio.Buffer;

/**
 * A communicator whose members talk among themselves. The collectives common to both kinds of
 * communicator are in {@link Comm}; scan/exScan and the mpiJava forms with offsets are here, all
 * implemented in {@code CommCollectives}.
 */
public class Intracomm extends Comm {
    Intracomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    /** mpiJava: {@link #barrier()}. */
    public void Barrier() {
        barrier("Barrier");
    }

    // ================================================================ surface to be built (generated stubs)

    public Intracomm clone() {
        throw Unsupported.notYet("Intracomm.clone");
    }

    public Intracomm dup() {
        throw Unsupported.notYet("Intracomm.dup");
    }

    public Intracomm iDup() {
        throw Unsupported.notYet("Intracomm.iDup");
    }

    public Intracomm dupWithInfo(Info info) {
        throw Unsupported.notYet("Intracomm.dupWithInfo");
    }

    public final Intracomm split(int colour, int key) {
        throw Unsupported.notYet("Intracomm.split");
    }

    public final Intracomm splitType(int splitType, int key, Info info) {
        throw Unsupported.notYet("Intracomm.splitType");
    }

    public final Intracomm create(Group group) {
        throw Unsupported.notYet("Intracomm.create");
    }

    public final Intracomm createGroup(Group group, int tag) {
        throw Unsupported.notYet("Intracomm.createGroup");
    }

    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) {
        throw Unsupported.notYet("Intracomm.createCart");
    }

    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) {
        throw Unsupported.notYet("Intracomm.createGraph");
    }

    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, Info info, boolean reorder) {
        throw Unsupported.notYet("Intracomm.createDistGraph");
    }

    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info, boolean reorder) {
        throw Unsupported.notYet("Intracomm.createDistGraph");
    }

    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, Info info, boolean reorder) {
        throw Unsupported.notYet("Intracomm.createDistGraphAdjacent");
    }

    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder) {
        throw Unsupported.notYet("Intracomm.createDistGraphAdjacent");
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

    public static String openPort() {
        throw Unsupported.dynamicProcesses("Intracomm.openPort");
    }

    public static String openPort(Info info) {
        throw Unsupported.dynamicProcesses("Intracomm.openPort");
    }

    public static void closePort(String name) {
        throw Unsupported.dynamicProcesses("Intracomm.closePort");
    }

    public final Intercomm accept(String port, int root) {
        throw Unsupported.dynamicProcesses("Intracomm.accept");
    }

    public final Intercomm accept(String port, Info info, int root) {
        throw Unsupported.dynamicProcesses("Intracomm.accept");
    }

    public final Intercomm connect(String port, int root) {
        throw Unsupported.dynamicProcesses("Intracomm.connect");
    }

    public final Intercomm connect(String port, Info info, int root) {
        throw Unsupported.dynamicProcesses("Intracomm.connect");
    }

    public static void publishName(String service, String port) {
        throw Unsupported.dynamicProcesses("Intracomm.publishName");
    }

    public static void publishName(String service, Info info, String port) {
        throw Unsupported.dynamicProcesses("Intracomm.publishName");
    }

    public static void unpublishName(String service, String port) {
        throw Unsupported.dynamicProcesses("Intracomm.unpublishName");
    }

    public static void unpublishName(String service, Info info, String port) {
        throw Unsupported.dynamicProcesses("Intracomm.unpublishName");
    }

    public static String lookupName(String service) {
        throw Unsupported.dynamicProcesses("Intracomm.lookupName");
    }

    public static String lookupName(String service, Info info) {
        throw Unsupported.dynamicProcesses("Intracomm.lookupName");
    }

    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info, int root, int[] errcodes) {
        throw Unsupported.dynamicProcesses("Intracomm.spawn");
    }

    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs, Info[] info, int root, int[] errcodes) {
        throw Unsupported.dynamicProcesses("Intracomm.spawnMultiple");
    }

    public Intracomm Split(int color, int key) {
        throw Unsupported.notYet("Intracomm.Split");
    }

    public Intracomm Create(Group group) {
        throw Unsupported.notYet("Intracomm.Create");
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
        throw Unsupported.notYet("Intracomm.Create_cart");
    }

    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) {
        throw Unsupported.notYet("Intracomm.Create_graph");
    }

    public Intracomm Creat(Group group) {
        throw Unsupported.notYet("Intracomm.Creat");
    }

    public void Reduce_local(Object inbuf, Object inoutbuf, int count, Datatype datatype, Op op) {
        CommCollectives.reduceLocal(this, "Reduce_local", inbuf, 0, inoutbuf, 0, count, datatype, op);
    }
}

package mpi;

import java.nio.Buffer;

/**
 * A communicator whose members talk among themselves (every communicator of this version is
 * one). Collectives beyond the barrier arrive with the collectives module.
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
        throw Unsupported.notYet("Intracomm.scan");
    }

    public final void scan(Object recvbuf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.scan");
    }

    public final Request iScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.iScan");
    }

    public final Request iScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.iScan");
    }

    public final Request iScan(Buffer buf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.iScan");
    }

    public final Request iScan(Object buf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.iScan");
    }

    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.exScan");
    }

    public final void exScan(Object buf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.exScan");
    }

    public final Request iExScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.iExScan");
    }

    public final Request iExScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.iExScan");
    }

    public final Request iExScan(Buffer buf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.iExScan");
    }

    public final Request iExScan(Object buf, int count, Datatype type, Op op) {
        throw Unsupported.notYet("Intracomm.iExScan");
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
        throw Unsupported.notYet("Intracomm.Bcast");
    }

    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        throw Unsupported.notYet("Intracomm.Gather");
    }

    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        throw Unsupported.notYet("Intracomm.Gatherv");
    }

    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        throw Unsupported.notYet("Intracomm.Scatter");
    }

    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        throw Unsupported.notYet("Intracomm.Scatterv");
    }

    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        throw Unsupported.notYet("Intracomm.Allgather");
    }

    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        throw Unsupported.notYet("Intracomm.Allgatherv");
    }

    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        throw Unsupported.notYet("Intracomm.Alltoall");
    }

    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) {
        throw Unsupported.notYet("Intracomm.Alltoallv");
    }

    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root) {
        throw Unsupported.notYet("Intracomm.Reduce");
    }

    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        throw Unsupported.notYet("Intracomm.Allreduce");
    }

    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts, Datatype datatype, Op op) {
        throw Unsupported.notYet("Intracomm.Reduce_scatter");
    }

    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        throw Unsupported.notYet("Intracomm.Scan");
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
        throw Unsupported.notYet("Intracomm.Reduce_local");
    }
}

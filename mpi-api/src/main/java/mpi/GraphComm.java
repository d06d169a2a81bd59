package mpi;

/** The Open MPI bindings' graph and distributed-graph communicator; see {@link Graphcomm}. */
public final class GraphComm extends Graphcomm {
    GraphComm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public GraphComm clone() {
        return (GraphComm) duplicate("clone", null);
    }

    public GraphComm dup() {
        return (GraphComm) duplicate("dup", null);
    }

    public GraphComm iDup() {
        return (GraphComm) duplicateNow("iDup");
    }

    public GraphComm dupWithInfo(Info info) {
        return (GraphComm) duplicate("dupWithInfo", info);
    }

    /** The graph's index and edges (ERR_TOPOLOGY on a distributed graph). */
    public GraphParms getDims() {
        return dims("getDims");
    }

    /** The neighbours of node {@code rank} (ERR_TOPOLOGY on a distributed graph). */
    public int[] getNeighbors(int rank) {
        return neighbors(rank, "getNeighbors");
    }

    /** This process's in- and out-neighbours (ERR_TOPOLOGY on a graph made by createGraph). */
    public DistGraphNeighbors getDistGraphNeighbors() {
        Topology t = topology(MPI.DIST_GRAPH, "getDistGraphNeighbors");
        return new DistGraphNeighbors(t.sources.clone(), t.sourceWeights == null ? null : t.sourceWeights.clone(),
            t.destinations.clone(), t.destWeights == null ? null : t.destWeights.clone(), t.weighted);
    }

    public int map(int[] index, int[] edges) {
        return map(index, edges, "map");
    }
}

package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * mpiJava 1.2 / MPJ Express graph communicator (the Open MPI bindings' {@link GraphComm} extends
 * it; every graph communicator, distributed graphs included, is a GraphComm).
 */
public class Graphcomm extends Intracomm {
    Graphcomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public Graphcomm clone() {
        return (Graphcomm) duplicate("clone", null);
    }

    public GraphParms Get() {
        return dims("Get");
    }

    public int[] Neighbours(int rank) {
        return neighbors(rank, "Neighbours");
    }

    public int Map(int[] index, int[] edges) {
        return map(index, edges, "Map");
    }

    public int Topo_test() {
        live("Topo_test");
        return topology.kind;
    }

    // ================================================================ implementations

    /** The topology, which must be of {@code kind}; ERR_TOPOLOGY otherwise. */
    final Topology topology(int kind, String call) {
        live(call);
        Topology t = topology;
        if (t.kind != kind) {
            throw raise(ErrorClass.TOPOLOGY, call + ": " + this + " has a " + (t.kind == MPI.GRAPH ? "graph" : "distributed graph")
                + " topology, not a " + (kind == MPI.GRAPH ? "graph" : "distributed graph") + " one");
        }
        return t;
    }

    final GraphParms dims(String call) {
        Topology t = topology(MPI.GRAPH, call);
        return new GraphParms(t.index.clone(), t.edges.clone());
    }

    final int[] neighbors(int r, String call) {
        Topology t = topology(MPI.GRAPH, call);
        if (r < 0 || r >= t.index.length) {
            throw raise(ErrorClass.RANK, call + ": rank " + r + " is not a node of the graph (0 to " + (t.index.length - 1) + ")");
        }
        return t.graphNeighbors(r);
    }

    final int map(int[] index, int[] edges, String call) {
        live(call);
        if (index == null || edges == null) {
            throw raise(ErrorClass.ARG, call + ": index or edges is null");
        }
        if (index.length > localWorldRanks.length) {
            throw raise(ErrorClass.TOPOLOGY, call + ": the graph has " + index.length + " nodes, more than the communicator's "
                + localWorldRanks.length);
        }
        return rank < index.length ? rank : MPI.UNDEFINED;
    }
}

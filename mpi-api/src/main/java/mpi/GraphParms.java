package mpi;

/**
 * A graph communicator's topology, as given to {@code createGraph}: the cumulative degree of each
 * node ({@code index}) and the flattened neighbour lists ({@code edges}). Open MPI getters and
 * mpiJava's public fields read the same arrays.
 */
public final class GraphParms {
    /** mpiJava 1.2: the graph's index and edges arrays, as given to createGraph. */
    public int[] index;
    public int[] edges;

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    public int getIndexCount() {
        return index.length;
    }

    public int getIndex(int i) {
        return index[i];
    }

    public int getEdgeCount() {
        return edges.length;
    }

    public int getEdge(int i) {
        return edges[i];
    }
}

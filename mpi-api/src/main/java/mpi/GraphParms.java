package mpi;

import java.nio.*;

public final class GraphParms {
    /** mpiJava 1.2: the graph's index and edges arrays, as given to createGraph. */
    public int[] index;
    public int[] edges;

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    public int getIndexCount() {
        throw Unsupported.notYet("GraphParms.getIndexCount");
    }

    public int getIndex(int i) {
        throw Unsupported.notYet("GraphParms.getIndex");
    }

    public int getEdgeCount() {
        throw Unsupported.notYet("GraphParms.getEdgeCount");
    }

    public int getEdge(int i) {
        throw Unsupported.notYet("GraphParms.getEdge");
    }
}

package mpi;

import java.util.Arrays;

import org.atollmpi.engine.ErrorClass;

/**
 * A communicator's virtual topology (immutable, shared by duplicates): Cartesian (dims, periods),
 * graph (index, edges, as MPI_Graph_create takes them) or distributed graph (this process's
 * sources and destinations, with weights). Also the creation calls, and the neighbour lists the
 * neighbour collectives use.
 *
 * <p>{@code reorder} is accepted and ignored: every process keeps its rank (MPI allows it).
 */
final class Topology {
    final int kind;
    // CART
    final int[] dims;
    final boolean[] periods;
    // GRAPH
    final int[] index;
    final int[] edges;
    // DIST_GRAPH: this process's in- and out-neighbours
    final int[] sources;
    final int[] sourceWeights;
    final int[] destinations;
    final int[] destWeights;
    final boolean weighted;

    private Topology(int kind, int[] dims, boolean[] periods, int[] index, int[] edges, int[] sources,
                     int[] sourceWeights, int[] destinations, int[] destWeights, boolean weighted) {
        this.kind = kind;
        this.dims = dims;
        this.periods = periods;
        this.index = index;
        this.edges = edges;
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
        this.weighted = weighted;
    }

    static Topology cart(int[] dims, boolean[] periods) {
        return new Topology(MPI.CART, dims, periods, null, null, null, null, null, null, false);
    }

    static Topology graph(int[] index, int[] edges) {
        return new Topology(MPI.GRAPH, null, null, index, edges, null, null, null, null, false);
    }

    static Topology distGraph(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, boolean weighted) {
        return new Topology(MPI.DIST_GRAPH, null, null, null, null, sources, sourceWeights, destinations, destWeights,
            weighted);
    }

    // ================================================================ Cartesian arithmetic

    /** The number of processes of a grid (a long, so that an overflowing product is seen). */
    static long product(int[] dims) {
        long p = 1;
        for (int d : dims) {
            p *= d;
            if (p > Integer.MAX_VALUE) {
                return Long.MAX_VALUE;
            }
        }
        return p;
    }

    /** Coordinates of {@code rank} in a row-major grid (the last dimension varies fastest). */
    static int[] coords(int rank, int[] dims) {
        int[] c = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            c[i] = rank % dims[i];
            rank /= dims[i];
        }
        return c;
    }

    /**
     * The rank at {@code coords}, periodic dimensions wrapping; -1 when a coordinate of a
     * non-periodic dimension is outside the grid.
     */
    static int rank(int[] coords, int[] dims, boolean[] periods) {
        int r = 0;
        for (int i = 0; i < dims.length; i++) {
            int c = coords[i];
            if (c < 0 || c >= dims[i]) {
                if (!periods[i]) {
                    return -1;
                }
                c = Math.floorMod(c, dims[i]);
            }
            r = r * dims[i] + c;
        }
        return r;
    }

    /** {source, dest} of a shift of {@code disp} along {@code direction} from {@code rank}; PROC_NULL off a non-periodic edge. */
    static int[] shift(int rank, int direction, int disp, int[] dims, boolean[] periods) {
        int[] c = coords(rank, dims);
        int here = c[direction];
        c[direction] = here + disp;
        int dest = rank(c, dims, periods);
        c[direction] = here - disp;
        int source = rank(c, dims, periods);
        return new int[] {source < 0 ? MPI.PROC_NULL : source, dest < 0 ? MPI.PROC_NULL : dest};
    }

    /**
     * MPI_Dims_create: fills the zero entries of {@code dims} so that the product is
     * {@code nnodes}, the filled dimensions as close to each other as possible (the smallest
     * difference between largest and smallest, then the smallest largest) and in non-increasing
     * order. Returns null when that is impossible (a negative entry, or {@code nnodes} not a
     * multiple of the product of the fixed ones); the caller raises ERR_DIMS.
     */
    static int[] dimsCreate(int nnodes, int[] dims) {
        long fixed = 1;
        int free = 0;
        for (int d : dims) {
            if (d < 0) {
                return null;
            }
            if (d == 0) {
                free++;
            } else {
                fixed *= d;
            }
        }
        if (nnodes < 0 || fixed == 0 || nnodes % fixed != 0) {
            return null;
        }
        int rest = (int) (nnodes / fixed);
        int[] out = dims.clone();
        if (free == 0) {
            return rest == 1 ? out : null;
        }
        int[] best = balanced(rest, free);
        for (int i = 0, k = 0; i < out.length; i++) {
            if (out[i] == 0) {
                out[i] = best[k++];
            }
        }
        return out;
    }

    /** {@code n} as {@code k} factors, non-increasing, as balanced as possible. */
    static int[] balanced(int n, int k) {
        int[][] best = {null};
        search(n, k, n, new int[k], 0, best);
        return best[0];
    }

    private static void search(int n, int k, int max, int[] acc, int at, int[][] best) {
        if (at == k - 1) {
            if (n > max) {
                return;
            }
            acc[at] = n;
            if (best[0] == null || better(acc, best[0])) {
                best[0] = acc.clone();
            }
            return;
        }
        // The factor here is at least the (k - at)-th root of n, at most max.
        for (int f = Math.min(n, max); f >= 1; f--) {
            if (n % f != 0) {
                continue;
            }
            if (pow(f, k - at) < n) {
                break;
            }
            acc[at] = f;
            search(n / f, k, f, acc, at + 1, best);
        }
    }

    private static long pow(int f, int e) {
        long p = 1;
        for (int i = 0; i < e && p <= Integer.MAX_VALUE; i++) {
            p *= f;
        }
        return p;
    }

    private static boolean better(int[] a, int[] b) {
        int sa = a[0] - a[a.length - 1];
        int sb = b[0] - b[b.length - 1];
        return sa != sb ? sa < sb : a[0] < b[0];
    }

    // ================================================================ neighbours

    /** In-neighbours (whose data this process receives), in MPI's order; PROC_NULL where a Cartesian edge has none. */
    int[] inNeighbors(int rank) {
        switch (kind) {
            case MPI.CART: {
                int[] n = new int[2 * dims.length];
                for (int d = 0; d < dims.length; d++) {
                    int[] s = shift(rank, d, 1, dims, periods);
                    n[2 * d] = s[0];
                    n[2 * d + 1] = s[1];
                }
                return n;
            }
            case MPI.GRAPH:
                return graphNeighbors(rank);
            default:
                return sources;
        }
    }

    /** Out-neighbours (to which this process sends), in MPI's order. */
    int[] outNeighbors(int rank) {
        return kind == MPI.DIST_GRAPH ? destinations : inNeighbors(rank);
    }

    int[] graphNeighbors(int rank) {
        int from = rank == 0 ? 0 : index[rank - 1];
        return Arrays.copyOfRange(edges, from, index[rank]);
    }

    /**
     * The tag of the message sent to out-neighbour {@code j} and of the one received from
     * in-neighbour {@code j}. Cartesian: by direction, so that the two messages between two
     * processes that are each other's neighbour both ways (a periodic dimension of 2) match the
     * right slots: what goes "up" dimension d is received in the "down" slot. Graphs: one tag
     * (messages between two processes match in order).
     */
    int sendTag(int j) {
        return kind == MPI.CART ? Neighbors.TAG_BASE + (j ^ 1) : Neighbors.TAG_BASE;
    }

    int recvTag(int j) {
        return kind == MPI.CART ? Neighbors.TAG_BASE + j : Neighbors.TAG_BASE;
    }

    // ================================================================ creation

    static CartComm createCart(Intracomm parent, int[] dims, boolean[] periods, String call) {
        parent.live(call);
        if (dims == null || periods == null) {
            throw parent.raise(ErrorClass.ARG, call + ": " + (dims == null ? "dims" : "periods") + " is null");
        }
        if (periods.length < dims.length) {
            throw parent.raise(ErrorClass.ARG, call + ": periods has " + periods.length + " entries, dims " + dims.length);
        }
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) {
                throw parent.raise(ErrorClass.DIMS, call + ": dims[" + i + "] = " + dims[i] + " is not positive");
            }
        }
        long n = product(dims);
        int size = parent.localWorldRanks.length;
        if (n > size) {
            throw parent.raise(ErrorClass.DIMS, call + ": the grid " + Arrays.toString(dims) + " has " + (n == Long.MAX_VALUE
                ? "too many" : Long.toString(n)) + " processes, more than the communicator's " + size);
        }
        Topology t = cart(dims.clone(), Arrays.copyOf(periods, dims.length));
        return (CartComm) parent.withTopology(call, (int) n, t, CartComm.class);
    }

    static GraphComm createGraph(Intracomm parent, int[] index, int[] edges, String call) {
        parent.live(call);
        if (index == null || edges == null) {
            throw parent.raise(ErrorClass.ARG, call + ": " + (index == null ? "index" : "edges") + " is null");
        }
        int nnodes = index.length;
        int size = parent.localWorldRanks.length;
        if (nnodes > size) {
            throw parent.raise(ErrorClass.TOPOLOGY, call + ": the graph has " + nnodes + " nodes, more than the communicator's "
                + size);
        }
        int prev = 0;
        for (int i = 0; i < nnodes; i++) {
            if (index[i] < prev || index[i] > edges.length) {
                throw parent.raise(ErrorClass.ARG, call + ": index[" + i + "] = " + index[i]
                    + " is not between the previous entry (" + prev + ") and the number of edges (" + edges.length + ")");
            }
            prev = index[i];
        }
        int total = nnodes == 0 ? 0 : index[nnodes - 1];
        for (int i = 0; i < total; i++) {
            if (edges[i] < 0 || edges[i] >= nnodes) {
                throw parent.raise(ErrorClass.RANK, call + ": edges[" + i + "] = " + edges[i] + " is not a node (0 to "
                    + (nnodes - 1) + ")");
            }
        }
        Topology t = graph(index.clone(), Arrays.copyOf(edges, total));
        return (GraphComm) parent.withTopology(call, nnodes, t, GraphComm.class);
    }

    static GraphComm createDistGraphAdjacent(Intracomm parent, int[] sources, int[] sourceWeights, int[] destinations,
                                             int[] destWeights, boolean weighted, String call) {
        parent.live(call);
        int size = parent.localWorldRanks.length;
        checkNeighbors(parent, sources, sourceWeights, weighted, size, call, "sources", "sourceWeights");
        checkNeighbors(parent, destinations, destWeights, weighted, size, call, "destinations", "destWeights");
        Topology t = distGraph(sources.clone(), weighted ? Arrays.copyOf(sourceWeights, sources.length) : null,
            destinations.clone(), weighted ? Arrays.copyOf(destWeights, destinations.length) : null, weighted);
        return (GraphComm) parent.withTopology(call, size, t, GraphComm.class);
    }

    private static void checkNeighbors(Comm parent, int[] ranks, int[] weights, boolean weighted, int size, String call,
                                       String what, String weightsName) {
        if (ranks == null) {
            throw parent.raise(ErrorClass.ARG, call + ": " + what + " is null");
        }
        if (weighted && (weights == null || weights.length < ranks.length)) {
            throw parent.raise(ErrorClass.ARG, call + ": " + weightsName + " has fewer entries than " + what);
        }
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] < 0 || ranks[i] >= size) {
                throw parent.raise(ErrorClass.RANK, call + ": " + what + "[" + i + "] = " + ranks[i]
                    + " is not a rank of the communicator (size " + size + ")");
            }
            if (weighted && weights[i] < 0) {
                throw parent.raise(ErrorClass.ARG, call + ": " + weightsName + "[" + i + "] = " + weights[i] + " is negative");
            }
        }
    }

    /**
     * MPI_Dist_graph_create: each process names edges {@code sources[i] -> destinations[...]};
     * every process learns its in- and out-neighbours through one exchange of all edges, ordered
     * by the process that named them and then by position (the same order at both ends, so
     * repeated edges match in order).
     */
    static GraphComm createDistGraph(Intracomm parent, int[] sources, int[] degrees, int[] destinations, int[] weights,
                                     boolean weighted, String call) {
        parent.live(call);
        int size = parent.localWorldRanks.length;
        if (sources == null || degrees == null || destinations == null) {
            throw parent.raise(ErrorClass.ARG, call + ": " + (sources == null ? "sources" : degrees == null ? "degrees"
                : "destinations") + " is null");
        }
        if (degrees.length < sources.length) {
            throw parent.raise(ErrorClass.ARG, call + ": degrees has fewer entries than sources");
        }
        int edgesNamed = 0;
        for (int i = 0; i < sources.length; i++) {
            if (sources[i] < 0 || sources[i] >= size) {
                throw parent.raise(ErrorClass.RANK, call + ": sources[" + i + "] = " + sources[i]
                    + " is not a rank of the communicator (size " + size + ")");
            }
            if (degrees[i] < 0) {
                throw parent.raise(ErrorClass.ARG, call + ": degrees[" + i + "] = " + degrees[i] + " is negative");
            }
            edgesNamed += degrees[i];
        }
        checkNeighbors(parent, Arrays.copyOf(destinations, Math.min(edgesNamed, destinations.length)),
            weights, weighted, size, call, "destinations", "weights");
        if (destinations.length < edgesNamed) {
            throw parent.raise(ErrorClass.ARG, call + ": destinations has " + destinations.length + " entries, the degrees add up to "
                + edgesNamed);
        }
        // This process's edges as (source, destination, weight) triplets.
        int[] mine = new int[3 * edgesNamed];
        for (int i = 0, e = 0; i < sources.length; i++) {
            for (int d = 0; d < degrees[i]; d++, e++) {
                mine[3 * e] = sources[i];
                mine[3 * e + 1] = destinations[e];
                mine[3 * e + 2] = weighted ? weights[e] : 1;
            }
        }
        int[] me = parent.localWorldRanks;
        int[] counts = Agreement.allgather(parent, call, me, parent.rank, parent.collContext, new int[] {mine.length});
        int longest = 0;
        for (int c : counts) {
            longest = Math.max(longest, c);
        }
        int[] all = Agreement.allgather(parent, call, me, parent.rank, parent.collContext, Arrays.copyOf(mine, longest));
        int r = parent.rank;
        int[] in = new int[0];
        int[] inW = new int[0];
        int[] out = new int[0];
        int[] outW = new int[0];
        for (int p = 0; p < size; p++) {
            for (int e = 0; e < counts[p]; e += 3) {
                int s = all[p * longest + e];
                int d = all[p * longest + e + 1];
                int w = all[p * longest + e + 2];
                if (d == r) {
                    in = append(in, s);
                    inW = append(inW, w);
                }
                if (s == r) {
                    out = append(out, d);
                    outW = append(outW, w);
                }
            }
        }
        Topology t = distGraph(in, weighted ? inW : null, out, weighted ? outW : null, weighted);
        return (GraphComm) parent.withTopology(call, size, t, GraphComm.class);
    }

    private static int[] append(int[] a, int v) {
        int[] b = Arrays.copyOf(a, a.length + 1);
        b[a.length] = v;
        return b;
    }
}

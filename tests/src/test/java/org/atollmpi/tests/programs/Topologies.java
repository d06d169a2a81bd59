package org.atollmpi.tests.programs;

import static org.atollmpi.tests.programs.Check.equal;
import static org.atollmpi.tests.programs.Check.expectError;
import static org.atollmpi.tests.programs.Check.step;
import static org.atollmpi.tests.programs.Check.that;

import java.util.Arrays;

import mpi.CartComm;
import mpi.CartParms;
import mpi.Cartcomm;
import mpi.Comm;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.Graphcomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.ShiftParms;

/**
 * Virtual topologies on any number of ranks, one dialect: createDims; a 2-D periodic grid with
 * a ring shift along each dimension (sendRecv with the shift's ranks); coordinates and ranks;
 * sub-communicators of a 2x2 grid (4 ranks or more; the others get null); a ring graph's
 * neighbours; neighbour allgather on the ring graph and on a periodic and a non-periodic 1-D grid
 * (PROC_NULL ends untouched), neighbour all-to-all, the nonblocking form on a direct buffer;
 * distributed graphs (adjacent and general); errors (bad dims, bad rank, no topology).
 */
public final class Topologies {
    static final Intracomm WORLD = MPI.COMM_WORLD;

    public static void main(String[] args) {
        Dialect d = Dialect.of(Check.init(args)[0]);
        boolean mpj = d.name().equals("mpj");
        int me = Check.rank();
        int n = Check.size();
        d.setErrorsReturn(WORLD);

        step("createDims and a 2-D periodic ring shift", () -> {
            int[] dims = {0, 0};
            if (mpj) {
                Cartcomm.Dims_create(n, dims);
            } else {
                CartComm.createDims(n, dims);
            }
            equal(n, (long) dims[0] * dims[1], "product of createDims(" + n + ")");
            that(dims[0] >= dims[1], "createDims is non-increasing: %s", Arrays.toString(dims));
            Cartcomm grid = mpj ? WORLD.Create_cart(dims, new boolean[] {true, true}, true)
                    : WORLD.createCart(dims, new boolean[] {true, true}, true);
            equal(MPI.CART, mpj ? grid.Topo_test() : grid.getTopology(), "topology kind");
            CartParms p = mpj ? grid.Get() : ((CartComm) grid).getTopo();
            int[] c = mpj ? grid.Coords(grid.getRank()) : ((CartComm) grid).getCoords(grid.getRank());
            equal(c[0], p.coords[0], "getTopo's coordinates");
            equal(grid.getRank(), mpj ? grid.Rank(c) : ((CartComm) grid).getRank(c), "rank of my coordinates");
            for (int dim = 0; dim < 2; dim++) {
                ShiftParms s = mpj ? grid.Shift(dim, 1) : ((CartComm) grid).shift(dim, 1);
                int[] out = {grid.getRank()};
                int[] in = {-1};
                d.sendRecv(grid, out, 0, 1, MPI.INT, s.rank_dest, dim, in, 0, 1, MPI.INT, s.rank_source, dim);
                int[] expect = c.clone();
                expect[dim] = (c[dim] - 1 + dims[dim]) % dims[dim];
                equal(((CartComm) grid).getRank(expect), in[0], "value shifted along dimension " + dim);
                equal(s.getRankSource(), in[0], "shift source");
            }
            int[] wrapped = {c[0] + dims[0], c[1] - dims[1]};
            equal(grid.getRank(), ((CartComm) grid).getRank(wrapped), "periodic coordinates wrap");
            grid.free();
        });

        step("sub-communicators of a 2x2 grid", () -> {
            if (n < 4) {
                return;
            }
            CartComm grid = WORLD.createCart(new int[] {2, 2}, new boolean[] {false, false}, false);
            if (me >= 4) {
                that(grid.isNull(), "ranks outside the grid get a null communicator");
                return;
            }
            int[] c = grid.getCoords(me);
            equal(me / 2, c[0], "row");
            equal(me % 2, c[1], "column");
            CartComm row = grid.sub(new boolean[] {false, true});
            Cartcomm col = mpj ? grid.Sub(new boolean[] {true, false}) : grid.sub(new boolean[] {true, false});
            equal(2, row.getSize(), "row size");
            equal(c[1], row.getRank(), "rank in my row");
            equal(c[0], col.getRank(), "rank in my column");
            equal(1, row.getTopo().getDimCount(), "a row is 1-D");
            int[] v = {me};
            int[] w = {-1};
            d.sendRecv(row, v, 0, 1, MPI.INT, 1 - row.getRank(), 4, w, 0, 1, MPI.INT, 1 - row.getRank(), 4);
            equal(me ^ 1, w[0], "my row neighbour");
            d.sendRecv(col, v, 0, 1, MPI.INT, 1 - col.getRank(), 4, w, 0, 1, MPI.INT, 1 - col.getRank(), 4);
            equal(me ^ 2, w[0], "my column neighbour");
            ShiftParms edge = grid.shift(0, 1);
            equal(c[0] == 1 ? MPI.PROC_NULL : me + 2, edge.getRankDest(), "non-periodic shift at the edge");
            equal(me, grid.map(new int[] {2, 2}, new boolean[] {false, false}), "map");
            row.free();
            col.free();
            grid.free();
        });

        step("a ring graph: neighbours and neighbour allgather", () -> {
            int[] index = new int[n];
            int[] edges = new int[2 * n];
            for (int i = 0; i < n; i++) {
                index[i] = 2 * (i + 1);
                edges[2 * i] = (i - 1 + n) % n;
                edges[2 * i + 1] = (i + 1) % n;
            }
            Graphcomm g = mpj ? WORLD.Create_graph(index, edges, false) : WORLD.createGraph(index, edges, false);
            equal(MPI.GRAPH, g.getTopology(), "topology kind");
            int[] nb = mpj ? g.Neighbours(me) : ((GraphComm) g).getNeighbors(me);
            equal((me - 1 + n) % n, nb[0], "left neighbour");
            equal((me + 1) % n, nb[1], "right neighbour");
            equal(n, (mpj ? g.Get() : ((GraphComm) g).getDims()).index.length, "graph nodes");
            int[] got = {-1, -1};
            g.neighborAllGather(new int[] {100 + me}, 1, MPI.INT, got, 1, MPI.INT);
            equal(100 + (me - 1 + n) % n, got[0], "from the left neighbour");
            equal(100 + (me + 1) % n, got[1], "from the right neighbour");
            g.free();
        });

        step("neighbour collectives on 1-D grids", () -> {
            CartComm ring = WORLD.createCart(new int[] {n}, new boolean[] {true}, false);
            int[] got = {-1, -1};
            ring.neighborAllGather(new int[] {me}, 1, MPI.INT, got, 1, MPI.INT);
            equal((me - 1 + n) % n, got[0], "periodic: from below");
            equal((me + 1) % n, got[1], "periodic: from above");
            // all-to-all: block 0 goes down, block 1 up
            int[] send = {10 * me, 10 * me + 1};
            int[] recv = {-1, -1};
            ring.neighborAllToAll(send, 1, MPI.INT, recv, 1, MPI.INT);
            equal(10 * ((me - 1 + n) % n) + 1, recv[0], "all-to-all: what the one below sent up");
            equal(10 * ((me + 1) % n), recv[1], "all-to-all: what the one above sent down");
            // nonblocking, on direct buffers
            java.nio.IntBuffer sb = MPI.newIntBuffer(1).put(0, 7 * me);
            java.nio.IntBuffer rb = MPI.newIntBuffer(2);
            Request r = ring.iNeighborAllGather(sb, 1, MPI.INT, rb, 1, MPI.INT);
            d.waitFor(r);
            equal(7 * ((me - 1 + n) % n), rb.get(0), "iNeighborAllGather from below");
            equal(7 * ((me + 1) % n), rb.get(1), "iNeighborAllGather from above");
            ring.free();

            CartComm line = WORLD.createCart(new int[] {n}, new boolean[] {false}, false);
            int[] ends = {-9, -9};
            line.neighborAllGather(new int[] {me}, 1, MPI.INT, ends, 1, MPI.INT);
            equal(me == 0 ? -9 : me - 1, ends[0], "non-periodic: from below (untouched at rank 0)");
            equal(me == n - 1 ? -9 : me + 1, ends[1], "non-periodic: from above (untouched at the top)");
            int[] counts = {1, 1};
            int[] displs = {1, 0};
            int[] v = {-9, -9};
            line.neighborAllGatherv(new int[] {me}, 1, MPI.INT, v, counts, displs, MPI.INT);
            equal(me == 0 ? -9 : me - 1, v[1], "allgatherv: from below at displacement 1");
            line.free();
        });

        step("distributed graphs", () -> {
            int right = (me + 1) % n;
            int left = (me - 1 + n) % n;
            GraphComm adj = WORLD.createDistGraphAdjacent(new int[] {left}, new int[] {1}, new int[] {right},
                    new int[] {2}, MPI.INFO_NULL, false);
            equal(MPI.DIST_GRAPH, adj.getTopology(), "topology kind");
            DistGraphNeighbors nb = adj.getDistGraphNeighbors();
            equal(1, nb.getInDegree(), "in-degree");
            equal(left, nb.getSource(0), "source");
            equal(right, nb.getDestination(0), "destination");
            that(nb.isWeighted(), "weighted");
            equal(2, nb.getDestinationWeight(0), "destination weight");
            int[] got = {-1};
            adj.neighborAllGather(new int[] {me}, 1, MPI.INT, got, 1, MPI.INT);
            equal(left, got[0], "dist graph allgather: from the source");
            adj.free();
            // general form: rank 0 names every edge i -> i+1
            int[] sources = me == 0 ? new int[n] : new int[0];
            int[] degrees = me == 0 ? new int[n] : new int[0];
            int[] dests = me == 0 ? new int[n] : new int[0];
            for (int i = 0; me == 0 && i < n; i++) {
                sources[i] = i;
                degrees[i] = 1;
                dests[i] = (i + 1) % n;
            }
            GraphComm dg = WORLD.createDistGraph(sources, degrees, dests, MPI.INFO_NULL, false);
            DistGraphNeighbors g = dg.getDistGraphNeighbors();
            equal(1, g.getInDegree(), "general: in-degree");
            equal(left, g.getSource(0), "general: source");
            equal(right, g.getDestination(0), "general: destination");
            that(!g.isWeighted(), "general: unweighted");
            dg.free();
        });

        step("errors name the argument", () -> {
            expectError(MPI.ERR_DIMS, "a grid larger than the world",
                    () -> WORLD.createCart(new int[] {n + 1}, new boolean[] {false}, false), "createCart",
                    Integer.toString(n + 1));
            expectError(MPI.ERR_DIMS, "a zero dimension",
                    () -> WORLD.createCart(new int[] {0, 1}, new boolean[] {false, false}, false), "dims[0] = 0");
            expectError(MPI.ERR_DIMS, "createDims of 7 with a fixed 2",
                    () -> CartComm.createDims(7, new int[] {2, 0}), "createDims", "7");
            CartComm ring = WORLD.createCart(new int[] {n}, new boolean[] {true}, false);
            expectError(MPI.ERR_RANK, "getCoords(-1)", () -> ring.getCoords(-1), "getCoords", "-1");
            expectError(MPI.ERR_ARG, "shift along dimension 3", () -> ring.shift(3, 1), "direction 3");
            expectError(MPI.ERR_TOPOLOGY, "neighbour allgather without a topology",
                    () -> WORLD.neighborAllGather(new int[1], 1, MPI.INT, new int[2], 1, MPI.INT), "neighborAllGather");
            ring.free();
            Comm none = WORLD.createCart(new int[] {1}, new boolean[] {false}, false);
            that(me == 0 ? !none.isNull() : none.isNull(), "a 1-process grid leaves the others null");
            if (!none.isNull()) {
                none.free();
            }
        });

        Check.done();
    }
}

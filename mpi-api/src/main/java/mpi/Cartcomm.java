package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * mpiJava 1.2 / MPJ Express Cartesian communicator (the Open MPI bindings' {@link CartComm}
 * extends it; every Cartesian communicator is a CartComm). Ranks are laid out row-major: the
 * last dimension varies fastest. Both dialects' calls share the implementations here.
 */
public class Cartcomm extends Intracomm {
    Cartcomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public Cartcomm clone() {
        return (Cartcomm) duplicate("clone", null);
    }

    public int Rank(int[] coords) {
        return rankAt(coords, "Rank");
    }

    public int[] Coords(int rank) {
        return coordsOf(rank, "Coords");
    }

    public ShiftParms Shift(int direction, int disp) {
        return shift(direction, disp, "Shift");
    }

    public Cartcomm Sub(boolean[] remain_dims) {
        return sub(remain_dims, "Sub");
    }

    public int Map(int[] dims, boolean[] periods) {
        return map(dims, periods, "Map");
    }

    public CartParms Get() {
        return topo("Get");
    }

    public int Topo_test() {
        live("Topo_test");
        return MPI.CART;
    }

    public static void Dims_create(int nnodes, int[] dims) {
        dimsCreate(nnodes, dims, "Dims_create");
    }

    // ================================================================ implementations

    final Topology cart(String call) {
        live(call);
        return topology;
    }

    final CartParms topo(String call) {
        Topology t = cart(call);
        return new CartParms(t.dims.clone(), t.periods.clone(), Topology.coords(rank, t.dims));
    }

    final int rankAt(int[] coords, String call) {
        Topology t = cart(call);
        if (coords == null || coords.length < t.dims.length) {
            throw raise(ErrorClass.ARG, call + ": coords has " + (coords == null ? "no" : Integer.toString(coords.length))
                + " entries, the grid " + t.dims.length + " dimensions");
        }
        for (int i = 0; i < t.dims.length; i++) {
            if (!t.periods[i] && (coords[i] < 0 || coords[i] >= t.dims[i])) {
                throw raise(ErrorClass.ARG, call + ": coords[" + i + "] = " + coords[i] + " is outside non-periodic dimension "
                    + i + " (0 to " + (t.dims[i] - 1) + ")");
            }
        }
        return Topology.rank(coords, t.dims, t.periods);
    }

    final int[] coordsOf(int r, String call) {
        Topology t = cart(call);
        if (r < 0 || r >= localWorldRanks.length) {
            throw raise(ErrorClass.RANK, call + ": rank " + r + " is not a rank of " + this + " (size "
                + localWorldRanks.length + ")");
        }
        return Topology.coords(r, t.dims);
    }

    final ShiftParms shift(int direction, int disp, String call) {
        Topology t = cart(call);
        if (direction < 0 || direction >= t.dims.length) {
            throw raise(ErrorClass.ARG, call + ": direction " + direction + " is not a dimension (0 to "
                + (t.dims.length - 1) + ")");
        }
        int[] sd = Topology.shift(rank, direction, disp, t.dims, t.periods);
        return new ShiftParms(sd[0], sd[1]);
    }

    /**
     * The sub-grid of the dimensions kept in {@code remainDims} that contains this process:
     * processes with the same coordinates in the dropped dimensions, ranked in grid order.
     * Collective.
     */
    final CartComm sub(boolean[] remainDims, String call) {
        Topology t = cart(call);
        if (remainDims == null || remainDims.length < t.dims.length) {
            throw raise(ErrorClass.ARG, call + ": remainDims has " + (remainDims == null ? "no" : Integer.toString(
                remainDims.length)) + " entries, the grid " + t.dims.length + " dimensions");
        }
        int[] c = Topology.coords(rank, t.dims);
        int colour = 0;
        int kept = 0;
        for (int i = 0; i < t.dims.length; i++) {
            if (remainDims[i]) {
                kept++;
            } else {
                colour = colour * t.dims[i] + c[i];
            }
        }
        int[] dims = new int[kept];
        boolean[] periods = new boolean[kept];
        for (int i = 0, k = 0; i < t.dims.length; i++) {
            if (remainDims[i]) {
                dims[k] = t.dims[i];
                periods[k++] = t.periods[i];
            }
        }
        CartComm s = (CartComm) splitAs(colour, rank, call, CartComm.class, null);
        s.topology = Topology.cart(dims, periods);
        return s;
    }

    /** The rank this process would have in a grid of {@code dims}: its own when it is in the grid, else UNDEFINED. */
    final int map(int[] dims, boolean[] periods, String call) {
        live(call);
        if (dims == null || periods == null || periods.length < dims.length) {
            throw raise(ErrorClass.ARG, call + ": dims or periods is null, or periods is shorter than dims");
        }
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) {
                throw raise(ErrorClass.DIMS, call + ": dims[" + i + "] = " + dims[i] + " is not positive");
            }
        }
        long n = Topology.product(dims);
        if (n > localWorldRanks.length) {
            throw raise(ErrorClass.DIMS, call + ": the grid has more processes than the communicator's "
                + localWorldRanks.length);
        }
        return rank < n ? rank : MPI.UNDEFINED;
    }

    static void dimsCreate(int nnodes, int[] dims, String call) {
        MPI.check(call);
        if (dims == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.ARG, call + ": dims is null");
        }
        if (nnodes <= 0) {
            throw MPI.COMM_WORLD.raise(ErrorClass.DIMS, call + ": nnodes " + nnodes + " is not positive");
        }
        int[] filled = Topology.dimsCreate(nnodes, dims);
        if (filled == null) {
            throw MPI.COMM_WORLD.raise(ErrorClass.DIMS, call + ": no grid of " + nnodes + " processes has dims "
                + java.util.Arrays.toString(dims) + " (a negative entry, or " + nnodes
                + " is not a multiple of the product of the non-zero entries)");
        }
        System.arraycopy(filled, 0, dims, 0, dims.length);
    }
}

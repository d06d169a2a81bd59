package mpi;

/** The Open MPI bindings' Cartesian communicator; see {@link Cartcomm}. */
public final class CartComm extends Cartcomm {
    CartComm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public CartComm clone() {
        return (CartComm) duplicate("clone", null);
    }

    public CartComm dup() {
        return (CartComm) duplicate("dup", null);
    }

    public CartComm iDup() {
        return (CartComm) duplicateNow("iDup");
    }

    public CartComm dupWithInfo(Info info) {
        return (CartComm) duplicate("dupWithInfo", info);
    }

    public CartParms getTopo() {
        return topo("getTopo");
    }

    public int getRank(int[] coords) {
        return rankAt(coords, "getRank");
    }

    public int[] getCoords(int rank) {
        return coordsOf(rank, "getCoords");
    }

    public ShiftParms shift(int direction, int disp) {
        return shift(direction, disp, "shift");
    }

    public CartComm sub(boolean[] remainDims) {
        return sub(remainDims, "sub");
    }

    public int map(int[] dims, boolean[] periods) {
        return map(dims, periods, "map");
    }

    /** MPI_Dims_create: fills the zero entries of {@code dims}, as balanced as possible (ERR_DIMS when impossible). */
    public static void createDims(int nnodes, int[] dims) {
        dimsCreate(nnodes, dims, "createDims");
    }
}

package mpi;

/**
 * What a Cartesian communicator is: the extent and periodicity of each dimension and this
 * process's coordinates ({@link CartComm#getTopo}, mpiJava {@code Cartcomm.Get}). Read through the
 * Open MPI getters or mpiJava's public fields; both see the same arrays.
 */
public final class CartParms {
    /** mpiJava 1.2: the extent of each dimension, its periodicity and this process's coordinates. */
    public int[] dims;
    public boolean[] periods;
    public int[] coords;

    CartParms(int[] dims, boolean[] periods, int[] coords) {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    public int getDimCount() {
        return dims.length;
    }

    public int getDim(int i) {
        return dims[i];
    }

    public boolean getPeriod(int i) {
        return periods[i];
    }

    public int getCoord(int i) {
        return coords[i];
    }
}

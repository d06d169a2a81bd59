package mpi;

import java.nio.*;

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
        throw Unsupported.notYet("CartParms.getDimCount");
    }

    public int getDim(int i) {
        throw Unsupported.notYet("CartParms.getDim");
    }

    public boolean getPeriod(int i) {
        throw Unsupported.notYet("CartParms.getPeriod");
    }

    public int getCoord(int i) {
        throw Unsupported.notYet("CartParms.getCoord");
    }
}

package mpi;

import java.nio.*;

public class Cartcomm extends Intracomm {
    Cartcomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public Cartcomm clone() {
        throw Unsupported.notYet("Cartcomm.clone");
    }

    public int Rank(int[] coords) {
        throw Unsupported.notYet("Cartcomm.Rank");
    }

    public int[] Coords(int rank) {
        throw Unsupported.notYet("Cartcomm.Coords");
    }

    public ShiftParms Shift(int direction, int disp) {
        throw Unsupported.notYet("Cartcomm.Shift");
    }

    public Cartcomm Sub(boolean[] remain_dims) {
        throw Unsupported.notYet("Cartcomm.Sub");
    }

    public int Map(int[] dims, boolean[] periods) {
        throw Unsupported.notYet("Cartcomm.Map");
    }

    public CartParms Get() {
        throw Unsupported.notYet("Cartcomm.Get");
    }

    public int Topo_test() {
        throw Unsupported.notYet("Cartcomm.Topo_test");
    }

    public static void Dims_create(int nnodes, int[] dims) {
        throw Unsupported.notYet("Cartcomm.Dims_create");
    }
}

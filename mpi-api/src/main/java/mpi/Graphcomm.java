package mpi;

import java.nio.*;

public class Graphcomm extends Intracomm {
    Graphcomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public Graphcomm clone() {
        throw Unsupported.notYet("Graphcomm.clone");
    }

    public GraphParms Get() {
        throw Unsupported.notYet("Graphcomm.Get");
    }

    public int[] Neighbours(int rank) {
        throw Unsupported.notYet("Graphcomm.Neighbours");
    }

    public int Map(int[] index, int[] edges) {
        throw Unsupported.notYet("Graphcomm.Map");
    }

    public int Topo_test() {
        throw Unsupported.notYet("Graphcomm.Topo_test");
    }
}

package mpi;

import java.nio.*;

public final class GraphComm extends Graphcomm {
    GraphComm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public GraphComm clone() {
        throw Unsupported.notYet("GraphComm.clone");
    }

    public GraphComm dup() {
        throw Unsupported.notYet("GraphComm.dup");
    }

    public GraphComm iDup() {
        throw Unsupported.notYet("GraphComm.iDup");
    }

    public GraphComm dupWithInfo(Info info) {
        throw Unsupported.notYet("GraphComm.dupWithInfo");
    }

    public GraphParms getDims() {
        throw Unsupported.notYet("GraphComm.getDims");
    }

    public int[] getNeighbors(int rank) {
        throw Unsupported.notYet("GraphComm.getNeighbors");
    }

    public DistGraphNeighbors getDistGraphNeighbors() {
        throw Unsupported.notYet("GraphComm.getDistGraphNeighbors");
    }

    public int map(int[] index, int[] edges) {
        throw Unsupported.notYet("GraphComm.map");
    }
}

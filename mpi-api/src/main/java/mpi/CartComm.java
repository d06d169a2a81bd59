package mpi;

import java.nio.*;

public final class CartComm extends Cartcomm {
    CartComm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public CartComm clone() {
        throw Unsupported.notYet("CartComm.clone");
    }

    public CartComm dup() {
        throw Unsupported.notYet("CartComm.dup");
    }

    public CartComm iDup() {
        throw Unsupported.notYet("CartComm.iDup");
    }

    public CartComm dupWithInfo(Info info) {
        throw Unsupported.notYet("CartComm.dupWithInfo");
    }

    public CartParms getTopo() {
        throw Unsupported.notYet("CartComm.getTopo");
    }

    public int getRank(int[] coords) {
        throw Unsupported.notYet("CartComm.getRank");
    }

    public int[] getCoords(int rank) {
        throw Unsupported.notYet("CartComm.getCoords");
    }

    public ShiftParms shift(int direction, int disp) {
        throw Unsupported.notYet("CartComm.shift");
    }

    public CartComm sub(boolean[] remainDims) {
        throw Unsupported.notYet("CartComm.sub");
    }

    public int map(int[] dims, boolean[] periods) {
        throw Unsupported.notYet("CartComm.map");
    }

    public static void createDims(int nnodes, int[] dims) {
        throw Unsupported.notYet("CartComm.createDims");
    }
}

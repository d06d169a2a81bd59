package mpi;

import java.nio.*;

public final class Intercomm extends Comm {
    Intercomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    public Intercomm clone() {
        throw Unsupported.notYet("Intercomm.clone");
    }

    public Intercomm dup() {
        throw Unsupported.notYet("Intercomm.dup");
    }

    public Intercomm iDup() {
        throw Unsupported.notYet("Intercomm.iDup");
    }

    public Intercomm dupWithInfo(Info info) {
        throw Unsupported.notYet("Intercomm.dupWithInfo");
    }

    public int getRemoteSize() {
        throw Unsupported.notYet("Intercomm.getRemoteSize");
    }

    public Group getRemoteGroup() {
        throw Unsupported.notYet("Intercomm.getRemoteGroup");
    }

    public Intracomm merge(boolean high) {
        throw Unsupported.notYet("Intercomm.merge");
    }

    public static Intercomm getParent() {
        throw Unsupported.dynamicProcesses("Intercomm.getParent");
    }

    public int Remote_size() {
        throw Unsupported.notYet("Intercomm.Remote_size");
    }

    public Group Remote_group() {
        throw Unsupported.notYet("Intercomm.Remote_group");
    }

    public Intracomm Merge(boolean high) {
        throw Unsupported.notYet("Intercomm.Merge");
    }
}

package mpi;

import java.nio.*;

public final class ShiftParms {
    /** mpiJava 1.2: the source and destination ranks of a shift. */
    public int rank_source;
    public int rank_dest;

    ShiftParms(int source, int dest) {
        this.rank_source = source;
        this.rank_dest = dest;
    }

    public int getRankSource() {
        throw Unsupported.notYet("ShiftParms.getRankSource");
    }

    public int getRankDest() {
        throw Unsupported.notYet("ShiftParms.getRankDest");
    }
}

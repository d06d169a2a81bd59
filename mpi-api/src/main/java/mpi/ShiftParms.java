package mpi;

/**
 * The two ranks a Cartesian shift names ({@link CartComm#shift}): where to receive from and where
 * to send to, {@link MPI#PROC_NULL} off the edge of a non-periodic dimension.
 */
public final class ShiftParms {
    /** mpiJava 1.2: the source and destination ranks of a shift. */
    public int rank_source;
    public int rank_dest;

    ShiftParms(int source, int dest) {
        this.rank_source = source;
        this.rank_dest = dest;
    }

    public int getRankSource() {
        return rank_source;
    }

    public int getRankDest() {
        return rank_dest;
    }
}

package mpi;

/**
 * A communicator whose members talk among themselves (every communicator of this version is
 * one). Collectives beyond the barrier arrive with the collectives module.
 */
public class Intracomm extends Comm {
    Intracomm(String name, int p2pContext, int collContext) {
        super(name, p2pContext, collContext);
    }

    /** mpiJava: {@link #barrier()}. */
    public void Barrier() {
        barrier("Barrier");
    }
}

package org.atollmpi.runtime.boot;

import java.util.function.Supplier;

import org.atollmpi.nic.RoutingSpace;

/**
 * A rank's job as its launcher wired it: the routing space the boards open on, and the
 * launcher's services beside it. Our {@code mpirun} wires a job through its job server
 * ({@link JobBootstrap}); other launchers (MPICH's Hydra, Slurm) through PMI
 * ({@link org.atollmpi.runtime.boot.pmi.PmiBootstrap}).
 */
public interface JobWiring extends RoutingSpace, AutoCloseable {
    /** Name of this rank's node, for {@code getProcessorName}. */
    String hostName();

    /** Cores of this rank's node (all of them, not only those this rank is bound to). */
    int nodeCores();

    /**
     * Ends the whole job with exit status {@code code}; does not return. {@code fatalError}: an
     * MPI error under {@code MPI_ERRORS_ARE_FATAL}, already reported, whose class name is
     * {@code message}; otherwise a call of abort, {@code message} saying where.
     */
    void abort(int code, boolean fatalError, String message);

    /**
     * Gives the launcher a way to ask this rank what it waits for ({@code mpirun --timeout}):
     * {@code report} is called on a thread of the wiring's own, never the program's, and returns
     * lines. A launcher with no such channel (PMI) ignores it.
     */
    default void onDiagnose(Supplier<String> report) {
    }

    /** Tells the launcher this rank finished MPI cleanly; returns once it has recorded that. */
    void finalized();

    /** Parts from the launcher; call it when the process is about to end, after {@link #finalized}. */
    @Override
    void close();
}

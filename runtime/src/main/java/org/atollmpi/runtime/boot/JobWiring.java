package org.atollmpi.runtime.boot;

import java.util.List;

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

    /**
     * Asks the launcher to start a job as {@code mpirun <args>} would (MPI_Comm_spawn). Returns once
     * asked; {@link #spawnedStatus} says when that job has ended.
     *
     * @throws UnsupportedOperationException when this launcher cannot start jobs (a PMI launcher's)
     */
    default void spawn(int request, List<String> args) {
        throw new UnsupportedOperationException("this launcher cannot start jobs (start the job with atoll-mpi's"
            + " mpirun to spawn)");
    }

    /**
     * The job of {@code request} has connected to this one: from now on its failure ends this job
     * too (its ranks are this job's peers, which would wait for them for ever).
     */
    default void spawnConnected(int request) {
    }

    /** The end of the job {@link #spawn} started for {@code request}: its status and a message, or null while it runs. */
    default String spawnedStatus(int request) {
        return null;
    }

    /** Tells the launcher this rank finished MPI cleanly; returns once it has recorded that. */
    void finalized();

    /**
     * As {@link #finalized}, handing the launcher this rank's NIC counters ({@code counters}, a
     * {@code NicSnapshot} encoded; null for none) for {@code mpirun --report-nic}. A launcher that
     * prints no such report drops them.
     */
    default void finalized(String counters) {
        finalized();
    }

    /** Parts from the launcher; call it when the process is about to end, after {@link #finalized}. */
    @Override
    void close();
}

package org.atollmpi.engine;

/**
 * Everything one rank runs on, assembled at {@code MPI.Init}: the job's wiring (from the
 * launcher's job server, or a singleton world when started with plain {@code java}), the board,
 * this rank's host port and the engine over it. Torn down at {@code MPI.Finalize}.
 */
public final class RankRuntime implements AutoCloseable {
    /**
     * Starts this rank. {@code requestedThreadLevel} is one of the {@code THREAD_*} levels
     * (0 = single ... 3 = multiple); the engine provides {@link #threadLevel()}.
     */
    public static RankRuntime start(int requestedThreadLevel) {
        throw new IllegalStateException("runtime not built yet");
    }

    public Engine engine() {
        throw new IllegalStateException("runtime not built yet");
    }

    /** World rank and size. */
    public int rank() {
        throw new IllegalStateException("runtime not built yet");
    }

    public int size() {
        throw new IllegalStateException("runtime not built yet");
    }

    /** The thread level actually provided (0 single, 1 funneled, 2 serialized, 3 multiple). */
    public int threadLevel() {
        throw new IllegalStateException("runtime not built yet");
    }

    /** Host name of this rank, for {@code getProcessorName}. */
    public String processorName() {
        throw new IllegalStateException("runtime not built yet");
    }

    /**
     * Ends the whole job: every rank stops and {@code mpirun} exits with {@code code}. Does not
     * return.
     */
    public void abort(int code, String message) {
        throw new IllegalStateException("runtime not built yet");
    }

    /** Clean shutdown (MPI_Finalize): waits for outstanding traffic, tells the job server. */
    @Override
    public void close() {
    }
}

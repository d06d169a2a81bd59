package org.atollmpi.engine;

/**
 * An MPI error raised below the API: carries the MPI error class. The {@code mpi} layer turns it
 * into an {@code MPIException} and applies the communicator's error handler.
 */
public class EngineException extends RuntimeException {
    private final int errorClass;

    public EngineException(int errorClass, String message) {
        super(message);
        this.errorClass = errorClass;
    }

    public EngineException(int errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorClass = errorClass;
    }

    public int errorClass() {
        return errorClass;
    }
}

package mpi;

import org.atollmpi.engine.EngineException;
import org.atollmpi.engine.ErrorClass;

/**
 * An MPI error, carrying its MPI error class ({@code MPI.ERR_*}).
 *
 * <p>Unchecked on purpose: Open MPI's is checked, MPJ Express's is not. Code written for either
 * dialect compiles against an unchecked exception (a {@code catch (MPIException e)} or a
 * {@code throws MPIException} clause is legal for it), whereas a checked one would break every
 * MPJ program that does not declare it.
 *
 * <p>Errors are only thrown to the caller when the communicator's error handler is
 * {@link MPI#ERRORS_RETURN}; under the default {@link MPI#ERRORS_ARE_FATAL} the job ends.
 */
public final class MPIException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int errorClass;

    /** An error raised by this library. */
    MPIException(int errorClass, String message) {
        super(message);
        this.errorClass = errorClass;
    }

    MPIException(int errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorClass = errorClass;
    }

    /** mpiJava / MPJ Express: an error with no message ({@link MPI#ERR_UNKNOWN}). */
    public MPIException() {
        this.errorClass = ErrorClass.UNKNOWN;
    }

    /** A user-made error; its class is {@link MPI#ERR_UNKNOWN}. */
    public MPIException(String message) {
        super(message);
        this.errorClass = ErrorClass.UNKNOWN;
    }

    /** Wraps {@code cause}, keeping its MPI error class when it has one. */
    public MPIException(Throwable cause) {
        super(cause);
        this.errorClass = classOf(cause);
    }

    private static int classOf(Throwable cause) {
        if (cause instanceof MPIException) {
            return ((MPIException) cause).errorClass;
        }
        if (cause instanceof EngineException) {
            return ((EngineException) cause).errorClass();
        }
        return ErrorClass.UNKNOWN;
    }

    /** The error code; this library's codes are its error classes. */
    public int getErrorCode() {
        return errorClass;
    }

    public int getErrorClass() {
        return errorClass;
    }
}

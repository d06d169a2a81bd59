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

    private final int errorCode;
    private final int errorClass;

    /**
     * An error raised by this library with {@code errorCode}: a predefined class (the library's
     * own errors, whose code is their class) or a code the program added with
     * {@link MPI#addErrorCode} (then the class is the one that code was added to).
     */
    MPIException(int errorCode, String message) {
        super(message);
        this.errorCode = errorCode;
        this.errorClass = ErrorCodes.classOf(errorCode);
    }

    MPIException(int errorCode, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
        this.errorClass = ErrorCodes.classOf(errorCode);
    }

    /** mpiJava / MPJ Express: an error with no message ({@link MPI#ERR_UNKNOWN}). */
    public MPIException() {
        this.errorCode = ErrorClass.UNKNOWN;
        this.errorClass = ErrorClass.UNKNOWN;
    }

    /** A user-made error; its class is {@link MPI#ERR_UNKNOWN}. */
    public MPIException(String message) {
        super(message);
        this.errorCode = ErrorClass.UNKNOWN;
        this.errorClass = ErrorClass.UNKNOWN;
    }

    /** Wraps {@code cause}, keeping its MPI error code and class when it has them. */
    public MPIException(Throwable cause) {
        super(cause);
        this.errorCode = codeOf(cause);
        this.errorClass = cause instanceof MPIException ? ((MPIException) cause).errorClass
            : ErrorCodes.classOf(errorCode);
    }

    private static int codeOf(Throwable cause) {
        if (cause instanceof MPIException) {
            return ((MPIException) cause).errorCode;
        }
        if (cause instanceof EngineException) {
            return ((EngineException) cause).errorClass();
        }
        return ErrorClass.UNKNOWN;
    }

    /**
     * The error code: for the library's own errors the same as the class; for an error raised
     * with a code the program added ({@link MPI#addErrorCode}, e.g. through
     * {@link Comm#callErrhandler}), that code.
     */
    public int getErrorCode() {
        return errorCode;
    }

    /** The error class of {@link #getErrorCode()} ({@link MPI#getErrorClass}). */
    public int getErrorClass() {
        return errorClass;
    }
}

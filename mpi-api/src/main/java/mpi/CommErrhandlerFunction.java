package mpi;

/**
 * A user error handler for communicators (C's {@code MPI_Comm_errhandler_function}), made into an
 * {@link Errhandler} by {@link Comm#createErrhandler} and installed with
 * {@link Comm#setErrhandler}.
 *
 * <p><b>An atoll-mpi extension:</b> the Open MPI Java bindings and mpiJava 1.2 have no user error
 * handlers (only {@code ERRORS_ARE_FATAL} and {@code ERRORS_RETURN}). When a call on the
 * communicator fails, the function is called on the failing thread with the communicator and the
 * error code (use {@link MPI#getErrorClass} / {@link MPI#getErrorString} on it); when it returns,
 * the call throws its {@link MPIException} to the caller, as under {@code ERRORS_RETURN}. A
 * function that should end the job calls {@code comm.abort(code)}; one that throws an unchecked
 * exception has that exception thrown from the failing call instead.
 */
@FunctionalInterface
public interface CommErrhandlerFunction {
    /**
     * Called once per error raised on {@code comm}.
     *
     * @param comm      the communicator the failing call was made on
     * @param errorCode the error code (a predefined class, or a code the program added)
     */
    void handle(Comm comm, int errorCode);
}

package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * The errors of calls that exist so that programs compile but that this library does not carry
 * out. Each raises ERR_UNSUPPORTED_OPERATION naming the call, never a silent no-op.
 */
final class Unsupported {
    private Unsupported() {
    }

    /** mpiJava's {@code Comm.GetIntercomm}: the native handle behind its Intercomm_create, which has no handle here. */
    static MPIException nativeHandle(String call) {
        return new MPIException(ErrorClass.UNSUPPORTED_OPERATION, call
            + ": mpiJava's native communicator handle does not exist in atoll-mpi; call Intercomm_create"
            + " (createIntercomm) for the intercommunicator");
    }
}

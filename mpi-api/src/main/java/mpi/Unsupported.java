package mpi;

import org.atollmpi.engine.ErrorClass;

/**
 * The errors of calls that exist so that programs compile but that this library does not carry
 * out: dynamic process management (spawn, ports, connect/accept) is outside its scope. Each raises
 * ERR_UNSUPPORTED_OPERATION naming the call, never a silent no-op.
 */
final class Unsupported {
    private Unsupported() {
    }

    static MPIException dynamicProcesses(String call) {
        return new MPIException(ErrorClass.UNSUPPORTED_OPERATION, call
            + ": dynamic process management (spawn, ports, connect/accept) is not supported by atoll-mpi;"
            + " start every rank with mpirun");
    }
}

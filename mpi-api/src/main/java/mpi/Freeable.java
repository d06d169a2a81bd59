package mpi;

/** An MPI object whose resources the program releases explicitly. */
public interface Freeable {
    void free() throws MPIException;
}

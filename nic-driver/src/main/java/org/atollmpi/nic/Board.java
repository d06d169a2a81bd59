package org.atollmpi.nic;

/** A board: the memory and the ports of the ranks that share it. */
public interface Board extends AutoCloseable {
    /** Opens the port of {@code rank}. */
    HostPort open(int rank);

    @Override
    void close();
}

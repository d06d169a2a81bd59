package org.atollmpi.nic.tcp;

/**
 * Where the TCP board says why it closed a connection (a frame that does not decode, a peer that
 * failed authentication). Standard error by default, one line each; tests collect them.
 */
@FunctionalInterface
interface ConnectionLog {
    ConnectionLog STDERR = line -> System.err.println("atoll-mpi: " + line);

    void closed(String line);
}

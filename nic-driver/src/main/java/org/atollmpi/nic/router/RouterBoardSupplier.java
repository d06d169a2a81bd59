package org.atollmpi.nic.router;

import org.atollmpi.nic.BoardSupplier;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.RoutingSpace;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.atollmpi.nic.shm.ShmBoardSupplier;
import org.atollmpi.nic.tcp.TcpBoardConfig;
import org.atollmpi.nic.tcp.TcpBoardSupplier;

/**
 * Opens a rank's {@link RouterPort} for a job that spans nodes: its node's shm board (the ranks
 * of {@link RoutingSpace#nodeRanks()} only, set up among them without the job's barrier), then
 * its TCP port serving that board's memory and windows (one exchange of addresses with the whole
 * job). A rank of the job on the plain TCP board makes the same one exchange, so ranks alone on
 * their node may open the TCP board while the others open this, and all reach each other.
 */
public final class RouterBoardSupplier implements BoardSupplier {
    private final ShmBoardConfig shm;
    private final TcpBoardConfig tcp;

    public RouterBoardSupplier(ShmBoardConfig shm, TcpBoardConfig tcp) {
        this.shm = shm;
        this.tcp = tcp;
    }

    @Override
    public HostPort openPort(RoutingSpace space) {
        TcpBoardSupplier network = new TcpBoardSupplier(tcp);
        return RouterPort.open(space.rank(), space.size(), space.nodeRanks(), ShmBoardSupplier.openNodePort(space, shm),
            memory -> network.openPort(space, memory));
    }

    /** The TCP board's event loops; the shm board's NIC is the calling thread. */
    @Override
    public int nicThreadsPerPort() {
        return tcp.ioThreads();
    }
}

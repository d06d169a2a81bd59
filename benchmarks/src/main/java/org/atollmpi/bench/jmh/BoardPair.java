package org.atollmpi.bench.jmh;

import java.nio.file.Path;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.atollmpi.nic.shm.ShmHostPort;
import org.atollmpi.nic.stat.CountingHostPort;
import org.atollmpi.nic.stat.NicCounters;

/**
 * Rank 0 and rank 1 of a two-rank board, on two attachments of one {@code /dev/shm} file as two
 * processes would have them, and a thread that drives rank 1 until it is stopped.
 */
final class BoardPair {
    final ShmBoard creator;
    final ShmBoard joiner;
    final HostPort rank0;
    final HostPort rank1;
    private volatile boolean running = true;
    private Thread peer;

    BoardPair(String name) {
        this(name, false);
    }

    /**
     * {@code counted}: each port behind the counting port, as a rank's engine has it (its
     * counters on), to measure what counting costs beside the bare port.
     */
    BoardPair(String name, boolean counted) {
        Path file = ShmBoard.SHM_DIRECTORY.resolve("atoll-bench-" + name + "-" + ProcessHandle.current().pid());
        ShmBoardConfig config = ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 20);
        creator = ShmBoard.attach(file, 2, config, true);
        joiner = ShmBoard.attach(file, 2, config, false);
        creator.unlink();
        ShmHostPort zero = creator.open(0);
        ShmHostPort one = joiner.open(1);
        rank0 = counted ? new CountingHostPort(zero, NicCounters.inHeap(0, 2, "shm")) : zero;
        rank1 = counted ? new CountingHostPort(one, NicCounters.inHeap(1, 2, "shm")) : one;
    }

    /** Starts the thread that polls rank 1 into {@code handler} until {@link #close()}. */
    void startPeer(ArrivalHandler handler) {
        peer = new Thread(() -> {
            while (running) {
                if (rank1.poll(handler, 64) == 0) {
                    Thread.onSpinWait();
                }
            }
        }, "rank-1");
        peer.setDaemon(true);
        peer.start();
    }

    boolean running() {
        return running;
    }

    void close() throws InterruptedException {
        running = false;
        if (peer != null) {
            peer.join();
        }
        joiner.close();
        creator.close();
    }
}

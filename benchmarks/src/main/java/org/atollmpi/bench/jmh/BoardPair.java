package org.atollmpi.bench.jmh;

import java.nio.file.Path;

import org.atollmpi.nic.ArrivalHandler;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.atollmpi.nic.shm.ShmHostPort;

/**
 * Rank 0 and rank 1 of a two-rank board, on two attachments of one {@code /dev/shm} file as two
 * processes would have them, and a thread that drives rank 1 until it is stopped.
 */
final class BoardPair {
    final ShmBoard creator;
    final ShmBoard joiner;
    final ShmHostPort rank0;
    final ShmHostPort rank1;
    private volatile boolean running = true;
    private Thread peer;

    BoardPair(String name) {
        Path file = ShmBoard.SHM_DIRECTORY.resolve("atoll-bench-" + name + "-" + ProcessHandle.current().pid());
        ShmBoardConfig config = ShmBoardConfig.defaults().withHeapBytesPerRank(1 << 20);
        creator = ShmBoard.attach(file, 2, config, true);
        joiner = ShmBoard.attach(file, 2, config, false);
        creator.unlink();
        rank0 = creator.open(0);
        rank1 = joiner.open(1);
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

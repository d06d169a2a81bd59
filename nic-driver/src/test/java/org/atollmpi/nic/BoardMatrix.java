package org.atollmpi.nic;

import java.util.concurrent.atomic.AtomicLong;

import org.atollmpi.nic.late.LateCompletionBoard;
import org.atollmpi.nic.local.LocalBoard;
import org.atollmpi.nic.router.RouterBoard;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.atollmpi.nic.tcp.TcpBoard;
import org.atollmpi.nic.tcp.TcpBoardConfig;

/**
 * Every board a test can run ranks-as-threads on, built one way from one {@link BoardLimits}: the
 * one list the port contract ({@code HostPortContractTest}), the engine's contract suite and the
 * one-sided tests iterate ({@code @EnumSource(BoardMatrix.class)}), so a board added here is
 * tested everywhere at once. Every board is in this process, over anonymous memory; closing it
 * ends its threads and unmaps its memory (the contract checks both).
 *
 * <p>The boards differ where the layers above must not care: who plays the NIC (the sender's
 * thread on local and shm, an event loop on tcp and for the router's off-node peers), whether a
 * one-sided operation completes inside the call ({@link NicStatus#DONE}: shm, the router's node
 * peers) or a poll later (local, late, tcp, the router's others), and whether a peer's memory can
 * be mapped.
 */
public enum BoardMatrix {
    /** Plain Java queues and heap arrays ({@link LocalBoard}), written independently of the others. */
    LOCAL {
        @Override
        public Board board(int ranks, BoardLimits limits) {
            // The local ring counts records, not bytes: as many records as 16 KiB ones would fill it.
            int records = Math.max(1, limits.ringBytes() / 16384);
            return new LocalBoard(ranks, new LocalBoard.Limits(limits.slots(), records, limits.notifications(),
                limits.maxRecord(), limits.windows(), limits.heapBytes(), 16));
        }
    },
    /** The shm board over anonymous memory: the same structures a job maps from /dev/shm. */
    SHM {
        @Override
        public Board board(int ranks, BoardLimits limits) {
            return ShmBoard.anonymous(ranks, shmConfig(limits));
        }
    },
    /**
     * The shm board behind the late-completing board: every Get, Put and atomic completes polls
     * later and out of order, at most {@link #LATE_OUTSTANDING} outstanding per port (then BUSY).
     * Each board gets the next seed of a fixed sequence, so a run repeats.
     */
    LATE {
        @Override
        public Board board(int ranks, BoardLimits limits) {
            return new LateCompletionBoard(ShmBoard.anonymous(ranks, shmConfig(limits)), LATE_SEEDS.getAndIncrement(),
                LATE_OUTSTANDING);
        }
    },
    /** The TCP board on loopback: every deposit and one-sided operation a frame, the event loop the NIC. */
    TCP {
        @Override
        public Board board(int ranks, BoardLimits limits) {
            return new TcpBoard(ranks, tcpConfig(limits).withWindows(limits.windows(), limits.heapBytes()));
        }
    },
    /**
     * Ranks dealt round robin over two nodes (rank r on node r mod 2): neighbours cross the TCP
     * board, every other pair shares its node's shm board, and a rank's place on its node differs
     * from its rank.
     */
    ROUTER {
        @Override
        public Board board(int ranks, BoardLimits limits) {
            return RouterBoard.roundRobin(ranks, Math.min(ranks, 2), shmConfig(limits), tcpConfig(limits));
        }
    };

    /** One-sided operations a port of the {@link #LATE} board holds before it answers BUSY. */
    public static final int LATE_OUTSTANDING = 4;
    private static final AtomicLong LATE_SEEDS = new AtomicLong(20261122);

    /** A board of {@code ranks} ports holding {@code limits}; the caller closes it. */
    public abstract Board board(int ranks, BoardLimits limits);

    /** A board of {@code ranks} ports holding {@link BoardLimits#DEFAULT}. */
    public Board board(int ranks) {
        return board(ranks, BoardLimits.DEFAULT);
    }

    /** The board's name as the tests and the testlist spell it. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static ShmBoardConfig shmConfig(BoardLimits limits) {
        return ShmBoardConfig.defaults().withSlotsPerRing(limits.slots()).withReceiveRingBytes(limits.ringBytes())
            .withNotificationEntries(limits.notifications()).withWindowEntries(limits.windows())
            .withHeapBytesPerRank(limits.heapBytes());
    }

    /** The TCP board's queues; its window table and memory only where it owns them (not the router's). */
    public static TcpBoardConfig tcpConfig(BoardLimits limits) {
        return TcpBoardConfig.defaults().withQueues(limits.slots(), limits.ringBytes(), limits.notifications());
    }
}

package org.atollmpi.engine;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

import org.atollmpi.nic.Board;
import org.atollmpi.nic.boot.JobBootstrap;
import org.atollmpi.nic.shm.ShmBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;

/**
 * Everything one rank runs on, assembled at {@code MPI.Init}: the job's wiring (from the
 * launcher's job server, or a singleton world when started with plain {@code java}), the board,
 * this rank's host port and the engine over it. Torn down at {@code MPI.Finalize}.
 */
public final class RankRuntime implements AutoCloseable {
    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    private final JobBootstrap bootstrap; // null in a singleton world
    private final Board board; // held, never closed: see close()
    private final Engine engine;
    private final int threadLevel;
    private final String processorName;

    private RankRuntime(JobBootstrap bootstrap, Board board, Engine engine, int threadLevel, String processorName) {
        this.bootstrap = bootstrap;
        this.board = board;
        this.engine = engine;
        this.threadLevel = threadLevel;
        this.processorName = processorName;
    }

    /**
     * Starts this rank. {@code requestedThreadLevel} is one of the {@code THREAD_*} levels; every
     * level is provided as asked (MULTIPLE by a lock in the engine, which the lower levels do
     * without).
     */
    public static RankRuntime start(int requestedThreadLevel) {
        int level = Math.max(THREAD_SINGLE, Math.min(THREAD_MULTIPLE, requestedThreadLevel));
        boolean threadSafe = level == THREAD_MULTIPLE;
        JobBootstrap bootstrap = JobBootstrap.fromEnvironment();
        ShmBoardConfig boardConfig = ShmBoardConfig.fromSystemProperties();
        if (bootstrap == null) {
            ShmBoard board = ShmBoard.anonymous(1, boardConfig);
            Engine engine = new Engine(board.open(0), EngineConfig.forNode(1), threadSafe);
            return new RankRuntime(null, board, engine, level, localHostName());
        }
        ShmBoard board = attachBoard(bootstrap, boardConfig.withJobKey(bootstrap.secret()));
        Engine engine = new Engine(board.open(bootstrap.rank()), EngineConfig.forNode(bootstrap.localRanks().length),
            threadSafe);
        return new RankRuntime(bootstrap, board, engine, level, bootstrap.hostName());
    }

    /**
     * The first rank creates and initialises the board file, the others map it once it exists;
     * when all have mapped it, the file is unlinked: the memory lives on in the mappings, and a
     * job that is killed leaves nothing behind in /dev/shm.
     */
    private static ShmBoard attachBoard(JobBootstrap bootstrap, ShmBoardConfig config) {
        Path file = bootstrap.boardPath();
        boolean creator = bootstrap.rank() == 0;
        ShmBoard board;
        if (creator) {
            board = ShmBoard.attach(file, bootstrap.size(), config, true);
            bootstrap.barrier();
        } else {
            bootstrap.barrier();
            board = ShmBoard.attach(file, bootstrap.size(), config, false);
        }
        bootstrap.barrier();
        if (creator) {
            board.unlink();
        }
        return board;
    }

    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    public Engine engine() {
        return engine;
    }

    /** World rank and size. */
    public int rank() {
        return engine.rank();
    }

    public int size() {
        return engine.size();
    }

    /** The thread level actually provided (0 single, 1 funneled, 2 serialized, 3 multiple). */
    public int threadLevel() {
        return threadLevel;
    }

    /** Host name of this rank, for {@code getProcessorName}. */
    public String processorName() {
        return processorName;
    }

    /**
     * Ends the whole job: every rank stops and {@code mpirun} exits with {@code code}. Does not
     * return.
     */
    public void abort(int code, String message) {
        abortJob(bootstrap, code, message);
    }

    /** Ends the job even before (or without) a runtime: a singleton simply exits. */
    public static void abortJob(JobBootstrap bootstrap, int code, String message) {
        System.out.flush();
        System.err.flush();
        if (bootstrap != null) {
            bootstrap.abort(code, message);
        }
        Runtime.getRuntime().halt(code);
    }

    /** Clean shutdown (MPI_Finalize): waits for outstanding traffic, then parts with the others. */
    @Override
    public void close() {
        engine.quiesce();
        if (bootstrap != null) {
            bootstrap.barrier();
            bootstrap.finalized();
            bootstrap.close();
        }
        // The board stays mapped until the process exits: buffers from MPI.newByteBuffer live in
        // it, and a program that touches one after Finalize must not crash the JVM.
        engine.close();
    }
}

package org.atollmpi.runtime;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import org.atollmpi.nic.BoardSupplier;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.RoutingSpace;
import org.atollmpi.nic.late.LateCompletionBoard;
import org.atollmpi.nic.shm.ShmBoardConfig;
import org.atollmpi.nic.shm.ShmBoardSupplier;
import org.atollmpi.nic.tcp.TcpBoardConfig;
import org.atollmpi.nic.tcp.TcpBoardSupplier;

/**
 * How a rank is put together, from system properties or, for ranks started by {@code mpirun}
 * ({@code -x} or mpirun's own options), environment variables; a property wins.
 *
 * <table>
 * <caption>settings</caption>
 * <tr><th>property</th><th>variable</th><th>meaning</th></tr>
 * <tr><td>{@code atoll.async.progress}</td><td>{@code ATOLL_ASYNC_PROGRESS}</td><td>{@code true}/{@code 1}: a
 *     progress thread per rank ({@code mpirun --async-progress})</td></tr>
 * <tr><td>{@code atoll.stats}</td><td>{@code ATOLL_STATS}</td><td>{@code true}/{@code 1}: print how the rank's
 *     sends mapped onto the NIC (the engine's counters) on standard error at {@code MPI.Finalize}</td></tr>
 * <tr><td>{@code atoll.board}</td><td>{@code ATOLL_BOARD}</td><td>{@code shm}, {@code tcp} or {@code auto} (the
 *     default: shm when every rank shares this node); {@code mpirun --board} sets it</td></tr>
 * <tr><td>{@code atoll.nic.late}</td><td>{@code ATOLL_NIC_LATE_COMPLETION}</td><td>a seed: put the board behind
 *     the late-completing board (one-sided operations complete late and out of order), for testing</td></tr>
 * </table>
 *
 * @param asyncProgress whether to start the progress thread
 * @param stats         whether to print the engine's counters at Finalize
 * @param lateSeed      the late-completion seed, or null for none
 * @param board         which board the rank opens its port on
 */
record RuntimeSettings(boolean asyncProgress, boolean stats, Long lateSeed, BoardChoice board) {
    /** The values of {@code atoll.board} / {@code ATOLL_BOARD}. */
    enum BoardChoice {
        SHM, TCP, AUTO;

        static BoardChoice parse(String value) {
            if (value == null || value.isBlank()) {
                return AUTO;
            }
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "shm" -> SHM;
                case "tcp" -> TCP;
                case "auto" -> AUTO;
                default -> throw new IllegalArgumentException(BOARD_PROPERTY + " / " + BOARD_ENV
                    + " must be shm, tcp or auto, not '" + value + "'");
            };
        }
    }

    static final String ASYNC_PROPERTY = "atoll.async.progress";
    static final String ASYNC_ENV = "ATOLL_ASYNC_PROGRESS";
    static final String STATS_PROPERTY = "atoll.stats";
    static final String STATS_ENV = "ATOLL_STATS";
    static final String LATE_PROPERTY = "atoll.nic.late";
    static final String LATE_ENV = "ATOLL_NIC_LATE_COMPLETION";
    static final String BOARD_PROPERTY = "atoll.board";
    static final String BOARD_ENV = "ATOLL_BOARD";

    static RuntimeSettings fromEnvironment() {
        return from(System.getenv(), System.getProperties());
    }

    static RuntimeSettings from(Map<String, String> env, Properties properties) {
        String async = setting(env, properties, ASYNC_PROPERTY, ASYNC_ENV);
        String late = setting(env, properties, LATE_PROPERTY, LATE_ENV);
        Long seed = null;
        if (late != null && !late.isBlank()) {
            try {
                seed = Long.parseLong(late.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(LATE_PROPERTY + " / " + LATE_ENV + " must be a number (a seed), not '"
                    + late + "'");
            }
        }
        boolean stats = flag(setting(env, properties, STATS_PROPERTY, STATS_ENV), STATS_PROPERTY, STATS_ENV);
        BoardChoice board = BoardChoice.parse(setting(env, properties, BOARD_PROPERTY, BOARD_ENV));
        return new RuntimeSettings(flag(async, ASYNC_PROPERTY, ASYNC_ENV), stats, seed, board);
    }

    /**
     * The board asked for, for a rank of {@code space} (auto: the node's shm board when the job is
     * on one node, else the TCP board, until a router combines the two), behind the
     * late-completing board when asked.
     */
    BoardSupplier boardSupplier(RoutingSpace space) {
        BoardSupplier chosen = switch (board) {
            case SHM -> shm();
            case TCP -> tcp();
            case AUTO -> space.nodeRanks().length == space.size() ? shm() : tcp();
        };
        if (lateSeed == null) {
            return chosen;
        }
        long seed = lateSeed;
        return new BoardSupplier() {
            @Override
            public HostPort openPort(RoutingSpace s) {
                return LateCompletionBoard.wrap(chosen.openPort(s), seed);
            }

            @Override
            public int nicThreadsPerPort() {
                return chosen.nicThreadsPerPort();
            }
        };
    }

    private static BoardSupplier shm() {
        return new ShmBoardSupplier(ShmBoardConfig.fromSettings());
    }

    private static BoardSupplier tcp() {
        return new TcpBoardSupplier(TcpBoardConfig.fromSettings());
    }

    private static String setting(Map<String, String> env, Properties properties, String property, String variable) {
        String v = properties.getProperty(property);
        return v != null ? v : env.get(variable);
    }

    private static boolean flag(String value, String property, String variable) {
        if (value == null || value.isBlank()) {
            return false;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException(property + " / " + variable + " must be true or false, not '"
                + value + "'");
        };
    }
}

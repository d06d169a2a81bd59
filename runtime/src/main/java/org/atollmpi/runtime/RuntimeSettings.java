package org.atollmpi.runtime;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import org.atollmpi.nic.BoardSupplier;
import org.atollmpi.nic.HostPort;
import org.atollmpi.nic.RoutingSpace;
import org.atollmpi.nic.late.LateCompletionBoard;
import org.atollmpi.nic.router.RouterBoardSupplier;
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
 * <tr><td>{@code atoll.report.nic}</td><td>{@code ATOLL_REPORT_NIC}</td><td>{@code true}/{@code 1}: report the
 *     port's counter page at {@code MPI.Finalize} ({@code mpirun --report-nic} sets it and prints one table for
 *     the job; without mpirun the rank prints its own column on standard error)</td></tr>
 * <tr><td>{@code atoll.nic.counters}</td><td>{@code ATOLL_NIC_COUNTERS}</td><td>on by default; {@code false}/{@code 0}:
 *     the port counts nothing (its counter page stays empty), to measure what counting costs</td></tr>
 * <tr><td>{@code atoll.nic.model}</td><td>{@code ATOLL_NIC_MODEL}</td><td>{@code atoll} or {@code ultra}: the
 *     port adds the modelled costs of that NIC to every operation ({@code mpirun --nic-model},
 *     docs/NIC-MODEL.md)</td></tr>
 * <tr><td>{@code atoll.board}</td><td>{@code ATOLL_BOARD}</td><td>{@code shm}, {@code tcp} or {@code auto} (the
 *     default: shm when every rank shares this node, else the router between the node's shm board and the TCP
 *     board, or the TCP board alone for a rank alone on its node); {@code mpirun --board} sets it</td></tr>
 * <tr><td>{@code atoll.test.nodes}</td><td>{@code ATOLL_TEST_NODES}</td><td>a test aid: the ranks of each node
 *     pretend to be on this many nodes (dealt round robin, a board file each), so that one machine runs a job
 *     that spans nodes</td></tr>
 * <tr><td>{@code atoll.training}</td><td>{@code ATOLL_TRAINING}</td><td>{@code auto} (the default),
 *     {@code full}, {@code collectives} or {@code off}: what MPI_Init's training pass drives through the JIT
 *     ({@link Training})</td></tr>
 * <tr><td>{@code atoll.nic.late}</td><td>{@code ATOLL_NIC_LATE_COMPLETION}</td><td>a seed: put the board behind
 *     the late-completing board (one-sided operations complete late and out of order), for testing</td></tr>
 * </table>
 *
 * @param asyncProgress whether to start the progress thread
 * @param stats         whether to print the engine's counters at Finalize
 * @param reportNic     whether to report the port's counters at Finalize
 * @param nicCounters   whether the port counts its work into its counter page
 * @param nicModel      the NIC model's name (atoll, ultra), or null for none
 * @param lateSeed      the late-completion seed, or null for none
 * @param board         which board the rank opens its port on
 * @param testNodes     pretend nodes per real node (1: the real ones)
 * @param training      the training setting as given (null: auto), checked
 */
record RuntimeSettings(boolean asyncProgress, boolean stats, boolean reportNic, boolean nicCounters, String nicModel, Long lateSeed, BoardChoice board, int testNodes,
                       String training) {
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
    static final String REPORT_NIC_PROPERTY = "atoll.report.nic";
    static final String REPORT_NIC_ENV = "ATOLL_REPORT_NIC";
    static final String NIC_COUNTERS_PROPERTY = "atoll.nic.counters";
    static final String NIC_COUNTERS_ENV = "ATOLL_NIC_COUNTERS";
    static final String NIC_MODEL_PROPERTY = "atoll.nic.model";
    static final String NIC_MODEL_ENV = "ATOLL_NIC_MODEL";
    static final String LATE_PROPERTY = "atoll.nic.late";
    static final String LATE_ENV = "ATOLL_NIC_LATE_COMPLETION";
    static final String BOARD_PROPERTY = "atoll.board";
    static final String BOARD_ENV = "ATOLL_BOARD";
    static final String TEST_NODES_PROPERTY = "atoll.test.nodes";
    static final String TEST_NODES_ENV = "ATOLL_TEST_NODES";

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
        boolean reportNic = flag(setting(env, properties, REPORT_NIC_PROPERTY, REPORT_NIC_ENV), REPORT_NIC_PROPERTY,
            REPORT_NIC_ENV);
        String counting = setting(env, properties, NIC_COUNTERS_PROPERTY, NIC_COUNTERS_ENV);
        boolean nicCounters = counting == null || counting.isBlank()
            || flag(counting, NIC_COUNTERS_PROPERTY, NIC_COUNTERS_ENV);
        String nicModel = setting(env, properties, NIC_MODEL_PROPERTY, NIC_MODEL_ENV);
        if (nicModel != null && nicModel.isBlank()) {
            nicModel = null;
        }
        if (nicModel != null) {
            nicModel = nicModel.trim().toLowerCase(Locale.ROOT);
            if (!nicModel.equals("atoll") && !nicModel.equals("ultra")) {
                throw new IllegalArgumentException(NIC_MODEL_PROPERTY + " / " + NIC_MODEL_ENV
                    + " must be atoll or ultra, not '" + nicModel + "'");
            }
        }
        BoardChoice board = BoardChoice.parse(setting(env, properties, BOARD_PROPERTY, BOARD_ENV));
        int testNodes = 1;
        String nodes = setting(env, properties, TEST_NODES_PROPERTY, TEST_NODES_ENV);
        if (nodes != null && !nodes.isBlank()) {
            try {
                testNodes = Integer.parseInt(nodes.trim());
            } catch (NumberFormatException e) {
                testNodes = 0;
            }
            if (testNodes < 1) {
                throw new IllegalArgumentException(TEST_NODES_PROPERTY + " / " + TEST_NODES_ENV
                    + " must be a number of nodes (1 or more), not '" + nodes + "'");
            }
        }
        String training = setting(env, properties, Training.PROPERTY, Training.ENV);
        Training.choose(training, 2, 1, 1, true); // refuses a value that is none of the choices, naming it
        return new RuntimeSettings(flag(async, ASYNC_PROPERTY, ASYNC_ENV), stats, reportNic, nicCounters, nicModel, seed, board, testNodes, training);
    }

    /** The space the board supplier sees: the real one, or its nodes split as {@code atoll.test.nodes} asks. */
    RoutingSpace routingSpace(RoutingSpace real) {
        return PretendNodes.split(real, testNodes);
    }

    /**
     * The board asked for, for a rank of {@code space}, behind the late-completing board when
     * asked. Auto: the node's shm board when the job is on one node (every rank sees that alike);
     * else the router for a rank whose node holds others, and the TCP board for a rank alone on
     * its node. Ranks of one job may so take the router and the TCP board side by side: both
     * meet the job once, in the TCP board's address exchange, and speak the same TCP board.
     */
    BoardSupplier boardSupplier(RoutingSpace space) {
        int onNode = space.nodeRanks().length;
        BoardSupplier chosen = switch (board) {
            case SHM -> shm();
            case TCP -> tcp();
            case AUTO -> onNode == space.size() ? shm() : onNode > 1 ? router() : tcp();
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

    private BoardSupplier tcp() {
        return new TcpBoardSupplier(tcpConfig());
    }

    private BoardSupplier router() {
        return new RouterBoardSupplier(ShmBoardConfig.fromSettings(), tcpConfig());
    }

    /** Pretend nodes are one machine: the TCP board listens on loopback unless told otherwise. */
    private TcpBoardConfig tcpConfig() {
        TcpBoardConfig config = TcpBoardConfig.fromSettings();
        return testNodes > 1 && config.host() == null ? config.withHost("127.0.0.1") : config;
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

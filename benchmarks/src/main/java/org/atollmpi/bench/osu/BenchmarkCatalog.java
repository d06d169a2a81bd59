package org.atollmpi.bench.osu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every OSU benchmark of the suite, as {@code bin/osu --list} shows them and as
 * {@code bin/mpirun -np 2 <name>} runs them: the name, its category, the ranks it needs, one line
 * of what it measures, and the main class with the arguments that come before the user's. The
 * launcher keeps the same names (its {@code RankCommand.BENCHMARKS}); a test holds the two equal.
 */
public final class BenchmarkCatalog {
    /** One benchmark. */
    public record Entry(String name, String category, String ranks, String description, String mainClass,
                        List<String> leadingArguments) {
        public Entry {
            leadingArguments = List.copyOf(leadingArguments);
        }
    }

    public static final String POINT_TO_POINT = "point-to-point";
    public static final String ONE_SIDED = "one-sided";
    public static final String COLLECTIVE = "collective";
    public static final String NONBLOCKING_COLLECTIVE = "non-blocking collective";

    private static final List<Entry> ENTRIES = entries();

    private BenchmarkCatalog() {
    }

    /** Every benchmark: point-to-point, one-sided, blocking collectives, non-blocking collectives. */
    public static List<Entry> all() {
        return ENTRIES;
    }

    /** The benchmark called {@code name}, or null. */
    public static Entry find(String name) {
        for (Entry entry : ENTRIES) {
            if (entry.name().equals(name)) {
                return entry;
            }
        }
        return null;
    }

    private static List<Entry> entries() {
        List<Entry> list = new ArrayList<>();
        String two = "2";
        String even = "even, 2+";
        p2p(list, "osu_latency", two, "ping-pong latency between two ranks, blocking send/recv", OsuLatency.class);
        p2p(list, "osu_multi_lat", even, "ping-pong latency of n/2 pairs (rank r with r + n/2) at once", OsuMultiLat.class);
        p2p(list, "osu_bw", two, "bandwidth: windows of -W non-blocking sends one way, each acknowledged", OsuBw.class);
        p2p(list, "osu_bibw", two, "bidirectional bandwidth: windows of -W messages both ways at once", OsuBibw.class);
        p2p(list, "osu_mbw_mr", even, "aggregate bandwidth and message rate of n/2 pairs streaming windows", OsuMbwMr.class);
        p2p(list, "osu_latency_mt", two, "ping-pong latency between -t threads on each of two ranks", OsuLatencyMt.class);
        rma(list, "osu_put_latency", "latency of Win.put, synchronised as -s says", OsuPutLatency.class);
        rma(list, "osu_get_latency", "latency of Win.get, synchronised as -s says", OsuGetLatency.class);
        rma(list, "osu_put_bw", "bandwidth of windows of -W Win.put operations", OsuPutBw.class);
        rma(list, "osu_get_bw", "bandwidth of windows of -W Win.get operations", OsuGetBw.class);
        rma(list, "osu_put_bibw", "bidirectional bandwidth of Win.put, both ranks at once (-s pscw or fence)",
                OsuPutBibw.class);
        rma(list, "osu_acc_latency", "latency of Win.accumulate (MPI.SUM)", OsuAccLatency.class);
        rma(list, "osu_fop_latency", "latency of Win.fetchAndOp on one 8-byte integer", OsuFopLatency.class);
        rma(list, "osu_cas_latency", "latency of Win.compareAndSwap on one 8-byte integer", OsuCasLatency.class);
        rma(list, "osu_get_acc_latency", "latency of Win.getAccumulate (MPI.SUM)", OsuGetAccLatency.class);
        for (OsuCollectives.Program program : OsuCollectives.programs()) {
            String op = program.operation().id;
            String description = program.nonblocking()
                    ? "non-blocking " + op + ": latency and how much computation it overlaps"
                    : program.operation().title + " latency, averaged over the ranks";
            list.add(new Entry(program.name(), program.nonblocking() ? NONBLOCKING_COLLECTIVE : COLLECTIVE, "2+",
                    description, OsuCollectives.class.getName(), List.of(program.name())));
        }
        return Collections.unmodifiableList(list);
    }

    private static void p2p(List<Entry> list, String name, String ranks, String description, Class<?> main) {
        list.add(new Entry(name, POINT_TO_POINT, ranks, description, main.getName(), List.of()));
    }

    private static void rma(List<Entry> list, String name, String description, Class<?> main) {
        list.add(new Entry(name, ONE_SIDED, "2", description, main.getName(), List.of()));
    }
}

package org.atollmpi.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code --display-map} and {@code --report-bindings} print, laid out as Open MPI lays them
 * out so that the eyes (and scripts) used to its output find the same lines: the map on stdout
 * before the ranks start, one binding line per rank on stderr as it starts.
 */
final class JobMap {
    private JobMap() {
    }

    /** The job map: this host, its slots, and every rank with its binding. */
    static List<String> map(String host, JobSpec spec) {
        int slots = spec.hosts() != null ? spec.hosts().slots() : Runtime.getRuntime().availableProcessors();
        int maxSlots = spec.hosts() != null ? spec.hosts().maxSlots() : 0;
        List<String> lines = new ArrayList<>();
        lines.add(" ========================   JOB MAP   ========================");
        lines.add("");
        lines.add(" Data for node: " + host + "\tNum slots: " + slots + "\tMax slots: " + maxSlots
                + "\tNum procs: " + spec.np());
        for (int r = 0; r < spec.np(); r++) {
            int core = spec.bindToCore() ? Binding.core(r, spec.np()) : -1;
            lines.add(" \tProcess rank: " + r + " Bound: " + (core < 0 ? "N/A" : "core " + core));
        }
        lines.add("");
        lines.add(" =============================================================");
        return lines;
    }

    /** Open MPI's {@code [host:pid] MCW rank r bound to ...} line; {@code core} -1 for an unbound rank. */
    static String binding(String host, long pid, int rank, int core) {
        return "[" + host + ":" + pid + "] MCW rank " + rank
                + (core < 0 ? " is not bound (or bound to all available processors)" : " bound to core " + core);
    }
}

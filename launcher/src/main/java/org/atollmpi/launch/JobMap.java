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
            Binding.Cores cores = spec.bindToCore() ? Binding.cores(r, spec.np()) : null;
            lines.add(" \tProcess rank: " + r + " Bound: " + (cores == null ? "N/A" : cores.describe()));
        }
        lines.add("");
        lines.add(" =============================================================");
        return lines;
    }

    /** Open MPI's {@code [host:pid] MCW rank r bound to ...} line; {@code cores} null for an unbound rank. */
    static String binding(String host, long pid, int rank, Binding.Cores cores) {
        return "[" + host + ":" + pid + "] MCW rank " + rank
                + (cores == null ? " is not bound (or bound to all available processors)" : " bound to " + cores.describe());
    }
}

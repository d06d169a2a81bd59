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

    /** The job map: every node (this one as {@code host}), its slots, and its ranks with their bindings. */
    static List<String> map(String host, JobSpec spec) {
        List<String> lines = new ArrayList<>();
        lines.add(" ========================   JOB MAP   ========================");
        for (Placement.Member m : spec.placement().nodes()) {
            HostList.Node node = m.node();
            int slots = spec.hosts() != null ? node.slots() : Runtime.getRuntime().availableProcessors();
            int size = m.ranks().size();
            lines.add("");
            lines.add(" Data for node: " + (node.local() ? host : node.name()) + "\tNum slots: " + slots
                    + "\tMax slots: " + node.maxSlots() + "\tNum procs: " + size);
            for (int r : m.ranks()) {
                Binding.Cores cores = node.local() && spec.bindToCore() ? Binding.cores(m.localRank(r), size) : null;
                lines.add(" \tProcess rank: " + r + " Bound: " + (cores == null ? "N/A" : cores.describe()));
            }
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

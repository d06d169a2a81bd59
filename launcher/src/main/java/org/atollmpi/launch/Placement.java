package org.atollmpi.launch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.atollmpi.launch.HostList.Node;
import org.atollmpi.launch.MpirunArgs.UsageError;

/**
 * Which node each rank runs on, by Open MPI's rules so that a job maps as its scripts expect:
 * <ul>
 * <li>{@code --map-by slot} (the default) fills each node's slots in the order the nodes were
 * given, ranks numbered consecutively: {@code -H a:2,b:2 -np 4} puts 0, 1 on {@code a} and 2, 3 on {@code b};</li>
 * <li>{@code --map-by node} deals the ranks out one per node in turn, skipping full nodes: 0 and 2 on
 * {@code a}, 1 and 3 on {@code b};</li>
 * <li>{@code -N n} / {@code --map-by ppr:n:node} puts n ranks on every node.</li>
 * </ul>
 * Ranks beyond the slots (only with {@code --oversubscribe}, which {@link Mpirun#slotError} checks)
 * are dealt out one per node in turn, never past a node's {@code max_slots}.
 *
 * @param nodes  the job's nodes, in the order given, only those that run a rank
 * @param nodeOf the index in {@code nodes} of each rank's node
 */
record Placement(List<Placement.Member> nodes, int[] nodeOf) {
    /** A node and its ranks, ascending. */
    record Member(Node node, List<Integer> ranks) {
        /** The ranks as {@code ATOLL_LOCAL_RANKS} lists them: {@code 0,1,4}. */
        String list() {
            StringBuilder list = new StringBuilder();
            for (int r : ranks) {
                list.append(list.length() == 0 ? "" : ",").append(r);
            }
            return list.toString();
        }

        /** The position of {@code rank} among this node's ranks: its local rank. */
        int localRank(int rank) {
            return ranks.indexOf(rank);
        }
    }

    /** Every rank on this machine: the job of an mpirun without {@code -H} or a hostfile. */
    static Placement local(String name, int np) {
        List<Integer> all = new ArrayList<>();
        for (int r = 0; r < np; r++) {
            all.add(r);
        }
        return new Placement(List.of(new Member(new Node(name, true, np, 0), List.copyOf(all))), new int[np]);
    }

    /**
     * Places {@code np} ranks on {@code nodes}.
     *
     * @param perNode ranks per node ({@code -N}), or 0 to map by slot or by node
     * @param byNode  {@code --map-by node}
     */
    static Placement place(List<Node> nodes, int np, int perNode, boolean byNode) {
        int[] counts = new int[nodes.size()];
        if (perNode > 0) {
            if (np != perNode * nodes.size()) {
                throw new UsageError("-np " + np + " is not " + perNode + " ranks per node on " + nodes.size()
                        + " node" + (nodes.size() == 1 ? "" : "s"));
            }
            Arrays.fill(counts, perNode);
            for (int i = 0; i < nodes.size(); i++) {
                if (nodes.get(i).maxSlots() > 0 && perNode > nodes.get(i).maxSlots()) {
                    throw new UsageError(perNode + " ranks per node exceed the max_slots (" + nodes.get(i).maxSlots()
                            + ") of host " + nodes.get(i).name());
                }
            }
            return consecutive(nodes, counts);
        }
        int left = np;
        if (byNode) {
            int[] nodeOf = new int[np];
            List<List<Integer>> ranks = new ArrayList<>();
            nodes.forEach(n -> ranks.add(new ArrayList<>()));
            int r = 0;
            // within the slots first, then (oversubscribed) up to max_slots
            for (boolean withinSlots : new boolean[] {true, false}) {
                boolean placed = true;
                while (r < np && placed) {
                    placed = false;
                    for (int i = 0; i < nodes.size() && r < np; i++) {
                        if (fits(nodes.get(i), counts[i], withinSlots)) {
                            counts[i]++;
                            ranks.get(i).add(r);
                            nodeOf[r++] = i;
                            placed = true;
                        }
                    }
                }
            }
            if (r < np) {
                throw tooMany(np);
            }
            List<Member> members = new ArrayList<>();
            int[] index = new int[nodes.size()];
            for (int i = 0; i < nodes.size(); i++) {
                index[i] = members.size();
                if (counts[i] > 0) {
                    members.add(new Member(nodes.get(i), List.copyOf(ranks.get(i))));
                }
            }
            for (int k = 0; k < np; k++) {
                nodeOf[k] = index[nodeOf[k]];
            }
            return new Placement(List.copyOf(members), nodeOf);
        }
        for (int i = 0; i < nodes.size() && left > 0; i++) {
            counts[i] = Math.min(nodes.get(i).slots(), left);
            left -= counts[i];
        }
        while (left > 0) {
            boolean placed = false;
            for (int i = 0; i < nodes.size() && left > 0; i++) {
                if (fits(nodes.get(i), counts[i], false)) {
                    counts[i]++;
                    left--;
                    placed = true;
                }
            }
            if (!placed) {
                throw tooMany(np);
            }
        }
        return consecutive(nodes, counts);
    }

    private static boolean fits(Node node, int count, boolean withinSlots) {
        return withinSlots ? count < node.slots() : node.maxSlots() == 0 || count < node.maxSlots();
    }

    private static UsageError tooMany(int np) {
        return new UsageError("-np " + np + " is more ranks than the hosts' max_slots allow, --oversubscribe or not");
    }

    /** {@code counts[i]} ranks on node i, numbered node after node. */
    private static Placement consecutive(List<Node> nodes, int[] counts) {
        int np = 0;
        for (int c : counts) {
            np += c;
        }
        int[] nodeOf = new int[np];
        List<Member> members = new ArrayList<>();
        int r = 0;
        for (int i = 0; i < nodes.size(); i++) {
            if (counts[i] == 0) {
                continue;
            }
            List<Integer> ranks = new ArrayList<>();
            for (int k = 0; k < counts[i]; k++) {
                nodeOf[r] = members.size();
                ranks.add(r++);
            }
            members.add(new Member(nodes.get(i), List.copyOf(ranks)));
        }
        return new Placement(List.copyOf(members), nodeOf);
    }

    Member nodeOf(int rank) {
        return nodes.get(nodeOf[rank]);
    }

    /** Whether every rank runs on this machine. */
    boolean allLocal() {
        for (Member m : nodes) {
            if (!m.node().local()) {
                return false;
            }
        }
        return true;
    }
}

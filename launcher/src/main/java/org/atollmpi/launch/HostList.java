package org.atollmpi.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.atollmpi.launch.MpirunArgs.UsageError;

/**
 * The hosts of {@code -H/--host} and {@code --hostfile/--machinefile}, read as Open MPI reads them,
 * so that the scripts written for it run here: {@code -H a,b:2} gives {@code a} one slot per
 * mention and {@code b} two; a hostfile line is {@code name [slots=N] [max_slots=M]}, with
 * {@code #} comments and blank lines, and a line without {@code slots=} gives the host one slot
 * per core (Open MPI's rule). The slots are what {@code -np} defaults to and what the ranks may use
 * without {@code --oversubscribe}. The mentions of one host add up to one node ({@link #nodes});
 * every name of this machine ({@code localhost}, its name, its addresses) is the same node, whose
 * ranks mpirun starts itself; the others are started through the remote shell ({@link RemoteCommand}).
 */
final class HostList {
    /**
     * One mention of a host.
     *
     * @param name     the name as given
     * @param slots    ranks it takes without oversubscribing
     * @param maxSlots ranks it takes at most, even oversubscribed; 0 when not limited
     * @param origin   where it was given, for messages ({@code --host}, or the hostfile and line)
     */
    record Host(String name, int slots, int maxSlots, String origin) {
    }

    private final List<Host> hosts;

    private HostList(List<Host> hosts) {
        this.hosts = List.copyOf(hosts);
    }

    /** The value of one {@code -H/--host} option: comma-separated names, each with an optional {@code :slots}. */
    static HostList parseHosts(String value) {
        List<Host> hosts = new ArrayList<>();
        for (String item : value.split(",", -1)) {
            String name = item.strip();
            int slots = 1;
            int colon = name.lastIndexOf(':');
            // an IPv6 address has colons of its own: only [addr]:N or a plain name carries a count
            if (colon > 0 && (name.indexOf(':') == colon || name.charAt(colon - 1) == ']')) {
                slots = count(name.substring(colon + 1), "--host " + value + ": '" + item + "'");
                name = name.substring(0, colon);
            }
            if (name.isEmpty()) {
                throw new UsageError("--host " + value + ": empty host name");
            }
            hosts.add(new Host(name, slots, 0, "--host " + value));
        }
        return new HostList(hosts);
    }

    /** Reads a hostfile; {@code cores} is the slot count of a host listed without {@code slots=}. */
    static HostList readHostfile(Path file, int cores) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UsageError("--hostfile " + file + ": cannot read it (" + e.getMessage() + ")");
        }
        return parseHostfile(file.toString(), lines, cores);
    }

    static HostList parseHostfile(String fileName, List<String> lines, int cores) {
        List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String[] words = (hash >= 0 ? line.substring(0, hash) : line).strip().split("\\s+");
            if (words[0].isEmpty()) {
                continue;
            }
            String where = fileName + " line " + (i + 1);
            int slots = -1;
            int maxSlots = 0;
            for (int w = 1; w < words.length; w++) {
                String word = words[w];
                int eq = word.indexOf('=');
                String key = eq < 0 ? word : word.substring(0, eq).toLowerCase().replace('-', '_');
                if (eq > 0 && (key.equals("slots") || key.equals("count") || key.equals("cpu"))) {
                    slots = count(word.substring(eq + 1), where + ": '" + word + "'");
                } else if (eq > 0 && key.equals("max_slots")) {
                    maxSlots = count(word.substring(eq + 1), where + ": '" + word + "'");
                } else {
                    throw new UsageError("hostfile " + where + ": '" + word + "' is not understood;"
                            + " expected 'name [slots=N] [max_slots=N]'");
                }
            }
            if (slots < 0) {
                slots = maxSlots > 0 ? Math.min(cores, maxSlots) : cores;
            }
            if (maxSlots > 0 && maxSlots < slots) {
                throw new UsageError("hostfile " + where + ": max_slots=" + maxSlots + " is less than slots=" + slots);
            }
            hosts.add(new Host(words[0], slots, maxSlots, "hostfile " + where));
        }
        if (hosts.isEmpty()) {
            throw new UsageError("hostfile " + fileName + " names no host");
        }
        return new HostList(hosts);
    }

    private static int count(String text, String where) {
        try {
            int n = Integer.parseInt(text.strip());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageError(where + ": expected a slot count, 1 or more");
    }

    /** Both lists, for {@code -H} given more than once. */
    HostList plus(HostList other) {
        List<Host> all = new ArrayList<>(hosts);
        all.addAll(other.hosts);
        return new HostList(all);
    }

    List<Host> hosts() {
        return hosts;
    }

    /** The slots of all hosts together: every host is this machine. */
    int slots() {
        int sum = 0;
        for (Host h : hosts) {
            sum += h.slots();
        }
        return sum;
    }

    /** The most ranks the hosts take, oversubscribed or not; 0 when some host sets no limit. */
    int maxSlots() {
        int sum = 0;
        for (Host h : hosts) {
            if (h.maxSlots() == 0) {
                return 0;
            }
            sum += h.maxSlots();
        }
        return sum;
    }

    /**
     * The nodes of the list, in the order of their first mention: the mentions of one name (and all
     * names of this machine, which {@code isLocal} recognises) merged, their slots added up, their
     * {@code max_slots} too (unlimited if any mention sets none).
     */
    List<Node> nodes(Predicate<String> isLocal) {
        Map<String, Node> byName = new LinkedHashMap<>();
        Map<String, Boolean> local = new LinkedHashMap<>();
        for (Host h : hosts) {
            boolean here = local.computeIfAbsent(h.name().toLowerCase(Locale.ROOT), n -> isLocal.test(h.name()));
            String key = here ? "" : h.name().toLowerCase(Locale.ROOT);
            Node seen = byName.get(key);
            if (seen == null) {
                byName.put(key, new Node(h.name(), here, h.slots(), h.maxSlots()));
            } else {
                int max = seen.maxSlots() == 0 || h.maxSlots() == 0 ? 0 : seen.maxSlots() + h.maxSlots();
                byName.put(key, new Node(seen.name(), here, seen.slots() + h.slots(), max));
            }
        }
        return List.copyOf(byName.values());
    }

    /**
     * The hosts of this list (a hostfile) that {@code picked} (the {@code -H} list) names, as Open MPI
     * reads {@code -H} beside a hostfile: it picks hosts out of the file, whose lines give the slots.
     */
    HostList pick(HostList picked, String fileName) {
        Set<String> names = new HashSet<>();
        for (Host h : hosts) {
            names.add(h.name().toLowerCase(Locale.ROOT));
        }
        Set<String> wanted = new HashSet<>();
        for (Host h : picked.hosts) {
            if (!names.contains(h.name().toLowerCase(Locale.ROOT))) {
                throw new UsageError(h.origin() + ": host " + h.name() + " is not in the hostfile " + fileName
                        + " (given both, -H picks hosts out of the hostfile)");
            }
            wanted.add(h.name().toLowerCase(Locale.ROOT));
        }
        List<Host> kept = new ArrayList<>();
        for (Host h : hosts) {
            if (wanted.contains(h.name().toLowerCase(Locale.ROOT))) {
                kept.add(h);
            }
        }
        return new HostList(kept);
    }

    /**
     * One node of the job.
     *
     * @param name     the name the ranks are started on (for a remote node, the remote shell's target)
     * @param local    whether it is this machine: its ranks are started directly
     * @param slots    ranks it takes without oversubscribing
     * @param maxSlots ranks it takes at most; 0 when not limited
     */
    record Node(String name, boolean local, int slots, int maxSlots) {
    }
}

package org.atollmpi.nic.stat;

/**
 * One rank's counter page as read at one moment: the header and the counters (per-target ones
 * summed over targets). What reports print and what {@code mpirun --report-nic} receives.
 */
public record NicSnapshot(int rank, int ranks, String board, long pid, int state, long[] words, long[] peerTotals) {
    public long get(NicCounter c) {
        return words[c.ordinal()];
    }

    public long get(PeerCounter c) {
        return peerTotals[c.ordinal()];
    }

    /** Bytes this port put on the network: deposits and puts. */
    public long bytesOut() {
        return get(PeerCounter.FAST_BYTES) + get(PeerCounter.EAGER_BYTES) + get(NicCounter.PUT_BYTES);
    }

    /** Bytes that reached this port's memory: messages received and the data of its gets. */
    public long bytesIn() {
        return get(NicCounter.BYTES_IN) + get(NicCounter.GET_BYTES);
    }

    /** Refusals of the window check, every NACK code together. */
    public long refusals() {
        long n = 0;
        for (NicCounter c : NicCounter.values()) {
            if (c.isRefusal()) {
                n += get(c);
            }
        }
        return n;
    }

    /** The same figures as one line of {@code name=value} words, the form a rank sends mpirun. */
    public String encode() {
        StringBuilder b = new StringBuilder();
        b.append("rank=").append(rank).append(" ranks=").append(ranks).append(" board=").append(board)
            .append(" pid=").append(pid).append(" state=").append(state);
        for (NicCounter c : NicCounter.values()) {
            b.append(' ').append(c.name()).append('=').append(get(c));
        }
        for (PeerCounter c : PeerCounter.values()) {
            b.append(' ').append(c.name()).append('=').append(get(c));
        }
        return b.toString();
    }

    /**
     * Reads what {@link #encode} wrote; names it does not know are skipped (a rank of a newer
     * version), those missing read as zero.
     *
     * @throws IllegalArgumentException when a word is no {@code name=value} pair
     */
    public static NicSnapshot decode(String line) {
        int rank = -1;
        int ranks = 0;
        String board = "?";
        long pid = -1;
        int state = NicCountersDescriptor.STATE_STARTING;
        long[] words = new long[NicCounter.values().length];
        long[] totals = new long[PeerCounter.values().length];
        for (String word : line.trim().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + word + "' in a counter report: expected name=value");
            }
            String name = word.substring(0, eq);
            String value = word.substring(eq + 1);
            switch (name) {
                case "rank" -> rank = Integer.parseInt(value);
                case "ranks" -> ranks = Integer.parseInt(value);
                case "board" -> board = value;
                case "pid" -> pid = Long.parseLong(value);
                case "state" -> state = Integer.parseInt(value);
                default -> {
                    for (NicCounter c : NicCounter.values()) {
                        if (c.name().equals(name)) {
                            words[c.ordinal()] = Long.parseLong(value);
                        }
                    }
                    for (PeerCounter c : PeerCounter.values()) {
                        if (c.name().equals(name)) {
                            totals[c.ordinal()] = Long.parseLong(value);
                        }
                    }
                }
            }
        }
        return new NicSnapshot(rank, ranks, board, pid, state, words, totals);
    }
}

package org.atollmpi.nic.stat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The counters of a job's ports as a table, a column per rank (in blocks of {@link #COLUMNS}
 * ranks), a row per counter: what {@code mpirun --report-nic} prints at the end of a job and
 * {@code bin/atoll-stat} while it runs. Rows of refusals appear only for the NACK codes some rank
 * met.
 */
public final class NicReport {
    /** Ranks side by side in one block of the table. */
    public static final int COLUMNS = 8;
    private static final int LABEL_WIDTH = 26;

    private NicReport() {
    }

    /** A missing rank (null) prints as "-" in its column. */
    public static String table(List<NicSnapshot> ranks) {
        List<Row> rows = rows(ranks);
        StringBuilder b = new StringBuilder();
        for (int from = 0; from < ranks.size(); from += COLUMNS) {
            int to = Math.min(ranks.size(), from + COLUMNS);
            if (from > 0) {
                b.append('\n');
            }
            List<String> head = new ArrayList<>();
            for (int r = from; r < to; r++) {
                head.add("rank " + r);
            }
            int width = 12;
            for (Row row : rows) {
                for (int r = from; r < to; r++) {
                    width = Math.max(width, row.cell(ranks.get(r)).length() + 2);
                }
            }
            b.append(pad("", LABEL_WIDTH));
            for (String h : head) {
                b.append(padLeft(h, width));
            }
            b.append('\n');
            for (Row row : rows) {
                b.append(pad(row.label, LABEL_WIDTH));
                for (int r = from; r < to; r++) {
                    b.append(padLeft(row.cell(ranks.get(r)), width));
                }
                b.append('\n');
            }
        }
        return b.toString();
    }

    private static List<Row> rows(List<NicSnapshot> ranks) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("board", s -> 0, true));
        for (PeerCounter c : PeerCounter.values()) {
            rows.add(new Row(c.label(), s -> s.get(c), false));
        }
        for (NicCounter c : NicCounter.values()) {
            if (!c.isRefusal() || ranks.stream().anyMatch(s -> s != null && s.get(c) > 0)) {
                rows.add(new Row(c.label(), s -> s.get(c), false));
            }
        }
        rows.add(new Row("refused, every NACK", NicSnapshot::refusals, false));
        rows.add(new Row("bytes out", NicSnapshot::bytesOut, false));
        rows.add(new Row("bytes in", NicSnapshot::bytesIn, false));
        return rows;
    }

    private record Row(String label, ToLongFunction<NicSnapshot> value, boolean board) {
        String cell(NicSnapshot s) {
            if (s == null) {
                return "-";
            }
            return board ? s.board() : Long.toString(value.applyAsLong(s));
        }
    }

    /**
     * The value of row {@code label} for the rank whose column is {@code column} in a table
     * {@link #table} printed (its first block), for tests and scripts that read the report.
     *
     * @return the cell, or null when there is no such row or column
     */
    public static String cell(String table, String label, int column) {
        for (String line : table.split("\n")) {
            if (line.length() > LABEL_WIDTH && line.substring(0, LABEL_WIDTH).trim().equals(label)) {
                String[] cells = line.substring(LABEL_WIDTH).trim().split("\\s+");
                return column < cells.length ? cells[column] : null;
            }
            if (line.isEmpty()) {
                break;
            }
        }
        return null;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }

    private static String padLeft(String s, int width) {
        return s.length() >= width ? " " + s : " ".repeat(width - s.length()) + s;
    }
}

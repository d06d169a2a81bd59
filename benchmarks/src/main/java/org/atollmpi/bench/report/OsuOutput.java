package org.atollmpi.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads the human format of the OSU micro-benchmarks: the one parser for both sides of
 * {@link Compare}, our {@code org.atollmpi.bench.osu} tests and the C ones (OSU's own, or
 * {@code benchmarks/c/osu_reference.c}), which all print
 *
 * <pre>
 * # OSU MPI-Java Latency Test v7.5          title: the first comment line of the block
 * # Buffers: direct buffers from ...         notes: the block's other comment lines
 * # Size          Latency (us)               the column line: "# Size", columns two or more spaces apart
 * 0                       0.15               rows: size, then the figure, then any other columns
 * </pre>
 *
 * Columns after the figure (OSU's {@code -f} minimum and maximum, our percentiles, a
 * {@code Validation} column of Pass/Fail) are allowed; only the first figure and the validation
 * verdict are kept. Lines that are neither comments nor rows (a library's warnings on standard
 * output) are skipped. Several tables in one text are returned in order.
 */
public final class OsuOutput {
    /** What a table's figure measures, from its column name; decides which way is better. */
    public enum Measure {
        LATENCY("latency", "us", false),
        BANDWIDTH("bandwidth", "MB/s", true),
        MESSAGE_RATE("message rate", "messages/s", true);

        public final String noun;
        public final String unit;
        /** Whether a larger figure is better (bandwidth) or a smaller one (latency). */
        public final boolean higherIsBetter;

        Measure(String noun, String unit, boolean higherIsBetter) {
            this.noun = noun;
            this.unit = unit;
            this.higherIsBetter = higherIsBetter;
        }

        /** The measure a figure column names ("Latency (us)", "Avg Latency(us)", "Bandwidth (MB/s)", "MB/s"). */
        static Measure of(String column) {
            String c = column.toLowerCase(Locale.ROOT);
            if (c.contains("messages/s")) {
                return MESSAGE_RATE;
            }
            if (c.contains("bandwidth") || c.contains("mb/s")) {
                return BANDWIDTH;
            }
            if (c.contains("latency") || c.contains("(us)")) {
                return LATENCY;
            }
            throw new IllegalArgumentException("column '" + column + "' names no latency, bandwidth or message rate");
        }
    }

    /**
     * One row: the message size in bytes, the figure, and the validation verdict (null where the
     * table has no Validation column).
     */
    public record Row(long size, double value, Boolean passed) {
    }

    /** One table: its title, the other comment lines before its columns, the figure's column, the rows. */
    public record Table(String title, List<String> notes, String column, Measure measure, List<Row> rows) {
        public Table {
            notes = List.copyOf(notes);
            rows = List.copyOf(rows);
        }

        /** Whether a row failed validation. */
        public boolean failedValidation() {
            return rows.stream().anyMatch(r -> Boolean.FALSE.equals(r.passed()));
        }
    }

    private static final Pattern COLUMN_GAP = Pattern.compile("\\s{2,}");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private OsuOutput() {
    }

    /** Every table in {@code text}, in order; none when it holds no column line. */
    public static List<Table> parseAll(String text) {
        List<Table> tables = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        TableBuilder current = null;
        for (String raw : text.split("\\R")) {
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                String comment = line.substring(1).strip();
                if (isColumnLine(comment)) {
                    if (current != null) {
                        tables.add(current.build());
                    }
                    current = new TableBuilder(comments, COLUMN_GAP.split(comment));
                    comments = new ArrayList<>();
                } else if (!comment.isEmpty()) {
                    comments.add(comment);
                }
            } else if (current != null) {
                current.row(line);
            }
        }
        if (current != null) {
            tables.add(current.build());
        }
        return tables;
    }

    /**
     * The one table of a benchmark's output; {@code source} (a file name, "ours, round 2") names
     * the text in the error when it holds none, or more than one, or a table without rows.
     */
    public static Table parse(String text, String source) {
        List<Table> tables = parseAll(text);
        if (tables.size() != 1) {
            throw new IllegalArgumentException(source + ": expected one OSU table (a '# Size ...' column line and rows), found "
                    + tables.size());
        }
        Table table = tables.get(0);
        if (table.rows().isEmpty()) {
            throw new IllegalArgumentException(source + ": the table '" + table.title() + "' has no rows");
        }
        return table;
    }

    private static boolean isColumnLine(String comment) {
        return comment.regionMatches(true, 0, "Size", 0, 4) && (comment.length() == 4 || Character.isWhitespace(comment.charAt(4)));
    }

    private static final class TableBuilder {
        private final String title;
        private final List<String> notes;
        private final String column;
        private final Measure measure;
        /** Whether the table has a Validation column (Pass or Fail in each row). */
        private final boolean validates;
        private final List<Row> rows = new ArrayList<>();

        TableBuilder(List<String> comments, String[] columns) {
            if (columns.length < 2) {
                throw new IllegalArgumentException("OSU column line '# " + String.join("  ", columns) + "' has no figure after Size");
            }
            title = comments.isEmpty() ? "" : comments.get(0);
            notes = comments.isEmpty() ? List.of() : comments.subList(1, comments.size());
            column = columns[1];
            measure = Measure.of(column);
            boolean validation = false;
            for (String c : columns) {
                validation |= c.equalsIgnoreCase("Validation");
            }
            validates = validation;
        }

        /** A row when {@code line} starts with a size and a number; anything else is not the table's. */
        void row(String line) {
            String[] fields = WHITESPACE.split(line);
            if (fields.length < 2) {
                return;
            }
            long size;
            double value;
            try {
                size = Long.parseLong(fields[0]);
                value = Double.parseDouble(fields[1]);
            } catch (NumberFormatException notARow) {
                return;
            }
            if (size < 0 || !Double.isFinite(value)) {
                return;
            }
            Boolean passed = null;
            if (validates) {
                // a column name may hold spaces ("Latency (us)"), so find the verdict among the fields
                for (int k = 2; k < fields.length; k++) {
                    if (fields[k].equalsIgnoreCase("Fail")) {
                        passed = Boolean.FALSE;
                    } else if (fields[k].equalsIgnoreCase("Pass") && passed == null) {
                        passed = Boolean.TRUE;
                    }
                }
            }
            rows.add(new Row(size, value, passed));
        }

        Table build() {
            return new Table(title, notes, column, measure, rows);
        }
    }
}

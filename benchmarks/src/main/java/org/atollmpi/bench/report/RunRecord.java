package org.atollmpi.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One benchmark run as data: what ran (benchmark, ranks, board, arguments, parameters), where
 * and when (host, date, java), and one row per message size with the figures of OSU's columns.
 * It is what {@code --format json|csv} prints and what {@code bin/osu plot} reads back.
 *
 * @param benchmark  the program, "osu_latency"
 * @param title      OSU's header line, "# OSU MPI-Java Latency Test v7.5"
 * @param ranks      the ranks of the job
 * @param board      the board asked for: shm, tcp or auto
 * @param nodes      how many distinct hosts the ranks ran on
 * @param host       rank 0's host
 * @param date       when the run ended, ISO-8601 UTC
 * @param java       the java version of rank 0
 * @param arguments  the benchmark's arguments as given
 * @param parameters the resolved options (sizes, iterations, buffers, ...), name to value
 * @param columns    the figures of each row, OSU's column names ("Latency (us)"), without size and validation
 * @param rows       one per message size
 * @param comments   OSU's comment lines other than the header and columns ("# Buffers: ...")
 */
public record RunRecord(String benchmark, String title, int ranks, String board, int nodes, String host, String date,
                        String java, List<String> arguments, Map<String, Object> parameters, List<String> columns,
                        List<Row> rows, List<String> comments) {
    /** The value of "format" in the JSON: a reader refuses another. */
    public static final String FORMAT = "atoll-osu-run/1";
    /** The size's column in CSV and JSON. */
    public static final String SIZE = "Size (bytes)";
    /** The verdict's column under {@code -c}. */
    public static final String VALIDATION = "Validation";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * One message size.
     *
     * @param size       bytes (0 for the barrier's one row)
     * @param values     the figures, in the order of {@link RunRecord#columns}
     * @param validation "Pass" or "Fail" under {@code -c}, else null
     */
    public record Row(long size, double[] values, String validation) {
        public Row {
            values = values.clone();
        }

        @Override
        public double[] values() {
            return values.clone();
        }
    }

    public RunRecord {
        Objects.requireNonNull(benchmark, "benchmark");
        arguments = List.copyOf(arguments);
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        comments = List.copyOf(comments);
        for (Row row : rows) {
            if (row.values.length != columns.size()) {
                throw new IllegalArgumentException("row of size " + row.size + " has " + row.values.length
                        + " figures for " + columns.size() + " columns " + columns);
            }
        }
    }

    /** Whether the run validated ({@code -c}): its rows carry a verdict. */
    public boolean validated() {
        return !rows.isEmpty() && rows.get(0).validation() != null;
    }

    /** The index of the column called {@code name}; IllegalArgumentException naming the columns if none is. */
    public int column(String name) {
        int i = columns.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException(benchmark + " has no column '" + name + "': its columns are " + columns);
        }
        return i;
    }

    /** The sizes of the rows, as a chart's x. */
    public double[] sizes() {
        double[] x = new double[rows.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = rows.get(i).size();
        }
        return x;
    }

    /** Column {@code index} of every row, as a chart's y. */
    public double[] values(int index) {
        double[] y = new double[rows.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = rows.get(i).values[index];
        }
        return y;
    }

    /** A name for this run in a legend: the board, or the host when the board was chosen automatically. */
    public String seriesName() {
        return "auto".equals(board) ? board + " on " + host : board;
    }

    // ---- JSON ---------------------------------------------------------------------------

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("benchmark", benchmark);
        root.put("title", title);
        root.put("ranks", ranks);
        root.put("board", board);
        root.put("nodes", nodes);
        root.put("host", host);
        root.put("date", date);
        root.put("java", java);
        ArrayNode args = root.putArray("arguments");
        arguments.forEach(args::add);
        root.set("parameters", JSON.valueToTree(parameters));
        ArrayNode cols = root.putArray("columns");
        columns.forEach(cols::add);
        ArrayNode list = root.putArray("rows");
        for (Row row : rows) {
            ObjectNode r = list.addObject();
            r.put(SIZE, row.size);
            for (int i = 0; i < columns.size(); i++) {
                double v = row.values[i];
                if (Double.isFinite(v)) {
                    r.put(columns.get(i), v);
                } else {
                    r.putNull(columns.get(i)); // JSON has no NaN
                }
            }
            if (row.validation != null) {
                r.put(VALIDATION, row.validation);
            }
        }
        ArrayNode notes = root.putArray("comments");
        comments.forEach(notes::add);
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of strings and numbers did not serialize", e);
        }
    }

    /** Reads what {@link #toJson} wrote; {@code source} names the input in errors. */
    public static RunRecord fromJson(String text, String source) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(source + ": not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))) {
            throw new IllegalArgumentException(source + ": not a benchmark run (no \"format\": \"" + FORMAT
                    + "\"); write one with --format json");
        }
        List<String> columns = strings(root, "columns", source);
        List<Row> rows = new ArrayList<>();
        for (JsonNode r : array(root, "rows", source)) {
            JsonNode size = r.get(SIZE);
            if (size == null || !size.canConvertToLong()) {
                throw new IllegalArgumentException(source + ": a row without \"" + SIZE + "\"");
            }
            double[] values = new double[columns.size()];
            for (int i = 0; i < values.length; i++) {
                JsonNode v = r.get(columns.get(i));
                if (v == null) {
                    throw new IllegalArgumentException(source + ": the row of size " + size.asLong() + " has no \""
                            + columns.get(i) + "\"");
                }
                values[i] = v.isNull() ? Double.NaN : v.asDouble();
            }
            JsonNode verdict = r.get(VALIDATION);
            rows.add(new Row(size.asLong(), values, verdict == null ? null : verdict.asText()));
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        JsonNode p = root.path("parameters");
        if (p.isObject()) {
            p.fields().forEachRemaining(e -> parameters.put(e.getKey(), JSON.convertValue(e.getValue(), Object.class)));
        }
        return new RunRecord(text(root, "benchmark", source), root.path("title").asText(""), root.path("ranks").asInt(),
                root.path("board").asText("auto"), root.path("nodes").asInt(1), root.path("host").asText(""),
                root.path("date").asText(""), root.path("java").asText(""), strings(root, "arguments", source),
                parameters, columns, rows, strings(root, "comments", source));
    }

    /** {@link #fromJson} of a file. */
    public static RunRecord read(Path file) throws IOException {
        return fromJson(Files.readString(file), file.toString());
    }

    private static String text(JsonNode root, String field, String source) {
        JsonNode node = root.get(field);
        if (node == null || !node.isTextual()) {
            throw new IllegalArgumentException(source + ": no \"" + field + "\"");
        }
        return node.asText();
    }

    private static JsonNode array(JsonNode root, String field, String source) {
        JsonNode node = root.get(field);
        if (node == null || !node.isArray()) {
            throw new IllegalArgumentException(source + ": no \"" + field + "\" list");
        }
        return node;
    }

    private static List<String> strings(JsonNode root, String field, String source) {
        List<String> list = new ArrayList<>();
        for (JsonNode n : array(root, field, source)) {
            list.add(n.asText());
        }
        return list;
    }

    // ---- CSV ----------------------------------------------------------------------------

    /**
     * RFC 4180 CSV: a header line, then one line per size; every line repeats the run's
     * parameters (benchmark, board, ranks, nodes, host, date, arguments), so the files of several
     * runs concatenate (less their headers) into one table.
     */
    public String toCsv() {
        StringBuilder b = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("benchmark", "board", "ranks", "nodes", "host", "date", "arguments",
                SIZE));
        header.addAll(columns);
        if (validated()) {
            header.add(VALIDATION);
        }
        line(b, header);
        String args = String.join(" ", arguments);
        for (Row row : rows) {
            List<String> cells = new ArrayList<>(List.of(benchmark, board, Integer.toString(ranks),
                    Integer.toString(nodes), host, date, args, Long.toString(row.size)));
            for (double v : row.values) {
                // plain decimals: 12345678.9 rather than 1.23456789E7, 5 rather than 5.0 (an iteration count)
                cells.add(Double.isFinite(v) ? BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() : "");
            }
            if (row.validation != null) {
                cells.add(row.validation);
            }
            line(b, cells);
        }
        return b.toString();
    }

    private static void line(StringBuilder b, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(csvCell(cells.get(i)));
        }
        b.append("\r\n");
    }

    static String csvCell(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}

package org.atollmpi.bench.trace;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import javax.imageio.ImageIO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code bin/atoll-trace render FILE.json OUT.png}: draws a trace that {@code mpirun --trace}
 * wrote (Chrome trace-event JSON) without a browser, with Java2D on a headless JVM. One lane per
 * rank: its collectives as labelled boxes on top, its sends and receives as slices below (several
 * in flight at once are stacked in the rows the merge gave them), an arrow from each send's
 * injection to its receive's delivery, and a time axis in microseconds from the job's first
 * event. {@code --from}/{@code --to} (µs) or {@code --last-spans N} (each rank's last N
 * collectives) choose the window; by default the whole trace.
 */
public final class TraceRender {
    private static final String USAGE = """
        usage: atoll-trace render FILE.json OUT.png [--from US] [--to US] [--last-spans N] [--width PX]
          Draws a trace written by mpirun --trace: one lane per rank, collectives as labelled boxes,
          sends and receives as slices, an arrow from each send's injection to its delivery, a time
          axis in microseconds since the job's first event.
          --from, --to      the window, in microseconds (default: the whole trace)
          --last-spans N    the window of each rank's last N collectives
          --width PX        the picture's width (default 1600)
        """;

    private static final int LABELS = 90;        // the rank names' column
    private static final int RIGHT = 30;
    private static final int TOP = 64;
    private static final int LANE = 132;         // a rank's lane
    private static final int SPAN_ROW = 10;      // offsets within a lane
    private static final int SPAN_HEIGHT = 30;
    private static final int SEND_ROW = 50;
    private static final int RECV_ROW = 90;
    private static final int MESSAGE_ROWS = 34;  // sends (and receives) stack within this height
    private static final int AXIS = 60;

    private static final Color BACKGROUND = Color.WHITE;
    private static final Color LANE_SHADE = new Color(0xF4, 0xF6, 0xF8);
    private static final Color SPAN_FILL = new Color(0x9E, 0xC5, 0xE8);
    private static final Color SPAN_EDGE = new Color(0x2F, 0x5F, 0x8F);
    private static final Color SEND_FILL = new Color(0xF2, 0xB0, 0x6B);
    private static final Color RECV_FILL = new Color(0x8C, 0xC8, 0x8C);
    private static final Color SLICE_EDGE = new Color(0x55, 0x55, 0x55);
    private static final Color FLOW = new Color(0xC0, 0x30, 0x30, 200);
    private static final Color TEXT = new Color(0x22, 0x22, 0x22);
    private static final Color GRID = new Color(0xDD, 0xDD, 0xDD);

    /** A complete event of the trace. */
    record Slice(int rank, int tid, double ts, double dur, String name, boolean collective, boolean send) {
        double end() {
            return ts + dur;
        }
    }

    /** A flow: from a send's injection to a receive's delivery. */
    record Flow(int fromRank, double fromTs, int toRank, double toTs) {
    }

    /** What a trace file holds, as the renderer needs it. */
    record Trace(List<Integer> ranks, Map<Integer, String> names, List<Slice> slices, List<Flow> flows) {
    }

    private TraceRender() {
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> files = new ArrayList<>();
        Double from = null;
        Double to = null;
        int lastSpans = 0;
        int width = 1600;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "-h", "--help" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    case "--from" -> from = Double.parseDouble(value(args, ++i));
                    case "--to" -> to = Double.parseDouble(value(args, ++i));
                    case "--last-spans" -> lastSpans = Integer.parseInt(value(args, ++i));
                    case "--width" -> width = Integer.parseInt(value(args, ++i));
                    default -> {
                        if (args[i].startsWith("-")) {
                            throw new IllegalArgumentException("unknown option " + args[i]);
                        }
                        files.add(args[i]);
                    }
                }
            }
            if (files.size() != 2) {
                throw new IllegalArgumentException("expected FILE.json and OUT.png");
            }
            if (width < 400 || lastSpans < 0) {
                throw new IllegalArgumentException("--width is at least 400 and --last-spans 0 or more");
            }
        } catch (IllegalArgumentException e) {
            err.println("atoll-trace render: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        try {
            Trace trace = read(new File(files.get(0)));
            double[] window = window(trace, from, to, lastSpans);
            BufferedImage image = draw(trace, window[0], window[1], width, new File(files.get(0)).getName());
            if (!ImageIO.write(image, "png", new File(files.get(1)))) {
                throw new IOException("no PNG writer");
            }
            out.println("atoll-trace: " + files.get(1) + ": " + trace.ranks().size() + " ranks, "
                + String.format(Locale.ROOT, "%.3f to %.3f us", window[0], window[1]));
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("atoll-trace render: " + e.getMessage());
            return 1;
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    static Trace read(File file) throws IOException {
        JsonNode root = new ObjectMapper().readTree(file);
        JsonNode events = root.get("traceEvents");
        if (events == null || !events.isArray()) {
            throw new IOException(file + " has no traceEvents array: not a trace of mpirun --trace");
        }
        Map<Integer, String> names = new TreeMap<>();
        List<Slice> slices = new ArrayList<>();
        Map<Long, double[]> starts = new HashMap<>();
        Map<Long, double[]> ends = new HashMap<>();
        for (JsonNode e : events) {
            String ph = e.path("ph").asText();
            int pid = e.path("pid").asInt();
            switch (ph) {
                case "M" -> {
                    if (e.path("name").asText().equals("process_name")) {
                        names.put(pid, e.path("args").path("name").asText("rank " + pid));
                    }
                }
                case "X" -> {
                    boolean collective = e.path("cat").asText().equals("collective");
                    String name = e.path("name").asText();
                    slices.add(new Slice(pid, e.path("tid").asInt(), e.path("ts").asDouble(), e.path("dur").asDouble(),
                        name, collective, !collective && name.startsWith("send")));
                    names.putIfAbsent(pid, "rank " + pid);
                }
                case "s" -> starts.put(e.path("id").asLong(), new double[] {pid, e.path("ts").asDouble()});
                case "f" -> ends.put(e.path("id").asLong(), new double[] {pid, e.path("ts").asDouble()});
                default -> { }
            }
        }
        List<Flow> flows = new ArrayList<>();
        for (Map.Entry<Long, double[]> s : starts.entrySet()) {
            double[] f = ends.get(s.getKey());
            if (f != null) {
                flows.add(new Flow((int) s.getValue()[0], s.getValue()[1], (int) f[0], f[1]));
            }
        }
        return new Trace(new ArrayList<>(names.keySet()), names, slices, flows);
    }

    /** The window in microseconds: as asked, else each rank's last N collectives, else everything. */
    static double[] window(Trace trace, Double from, Double to, int lastSpans) {
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        if (lastSpans > 0) {
            Map<Integer, List<Slice>> spans = new HashMap<>();
            for (Slice s : trace.slices()) {
                if (s.collective()) {
                    spans.computeIfAbsent(s.rank(), r -> new ArrayList<>()).add(s);
                }
            }
            for (List<Slice> l : spans.values()) {
                l.sort(Comparator.comparingDouble(Slice::ts));
                for (Slice s : l.subList(Math.max(0, l.size() - lastSpans), l.size())) {
                    lo = Math.min(lo, s.ts());
                    hi = Math.max(hi, s.end());
                }
            }
        }
        if (lo > hi) {
            for (Slice s : trace.slices()) {
                lo = Math.min(lo, s.ts());
                hi = Math.max(hi, s.end());
            }
        }
        if (lo > hi) {
            lo = 0;
            hi = 1;
        }
        double pad = (hi - lo) * 0.02;
        lo = from != null ? from : Math.max(0, lo - pad);
        hi = to != null ? to : hi + pad;
        if (hi <= lo) {
            throw new IllegalArgumentException("the window " + lo + " to " + hi + " us is empty");
        }
        return new double[] {lo, hi};
    }

    static BufferedImage draw(Trace trace, double from, double to, int width, String title) {
        List<Integer> ranks = trace.ranks();
        Map<Integer, Integer> laneOf = new HashMap<>();
        for (int i = 0; i < ranks.size(); i++) {
            laneOf.put(ranks.get(i), i);
        }
        int height = TOP + ranks.size() * LANE + AXIS;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(BACKGROUND);
        g.fillRect(0, 0, width, height);
        double plotWidth = width - LABELS - RIGHT;
        Scale x = new Scale(from, to, LABELS, plotWidth);

        // title and legend
        Font plain = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
        Font bold = new Font(Font.SANS_SERIF, Font.BOLD, 15);
        g.setColor(TEXT);
        g.setFont(bold);
        g.drawString(title + ": " + ranks.size() + " ranks, "
            + String.format(Locale.ROOT, "%.1f to %.1f us", from, to), LABELS, 24);
        g.setFont(plain);
        int lx = LABELS;
        lx = legend(g, lx, 44, SPAN_FILL, "collective");
        lx = legend(g, lx, 44, SEND_FILL, "send (posted to completed)");
        lx = legend(g, lx, 44, RECV_FILL, "receive (posted or delivered, to completed)");
        g.setColor(FLOW);
        g.setStroke(new BasicStroke(1.6f));
        g.draw(new Line2D.Double(lx, 40, lx + 24, 40));
        arrowHead(g, lx, 40, lx + 24, 40);
        g.setColor(TEXT);
        g.drawString("message: injected to delivered", lx + 30, 44);

        // lanes, grid and axis
        double[] ticks = ticks(from, to, plotWidth);
        for (int i = 0; i < ranks.size(); i++) {
            int y = TOP + i * LANE;
            g.setColor(i % 2 == 0 ? LANE_SHADE : BACKGROUND);
            g.fillRect(0, y, width, LANE);
            g.setColor(TEXT);
            g.setFont(bold);
            g.drawString(trace.names().get(ranks.get(i)), 10, y + SPAN_ROW + SPAN_HEIGHT / 2 + 5);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            g.setColor(Color.DARK_GRAY);
            g.drawString("sends", 18, y + SEND_ROW + MESSAGE_ROWS / 2 + 4);
            g.drawString("receives", 18, y + RECV_ROW + MESSAGE_ROWS / 2 + 4);
        }
        g.setStroke(new BasicStroke(1f));
        g.setFont(plain);
        int axisY = TOP + ranks.size() * LANE;
        for (double t : ticks) {
            double px = x.at(t);
            g.setColor(GRID);
            g.draw(new Line2D.Double(px, TOP, px, axisY));
            g.setColor(TEXT);
            g.draw(new Line2D.Double(px, axisY, px, axisY + 5));
            String label = tickLabel(t, ticks);
            g.drawString(label, (float) (px - g.getFontMetrics().stringWidth(label) / 2.0), axisY + 20);
        }
        g.setColor(TEXT);
        g.draw(new Line2D.Double(LABELS, axisY, LABELS + plotWidth, axisY));
        String axisTitle = "time (us since the job's first traced event)";
        g.drawString(axisTitle, (float) (LABELS + plotWidth / 2 - g.getFontMetrics().stringWidth(axisTitle) / 2.0),
            axisY + 42);

        // slices: clipped to the plot
        Shape clip = new Rectangle2D.Double(LABELS, TOP, plotWidth, ranks.size() * LANE);
        g.setClip(clip);
        Map<Integer, Integer> sendRows = rows(trace, true);
        Map<Integer, Integer> recvRows = rows(trace, false);
        for (Slice s : trace.slices()) {
            if (s.end() < from || s.ts() > to || !laneOf.containsKey(s.rank())) {
                continue;
            }
            int y = TOP + laneOf.get(s.rank()) * LANE;
            double x0 = x.at(s.ts());
            double w = Math.max(1.5, x.at(s.end()) - x0);
            if (s.collective()) {
                Rectangle2D box = new Rectangle2D.Double(x0, y + SPAN_ROW, w, SPAN_HEIGHT);
                g.setColor(SPAN_FILL);
                g.fill(box);
                g.setColor(SPAN_EDGE);
                g.draw(box);
                label(g, s.name(), box);
            } else {
                Map<Integer, Integer> rowsOf = s.send() ? sendRows : recvRows;
                int rows = Math.max(1, rowsOf.getOrDefault(s.rank(), 1));
                int row = Math.min(rows - 1, s.tid() % 1000 - 1);
                double h = (double) MESSAGE_ROWS / rows;
                Rectangle2D box = new Rectangle2D.Double(x0, y + (s.send() ? SEND_ROW : RECV_ROW) + row * h, w,
                    Math.max(2, h - 1));
                g.setColor(s.send() ? SEND_FILL : RECV_FILL);
                g.fill(box);
                g.setColor(SLICE_EDGE);
                g.setStroke(new BasicStroke(0.6f));
                g.draw(box);
                g.setStroke(new BasicStroke(1f));
            }
        }
        // flows on top
        g.setColor(FLOW);
        g.setStroke(new BasicStroke(1.4f));
        for (Flow f : trace.flows()) {
            if (Math.max(f.fromTs(), f.toTs()) < from || Math.min(f.fromTs(), f.toTs()) > to
                || !laneOf.containsKey(f.fromRank()) || !laneOf.containsKey(f.toRank())) {
                continue;
            }
            double x0 = x.at(f.fromTs());
            double y0 = TOP + laneOf.get(f.fromRank()) * LANE + SEND_ROW + MESSAGE_ROWS / 2.0;
            double x1 = x.at(f.toTs());
            double y1 = TOP + laneOf.get(f.toRank()) * LANE + RECV_ROW + MESSAGE_ROWS / 2.0;
            g.draw(new Line2D.Double(x0, y0, x1, y1));
            arrowHead(g, x0, y0, x1, y1);
        }
        g.dispose();
        return image;
    }

    /** How many rows (lanes of the merge) each rank's sends or receives use. */
    private static Map<Integer, Integer> rows(Trace trace, boolean sends) {
        Map<Integer, Integer> rows = new HashMap<>();
        for (Slice s : trace.slices()) {
            if (!s.collective() && s.send() == sends) {
                rows.merge(s.rank(), s.tid() % 1000, Math::max);
            }
        }
        return rows;
    }

    private static int legend(Graphics2D g, int x, int y, Color fill, String text) {
        g.setColor(fill);
        g.fillRect(x, y - 11, 22, 13);
        g.setColor(SLICE_EDGE);
        g.drawRect(x, y - 11, 22, 13);
        g.setColor(TEXT);
        g.drawString(text, x + 28, y);
        return x + 28 + g.getFontMetrics().stringWidth(text) + 24;
    }

    /** The name inside its box, shortened (MPI_ dropped, then cut) to what fits. */
    private static void label(Graphics2D g, String name, Rectangle2D box) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        FontMetrics m = g.getFontMetrics();
        String text = name;
        if (m.stringWidth(text) > box.getWidth() - 6 && text.startsWith("MPI_")) {
            text = text.substring(4);
        }
        while (!text.isEmpty() && m.stringWidth(text) > box.getWidth() - 6) {
            text = text.substring(0, text.length() - 1);
        }
        if (text.length() < 2) {
            return;
        }
        g.setColor(TEXT);
        g.drawString(text, (float) (box.getX() + 3), (float) (box.getY() + box.getHeight() / 2 + m.getAscent() / 2.0 - 2));
    }

    private static void arrowHead(Graphics2D g, double x0, double y0, double x1, double y1) {
        double angle = Math.atan2(y1 - y0, x1 - x0);
        double len = 8;
        Path2D head = new Path2D.Double();
        head.moveTo(x1, y1);
        head.lineTo(x1 - len * Math.cos(angle - 0.4), y1 - len * Math.sin(angle - 0.4));
        head.lineTo(x1 - len * Math.cos(angle + 0.4), y1 - len * Math.sin(angle + 0.4));
        head.closePath();
        g.fill(head);
    }

    /** Round tick positions, about one every 110 pixels. */
    static double[] ticks(double from, double to, double plotWidth) {
        double span = to - from;
        double rough = span / Math.max(1, plotWidth / 110);
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        double step = power;
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * power >= rough) {
                step = m * power;
                break;
            }
        }
        List<Double> ticks = new ArrayList<>();
        for (double t = Math.ceil(from / step) * step; t <= to + 1e-9; t += step) {
            ticks.add(t);
        }
        return ticks.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String tickLabel(double t, double[] ticks) {
        double step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
        int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step));
        return String.format(Locale.ROOT, "%." + decimals + "f", t);
    }

    /** Microseconds to pixels. */
    private record Scale(double from, double to, double left, double width) {
        double at(double us) {
            return left + (us - from) / (to - from) * width;
        }
    }
}

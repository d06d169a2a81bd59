package org.atollmpi.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Log-log line charts of benchmark results (latency or bandwidth against message size), one line
 * per series, written as PNG or SVG by XChart. Used by {@code --plot}, {@code bin/osu plot} and the
 * comparison report; rendering is headless, so it works on a machine without a display.
 */
public final class Charts {
    /** Pixels of the written chart: wide enough for a legend of a few boards beside 20+ sizes. */
    static final int WIDTH = 900;
    static final int HEIGHT = 560;

    static {
        // Before any AWT class is touched: a server or CI machine has no display, and the default
        // (a toolkit that looks for one) fails there. A caller that chose otherwise is left alone.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Charts() {
    }

    /**
     * One line of a chart.
     *
     * @param name the legend's name for it (a board, a run, a benchmark)
     * @param x    message sizes (or any positive abscissa), same length as {@code y}
     * @param y    the measured values at those sizes
     */
    public record Series(String name, double[] x, double[] y) {
        public Series {
            Objects.requireNonNull(name, "series name");
            Objects.requireNonNull(x, "series x");
            Objects.requireNonNull(y, "series y");
            if (name.isBlank()) {
                throw new IllegalArgumentException("series name is blank");
            }
            if (x.length != y.length) {
                throw new IllegalArgumentException("series " + name + ": " + x.length + " x values but " + y.length
                        + " y values");
            }
            x = x.clone();
            y = y.clone();
        }

        @Override
        public double[] x() {
            return x.clone();
        }

        @Override
        public double[] y() {
            return y.clone();
        }
    }

    /**
     * Draws {@code series} on log-log axes and writes the chart to {@code out}, in the format its
     * extension names: {@code .png} or {@code .svg}. Points that a logarithmic axis cannot show
     * (a size or value of 0 or less, NaN, infinity: osu_latency's 0-byte row) are left out of the
     * line; a series left with no point is left off the chart (XChart draws no empty series).
     *
     * @throws IllegalArgumentException when the extension is neither, there is no series, two
     *                                  series share a name, or no series has a point to draw
     * @throws IOException              when the file cannot be written
     */
    public static void write(Path out, String title, String xLabel, String yLabel, List<Series> series)
            throws IOException {
        Objects.requireNonNull(out, "out");
        Format format = Format.of(out);
        XYChart chart = chart(title, xLabel, yLabel, series);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream stream = Files.newOutputStream(out)) {
            switch (format) {
                case PNG -> BitmapEncoder.saveBitmap(chart, stream, BitmapEncoder.BitmapFormat.PNG);
                case SVG -> VectorGraphicsEncoder.saveVectorGraphic(chart, stream,
                        VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
                default -> throw new AssertionError(format);
            }
        }
    }

    /** Whether {@code out}'s extension is one {@link #write} can produce. */
    public static boolean supports(Path out) {
        try {
            Format.of(out);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    static XYChart chart(String title, String xLabel, String yLabel, List<Series> series) {
        Objects.requireNonNull(series, "series");
        if (series.isEmpty()) {
            throw new IllegalArgumentException("no series to plot");
        }
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title == null ? "" : title)
                .xAxisTitle(xLabel == null ? "" : xLabel)
                .yAxisTitle(yLabel == null ? "" : yLabel)
                .build();
        XYStyler styler = chart.getStyler();
        styler.setXAxisLogarithmic(true);
        styler.setYAxisLogarithmic(true);
        styler.setPlotGridLinesColor(new Color(220, 220, 220));
        styler.setPlotGridLinesStroke(new BasicStroke(0.6f));
        styler.setLegendPosition(Styler.LegendPosition.InsideNW);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setMarkerSize(6);
        int drawn = 0;
        List<String> names = new ArrayList<>();
        for (Series s : series) {
            Objects.requireNonNull(s, "series element");
            if (names.contains(s.name())) {
                throw new IllegalArgumentException("two series are named " + s.name() + ": the legend could not tell them apart");
            }
            names.add(s.name());
            double[] x = s.x;
            double[] y = s.y;
            int n = 0;
            for (int i = 0; i < x.length; i++) {
                if (drawable(x[i]) && drawable(y[i])) {
                    n++;
                }
            }
            double[] px = new double[n];
            double[] py = new double[n];
            for (int i = 0, j = 0; i < x.length; i++) {
                if (drawable(x[i]) && drawable(y[i])) {
                    px[j] = x[i];
                    py[j] = y[i];
                    j++;
                }
            }
            drawn += n;
            if (n == 0) {
                continue;
            }
            XYSeries line = chart.addSeries(s.name(), px, py);
            line.setMarker(SeriesMarkers.CIRCLE);
        }
        if (drawn == 0) {
            throw new IllegalArgumentException("nothing to plot: no series has a point with a positive size and value");
        }
        return chart;
    }

    private static boolean drawable(double v) {
        return v > 0 && Double.isFinite(v);
    }

    private enum Format {
        PNG, SVG;

        static Format of(Path out) {
            Path file = out.getFileName();
            String name = file == null ? "" : file.toString().toLowerCase(Locale.ROOT);
            if (name.endsWith(".png")) {
                return PNG;
            }
            if (name.endsWith(".svg")) {
                return SVG;
            }
            throw new IllegalArgumentException("plot file " + out + ": give a name ending in .png or .svg");
        }
    }
}

package org.atollmpi.bench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

class ChartsTest {
    @TempDir
    Path dir;

    private static List<Charts.Series> twoBoards() {
        double[] sizes = {0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 4096, 65536, 1048576};
        double[] shm = new double[sizes.length];
        double[] tcp = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            shm[i] = 0.3 + sizes[i] / 9000.0;
            tcp[i] = 12 + sizes[i] / 1100.0;
        }
        return List.of(new Charts.Series("shm", sizes, shm), new Charts.Series("tcp", sizes, tcp));
    }

    @Test
    void pngIsAnImageOfTheChartsSize() throws Exception {
        Path png = dir.resolve("sub/latency.png");
        Charts.write(png, "osu_latency", "Size (bytes)", "Latency (us)", twoBoards());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(Charts.WIDTH, image.getWidth());
        assertEquals(Charts.HEIGHT, image.getHeight());
        // a drawn chart has more than a background: count the colours used
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 10, "only " + colours.size() + " colours in the chart");
    }

    @Test
    void svgIsAVectorImageOfTheChartsSize() throws Exception {
        Path svg = dir.resolve("bw.SVG");
        Charts.write(svg, "osu_bw", "Size (bytes)", "Bandwidth (MB/s)", twoBoards());
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("<?xml") && text.contains("<svg"), text.substring(0, Math.min(200, text.length())));
        assertTrue(text.contains("viewBox=\"0 0 " + Charts.WIDTH + " " + Charts.HEIGHT + "\""), "no viewBox of the chart's size");
        // VectorGraphics2D draws the text as outlines too: many paths, no raster image inside
        assertTrue(text.split("<path", -1).length > 50, "few paths in the SVG");
        assertFalse(text.contains("<image"), "a raster image inside the SVG");
    }

    @Test
    void axesAreLogarithmicAndUnplottablePointsLeftOut() {
        XYChart chart = Charts.chart("t", "x", "y", twoBoards());
        assertTrue(chart.getStyler().isXAxisLogarithmic());
        assertTrue(chart.getStyler().isYAxisLogarithmic());
        // the 0-byte row cannot sit on a log axis
        assertEquals(14, chart.getSeries("shm").getXData().length);
        assertEquals(2, chart.getSeriesCollection().size());
    }

    @Test
    void badInputIsRefusedByName() {
        List<Charts.Series> series = twoBoards();
        IllegalArgumentException ext = assertThrows(IllegalArgumentException.class,
                () -> Charts.write(dir.resolve("chart.pdf"), "t", "x", "y", series));
        assertTrue(ext.getMessage().contains("chart.pdf"), ext.getMessage());
        assertFalse(Files.exists(dir.resolve("chart.pdf")));
        assertThrows(IllegalArgumentException.class, () -> Charts.write(dir.resolve("a.png"), "t", "x", "y", List.of()));
        IllegalArgumentException length = assertThrows(IllegalArgumentException.class,
                () -> new Charts.Series("shm", new double[] {1, 2}, new double[] {1}));
        assertTrue(length.getMessage().contains("shm"), length.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Charts.write(dir.resolve("a.png"), "t", "x", "y",
                List.of(series.get(0), series.get(0))));
        assertThrows(IllegalArgumentException.class, () -> Charts.write(dir.resolve("a.png"), "t", "x", "y",
                List.of(new Charts.Series("zero", new double[] {0}, new double[] {5}))));
        assertTrue(Charts.supports(Path.of("x.svg")));
        assertFalse(Charts.supports(Path.of("x.jpg")));
    }

    @Test
    void seriesKeepsItsOwnCopy() {
        double[] x = {1, 2};
        Charts.Series s = new Charts.Series("a", x, new double[] {3, 4});
        x[0] = 99;
        assertArrayEquals(new double[] {1, 2}, s.x());
    }
}

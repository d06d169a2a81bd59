package org.atollmpi.bench.startup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.atollmpi.bench.report.Charts;

/**
 * The picture of what the first calls cost: runs of {@link FirstCalls} (each file rank 0's
 * {@code iteration nanoseconds} lines) as one line per series on log-log axes, the iterations
 * grouped in buckets that grow by a tenth (so the first hundred are seen one by one and the last
 * thousands as one point each), each point the mean of its bucket, the median of that over the
 * series' runs. Also prints, per series, the mean of OSU's timed window (iterations 100 to 10,100)
 * and of the last 5,000, median over runs.
 *
 * <pre>FirstCallsPlot chart.png|svg "series name=run1.txt,run2.txt" ...</pre>
 */
public final class FirstCallsPlot {
    private FirstCallsPlot() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: FirstCallsPlot chart.png|svg \"name=run1.txt,run2.txt\" ...");
            System.exit(2);
        }
        Map<String, List<long[]>> series = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            List<long[]> runs = new ArrayList<>();
            for (String file : args[i].substring(eq + 1).split(",")) {
                runs.add(read(Path.of(file)));
            }
            series.put(args[i].substring(0, eq), runs);
        }
        List<Charts.Series> lines = new ArrayList<>();
        for (Map.Entry<String, List<long[]>> s : series.entrySet()) {
            int length = s.getValue().stream().mapToInt(r -> r.length).min().orElse(0);
            List<double[]> bucketMeans = new ArrayList<>();
            List<Double> osu = new ArrayList<>();
            List<Double> last = new ArrayList<>();
            double[] x = null;
            for (long[] run : s.getValue()) {
                List<double[]> b = buckets(run, length);
                x = b.get(0);
                bucketMeans.add(b.get(1));
                osu.add(mean(run, 100, Math.min(10_100, length)));
                last.add(mean(run, Math.max(0, length - 5_000), length));
            }
            double[] y = new double[x.length];
            for (int k = 0; k < y.length; k++) {
                double[] at = new double[bucketMeans.size()];
                for (int r = 0; r < at.length; r++) {
                    at[r] = bucketMeans.get(r)[k];
                }
                y[k] = median(at);
            }
            lines.add(new Charts.Series(s.getKey(), x, y));
            System.out.printf("%-28s OSU's window (100-10100): %8.2f us   last 5000: %6.2f us   (%d runs)%n",
                s.getKey(), median(osu), median(last), s.getValue().size());
        }
        Charts.write(Path.of(args[0]), "8-byte ping-pong from the first call, half round trip",
            "iteration", "microseconds (mean of the iterations around)", lines);
    }

    /** One run: rank 0's half round trips in nanoseconds, in order. */
    private static long[] read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        long[] v = new long[lines.size()];
        int n = 0;
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2 && f[0].matches("\\d+") && f[1].matches("\\d+")) {
                v[n++] = Long.parseLong(f[1]);
            }
        }
        return Arrays.copyOf(v, n);
    }

    /** Buckets growing by a tenth: {x = the bucket's middle iteration (1-based), y = mean us}. */
    private static List<double[]> buckets(long[] run, int length) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int from = 0; from < length; ) {
            int to = Math.min(length, Math.max(from + 1, (int) Math.ceil(from * 1.1)));
            xs.add((from + to + 1) / 2.0);
            ys.add(mean(run, from, to));
            from = to;
        }
        return List.of(xs.stream().mapToDouble(Double::doubleValue).toArray(),
            ys.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Mean of {@code run[from, to)} in microseconds. */
    private static double mean(long[] run, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += run[i];
        }
        return to > from ? sum / (to - from) / 1000 : Double.NaN;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double median(List<Double> v) {
        return median(v.stream().mapToDouble(Double::doubleValue).toArray());
    }
}

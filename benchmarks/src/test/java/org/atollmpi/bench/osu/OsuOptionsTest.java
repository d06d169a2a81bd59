package org.atollmpi.bench.osu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.atollmpi.bench.osu.OsuOptions.BufferKind;
import org.atollmpi.bench.osu.OsuOptions.Kind;
import org.junit.jupiter.api.Test;

class OsuOptionsTest {
    @Test
    void defaultsFollowTheCReference() {
        OsuOptions latency = OsuOptions.parse(Kind.LATENCY);
        assertEquals(0, latency.minSize);
        assertEquals(1 << 22, latency.maxSize);
        assertEquals(BufferKind.BUFFER, latency.buffers);
        assertFalse(latency.validate);
        assertEquals(10_000, latency.iterations(8));
        assertEquals(10_000, latency.iterations(65536));
        assertEquals(200, latency.iterations(65537));
        assertFalse(latency.percentiles);
        assertFalse(latency.jitWarmup, "no whole-range JIT pass unless asked, as OSU");

        OsuOptions bw = OsuOptions.parse(Kind.BANDWIDTH);
        assertEquals(1, bw.minSize);
        assertEquals(100, bw.iterations(1024));
        assertEquals(20, bw.iterations(1 << 20));
    }

    @Test
    void skipCountsAreOsusWhateverTheIterations() {
        for (String[] given : new String[][] {{}, {"-i", "20"}}) {
            OsuOptions latency = OsuOptions.parse(Kind.LATENCY, given);
            assertEquals(100, latency.warmup(0));
            assertEquals(100, latency.warmup(8192), "OSU's large messages are those above 8 KiB");
            assertEquals(10, latency.warmup(8193));
            assertEquals(10, latency.warmup(1 << 22));
            OsuOptions mt = OsuOptions.parse(Kind.LATENCY_MT, given);
            assertEquals(100, mt.warmup(8192));
            assertEquals(10, mt.warmup(8193));
            for (Kind window : new Kind[] {Kind.BANDWIDTH, Kind.MESSAGE_RATE}) {
                OsuOptions bw = OsuOptions.parse(window, given);
                assertEquals(10, bw.warmup(1), window.toString());
                assertEquals(10, bw.warmup(8192), window.toString());
                assertEquals(2, bw.warmup(8193), window.toString());
            }
        }
        assertEquals(3, OsuOptions.parse(Kind.LATENCY, "--warmup", "3").warmup(1 << 20), "-x overrides");
        assertEquals(10, OsuOptions.parse(Kind.COLLECTIVE, "-i", "100").warmup(8), "collectives: a tenth");
    }

    @Test
    void bufferKinds() {
        assertEquals(BufferKind.DIRECT, OsuOptions.parse(Kind.LATENCY, "-a", "direct").buffers);
        assertEquals(BufferKind.DIRECT, OsuOptions.parse(Kind.COLLECTIVE, "--buffer", "DIRECT").buffers);
        assertEquals("direct buffers from ByteBuffer.allocateDirect", BufferKind.DIRECT.describe("byte[]"));
        assertEquals("direct buffers from MPI.newByteBuffer", BufferKind.BUFFER.describe("byte[]"));
        assertEquals("float[] arrays", BufferKind.ARRAYS.describe("float[]"));
        java.nio.ByteBuffer plain = BufferKind.DIRECT.directBuffer(16);
        assertTrue(plain.isDirect());
        assertEquals(java.nio.ByteOrder.nativeOrder(), plain.order());
        assertEquals(16, plain.capacity());
    }

    @Test
    void percentilesAndJitWarmupAreLongOptionsOfThePointToPointBenchmarks() {
        for (Kind kind : new Kind[] {Kind.LATENCY, Kind.BANDWIDTH, Kind.MESSAGE_RATE, Kind.LATENCY_MT}) {
            OsuOptions o = OsuOptions.parse(kind, "--percentiles", "--jit-warmup");
            assertTrue(o.percentiles && o.jitWarmup, kind.toString());
            String usage = OsuOptions.usage(kind, "osu_x");
            assertTrue(usage.contains("      --percentiles "), usage);
            assertTrue(usage.contains("      --jit-warmup              one untimed pass over every size first,"
                    + " as our earlier default;\n                                off by default, as OSU"), usage);
        }
        for (String shortForm : new String[] {"-P", "-J", "-p"}) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.LATENCY, shortForm))
                    .getMessage().contains("unknown option"), shortForm);
        }
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.COLLECTIVE, "--percentiles")).getMessage().contains("does not apply"));
        assertFalse(OsuOptions.usage(Kind.COLLECTIVE, "osu_bcast").contains("--percentiles"));
    }

    @Test
    void formatPlotAndProgressApplyToEveryBenchmark() {
        for (Kind kind : Kind.values()) {
            OsuOptions plain = OsuOptions.parse(kind);
            assertEquals(OsuOptions.Format.TEXT, plain.format, kind.toString());
            assertNull(plain.plot);
            assertFalse(plain.progress);
            OsuOptions o = OsuOptions.parse(kind, "--format", "JSON", "--progress");
            assertEquals(OsuOptions.Format.JSON, o.format, kind.toString());
            assertTrue(o.progress);
            assertEquals(java.util.List.of("--format", "JSON", "--progress"), o.arguments());
            String usage = OsuOptions.usage(kind, "osu_x");
            assertTrue(usage.contains("--format text|csv|json") && usage.contains("--progress"), usage);
            if (kind != Kind.BARRIER) {
                assertEquals(java.nio.file.Path.of("out/lat.svg"), OsuOptions.parse(kind, "--plot", "out/lat.svg").plot);
                assertTrue(usage.contains("--plot FILE.png|FILE.svg"), usage);
            }
        }
        assertEquals(OsuOptions.Format.CSV, OsuOptions.parse(Kind.LATENCY, "--format", "csv").format);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.LATENCY, "--format", "xml"))
                .getMessage().contains("expected 'text', 'csv' or 'json', got 'xml'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.LATENCY, "--plot", "a.jpg"))
                .getMessage().contains("ending in .png or .svg"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.BARRIER, "--plot", "a.png"))
                .getMessage().contains("no message size"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.LATENCY, "--plot"))
                .getMessage().contains("--plot needs a value"));
    }

    @Test
    void multiLatencyIsLatencyOnPairs() {
        OsuOptions multi = OsuOptions.parse(Kind.MULTI_LATENCY, "-m", "4", "-c", "-a", "arrays");
        assertArrayEquals(new int[] {0, 1, 2, 4}, multi.sizes(), "from 0 B, as osu_latency");
        assertEquals(10_000, multi.iterations(8));
        assertEquals(100, multi.warmup(8));
        assertEquals(BufferKind.ARRAYS, multi.buffers);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.MULTI_LATENCY, "-W", "4"))
                .getMessage().contains("does not apply"));
        assertTrue(OsuOptions.usage(Kind.MULTI_LATENCY, "osu_multi_lat").contains("even number of ranks"));
    }

    @Test
    void threadsPerRankForLatencyMt() {
        assertEquals(2, OsuOptions.parse(Kind.LATENCY_MT).threads);
        assertEquals(4, OsuOptions.parse(Kind.LATENCY_MT, "-t", "4").threads);
        assertEquals(8, OsuOptions.parse(Kind.LATENCY_MT, "--num-threads", "8").threads);
        assertArrayEquals(new int[] {0, 1, 2}, OsuOptions.parse(Kind.LATENCY_MT, "-m", "2").sizes(), "from 0 B, as latency");
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY_MT, "-t", "2:4")).getMessage().contains("sender:receiver"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY_MT, "-t", "0")).getMessage().contains("less than 1"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY, "-t", "4")).getMessage().contains("does not apply"));
        assertTrue(OsuOptions.usage(Kind.LATENCY_MT, "osu_latency_mt").contains("-t, --num-threads N"));
    }

    @Test
    void messageRateTakesAWindowAndRunsOnPairs() {
        OsuOptions mr = OsuOptions.parse(Kind.MESSAGE_RATE, "-W", "8", "-c");
        assertEquals(8, mr.windowSize);
        assertEquals(1, mr.minSize);
        assertTrue(mr.validate);
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.MESSAGE_RATE, "-g")).getMessage().contains("does not apply"));
        assertTrue(OsuOptions.usage(Kind.MESSAGE_RATE, "osu_mbw_mr").contains("even number of ranks"));
    }

    @Test
    void collectivesFollowOsuAndTheCReference() {
        OsuOptions coll = OsuOptions.parse(Kind.COLLECTIVE);
        assertEquals(1, coll.minSize);
        assertEquals(1 << 20, coll.maxSize);
        assertEquals(1000, coll.iterations(65536));
        assertEquals(100, coll.iterations(65537));
        assertEquals(100, coll.warmup(8));
        assertFalse(coll.full);
        assertEquals(21, coll.sizes().length); // 1, 2, ..., 1 MiB
        assertArrayEquals(new int[] {4, 8, 16}, OsuOptions.parse(Kind.COLLECTIVE, "-m", "16").sizes(4), "reductions start at a float");
        assertArrayEquals(new int[] {6, 8}, OsuOptions.parse(Kind.COLLECTIVE, "-m", "6:8").sizes(4));
        assertArrayEquals(new int[] {1, 2}, OsuOptions.parse(Kind.COLLECTIVE, "-m", "0:2").sizes(), "no empty collective");
        assertTrue(OsuOptions.parse(Kind.COLLECTIVE, "-f", "-c", "-a", "arrays").full);

        OsuOptions barrier = OsuOptions.parse(Kind.BARRIER, "-f", "-i", "7", "-c");
        assertArrayEquals(new int[] {0}, barrier.sizes(), "one row");
        assertEquals(7, barrier.iterations(0));
        assertTrue(barrier.full && barrier.validate);
        assertTrue(OsuOptions.parse(Kind.BARRIER, "--version").version);
    }

    @Test
    void eachKindRefusesTheOptionsItHasNoUseFor() {
        for (String[] refused : new String[][] {{"BARRIER", "-m", "8"}, {"BARRIER", "-a", "arrays"}, {"COLLECTIVE", "-g"},
            {"LATENCY", "-f"}, {"BANDWIDTH", "--full"}, {"LATENCY", "-W", "8"}, {"COLLECTIVE", "--window-size", "8"}}) {
            Kind kind = Kind.valueOf(refused[0]);
            String[] args = java.util.Arrays.copyOfRange(refused, 1, refused.length);
            String message = assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(kind, args)).getMessage();
            assertTrue(message.contains("'" + args[0] + "' does not apply"), kind + ": " + message);
        }
    }

    @Test
    void sizesArePowersOfTwoFromZero() {
        assertArrayEquals(new int[] {0, 1, 2, 4, 8}, OsuOptions.parse(Kind.LATENCY, "-m", "8").sizes());
        assertArrayEquals(new int[] {4, 8, 16}, OsuOptions.parse(Kind.LATENCY, "-m", "4:16").sizes());
        assertArrayEquals(new int[] {3, 4, 8}, OsuOptions.parse(Kind.LATENCY, "-m", "3:10").sizes());
        assertArrayEquals(new int[] {1, 2, 4}, OsuOptions.parse(Kind.BANDWIDTH, "-m", "0:4").sizes());
        assertEquals(24, OsuOptions.parse(Kind.LATENCY).sizes().length); // 0, 1, 2, ..., 4 MiB
    }

    @Test
    void explicitCountsApplyToEverySize() {
        OsuOptions o = OsuOptions.parse(Kind.LATENCY, "-i", "50", "-x", "5", "-a", "arrays", "-c", "-g");
        assertEquals(50, o.iterations(1));
        assertEquals(50, o.iterations(1 << 22));
        assertEquals(5, o.warmup(1 << 22));
        assertEquals(BufferKind.ARRAYS, o.buffers);
        assertTrue(o.validate);
        assertTrue(o.allocation);
        assertEquals(0, OsuOptions.parse(Kind.LATENCY, "-x", "0").warmup(8));
        assertTrue(OsuOptions.parse(Kind.BANDWIDTH, "--help").help);
    }

    @Test
    void bandwidthWindowIsOsusDefaultOrMinusW() {
        assertEquals(64, OsuOptions.parse(Kind.BANDWIDTH).windowSize);
        assertEquals(16, OsuOptions.parse(Kind.BANDWIDTH, "-W", "16").windowSize);
        assertEquals(1, OsuOptions.parse(Kind.BANDWIDTH, "--window-size", "1", "-m", "8").windowSize);
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.BANDWIDTH, "-W", "0")).getMessage().contains("-W: 0 is less than 1"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.BANDWIDTH, "-W")).getMessage().contains("-W needs a value"));
    }

    @Test
    void badOptionsSayWhy() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY, "-q")).getMessage().contains("-q"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY, "-m", "9:4")).getMessage().contains("larger"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY, "-i")).getMessage().contains("needs a value"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY, "-i", "0")).getMessage().contains("less than 1"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY, "-a", "heap")).getMessage().contains("'direct' or 'arrays'"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> OsuOptions.parse(Kind.LATENCY, "-m", "x")).getMessage().contains("not a number"));
    }

    @Test
    void usageNamesEveryOptionAccepted() {
        String usage = OsuOptions.usage(Kind.LATENCY, "osu_latency");
        for (String option : new String[] {"-m", "-i", "-x", "-a", "-c", "-g", "-v", "-h"}) {
            assertTrue(usage.contains(option + ","), option);
        }
        assertFalse(usage.contains("-f,"));
        assertTrue(usage.contains("exactly two ranks"));

        assertFalse(usage.contains("-W,"), usage);
        usage = OsuOptions.usage(Kind.BANDWIDTH, "osu_bw");
        assertTrue(usage.contains("-W, --window-size N           messages in flight per iteration (default 64)"), usage);

        usage = OsuOptions.usage(Kind.COLLECTIVE, "osu_allreduce");
        for (String option : new String[] {"-m", "-i", "-x", "-a", "-c", "-f", "-v", "-h"}) {
            assertTrue(usage.contains(option + ","), option);
        }
        assertFalse(usage.contains("-g,"));
        assertTrue(usage.contains("(default 1) to MAX bytes (default 1048576)"), usage);
        assertTrue(usage.contains("bin/mpirun -np 4 osu_allreduce"), usage);

        usage = OsuOptions.usage(Kind.BARRIER, "osu_barrier");
        assertFalse(usage.contains("-m,") || usage.contains("-a,"), usage);
        assertTrue(usage.contains("-f,") && usage.contains("-c,"), usage);
    }

    @Test
    void oneSidedSynchronisationAndWindow() {
        OsuOptions defaults = OsuOptions.parse(Kind.RMA_LATENCY);
        assertEquals(null, defaults.sync, "the benchmark's own default (flush, or pscw for osu_put_bibw)");
        assertEquals(WindowCreation.ALLOCATE, defaults.window, "OSU's default window");
        assertEquals(1, defaults.minSize);
        assertEquals(10_000, defaults.iterations(65536));
        assertEquals(100, defaults.iterations(65537), "c_reference.c rma: 100 above 64 KiB");
        assertEquals(10, defaults.warmup(8193));

        OsuOptions o = OsuOptions.parse(Kind.RMA_BANDWIDTH, "-s", "flush_local", "-w", "dynamic", "-W", "8");
        assertEquals(RmaSync.FLUSH_LOCAL, o.sync);
        assertEquals(WindowCreation.DYNAMIC, o.window);
        assertEquals(8, o.windowSize);
        assertEquals(RmaSync.PSCW, OsuOptions.parse(Kind.RMA_ATOMIC, "--sync-option", "PSCW").sync);
        assertEquals(WindowCreation.CREATE, OsuOptions.parse(Kind.RMA_ATOMIC, "--win-option", "create").window);
        assertArrayEquals(new int[] {8}, OsuOptions.parse(Kind.RMA_ATOMIC).sizes(), "one 8-byte row");

        assertEquals("-s: expected lock, flush, flush_local, lock_all, fence or pscw, got 'post'",
                assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.RMA_LATENCY, "-s", "post"))
                        .getMessage());
        assertEquals("-w: expected create, allocate or dynamic, got 'shared'",
                assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.RMA_LATENCY, "-w", "shared"))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.RMA_ATOMIC, "-m", "64"),
                "fetch-and-op and compare-and-swap have one size");
        assertThrows(IllegalArgumentException.class, () -> OsuOptions.parse(Kind.LATENCY, "-s", "fence"),
                "point-to-point has no synchronisation option");

        String usage = OsuOptions.usage(Kind.RMA_ATOMIC, "osu_fop_latency");
        assertTrue(usage.contains("-s, --sync-option S") && usage.contains("-w, --win-option W"), usage);
        assertTrue(usage.contains("check the data of every size"), usage);
        assertFalse(usage.contains("-m,") || usage.contains("-W,"), usage);
        assertTrue(OsuOptions.usage(Kind.RMA_BANDWIDTH, "osu_put_bw").contains("-W,"));
    }

    @Test
    void patternsDifferBySeed() {
        int same = 0;
        for (int i = 0; i < 4096; i++) {
            if (Payload.pattern(1, i) == Payload.pattern(2, i)) {
                same++;
            }
        }
        assertTrue(same < 100, "patterns 1 and 2 agree on " + same + " of 4096 bytes");
    }
}

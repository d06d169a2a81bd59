package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.atollmpi.nic.stat.NicReport;
import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.junit.jupiter.api.Test;

/**
 * {@code mpirun --nic-model}: a job takes at least what the modelled hardware would (the model's
 * latency is a floor under osu_latency, its bandwidth a ceiling over osu_bw: the library's own
 * software comes on top, docs/NIC-MODEL.md), collectives go through the modelled NIC, and a job
 * the model cannot time is refused, naming why.
 */
class NicModelJobTest {
    @Test
    void atollsLatencyIsAFloorAndItsBandwidthACeiling() {
        JobResult latency = osu("atoll", "osu_latency", "-m", "32:32", "-i", "2000", "-x", "100");
        double us = figure(latency, "32");
        assertTrue(us >= 2.32, "32 B in " + us + " us, below ATOLL's modelled 2.33 us: " + latency.describe());
        assertEquals("shm+atoll", NicReport.cell(table(latency), "board", 0), latency.describe());
        JobResult bandwidth = osu("atoll", "osu_bw", "-m", "4096:4096", "-i", "200", "-x", "10");
        double mbs = figure(bandwidth, "4096");
        assertTrue(mbs <= 213.3 && mbs > 100, "4 KiB at " + mbs + " MB/s, ATOLL's modelled 213.2: " + bandwidth.describe());
    }

    @Test
    void ultrasSingleWriteLatencyIsAFloor() {
        JobResult latency = osu("ultra", "osu_latency", "-m", "8:8", "-i", "2000", "-x", "100");
        double us = figure(latency, "8");
        assertTrue(us >= 0.75, "8 B in " + us + " us, below ULTRA's modelled 0.75 us: " + latency.describe());
    }

    @Test
    void collectivesGoThroughTheModelledNic() {
        JobResult result = Job.command(Repo.mpirun().toString(), "-np", "4", "--oversubscribe", "--nic-model", "atoll",
            "--report-nic", "osu_allreduce", "-m", "8:8", "-i", "20", "-x", "2").timeout(Duration.ofSeconds(120)).run()
            .assertExit(0);
        String table = table(result);
        for (int rank = 0; rank < 4; rank++) {
            // no two ranks share memory on the modelled network: each allreduce is messages
            assertTrue(Long.parseLong(NicReport.cell(table, "fast sends", rank)) >= 2 * 22, table);
        }
    }

    @Test
    void aJobAcrossMachinesIsRefusedNamingWhy() {
        Job.command(Repo.mpirun().toString(), "-H", "nodea,nodeb", "-np", "2", "--nic-model", "atoll", "osu_latency")
            .run().assertFailed().assertLine(".*--nic-model atoll: the model times a job on one machine.*2 hosts.*");
    }

    private static JobResult osu(String model, String... benchmark) {
        List<String> words = new ArrayList<>(List.of(Repo.mpirun().toString(), "-np", "2", "--nic-model", model,
            "--report-nic"));
        words.addAll(List.of(benchmark));
        return Job.command(words.toArray(String[]::new)).timeout(Duration.ofSeconds(120)).run().assertExit(0);
    }

    /** The figure of the row for {@code size}. */
    private static double figure(JobResult result, String size) {
        for (String line : result.stdout().split("\n")) {
            String[] words = line.trim().split("\\s+");
            if (words.length >= 2 && words[0].equals(size)) {
                return Double.parseDouble(words[1]);
            }
        }
        throw new AssertionError("no row for " + size + "\n" + result.describe());
    }

    private static String table(JobResult result) {
        String out = result.stdout();
        int at = out.indexOf("mpirun: NIC counters at MPI_Finalize");
        assertTrue(at >= 0, result.describe());
        return out.substring(out.indexOf('\n', at) + 1);
    }
}

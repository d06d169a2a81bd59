package org.atollmpi.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.atollmpi.nic.stat.CounterPage;
import org.atollmpi.nic.stat.NicCounter;
import org.atollmpi.nic.stat.NicCountersDescriptor;
import org.atollmpi.nic.stat.NicReport;
import org.atollmpi.nic.stat.NicSnapshot;
import org.atollmpi.nic.stat.PeerCounter;

/**
 * One rank's NIC counters as a tool outside the rank sees them: read from its counter page
 * ({@code bin/atoll-stat}) or from the line it sent with FINALIZED ({@code mpirun --report-nic}),
 * and printed as the report's table. The runtime's door to the NIC's counter page and report
 * ({@code org.atollmpi.nic.stat}), since the launcher sees no NIC class.
 */
public final class RankCounters {
    /** Most ranks one table shows side by side. */
    public static final int COLUMNS = NicReport.COLUMNS;

    private final NicSnapshot snapshot;

    private RankCounters(NicSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    /**
     * Reads the line a rank sent with FINALIZED.
     *
     * @throws IllegalArgumentException when it does not read
     */
    public static RankCounters decode(String line) {
        return new RankCounters(NicSnapshot.decode(line));
    }

    /** The job a counter page's file name belongs to, or null when {@code page} names no counter page. */
    public static String jobOf(Path page) {
        return CounterPage.jobOf(page);
    }

    /**
     * The counters of a rank's page as they are now.
     *
     * @throws IOException when the page cannot be opened or its header does not check
     */
    public static RankCounters read(Path page) throws IOException {
        return new RankCounters(CounterPage.open(page).snapshot());
    }

    /** The report's table: a column per rank, "-" for a null (a rank whose counters are missing). */
    public static String table(List<RankCounters> ranks) {
        List<NicSnapshot> snapshots = new ArrayList<>(ranks.size());
        for (RankCounters r : ranks) {
            snapshots.add(r == null ? null : r.snapshot);
        }
        return NicReport.table(snapshots);
    }

    public int rank() {
        return snapshot.rank();
    }

    /** The job's size as the page says. */
    public int ranks() {
        return snapshot.ranks();
    }

    public long pid() {
        return snapshot.pid();
    }

    /** Whether the rank has passed MPI_Finalize. */
    public boolean finalized() {
        return snapshot.state() == NicCountersDescriptor.STATE_FINALIZED;
    }

    /** Messages and one-sided operations this port started: fast sends, eager records, puts, gets, atomics. */
    public long messagesOut() {
        return snapshot.get(PeerCounter.FAST_SENDS) + snapshot.get(PeerCounter.EAGER_RECORDS)
            + snapshot.get(NicCounter.PUTS) + snapshot.get(NicCounter.GETS) + snapshot.get(NicCounter.ATOMICS);
    }

    /** Bytes this port put on the network: deposits and puts. */
    public long bytesOut() {
        return snapshot.bytesOut();
    }
}

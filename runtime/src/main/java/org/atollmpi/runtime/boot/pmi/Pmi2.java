package org.atollmpi.runtime.boot.pmi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * PMI-2 as Slurm ({@code srun --mpi=pmi2}) and Hydra speak it: length-prefixed messages of
 * {@code key=value;} pairs. The server tells rank and size in its answer to {@code fullinit}.
 *
 * <p>The connection opens with one PMI-1 line each way, {@code cmd=init pmi_version=2} and its
 * {@code response_to_init}, as MPICH's PMI-2 client does: Slurm's step daemon reads the first
 * message of a connection as PMI-1 and refuses anything else ("invalid PMI1 init command"); Hydra
 * takes it too.
 */
public final class Pmi2 extends PmiClient {
    /** PMI-2's limits (PMI2_MAX_KEYLEN, PMI2_MAX_VALLEN), terminating NUL included. */
    private static final int MAX_KEY = 64;
    private static final int MAX_VALUE = 1024;

    private static final String INIT = "init";

    private int rank;
    private int size;
    private String jobId;
    /** Whether the server's first message, the PMI-1 answer to {@code init}, was read. */
    private boolean initAnswered;

    private Pmi2(InputStream in, OutputStream out, String peer, Consumer<String> onLost) {
        super(in, out, peer, onLost);
    }

    /**
     * Opens PMI-2 on a connection to the server: the PMI-1 {@code init} asking for version 2, then
     * {@code fullinit} with {@code pmirank} (what the launcher gave as PMI_RANK or, dialling its
     * port, PMI_ID) and, where the launcher gave one, {@code pmijobid} (Slurm's PMI_JOBID, which
     * Slurm's fullinit requires; Hydra gives none), then {@code job-getid}.
     *
     * @param pmiJobId the launcher's PMI_JOBID, or null where it set none
     */
    public static Pmi2 open(InputStream in, OutputStream out, String peer, int pmiRank, String pmiJobId,
                            Consumer<String> onLost) throws IOException {
        Pmi2 pmi = new Pmi2(in, out, peer, onLost);
        pmi.startReader();
        PmiMessage hello = pmi.call(PmiMessage.of(INIT, "pmi_version", "2", "pmi_subversion", "0"),
                "response_to_init", false);
        if (hello.getInt("pmi_version") != 2) {
            throw new PmiException("PMI server at " + peer + " answered init with '" + hello + "', not version 2");
        }
        PmiMessage fullinit = pmiJobId == null
                ? PmiMessage.of("fullinit", "pmirank", Integer.toString(pmiRank), "threaded", "FALSE")
                : PmiMessage.of("fullinit", "pmijobid", pmiJobId, "pmirank", Integer.toString(pmiRank),
                        "threaded", "FALSE");
        PmiMessage init = pmi.call(fullinit, "fullinit-response", false);
        if (init.getInt("pmi-version") != 2) {
            throw new PmiException("PMI server at " + peer + " answered fullinit with '" + init + "', not version 2");
        }
        pmi.rank = init.getInt("rank");
        pmi.size = init.getInt("size");
        if (pmi.size < 1 || pmi.rank < 0 || pmi.rank >= pmi.size) {
            throw new PmiException("PMI server at " + peer + " gave rank " + pmi.rank + " of size " + pmi.size);
        }
        pmi.jobId = pmi.call(PmiMessage.of("job-getid"), "job-getid-response", false).get("jobid");
        return pmi;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String kvsName() {
        return jobId;
    }

    @Override
    public int maxKeyLength() {
        return MAX_KEY - 1;
    }

    @Override
    public int maxValueLength() {
        return MAX_VALUE - 1;
    }

    @Override
    public int version() {
        return 2;
    }

    @Override
    public void put(String key, String value) throws IOException {
        call(PmiMessage.of("kvs-put", "key", key, "value", value), "kvs-put-response", false);
    }

    @Override
    public void fence() throws IOException {
        call(PmiMessage.of("kvs-fence"), "kvs-fence-response", true);
    }

    @Override
    public boolean fenceIsBarrier() {
        return false;
    }

    @Override
    public String get(String key) throws IOException {
        // Hydra holds a get until the key is put, which may be as late as the slowest rank
        PmiMessage answer = call(PmiMessage.of("kvs-get", "jobid", jobId, "srcid", "-1", "key", key),
                "kvs-get-response", true);
        if (!answer.get("found").equals("TRUE")) {
            throw new PmiException("PMI server at " + peer() + " has no key " + key);
        }
        return answer.get("value");
    }

    @Override
    public void finalizeJob() throws IOException {
        call(PmiMessage.of("finalize"), "finalize-response", false);
    }

    @Override
    public void abort(int code, String message) throws IOException {
        send(PmiMessage.of("abort", "isworld", "TRUE", "msg", message == null ? "" : message));
    }

    /** Called by the reader thread alone. */
    @Override
    PmiMessage read(InputStream in) throws IOException {
        if (!initAnswered) {
            initAnswered = true;
            return PmiMessage.readPmi1(in);
        }
        return PmiMessage.readPmi2(in);
    }

    @Override
    byte[] encode(PmiMessage message) {
        return message.command().equals(INIT) ? message.encodePmi1() : message.encodePmi2();
    }
}

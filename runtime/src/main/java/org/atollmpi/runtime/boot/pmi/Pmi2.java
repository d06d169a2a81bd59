package org.atollmpi.runtime.boot.pmi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * PMI-2 as Slurm ({@code srun --mpi=pmi2}) and Hydra speak it: length-prefixed messages of
 * {@code key=value;} pairs. The server tells rank and size in its answer to {@code fullinit}.
 */
public final class Pmi2 extends PmiClient {
    /** PMI-2's limits (PMI2_MAX_KEYLEN, PMI2_MAX_VALLEN), terminating NUL included. */
    private static final int MAX_KEY = 64;
    private static final int MAX_VALUE = 1024;

    private int rank;
    private int size;
    private String jobId;

    private Pmi2(InputStream in, OutputStream out, String peer, Consumer<String> onLost) {
        super(in, out, peer, onLost);
    }

    /**
     * Opens PMI-2 on a connection to the server: {@code fullinit} with {@code pmirank} (what the
     * launcher gave as PMI_RANK or, dialling its port, PMI_ID: Hydra takes no other key), then
     * {@code job-getid}.
     */
    public static Pmi2 open(InputStream in, OutputStream out, String peer, int pmiRank,
                            Consumer<String> onLost) throws IOException {
        Pmi2 pmi = new Pmi2(in, out, peer, onLost);
        pmi.startReader();
        PmiMessage init = pmi.call(PmiMessage.of("fullinit", "pmirank", Integer.toString(pmiRank), "threaded", "FALSE"),
                "fullinit-response", false);
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

    @Override
    PmiMessage read(InputStream in) throws IOException {
        return PmiMessage.readPmi2(in);
    }

    @Override
    byte[] encode(PmiMessage message) {
        return message.encodePmi2();
    }
}

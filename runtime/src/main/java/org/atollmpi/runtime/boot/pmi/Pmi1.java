package org.atollmpi.runtime.boot.pmi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * PMI-1 as MPICH's Hydra speaks it ("simple PMI": one line per message). The rank and size come
 * from {@code PMI_RANK} and {@code PMI_SIZE} when the server handed this process a connected
 * descriptor ({@code PMI_FD}), or from the server's {@code set} lines after {@code initack} when
 * this process connected to {@code PMI_PORT} itself.
 */
public final class Pmi1 extends PmiClient {
    private int rank;
    private int size;
    private String kvsName;
    private int maxKey;
    private int maxValue;

    private Pmi1(InputStream in, OutputStream out, String peer, Consumer<String> onLost) {
        super(in, out, peer, onLost);
    }

    /**
     * Opens PMI-1 on a connection the launcher set up (PMI_FD) for {@code rank} of {@code size}:
     * {@code init}, {@code get_maxes}, {@code get_my_kvsname}.
     */
    public static Pmi1 connected(InputStream in, OutputStream out, String peer, int rank, int size,
                                 Consumer<String> onLost) throws IOException {
        Pmi1 pmi = new Pmi1(in, out, peer, onLost);
        pmi.rank = rank;
        pmi.size = size;
        pmi.startReader();
        pmi.init();
        return pmi;
    }

    /**
     * Opens PMI-1 on a connection this process made to the server's port (PMI_PORT): announces
     * itself by {@code pmiid}, learns its rank and size from the server, then as
     * {@link #connected}.
     */
    public static Pmi1 dialled(InputStream in, OutputStream out, String peer, int pmiId,
                               Consumer<String> onLost) throws IOException {
        Pmi1 pmi = new Pmi1(in, out, peer, onLost);
        pmi.startReader();
        pmi.send(PmiMessage.of("initack", "pmiid", Integer.toString(pmiId)));
        pmi.expect("initack");
        int r = -1;
        int s = -1;
        // The server sets size, rank and debug, one line each, in its own order.
        for (int i = 0; i < 3; i++) {
            PmiMessage set = pmi.expect("set");
            if (set.attributes().containsKey("size")) {
                s = set.getInt("size");
            } else if (set.attributes().containsKey("rank")) {
                r = set.getInt("rank");
            } else if (!set.attributes().containsKey("debug")) {
                throw new PmiException("PMI server at " + peer + " sent '" + set + "', expected size, rank or debug");
            }
        }
        if (s < 1 || r < 0 || r >= s) {
            throw new PmiException("PMI server at " + peer + " set rank " + r + " of size " + s);
        }
        pmi.rank = r;
        pmi.size = s;
        pmi.init();
        return pmi;
    }

    private void init() throws IOException {
        PmiMessage answer = call(PmiMessage.of("init", "pmi_version", "1", "pmi_subversion", "1"),
                "response_to_init", false);
        if (answer.getInt("pmi_version") != 1) {
            throw new PmiException("PMI server at " + peer() + " answered init with '" + answer + "', not version 1");
        }
        PmiMessage maxes = call(PmiMessage.of("get_maxes"), "maxes", false);
        maxKey = maxes.getInt("keylen_max");
        maxValue = maxes.getInt("vallen_max");
        if (maxKey < 16 || maxValue < 64) {
            throw new PmiException("PMI server at " + peer() + " takes keys of " + maxKey + " and values of "
                    + maxValue + " characters; too small to wire a job up");
        }
        kvsName = call(PmiMessage.of("get_my_kvsname"), "my_kvsname", false).get("kvsname");
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
        return kvsName;
    }

    @Override
    public int maxKeyLength() {
        // the server's limits count a C string's terminating NUL
        return maxKey - 1;
    }

    @Override
    public int maxValueLength() {
        return maxValue - 1;
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public void put(String key, String value) throws IOException {
        call(PmiMessage.of("put", "kvsname", kvsName, "key", key, "value", value), "put_result", false);
    }

    @Override
    public void fence() throws IOException {
        call(PmiMessage.of("barrier_in"), "barrier_out", true);
    }

    @Override
    public boolean fenceIsBarrier() {
        return true;
    }

    @Override
    public String get(String key) throws IOException {
        return call(PmiMessage.of("get", "kvsname", kvsName, "key", key), "get_result", false).get("value");
    }

    @Override
    public void finalizeJob() throws IOException {
        call(PmiMessage.of("finalize"), "finalize_ack", false);
    }

    @Override
    public void abort(int code, String message) throws IOException {
        // PMI-1's abort carries only the status; the message is printed by the caller
        send(PmiMessage.of("abort", "exitcode", Integer.toString(code)));
    }

    @Override
    PmiMessage read(InputStream in) throws IOException {
        return PmiMessage.readPmi1(in);
    }

    @Override
    byte[] encode(PmiMessage message) {
        return message.encodePmi1();
    }
}

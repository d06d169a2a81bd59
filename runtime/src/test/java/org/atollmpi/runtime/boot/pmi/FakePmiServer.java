package org.atollmpi.runtime.boot.pmi;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A PMI server for tests, on a loopback port (the PMI_PORT model): PMI-1 as Hydra speaks it
 * (initack and set, a real barrier, gets of missing keys refused) or PMI-2 as Hydra speaks it (a
 * fence that waits for no one, gets held until their key is put), opened as Slurm requires: a
 * connection whose first line is not PMI-1's {@code init} with {@code pmi_version=2} is closed. Its value limit is set small so
 * that values are split into parts.
 */
final class FakePmiServer implements AutoCloseable {
    static final String KVS = "kvs_fake_0";

    private final int version;
    private final int size;
    private final int valueLimit;
    private final ServerSocket server;
    private final Map<String, String> kvs = new HashMap<>();
    private final List<Socket> clients = new CopyOnWriteArrayList<>();
    final List<String> aborts = new CopyOnWriteArrayList<>();
    final List<String> errors = new CopyOnWriteArrayList<>();
    final Map<Integer, Boolean> finalized = new ConcurrentHashMap<>();
    /** The {@code pmijobid} of each PMI-2 fullinit, by rank ({@code none} where it had none). */
    final Map<Integer, String> fullinitJobIds = new ConcurrentHashMap<>();
    private int barrierArrived;
    private int barrierGeneration;

    FakePmiServer(int version, int size, int valueLimit) throws IOException {
        this.version = version;
        this.size = size;
        this.valueLimit = valueLimit;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread acceptor = new Thread(this::accept, "fake-pmi-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** {@code PMI_PORT} for the ranks. */
    String port() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    private void accept() {
        try {
            while (true) {
                Socket s = server.accept();
                clients.add(s);
                Thread t = new Thread(() -> serve(s), "fake-pmi-client");
                t.setDaemon(true);
                t.start();
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            int rank = -1;
            if (version == 2) {
                PmiMessage init = PmiMessage.readPmi1(in);
                if (!init.command().equals("init") || !init.get("pmi_version", "").equals("2")) {
                    errors.add("a PMI-2 connection opened with " + init + ", not init pmi_version=2");
                    return;
                }
                out.write(PmiMessage.of("response_to_init", "pmi_version", "2", "pmi_subversion", "0", "rc", "0")
                        .encodePmi1());
                out.flush();
            }
            while (true) {
                PmiMessage m = version == 1 ? PmiMessage.readPmi1(in) : PmiMessage.readPmi2(in);
                List<PmiMessage> answers = new ArrayList<>();
                if (version == 1) {
                    rank = pmi1(m, rank, answers);
                } else {
                    rank = pmi2(m, rank, answers);
                }
                for (PmiMessage a : answers) {
                    out.write(version == 1 ? a.encodePmi1() : a.encodePmi2());
                }
                out.flush();
            }
        } catch (EOFException e) {
            // the rank closed
        } catch (IOException | InterruptedException e) {
            errors.add(String.valueOf(e));
        }
    }

    private int pmi1(PmiMessage m, int rank, List<PmiMessage> answers) throws IOException, InterruptedException {
        switch (m.command()) {
            case "initack" -> {
                rank = m.getInt("pmiid");
                answers.add(PmiMessage.of("initack"));
                answers.add(PmiMessage.of("set", "size", Integer.toString(size)));
                answers.add(PmiMessage.of("set", "rank", Integer.toString(rank)));
                answers.add(PmiMessage.of("set", "debug", "0"));
            }
            case "init" -> answers.add(PmiMessage.of("response_to_init", "pmi_version", "1", "pmi_subversion", "1", "rc", "0"));
            case "get_maxes" -> answers.add(PmiMessage.of("maxes", "kvsname_max", "256", "keylen_max", "64",
                    "vallen_max", Integer.toString(valueLimit)));
            case "get_my_kvsname" -> answers.add(PmiMessage.of("my_kvsname", "kvsname", KVS));
            case "put" -> {
                check(m.get("kvsname").equals(KVS), "put to " + m);
                check(m.get("value").length() < valueLimit, "value longer than the limit: " + m);
                synchronized (this) {
                    boolean fresh = kvs.putIfAbsent(m.get("key"), m.get("value")) == null;
                    answers.add(fresh ? PmiMessage.of("put_result", "rc", "0", "msg", "success")
                            : PmiMessage.of("put_result", "rc", "-1", "msg", "duplicate_key_" + m.get("key")));
                }
            }
            case "barrier_in" -> {
                barrier();
                answers.add(PmiMessage.of("barrier_out"));
            }
            case "get" -> {
                String v;
                synchronized (this) {
                    v = kvs.get(m.get("key"));
                }
                answers.add(v != null ? PmiMessage.of("get_result", "rc", "0", "msg", "success", "value", v)
                        : PmiMessage.of("get_result", "rc", "-1", "msg", "key_" + m.get("key") + "_not_found",
                        "value", "unknown"));
            }
            case "finalize" -> {
                finalized.put(rank, true);
                answers.add(PmiMessage.of("finalize_ack"));
            }
            case "abort" -> aborts.add("rank " + rank + " exitcode=" + m.get("exitcode"));
            default -> errors.add("unknown PMI-1 command " + m);
        }
        return rank;
    }

    private int pmi2(PmiMessage m, int rank, List<PmiMessage> answers) throws IOException, InterruptedException {
        switch (m.command()) {
            case "fullinit" -> {
                rank = m.getInt("pmirank");
                fullinitJobIds.put(rank, m.get("pmijobid", "none"));
                answers.add(PmiMessage.of("fullinit-response", "pmi-version", "2", "pmi-subversion", "0",
                        "rank", Integer.toString(rank), "size", Integer.toString(size), "appnum", "0", "rc", "0"));
            }
            case "job-getid" -> answers.add(PmiMessage.of("job-getid-response", "jobid", KVS, "rc", "0"));
            case "kvs-put" -> {
                synchronized (this) {
                    kvs.put(m.get("key"), m.get("value"));
                    notifyAll();
                }
                answers.add(PmiMessage.of("kvs-put-response", "rc", "0"));
            }
            // as Hydra: the fence is answered at once, a get waits for its key
            case "kvs-fence" -> answers.add(PmiMessage.of("kvs-fence-response", "rc", "0"));
            case "kvs-get" -> {
                check(m.get("jobid").equals(KVS), "get from " + m);
                String v;
                synchronized (this) {
                    while ((v = kvs.get(m.get("key"))) == null) {
                        wait();
                    }
                }
                answers.add(PmiMessage.of("kvs-get-response", "found", "TRUE", "value", v, "rc", "0"));
            }
            case "finalize" -> {
                finalized.put(rank, true);
                answers.add(PmiMessage.of("finalize-response", "rc", "0"));
            }
            case "abort" -> aborts.add("rank " + rank + " msg=" + m.get("msg"));
            default -> errors.add("unknown PMI-2 command " + m);
        }
        return rank;
    }

    private synchronized void barrier() throws InterruptedException {
        int generation = barrierGeneration;
        if (++barrierArrived == size) {
            barrierArrived = 0;
            barrierGeneration++;
            notifyAll();
            return;
        }
        while (generation == barrierGeneration) {
            wait();
        }
    }

    private void check(boolean condition, String what) {
        if (!condition) {
            errors.add(what);
        }
    }

    /** Drops every rank's connection, as a dying launcher would. */
    void dropClients() throws IOException {
        for (Socket s : clients) {
            s.close();
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        dropClients();
    }
}

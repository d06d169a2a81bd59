package org.atollmpi.runtime.boot.pmi;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * This process's line to a PMI server (MPICH's Hydra proxy, Slurm's {@code srun --mpi=pmi2}
 * step daemon): the launcher's key-value space and its barrier, which is all a job needs to wire
 * itself up. {@link Pmi1} and {@link Pmi2} speak the two wire formats ({@link PmiMessage}).
 *
 * <p>One request is outstanding at a time; a daemon thread reads every answer, so a wait for an
 * answer the server gives at once ({@code get}, {@code put}) is bounded, while a
 * {@link #fence} waits as long as the slowest rank takes to reach it (the server ends the job if
 * a rank dies). If the connection ends or the server says something that is not PMI, the pending
 * request fails with the reason and {@code onLost} hears it: the launcher is gone, and a rank
 * without it cannot finish its job.
 */
public abstract class PmiClient implements AutoCloseable {
    /** Bound on answers the server gives without waiting for other ranks, in ms. */
    static final String REPLY_TIMEOUT_PROPERTY = "atoll.pmi.replyTimeoutMs";
    private final long replyTimeoutMs = Long.getLong(REPLY_TIMEOUT_PROPERTY, 60_000);

    private final InputStream in;
    private final OutputStream out;
    private final String peer;
    private final BlockingQueue<Object> replies = new LinkedBlockingQueue<>();
    private final Consumer<String> onLost;
    private volatile boolean closing;
    private volatile String lost;

    /**
     * @param peer   how to name the server in messages ({@code PMI_FD=7}, {@code PMI_PORT=host:1234})
     * @param onLost hears why the connection ended, unless this side closed it
     */
    PmiClient(InputStream in, OutputStream out, String peer, Consumer<String> onLost) {
        this.in = in;
        this.out = out;
        this.peer = peer;
        this.onLost = onLost;
    }

    /** This process's rank, as the launcher numbers it. */
    public abstract int rank();

    /** Processes in the job. */
    public abstract int size();

    /** The launcher's name for this job's key-value space. */
    public abstract String kvsName();

    /** Longest key the server takes. */
    public abstract int maxKeyLength();

    /** Longest value the server takes. */
    public abstract int maxValueLength();

    /** The PMI version spoken, 1 or 2. */
    public abstract int version();

    /** Publishes {@code key=value}; other ranks see it after the next {@link #fence}. */
    public abstract void put(String key, String value) throws IOException;

    /**
     * Commits this rank's puts: what every rank put before its fence is visible to the gets after
     * this one, where {@link #fenceIsBarrier} also returns only once every rank has called it.
     */
    public abstract void fence() throws IOException;

    /**
     * Whether {@link #fence} waits for every rank. PMI-1's barrier does. PMI-2's fence does under
     * Slurm, but Hydra answers it at once and holds each get until its key arrives, so over PMI-2
     * a barrier is made of gets.
     */
    public abstract boolean fenceIsBarrier();

    /** The value another rank put under {@code key} before the last fence. */
    public abstract String get(String key) throws IOException;

    /** Tells the server this rank is done with PMI (MPI_Finalize). */
    public abstract void finalizeJob() throws IOException;

    /**
     * Asks the server to end the whole job with exit status {@code code} (PMI-2 has no exit status:
     * the launcher chooses). Sends and returns; the server stops every rank.
     */
    public abstract void abort(int code, String message) throws IOException;

    /** Reads one message in this version's wire format. */
    abstract PmiMessage read(InputStream in) throws IOException;

    /** Encodes one message in this version's wire format. */
    abstract byte[] encode(PmiMessage message);

    /** Starts reading the server's answers; called once the connection is set up. */
    final void startReader() {
        Thread reader = new Thread(this::readAnswers, "atoll-pmi-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Why the connection ended, or null while it is up. */
    public final String lost() {
        return lost;
    }

    /** Stops listening: from here on the server may close the connection without alarm. */
    @Override
    public void close() {
        closing = true;
    }

    final String peer() {
        return peer;
    }

    /**
     * Sends a message. Writes take their own lock, not the call's: an abort must get out while
     * another thread waits in a fence.
     */
    final void send(PmiMessage request) throws IOException {
        if (lost != null) {
            throw new PmiException("PMI " + request.command() + " to " + peer + " failed: " + lost);
        }
        try {
            byte[] bytes = encode(request);
            synchronized (out) {
                out.write(bytes);
                out.flush();
            }
        } catch (IOException e) {
            throw new PmiException("cannot send PMI " + request.command() + " to " + peer + ": " + e.getMessage());
        }
    }

    /**
     * Sends {@code request} and returns the answer, which must be {@code expected} and, where it
     * carries an {@code rc}, a success.
     *
     * @param waitsForRanks whether the answer waits for every rank (a fence): then unbounded
     */
    final synchronized PmiMessage call(PmiMessage request, String expected, boolean waitsForRanks) throws IOException {
        send(request);
        Object answer;
        try {
            answer = waitsForRanks ? replies.take() : replies.poll(replyTimeoutMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmiException("interrupted waiting for the answer to PMI " + request.command() + " from " + peer);
        }
        if (answer == null) {
            throw new PmiException("no answer to PMI " + request.command() + " from " + peer + " in "
                    + replyTimeoutMs + " ms");
        }
        if (answer instanceof IOException e) {
            replies.add(e); // every later call fails the same way
            throw new PmiException("PMI " + request.command() + " to " + peer + " failed: " + e.getMessage());
        }
        PmiMessage reply = (PmiMessage) answer;
        if (!reply.command().equals(expected)) {
            throw new PmiException("PMI server at " + peer + " answered '" + reply + "' to " + request.command()
                    + ", expected cmd=" + expected);
        }
        String rc = reply.get("rc", "0");
        if (!rc.equals("0")) {
            throw new PmiException("PMI server at " + peer + " refused " + request.command() + " (rc=" + rc
                    + (reply.attributes().containsKey("msg") ? ", " + reply.get("msg", "") : "") + ")");
        }
        return reply;
    }

    /** Reads the next message outside of a call (a handshake the server opens). */
    final PmiMessage expect(String command) throws IOException {
        Object answer;
        try {
            answer = replies.poll(replyTimeoutMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmiException("interrupted waiting for PMI " + command + " from " + peer);
        }
        if (answer == null) {
            throw new PmiException("no PMI " + command + " from " + peer + " in " + replyTimeoutMs + " ms");
        }
        if (answer instanceof IOException e) {
            replies.add(e);
            throw new PmiException("waiting for PMI " + command + " from " + peer + ": " + e.getMessage());
        }
        PmiMessage message = (PmiMessage) answer;
        if (!message.command().equals(command)) {
            throw new PmiException("PMI server at " + peer + " sent '" + message + "', expected cmd=" + command);
        }
        return message;
    }

    private void readAnswers() {
        try {
            while (true) {
                replies.add(read(in));
            }
        } catch (IOException | RuntimeException e) {
            String why = e instanceof EOFException ? "the PMI server closed the connection" : e.getMessage();
            lost = why;
            replies.add(e instanceof IOException io ? io : new PmiException(String.valueOf(e)));
            if (!closing) {
                onLost.accept(why);
            }
        }
    }

    /** Parses the number in {@code value}, which the variable or attribute {@code name} holds. */
    static int number(String name, String value) throws PmiException {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException | NullPointerException e) {
            throw new PmiException(name + "=" + value + " is not a number");
        }
    }
}

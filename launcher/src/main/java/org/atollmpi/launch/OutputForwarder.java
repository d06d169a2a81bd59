package org.atollmpi.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Copies one rank's stdout or stderr to mpirun's, line by line, so that lines of different ranks
 * never mix: whole lines go out in one write, under a lock that all of the job's forwarders share
 * (stdout's and stderr's alike, since they may be one file, as with {@code 2>&1}). With
 * {@code --tag-output} every line starts with Open MPI's tag ({@code [1,3]<stdout>:}).
 *
 * <p>Bytes pass through undecoded and, untagged, unchanged. Memory stays bounded: a line longer
 * than {@link #LINE_LIMIT} goes out in parts of that size, between which other ranks' lines may
 * come (tagged, each part is a line of its own). A last line without a newline goes out as it is
 * when the rank's stream ends (tagged, with a newline).
 *
 * <p>A rank printing fast costs a system call per batch of lines, not per line: the forwarder
 * reads what the pipe holds and writes the whole lines it got once the pipe has nothing more (or
 * a batch is full).
 */
final class OutputForwarder implements Runnable {
    /** Longest line passed on whole. */
    static final int LINE_LIMIT = 64 * 1024;
    /** Lines are written when this many bytes of them wait, at the latest. */
    private static final int BATCH_SIZE = 16 * 1024;

    private final InputStream in;
    private final PrintStream sink;
    private final Object lock;
    private final boolean tagged;
    private final int prefixLength;
    /** The line being read, after the prefix (empty untagged) that it goes out with. */
    private byte[] line;
    private int lineEnd;
    private final byte[] batch = new byte[BATCH_SIZE];
    private int batchLength;
    private Thread thread;
    /** nanoTime of the last read or write, for {@link #awaitEnd}. */
    private volatile long lastActivity = System.nanoTime();

    /**
     * Forwards {@code in}, rank {@code rank}'s {@code stream} ("stdout" or "stderr"), to
     * {@code sink}, tagging every line if {@code tagged}; writes hold {@code lock}.
     */
    OutputForwarder(InputStream in, int rank, String stream, boolean tagged, PrintStream sink, Object lock) {
        this.in = in;
        this.sink = sink;
        this.lock = lock;
        this.tagged = tagged;
        byte[] prefix = tagged ? prefix(rank, stream).getBytes(StandardCharsets.UTF_8) : new byte[0];
        this.prefixLength = prefix.length;
        this.line = Arrays.copyOf(prefix, prefixLength + 256);
        this.lineEnd = prefixLength;
    }

    /** The tag Open MPI puts before each line; jobs are numbered 1 as in a single mpirun. */
    static String prefix(int rank, String stream) {
        return "[1," + rank + "]<" + stream + ">:";
    }

    /** Starts forwarding on a daemon thread of its own. */
    void start() {
        thread = new Thread(this, "atoll-output");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Waits until the rank's stream has ended and all of it is written, or until nothing has
     * moved for {@code quietMillis} counted from {@code notBefore} (a {@code nanoTime}) or the
     * last activity, whichever is later (a process the rank started may hold the stream open);
     * true if it ended. Quiet time before {@code notBefore} does not count: a rank that printed
     * its last line and exited while this thread waited for a core (a loaded machine) must not
     * have that line dropped because its stream had been quiet before.
     */
    boolean awaitEnd(long quietMillis, long notBefore) throws InterruptedException {
        long quiet = TimeUnit.MILLISECONDS.toNanos(quietMillis);
        while (thread.isAlive()) {
            long last = lastActivity;
            long from = last - notBefore > 0 ? last : notBefore;
            long idle = System.nanoTime() - from;
            if (idle >= quiet) {
                return false;
            }
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(quiet - idle)));
        }
        return true;
    }

    @Override
    public void run() {
        byte[] buf = new byte[BATCH_SIZE];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                lastActivity = System.nanoTime();
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        append(buf, start, i - start);
                        endLine(true);
                        start = i + 1;
                    }
                }
                append(buf, start, n - start);
                if (in.available() == 0) {
                    flush();
                }
            }
        } catch (IOException e) {
            // the rank was killed mid-write; what it wrote so far goes out below
        }
        if (lineEnd > prefixLength) {
            endLine(tagged);
        }
        flush();
    }

    private void append(byte[] b, int off, int len) {
        while (len > 0) {
            int content = lineEnd - prefixLength;
            if (content == LINE_LIMIT) {
                endLine(tagged);
                continue;
            }
            int k = Math.min(len, LINE_LIMIT - content);
            if (lineEnd + k + 1 > line.length) { // + 1: room for the newline
                line = Arrays.copyOf(line, Math.min(prefixLength + LINE_LIMIT + 1, Math.max(lineEnd + k + 1, 2 * line.length)));
            }
            System.arraycopy(b, off, line, lineEnd, k);
            lineEnd += k;
            off += k;
            len -= k;
        }
    }

    /** The line read so far is complete: into the batch, or out on its own if it does not fit one. */
    private void endLine(boolean newline) {
        if (newline) {
            line[lineEnd++] = '\n';
        }
        if (batchLength + lineEnd > batch.length) {
            flush();
        }
        if (lineEnd > batch.length) {
            write(line, lineEnd);
        } else {
            System.arraycopy(line, 0, batch, batchLength, lineEnd);
            batchLength += lineEnd;
        }
        lineEnd = prefixLength;
    }

    private void flush() {
        if (batchLength > 0) {
            write(batch, batchLength);
            batchLength = 0;
        }
    }

    /** One write of whole lines; an error (mpirun's output closed) is the sink's to keep, as for its other output. */
    private void write(byte[] bytes, int length) {
        synchronized (lock) {
            sink.write(bytes, 0, length);
            sink.flush();
        }
        lastActivity = System.nanoTime();
    }
}

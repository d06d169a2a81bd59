package org.atollmpi.launch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Copies one rank's stdout or stderr to mpirun's, each line prefixed as Open MPI's
 * {@code --tag-output} does ({@code [1,3]<stdout>:}). Bytes pass through undecoded; a line is
 * written whole, so lines of different ranks never mix.
 */
final class OutputTagger implements Runnable {
    private final InputStream in;
    private final byte[] prefix;
    private final PrintStream sink;

    OutputTagger(InputStream in, int rank, String stream, PrintStream sink) {
        this.in = in;
        this.prefix = prefix(rank, stream).getBytes(StandardCharsets.UTF_8);
        this.sink = sink;
    }

    /** The tag Open MPI puts before each line; jobs are numbered 1 as in a single mpirun. */
    static String prefix(int rank, String stream) {
        return "[1," + rank + "]<" + stream + ">:";
    }

    @Override
    public void run() {
        byte[] buf = new byte[8192];
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        line.write(buf, start, i - start);
                        emit(line);
                        start = i + 1;
                    }
                }
                line.write(buf, start, n - start);
                sink.flush();
            }
        } catch (IOException e) {
            // the rank was killed mid-write; what it wrote so far is out
        }
        if (line.size() > 0) {
            emit(line);
        }
        sink.flush();
    }

    private void emit(ByteArrayOutputStream line) {
        synchronized (sink) {
            sink.write(prefix, 0, prefix.length);
            sink.write(line.toByteArray(), 0, line.size());
            sink.write('\n');
        }
        line.reset();
    }
}

package org.atollmpi.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutputForwarderTest {
    /** Every write the forwarder makes, as it made it. */
    private final List<byte[]> writes = new ArrayList<>();
    private final PrintStream sink = new PrintStream(new OutputStream() {
        @Override
        public void write(int b) {
            writes.add(new byte[] {(byte) b});
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writes.add(Arrays.copyOfRange(b, off, off + len));
        }
    });

    private byte[] forward(byte[] input, boolean tagged) {
        new OutputForwarder(new ByteArrayInputStream(input), 3, "stdout", tagged, sink, new Object()).run();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        writes.forEach(all::writeBytes);
        return all.toByteArray();
    }

    @Test
    void untaggedBytesPassUnchangedWholeLinesAtATime() {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        for (int i = 0; i < 2000; i++) {
            input.writeBytes(("line " + i + " ").getBytes(StandardCharsets.US_ASCII));
            input.write(i & 0xff); // any byte, '\n' included: the lines are whatever the bytes say
            input.write('\n');
        }
        input.writeBytes("no newline at the end".getBytes(StandardCharsets.US_ASCII));
        assertArrayEquals(input.toByteArray(), forward(input.toByteArray(), false));
        for (int i = 0; i < writes.size() - 1; i++) {
            byte[] w = writes.get(i);
            assertEquals('\n', w[w.length - 1], "write " + i + " ends with a whole line");
        }
    }

    @Test
    void taggedEveryLineStartsWithTheTagAndTheLastEndsWithANewline() {
        String out = new String(forward("one\n\nthree".getBytes(StandardCharsets.UTF_8), true), StandardCharsets.UTF_8);
        assertEquals("[1,3]<stdout>:one\n[1,3]<stdout>:\n[1,3]<stdout>:three\n", out);
    }

    @Test
    void aLineLongerThanTheLimitGoesOutInPartsOfTheLimit() {
        byte[] input = new byte[OutputForwarder.LINE_LIMIT * 2 + 100 + "\nshort\n".length()];
        Arrays.fill(input, (byte) 'x');
        System.arraycopy("\nshort\n".getBytes(StandardCharsets.US_ASCII), 0, input, input.length - 7, 7);
        assertArrayEquals(input, forward(input, false));
        assertEquals(OutputForwarder.LINE_LIMIT, writes.get(0).length);
        assertEquals(OutputForwarder.LINE_LIMIT, writes.get(1).length);

        writes.clear();
        String tagged = new String(forward(input, true), StandardCharsets.US_ASCII);
        List<String> lines = tagged.lines().toList();
        assertEquals(4, lines.size());
        assertTrue(lines.stream().allMatch(l -> l.startsWith("[1,3]<stdout>:")), "each part is a tagged line");
        assertEquals("[1,3]<stdout>:" + "x".repeat(OutputForwarder.LINE_LIMIT), lines.get(0));
        assertEquals("[1,3]<stdout>:" + "x".repeat(100), lines.get(2));
        assertEquals("[1,3]<stdout>:short", lines.get(3));
    }

    /**
     * A rank's last line, read late because the forwarding thread waited for a core while the
     * stream had long been quiet, is still forwarded: the quiet period counts from when mpirun
     * starts draining, not from the stream's last activity.
     */
    @Test
    void aLastLineReadLateAfterALongSilenceIsNotDropped() throws Exception {
        long readAt = System.nanoTime() + 1_200_000_000L;
        java.io.InputStream late = new java.io.InputStream() {
            private final byte[] line = "fatal error, the last line\n".getBytes(StandardCharsets.US_ASCII);
            private int at;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws java.io.IOException {
                long wait = readAt - System.nanoTime();
                if (wait > 0) {
                    try {
                        Thread.sleep(wait / 1_000_000 + 1);
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException();
                    }
                }
                if (at == line.length) {
                    return -1;
                }
                int n = Math.min(len, line.length - at);
                System.arraycopy(line, at, b, off, n);
                at += n;
                return n;
            }
        };
        OutputForwarder forwarder = new OutputForwarder(late, 1, "stdout", false, sink, new Object());
        forwarder.start();
        Thread.sleep(1_100); // quiet for longer than the 1 s below before draining starts
        assertTrue(forwarder.awaitEnd(1_000, System.nanoTime()), "the stream ended within the quiet period");
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        writes.forEach(all::writeBytes);
        assertEquals("fatal error, the last line\n", all.toString(StandardCharsets.US_ASCII));
    }
}

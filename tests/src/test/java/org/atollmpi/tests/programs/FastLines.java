package org.atollmpi.tests.programs;

import java.io.PrintStream;

/**
 * Every rank prints {@code N} long lines (args[0]) to stdout and as many to stderr as fast as it
 * can, alternating, for a test that checks that lines of different ranks never mix: each line is
 * {@link #line} of its stream, rank and number, so a line cut or spliced by another shows. Each
 * line goes out in two writes, as from a program that prints a line piece by piece, or whose
 * output is block-buffered.
 */
public final class FastLines {
    public static void main(String[] args) {
        int n = Integer.parseInt(Check.init(args)[0]);
        int rank = Check.rank();
        for (int seq = 0; seq < n; seq++) {
            printInTwoWrites(System.out, line('R', rank, seq));
            printInTwoWrites(System.err, line('E', rank, seq));
        }
        Check.done();
    }

    private static void printInTwoWrites(PrintStream stream, String line) {
        int half = line.length() / 2;
        stream.print(line.substring(0, half));
        stream.flush();
        stream.println(line.substring(half));
    }

    /** {@code <stream><rank>:<seq>:} and 300 to 499 letters that depend on all three. */
    public static String line(char stream, int rank, int seq) {
        StringBuilder b = new StringBuilder(520).append(stream).append(rank).append(':').append(seq).append(':');
        int length = 300 + (seq * 37 + rank * 11) % 200;
        for (int i = 0; i < length; i++) {
            b.append((char) ('a' + (i + seq + rank * 7 + stream) % 26));
        }
        return b.toString();
    }
}

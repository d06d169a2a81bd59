package org.atollmpi.tests;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.RunningJob;
import org.atollmpi.tests.programs.FastLines;
import org.junit.jupiter.api.Test;

/**
 * The ranks' output reaches mpirun's line by line: two ranks printing long lines as fast as they
 * can, without {@code --tag-output}, never mix within a line, stdout stays stdout and stderr
 * stderr, and no line is lost.
 */
class OutputTest {
    static final int LINES = 2000;
    static final Pattern RANK_LINE = Pattern.compile("^([RE])([01]):(\\d+):");

    @Test
    void linesOfRanksWritingFastNeverMix() {
        RunningJob job = Job.mpirun(2).program(FastLines.class, Integer.toString(LINES))
                .timeout(Duration.ofSeconds(60)).start();
        JobResult result = job.await().assertOk(2);
        int[][] next = new int[2][2]; // [stdout, stderr][rank]: the number the next line must have
        for (RunningJob.Line line : job.lines()) {
            String text = line.text();
            if (text.matches("OK rank [01]") && !line.stderr()) {
                continue;
            }
            Matcher m = RANK_LINE.matcher(text);
            if (!m.find()) {
                throw new AssertionError("not a line of one rank: " + text + "\n" + result.describe());
            }
            char stream = m.group(1).charAt(0);
            int rank = Integer.parseInt(m.group(2));
            int seq = Integer.parseInt(m.group(3));
            if ((stream == 'E') != line.stderr()) {
                throw new AssertionError("a line of the rank's " + (stream == 'E' ? "stderr" : "stdout")
                        + " came out on mpirun's " + (line.stderr() ? "stderr" : "stdout") + ": " + text);
            }
            if (!text.equals(FastLines.line(stream, rank, seq))) {
                throw new AssertionError("a line cut or mixed with another: " + text);
            }
            int s = line.stderr() ? 1 : 0;
            if (seq != next[s][rank]) {
                throw new AssertionError("rank " + rank + "'s line " + next[s][rank] + " missing, next is " + text);
            }
            next[s][rank]++;
        }
        for (int s = 0; s < 2; s++) {
            for (int r = 0; r < 2; r++) {
                if (next[s][r] != LINES) {
                    throw new AssertionError("rank " + r + " printed " + LINES + " lines to " + (s == 1 ? "stderr" : "stdout")
                            + ", " + next[s][r] + " came out");
                }
            }
        }
    }
}

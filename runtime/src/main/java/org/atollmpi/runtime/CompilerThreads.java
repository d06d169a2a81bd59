package org.atollmpi.runtime;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.util.concurrent.locks.LockSupport;

/**
 * The JIT compiler threads of this JVM, seen from Linux's {@code /proc/self/task}: whether they
 * are still compiling. HotSpot has no public way to ask whether its compile queue is empty; its
 * compiler threads ("C1 CompilerThre", "C2 CompilerThre" in {@code comm}) sleep on the queue when
 * it is. So a compiler thread that is asleep ({@code S} in its {@code stat}) and has used no CPU
 * ({@code schedstat}, which the kernel brings up to date when a thread stops running) since the
 * last look has nothing to do. {@link #awaitQuiet} waits until that holds of all of them for a
 * while, parking, so that they have the core.
 *
 * <p>The look is made without allocating and without the JDK's file-system classes (whose first
 * uses would themselves queue compilations): the two files of each compiler thread are read again
 * from descriptors kept open.
 *
 * <p>Where {@code /proc} cannot be read (not Linux), {@link #available} is false and
 * {@link #awaitQuiet} parks for its time limit's share only.
 */
public final class CompilerThreads implements AutoCloseable {
    private static final File TASKS = new File("/proc/self/task");
    private static final int MAX_THREADS = 16;

    private final RandomAccessFile[] schedstats = new RandomAccessFile[MAX_THREADS];
    private final RandomAccessFile[] stats = new RandomAccessFile[MAX_THREADS];
    private final long[] cpu = new long[MAX_THREADS];
    private final byte[] line = new byte[128];
    private int count;

    /** Whether this JVM's compiler threads can be seen. */
    public static boolean available() {
        return TASKS.isDirectory();
    }

    /**
     * Parks until no compiler thread has used CPU for {@code quietNanos}, or until
     * {@code limitNanos} have passed; returns whether they went quiet (true at once where they
     * cannot be seen, after parking {@code quietNanos}).
     */
    public boolean awaitQuiet(long quietNanos, long limitNanos) {
        if (!find()) {
            LockSupport.parkNanos(quietNanos);
            return true;
        }
        long start = System.nanoTime();
        long quietSince = start;
        readAll();
        long step = Math.max(50_000, Math.min(1_000_000, quietNanos / 4));
        while (true) {
            LockSupport.parkNanos(step);
            long now = System.nanoTime();
            if (readAll()) {
                quietSince = now;
            } else if (now - quietSince >= quietNanos) {
                return true;
            }
            if (now - start >= limitNanos) {
                return false;
            }
        }
    }

    /** The compiler threads' CPU time, in nanoseconds, summed (-1 where they cannot be seen). */
    public long cpuNanos() {
        if (count == 0 && !find()) {
            return -1;
        }
        readAll();
        long sum = 0;
        for (int i = 0; i < count; i++) {
            sum += cpu[i];
        }
        return sum;
    }

    /** Opens the {@code schedstat} of every compiler thread there is now; false if none. */
    private boolean find() {
        close();
        String[] tasks = TASKS.list();
        if (tasks == null) {
            return false;
        }
        for (String task : tasks) {
            if (count == MAX_THREADS) {
                break;
            }
            String dir = TASKS.getPath() + "/" + task;
            try (RandomAccessFile comm = new RandomAccessFile(dir + "/comm", "r")) {
                int n = comm.read(line);
                if (n < 15 || line[0] != 'C' || (line[1] != '1' && line[1] != '2')
                        || !new String(line, 2, 13, java.nio.charset.StandardCharsets.US_ASCII).equals(" CompilerThre")) {
                    continue;
                }
                schedstats[count] = new RandomAccessFile(dir + "/schedstat", "r");
                stats[count] = new RandomAccessFile(dir + "/stat", "r");
                cpu[count] = -1;
                count++;
            } catch (IOException e) {
                // the thread ended between the listing and the look
            }
        }
        return count > 0;
    }

    /**
     * Reads every compiler thread's CPU time and state; true if one used CPU since the last read
     * or is not asleep now.
     */
    private boolean readAll() {
        boolean busy = false;
        for (int i = 0; i < count; i++) {
            long used = read(schedstats[i]);
            if (used != cpu[i]) {
                busy = true;
                cpu[i] = used;
            }
            if (!asleep(stats[i])) {
                busy = true;
            }
        }
        return busy;
    }

    /** Whether a {@code stat} says the thread sleeps ({@code S}: a compiler thread waits for work). */
    private boolean asleep(RandomAccessFile file) {
        try {
            file.seek(0);
            int n = file.read(line);
            // "tid (comm) S ...": the name may hold spaces and parentheses, the last ')' ends it
            for (int i = n - 1; i > 0; i--) {
                if (line[i] == ')') {
                    return i + 2 < n && line[i + 2] == 'S';
                }
            }
            return false;
        } catch (IOException e) {
            return true; // the thread is gone: it compiles nothing
        }
    }

    /** The first number of a {@code schedstat}: nanoseconds on a CPU; -2 if it cannot be read. */
    private long read(RandomAccessFile file) {
        try {
            file.seek(0);
            int n = file.read(line);
            long v = 0;
            for (int i = 0; i < n && line[i] >= '0' && line[i] <= '9'; i++) {
                v = v * 10 + (line[i] - '0');
            }
            return v;
        } catch (IOException e) {
            return -2;
        }
    }

    @Override
    public void close() {
        for (int i = 0; i < count; i++) {
            try {
                schedstats[i].close();
                stats[i].close();
            } catch (IOException e) {
                // read-only /proc files: nothing to lose
            }
            schedstats[i] = null;
            stats[i] = null;
        }
        count = 0;
    }
}

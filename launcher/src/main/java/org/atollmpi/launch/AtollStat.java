package org.atollmpi.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.atollmpi.runtime.RankCounters;
import org.atollmpi.runtime.boot.JobFiles;

/**
 * {@code bin/atoll-stat}: the NIC counters of the jobs running on this machine, read from their
 * ranks' counter pages ({@link RankCounters}) while they run, refreshed like {@code top}: the
 * table of {@code mpirun --report-nic}, each rank's state, and what moved since the last refresh.
 * {@code --once} prints one picture and exits (for scripts and tests).
 */
public final class AtollStat {
    private static final String USAGE = """
        usage: atoll-stat [--once] [--interval seconds] [--dir directory] [job id]
          The NIC counters of every atoll-mpi job on this machine (or of the one job named), read
          from the ranks' counter pages while the jobs run, refreshed every second (Ctrl-C ends it).
          --once          print the counters once and exit (status 1 when no job was found)
          --interval s    seconds between refreshes (default 1)
          --dir d         where the jobs' pages are (default /dev/shm)""";

    private AtollStat() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.exit(run(System.out, System.err, args));
    }

    static int run(PrintStream out, PrintStream err, String... args) throws InterruptedException {
        boolean once = false;
        double interval = 1;
        Path dir = JobFiles.boardDirectory();
        String job = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            try {
                switch (a) {
                    case "--once" -> once = true;
                    case "--interval" -> interval = Double.parseDouble(value(args, ++i, a));
                    case "--dir" -> dir = Path.of(value(args, ++i, a));
                    case "-h", "--help" -> {
                        out.println(USAGE);
                        return 0;
                    }
                    default -> {
                        if (a.startsWith("-") || job != null) {
                            err.println("atoll-stat: " + a + ": unknown option\n" + USAGE);
                            return 2;
                        }
                        job = a;
                    }
                }
            } catch (NumberFormatException e) {
                err.println("atoll-stat: " + a + " " + args[i] + ": expected a number of seconds");
                return 2;
            } catch (IllegalArgumentException e) {
                err.println("atoll-stat: " + e.getMessage());
                return 2;
            }
        }
        if (!(interval > 0)) {
            err.println("atoll-stat: --interval " + interval + ": expected a number of seconds above 0");
            return 2;
        }
        Map<String, List<RankCounters>> previous = Map.of();
        long previousNanos = 0;
        while (true) {
            Map<String, List<RankCounters>> jobs = read(dir, job, err);
            long now = System.nanoTime();
            if (once) {
                if (jobs.isEmpty()) {
                    err.println("atoll-stat: no " + (job == null ? "running job" : "job " + job) + " in " + dir);
                    return 1;
                }
                out.print(render(jobs, Map.of(), 0));
                return 0;
            }
            StringBuilder screen = new StringBuilder("\033[H\033[2J"); // home, clear: a fresh screen as top
            screen.append("atoll-stat: ").append(java.time.LocalTime.now().withNano(0)).append(", every ")
                .append(interval).append(" s, Ctrl-C ends\n\n");
            screen.append(jobs.isEmpty() ? "no " + (job == null ? "running job" : "job " + job) + " in " + dir + "\n"
                : render(jobs, previous, (now - previousNanos) / 1e9));
            out.print(screen);
            out.flush();
            previous = jobs;
            previousNanos = now;
            TimeUnit.MILLISECONDS.sleep((long) (interval * 1000));
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + ": expected a value");
        }
        return args[i];
    }

    /** Each job's ranks (null where a rank's page is missing), by job id. */
    static Map<String, List<RankCounters>> read(Path dir, String onlyJob, PrintStream err) {
        Map<String, Map<Integer, RankCounters>> found = new TreeMap<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : entries.toList()) {
                String job = RankCounters.jobOf(p);
                if (job == null || (onlyJob != null && !onlyJob.equals(job))) {
                    continue;
                }
                try {
                    RankCounters s = RankCounters.read(p);
                    found.computeIfAbsent(job, j -> new TreeMap<>()).put(s.rank(), s);
                } catch (IOException | RuntimeException | InternalError e) {
                    // removed as we looked (the job ended), not ours to read, no page, or cut short
                    // under the mapping (InternalError: the fault of a read past a truncated file)
                }
            }
        } catch (IOException e) {
            err.println("atoll-stat: cannot list " + dir + ": " + e.getMessage());
        }
        Map<String, List<RankCounters>> jobs = new TreeMap<>();
        found.forEach((job, byRank) -> {
            // as many columns as the pages' own rank counts allow: a bad page cannot ask for millions
            int ranks = Math.min(((TreeMap<Integer, RankCounters>) byRank).lastKey() + 1,
                byRank.values().stream().mapToInt(RankCounters::ranks).max().orElse(1));
            List<RankCounters> list = new ArrayList<>();
            for (int r = 0; r < ranks; r++) {
                list.add(byRank.get(r));
            }
            jobs.put(job, list);
        });
        return jobs;
    }

    /** The pictures of {@code jobs}, with what moved since {@code before} ({@code seconds} ago) when there was one. */
    static String render(Map<String, List<RankCounters>> jobs, Map<String, List<RankCounters>> before, double seconds) {
        StringBuilder b = new StringBuilder();
        jobs.forEach((job, ranks) -> {
            b.append("job ").append(job).append(": ").append(ranks.size()).append(ranks.size() == 1 ? " rank" : " ranks");
            b.append(", ").append(states(ranks)).append('\n');
            b.append(RankCounters.table(ranks));
            List<RankCounters> earlier = before.get(job);
            if (earlier != null && seconds > 0) {
                b.append(rates(ranks, earlier, seconds));
            }
            b.append('\n');
        });
        return b.toString();
    }

    private static String states(List<RankCounters> ranks) {
        int running = 0;
        int finalized = 0;
        int gone = 0;
        for (RankCounters s : ranks) {
            if (s == null) {
                continue;
            }
            if (ProcessHandle.of(s.pid()).map(ProcessHandle::isAlive).orElse(false)) {
                if (s.finalized()) {
                    finalized++;
                } else {
                    running++;
                }
            } else {
                gone++;
            }
        }
        return running + " running" + (finalized > 0 ? ", " + finalized + " finalized" : "")
            + (gone > 0 ? ", " + gone + " gone" : "");
    }

    /** Messages and bytes out per second since the last picture, a column per rank. */
    private static String rates(List<RankCounters> now, List<RankCounters> before, double seconds) {
        StringBuilder messages = new StringBuilder(String.format("%-26s", "messages out/s"));
        StringBuilder bytes = new StringBuilder(String.format("%-26s", "MB out/s"));
        for (int r = 0; r < Math.min(now.size(), RankCounters.COLUMNS); r++) {
            RankCounters a = now.get(r);
            RankCounters b = r < before.size() ? before.get(r) : null;
            if (a == null || b == null) {
                messages.append(String.format("%12s", "-"));
                bytes.append(String.format("%12s", "-"));
                continue;
            }
            long m = a.messagesOut() - b.messagesOut();
            messages.append(String.format("%12.0f", m / seconds));
            bytes.append(String.format("%12.2f", (a.bytesOut() - b.bytesOut()) / seconds / 1e6));
        }
        return messages + "\n" + bytes + "\n";
    }
}

package org.atollmpi.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * What a report says about the machine it ran on: numbers mean little without it. Read from
 * /proc and from {@code java -version} of the java the ranks run on (JAVA_HOME's, else PATH's, as
 * bin/mpirun chooses).
 */
record Machine(Instant date, int cores, String cpu, String memory, String kernel, String os, String java,
               String loadAverage) {
    static Machine describe() {
        String javaHome = System.getenv("JAVA_HOME");
        String java = javaHome != null && !javaHome.isEmpty() ? Path.of(javaHome, "bin", "java").toString() : "java";
        String version = Command.output(60, java, "-version");
        return new Machine(Instant.now().truncatedTo(ChronoUnit.SECONDS), Runtime.getRuntime().availableProcessors(),
                field("/proc/cpuinfo", "model name"), field("/proc/meminfo", "MemTotal"),
                firstLine("/proc/sys/kernel/osrelease"), osName(), version != null ? version : "(" + java + " -version failed)",
                currentLoad());
    }

    /** The 1, 5 and 15 minute load averages, to show whether the machine was quiet. */
    static String currentLoad() {
        String line = firstLine("/proc/loadavg");
        if (line == null) {
            return "unknown";
        }
        String[] f = line.split("\\s+");
        return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : line;
    }

    private static String osName() {
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return line.substring("PRETTY_NAME=".length()).replace("\"", "");
                }
            }
        } catch (IOException e) {
            // not every system has it
        }
        return System.getProperty("os.name");
    }

    private static String field(String file, String key) {
        try {
            List<String> lines = Files.readAllLines(Path.of(file));
            for (String line : lines) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).strip().equals(key)) {
                    return line.substring(colon + 1).strip();
                }
            }
        } catch (IOException e) {
            // below
        }
        return "unknown";
    }

    private static String firstLine(String file) {
        try {
            List<String> lines = Files.readAllLines(Path.of(file));
            return lines.isEmpty() ? null : lines.get(0).strip();
        } catch (IOException e) {
            return null;
        }
    }
}

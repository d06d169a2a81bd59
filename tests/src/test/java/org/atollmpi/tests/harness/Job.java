package org.atollmpi.tests.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One command to run as a job (usually {@code bin/mpirun ...}) with a time limit. Build it with
 * {@link #mpirun(int)} or {@link #command(String...)}, then {@link #run()} to wait for it, or
 * {@link #start()} to watch it while it runs.
 */
public final class Job {
    /** Limit for a job that does not set one. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

    private final List<String> command = new ArrayList<>();
    private final Map<String, String> environment = new TreeMap<>();
    private Duration timeout = DEFAULT_TIMEOUT;
    private Path directory;

    private Job() {
    }

    /** {@code bin/mpirun -np N --oversubscribe -cp <test classes>}; add the program with {@link #program}. */
    public static Job mpirun(int np) {
        Job job = new Job();
        job.command.addAll(List.of(Repo.mpirun().toString(), "-np", Integer.toString(np), "--oversubscribe",
                "-cp", Repo.testClasses().toString()));
        return job;
    }

    /** Any command line, as given. */
    public static Job command(String... words) {
        Job job = new Job();
        job.command.addAll(Arrays.asList(words));
        return job;
    }

    /** Appends a program class (by name, so the tests never load MPI classes themselves) and its arguments. */
    public Job program(Class<?> program, String... args) {
        return args(program.getName()).args(args);
    }

    public Job args(String... words) {
        command.addAll(Arrays.asList(words));
        return this;
    }

    public Job timeout(Duration limit) {
        this.timeout = limit;
        return this;
    }

    public Job env(String name, String value) {
        environment.put(name, value);
        return this;
    }

    public Job directory(Path dir) {
        this.directory = dir;
        return this;
    }

    public List<String> commandLine() {
        return List.copyOf(command);
    }

    Duration timeout() {
        return timeout;
    }

    /** Starts the job; output is captured line by line as it comes. */
    public RunningJob start() {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        try {
            return new RunningJob(this, builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + String.join(" ", command), e);
        }
    }

    /** Runs the job to its end (or kills it at the time limit) and returns what it did. */
    public JobResult run() {
        return start().await();
    }
}

package org.atollmpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.atollmpi.tests.harness.Job;
import org.atollmpi.tests.harness.JobResult;
import org.atollmpi.tests.harness.Repo;
import org.atollmpi.tests.programs.Hello;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a user coming from Open MPI types first, through the real {@code bin/mpirun}: host options
 * that name this machine, Open MPI's options that mean nothing here (one warning, the job runs),
 * mapping, binding reports and a working directory, executables ({@code mpirun -np 2 hostname}),
 * and a class that is not there (one message, no rank started).
 */
class FirstContactTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /** {@code bin/mpirun <options> -cp <test classes> Hello size=2}: no -np, the hosts give 2 slots. */
    private static JobResult hello(String... options) {
        List<String> words = new ArrayList<>(List.of(Repo.mpirun().toString()));
        words.addAll(List.of(options));
        words.addAll(List.of("-cp", Repo.testClasses().toString(), Hello.class.getName(), "size=2"));
        return Job.command(words.toArray(String[]::new)).timeout(LIMIT).run();
    }

    @ParameterizedTest(name = "mpirun {0} runs Hello on 2 ranks")
    @ValueSource(strings = {"-H localhost:2", "--host localhost,localhost", "--hostfile"})
    void hostOptionsNamingThisMachineRunTheJob(String option) throws IOException {
        String[] options = option.split(" ");
        if (option.equals("--hostfile")) {
            Path hosts = Files.writeString(dir.resolve("hosts"), "# this machine\nlocalhost slots=2\n\n");
            options = new String[] {"--hostfile", hosts.toString()};
        }
        hello(options).assertOk(2).assertLine("^Hello from rank 1 of 2 on ").assertNoLine("warning");
    }

    @Test
    void aRemoteHostThatCannotBeReachedEndsTheJobNamingRankAndHost() {
        JobResult result = hello("-H", "localhost,node17.invalid:2");
        result.assertNoLine("^Hello");
        if (!onPath("ssh")) {
            result.assertExit(1).assertLine("^mpirun: cannot start rank 1 on host node17.invalid \\(ssh\\): ");
            return;
        }
        // ssh's status (255) for the first rank it could not start, and ssh's own reason
        result.assertExit(255);
        result.assertLine("^ssh: .*node17.invalid");
        result.assertLine("^mpirun: rank [12] \\(on host node17.invalid, pid \\d+ of 'ssh -x -o BatchMode=yes'\\) exited"
                + " with status 255; aborting the job");
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void mcaOptionsRunTheJobWithOneWarning() {
        JobResult result = hello("-np", "2", "--mca", "btl", "self,vader");
        result.assertOk(2);
        assertEquals(List.of("mpirun: warning: --mca btl self,vader is ignored (MCA parameters select and tune Open"
                + " MPI's components; atoll-mpi has its own knobs, see its README)"), result.matching("warning"),
                result.describe());
    }

    @Test
    void mappingBindingReportsAndWorkingDirectory() {
        JobResult result = hello("-np", "2", "--map-by", "core", "--report-bindings", "--display-map", "--wdir",
                dir.toString());
        result.assertOk(2).assertNoLine("warning");
        for (int r = 0; r < 2; r++) {
            result.assertLine("^\\[[^:]+:\\d+\\] MCW rank " + r + " (bound to core " + r + "|is not bound)");
            result.assertLine("^ \tProcess rank: " + r + " Bound: ");
        }
        result.assertLine("JOB MAP").assertLine("Num procs: 2");
    }

    @Test
    void hostnameRunsOnEveryRank() throws IOException {
        String host = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        JobResult result = Job.command(Repo.mpirun().toString(), "-np", "2", "hostname").timeout(LIMIT).run();
        result.assertExit(0);
        assertEquals(List.of(host, host), List.of(result.stdout().split("\n")), result.describe());
        assertEquals("", result.stderr(), result.describe());
    }

    @Test
    void aScriptRunsInTheWorkingDirectoryWithTheRanksEnvironment() throws IOException {
        Path script = Files.writeString(dir.resolve("rank.sh"),
                "#!/bin/sh\necho \"rank $OMPI_COMM_WORLD_RANK of $OMPI_COMM_WORLD_SIZE in $(pwd -P)\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        JobResult result = Job.command(Repo.mpirun().toString(), "-np", "2", "--wdir", dir.toString(), "./rank.sh")
                .timeout(LIMIT).run();
        result.assertExit(0);
        String real = dir.toRealPath().toString();
        result.assertLine("^rank 0 of 2 in " + java.util.regex.Pattern.quote(real) + "$");
        result.assertLine("^rank 1 of 2 in " + java.util.regex.Pattern.quote(real) + "$");
    }

    @ParameterizedTest(name = "a missing class in the {0} form is one message and no rank")
    @ValueSource(strings = {"class", "java"})
    void aMissingClassIsOneMessageAndNoRank(String form) {
        String classes = Repo.testClasses().toString();
        Job job = form.equals("java")
                ? Job.command(Repo.mpirun().toString(), "-np", "2", "java", "-cp", classes, "NoSuchClass")
                : Job.command(Repo.mpirun().toString(), "-np", "2", "-cp", classes, "NoSuchClass");
        JobResult result = job.timeout(LIMIT).run();
        result.assertExit(1);
        List<String> lines = List.of(result.output().split("\n"));
        assertEquals(1, lines.size(), result.describe());
        assertTrue(lines.get(0).startsWith("mpirun: class NoSuchClass not found on the class path ("), result.describe());
        assertTrue(lines.get(0).contains(classes) && lines.get(0).contains("give -cp <dir or jar>")
                && lines.get(0).endsWith("mpirun runs Java classes and executables"), result.describe());
    }

    @Test
    void timeoutEndsTheJob() {
        JobResult result = Job.command(Repo.mpirun().toString(), "-np", "1", "--timeout", "1", "sleep", "30")
                .timeout(LIMIT).run();
        result.assertExit(124).assertLine("^mpirun: the job has run longer than --timeout 1 s; aborting the job$")
                .assertWithin(Duration.ofSeconds(15));
    }
}
